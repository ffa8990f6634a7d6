"""Uniqueness: deductions that hold only because the puzzle has exactly one solution.

A *deadly pattern* could be completed in two ways, so a puzzle with one solution never
ends in one.  These techniques avoid them, and are only offered when the caller
vouches for uniqueness (``needs_unique``).

- *Unique Rectangle*: four empty cells in two rows, two columns and exactly two
  regions (each region holding two corners in a row or a column), all allowing the
  same two digits ``x`` and ``y`` (the search is shared, in ``logic/rectangles.py``).
  If all four ended as ``x``/``y``, swapping them would give a second solution, so
  some corner takes another digit:

  - type 1: three corners are exactly ``{x, y}``: the fourth loses ``x`` and ``y``;
  - type 2: the two other corners, in one row or column, are ``{x, y, z}``: one of
    them is ``z``, so a cell seeing both loses ``z`` (with the two on a diagonal, or
    three such corners, it is type 5, in ``rectangle_types.py``);
  - type 3: the other corners' extra digits act as one cell, forming a naked subset
    with other cells of a unit they share;
  - type 4: ``x`` has only the two other corners in a unit they share, so one is
    ``x`` and neither can be ``y``.

- *BUG+1*: every empty cell is bivalue except one with three candidates, and every
  digit has two places in each unit except one digit, with three in that cell's
  units.  Without it the grid would be a *bivalue universal grave*, which never has
  exactly one solution, so that cell takes that digit.

Ratings are Sudoku Explainer's (4.5 for rectangles, plus 0.1 per extra cell of the
type 3 subset beyond the first; 5.6 for BUG+1).  Nothing assumes 3x3 boxes: the
two-region test reads the region table, so jigsaw rectangles are checked properly.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, cells_of, digits_of
from ..rectangles import deadly_intro, pattern_marks, unique_rectangles
from ..registry import Level, technique
from ..step import Mark, Role, Step
from ..wording import cells_text, digits_text, removal_text

RECTANGLE_RATING = 4.5
BUG_RATING = 5.6
MAX_SUBSET = 4


def _shared_units(grid: CandidateGrid, one: int, two: int) -> list[int]:
    units_one = grid.shape.cell_units[one]
    return [unit for unit in grid.shape.cell_units[two] if unit in units_one]


@technique("Unique Rectangle", level=Level.EXPERT, rating=RECTANGLE_RATING, needs_unique=True)
def unique_rectangle(grid: CandidateGrid) -> Iterator[Step]:
    """Types 1 to 4, in that order for each rectangle."""
    n = grid.size
    cands = grid.cands
    peer_mask = grid.tables.peer_mask
    for rectangle in unique_rectangles(grid):
        corners, x, y, pair = rectangle.corners, rectangle.x, rectangle.y, rectangle.pair
        floor = rectangle.floor(grid)
        roof = rectangle.roof(grid)
        if len(floor) < 2:
            continue  # one corner of only x and y: types 5 and the Hidden Rectangle
        intro = deadly_intro(grid, corners, x, y)
        marks = pattern_marks(grid, corners, x, y)
        if len(floor) == 3:
            (cell,) = roof
            eliminations: tuple[tuple[int, int], ...] = tuple(
                (cell, digit) for digit in (x, y) if cands[cell] >> (digit - 1) & 1
            )
            yield Step(
                "Unique Rectangle",
                eliminations=eliminations,
                explanation=(
                    f"{intro}Three corners can only be {symbol(x)} or {symbol(y)}, so "
                    f"{cell_name(cell, n)} must be something else: "
                    f"{removal_text(eliminations, n)}."
                ),
                marks=marks,
                rating=RECTANGLE_RATING,
            )
            continue
        if len(floor) != 2:
            continue
        one, two = roof
        if not _shared_units(grid, one, two):
            continue  # a diagonal roof is type 5 or 6 (rectangle_types.py)
        extra = (cands[one] | cands[two]) & ~pair
        extra_marks = tuple(
            Mark(cell, digit, Role.FIN) for cell in roof for digit in digits_of(cands[cell] & ~pair)
        )
        roof_text = f"{cell_name(one, n)} or {cell_name(two, n)}"
        if extra.bit_count() == 1 and cands[one] & extra and cands[two] & extra:
            z = extra.bit_length()
            targets = peer_mask[one] & peer_mask[two] & grid.digit_cells(z)
            if targets:
                eliminations = tuple((cell, z) for cell in cells_of(targets))
                yield Step(
                    "Unique Rectangle",
                    eliminations=eliminations,
                    explanation=(
                        f"{intro}The corners {roof_text} are the only ones with another "
                        f"digit, {symbol(z)}, so one of them is {symbol(z)}: any cell "
                        f"that sees both cannot be {symbol(z)}: "
                        f"{removal_text(eliminations, n)}."
                    ),
                    marks=marks + extra_marks,
                    rating=RECTANGLE_RATING,
                )
        for unit in _shared_units(grid, one, two):
            yield from _type_3(grid, corners, x, y, unit, intro, marks + extra_marks)
            for keep, lose in ((x, y), (y, x)):
                places = grid.places(unit, keep)
                if places != (1 << one) | (1 << two):
                    continue
                eliminations = tuple((cell, lose) for cell in roof if cands[cell] >> (lose - 1) & 1)
                if not eliminations:
                    continue
                yield Step(
                    "Unique Rectangle",
                    eliminations=eliminations,
                    explanation=(
                        f"{intro}In {grid.shape.unit_name(unit)}, {symbol(keep)} can "
                        f"only go in {roof_text}, so one of them is {symbol(keep)}; if "
                        f"either were {symbol(lose)} the rectangle would be all "
                        f"{symbol(x)} and {symbol(y)}. So neither is {symbol(lose)}: "
                        f"{removal_text(eliminations, n)}."
                    ),
                    marks=marks + extra_marks,
                    units=(unit,),
                    rating=RECTANGLE_RATING,
                )


def _type_3(
    grid: CandidateGrid,
    corners: tuple[int, ...],
    x: int,
    y: int,
    unit: int,
    intro: str,
    marks: tuple[Mark, ...],
) -> Iterator[Step]:
    """The roof's extra digits plus ``k - 1`` cells of ``unit`` make a naked ``k``-subset."""
    n = grid.size
    cands = grid.cands
    pair = (1 << (x - 1)) | (1 << (y - 1))
    one, two = (cell for cell in corners if cands[cell] & ~pair)
    extra = (cands[one] | cands[two]) & ~pair
    if extra.bit_count() < 2:
        return  # one extra digit is type 2's business
    others = [
        cell
        for cell in grid.shape.units[unit]
        if cands[cell] and cell not in corners and cands[cell].bit_count() <= MAX_SUBSET
    ]
    for size in range(extra.bit_count(), MAX_SUBSET + 1):
        for chosen in combinations(others, size - 1):
            digits = extra
            for cell in chosen:
                digits |= cands[cell]
            if digits.bit_count() != size:
                continue
            eliminations = tuple(
                (cell, digit)
                for cell in grid.shape.units[unit]
                if cell not in corners and cell not in chosen
                for digit in digits_of(cands[cell] & digits)
            )
            if not eliminations:
                continue
            yield Step(
                "Unique Rectangle",
                eliminations=eliminations,
                explanation=(
                    f"{intro}So {cell_name(one, n)} or {cell_name(two, n)} takes one of "
                    f"their extra digits ({digits_text(digits_of(extra), 'or')}): together "
                    f"they act as one cell, which with {cells_text(chosen, n)} holds only "
                    f"{digits_text(digits_of(digits))} in {grid.shape.unit_name(unit)}, a "
                    f"naked subset. The rest of the unit cannot have those digits: "
                    f"{removal_text(eliminations, n)}."
                ),
                marks=marks
                + tuple(
                    Mark(cell, digit, Role.COVER)
                    for cell in chosen
                    for digit in digits_of(cands[cell])
                ),
                units=(unit,),
                rating=round(RECTANGLE_RATING + 0.1 * (size - 1), 1),
            )


