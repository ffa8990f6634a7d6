"""What if: guesses in their own ink, savepoints, and going back to the first mistake.

The enthusiast's ways of trying a line and coming back from it, each an ordinary
undoable move of the game (:class:`~.moves.Guess`, :class:`~.moves.Commit`,
:class:`~.moves.Abandon`, :class:`~.moves.Rewind`); savepoints are
:class:`~.bookmarks.Bookmarks`, not undoable.
"""

from __future__ import annotations

from .bookmarks import MAX_SAVEPOINTS, Savepoint, clean_name
from .effects import Effect, Refusal
from .moves import Abandon, Commit, Guess, Rewind
from .referee import Referee
from .rewind import Mistake, first_mistake


class WhatIf:
    """A game's guesses, savepoints and rewinding (``game.what_if``)."""

    def __init__(self, game: Referee) -> None:
        self.game = game

    @property
    def guess_level(self) -> int:
        """How many what-if guesses are open (their entries are drawn in their ink)."""
        return self.game.state.level

    def guess(self) -> Effect:
        """Start a what-if guess: every move until it is committed or abandoned is in its ink."""
        refusal = self.game._refuse_over()
        if refusal:
            return refusal
        self.game._push(Guess())
        level = self.guess_level
        return Effect(
            True, f"Guess {level}: your moves are in its ink until you commit or abandon it."
        )

    def commit_guess(self) -> Effect:
        """Keep the innermost guess's work as if it had been played for real."""
        if not self.guess_level:
            return Effect(False, "There is no guess to commit.")
        refusal = self.game._refuse_over()
        if refusal:
            return refusal
        self.game._do(Commit())
        return Effect(True, "Guess kept.")

    def abandon_guess(self) -> Effect:
        """Drop the innermost guess: back to the position where it began, as one move."""
        if not self.guess_level:
            return Effect(False, "There is no guess to abandon.")
        refusal = self.game._refuse_over()
        if refusal:
            return refusal
        self.game._push(Abandon())
        return Effect(True, "Guess abandoned: back to where it began.")

    @property
    def savepoints(self) -> dict[str, Savepoint]:
        """The savepoints by name (a copy; :attr:`bookmarks` owns them)."""
        return {point.name: point for point in self.game.bookmarks}

    def add_savepoint(self, name: str = "") -> Effect:
        """Name the position as it is now, to come back to (not undoable: a bookmark);
        without a name, the first free ``Savepoint 1``, ``Savepoint 2``..."""
        name = clean_name(name) if name else self.game.bookmarks.free_name()
        if not name:
            return Effect.refused(Refusal.SAVEPOINT_NAME)
        if self.game.bookmarks.full_for(name):
            return Effect.refused(Refusal.SAVEPOINTS_FULL, most=MAX_SAVEPOINTS)
        self.game.bookmarks.set(name, self.game.history)
        self.game._version += 1
        return Effect(True, f"Savepoint “{name}” set at move {self.game.history.position}.")

    def go_to_savepoint(self, name: str | None = None) -> Effect:
        """Back to the position named ``name`` (the latest savepoint when None), as one
        undoable move (forward, if undo went past it, by redoing to it)."""
        if name is None:
            latest = self.game.bookmarks.latest()
            if latest is None:
                return Effect.refused(Refusal.NO_SAVEPOINTS)
            name = latest.name
        point = self.game.bookmarks.get(name)
        if point is None:
            return Effect.refused(Refusal.NO_SAVEPOINT, name=name)
        refusal = self.game._refuse_over()
        if refusal:
            return refusal
        history = self.game.history
        if not self.game.bookmarks.still_there(point, history):
            # A move made after undoing past it replaced that part of the history.
            self.game.bookmarks.drop(name)
            self.game._version += 1
            return Effect.refused(Refusal.SAVEPOINT_GONE, name=name)
        if point.position > history.position:
            while history.position < point.position:
                self.game.redo()
            return Effect(True, f"Forward to savepoint “{name}”.")
        if not self.game._do(Rewind(history.position - point.position)):
            return Effect(False, f"The board is already at savepoint “{name}”.")
        return Effect(True, f"Back at savepoint “{name}”.")

    def first_mistake(self) -> Mistake | None:
        """The earliest move in the history (up to the current one) that put a wrong digit
        or removed the solution's digit from a cell's notes; None if there is none."""
        if self.game.solution is None:
            return None
        return first_mistake(self.game.history, self.game.solution, self.game.size)

    def rewind_to_first_mistake(self) -> Effect:
        """Go back to just before the first mistake, as one undoable move."""
        found = self.first_mistake()
        if found is None:
            return Effect(
                False, "No mistake so far: every digit and note agrees with the solution."
            )
        refusal = self.game._refuse_over()
        if refusal:
            return refusal
        if not self.game._do(Rewind(self.game.history.position - (found.position - 1))):
            return Effect(False)
        return Effect(True, f"Back to just before move {found.position} ({found.when}).")
