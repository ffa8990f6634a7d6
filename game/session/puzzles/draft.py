"""A puzzle being entered: the player types givens on an empty board (*Enter a puzzle*).

:class:`Draft` is the board being typed on: its size, the givens, the cursor,
and what the solver last said of it.  Every change makes a new version; the
uniqueness check (:func:`verdict_of`, the solver's bounded ``settle``: two
solutions at most) runs as a background job on the version it was given, and an
answer for an older version is dropped (:meth:`Draft.judged`).  A given that
clashes with another in its row, column or region, or breaks a cage, is refused
at once with the reason, so the draft is always a puzzle.  Playing it goes
through the same way as a pasted puzzle (:func:`.pasted.read_text` of
:meth:`Draft.line`: a line of digits, or an f-puzzles link once it has cages), so
it is refused and accepted as the same text in a file would be.

Killer cages are drawn by choosing cells (:meth:`Draft.choose`) and typing their
sum (:meth:`Draft.type_sum`), then :meth:`Draft.make_cage`: the cells must touch
one another, lie in no other cage, and the sum must be one their digits can make.

Classic grids only (4x4, 6x6, 9x9, 16x16): jigsaw regions are not entered here
(they can be pasted as a line, an f-puzzles link, a Solo ID or a file).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ...engine import solver
from ...engine.errors import InvalidPuzzleError
from ...engine.puzzle import Puzzle
from ...engine.rules import Cage, conflicts
from ...engine.rules.ruleset import RuleSet
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


def verdict_of(rules: Shape | RuleSet, givens: tuple[int, ...]) -> Verdict:
    """The solver's verdict on ``givens`` under ``rules`` (a shape, or a puzzle's rule
    set with its cages; slow for a hard grid: a background job)."""
    analysis = solver.settle(rules, givens)  # bounded: about a second at most
    return _VERDICTS.get(analysis.status, Verdict.UNDECIDED)


@dataclass
class Draft:
    """The givens typed so far on a classic grid of ``size`` (see the module docstring)."""

    size: int = 9
    givens: list[int] = field(default_factory=list)
    cursor: int = 0
    cages: list[Cage] = field(default_factory=list)
    chosen: set[int] = field(default_factory=set)
    """Cells chosen for a new cage (with the cursor: two or more make a choice)."""
    total: str = ""
    """The sum typed for the cage being made."""
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

    @property
    def empty(self) -> bool:
        """Whether nothing is entered yet (no given, no cage)."""
        return not self.count and not self.cages

    @property
    def choosing(self) -> bool:
        """Whether several cells are chosen: digits then type a cage's sum."""
        return len(self.chosen) > 1

    def puzzle(self) -> Puzzle:
        return Puzzle(self.shape, tuple(self.givens), tuple(self.cages))

    def line(self) -> str:
        """The draft as one line: ``N*N`` symbols (``.`` empty), or an f-puzzles link
        once it has cages.  What Play reads."""
        from ...engine.formats import format_line

        if not self.cages:
            return grid_string(tuple(self.givens))
        return format_line(self.puzzle())

    def cage_at(self, cell: int) -> Cage | None:
        """The cage ``cell`` lies in, if any."""
        return next((cage for cage in self.cages if cell in cage.members), None)

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
        problem = _problem(self.shape, tuple(trial), tuple(self.cages))
        if problem:
            return f"{symbol(digit)} cannot go there: {problem}."
        self.givens[cell] = digit
        self._changed()
        return ""

    def erase(self) -> bool:
        """Empty the cursor's cell, or else take away the cage it lies in; whether
        anything went."""
        if self.givens[self.cursor]:
            self.givens[self.cursor] = 0
        else:
            cage = self.cage_at(self.cursor)
            if cage is None:
                return False
            self.cages.remove(cage)
        self._changed()
        return True

    def clear(self) -> bool:
        """Empty every cell and take every cage away; whether there was anything."""
        if self.empty:
            return False
        self.givens = [0] * (self.size * self.size)
        self.cages = []
        self.chosen.clear()
        self.total = ""
        self._changed()
        return True

    # -- cages ----------------------------------------------------------------------

    def choose(self, cell: int, add: bool = True) -> None:
        """Add ``cell`` to the cells chosen for a cage (the cursor's cell first), or,
        without ``add``, take it out."""
        if not self.chosen:
            self.chosen.add(self.cursor)
        if add:
            self.chosen.add(cell)
        else:
            self.chosen.discard(cell)
        self.cursor = cell

    def let_go(self) -> bool:
        """Forget the chosen cells and the sum typed; whether there were any."""
        had = bool(self.chosen or self.total)
        self.chosen.clear()
        self.total = ""
        return had

    def type_sum(self, digit: int) -> str:
        """Type the next figure of the cage's sum (digits 0-9); "" or why not."""
        if not 0 <= digit <= 9:
            return "A cage's sum is typed in the digits 0–9."
        if len(self.total) >= 3:
            return "A cage's sum has three figures at most."
        self.total = (self.total + str(digit)).lstrip("0")
        return ""

    def unsum(self) -> bool:
        """Take the last figure of the sum back; whether there was one."""
        if not self.total:
            return False
        self.total = self.total[:-1]
        return True

    def make_cage(self) -> str:
        """Make a cage of the chosen cells with the sum typed; "" or why not."""
        cells = tuple(sorted(self.chosen))
        n = self.size
        if len(cells) < 2:
            return "Choose two or more cells for a cage (Shift+arrows, Ctrl+click or drag)."
        if not self.total:
            return "Type the cage's sum, then Enter."
        taken = next((c for c in cells if self.cage_at(c) is not None), None)
        if taken is not None:
            return f"{cell_name(taken, n)} is in a cage already (Backspace there takes it away)."
        if not _connected(cells, n):
            return "A cage's cells must touch one another."
        if len(cells) > n:
            return f"A cage holds at most {n} cells: its digits do not repeat."
        total = int(self.total)
        low = sum(range(1, len(cells) + 1))
        high = sum(range(n - len(cells) + 1, n + 1))
        if not low <= total <= high:
            return f"{len(cells)} different digits add up to {low}–{high}, not {total}."
        cage = Cage(cells, total)
        problem = _problem(self.shape, tuple(self.givens), (*self.cages, cage))
        if problem:
            return f"That cage cannot be: {problem}."
        self.cages.append(cage)
        self.let_go()
        self._changed()
        return ""

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
        self.cages = []
        self.let_go()
        self.cursor = 0
        self._changed()

    def next_size(self) -> int:
        """The size after this one, round the list (the Size button)."""
        return SIZES[(SIZES.index(self.size) + 1) % len(SIZES)]

    def _changed(self) -> None:
        self.version += 1
        self.verdict = Verdict.EMPTY if self.empty else Verdict.CHECKING

    # -- the check ------------------------------------------------------------------

    def check_job(self) -> tuple[int, Shape | RuleSet, tuple[int, ...]] | None:
        """(version, rules, givens) to check in the background, or None when empty."""
        if self.verdict is not Verdict.CHECKING:
            return None
        rules = self.puzzle().rules if self.cages else self.shape
        return self.version, rules, tuple(self.givens)

    def judged(self, version: int, verdict: Verdict) -> bool:
        """The check of ``version`` is done; whether it still applies (and was taken)."""
        if version != self.version:
            return False
        self.verdict = verdict
        return True


def _connected(cells: tuple[int, ...], size: int) -> bool:
    """Whether ``cells`` form one piece, side to side."""
    members = set(cells)
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        row, column = divmod(todo.pop(), size)
        for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
            cell = r * size + c
            if 0 <= r < size and 0 <= c < size and cell in members and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return len(seen) == len(members)


def _problem(shape: Shape, givens: tuple[int, ...], cages: tuple[Cage, ...]) -> str:
    """Why these givens and cages are no puzzle ("" when they are one)."""
    try:
        Puzzle(shape, givens, cages)
    except InvalidPuzzleError as error:
        return str(error)
    return ""
