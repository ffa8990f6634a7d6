"""A puzzle being entered: the player types givens on an empty board (*Enter a puzzle*).

:class:`Draft` is the board being typed on: its size, the givens, the cursor,
and what the solver last said of it.  Every change makes a new version; the
uniqueness check (:func:`verdict_of`, the solver's bounded ``settle``: two
solutions at most) runs as a background job on the version it was given, and an
answer for an older version is dropped (:meth:`Draft.judged`).  A given that
clashes with another in its row, column or region is refused at once with the
reason, so the draft is always a puzzle.  Playing it goes through the same way
as a pasted puzzle (:func:`.pasted.read_text` of :meth:`Draft.line`), so it is
refused and accepted as the same text in a file would be.

Classic grids only (4x4, 6x6, 9x9, 16x16): jigsaw regions and killer cages are
not entered here yet (they can be pasted as an f-puzzles link, a Solo ID or a
file).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ...engine import solver
from ...engine.puzzle import Puzzle
from ...engine.rules import conflicts
from ...engine.shape import Shape
from ...engine.solver import Status
from ...engine.symbols import cell_name, grid_string, symbol

SIZES = (4, 6, 9, 16)
"""The classic sizes a puzzle can be entered in (as New game offers them)."""


class Verdict(enum.Enum):
    """What the solver said of the draft (or that it has not said yet)."""

    EMPTY = "Type the givens: the solver checks the puzzle as you go."
    CHECKING = "Checking…"
    UNIQUE = "One solution: a proper puzzle. Enter plays it."
    SEVERAL = "Several solutions: add givens until only one is left."
    NONE = "No solution: some given is wrong."
    UNDECIDED = "The solver could not decide in time; it can still be played."

    @property
    def playable(self) -> bool:
        """Whether Play may start the draft as it stands."""
        return self in (Verdict.UNIQUE, Verdict.SEVERAL, Verdict.UNDECIDED)


_VERDICTS = {
    Status.UNIQUE: Verdict.UNIQUE,
    Status.MULTIPLE: Verdict.SEVERAL,
    Status.NONE: Verdict.NONE,
}


def verdict_of(shape: Shape, givens: tuple[int, ...]) -> Verdict:
    """The solver's verdict on ``givens`` (slow for a hard grid: a background job)."""
    analysis = solver.settle(shape, givens)  # bounded: about a second at most
    return _VERDICTS.get(analysis.status, Verdict.UNDECIDED)


@dataclass
class Draft:
    """The givens typed so far on a classic grid of ``size`` (see the module docstring)."""

    size: int = 9
    givens: list[int] = field(default_factory=list)
    cursor: int = 0
    verdict: Verdict = Verdict.EMPTY
    version: int = 0

    def __post_init__(self) -> None:
        if self.size not in SIZES:
            raise ValueError(f"puzzles are entered at sizes {SIZES}, not {self.size}")
        cells = self.size * self.size
        if len(self.givens) != cells:
            self.givens = [0] * cells

    @property
    def shape(self) -> Shape:
        return Shape.classic(self.size)

    @property
    def count(self) -> int:
        """How many givens are typed."""
        return sum(1 for digit in self.givens if digit)

    def puzzle(self) -> Puzzle:
        return Puzzle(self.shape, tuple(self.givens))

    def line(self) -> str:
        """The draft as one line of ``N*N`` symbols (``.`` empty): what Play reads."""
        return grid_string(tuple(self.givens))

    # -- editing --------------------------------------------------------------------

    def place(self, digit: int) -> str:
        """Type ``digit`` in the cursor's cell; "" or why it cannot go there."""
        if not 1 <= digit <= self.size:
            return f"A {self.size}×{self.size} grid takes digits 1–{symbol(self.size)}."
        cell = self.cursor
        if self.givens[cell] == digit:
            return ""
        trial = list(self.givens)
        trial[cell] = digit
        clash = next((c for c in conflicts(self.shape, tuple(trial)) if cell in c.cells), None)
        if clash is not None:
            other = next(c for c in clash.cells if c != cell)
            unit = self.shape.unit_name(clash.unit)
            return f"{symbol(digit)} is already in {unit}, at {cell_name(other, self.size)}."
        self.givens[cell] = digit
        self._changed()
        return ""

    def erase(self) -> bool:
        """Empty the cursor's cell; whether it held a given."""
        if not self.givens[self.cursor]:
            return False
        self.givens[self.cursor] = 0
        self._changed()
        return True

    def clear(self) -> bool:
        """Empty every cell; whether any held a given."""
        if not self.count:
            return False
        self.givens = [0] * (self.size * self.size)
        self._changed()
        return True

    def move(self, rows: int, columns: int) -> None:
        """Move the cursor, wrapping round the edges as the board's cursor does."""
        n = self.size
        row, column = divmod(self.cursor, n)
        self.cursor = (row + rows) % n * n + (column + columns) % n

    def resize(self, size: int) -> None:
        """Start again on an empty grid of ``size``."""
        self.size = size
        self.__post_init__()
        self.givens = [0] * (size * size)
        self.cursor = 0
        self._changed()

    def next_size(self) -> int:
        """The size after this one, round the list (the Size button)."""
        return SIZES[(SIZES.index(self.size) + 1) % len(SIZES)]

    def _changed(self) -> None:
        self.version += 1
        self.verdict = Verdict.CHECKING if self.count else Verdict.EMPTY

    # -- the check ------------------------------------------------------------------

    def check_job(self) -> tuple[int, Shape, tuple[int, ...]] | None:
        """(version, shape, givens) to check in the background, or None when empty."""
        if self.verdict is not Verdict.CHECKING:
            return None
        return self.version, self.shape, tuple(self.givens)

    def judged(self, version: int, verdict: Verdict) -> bool:
        """The check of ``version`` is done; whether it still applies (and was taken)."""
        if version != self.version:
            return False
        self.verdict = verdict
        return True
