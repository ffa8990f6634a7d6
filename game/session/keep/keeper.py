"""What is kept between runs, and when: autosave, statistics and saves by name.

:class:`~game.session.keep.userdata.UserData` knows *how* to keep settings, the game in
progress, statistics and saved games.  The :class:`Keeper` carries out the rules
of *when*, as the :class:`~.current.Session` reports what happens to its games.
The rules, as a player would expect them:

- **Autosave.** The game in progress is saved after every change (the
  :class:`~game.session.keep.autosave.Autosaver` makes that a comparison when nothing
  changed), at once with the exact clock on pause, focus loss and minimise, and
  flushed to disk on quit.  A finished game stays saved while its card is up: the
  file goes only when the player leaves the finished game (:meth:`Keeper.left`),
  so closing the window at any moment loses nothing.
- **What statistics count.** A game counts once.  A solved game counts when it
  is solved: a win if it is the player's own (no revealed cell, no solution
  seen), played otherwise.  A game lost to the mistake limit counts as played
  when it is lost (that loss is final).  A game left unfinished for another one
  (including one whose solution was shown, which Undo could still revive) counts
  as played, ending the streak, but only if the player made a move in it: a
  puzzle merely looked at is not a game played.  Quitting counts nothing: the
  game waits under *Continue*.
- **Settings.** Every change is written, except choices made for this run only
  (``--windowed``): the file keeps the saved value of a setting until the player
  changes that setting.  Only the settings the player changed are written,
  merged into the file, so a second copy of the game keeps its own changes too.
- **Two copies on one data folder** (:mod:`.copies`, :mod:`.shared`): each has its
  own autosave; statistics and settings are merged on every write, and a
  finished game's clean-up removes only the autosave this copy wrote.
- **Writes that fail** are kept and retried until they succeed or the player
  quits (:mod:`.writer`); the notice names every file not kept.
"""

from __future__ import annotations

import dataclasses
import os
import weakref
from dataclasses import dataclass
from pathlib import Path

from ...engine.solver import Status
from ..play.game import Game
from ..play.puzzle_kind import Origin, PuzzleKind
from ..play.settings import Settings
from .autosave import Autosaver, Resumed
from .copies import ANOTHER_COPY
from .export import export_puzzle
from .filenames import SaveName
from .migration import MESSAGE_START
from .paths import DataFolder
from .savegame import EXTENSION, write_game
from .stats import STATS, KindStats, Statistics
from .storage import MemoryStorage, StorageError, os_reason, write_atomic
from .userdata import UserData
from .writer import Writer

CANNOT_SAVE = "Your progress can't be saved"
"""The title of a notice about a folder or file that cannot be written."""

CANNOT_READ = "A file could not be read"
"""The title of a notice about a corrupt file that was set aside."""

MOVED = "Where your games are kept"
"""The title of a notice about an earlier version's files moved to today's folder (or not)."""


@dataclass(frozen=True)
class Result:
    """What one counted game did to its kind's statistics (for the win card)."""

    before: KindStats
    after: KindStats
    counted_win: bool

    @property
    def new_best(self) -> bool:
        """A win faster than every earlier win of this kind (not the first win)."""
        before, after = self.before.best_time, self.after.best_time
        return self.counted_win and before is not None and after is not None and after < before


@dataclass(frozen=True)
class Written:
    """The outcome of "Save as" or "Export": a sentence, and whether the file is there."""

    ok: bool
    message: str
    path: Path | None = None


