"""Single-digit patterns: two strong links joined by a weak one, and the empty rectangle.

A *strong link* on a digit is a unit where it has exactly two places: one of them
holds it.  Two strong links ``a1-b1`` and ``a2-b2`` whose inner ends ``b1`` and ``a2``
see each other cannot both end inside (``b1`` and ``a2`` are not both the digit), so
``a1`` or ``b2`` holds it, and any cell that sees both outer ends loses it.  Players
learn three shapes of this one idea under their own names:

- *Skyscraper*: two parallel links (two rows or two columns) whose inner ends share
  a cross line;
- *2-String Kite*: a row link and a column link whose inner ends share a region;
- *Turbot Fish*: every other combination (a region link, or parallel links joined
  by a region).

*Empty Rectangle*: a region whose places for a digit all lie on one row and one
column of it, combined with a strong link on a line that meets that row (or
column) outside the region.  Nothing assumes 3x3 boxes: any region whose places
fit a row-plus-column cross works.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from ...shape import Shape
from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, cells_of, tables
from ..memo import LastGrid
from ..registry import Level, technique
from ..step import Link, Mark, Role, Step
from ..wording import cells_text, removal_text

SKYSCRAPER_RATING = 4.0
KITE_RATING = 4.1
TURBOT_RATING = 4.2
EMPTY_RECTANGLE_RATING = 4.2

ROW, COLUMN, REGION = 0, 1, 2


@dataclass(frozen=True)
class Chain:
    """``a1 = b1 - a2 = b2`` on one digit: strong links in two units, weak via ``joint``."""

    kind: str
    digit: int
    a1: int
    b1: int
    a2: int
    b2: int
    unit1: int
    unit2: int
    joint: int
    targets: int


def _strong_links(grid: CandidateGrid, digit: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each pair of cells that is a strong link, with every unit that makes it one."""
    found: dict[tuple[int, int], list[int]] = {}
    for unit in range(3 * grid.size):
        places = grid.places(unit, digit)
        if places.bit_count() == 2:
            a, b = cells_of(places)
            found.setdefault((a, b), []).append(unit)
    return [(a, b, tuple(units)) for (a, b), units in found.items()]


def _shared_unit(shape: Shape, one: int, two: int) -> int | None:
    """A unit holding both cells (row, then column, then region), or None."""
    for u1, u2 in zip(shape.cell_units[one], shape.cell_units[two], strict=True):
        if u1 == u2:
            return u1
    return None


def _chains(grid: CandidateGrid) -> Iterator[Chain]:
    """Every two-strong-link chain that removes something, classified by shape."""
    n = grid.size
    shape = grid.shape
    peer_mask = grid.tables.peer_mask
    for digit in range(1, n + 1):
        links = _strong_links(grid, digit)
        holders = grid.digit_cells(digit)
        for i, (x1, y1, units1) in enumerate(links):
            for x2, y2, units2 in links[i + 1 :]:
                if len({x1, y1, x2, y2}) < 4:
                    continue
                for a1, b1 in ((x1, y1), (y1, x1)):
                    for a2, b2 in ((x2, y2), (y2, x2)):
                        joint = _shared_unit(shape, b1, a2)
                        if joint is None:
                            continue
                        targets = holders & peer_mask[a1] & peer_mask[b2]
                        targets &= ~(1 << b1 | 1 << a2)
                        if not targets:
                            continue
                        kind, unit1, unit2 = _classify(n, units1, units2, joint)
                        yield Chain(kind, digit, a1, b1, a2, b2, unit1, unit2, joint, targets)


