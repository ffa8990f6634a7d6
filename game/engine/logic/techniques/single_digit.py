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

*Dual 2-String Kite* and *Dual Empty Rectangle* (HoDoKu's names): two kites joined
through the same two region cells, or two empty rectangles on the same region
places, each with its own target; told as one step because the player finds both
in one look.  They rate as their single forms (each half is one), so the single
forms, registered first, come first on a solving path.

Under a variant's rules (:mod:`..variant_units`) a strong link may lie in any house
of ``N`` cells (a diagonal, an extra region, a disjoint group), and two cells see
each other for the digit through any house or any constraint's link (a knight's
move, a cage).  The names keep their shapes: parallel row (or column) links joined
across anything but a region make a Skyscraper, a row link and a column link joined
anywhere a 2-String Kite, and every other pair (one in a diagonal or an extra
region, say) a Turbot Fish; the explanation says which rule makes two cells see each
other when no row, column or region does.  The Empty Rectangle's house may then be
any full house other than a row or a column (a box, an extra region, a diagonal, a
disjoint group): its argument needs only that the house holds the digit once and
that its places lie in one row and one column; the target is a cell of that column
(or row) outside the house that sees the link's far end through any rule.  The dual
patterns take the variant kites and rectangles whose joint is a region of the shape.

Ratings are Sudoku Explainer's where it has the pattern (Skyscraper 4.0, 2-String
Kite 4.1, Turbot Fish and Empty Rectangle 4.2, as Sukaku Explainer rates
two-strong-link patterns).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ...houses import HouseKind
from ...shape import Shape
from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, cells_of, tables
from ..memo import LastGrid
from ..registry import Level, technique
from ..step import Link, Mark, Role, Step
from ..variant_units import VariantUnits, sees_reason, sightings, variant_units
from ..wording import cells_text, digits_text, removal_text

SKYSCRAPER_RATING = 4.0
KITE_RATING = 4.1
TURBOT_RATING = 4.2
EMPTY_RECTANGLE_RATING = 4.2
DUAL_KITE_RATING = KITE_RATING
DUAL_EMPTY_RECTANGLE_RATING = EMPTY_RECTANGLE_RATING


@dataclass(frozen=True)
class Chain:
    """``a1 = b1 - a2 = b2`` on one digit: strong links in two units, weak via ``joint``.

    Under a variant the units are the variant's (:class:`VariantUnits` numbering, the
    shape's first), and ``joint`` is None when a constraint, not a house, makes
    ``b1`` and ``a2`` see each other.
    """

    kind: str
    digit: int
    a1: int
    b1: int
    a2: int
    b2: int
    unit1: int
    unit2: int
    joint: int | None
    targets: int


