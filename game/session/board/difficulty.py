"""How hard the puzzle on the board is: the rater's level and score, shown to the player.

A generated puzzle comes with its rating; a puzzle from a file is rated in the
background when its game starts (a second or two for the hardest 9x9), and the
board header and the win card show it once it is known.  Only puzzles with one
solution are rated: the rater's verdict on a puzzle with several would describe
one arbitrary way through it.  Ratings are remembered per puzzle for the run, so
Play again does not rate the same puzzle twice.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from ...engine.logic.rating import Unrated, rate_puzzle
from ...engine.puzzle import Puzzle
from ...engine.rules import Constraint
from ...engine.shape import Shape
from ..play.puzzle_kind import Difficulty
from ..tasks import Task, TaskRunner

Key = tuple[Shape, tuple[int, ...], tuple[Constraint, ...]]

_remembered: OrderedDict[Key, Difficulty | None] = OrderedDict()
_REMEMBER = 64


def rate_givens(
    shape: Shape, givens: tuple[int, ...], constraints: tuple[Constraint, ...] = ()
) -> Difficulty | None:
    """The difficulty of a puzzle, or None when it has no rating (slow).

    No rating: no single solution, a count the solver could not settle, or a path
    cut short by its work budget (see :func:`~game.engine.logic.rating.rate_puzzle`).
    """
    rating = rate_puzzle(Puzzle(shape, givens, constraints))
    if isinstance(rating, Unrated):
        return None
    return Difficulty(rating.level, rating.score)


class Rater:
    """The difficulty of one game's puzzle: known at once, or worked out in the background."""

    def __init__(
        self,
        tasks: TaskRunner,
        shape: Shape,
        givens: tuple[int, ...],
        known: Difficulty | None = None,
        constraints: tuple[Constraint, ...] = (),
    ) -> None:
        self.key: Key = (shape, givens, constraints)
        self.difficulty = known
        self.done = known is not None or self.key in _remembered
        if known is None and self.key in _remembered:
            self.difficulty = _remembered[self.key]
        self._listeners: list[Callable[[Difficulty | None], None]] = []
        self._task: Task[Difficulty | None] | None = None
        if not self.done:
            self._task = tasks.run(
                lambda task: rate_givens(shape, givens, constraints),
                self._rated,
                self._failed,
                "rate",
            )

    def listen(self, listener: Callable[[Difficulty | None], None]) -> None:
        """Call ``listener(difficulty)`` when the rating arrives (at once if known)."""
        if self.done:
            listener(self.difficulty)
        else:
            self._listeners.append(listener)

    def cancel(self) -> None:
        """Stop caring (the board left); the rating is still remembered if it finishes."""
        self._listeners.clear()

    def _rated(self, difficulty: Difficulty | None) -> None:
        self.done = True
        self.difficulty = difficulty
        _remembered[self.key] = difficulty
        while len(_remembered) > _REMEMBER:
            _remembered.popitem(last=False)
        for listener in self._listeners:
            listener(difficulty)
        self._listeners.clear()

    def _failed(self, error: BaseException) -> None:
        self.done = True
        self._rated(None)
