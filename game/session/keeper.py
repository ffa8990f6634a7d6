"""The UI's side of everything kept between runs: when to save, count and tell.

:class:`~game.session.userdata.UserData` knows *how* to keep settings, the game in
progress, statistics and saved games.  The :class:`Keeper` decides *when*, from
what the UI does: it watches the session's game once per frame (so every way a
game starts or changes, whatever the scene, is seen in one place), and it is
called through the seams' hooks when settings change, a game ends, the window
loses focus or the game quits.

Rules it carries out, as a player would expect them:

- **Autosave.** The game in progress is saved after every change (the
  :class:`~game.session.autosave.Autosaver` makes that a comparison when nothing
  changed), at once with the exact clock on pause, focus loss and minimise, and
  flushed to disk on quit.
- **Results.** A win (or a finish with revealed cells) counts when it happens.
  A loss (a dead end, Solve, the mistake limit) counts when the player leaves it:
  the lose card offers Undo, and a game undone and then won is a win.
- **Abandoned games.** Starting another game while one is unfinished counts the
  old one as played (it ends the streak), but only if the player made a move in
  it: a puzzle merely looked at is not a game played.  Quitting abandons nothing:
  the game waits under *Continue*.
- **Settings.** Every change is written, except choices made for this run only
  (``--windowed``): the file keeps the saved value of a setting until the player
  changes that setting.
"""

from __future__ import annotations

import dataclasses
import os
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .autosave import Autosaver, Resumed
from .export import export_puzzle
from .filenames import SaveName
from .game import Game, GameStatus
from .origins import origin_of
from .paths import DataFolder
from .savegame import EXTENSION, Origin, now_text, write_game
from .settings import Settings
from .sources import GameInfo
from .stats import KindStats, Statistics
from .storage import MemoryStorage, StorageError, os_reason, write_atomic
from .userdata import UserData
from .writer import Writer

if TYPE_CHECKING:
    from .current import Session

CANNOT_SAVE = "Your progress can't be saved"
"""The title of a notice about a folder or file that cannot be written."""

CANNOT_READ = "A file could not be read"
"""The title of a notice about a corrupt file that was set aside."""


@dataclass(frozen=True)
class Result:
    """What one finished game did to its kind's statistics (for the win card)."""

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
    """Connects the UI to :class:`UserData`; see the module docstring for the rules."""

    def __init__(self, data: UserData) -> None:
        self.data = data
        self.saved_settings = data.settings  # what the file holds (run-only choices aside)
        self._game: Game | None = None
        self._info: GameInfo | None = None
        self._origin: Origin | None = None
        self._created = ""
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

    # -- hooks -----------------------------------------------------------------------

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
        self.data.save_settings(self.saved_settings)

    def frame(self, session: Session) -> list[tuple[str, str]]:
        """Once per frame: notice a new game, autosave a changed one; messages to show."""
        game = session.game
        if game is not self._game:
            self._leave()
            # A game begun now gets its start time here, so saves by name and the
            # autosave agree on it.
            session.created = session.created or now_text()
            self._game, self._created = game, session.created
            self._info = None
            if game is not None and session.info is not None:
                self._track(session.info)
                self.data.start_game(game, self._origin, self._created)
        if game is not None:
            if session.info is not None and session.info is not self._info:
                self._track(session.info)  # the board learnt the puzzle's rating
            self.data.autosaver.update(game, self._origin, self._created)
        return self.take_notices()

    def game_over(self, game: Game, info: GameInfo) -> None:
        """The board saw ``game`` end: a finished grid counts now, a loss when it is left."""
        if game.status is GameStatus.WON:
            self._finish(game, info)

    def suspend(self, session: Session) -> None:
        """Pause, focus loss, minimise: save the game now, with the exact clock."""
        game = session.game
        if game is not None and game is self._game and not game.is_over:
            self.data.autosaver.save(game, self._origin, self._created)

    def quit(self, session: Session) -> None:
        """The game closes: count a loss on screen, save the game in progress, flush."""
        self.frame(session)
        game = self._game
        if game is not None and game.status is GameStatus.LOST and self._info is not None:
            self._finish(game, self._info)
        else:
            self.suspend(session)
        self.data.close()

    # -- statistics ------------------------------------------------------------------

    def result(self, game: Game) -> Result | None:
        """How ``game`` changed its kind's statistics, once it was counted."""
        return self._results.get(game)

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

    def save_as(self, game: Game, info: GameInfo, name: SaveName) -> Written:
        """Write ``game`` (with its history) where ``name`` says, replacing any file there."""
        if not name.ok or name.path is None:
            return Written(False, name.message or self.why_not_saving())
        created = self._created if game is self._game else ""
        try:
            write_game(name.path, game, origin_of(info), created or None)
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
        home = str(Path.home())
        for message in self.data.take_messages():
            if home != os.sep:
                message = message.replace(home + os.sep, "~" + os.sep)
            title = CANNOT_READ if message.startswith("Could not read") else CANNOT_SAVE
            notices.append((title, message))
        return notices

    # -- internals -------------------------------------------------------------------

    def _track(self, info: GameInfo) -> None:
        self._info = info
        self._origin = origin_of(info)

    def _finish(self, game: Game, info: GameInfo) -> None:
        key = info.key
        before = self.stats.kind(key)
        if self.data.finish_game(game, key):
            self._results[game] = Result(before, self.stats.kind(key), game.counts_as_win)

    def _leave(self) -> None:
        """The session moved on from the tracked game: count it if the rules say so."""
        game, info = self._game, self._info
        if game is None or info is None:
            return
        if game.status is GameStatus.LOST or (not game.is_over and len(game.history)):
            self._finish(game, info)


def _where(path: Path) -> str:
    """``mine.sudoku in ~/.local/share/sudoku/saves``: breaks well in a status line."""
    return f"{path.name} in {shown_path(path.parent)}"


def shown_path(path: Path) -> str:
    """``path`` as a player reads it: the home folder written as ``~``."""
    try:
        return "~" + os.sep + str(path.relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)