@technique("BUG+1", level=Level.EXPERT, rating=BUG_RATING, needs_unique=True)
def bug_plus_one(grid: CandidateGrid) -> Iterator[Step]:
    """All cells bivalue but one; that cell takes the digit seen three times."""
    n = grid.size
    cands = grid.cands
    extra_cell = -1
    for cell, mask in enumerate(cands):
        count = mask.bit_count()
        if count == 0 or count == 2:
            continue
        if count != 3 or extra_cell >= 0:
            return
        extra_cell = cell
    if extra_cell < 0:
        return
    shape = grid.shape
    extra_units = shape.cell_units[extra_cell]
    chosen = 0
    for unit in range(len(shape.units)):
        for digit in range(1, n + 1):
            count = grid.places(unit, digit).bit_count()
            if count in (0, 2):
                continue
            if count == 3 and unit in extra_units and cands[extra_cell] >> (digit - 1) & 1:
                chosen |= 1 << (digit - 1)
                continue
            return
    if chosen.bit_count() != 1:
        return
    digit = chosen.bit_length()
    # The digit must be the odd one out in all three of the cell's units.
    if any(grid.places(unit, digit).bit_count() != 3 for unit in extra_units):
        return
    yield Step(
        "BUG+1",
        placements=((extra_cell, digit),),
        explanation=(
            f"Every empty cell but {cell_name(extra_cell, n)} has exactly two candidates, "
            f"and every digit has exactly two places in each unit, except {symbol(digit)}, "
            f"which has three in each unit of {cell_name(extra_cell, n)}. If "
            f"{cell_name(extra_cell, n)} were not {symbol(digit)}, every unit would be a "
            "web of pairs that can be completed two ways or not at all, never exactly one; "
            f"the puzzle has one solution, so place {symbol(digit)} in "
            f"{cell_name(extra_cell, n)}."
        ),
        marks=(Mark(extra_cell, digit, Role.FIN),)
        + tuple(
            Mark(extra_cell, d, Role.PATTERN) for d in digits_of(cands[extra_cell]) if d != digit
        ),
        units=extra_units,
        rating=BUG_RATING,
    )
