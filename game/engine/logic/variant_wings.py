"""XY-, XYZ- and W-Wings under a variant's rules: "sees" through every house and link.

A wing's argument needs, for one digit at a time, that two cells cannot both hold
it; a row, column or region gives that, and so do a diagonal, an extra region, a
cage, a knight's or king's move, a thermometer (:mod:`.variant_units`).  So here the
pivot sees a pincer *for the digit they share*, a removed cell sees the pincers *for
the digit removed*, and a W-Wing's bridge may be any full house where the digit has
two places.  The steps keep the classic names and add which rule makes two cells
see each other when no row, column or region does ("r2c3 sees r4c4 by the
anti-knight rule").  Classic and jigsaw grids never come here (:mod:`.techniques.wings`
keeps its own faster search for them), and on them these finders find exactly the
classic steps.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..symbols import cell_name, symbol
from .grid import CandidateGrid, cells_of
from .step import Step
from .variant_units import VariantUnits, sees_reason, sightings
from .wing_steps import w_wing_step, wing_step
from .wording import or_list, removal_text


def _options(mask: int) -> str:
    return or_list([symbol(d + 1) for d in range(mask.bit_length()) if mask >> d & 1])


def _why(units: VariantUnits, a: int, b: int, digit: int) -> str:
    """`` (by the anti-knight rule)`` after "a sees b", or nothing when a house says it."""
    reason = sees_reason(units.rules, a, b, digit)
    return "" if reason is None else f" ({reason})"


def xy_wings(grid: CandidateGrid, units: VariantUnits, rating: float) -> Iterator[Step]:
    """XY-Wings whose pivot sees each pincer for the digit they share."""
    n = grid.size
    cands = grid.cands
    sees = units.digit_peers
    bivalue = 0
    for cell, mask in enumerate(cands):
        if mask.bit_count() == 2:
            bivalue |= 1 << cell
    for pivot in cells_of(bivalue):
        pair = cands[pivot]
        x_bit = pair & -pair
        y_bit = pair ^ x_bit
        x, y = x_bit.bit_length(), y_bit.bit_length()
        x_side = [q for q in cells_of(sees[x - 1][pivot] & bivalue) if cands[q] & pair == x_bit]
        y_side = [q for q in cells_of(sees[y - 1][pivot] & bivalue) if cands[q] & pair == y_bit]
        for one in x_side:
            z_bit = cands[one] ^ x_bit
            z = z_bit.bit_length()
            for two in y_side:
                if cands[two] != y_bit | z_bit:
                    continue
                targets = sees[z - 1][one] & sees[z - 1][two] & grid.digit_cells(z)
                targets &= ~(1 << pivot)
                if not targets:
                    continue
                eliminations = tuple((cell, z) for cell in cells_of(targets))
                yield wing_step(
                    "XY-Wing",
                    pivot,
                    (one, two),
                    (x, y, z),
                    eliminations,
                    (
                        f"{cell_name(pivot, n)} (pivot, {_options(pair)}) sees "
                        f"{cell_name(one, n)} ({_options(cands[one])}){_why(units, pivot, one, x)}"
                        f" and {cell_name(two, n)} ({_options(cands[two])})"
                        f"{_why(units, pivot, two, y)}. Whichever value the pivot takes, one "
                        f"of the pincers is {symbol(z)}, so any cell that sees both pincers"
                        f"{sightings(units, targets, (one, two), z)} cannot be "
                        f"{symbol(z)}: {removal_text(eliminations, n)}."
                    ),
                    rating,
                )


def xyz_wings(grid: CandidateGrid, units: VariantUnits, rating: float) -> Iterator[Step]:
    """XYZ-Wings whose pivot sees each pincer for the digit other than ``z`` they share."""
    n = grid.size
    cands = grid.cands
    sees = units.digit_peers
    bivalue = 0
    for cell, mask in enumerate(cands):
        if mask.bit_count() == 2:
            bivalue |= 1 << cell
    for pivot, triple in enumerate(cands):
        if triple.bit_count() != 3:
            continue
        near = 0
        rest = triple
        while rest:
            low = rest & -rest
            rest ^= low
            near |= sees[low.bit_length() - 1][pivot]
        inside = [q for q in cells_of(near & bivalue) if cands[q] & ~triple == 0]
        for i, one in enumerate(inside):
            for two in inside[i + 1 :]:
                if cands[one] == cands[two]:
                    continue
                z_bit = cands[one] & cands[two]
                z = z_bit.bit_length()
                x = (cands[one] ^ z_bit).bit_length()
                y = (cands[two] ^ z_bit).bit_length()
                if not (sees[x - 1][pivot] >> one & 1 and sees[y - 1][pivot] >> two & 1):
                    continue
                z_sees = sees[z - 1]
                targets = z_sees[pivot] & z_sees[one] & z_sees[two] & grid.digit_cells(z)
                if not targets:
                    continue
                eliminations = tuple((cell, z) for cell in cells_of(targets))
                yield wing_step(
                    "XYZ-Wing",
                    pivot,
                    (one, two),
                    (x, y, z),
                    eliminations,
                    (
                        f"{cell_name(pivot, n)} (pivot, {_options(triple)}) sees "
                        f"{cell_name(one, n)} ({_options(cands[one])}){_why(units, pivot, one, x)}"
                        f" and {cell_name(two, n)} ({_options(cands[two])})"
                        f"{_why(units, pivot, two, y)}. If the pivot is {symbol(x)}, "
                        f"{cell_name(one, n)} is {symbol(z)}; if it is {symbol(y)}, "
                        f"{cell_name(two, n)} is {symbol(z)}; otherwise the pivot is "
                        f"{symbol(z)} itself. So a cell that sees all three"
                        f"{sightings(units, targets, (pivot, one, two), z)} cannot be "
                        f"{symbol(z)}: {removal_text(eliminations, n)}."
                    ),
                    rating,
                )


def w_wings(grid: CandidateGrid, units: VariantUnits, rating: float) -> Iterator[Step]:
    """W-Wings bridged by any full house, the cells seeing through any rule."""
    n = grid.size
    cands = grid.cands
    sees = units.digit_peers
    shape_units = units.shape_units
    by_pair: dict[int, list[int]] = {}
    for cell, mask in enumerate(cands):
        if mask.bit_count() == 2:
            by_pair.setdefault(mask, []).append(cell)
    bridges: dict[int, list[tuple[int, int, int]]] = {}
    seen: set[tuple[int, int, int, int, int]] = set()
    for pair, cells in by_pair.items():
        if len(cells) < 2:
            continue
        low = (pair & -pair).bit_length()
        high = pair.bit_length()
        for i, one in enumerate(cells):
            for two in cells[i + 1 :]:
                if sees[low - 1][one] >> two & 1 and sees[high - 1][one] >> two & 1:
                    continue  # a naked pair, not a wing
                for y in (low, high):
                    x = low + high - y
                    targets = sees[x - 1][one] & sees[x - 1][two] & grid.digit_cells(x)
                    if not targets:
                        continue
                    if y not in bridges:
                        bridges[y] = _strong_links(grid, units, y)
                    y_sees = sees[y - 1]
                    for a, b, unit in bridges[y]:
                        for near, far in ((a, b), (b, a)):
                            if near in (one, two) or far in (one, two):
                                continue
                            if not (y_sees[one] >> near & 1 and y_sees[two] >> far & 1):
                                continue
                            if (one, two, y, near, far) in seen:
                                continue
                            seen.add((one, two, y, near, far))
                            eliminations = tuple((cell, x) for cell in cells_of(targets))
                            yield w_wing_step(
                                (one, two),
                                (near, far),
                                (x, y),
                                eliminations,
                                (
                                    f"{cell_name(one, n)} and {cell_name(two, n)} are both "
                                    f"{_options(pair)}. In {units.names[unit]}, "
                                    f"{symbol(y)} can only go in {cell_name(near, n)} or "
                                    f"{cell_name(far, n)}; {cell_name(near, n)} sees "
                                    f"{cell_name(one, n)}{_why(units, near, one, y)} and "
                                    f"{cell_name(far, n)} sees {cell_name(two, n)}"
                                    f"{_why(units, far, two, y)}. One of them is {symbol(y)}, "
                                    f"so {cell_name(one, n)} or {cell_name(two, n)} is "
                                    f"{symbol(x)}, and any cell that sees both"
                                    f"{sightings(units, targets, (one, two), x)} cannot "
                                    f"be {symbol(x)}: {removal_text(eliminations, n)}."
                                ),
                                (unit,) if unit < shape_units else (),
                                rating,
                            )


def _strong_links(
    grid: CandidateGrid, units: VariantUnits, digit: int
) -> list[tuple[int, int, int]]:
    """Each full house where ``digit`` has exactly two places, as ``(a, b, unit)``."""
    found = []
    places = grid.digit_cells(digit)
    for unit, mask in enumerate(units.unit_mask):
        here = places & mask
        if here.bit_count() == 2:
            a, b = cells_of(here)
            found.append((a, b, unit))
    return found
