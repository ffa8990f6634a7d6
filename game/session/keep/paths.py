"""Where the game keeps its files: the platform's per-user data folder, or none.

The folder is the one each platform's conventions name (so backup tools and
players find it where they look), as ``platformdirs`` knows them, unless
``SUDOKU_DATA_DIR`` names another one; the tests always set it.
:func:`open_data_folder` creates the folder when it is missing and proves it can
be written by writing a probe file (``os.access`` says nothing reliable about
ACLs, root or read-only mounts).  When that fails, the result carries no path but
a sentence for the player, and the game runs on without persistence: losing the
ability to save must never stop a game.  (A folder that exists but is read-only
is still read, so its settings apply.)

- Linux and other Unixes: ``$XDG_DATA_HOME/sudoku``, else ``~/.local/share/sudoku``
- macOS: ``~/Library/Application Support/sudoku`` (``$XDG_DATA_HOME/sudoku`` when set)
- Windows: ``%APPDATA%\\sudoku`` (the roaming profile: the files are small and
  follow the player from machine to machine, as they always did)

One lower-case name everywhere: it is the command's and the package's, and the
folder Linux always used; macOS and Windows match names regardless of case (on
their usual disks), so there it is the ``Sudoku`` folder earlier versions made.
Earlier versions named the folder from a table of their own, kept as
:func:`legacy_data_dir`, and :mod:`.migration` moves their files from there when
the folders differ.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from .storage import os_reason

ENV_VAR = "SUDOKU_DATA_DIR"
"""Environment variable that overrides the data folder (tests, portable installs)."""

SAVES = "saves"
"""Subfolder for games saved by name ("Save as"); the autosave lives beside it."""


@dataclass(frozen=True)
class DataFolder:
    """The data folder to use, or None with the reason nothing will be kept.

    ``readable`` is the folder when it exists but cannot be written: its files
    (settings, the game to continue) can still be read for this run.
    """

    path: Path | None
    message: str = ""
    readable: Path | None = None

    @property
    def persistent(self) -> bool:
        """Whether files written now will still be there next time."""
        return self.path is not None


APP_NAME = "sudoku"
"""The folder's name under the platform's data folder (see the module docstring)."""


def default_data_dir() -> Path:
    """The conventional per-user data folder (the override is not consulted here).

    :raises RuntimeError: when the platform names none: without a home folder
        (HOME unset and no passwd entry) platformdirs answers a relative
        ``~/.local/share/sudoku``, which would be made in whatever folder the game
        was started from.
    """
    # appauthor=False: no publisher folder above ours on Windows (platformdirs
    # would otherwise nest sudoku\sudoku).
    folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False, roaming=True))
    if not folder.is_absolute():
        raise RuntimeError("Could not determine home directory")
    return folder


def legacy_data_dir(
    platform: str | None = None,
    environ: Mapping[str, str] | None = None,
    home: Path | None = None,
) -> Path:
    """Where versions before ``platformdirs`` kept the files: their hand-written table.

    Frozen: it only tells :mod:`.migration` where to look for a player's files.
    """
    platform = sys.platform if platform is None else platform
    environ = os.environ if environ is None else environ
    home = Path.home() if home is None else home
    if platform.startswith("win"):
        base = environ.get("APPDATA")
        return (Path(base) if base else home / "AppData" / "Roaming") / "Sudoku"
    if platform == "darwin":
        return home / "Library" / "Application Support" / "Sudoku"
    # XDG says a relative XDG_DATA_HOME is invalid and must be ignored.
    base = environ.get("XDG_DATA_HOME", "")
    if base and os.path.isabs(base):
        return Path(base) / "sudoku"
    return home / ".local" / "share" / "sudoku"


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The data folder: ``SUDOKU_DATA_DIR`` when set, else the platform's default."""
    environ = os.environ if environ is None else environ
    override = environ.get(ENV_VAR, "")
    if override:
        try:
            return Path(override).expanduser()
        except RuntimeError:  # "~/games" with no home folder: taken as written
            return Path(override)
    return default_data_dir()


def open_data_folder(path: Path | None = None) -> DataFolder:
    """The data folder (default :func:`data_dir`), created and proven writable.

    Never raises: a folder that cannot be created or written gives a
    :class:`DataFolder` without a path and a message saying why and what to do.
    """
    try:
        folder = data_dir() if path is None else path
    except RuntimeError as error:  # no home folder, so no default folder
        return DataFolder(None, no_folder_message(error))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _probe(folder)
    except OSError as error:
        readable = folder if folder.is_dir() and os.access(folder, os.R_OK | os.X_OK) else None
        return DataFolder(None, unusable_message(folder, error), readable)
    return DataFolder(folder)


def saves_dir(folder: Path) -> Path:
    """The folder for games saved by name, created on first use; OSError if it cannot be."""
    saves = folder / SAVES
    saves.mkdir(exist_ok=True)
    return saves


_PROBE_TRIES = 8


def _probe(folder: Path) -> None:
    """Write and remove a small file: the only reliable test that saving will work.

    The file is always a new one (``O_CREAT | O_EXCL``, under a random name) and
    ``O_NOFOLLOW``: something planted under the probe's name (a link to a file of
    the player's, a named pipe) is never opened, followed, truncated or removed;
    the next name is tried instead.  Only the file this call made is removed.
    """
    flags = (
        os.O_WRONLY
        | os.O_CREAT
        | os.O_EXCL
        | getattr(os, "O_NOFOLLOW", 0)
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_CLOEXEC", 0)
    )
    for attempt in range(_PROBE_TRIES):
        probe = folder / f".probe-{os.getpid()}-{secrets.token_hex(4)}"
        try:
            fd = os.open(probe, flags, 0o600)
        except FileExistsError:
            if attempt == _PROBE_TRIES - 1:
                raise
            continue
        try:
            try:
                os.write(fd, b"ok")
            finally:
                os.close(fd)
        finally:
            probe.unlink(missing_ok=True)
        return


def no_folder_message(error: Exception) -> str:
    """What the player reads when the platform names no data folder at all."""
    return (
        f"Progress cannot be saved: there is no home folder to keep it in ({error}). "
        f"You can play, but nothing will be kept. Set {ENV_VAR} to a folder you can "
        "write to, then restart."
    )


def unusable_message(folder: Path, error: OSError) -> str:
    """What the player reads when nothing can be saved in ``folder``.

    A link that leads nowhere is named with where it leads: "a file is in the
    way" would send the player looking for a file that is not there.
    """
    why = os_reason(error)
    dangling = next(
        (p for p in (folder, *folder.parents) if os.path.islink(p) and not os.path.exists(p)),
        None,
    )
    if dangling is not None:
        it = "it" if dangling == folder else str(dangling)
        try:
            why = f"{it} is a link to {os.readlink(dangling)}, which does not exist"
        except OSError:
            why = f"{it} is a link that leads nowhere"
    return (
        f"Progress cannot be saved in {folder} ({why}). You can play, but games, "
        f"settings and statistics will not be kept. Set {ENV_VAR} to a folder you "
        "can write to, then restart."
    )
