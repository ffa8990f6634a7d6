"""Counting a pasted puzzle's solutions after its board opens.

A puzzle read from the clipboard opens as soon as it is read and valid
(:attr:`~game.session.puzzles.Prepared.proving`); proving that it has one solution
can take seconds for a hard variant, so the solver counts them here in the
background, as :class:`~.difficulty.Rater` rates a puzzle, and the game learns
the answer (:meth:`~game.session.play.Game.proved`) when it arrives on the main
thread.  Until then the help that leans on the solution (Hint, the steps, Check,
Reveal, Solve, Find my first mistake) says :data:`STILL_CHECKING` instead of an
answer that might be wrong.  When the board leaves first, the count stops at its
next poll (between search turns and logic steps), rather than running on unseen.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine.logic import decide
from ...engine.solver import Analysis, Status
from ..play.game import Game
from ..tasks import Task, TaskRunner

CHECKING = "Checking that the puzzle has one solution… play on meanwhile."
"""The status line while the count runs."""

STILL_CHECKING = "Still checking that the puzzle has one solution: try again in a moment."
"""What help that needs the solution says while the count runs."""

UNIQUE = "Checked: the puzzle has one solution."
"""The status line when the count finds one solution (other counts say their warning)."""


class Prover:
    """The count of one game's solutions, worked out in the background if not known."""

    def __init__(self, tasks: TaskRunner, game: Game) -> None:
        self.game = game
        self._listeners: list[Callable[[Status], None]] = []
        self._task: Task[Analysis] | None = None
        if game.proving:
            rules, givens = game.rulebook.rules, game.givens
            self._task = tasks.run(
                lambda task: decide(rules, givens, poll=task.check),
                self._proved,
                self._failed,
                "prove",
            )

    @property
    def running(self) -> bool:
        return self._task is not None

    def listen(self, listener: Callable[[Status], None]) -> None:
        """Call ``listener(status)`` when the count arrives (never, if it was known)."""
        self._listeners.append(listener)

    def cancel(self) -> None:
        """The board left: the answer no longer matters, and the count stops soon."""
        self._listeners.clear()
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def _proved(self, analysis: Analysis) -> None:
        self._task = None
        self.game.proved(analysis.status, analysis.solution)
        for listener in self._listeners:
            listener(analysis.status)
        self._listeners.clear()

    def _failed(self, error: BaseException) -> None:
        # The solver failing is a bug; the game goes on as one whose count is unknown.
        self._task = None
        self.game.proved(Status.UNDECIDED, None)
        for listener in self._listeners:
            listener(Status.UNDECIDED)
        self._listeners.clear()
