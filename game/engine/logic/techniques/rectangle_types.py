"""Unique Rectangles of types 5 and 6 and the Hidden Rectangle: more deadly patterns avoided.

All three start from a rectangle of ``logic/rectangles.py``: four empty corners in two
rows, two columns and exactly two regions, which cannot all end as ``x`` or ``y``
in a puzzle with one solution.  The *floor* is the corners that allow nothing else.

- *Unique Rectangle type 5*: the other corners (two on a diagonal, or three) have
  one extra digit ``z`` between them, so one of them is ``z``: a cell that sees all
  of them loses ``z``.  (Two corners on one row or column are type 2, in
  ``uniqueness.py``.)
- *Unique Rectangle type 6*: the floor is a diagonal, and in both rows (or both
  columns) of the rectangle ``x`` can only go in its corners.  ``x`` then fills one
  diagonal; on the other diagonal the floor corners would both be ``y``, a deadly
  pattern, so ``x`` fills the floor diagonal and the other corners lose ``x``.
- *Hidden Rectangle*: a floor corner ``f`` and the opposite corner ``o``.  If in
  ``o``'s row and in ``o``'s column ``x`` can only go in the rectangle, then ``o`` is
  not ``y``: if it were, ``x`` would fill the two corners beside ``o``, ``f`` (seeing
  both) would be ``y``, and the rectangle would be deadly.

Ratings: Sudoku Explainer has none of these by name.  It rates a rectangle whose
extra corners share one digit as its type 2, 4.5 whatever their number; type 5
gets 0.1 more (``TYPE_5_RATING``) because the corners are on a diagonal or three,
which is harder to see.  Type 6 and the Hidden Rectangle rest on two strong links,
which SE cannot combine with a rectangle: it reaches their eliminations with a
chain, so, like the W-Wing, they are rated as the shortest such chain, 7.1 (scored
in SE's order, the puzzles whose hardest step is one of them sit at SE 6.4 to 7.2
on the rated bank).  They keep their place beside the other rectangles (4.6) in
the catalogue, which is where players meet them.  Rows,
columns and regions come from the unit tables, so everything works on jigsaw
layouts and every size.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, cells_of, digits_of
from ..rectangles import Rectangle, deadly_intro, pattern_marks, unique_rectangles
from ..registry import Level, technique
from ..step import Mark, Role, Step
from ..wording import cells_text, or_list, removal_text

TYPE_5_RATING = 4.6
TYPE_6_RATING = 7.1
HIDDEN_RATING = 7.1
RECTANGLE_PLACE = 4.6


def _diagonal(grid: CandidateGrid, one: int, two: int) -> bool:
    n = grid.size
    return one // n != two // n and one % n != two % n


def _opposite(corners: tuple[int, ...], cell: int) -> int:
    return corners[3 - corners.index(cell)]


@technique("Unique Rectangle Type 5", level=Level.EXPERT, rating=TYPE_5_RATING, needs_unique=True)
def unique_rectangle_type_5(grid: CandidateGrid) -> Iterator[Step]:
    """Two diagonal or three corners share one extra digit: cells seeing them all lose it."""
    n = grid.size
    cands = grid.cands
    peer_mask = grid.tables.peer_mask
    for rectangle in unique_rectangles(grid):
        floor = rectangle.floor(grid)
        roof = rectangle.roof(grid)
        if len(floor) == 2 and not _diagonal(grid, *floor):
            continue  # a roof on one line is type 2
        if len(floor) not in (1, 2):
            continue
        extra = 0
        for cell in roof:
            extra |= cands[cell] & ~rectangle.pair
        if extra.bit_count() != 1:
            continue
        z = extra.bit_length()
        targets = grid.digit_cells(z)
        for cell in roof:
            targets &= peer_mask[cell]
        if not targets:
            continue
        eliminations = tuple((cell, z) for cell in cells_of(targets))
        x, y, corners = rectangle.x, rectangle.y, rectangle.corners
        names = [cell_name(cell, n) for cell in sorted(roof)]
        yield Step(
            "Unique Rectangle Type 5",
            eliminations=eliminations,
            explanation=(
                f"{deadly_intro(grid, corners, x, y)}Besides {symbol(x)} and {symbol(y)}, "
                f"{cells_text(roof, n)} allow only {symbol(z)}, so one of {or_list(names)} "
                f"is {symbol(z)}, and a cell that sees all of them cannot be: "
                f"{removal_text(eliminations, n)}."
            ),
            marks=pattern_marks(grid, corners, x, y)
            + tuple(Mark(cell, z, Role.FIN) for cell in roof)
            + tuple(Mark(cell, z, Role.FOCUS) for cell, _ in eliminations),
            rating=TYPE_5_RATING,
        )


@technique(
    "Unique Rectangle Type 6",
    level=Level.EXPERT,
    rating=TYPE_6_RATING,
    needs_unique=True,
    order=RECTANGLE_PLACE,
)
def unique_rectangle_type_6(grid: CandidateGrid) -> Iterator[Step]:
    """A diagonal floor, ``x`` locked in the rectangle's rows or columns: ``x`` fills the floor."""
    n = grid.size
    cands = grid.cands
    unit_mask = grid.tables.unit_mask
    row_units, column_units = grid.shape.row_units, grid.shape.column_units
    for rectangle in unique_rectangles(grid):
        floor = rectangle.floor(grid)
        if len(floor) != 2 or not _diagonal(grid, *floor):
            continue
        roof = rectangle.roof(grid)
        corners = rectangle.corners
        inside = 0
        for cell in corners:
            inside |= 1 << cell
        a, _, _, d = corners
        rows = (row_units[a // n], row_units[d // n])
        columns = (column_units[a % n], column_units[d % n])
        for keep, other in ((rectangle.x, rectangle.y), (rectangle.y, rectangle.x)):
            eliminations = tuple((cell, keep) for cell in roof if cands[cell] >> (keep - 1) & 1)
            if not eliminations:
                continue
            holders = grid.digit_cells(keep)
            for lines in (rows, columns):
                # Each line must still need ``keep`` (not hold it already), and only
                # in the corners.
                if not all(holders & unit_mask[line] for line in lines):
                    continue
                if holders & (unit_mask[lines[0]] | unit_mask[lines[1]]) & ~inside:
                    continue
                line_names = " and ".join(grid.shape.unit_name(u) for u in lines)
                k, o = symbol(keep), symbol(other)
                floor_text = cells_text(floor, n)
                yield Step(
                    "Unique Rectangle Type 6",
                    eliminations=eliminations,
                    explanation=(
                        f"{deadly_intro(grid, corners, rectangle.x, rectangle.y)}In "
                        f"{line_names}, {k} can only go in the corners, so it fills one "
                        f"diagonal of the rectangle. If it filled {cells_text(roof, n)}, "
                        f"{floor_text} (only {symbol(rectangle.x)} or {symbol(rectangle.y)}) "
                        f"would both be {o} and the rectangle would be deadly. So {k} goes "
                        f"in {floor_text}: {removal_text(eliminations, n)}."
                    ),
                    marks=pattern_marks(grid, corners, rectangle.x, rectangle.y)
                    + tuple(Mark(cell, keep, Role.FOCUS) for cell, _ in eliminations),
                    units=lines,
                    rating=TYPE_6_RATING,
                )
                break


@technique(
    "Hidden Rectangle",
    level=Level.EXPERT,
    rating=HIDDEN_RATING,
    needs_unique=True,
    order=RECTANGLE_PLACE,
)
def hidden_rectangle(grid: CandidateGrid) -> Iterator[Step]:
    """A floor corner, and ``x`` locked in the row and column of the opposite corner."""
    for rectangle in unique_rectangles(grid):
        floor = rectangle.floor(grid)
        if len(floor) > 2:
            continue  # three floor corners: type 1 says more
        for corner in floor:
            yield from _hidden(grid, rectangle, corner)


def _hidden(grid: CandidateGrid, rectangle: Rectangle, corner: int) -> Iterator[Step]:
    n = grid.size
    shape = grid.shape
    corners = rectangle.corners
    far = _opposite(corners, corner)
    row, column = shape.row_units[far // n], shape.column_units[far % n]
    beside_row = (far // n) * n + corner % n  # the corner in far's row
    beside_column = (corner // n) * n + far % n  # the corner in far's column
    for keep, lose in ((rectangle.x, rectangle.y), (rectangle.y, rectangle.x)):
        if not grid.cands[far] >> (lose - 1) & 1:
            continue
        # ``keep`` must still be missing from the row and the column (some place
        # left) and have no place outside the rectangle there.
        in_row = grid.places(row, keep)
        in_column = grid.places(column, keep)
        if not in_row or in_row & ~(1 << far | 1 << beside_row):
            continue
        if not in_column or in_column & ~(1 << far | 1 << beside_column):
            continue
        k, lo = symbol(keep), symbol(lose)
        f, o = cell_name(corner, n), cell_name(far, n)
        br, bc = cell_name(beside_row, n), cell_name(beside_column, n)
        eliminations = ((far, lose),)
        only = or_list([symbol(d) for d in digits_of(rectangle.pair)])
        yield Step(
            "Hidden Rectangle",
            eliminations=eliminations,
            explanation=(
                f"{deadly_intro(grid, corners, rectangle.x, rectangle.y)}{f} can only be "
                f"{only}. In {shape.unit_name(row)}, {k} can only go in {o} or {br}; in "
                f"{shape.unit_name(column)}, only in {o} or {bc}. If {o} were {lo}, both "
                f"{br} and {bc} would be {k}, so {f} would be {lo} and the rectangle would "
                f"be deadly. So {removal_text(eliminations, n)}."
            ),
            marks=pattern_marks(grid, corners, rectangle.x, rectangle.y)
            + (Mark(far, lose, Role.FOCUS),),
            units=(row, column),
            rating=HIDDEN_RATING,
        )
