"""Statistics and settings that two copies of the game share: merged on every write.

Each copy loads ``stats.json`` and ``settings.json`` at start; writing back what
it loaded plus its own changes would erase every change the other copy wrote
meanwhile (its wins, its puzzle marks, its new theme).  So a copy never writes
its whole view: it keeps the *changes* it made and not yet wrote, and the
writer thread, holding the folder's short write lock
(:meth:`.storage.Storage.exclusive`), reads the file, replays those changes
onto it and writes the result atomically.  Whichever copy writes last, nothing
either kept is lost; a write that fails keeps the changes for the next try
(:mod:`.writer`).

- :class:`StatsBook`: the changes are :class:`~.stats.Outcome` and
  :class:`~.stats.Begun` values.  The file is read again only when another copy
  replaced it since this one last read or wrote it (its
  :meth:`~.storage.Storage.signature`); the merged statistics come back to the
  frame thread (:meth:`StatsBook.adopt`) so the Statistics screen shows both
  copies' games.  Everything heavy (reading, merging, turning 200,000 puzzle
  marks into text) happens on the writer thread, in short steps
  (:func:`.stats.stats_text`), so a win costs the frame only a few dict updates.
- :class:`SettingsBook`: the changes are the settings keys this copy changed
  since its last write, so two copies changing different settings keep both,
  and the same setting ends as the copy that changed it last left it.

A file that cannot be read when a merge reads it (corrupt, from a newer
version) is set aside as at start-up (:meth:`.storage.Storage.load`), never
overwritten unread, and the player is told.
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Any

from ..play.game import Game
from ..play.puzzle_kind import PuzzleKind
from ..play.settings import Settings
from .stats import STATS, Change, Outcome, Statistics, _parse_for_load, stats_text
from .storage import Storage, json_text, parse_json
from .writer import Action, Writer

SETTINGS = "settings.json"
"""The settings file's name in the data folder."""

SETTINGS_VERSION = 1
"""The settings file's format version: written, and the newest read."""

_SETTING_KEYS = frozenset(item.name for item in dataclasses.fields(Settings)) | {"version"}


def parse_settings(text: str) -> Settings:
    """Settings from a file's text: every valid value kept, the rest default.

    :raises ValueError: when it is not JSON, not a JSON object, an object in
        which no key is a setting (another file under this name), or the
        settings of a newer version of the game.
    """
    data = parse_json(text)
    if not isinstance(data, dict):
        raise ValueError("not settings of this game (the JSON is not an object)")
    version = data.get("version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError("not settings of this game ('version' is not a whole number from 1)")
    if version > SETTINGS_VERSION:
        raise ValueError(
            f"saved by a newer version of the game: format {version}, this one reads up "
            f"to {SETTINGS_VERSION}"
        )
    if data and not _SETTING_KEYS.intersection(data):
        raise ValueError("not settings of this game (none of its keys is a setting)")
    return Settings.from_dict(data)


def settings_text(settings: Settings) -> str:
    """The text of ``settings.json``."""
    return json_text({"version": SETTINGS_VERSION, **settings.to_dict()})


def load_settings(storage: Storage) -> tuple[Settings, str]:
    """The saved settings (defaults if none) and a message if the file was set aside."""
    loaded = storage.load(SETTINGS, parse_settings, "your settings")
    return loaded.value or Settings(), loaded.message


class StatsBook(Action):
    """This copy's statistics: the view the frame thread reads, and the changes to write.

    ``view`` belongs to the frame thread; the writer thread keeps ``_base``, what
    the file held when this copy last read or wrote it, and never touches
    ``view``.
    """

    def __init__(self, loaded: Statistics, signature: object, writer: Writer) -> None:
        self.view = loaded
        self.writer = writer
        self._base = loaded.copy()
        self._signature = signature
        self._lock = threading.Lock()
        self._pending: list[tuple[int, Change]] = []
        self._sequence = 0
        self._published: tuple[int, Statistics] | None = None

    @property
    def pending(self) -> int:
        """Changes made in this run and not yet on disk."""
        with self._lock:
            return len(self._pending)

    # -- the frame thread ---------------------------------------------------------------

    def started(self, game: Game) -> None:
        """``game`` begins: its puzzle is marked in progress (written if that is new)."""
        change = self.view.started(game.puzzle)
        if change is not None:
            self._add(change)

    def record(self, game: Game, kind: PuzzleKind) -> Outcome | None:
        """Count ``game`` (once per game object) and queue the write; None if counted before."""
        outcome = self.view.record(game, kind)
        if outcome is not None:
            self._add(outcome)
        return outcome

    def write_back(self) -> None:
        """Queue a write with no change of this copy's (a salvaged file made whole again)."""
        self.writer.put(STATS, self)

    def adopt(self) -> None:
        """Show what the last merge found (other copies' games too); cheap when nothing new."""
        with self._lock:
            published, self._published = self._published, None
            if published is None:
                return
            upto, merged = published
            later = [change for number, change in self._pending if number > upto]
        for change in later:
            merged.apply(change)
        merged._recorded = self.view._recorded  # a game counted here stays counted
        self.view = merged

    def _add(self, change: Change) -> None:
        with self._lock:
            self._sequence += 1
            self._pending.append((self._sequence, change))
        self.writer.put(STATS, self)

    # -- the writer thread --------------------------------------------------------------

    def run(self, storage: Storage) -> str:
        """Read the file if another copy changed it, replay this copy's changes, write."""
        with self._lock:
            changes = list(self._pending)
        note = ""
        with storage.exclusive():
            signature = storage.signature(STATS)
            base = self._base
            if signature is None or signature != self._signature:
                loaded = storage.load(STATS, _parse_for_load, "your statistics")
                note = loaded.message
                if loaded.value is not None:
                    base = loaded.value
                elif not loaded.message:
                    base = Statistics()  # removed on purpose: this copy's changes start it
                # else unreadable (set aside, kept): what this copy last read or
                # wrote is the best there is, rather than nothing.
            merged = base.copy()
            for _, change in changes:
                merged.apply(change)
            storage.write(STATS, stats_text(merged))
            self._signature = storage.signature(STATS)
        self._base = merged
        upto = changes[-1][0] if changes else 0
        published = merged.copy()  # the frame thread's from now on; _base stays ours
        with self._lock:
            self._pending = [item for item in self._pending if item[0] > upto]
            self._published = (upto, published)
        return note


class SettingsBook(Action):
    """The settings keys this copy changed and has not written yet; see the module."""

    def __init__(self, writer: Writer) -> None:
        self.writer = writer
        self._lock = threading.Lock()
        self._changed: dict[str, Any] = {}

    def change(self, changes: dict[str, Any]) -> None:
        """The player changed these settings (name -> value): write them, merged."""
        if not changes:
            return
        with self._lock:
            self._changed.update(changes)
        self.writer.put(SETTINGS, self)

    def run(self, storage: Storage) -> str:
        with self._lock:
            changes = dict(self._changed)
        with storage.exclusive():
            loaded = storage.load(SETTINGS, parse_settings, "your settings")
            on_disk = loaded.value or Settings()
            merged = dataclasses.replace(on_disk, **changes).normalised()
            storage.write(SETTINGS, settings_text(merged))
        with self._lock:
            for name, value in changes.items():
                if name in self._changed and self._changed[name] == value:
                    del self._changed[name]
        return loaded.message
