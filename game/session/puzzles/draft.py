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

Jigsaw regions are drawn the same way in *region mode* (:attr:`Draft.regions_mode`):
the chosen cells become a region with :meth:`Draft.make_region`, refused unless they
are ``N`` free cells that touch one another and hold no repeated given.  As soon as
one region is drawn the classic boxes are gone; when the cells left over make one
region of ``N`` it is drawn by itself, and once every cell lies in one of ``N``
regions the draft is a jigsaw puzzle (:attr:`Draft.shape`), checked and played as a
classic one is.  Until then it is unfinished and not checked.

Every change (a given, an erasure, a cage, a region, Clear) can be undone
(:meth:`Draft.undo`) and redone; moving the cursor and choosing cells are not
changes.  Sizes: 4x4, 6x6, 9x9 and 16x16.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ...engine.errors import InvalidPuzzleError
from ...engine.logic import decide
from ...engine.puzzle import Puzzle
from ...engine.rules import Cage
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
    REGIONS = "Draw every region: each cell must lie in one region of the jigsaw."

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
    analysis = decide(rules, givens)  # bounded: a few seconds at most
    return _VERDICTS.get(analysis.status, Verdict.UNDECIDED)


_Snapshot = tuple[tuple[int, ...], tuple[Cage, ...], tuple[tuple[int, ...], ...]]
"""What undo restores: the givens, the cages and the regions."""