class Keeper:
    """Connects the session to :class:`UserData`; see the module docstring for the rules."""

    def __init__(self, data: UserData) -> None:
        self.data = data
        self.saved_settings = data.settings  # what the file holds (run-only choices aside)
        self._results: weakref.WeakKeyDictionary[Game, Result] = weakref.WeakKeyDictionary()

    @classmethod
    def in_memory(cls, settings: Settings | None = None) -> Keeper:
        """A keeper that writes nothing anywhere: this run's statistics only (tests, defaults)."""
        storage = MemoryStorage()
        writer = Writer(storage, threaded=False)
        data = UserData(
            folder=DataFolder(None),
            storage=storage,
            writer=writer,
            settings=settings or Settings(),
            stats=Statistics(),
            resumed=Resumed(None),
            autosaver=Autosaver(writer),
            stats_signature=storage.signature(STATS),
        )
        return cls(data)

    # -- what was loaded -------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self.data.settings

    @property
    def stats(self) -> Statistics:
        return self.data.stats

    @property
    def persistent(self) -> bool:
        """Whether anything written now will still be there next run."""
        return self.data.folder.persistent

    # -- what the session reports ----------------------------------------------------

    def settings_changed(self, old: Settings, new: Settings) -> None:
        """Write the settings the player changed, keeping run-only choices out of the file."""
        changed = {
            item.name: getattr(new, item.name)
            for item in dataclasses.fields(Settings)
            if getattr(old, item.name) != getattr(new, item.name)
        }
        if not changed:
            return
        self.saved_settings = dataclasses.replace(self.saved_settings, **changed)
        self.data.save_settings(self.saved_settings, changed)

    def started(self, game: Game, origin: Origin, created: str, cursor: int | None = None) -> None:
        """A game begins (new, opened or continued): mark its puzzle, autosave it now.

        A puzzle without a solution is not marked "in progress": it can never be
        finished, and the picker already says "No solution" of it.
        """
        if game.solvability is Status.NONE:
            self.data.autosaver.save(game, origin, created, cursor)
            return
        self.data.start_game(game, origin, created, cursor)

    def refresh(self) -> None:
        """Once per frame: statistics as the last write found them (another copy's too)."""
        self.data.frame()

    def changed(self, game: Game, origin: Origin, created: str, cursor: int | None = None) -> None:
        """Once per frame: autosave ``game`` if anything a save keeps changed."""
        self.data.autosaver.update(game, origin, created, cursor)

    def suspend(self, game: Game, origin: Origin, created: str, cursor: int | None = None) -> None:
        """Pause, focus loss, minimise: save the game now, with the exact clock, and try
        again at once whatever could not be written."""
        self.data.autosaver.save(game, origin, created, cursor)
        self.data.writer.retry()

    def count(self, game: Game, kind: PuzzleKind) -> bool:
        """Count ``game`` in ``kind``'s statistics, once; whether it counted now."""
        before = self.stats.kind(kind)
        if not self.data.record_game(game, kind):
            return False
        self._results[game] = Result(before, self.stats.kind(kind), game.counts_as_win)
        return True

    def left(self, game: Game) -> None:
        """The player left ``game``: a finished game's autosave goes (nothing to continue)."""
        if game.phase.final:
            self.data.autosaver.clear()

    def close(self) -> None:
        """The game closes: write everything still queued."""
        self.data.close()

    # -- statistics ------------------------------------------------------------------

    def result(self, game: Game) -> Result | None:
        """How ``game`` changed its kind's statistics, once it was counted."""
        return self._results.get(game)

    # -- the picker's recent folders ------------------------------------------------

    @property
    def recent_folders(self) -> tuple[str, ...]:
        """Where the player last chose puzzles, newest first (:mod:`.picker.recent`)."""
        return self.data.recent.folders

    def used_folder(self, folder: str) -> None:
        """The player chose a puzzle in ``folder``: it heads the recent folders, kept."""
        self.data.used_folder(folder)

    # -- saving by name --------------------------------------------------------------

    def saves_folder(self) -> Path | None:
        """The folder for "Save as" and "Export" (created now), or None if nothing can be kept."""
        return self.data.saves_folder()

    def has_saves(self) -> bool:
        """Whether the player saved any game by name (Open then starts in the saves folder)."""
        folder = self.data.folder.path
        if folder is None:
            return False
        try:
            with os.scandir(folder / "saves") as entries:
                return any(e.name.lower().endswith(EXTENSION) for e in entries)
        except OSError:
            return False

    def why_not_saving(self) -> str:
        """Why nothing can be saved by name ("" when it can)."""
        if self.saves_folder() is not None:
            return ""
        return self.data.folder.message or "Games can't be saved: the data folder is not usable."

    def save_as(
        self,
        game: Game,
        origin: Origin,
        name: SaveName,
        created: str = "",
        cursor: int | None = None,
    ) -> Written:
        """Write ``game`` (with its history) where ``name`` says, replacing any file there."""
        if not name.ok or name.path is None:
            return Written(False, name.message or self.why_not_saving())
        try:
            write_game(name.path, game, origin, created or None, cursor)
        except StorageError as error:
            return Written(False, str(error))
        return Written(True, f"Saved {_where(name.path)}", name.path)

    def export(self, game: Game, name: SaveName) -> Written:
        """Write the puzzle's givens as plain text where ``name`` says (for other programs)."""
        if not name.ok or name.path is None:
            return Written(False, name.message or self.why_not_saving())
        try:
            write_atomic(name.path, export_puzzle(game))
        except OSError as error:
            return Written(False, f"Could not export to {name.path}: {os_reason(error)}.")
        return Written(True, f"Puzzle exported as {_where(name.path)}", name.path)

    # -- messages --------------------------------------------------------------------

    def take_notices(self) -> list[tuple[str, str]]:
        """(title, message) pairs the player has not seen yet, each given once."""
        notices = []
        home = home_folder()
        another = self.data.claim.message
        for message in self.data.take_messages():
            if message == another:
                title = ANOTHER_COPY
            elif message.startswith("Could not read"):
                title = CANNOT_READ
            elif message.startswith(MESSAGE_START):
                title = MOVED
            else:
                title = CANNOT_SAVE
            if home is not None:
                message = message.replace(home + os.sep, "~" + os.sep)
            notices.append((title, message))
        return notices


def _where(path: Path) -> str:
    """``mine.sudoku in ~/.local/share/sudoku/saves``: breaks well in a status line."""
    return f"{path.name} in {shown_path(path.parent)}"


def shown_path(path: Path) -> str:
    """``path`` as a player reads it: the home folder written as ``~``."""
    home = home_folder()
    try:
        return str(path) if home is None else "~" + os.sep + str(path.relative_to(home))
    except ValueError:
        return str(path)


def home_folder() -> str | None:
    """The player's home folder, or None where there is none (HOME unset, no passwd
    entry, as in some containers) or it is the root, which shortens nothing."""
    try:
        home = str(Path.home())
    except (RuntimeError, KeyError, OSError):
        return None
    return home if os.path.isabs(home) and home.rstrip(os.sep) else None