def _classify(
    n: int, units1: tuple[int, ...], units2: tuple[int, ...], joint: int
) -> tuple[str, int, int]:
    """The player's name for two links joined through ``joint``, and the units it uses."""
    joint_kind = joint // n
    for u1 in units1:
        for u2 in units2:
            k1, k2 = u1 // n, u2 // n
            if k1 == k2 != REGION and joint_kind == 1 - k1:
                return "Skyscraper", u1, u2
    for u1 in units1:
        for u2 in units2:
            if {u1 // n, u2 // n} == {ROW, COLUMN} and joint_kind == REGION:
                return "2-String Kite", u1, u2
    return "Turbot Fish", units1[0], units2[0]


_chain_memo: LastGrid[list[Chain]] = LastGrid()


def _chain_steps(grid: CandidateGrid, kind: str, rating: float) -> Iterator[Step]:
    n = grid.size
    shape = grid.shape
    seen: set[tuple[int, frozenset[int], int]] = set()
    for chain in _chain_memo.get(grid, None, lambda: list(_chains(grid))):
        if chain.kind != kind:
            continue
        key = (chain.digit, frozenset((chain.a1, chain.b1, chain.a2, chain.b2)), chain.targets)
        if key in seen:
            continue
        seen.add(key)
        d = symbol(chain.digit)
        a1, b1, a2, b2 = (cell_name(c, n) for c in (chain.a1, chain.b1, chain.a2, chain.b2))
        eliminations = tuple((cell, chain.digit) for cell in cells_of(chain.targets))
        explanation = (
            f"{kind} on {d}: in {shape.unit_name(chain.unit1)}, {d} can only go in {a1} or "
            f"{b1}; in {shape.unit_name(chain.unit2)}, only in {a2} or {b2}. {b1} and {a2} "
            f"share {shape.unit_name(chain.joint)}, so they are not both {d}: if {b1} is not "
            f"{d} then {a1} is, and if {a2} is not then {b2} is. So {a1} or {b2} is {d}, and "
            f"a cell that sees both cannot be: {removal_text(eliminations, n)}."
        )
        pattern = (chain.a1, chain.b1, chain.a2, chain.b2)
        yield Step(
            kind,
            eliminations=eliminations,
            explanation=explanation,
            marks=tuple(Mark(c, chain.digit, Role.PATTERN) for c in pattern)
            + tuple(Mark(c, chain.digit, Role.FOCUS) for c, _ in eliminations),
            links=(
                Link((chain.a1, chain.digit), (chain.b1, chain.digit), strong=True),
                Link((chain.b1, chain.digit), (chain.a2, chain.digit), strong=False),
                Link((chain.a2, chain.digit), (chain.b2, chain.digit), strong=True),
            ),
            units=(chain.unit1, chain.unit2, chain.joint),
            rating=rating,
        )


@technique("Skyscraper", level=Level.HARD, rating=SKYSCRAPER_RATING)
def skyscraper(grid: CandidateGrid) -> Iterator[Step]:
    """Two parallel strong links with one end each on a common cross line."""
    return _chain_steps(grid, "Skyscraper", SKYSCRAPER_RATING)


@technique("2-String Kite", level=Level.HARD, rating=KITE_RATING)
def two_string_kite(grid: CandidateGrid) -> Iterator[Step]:
    """A row strong link and a column strong link joined inside a region."""
    return _chain_steps(grid, "2-String Kite", KITE_RATING)


@technique("Turbot Fish", level=Level.HARD, rating=TURBOT_RATING)
def turbot_fish(grid: CandidateGrid) -> Iterator[Step]:
    """Any other two strong links joined by a weak link (one of them may be a region)."""
    return _chain_steps(grid, "Turbot Fish", TURBOT_RATING)


@dataclass(frozen=True)
class Cross:
    """Row ``row`` and column ``column`` through a region, as cell bitsets."""

    region: int  # region unit
    row: int
    column: int
    row_cells: int  # the row's cells inside the region
    column_cells: int  # the column's cells inside the region


@functools.lru_cache(maxsize=64)
def _crosses(shape: Shape) -> tuple[Cross, ...]:
    """Every row-and-column pair that meets a region (built once per shape)."""
    n = shape.size
    unit_mask = tables(shape).unit_mask
    found = []
    for region in range(2 * n, 3 * n):
        members = unit_mask[region]
        rows = sorted({c // n for c in shape.units[region]})
        columns = sorted({c % n for c in shape.units[region]})
        for row in rows:
            for column in columns:
                found.append(
                    Cross(
                        region,
                        row,
                        column,
                        members & unit_mask[row],
                        members & unit_mask[n + column],
                    )
                )
    return tuple(found)


@technique("Empty Rectangle", level=Level.HARD, rating=EMPTY_RECTANGLE_RATING)
def empty_rectangle(grid: CandidateGrid) -> Iterator[Step]:
    """A region's digit confined to a row-plus-column cross, and a strong link off it.

    With the region's places all on row R or column C: a strong link on a column
    with one end ``p`` on row R (outside the region) and the other end ``q`` on row
    rb makes the cell ``t`` at (rb, C) impossible.  If ``t`` held the digit, ``q``
    would not, so ``p`` would; then ``p`` clears row R of the region and ``t`` clears
    column C, and the region is left without the digit.  The same holds with rows
    and columns swapped.
    """
    n = grid.size
    shape = grid.shape
    unit_mask = grid.tables.unit_mask
    seen: set[tuple[int, int, int]] = set()
    for cross in _crosses(shape):
        for digit in range(1, n + 1):
            places = grid.places(cross.region, digit)
            if not places or places & ~(cross.row_cells | cross.column_cells):
                continue
            if not places & cross.row_cells & ~cross.column_cells:
                continue
            if not places & cross.column_cells & ~cross.row_cells:
                continue
            region_cells = unit_mask[cross.region]
            # A strong link on a column through row R, or on a row through column C.
            for link_is_column in (True, False):
                for link_unit in range(n, 2 * n) if link_is_column else range(n):
                    link = grid.places(link_unit, digit)
                    if link.bit_count() != 2:
                        continue
                    for p, q in _ends(link):
                        if region_cells >> p & 1:
                            continue
                        if link_is_column:
                            if p // n != cross.row:
                                continue
                            t = (q // n) * n + cross.column
                        else:
                            if p % n != cross.column:
                                continue
                            t = cross.row * n + q % n
                        if t == q or region_cells >> t & 1:
                            continue
                        if not grid.cands[t] >> (digit - 1) & 1:
                            continue
                        key = (digit, cross.region, t)
                        if key in seen:
                            continue
                        seen.add(key)
                        yield _rectangle_step(grid, digit, cross, places, link_unit, p, q, t)


def _ends(link: int) -> tuple[tuple[int, int], tuple[int, int]]:
    a, b = cells_of(link)
    return (a, b), (b, a)


def _rectangle_step(
    grid: CandidateGrid,
    digit: int,
    cross: Cross,
    places: int,
    link_unit: int,
    p: int,
    q: int,
    t: int,
) -> Step:
    n = grid.size
    shape = grid.shape
    d = symbol(digit)
    region = shape.unit_name(cross.region)
    row = shape.unit_name(cross.row)
    column = shape.unit_name(n + cross.column)
    pn, qn, tn = cell_name(p, n), cell_name(q, n), cell_name(t, n)
    cleared_by_p, cleared_by_t = (row, column) if link_unit >= n else (column, row)
    eliminations = ((t, digit),)
    explanation = (
        f"Empty Rectangle on {d}: in {region}, every {d} is in {row} or {column} "
        f"({cells_text(cells_of(places), n)}). {shape.unit_name(link_unit).capitalize()} has "
        f"its {d}s only in {pn} and {qn}. If {tn} were {d}, {qn} would not be, so {pn} "
        f"would; {pn} rules out {d} in {cleared_by_p} of {region} and {tn} rules it out in "
        f"{cleared_by_t}, leaving {region} without a {d}. So "
        f"{removal_text(eliminations, n)}."
    )
    return Step(
        "Empty Rectangle",
        eliminations=eliminations,
        explanation=explanation,
        marks=tuple(Mark(c, digit, Role.PATTERN) for c in cells_of(places))
        + (Mark(p, digit, Role.PATTERN), Mark(q, digit, Role.PATTERN), Mark(t, digit, Role.FOCUS)),
        links=(Link((q, digit), (p, digit), strong=True),),
        units=(cross.region, link_unit),
        rating=EMPTY_RECTANGLE_RATING,
    )
