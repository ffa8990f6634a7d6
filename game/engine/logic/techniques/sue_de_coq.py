"""Sue de Coq: a locked set spread over a line and a region that cross.

Take cells ``C`` (two or more) where a row or column meets a region, holding the
digits ``V``, at least two more digits than cells.  Add cells ``A`` from the rest of
the line and cells ``B`` from the rest of the region, such that ``A`` and ``B``
share no digit and the three groups together hold exactly as many digits as they
have cells.  Every digit of the pattern is then confined to one unit inside it:
a digit of ``A`` can only be in ``A`` or ``C`` (all in the line), one of ``B`` only
in ``B`` or ``C`` (all in the region), one of ``V`` alone only in ``C``.  So each
digit is placed there at most once, and since there are as many digits as cells,
exactly once: a cell that sees every place of a digit in the pattern cannot have
it.  That removes ``A``'s digits and ``V``'s other digits from the rest of the line,
``B``'s digits and ``V``'s other digits from the rest of the region, and more where
a digit's places happen to share another unit.

Extended forms are the same rule: ``C`` may be any number of the crossing's cells
(three on 9x9, four on 16x16, more where a jigsaw region runs along a line), the
crossing's other cells may join ``A`` or ``B``, and ``A`` and ``B`` may hold digits
outside ``V`` as long as each still takes at least one digit of ``V``.  Jigsaw
regions meet lines in any pattern of cells; the search only uses the unit tables.
``A`` and ``B`` have at most :data:`MAX_SIDE` cells each (:data:`MAX_SIDE_LARGE` on
grids larger than 9x9), which keeps the search to a couple of milliseconds on 9x9
and under about 100 ms on mid-solve 25x25 grids, and loses nothing a player would
spot.

Rating: the pattern is a locked set bent over two units, like the WXYZ- and
VWXYZ-Wings (Sukaku Explainer's 5.5 and 6.2 for four and five cells, which this
engine uses), but with no digit left free; it is rated as the wing of the same
number of cells, and 0.4 more per cell beyond five (the step between Sukaku
Explainer's larger one-digit patterns), so the smallest Sue de Coq is 5.5.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Iterator

from ...shape import Shape
from ..als import common_peers, digit_list
from ..als_text import digits_word
from ..grid import CandidateGrid, cells_of
from ..registry import Level, technique
from ..step import Area, AreaKind, Mark, Role, Step
from ..wording import cells_text, removal_text

SUE_DE_COQ_RATING = 5.5
"""Four cells (two in the crossing, one on each side), as the WXYZ-Wing."""

MAX_SIDE = 4
"""Cells on the line's side (and on the region's side) at most, up to 9x9."""

MAX_SIDE_LARGE = 3
"""The same on larger grids, whose units are long enough for side groups to explode."""

Group = tuple[int, int, int]  # cells, digits, how many cells
Side = tuple[int, int, int]  # cells, digits, digits of V it takes up
Pattern = tuple[int, int, int, int]  # size, C, A, B


def rating(cells: int) -> float:
    """5.5 for four cells, 6.2 for five, then 0.4 more per cell."""
    if cells <= 4:
        return SUE_DE_COQ_RATING
    return round(6.2 + 0.4 * (cells - 5), 1)


@technique("Sue de Coq", level=Level.EXPERT, rating=SUE_DE_COQ_RATING, local=True)
def sue_de_coq(grid: CandidateGrid) -> Iterator[Step]:
    """Crossing cells plus cells of the line and of the region; the fewest cells first.

    Local (:attr:`~..registry.Technique.local`): a pattern is decided by its cells'
    candidates, all in its line and region, so only crossings with a cell in the
    grid's focus are searched, and only their patterns with a cell there told.
    """
    n = grid.size
    cands = grid.cands
    side = MAX_SIDE if n <= 9 else MAX_SIDE_LARGE
    memo = _memo(grid)
    focus = grid.focus
    found: list[tuple[int, int, int, int, int, int]] = []  # size, line, region, C, A, B
    for line, region, cells, span in _crossings(grid):
        if not span & focus:
            continue
        # What a crossing holds depends only on its line's and region's candidates.
        key = (line, region, *[cands[cell] for cell in cells])
        patterns = memo.get(key)
        if patterns is None:
            patterns = _crossing(grid, line, region, side)
            if len(memo) >= _MEMO_LIMIT:
                memo.clear()
            memo[key] = patterns
        found.extend(
            (size, line, region, core, a, b)
            for size, core, a, b in patterns
            if (core | a | b) & focus
        )
    found.sort()
    told: set[tuple[int, int, int]] = set()
    for size, line, region, core, a_cells, b_cells in found:
        if (core, a_cells, b_cells) in told:
            continue  # the same cells through another line-region pair (none on 9x9)
        told.add((core, a_cells, b_cells))
        eliminations = _eliminations(grid, core | a_cells | b_cells)
        if eliminations:
            yield _step(grid, line, region, core, a_cells, b_cells, eliminations, size)


_MEMO_LIMIT = 50_000
"""Crossings remembered per shape (a few hundred bytes each) before the memo starts over."""

_MEMOS: weakref.WeakKeyDictionary[Shape, dict[tuple[int, ...], tuple[Pattern, ...]]] = (
    weakref.WeakKeyDictionary()
)
Crossing = tuple[int, int, tuple[int, ...], int]  # line, region, their cells, as a bitset
_CROSSINGS: weakref.WeakKeyDictionary[Shape, tuple[Crossing, ...]] = weakref.WeakKeyDictionary()


def _memo(grid: CandidateGrid) -> dict[tuple[int, ...], tuple[Pattern, ...]]:
    """The patterns found per crossing and candidates, for ``grid``'s shape.

    A grade walks positions that differ in a few cells, and digging grades puzzles
    that differ in one clue, so most crossings come back with the same candidates:
    their patterns are looked up instead of searched again (the search was most of
    an Expert grade on variants).  The key holds every candidate the search reads,
    so an entry never goes stale.
    """
    found = _MEMOS.get(grid.shape)
    if found is None:
        found = {}
        _MEMOS[grid.shape] = found
    return found


def _crossings(grid: CandidateGrid) -> tuple[Crossing, ...]:
    """``(line, region, cells of both, as a bitset)`` of each line and region that
    share two cells."""
    shape = grid.shape
    found = _CROSSINGS.get(shape)
    if found is None:
        unit_mask = grid.tables.unit_mask
        found = tuple(
            (line, region, tuple(cells_of(span)), span)
            for line in shape.line_units
            for region in shape.region_units
            if (unit_mask[line] & unit_mask[region]).bit_count() >= 2
            for span in (unit_mask[line] | unit_mask[region],)
        )
        _CROSSINGS[shape] = found
    return found


def _crossing(grid: CandidateGrid, line: int, region: int, side: int) -> tuple[Pattern, ...]:
    """``(size, C, A, B)`` of every pattern on ``line`` and ``region`` (see the module)."""
    n = grid.size
    unit_mask = grid.tables.unit_mask
    cands = grid.cands
    empty = 0
    for cell in cells_of(unit_mask[line] | unit_mask[region]):
        if cands[cell]:
            empty |= 1 << cell
    line_cells = unit_mask[line] & empty
    crossing = line_cells & unit_mask[region]
    if crossing.bit_count() < 2:
        return ()
    region_cells = unit_mask[region] & empty
    # Each side has a cell, and the sides share no digit: so some cell of the line and
    # some cell of the region have no digit in common, or there is no pattern.
    crossing_digits = [cands[cell] for cell in cells_of(crossing)]
    if not _apart(
        [cands[cell] for cell in cells_of(line_cells & ~crossing)] + crossing_digits,
        [cands[cell] for cell in cells_of(region_cells & ~crossing)] + crossing_digits,
        n,
    ):
        return ()
    # A side takes up at most as many spare digits as it has cells.
    cores = [
        (core, digits)
        for core, digits in _subsets(grid, list(cells_of(crossing)), 2, n)
        if 2 <= digits.bit_count() - core.bit_count() <= 2 * side
    ]
    if not cores:
        return ()
    # Groups from outside the crossing are the same for every core: list
    # them once per crossing (cells left over from a core are added later).
    spare = 0
    for digits in crossing_digits:
        spare |= digits
    line_groups = _groups(grid, line_cells & ~crossing, spare, side)
    region_groups = _groups(grid, region_cells & ~crossing, spare, side)
    if crossing.bit_count() < 2 + (not line_groups) + (not region_groups):
        return ()  # an empty side would need cells left over from the crossing
    # The same with the groups: a side holds one of them, or else only cells of the
    # crossing, and a group's digits are all the side's.
    if not _apart(
        [digits for _cells, digits, _size in line_groups] + crossing_digits,
        [digits for _cells, digits, _size in region_groups] + crossing_digits,
        n,
    ):
        return ()
    found: list[Pattern] = []
    everything = (1 << n) - 1
    for core, core_digits in cores:
        extra = core_digits.bit_count() - core.bit_count()
        # The crossing's cells left out of the core may join either side.
        leftover = list(_subsets(grid, list(cells_of(crossing & ~core)), 1, side))
        line_sides = _sides(line_groups, leftover, side, core_digits, extra)
        if not line_sides:
            continue
        region_sides = _sides(region_groups, leftover, side, core_digits, extra)
        if not region_sides:
            continue
        fits = _fits(region_sides, n)
        for a_cells, a_digits, taken in line_sides:
            want = extra - taken
            if fits is not None and not fits.get(want, 0) >> (everything & ~a_digits) & 1:
                continue  # no region side taking the rest avoids all of this side's digits
            for b_cells, b_digits, b_taken in region_sides:
                if b_taken != want or a_cells & b_cells or a_digits & b_digits:
                    continue
                found.append(((core | a_cells | b_cells).bit_count(), core, a_cells, b_cells))
    return tuple(found)


def _subsets(
    grid: CandidateGrid, cells: list[int], smallest: int, largest: int
) -> Iterator[tuple[int, int]]:
    """``(cells, digits)`` of every subset of ``cells`` of ``smallest..largest`` cells."""
    cands = grid.cands
    stack = [(0, 0, 0, 0)]
    while stack:
        start, count, chosen, digits = stack.pop()
        for i in range(start, len(cells)):
            grown = chosen | 1 << cells[i]
            more = digits | cands[cells[i]]
            if count + 1 >= smallest:
                yield grown, more
            if count + 1 < largest:
                stack.append((i + 1, count + 1, grown, more))


def _groups(grid: CandidateGrid, pool: int, crossing_digits: int, largest: int) -> list[Group]:
    """``(cells, digits, size)`` of the groups of up to ``largest`` cells of ``pool`` that
    could be a side of some core of the crossing.

    A side of ``k`` cells must have fewer than ``k`` digits outside its core, so
    fewer than ``k`` outside the whole crossing; a group with ``largest`` such
    digits can never become one, however it grows (this keeps near-empty large
    grids cheap).
    """
    cands = grid.cands
    cells = list(cells_of(pool))
    found = []
    stack = [(0, 0, 0, 0)]
    while stack:
        start, count, chosen, digits = stack.pop()
        for i in range(start, len(cells)):
            more = digits | cands[cells[i]]
            outside = (more & ~crossing_digits).bit_count()
            if outside >= largest:
                continue
            grown = chosen | 1 << cells[i]
            if outside <= count:
                found.append((grown, more, count + 1))
            if count + 1 < largest:
                stack.append((i + 1, count + 1, grown, more))
    return found


def _sides(
    groups: list[Group], extras: list[tuple[int, int]], largest: int, core_digits: int, extra: int
) -> list[Side]:
    """The sides a core can take up 1 to ``extra - 1`` of its spare digits with: a
    group of ``groups``, one of ``extras`` (``(cells, digits)`` of groups of the
    crossing's other cells), or a group with an extra, within ``largest`` cells.

    A group of ``k`` cells holding ``e`` digits outside the core takes up ``k - e`` of
    them; it must hold at least one core digit.  Each grown group is tested as it is
    made, never listed: this runs for every core of every crossing searched, and
    listing them first took a tenth more of Sue de Coq's time in jigsaw Windoku grades.
    """
    found = []
    outside = ~core_digits
    for cells, digits, size in groups:
        if digits & core_digits:
            taken = size - (digits & outside).bit_count()
            if 0 < taken < extra:
                found.append((cells, digits, taken))
    for more_cells, more_digits in extras:
        more_size = more_cells.bit_count()
        if more_digits & core_digits:
            taken = more_size - (more_digits & outside).bit_count()
            if 0 < taken < extra:
                found.append((more_cells, more_digits, taken))
        room = largest - more_size
        for cells, digits, size in groups:
            if size <= room:
                digits |= more_digits
                if digits & core_digits:
                    taken = size + more_size - (digits & outside).bit_count()
                    if 0 < taken < extra:
                        found.append((cells | more_cells, digits, taken))
    return found


def _apart(ones: list[int], others: list[int], n: int) -> bool:
    """Whether some digit set of ``ones`` shares no digit with some set of ``others``.

    A cheap test that rules most crossings out before any core is tried: in the
    grades of 37 jigsaw Windoku candidates, no cell of the line and cell of the region
    were apart at 65 % of the crossings searched, and with the groups at 88 % or more.
    """
    supersets = _supersets(n)
    if supersets is None:
        return any(not one & other for one in ones for other in others)
    fits = 0
    for digits in others:
        fits |= supersets[digits]
    everything = (1 << n) - 1
    return any(fits >> (everything & ~digits) & 1 for digits in ones)


def _fits(sides: list[Side], n: int) -> dict[int, int] | None:
    """Per number of spare digits taken up, the digit sets that hold the digits of
    some of ``sides`` taking that many: a bitmap over digit sets (bit ``m`` for the
    set ``m``), so a side whose digits are ``d`` has a partner with none of them
    exactly when bit ``~d`` is set.  None on grids with more than nine digits, whose
    bitmaps would be too large; the caller then pairs every side with every other.
    """
    supersets = _supersets(n)
    if supersets is None:
        return None
    fits: dict[int, int] = {}
    for _cells, digits, taken in sides:
        fits[taken] = fits.get(taken, 0) | supersets[digits]
    return fits


@functools.cache
def _supersets(n: int) -> tuple[int, ...] | None:
    """For each set of digits ``d`` of an ``n``-digit grid, the bitmap of the sets
    that contain it (None above nine digits: 512 bitmaps of 512 bits is 32 kB, 16
    digits would take 512 MB)."""
    if n > 9:
        return None
    sets = range(1 << n)
    return tuple(sum(1 << m for m in sets if m & d == d) for d in sets)


def _eliminations(grid: CandidateGrid, pattern: int) -> tuple[tuple[int, int], ...]:
    """Each digit of the pattern leaves the cells seeing all its places in it."""
    peer_mask = grid.tables.peer_mask
    digits = 0
    for cell in cells_of(pattern):
        digits |= grid.cands[cell]
    removed: list[tuple[int, int]] = []
    for digit in digit_list(digits):
        places = pattern & grid.digit_cells(digit)
        targets = common_peers(places, peer_mask) & grid.digit_cells(digit) & ~pattern
        removed.extend((cell, digit) for cell in cells_of(targets))
    return tuple(sorted(removed))


def _hold(cells: int, digits: int, size: int) -> str:
    """``r7c2 and r7c3 hold 1, 2 and 6`` (``holds`` for one cell)."""
    verb = "holds" if cells.bit_count() == 1 else "hold"
    return f"{cells_text(cells_of(cells), size)} {verb} {digits_word(digits)}"


def _digits_of(grid: CandidateGrid, cells: int) -> int:
    digits = 0
    for cell in cells_of(cells):
        digits |= grid.cands[cell]
    return digits


def _step(
    grid: CandidateGrid,
    line: int,
    region: int,
    core: int,
    a_cells: int,
    b_cells: int,
    eliminations: tuple[tuple[int, int], ...],
    size: int,
) -> Step:
    n = grid.size
    shape = grid.shape
    core_digits = _digits_of(grid, core)
    a_digits = _digits_of(grid, a_cells)
    b_digits = _digits_of(grid, b_cells)
    line_name, region_name = shape.unit_name(line), shape.unit_name(region)
    explanation = (
        f"Where {line_name} meets {region_name}, {_hold(core, core_digits, n)}. In the rest "
        f"of {line_name}, {_hold(a_cells, a_digits, n)}, and in the rest of {region_name}, "
        f"{_hold(b_cells, b_digits, n)}: no digit in both. These {size} cells hold exactly "
        f"{size} digits, and none can be placed in them twice: the first group shares "
        f"{line_name} with the crossing, the second shares {region_name} with it. So each "
        f"digit is placed in them exactly once, and a cell that sees all its places there "
        f"cannot have it: {removal_text(eliminations, n)}."
    )
    marks: list[Mark] = []
    for cells, role in ((core, Role.PATTERN), (a_cells, Role.PIVOT), (b_cells, Role.COVER)):
        for cell in cells_of(cells):
            marks.extend(Mark(cell, d, role) for d in digit_list(grid.cands[cell]))
    marks.extend(Mark(cell, digit, Role.OFF) for cell, digit in eliminations)
    areas = (
        Area(tuple(cells_of(core)), AreaKind.ALS, 0, core_digits, "C"),
        Area(tuple(cells_of(a_cells)), AreaKind.ALS, 1, a_digits, "A"),
        Area(tuple(cells_of(b_cells)), AreaKind.ALS, 2, b_digits, "B"),
    )
    return Step(
        "Sue de Coq",
        eliminations=eliminations,
        explanation=explanation,
        marks=tuple(marks),
        units=(line, region),
        rating=rating(size),
        areas=areas,
    )