def _strong_links(grid: CandidateGrid, digit: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each pair of cells that is a strong link, with every unit that makes it one."""
    found: dict[tuple[int, int], list[int]] = {}
    for unit in range(len(grid.shape.units)):
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


def _variant(grid: CandidateGrid) -> VariantUnits | None:
    """The variant's tables when it adds houses or links to the shape; else None."""
    units = variant_units(grid)
    return units if units is not None and units.extra else None


def _chains(grid: CandidateGrid) -> Iterator[Chain]:
    """Every two-strong-link chain that removes something, classified by shape."""
    units = _variant(grid)
    if units is not None:
        yield from _variant_chains(grid, units)
        return
    n = grid.size
    shape = grid.shape
    peer_mask = grid.tables.peer_mask
    for digit in range(1, n + 1):
        links = _strong_links(grid, digit)
        holders = grid.digit_cells(digit)
        for a1, b1, units1, a2, b2, units2 in _joinable(links):
            joint = _shared_unit(shape, b1, a2)
            if joint is None:
                continue
            targets = holders & peer_mask[a1] & peer_mask[b2]
            targets &= ~(1 << b1 | 1 << a2)
            if not targets:
                continue
            kind, unit1, unit2 = _classify(shape, units1, units2, joint)
            yield Chain(kind, digit, a1, b1, a2, b2, unit1, unit2, joint, targets)


def _joinable(
    links: Sequence[tuple[int, int, tuple[int, ...]]],
) -> Iterator[tuple[int, int, tuple[int, ...], int, int, tuple[int, ...]]]:
    """Every way to join two strong links of four distinct cells end to end:
    (a1, b1, units1, a2, b2, units2) where b1 and a2 would be the joined ends."""
    for i, (x1, y1, units1) in enumerate(links):
        for x2, y2, units2 in links[i + 1 :]:
            if len({x1, y1, x2, y2}) < 4:
                continue
            for a1, b1 in ((x1, y1), (y1, x1)):
                for a2, b2 in ((x2, y2), (y2, x2)):
                    yield a1, b1, units1, a2, b2, units2


def _classify(
    shape: Shape, units1: tuple[int, ...], units2: tuple[int, ...], joint: int
) -> tuple[str, int, int]:
    """The player's name for two links joined through ``joint``, and the units it uses."""
    houses = shape.houses
    joint_kind = houses[joint].kind
    for u1 in units1:
        for u2 in units2:
            kind = houses[u1].kind  # two parallel lines, joined by a line across
            if (
                kind is houses[u2].kind
                and kind.is_line
                and joint_kind.is_line
                and joint_kind is not kind
            ):
                return "Skyscraper", u1, u2
    for u1 in units1:
        for u2 in units2:
            kinds = {houses[u1].kind, houses[u2].kind}
            if kinds == {HouseKind.ROW, HouseKind.COLUMN} and joint_kind.is_region:
                return "2-String Kite", u1, u2
    return "Turbot Fish", units1[0], units2[0]


def _variant_chains(grid: CandidateGrid, units: VariantUnits) -> Iterator[Chain]:
    """:func:`_chains` under a variant: links in any full house, "sees" by any rule."""
    n = grid.size
    shape_units = units.shape_units
    for digit in range(1, n + 1):
        holders = grid.digit_cells(digit)
        sees = units.digit_peers[digit - 1]
        found: dict[tuple[int, int], list[int]] = {}
        for unit, mask in enumerate(units.unit_mask):
            places = holders & mask
            if places.bit_count() == 2:
                a, b = cells_of(places)
                found.setdefault((a, b), []).append(unit)
        links = [(a, b, tuple(u)) for (a, b), u in found.items()]
        for a1, b1, units1, a2, b2, units2 in _joinable(links):
            if not sees[b1] >> a2 & 1:
                continue
            targets = holders & sees[a1] & sees[b2] & ~(1 << b1 | 1 << a2)
            if not targets:
                continue
            joint = _variant_joint(units, b1, a2)
            kind, unit1, unit2 = _classify_variant(grid.shape, shape_units, units1, units2, joint)
            yield Chain(kind, digit, a1, b1, a2, b2, unit1, unit2, joint, targets)


def _variant_joint(units: VariantUnits, one: int, two: int) -> int | None:
    """The first full house holding both cells (rows, columns, regions, then the
    variant's own), or None."""
    theirs = units.cell_units[two]
    for unit in units.cell_units[one]:
        if unit in theirs:
            return unit
    return None


def _classify_variant(
    shape: Shape,
    shape_units: int,
    units1: tuple[int, ...],
    units2: tuple[int, ...],
    joint: int | None,
) -> tuple[str, int, int]:
    """:func:`_classify` when links may lie in extra houses and ends see by any rule.

    Joined through a row, column or region, links in the shape's units are named as
    on a classic grid; joined through anything else (an extra house, a constraint),
    parallel lines are a Skyscraper and a row with a column a 2-String Kite.
    """
    own1 = tuple(u for u in units1 if u < shape_units)
    own2 = tuple(u for u in units2 if u < shape_units)
    if joint is not None and joint < shape_units:
        if own1 and own2:
            return _classify(shape, own1, own2, joint)
        return "Turbot Fish", units1[0], units2[0]
    houses = shape.houses
    for u1 in own1:
        for u2 in own2:
            kinds = {houses[u1].kind, houses[u2].kind}
            if kinds == {HouseKind.ROW} or kinds == {HouseKind.COLUMN}:
                return "Skyscraper", u1, u2
    for u1 in own1:
        for u2 in own2:
            if {houses[u1].kind, houses[u2].kind} == {HouseKind.ROW, HouseKind.COLUMN}:
                return "2-String Kite", u1, u2
    return "Turbot Fish", units1[0], units2[0]


_chain_memo: LastGrid[list[Chain]] = LastGrid()


def _all_chains(grid: CandidateGrid, kind: str) -> Iterator[Chain]:
    """The chains of one shape, each set of cells and targets once."""
    seen: set[tuple[int, frozenset[int], int]] = set()
    for chain in _chain_memo.get(grid, None, lambda: list(_chains(grid))):
        if chain.kind != kind:
            continue
        key = (chain.digit, frozenset((chain.a1, chain.b1, chain.a2, chain.b2)), chain.targets)
        if key in seen:
            continue
        seen.add(key)
        yield chain


def _unit_name(grid: CandidateGrid, unit: int) -> str:
    """A unit's name in players' words, under a variant's numbering when it has one."""
    units = _variant(grid)
    return grid.shape.unit_name(unit) if units is None else units.names[unit]


def _chain_story(grid: CandidateGrid, chain: Chain) -> str:
    """Why ``a1`` or ``b2`` holds the digit, in the player's words."""
    n = grid.size
    d = symbol(chain.digit)
    a1, b1, a2, b2 = (cell_name(c, n) for c in (chain.a1, chain.b1, chain.a2, chain.b2))
    if chain.joint is not None:
        joined = f"{b1} and {a2} share {_unit_name(grid, chain.joint)}"
    else:
        assert grid.rules is not None  # only a variant's constraint joins without a house
        reason = sees_reason(grid.rules, chain.b1, chain.a2, chain.digit)
        joined = f"{b1} sees {a2} {reason}"
    return (
        f"in {_unit_name(grid, chain.unit1)}, {d} can only go in {a1} or {b1}; in "
        f"{_unit_name(grid, chain.unit2)}, only in {a2} or {b2}. {joined}, so they are "
        f"not both {d}: if {b1} is not {d} then {a1} is, and if {a2} is not then {b2} is. "
        f"So {a1} or {b2} is {d}"
    )


def _shape_units(grid: CandidateGrid, *found: int | None) -> tuple[int, ...]:
    """The units among ``found`` that the board can draw: the shape's own."""
    limit = len(grid.shape.houses)
    return tuple(u for u in found if u is not None and u < limit)


def _seen_from(grid: CandidateGrid, targets: int, holders: tuple[int, ...], digit: int) -> str:
    """`` (r5c5 sees r3c4 by the anti-knight rule)`` under a variant; else nothing."""
    units = _variant(grid)
    return "" if units is None else sightings(units, targets, holders, digit)


def _chain_links(chain: Chain) -> tuple[Link, ...]:
    d = chain.digit
    return (
        Link((chain.a1, d), (chain.b1, d), strong=True),
        Link((chain.b1, d), (chain.a2, d), strong=False),
        Link((chain.a2, d), (chain.b2, d), strong=True),
    )


def _chain_marks(chain: Chain, eliminations: tuple[tuple[int, int], ...]) -> tuple[Mark, ...]:
    pattern = (chain.a1, chain.b1, chain.a2, chain.b2)
    return tuple(Mark(c, chain.digit, Role.PATTERN) for c in pattern) + tuple(
        Mark(c, chain.digit, Role.FOCUS) for c, _ in eliminations
    )


def _chain_steps(grid: CandidateGrid, kind: str, rating: float) -> Iterator[Step]:
    n = grid.size
    for chain in _all_chains(grid, kind):
        eliminations = tuple((cell, chain.digit) for cell in cells_of(chain.targets))
        yield Step(
            kind,
            eliminations=eliminations,
            explanation=(
                f"{kind} on {symbol(chain.digit)}: {_chain_story(grid, chain)}, and a cell "
                f"that sees both"
                f"{_seen_from(grid, chain.targets, (chain.a1, chain.b2), chain.digit)} "
                f"cannot be: {removal_text(eliminations, n)}."
            ),
            marks=_chain_marks(chain, eliminations),
            links=_chain_links(chain),
            units=_shape_units(grid, chain.unit1, chain.unit2, chain.joint),
            rating=rating,
        )


@technique("Skyscraper", level=Level.HARD, rating=SKYSCRAPER_RATING, one_digit=True)
def skyscraper(grid: CandidateGrid) -> Iterator[Step]:
    """Two parallel strong links with one end each on a common cross line."""
    return _chain_steps(grid, "Skyscraper", SKYSCRAPER_RATING)


@technique("2-String Kite", level=Level.HARD, rating=KITE_RATING, one_digit=True)
def two_string_kite(grid: CandidateGrid) -> Iterator[Step]:
    """A row strong link and a column strong link joined inside a region."""
    return _chain_steps(grid, "2-String Kite", KITE_RATING)


@technique("Turbot Fish", level=Level.HARD, rating=TURBOT_RATING, one_digit=True)
def turbot_fish(grid: CandidateGrid) -> Iterator[Step]:
    """Any other two strong links joined by a weak link (one of them may be a region)."""
    return _chain_steps(grid, "Turbot Fish", TURBOT_RATING)


@dataclass(frozen=True)
class Cross:
    """Row ``row`` and column ``column`` through a region, as cell bitsets."""

    region: int  # region unit
    row: int  # row index (0-based), for cell arithmetic
    column: int  # column index
    row_unit: int  # the row's unit
    column_unit: int  # the column's unit
    row_cells: int  # the row's cells inside the region
    column_cells: int  # the column's cells inside the region


@functools.lru_cache(maxsize=64)
def _crosses(shape: Shape) -> tuple[Cross, ...]:
    """Every row-and-column pair that meets a region (built once per shape)."""
    n = shape.size
    unit_mask = tables(shape).unit_mask
    found = []
    for region in shape.region_units:
        members = unit_mask[region]
        rows = sorted({c // n for c in shape.units[region]})
        columns = sorted({c % n for c in shape.units[region]})
        for row in rows:
            for column in columns:
                row_unit, column_unit = shape.row_units[row], shape.column_units[column]
                found.append(
                    Cross(
                        region,
                        row,
                        column,
                        row_unit,
                        column_unit,
                        members & unit_mask[row_unit],
                        members & unit_mask[column_unit],
                    )
                )
    return tuple(found)


@dataclass(frozen=True)
class Corner:
    """One empty rectangle: the region's places, the strong link ``p = q`` and the target ``t``."""

    digit: int
    cross: Cross
    places: int
    link_unit: int
    p: int
    q: int
    t: int


def _empty_rectangles(grid: CandidateGrid) -> list[Corner]:
    """Every empty rectangle (one per digit, region and target), computed once per grid."""
    return _corner_memo.get(grid, None, lambda: list(_any_empty_rectangles(grid)))


def _any_empty_rectangles(grid: CandidateGrid) -> Iterator[Corner]:
    units = _variant(grid)
    if units is None:
        return _find_empty_rectangles(grid)
    return _variant_empty_rectangles(grid, units)


def _variant_empty_rectangles(grid: CandidateGrid, units: VariantUnits) -> Iterator[Corner]:
    """Empty rectangles under a variant: the house any full house but a row or a column,
    the target any cell of the crossing column (or row) outside it that sees the
    link's far end by any rule.

    The argument still holds: the house needs the digit once, and its places all lie
    in row R or column C.  If the target ``t`` held the digit, the far end ``q`` it
    sees would not, so the near end ``p`` on row R would; ``p`` clears row R of the
    house and ``t`` (in column C) clears column C, leaving the house without it.
    """
    n = grid.size
    shape = grid.shape
    lines = set(shape.row_units) | set(shape.column_units)
    unit_mask = units.unit_mask
    seen: set[tuple[int, int, int]] = set()
    for digit in range(1, n + 1):
        holders = grid.digit_cells(digit)
        sees = units.digit_peers[digit - 1]
        for house, members in enumerate(unit_mask):
            if house in lines:
                continue
            places = holders & members
            if places.bit_count() < 2:
                continue
            cells = list(cells_of(places))
            for row in sorted({c // n for c in cells}):
                row_unit = shape.row_units[row]
                row_cells = members & unit_mask[row_unit]
                rest = [c for c in cells if c // n != row]
                columns = {c % n for c in rest}
                if len(columns) != 1:
                    continue  # the places off row R must share one column
                column = columns.pop()
                column_unit = shape.column_units[column]
                column_cells = members & unit_mask[column_unit]
                if not places & row_cells & ~column_cells:
                    continue
                cross = Cross(house, row, column, row_unit, column_unit, row_cells, column_cells)
                for link_is_column in (True, False):
                    link_units = shape.column_units if link_is_column else shape.row_units
                    # t lies on column C for a column link (p on row R), on row R else.
                    t_line = unit_mask[column_unit if link_is_column else row_unit]
                    for link_unit in link_units:
                        link = holders & unit_mask[link_unit]
                        if link.bit_count() != 2:
                            continue
                        for p, q in _ends(link):
                            if members >> p & 1:
                                continue
                            if (p // n != row) if link_is_column else (p % n != column):
                                continue
                            free = holders & t_line & ~members & sees[q] & ~(1 << p | 1 << q)
                            for t in cells_of(free):
                                key = (digit, house, t)
                                if key not in seen:
                                    seen.add(key)
                                    yield Corner(digit, cross, places, link_unit, p, q, t)


_corner_memo: LastGrid[list[Corner]] = LastGrid()


def _find_empty_rectangles(grid: CandidateGrid) -> Iterator[Corner]:
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
                for link_unit in shape.column_units if link_is_column else shape.row_units:
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
                        yield Corner(digit, cross, places, link_unit, p, q, t)


@technique("Empty Rectangle", level=Level.HARD, rating=EMPTY_RECTANGLE_RATING, one_digit=True)
def empty_rectangle(grid: CandidateGrid) -> Iterator[Step]:
    """A region's digit confined to a row-plus-column cross, and a strong link off it.

    With the region's places all on row R or column C: a strong link on a column
    with one end ``p`` on row R (outside the region) and the other end ``q`` on row
    rb makes the cell ``t`` at (rb, C) impossible.  If ``t`` held the digit, ``q``
    would not, so ``p`` would; then ``p`` clears row R of the region and ``t`` clears
    column C, and the region is left without the digit.  The same holds with rows
    and columns swapped.
    """
    for corner in _empty_rectangles(grid):
        yield _rectangle_step(grid, corner)


def _ends(link: int) -> tuple[tuple[int, int], tuple[int, int]]:
    a, b = cells_of(link)
    return (a, b), (b, a)


def _rectangle_step(grid: CandidateGrid, corner: Corner) -> Step:
    digit, cross, places = corner.digit, corner.cross, corner.places
    link_unit, p, q, t = corner.link_unit, corner.p, corner.q, corner.t
    n = grid.size
    shape = grid.shape
    d = symbol(digit)
    region = _unit_name(grid, cross.region)
    row = shape.unit_name(cross.row_unit)
    column = shape.unit_name(cross.column_unit)
    eliminations = ((t, digit),)
    explanation = (
        f"Empty Rectangle on {d}: in {region}, every {d} is in {row} or {column} "
        f"({cells_text(cells_of(places), n)}). {_corner_story(grid, corner)}. So "
        f"{removal_text(eliminations, n)}."
    )
    return Step(
        "Empty Rectangle",
        eliminations=eliminations,
        explanation=explanation,
        marks=tuple(Mark(c, digit, Role.PATTERN) for c in cells_of(places))
        + (Mark(p, digit, Role.PATTERN), Mark(q, digit, Role.PATTERN), Mark(t, digit, Role.FOCUS)),
        links=(Link((q, digit), (p, digit), strong=True),),
        units=_shape_units(grid, cross.region, link_unit),
        rating=EMPTY_RECTANGLE_RATING,
    )


def _corner_story(grid: CandidateGrid, corner: Corner) -> str:
    """Why the target of one empty rectangle cannot hold the digit."""
    n = grid.size
    shape = grid.shape
    cross = corner.cross
    d = symbol(corner.digit)
    region = _unit_name(grid, cross.region)
    row = shape.unit_name(cross.row_unit)
    column = shape.unit_name(cross.column_unit)
    pn, qn, tn = (cell_name(c, n) for c in (corner.p, corner.q, corner.t))
    link_is_column = shape.houses[corner.link_unit].kind is HouseKind.COLUMN
    cleared_by_p, cleared_by_t = (row, column) if link_is_column else (column, row)
    why = ""
    if grid.rules is not None:
        reason = sees_reason(grid.rules, corner.t, corner.q, corner.digit)
        why = "" if reason is None else f" ({tn} sees {qn} {reason})"
    return (
        f"{shape.unit_name(corner.link_unit).capitalize()} has its {d}s only in {pn} and "
        f"{qn}. If {tn} were {d}, {qn} would not be{why}, so {pn} would; {pn} rules out {d} in "
        f"{cleared_by_p} of {region} and {tn} rules it out in {cleared_by_t}, leaving "
        f"{region} without a {d}"
    )


# -- dual patterns: two instances sharing their cells, told as one step ----------------


@technique("Dual 2-String Kite", level=Level.HARD, rating=DUAL_KITE_RATING)
def dual_two_string_kite(grid: CandidateGrid) -> Iterator[Step]:
    """Two kites joined through the same two cells of a region, with different targets.

    On one digit, the two region cells ``b`` and ``c`` each start a row link and a
    column link: one kite reads ``b``'s row with ``c``'s column, the other ``b``'s
    column with ``c``'s row.  HoDoKu also pairs kites of two digits through the same
    two cells, and so do we.  Each kite stands on its own, so both eliminations
    hold; told together they are one look at one region.
    """
    n = grid.size
    kites: dict[frozenset[int], list[Chain]] = {}
    regions = set(grid.shape.region_units)
    for chain in _all_chains(grid, "2-String Kite"):
        if chain.joint in regions:  # under a variant, a kite may be joined elsewhere
            kites.setdefault(frozenset((chain.b1, chain.a2)), []).append(chain)
    for joint_cells, found in kites.items():
        for i, one in enumerate(found):
            for two in found[i + 1 :]:
                if one.digit == two.digit and (
                    one.targets == two.targets or {one.unit1, one.unit2} == {two.unit1, two.unit2}
                ):
                    continue
                eliminations = tuple(
                    sorted(
                        [(cell, one.digit) for cell in cells_of(one.targets)]
                        + [(cell, two.digit) for cell in cells_of(two.targets)]
                    )
                )
                if len(set(eliminations)) < len(eliminations):
                    continue  # a target of both: not two different eliminations
                digits = digits_text({one.digit, two.digit})
                assert one.joint is not None  # kept above: joined in a region
                joint = _unit_name(grid, one.joint)
                yield Step(
                    "Dual 2-String Kite",
                    eliminations=eliminations,
                    explanation=(
                        f"Two 2-String Kites on {digits} meet at {cells_text(joint_cells, n)} "
                        f"in {joint}. First, {_chain_story(grid, one)}. Second, "
                        f"{_chain_story(grid, two)}. A cell that sees both ends of either "
                        f"kite cannot hold its digit: {removal_text(eliminations, n)}."
                    ),
                    marks=tuple(dict.fromkeys(_chain_marks(one, ()) + _chain_marks(two, ())))
                    + tuple(Mark(c, d, Role.FOCUS) for c, d in eliminations),
                    links=_chain_links(one) + _chain_links(two),
                    units=_shape_units(grid, one.unit1, one.unit2, two.unit1, two.unit2, one.joint),
                    rating=DUAL_KITE_RATING,
                )


@technique(
    "Dual Empty Rectangle", level=Level.HARD, rating=DUAL_EMPTY_RECTANGLE_RATING, one_digit=True
)
def dual_empty_rectangle(grid: CandidateGrid) -> Iterator[Step]:
    """Two empty rectangles on the same region's places with different targets."""
    n = grid.size
    by_region: dict[tuple[int, int], list[Corner]] = {}
    for corner in _empty_rectangles(grid):
        by_region.setdefault((corner.digit, corner.cross.region), []).append(corner)
    for (digit, region), found in by_region.items():
        for i, one in enumerate(found):
            for two in found[i + 1 :]:
                if one.t == two.t or one.places != two.places:
                    continue
                eliminations = tuple(sorted(((one.t, digit), (two.t, digit))))
                d = symbol(digit)
                cross = one.cross
                shape = grid.shape
                yield Step(
                    "Dual Empty Rectangle",
                    eliminations=eliminations,
                    explanation=(
                        f"Dual Empty Rectangle on {d}: in {_unit_name(grid, region)}, every "
                        f"{d} is in {shape.unit_name(cross.row_unit)} or "
                        f"{shape.unit_name(cross.column_unit)} "
                        f"({cells_text(cells_of(one.places), n)}). "
                        f"{_corner_story(grid, one)}. Likewise, "
                        f"{_lower(_corner_story(grid, two))}. So {removal_text(eliminations, n)}."
                    ),
                    marks=tuple(Mark(c, digit, Role.PATTERN) for c in cells_of(one.places))
                    + tuple(Mark(c, digit, Role.PATTERN) for c in (one.p, one.q, two.p, two.q))
                    + tuple(Mark(c, digit, Role.FOCUS) for c, _ in eliminations),
                    links=(
                        Link((one.q, digit), (one.p, digit), strong=True),
                        Link((two.q, digit), (two.p, digit), strong=True),
                    ),
                    units=_shape_units(grid, region, one.link_unit, two.link_unit),
                    rating=DUAL_EMPTY_RECTANGLE_RATING,
                )


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]
