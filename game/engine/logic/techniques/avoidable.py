"""Avoidable Rectangles: deadly patterns among digits the solver placed, not the givens.

A deadly pattern needs four cells that are not givens (see ``logic/rectangles.py``);
they need not be empty.  A digit placed on the way is part of the one solution, but
it is not a clue, so four such cells ending as ``x, y`` / ``y, x`` could still be
swapped into a second solution of the same givens.  Which placed digits are givens
is the grid's ``givens`` bitset; where the caller did not say, every placed digit
counts as given and these techniques stay silent.

- *Avoidable Rectangle type 1*: three corners are placed (not given) as ``x`` on one
  and ``y`` on the two beside it; the fourth corner, diagonal to the ``x``, cannot be ``x``.
- *Avoidable Rectangle type 2*: two corners on one row or column are placed (not
  given) as ``x`` and ``y``; the other two would have to be ``y`` and ``x``.  If each
  allows only that digit and one more, the same ``z`` for both, one of them is
  ``z``, and a cell seeing both cannot be.

Ratings: Sudoku Explainer has no avoidable rectangles; type 1 is the same step as
its Unique Rectangle type 1 (4.5) and type 2 as its type 2 (4.5), plus 0.1 for type
2 because the reader must work out which digit each empty corner would need.
Rows, columns and regions come from the unit tables (jigsaw and every size).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, cells_of
from ..rectangles import Corners, corners_of, pattern_marks, region_word, splits_in_two_regions
from ..registry import Level, technique
from ..step import Mark, Role, Step
from ..wording import and_list, cells_text, removal_text

TYPE_1_RATING = 4.5
TYPE_2_RATING = 4.6
NAME = "Avoidable Rectangle"


def _rectangles(grid: CandidateGrid) -> Iterator[Corners]:
    """Rectangles over two regions with no given corner and two placed ones on a line.

    Both types need two placed corners on one row or column holding different
    digits ``v`` and ``w``, so the search starts from such pairs and tries every
    other line; a far corner must be able to take the digit the pattern gives it
    (placed so, not as a given, or still a candidate), and one at least is empty.
    """
    n = grid.size
    values = grid.values
    cands = grid.cands
    givens = grid.givens
    placed = [cell for cell, value in enumerate(values) if value and not givens >> cell & 1]

    def fits(cell: int, digit: int) -> int:
        """2 if ``cell`` is a placed non-given ``digit``, 1 if it allows it, else 0."""
        if values[cell]:
            return 2 if values[cell] == digit and not givens >> cell & 1 else 0
        return cands[cell] >> (digit - 1) & 1

    seen: set[Corners] = set()
    for i, one in enumerate(placed):
        r1, c1 = divmod(one, n)
        for two in placed[i + 1 :]:
            r2, c2 = divmod(two, n)
            v, w = values[one], values[two]
            if v == w or (r1 != r2 and c1 != c2):
                continue
            across = r1 == r2  # the pair shares a row; the far corners share another
            for line in range(n):
                if line == (r1 if across else c1):
                    continue
                far_one = line * n + c1 if across else r1 * n + line
                far_two = line * n + c2 if across else r2 * n + line
                got_one, got_two = fits(far_one, w), fits(far_two, v)
                if not got_one or not got_two or got_one + got_two == 4:
                    continue
                if across:
                    corners = corners_of(n, (r1, line), (c1, c2))
                else:
                    corners = corners_of(n, (r1, r2), (c1, line))
                if corners in seen:
                    continue
                seen.add(corners)
                if splits_in_two_regions(grid.shape, corners):
                    yield corners


def _needs(grid: CandidateGrid, corners: Corners) -> tuple[int, int, tuple[int, ...]] | None:
    """``(x, y, need)``: the two digits and what each corner needs to be deadly.

    ``need[i]`` is the digit corner ``i`` would take in the deadly pattern the placed
    corners start; None when the placed corners cannot belong to one.
    """
    values = grid.values
    need = [0, 0, 0, 0]
    for i, cell in enumerate(corners):
        if values[cell]:
            need[i] = values[cell]
    digits = {d for d in need if d}
    if len(digits) != 2:
        return None
    x, y = sorted(digits)
    other = {x: y, y: x}
    for i in range(4):
        if need[i]:
            continue
        if need[3 - i]:
            need[i] = need[3 - i]
        elif need[i ^ 1]:
            need[i] = other[need[i ^ 1]]
        else:
            need[i] = other[need[i ^ 2]]
    # The placed corners must fit one pattern: diagonals equal, neighbours different.
    if need[0] != need[3] or need[1] != need[2] or need[0] == need[1]:
        return None
    return x, y, tuple(need)


def _intro(grid: CandidateGrid, corners: Corners, x: int, y: int) -> str:
    n = grid.size
    placed = [cell for cell in corners if grid.values[cell]]
    told = and_list([f"{cell_name(cell, n)} = {symbol(grid.values[cell])}" for cell in placed])
    return (
        f"{cells_text(corners, n)} form a rectangle over two {region_word(grid)}, and none "
        f"of them is a given ({told} were placed while solving). If the four ended as "
        f"{symbol(x)} and {symbol(y)}, swapping the two digits there would give a second "
        "solution with the same givens; the puzzle has one, so that cannot happen. "
    )


@technique(NAME, level=Level.EXPERT, rating=TYPE_1_RATING, needs_unique=True)
def avoidable_rectangle(grid: CandidateGrid) -> Iterator[Step]:
    """Types 1 and 2, in that order for each rectangle."""
    n = grid.size
    cands = grid.cands
    peer_mask = grid.tables.peer_mask
    for corners in _rectangles(grid):
        found = _needs(grid, corners)
        if found is None:
            continue
        x, y, need = found
        empty = [i for i, cell in enumerate(corners) if not grid.values[cell]]
        marks = pattern_marks(grid, corners, x, y)
        if len(empty) == 1:
            (i,) = empty
            cell, digit = corners[i], need[i]
            if not cands[cell] >> (digit - 1) & 1:
                continue
            eliminations: tuple[tuple[int, int], ...] = ((cell, digit),)
            yield Step(
                NAME,
                eliminations=eliminations,
                explanation=(
                    f"{_intro(grid, corners, x, y)}With the other three corners placed, "
                    f"{symbol(digit)} in {cell_name(cell, n)} would complete it: "
                    f"{removal_text(eliminations, n)}."
                ),
                marks=marks + (Mark(cell, digit, Role.FOCUS),),
                rating=TYPE_1_RATING,
            )
        elif len(empty) == 2:
            one, two = (corners[i] for i in empty)
            need_one, need_two = (need[i] for i in empty)
            if not (cands[one] >> (need_one - 1) & 1 and cands[two] >> (need_two - 1) & 1):
                continue
            extra_one = cands[one] & ~(1 << (need_one - 1))
            extra_two = cands[two] & ~(1 << (need_two - 1))
            if extra_one != extra_two or extra_one.bit_count() != 1:
                continue
            z = extra_one.bit_length()
            targets = grid.digit_cells(z) & peer_mask[one] & peer_mask[two]
            if not targets:
                continue
            eliminations = tuple((cell, z) for cell in cells_of(targets))
            a, b = cell_name(one, n), cell_name(two, n)
            yield Step(
                NAME,
                eliminations=eliminations,
                explanation=(
                    f"{_intro(grid, corners, x, y)}It would take {symbol(need_one)} in {a} "
                    f"and {symbol(need_two)} in {b}; each allows only one other digit, "
                    f"{symbol(z)}, so one of them is {symbol(z)}, and a cell that sees "
                    f"both cannot be: {removal_text(eliminations, n)}."
                ),
                marks=marks
                + (Mark(one, z, Role.FIN), Mark(two, z, Role.FIN))
                + tuple(Mark(cell, z, Role.FOCUS) for cell, _ in eliminations),
                rating=TYPE_2_RATING,
            )