@dataclass
class Draft:
    """The givens typed so far on a grid of ``size`` (see the module docstring)."""

    size: int = 9
    givens: list[int] = field(default_factory=list)
    cursor: int = 0
    cages: list[Cage] = field(default_factory=list)
    chosen: set[int] = field(default_factory=set)
    """Cells chosen for a new cage (with the cursor: two or more make a choice)."""
    total: str = ""
    """The sum typed for the cage being made."""
    regions: list[tuple[int, ...]] = field(default_factory=list)
    """The jigsaw regions drawn so far, each its cells in order, ordered by first cell."""
    regions_mode: bool = False
    """Whether chosen cells make a region (True) or a cage (False)."""
    verdict: Verdict = Verdict.EMPTY
    version: int = 0
    _undo: list[_Snapshot] = field(default_factory=list, repr=False)
    _redo: list[_Snapshot] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if self.size not in SIZES:
            raise ValueError(f"puzzles are entered at sizes {SIZES}, not {self.size}")
        cells = self.size * self.size
        if len(self.givens) != cells:
            self.givens = [0] * cells

    @property
    def shape(self) -> Shape:
        """The grid's shape: jigsaw once every cell lies in a region, else classic."""
        if self.regions and self.jigsaw:
            return Shape.from_regions(self._labels())
        return Shape.classic(self.size)

    @property
    def jigsaw(self) -> bool:
        """Whether every cell lies in one of the regions drawn (a finished jigsaw)."""
        return sum(len(region) for region in self.regions) == self.size * self.size

    @property
    def unfinished(self) -> bool:
        """Whether some regions are drawn but not all: no puzzle yet."""
        return bool(self.regions) and not self.jigsaw

    def outline(self) -> Shape:
        """The shape to draw: the puzzle's, or while regions are being drawn, one whose
        last region id is every cell not in a region yet (a drawing aid, not a grid:
        its houses are never used to check anything)."""
        if not self.unfinished:
            return self.shape
        ids = [len(self.regions)] * (self.size * self.size)
        for index, region in enumerate(self.regions):
            for cell in region:
                ids[cell] = index
        return Shape(self.size, tuple(ids))

    def region_at(self, cell: int) -> int | None:
        """The index of the region ``cell`` lies in, if it lies in one."""
        return next((k for k, region in enumerate(self.regions) if cell in region), None)

    def _labels(self) -> list[int]:
        labels = [0] * (self.size * self.size)
        for index, region in enumerate(self.regions):
            for cell in region:
                labels[cell] = index
        return labels

    @property
    def count(self) -> int:
        """How many givens are typed."""
        return sum(1 for digit in self.givens if digit)

    @property
    def empty(self) -> bool:
        """Whether nothing is entered yet (no given, no cage, no region)."""
        return not self.count and not self.cages and not self.regions

    @property
    def choosing(self) -> bool:
        """Whether several cells are chosen: digits then type a cage's sum."""
        return len(self.chosen) > 1

    def puzzle(self) -> Puzzle:
        return Puzzle(self.shape, tuple(self.givens), tuple(self.cages))

    def line(self) -> str:
        """The draft as one line: ``N*N`` symbols (``.`` empty), ``givens regions`` for a
        jigsaw, or an f-puzzles link once it has cages.  What Play reads."""
        from ...engine.formats import format_line

        if not self.cages and not self.regions:
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
        for unit, members in self._units():
            other = next((c for c in members if c != cell and trial[c] == digit), None)
            if cell in members and other is not None:
                return f"{symbol(digit)} is already in {unit}, at {cell_name(other, self.size)}."
        if not self.unfinished:
            problem = _problem(self.shape, tuple(trial), tuple(self.cages))
            if problem:
                return f"{symbol(digit)} cannot go there: {problem}."
        self._remember()
        self.givens[cell] = digit
        self._changed()
        return ""

    def _units(self) -> list[tuple[str, tuple[int, ...]]]:
        """The all-different groups that hold so far, named for the player: rows,
        columns and the boxes, or the regions drawn once there are any."""
        shape = Shape.classic(self.size)
        units = [(f"row {r + 1}", cells) for r, cells in enumerate(shape.rows)]
        units += [(f"column {c + 1}", cells) for c, cells in enumerate(shape.columns)]
        if self.regions:
            units += [(f"region {k + 1}", cells) for k, cells in enumerate(self.regions)]
        else:
            units += [(f"box {b + 1}", cells) for b, cells in enumerate(shape.region_cells)]
        return units

    def erase(self) -> bool:
        """Empty the cursor's cell, or else take away the cage it lies in (in region
        mode: the region it lies in, before its given); whether anything went."""
        cell = self.cursor
        region = self.region_at(cell)
        cage = self.cage_at(cell)
        self._remember()
        if self.regions_mode and region is not None:
            del self.regions[region]
        elif self.givens[cell]:
            self.givens[cell] = 0
        elif cage is not None:
            self.cages.remove(cage)
        else:
            self._undo.pop()
            return False
        self._changed()
        return True

    def clear(self) -> bool:
        """Empty every cell and take every cage away; whether there was anything."""
        if self.empty:
            return False
        self._remember()
        self.givens = [0] * (self.size * self.size)
        self.cages = []
        self.regions = []
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
        # While regions are half drawn the grid is no puzzle yet: the last region
        # checks the cages with everything else.
        problem = ""
        if not self.unfinished:
            problem = _problem(self.shape, tuple(self.givens), (*self.cages, cage))
        if problem:
            return f"That cage cannot be: {problem}."
        self._remember()
        self.cages.append(cage)
        self.let_go()
        self._changed()
        return ""

    # -- jigsaw regions -------------------------------------------------------------

    def make_region(self) -> str:
        """Make a jigsaw region of the chosen cells; "" or why not.

        The cells must be ``N`` (the grid's size), lie in no other region, touch one
        another, and hold no given twice.  When the cells left over then make one
        region of ``N`` cells, it is made too.
        """
        n = self.size
        cells = tuple(sorted(self.chosen or {self.cursor}))
        taken = next((c for c in cells if self.region_at(c) is not None), None)
        if taken is not None:
            return (
                f"{cell_name(taken, n)} is in a region already "
                "(Backspace there takes that region away)."
            )
        if len(cells) != n:
            return (
                f"A region of a {n}×{n} jigsaw has {n} cells; "
                f"{len(cells)} {'is' if len(cells) == 1 else 'are'} chosen."
            )
        if not _connected(cells, n):
            return "A region's cells must touch one another, side to side."
        problem = self._repeat(cells)
        if problem:
            return problem
        self._remember()
        self.regions.append(cells)
        rest = tuple(c for c in range(n * n) if self.region_at(c) is None)
        if len(rest) == n and _connected(rest, n) and not self._repeat(rest):
            self.regions.append(rest)  # the last region is what is left
        self.regions.sort()
        if self.jigsaw:
            problem = _problem(self.shape, tuple(self.givens), tuple(self.cages))
            if problem:
                self._restore(self._undo.pop())  # refused: as if never made
                return f"Those regions cannot be: {problem}."
        self.let_go()
        self._changed()
        return ""

    def _repeat(self, cells: tuple[int, ...]) -> str:
        """Why ``cells`` cannot be a region for their givens ("" when they can)."""
        seen: dict[int, int] = {}
        for cell in cells:
            digit = self.givens[cell]
            if digit in seen:
                first, n = seen[digit], self.size
                return (
                    f"{symbol(digit)} is given twice there, at {cell_name(first, n)} "
                    f"and {cell_name(cell, n)}: a region holds each digit once."
                )
            if digit:
                seen[digit] = cell
        return ""

    def switch_mode(self) -> bool:
        """Switch between drawing cages and drawing regions; whether regions now."""
        self.regions_mode = not self.regions_mode
        self.total = ""
        return self.regions_mode

    # -- undo -----------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def _snapshot(self) -> _Snapshot:
        return tuple(self.givens), tuple(self.cages), tuple(self.regions)

    def _remember(self) -> None:
        """Keep the draft as it is before a change (a new change forgets the redos)."""
        self._undo.append(self._snapshot())
        self._redo.clear()

    def _restore(self, snapshot: _Snapshot) -> None:
        givens, cages, regions = snapshot
        self.givens, self.cages, self.regions = list(givens), list(cages), list(regions)
        self.let_go()
        self._changed()

    def undo(self) -> bool:
        """Take the last change back; whether there was one."""
        if not self._undo:
            return False
        self._redo.append(self._snapshot())
        self._restore(self._undo.pop())
        return True

    def redo(self) -> bool:
        """Make the last change taken back again; whether there was one."""
        if not self._redo:
            return False
        self._undo.append(self._snapshot())
        self._restore(self._redo.pop())
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
        self.cages = []
        self.regions = []
        self._undo.clear()  # another grid: the old one's changes do not apply
        self._redo.clear()
        self.let_go()
        self.cursor = 0
        self._changed()

    def next_size(self) -> int:
        """The size after this one, round the list (the Size button)."""
        return SIZES[(SIZES.index(self.size) + 1) % len(SIZES)]

    def _changed(self) -> None:
        self.version += 1
        if self.empty:
            self.verdict = Verdict.EMPTY
        elif self.unfinished:
            self.verdict = Verdict.REGIONS
        else:
            self.verdict = Verdict.CHECKING

    # -- the check ------------------------------------------------------------------

    def check_job(self) -> tuple[int, Shape | RuleSet, tuple[int, ...]] | None:
        """(version, rules, givens) to check in the background, or None when empty."""
        if self.verdict is not Verdict.CHECKING:
            return None
        rules = self.puzzle().rules if self.cages else self.shape  # jigsaw or classic
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
