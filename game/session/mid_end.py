"""The mid end: the game in progress, where it came from, and what happens to it.

Every screen reaches the game being played through one :class:`Session`.  It
starts games (:meth:`Session.start`), watches the current one once per frame
(:meth:`Session.frame`: autosave, and counting a game when it ends), and is told
when the player pauses, leaves a finished game or quits; the
:class:`~.keeper.Keeper` carries out what is kept and counted, by the rules in its
module docstring.  The UI never decides any of this: it only calls these methods.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .board.playing import Playing
from .keep.keeper import Keeper
from .keep.savegame import SavedGame, now_text
from .picker.pages import Memory
from .play.game import Game
from .play.phase import Phase
from .play.puzzle_kind import Difficulty, Origin, PuzzleKind
from .play.settings import Settings
from .puzzles.sources import Prepared
from .tasks import TaskRunner
from .trainer.drill import Tallies


class Session:
    """The game in progress (for Continue) and what the player last asked for."""

    def __init__(self, keeper: Keeper | None = None, settings: Settings | None = None) -> None:
        self.keeper = keeper or Keeper.in_memory()
        self.settings = (settings or self.keeper.settings).normalised()
        self.game: Game | None = None
        self.origin: Origin | None = None
        """Where ``game``'s puzzle came from: its one owner (the board reads it from here)."""
        self.created = ""
        """When ``game`` was first started (kept in its saves)."""
        self.last_kind = PuzzleKind()
        """What New game asked for last (its choices start there)."""
        self.browsing = Memory()
        """What the picker remembers this run: where the player was, what it read."""
        self.training = Tallies()
        """The technique trainer's tally per technique, this run."""
        self.board: Playing | None = None
        """The board's mid end for ``game``, once the board opened (:meth:`open_board`)."""
        self._cursor: int | None = None  # the cursor a save brought, until a board owns it
        self._saves_first = True  # Open shows the saved games next (see open_saves_first)
        self._started: Game | None = None  # the game the keeper was told about
        self._counted: Game | None = None

    # -- reading --------------------------------------------------------------------

    @property
    def can_continue(self) -> bool:
        """Whether there is a game to go back to (one that can still be played)."""
        game = self.game
        return game is not None and not game.phase.final

    @property
    def cursor(self) -> int | None:
        """Where the board's cursor is (saves keep it): the board's own once it opened
        (:class:`~.board.Playing` owns it), until then where the save had it."""
        board = self.board
        if board is not None and board.game is self.game:
            return board.cursor
        return self._cursor

    @property
    def recent_folders(self) -> tuple[str, ...]:
        """The folders the player last chose puzzles from, newest first (kept between runs)."""
        return self.keeper.recent_folders

    def played_from(self, folder: str) -> None:
        """The player chose a puzzle in ``folder`` (the picker): it heads the recent folders."""
        self.keeper.used_folder(folder)

    # -- games coming and going -------------------------------------------------------

    def resume_saved(self, saved: SavedGame) -> None:
        """Offer the autosaved game of the last run under Continue (at start-up)."""
        saved.game.use_settings(self.settings)
        self.game, self.origin, self.created = saved.game, saved.origin, saved.created
        self.board, self._cursor = None, saved.cursor
        self._remember_kind(saved.origin)

    def start(self, prepared: Prepared) -> Game:
        """Play ``prepared``; the game it replaces is left (and counted, by the rules)."""
        self._leave_current()
        game = prepared.new_game(self.settings)
        self.game, self.origin = game, prepared.origin
        self.board, self._cursor = None, prepared.cursor
        self.created = prepared.created or now_text()
        self._remember_kind(prepared.origin)
        self._begin()
        return game

    def _remember_kind(self, origin: Origin) -> None:
        """A generated puzzle's kind is what New game offers next (a killer after a killer)."""
        if origin.kind.level is not None and origin.seed is not None:
            self.last_kind = origin.kind

    def open_board(self, tasks: TaskRunner) -> Playing:
        """The board's mid end for the game in progress, made afresh each time the board
        opens (a new game, Continue); the cursor stays where it was.

        :raises ValueError: when there is no game to play.
        """
        game, origin = self.game, self.origin
        if game is None or origin is None:
            raise ValueError("There is no game to put on the board.")
        play = Playing(
            game,
            lambda: self._origin_of(game, origin),
            tasks,
            cursor=self.cursor,
            rated=lambda found: self.rated(game, found),
        )
        self.board = play
        return play

    def _origin_of(self, game: Game, opened: Origin) -> Origin:
        """The origin of ``game`` for its board: the session's own (it keeps a rating
        that arrives later), or the one the board opened with once the session has
        moved on (a finished game's card still on the screen)."""
        origin = self.origin
        return origin if game is self.game and origin is not None else opened

    def asked_for(self, kind: PuzzleKind) -> None:
        """The player asked New game for ``kind``: its choices start there next time."""
        self.last_kind = kind

    def open_saves_first(self) -> bool:
        """Open was asked for: whether it shows the saved games (the first Open of a run
        and the first after a save by name; then the picker's own memory of where the
        player was takes over)."""
        first, self._saves_first = self._saves_first, False
        return first

    def saved_by_name(self) -> None:
        """A game or puzzle was written by name (Save as): the next Open shows the saves."""
        self._saves_first = True

    def rated(self, game: Game, difficulty: Difficulty | None) -> None:
        """The rater's verdict on ``game``'s puzzle arrived: the origin keeps it."""
        origin = self.origin
        if game is self.game and origin is not None and difficulty not in (None, origin.difficulty):
            self.origin = origin.rated(difficulty)

    def leave(self) -> None:
        """The player left the board of a finished game (its card's Menu, New puzzle)."""
        game = self.game
        if game is not None and game.phase.final:
            self.keeper.left(game)
            self.game = None
            self.origin = None
            self.board = self._cursor = None

    # -- settings ---------------------------------------------------------------------

    def change_settings(self, **changes: Any) -> Settings:
        """The player changed settings: in force at once (never retroactively), and kept."""
        old = self.settings
        new = dataclasses.replace(old, **changes).normalised()
        if new != old:
            self._use(new)
            self.keeper.settings_changed(old, new)
        return new

    def override(self, **changes: Any) -> None:
        """Change settings for this run only (command-line flags): nothing is written."""
        self._use(dataclasses.replace(self.settings, **changes).normalised())

    def _use(self, settings: Settings) -> None:
        self.settings = settings
        if self.game is not None:
            self.game.use_settings(settings)

    # -- every frame, and the window's events ----------------------------------------

    def frame(self) -> list[tuple[str, str]]:
        """Autosave a changed game, count one that ended; (title, message) notices to show."""
        self.keeper.refresh()
        game, origin = self.game, self.origin
        if game is not None and origin is not None:
            if game is not self._started:
                self._begin()
            if game.phase in (Phase.SOLVED, Phase.LOST) and self._counted is not game:
                self._counted = game
                self.keeper.count(game, origin.kind)
            self.keeper.changed(game, origin, self.created, self.cursor)
        return self.keeper.take_notices()

    def suspend(self) -> None:
        """Pause, focus loss, minimise: the game is saved now, with the exact clock."""
        game, origin = self.game, self.origin
        if game is not None and origin is not None:
            self.keeper.suspend(game, origin, self.created, self.cursor)

    def quit(self) -> None:
        """The game closes: save what is in progress and write everything (counts nothing)."""
        self.frame()
        self.suspend()
        self.keeper.close()

    # -- internals ------------------------------------------------------------------

    def _begin(self) -> None:
        game, origin = self.game, self.origin
        if game is None or origin is None:
            return
        self._started = game
        if game.phase.final:
            # It ended before it came here (a solved or lost save opened again): it
            # was counted when it ended in play, never again (the keeper's rules).
            self._counted = game
        self.keeper.started(game, origin, self.created, self.cursor)

    def _leave_current(self) -> None:
        """The current game is replaced: count it if the keeper's rules say so."""
        game, origin = self.game, self.origin
        if game is None or origin is None:
            return
        if not game.phase.final and len(game.history):
            game.abandon()
            self._counted = game
            self.keeper.count(game, origin.kind)
