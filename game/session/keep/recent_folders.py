"""The recent folders: where the player last chose puzzles, kept between runs.

What a player expects of such a list, and so the rules it follows:

- **Using, not looking.** A folder becomes recent when the player chooses a
  puzzle from it in the picker (a puzzle file in it, or a puzzle of a
  collection in it, by the list or by a typed path).  Walking through folders
  on the way adds nothing: a list of every folder passed through would push
  out the ones that matter.  Nor does a file dropped on the window or named
  on the command line: the player went around the picker for that one file.
- **Newest first, once each.** Choosing again from a folder already listed moves
  it to the top.  Paths are compared as the platform compares them (case
  folded on Windows), after making them absolute.
- **A few, not a history.** At most :data:`MAX_RECENT` folders; the oldest falls
  off.  The picker shows them as shortcuts beside its list, where a long list
  would be a second file browser.
- **Gone folders stay until they fall off.** A folder on a drive that is not
  plugged in now is still the player's folder; opening it says it no longer
  exists, and newer folders push it out in time.  (Checking every listed folder
  when the picker opens would touch network drives on the main thread.)
- **Kept quietly.** The list lives in ``recent.json`` in the data folder,
  written in the background each time it changes.  A file that cannot be read
  is set aside like every data file (see :mod:`..storage`: never overwritten,
  never deleted), but without a notice at start: the list rebuilds itself as
  the player plays, and a start-up message about it would be noise.  Entries
  that are not absolute paths of sensible length are skipped, the rest kept.

Pure Python.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from .storage import Storage, json_text, parse_json

RECENT = "recent.json"
"""The recent folders' file in the data folder."""

RECENT_VERSION = 1
"""The file's format version: written, and the newest read."""

MAX_RECENT = 8
"""Folders kept, newest first."""

MAX_PATH = 4096
"""Longest path kept (PATH_MAX on Linux); a longer string is not a folder of ours."""


def _key(path: str) -> str:
    return os.path.normcase(path)


def _usable(path: object) -> bool:
    return (
        isinstance(path, str)
        and 0 < len(path) <= MAX_PATH
        and "\0" not in path
        and os.path.isabs(path)
    )


class RecentFolders:
    """Folders the player chose puzzles from, newest first (see the module docstring)."""

    def __init__(self, folders: Iterable[object] = ()) -> None:
        self._folders: list[str] = []
        seen: set[str] = set()
        for folder in folders:
            if len(self._folders) == MAX_RECENT:
                break
            if not _usable(folder):
                continue
            assert isinstance(folder, str)
            path = os.path.normpath(folder)
            if _key(path) not in seen:
                seen.add(_key(path))
                self._folders.append(path)

    @property
    def folders(self) -> tuple[str, ...]:
        return tuple(self._folders)

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(self._folders))

    def __len__(self) -> int:
        return len(self._folders)

    def __repr__(self) -> str:
        return f"RecentFolders({self._folders!r})"

    def add(self, folder: str) -> bool:
        """``folder`` was used: it goes first; whether the list changed."""
        if not folder or "\0" in folder or len(folder) > MAX_PATH:
            return False
        path = os.path.abspath(folder)
        if self._folders and _key(self._folders[0]) == _key(path):
            return False
        self._folders = [path, *(f for f in self._folders if _key(f) != _key(path))]
        del self._folders[MAX_RECENT:]
        return True

    def forget(self, folder: str) -> bool:
        """Take ``folder`` off the list; whether it was on it."""
        key = _key(os.path.abspath(folder))
        kept = [f for f in self._folders if _key(f) != key]
        changed = len(kept) != len(self._folders)
        self._folders = kept
        return changed

    def to_json(self) -> str:
        """The text of ``recent.json``."""
        return json_text({"version": RECENT_VERSION, "folders": self._folders})


def parse_recent(text: str) -> RecentFolders:
    """The recent folders from a file's text, skipping entries that are not absolute paths.

    :raises ValueError: when it is not JSON, not an object with a ``folders``
        list, or written by a newer version of the game.
    """
    data = parse_json(text)
    if not isinstance(data, dict) or not isinstance(data.get("folders"), list):
        raise ValueError("not a list of recent folders (no 'folders' list)")
    version = data.get("version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError("not a list of recent folders ('version' is not a whole number from 1)")
    if version > RECENT_VERSION:
        raise ValueError(
            f"saved by a newer version of the game: format {version}, this one reads up "
            f"to {RECENT_VERSION}"
        )
    return RecentFolders(data["folders"])


def load_recent(storage: Storage) -> RecentFolders:
    """The recent folders kept last run; an empty list if there are none or they are unreadable.

    An unreadable file is set aside by the storage; its message is dropped on
    purpose (see the module docstring).
    """
    loaded = storage.load(RECENT, parse_recent, "your recent folders")
    return loaded.value if loaded.value is not None else RecentFolders()
