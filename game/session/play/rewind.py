"""Finding the player's first mistake in the history, without naming the right digit.

A mistake is a move that put a digit the solution does not have in that cell, or
that took the solution's digit out of a cell's candidate notes (a note the player
then cannot be led back to).  The history is walked from the start to the current
position, comparing each state with the one before, so the move found is the
earliest such one still on the board's way (moves undone are not counted).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.symbols import cell_name
from ...engine.types import Cell
from .history import History


@dataclass(frozen=True)
class Mistake:
    """Where the first mistake is: which move, at what clock time, in which cell.

    ``what`` says whether a wrong digit was put or a right note taken away, never
    which digit is right.
    """

    position: int  # the move's number, from 1
    cell: Cell
    what: str  # "a wrong digit" or "the right digit taken out of the notes"
    at: float  # the clock when the move was made
    name: str  # r4c7

    @property
    def when(self) -> str:
        seconds = int(self.at)
        return f"{seconds // 60:02d}:{seconds % 60:02d}"

    def sentence(self) -> str:
        """ "Your first mistake was move 23 (at 04:12): a wrong digit in r4c7."""
        return (
            f"Your first mistake was move {self.position} (at {self.when}): "
            f"{self.what} in {self.name}."
        )


def first_mistake(history: History, solution: tuple[int, ...], size: int) -> Mistake | None:
    """The earliest mistake among the moves up to the current position, or None."""
    before = history.state_at(0)
    for position in range(1, history.position + 1):
        after = history.state_at(position)
        if after.entries is not before.entries:
            for cell, (old, new) in enumerate(zip(before.entries, after.entries, strict=True)):
                if new and new != old and new != solution[cell]:
                    return _found(history, position, cell, "a wrong digit", size)
        if after.notes is not before.notes:
            for cell, (old, new) in enumerate(zip(before.notes, after.notes, strict=True)):
                bit = 1 << (solution[cell] - 1)
                if old & bit and new and not new & bit and not after.entries[cell]:
                    what = "the right digit taken out of the notes"
                    return _found(history, position, cell, what, size)
        before = after
    return None


def _found(history: History, position: int, cell: Cell, what: str, size: int) -> Mistake:
    return Mistake(position, cell, what, history.time_of(position), cell_name(cell, size))
