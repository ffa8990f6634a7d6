"""Singles: the last empty cell of a unit, a digit with one place, a cell with one digit."""

from __future__ import annotations

import functools
from collections.abc import Iterator

from ...shape import Shape
from ...symbols import a_symbol, cell_name, symbol
from ..grid import CandidateGrid
from ..registry import Level, technique
from ..step import Mark, Role, Step


@technique("Full House", level=Level.EASY, rating=1.0)
def full_house(grid: CandidateGrid) -> Iterator[Step]:
    """A unit with one empty cell: it takes the one digit the unit lacks."""
    n = grid.size
    seen: set[int] = set()
    for unit, members in enumerate(grid.shape.units):
        empty = [cell for cell in members if not grid.values[cell]]
        if len(empty) != 1 or empty[0] in seen:
            continue
        cell = empty[0]
        missing = ((1 << n) - 1) & ~grid.unit_values(unit)
        if missing & (missing - 1) or not missing & grid.cands[cell]:
            continue  # the unit is broken; leave it to the checks
        seen.add(cell)
        digit = missing.bit_length()
        where = grid.shape.unit_name(unit)
        yield Step(
            "Full House",
            placements=((cell, digit),),
            explanation=(
                f"{where.capitalize()} has one empty cell left, {cell_name(cell, n)}, "
                f"and the only digit it lacks is {symbol(digit)}."
            ),
            marks=(Mark(cell, digit, Role.FOCUS),),
            units=(unit,),
            rating=1.0,
        )


@functools.lru_cache(maxsize=64)
def _scan_order(shape: Shape) -> tuple[int, ...]:
    """The units in the order people scan them: regions first, then the others."""
    rest = tuple(u for u, house in enumerate(shape.houses) if not house.kind.is_region)
    return shape.region_units + rest


@technique("Hidden Single", level=Level.EASY, rating=1.2, one_digit=True)
def hidden_single(grid: CandidateGrid) -> Iterator[Step]:
    """A digit with one possible cell in a unit; regions first, as people scan them."""
    n = grid.size
    shape = grid.shape
    houses = shape.houses
    seen: set[int] = set()
    for unit in _scan_order(shape):
        placed = grid.unit_values(unit)
        for digit in range(1, n + 1):
            if placed >> (digit - 1) & 1:
                continue
            where = grid.places(unit, digit)
            if not where or where & (where - 1):
                continue
            cell = where.bit_length() - 1
            if cell in seen:
                continue
            seen.add(cell)
            blockers = _blockers(grid, unit, cell, digit)
            yield Step(
                "Hidden Single",
                placements=((cell, digit),),
                explanation=(
                    f"In {shape.unit_name(unit)}, {symbol(digit)} can only go in "
                    f"{cell_name(cell, n)}: every other cell there is filled or sees "
                    f"{a_symbol(digit)}."
                ),
                marks=(Mark(cell, digit, Role.FOCUS),)
                + tuple(Mark(c, digit, Role.PATTERN) for c in blockers),
                units=(unit,),
                rating=1.2 if houses[unit].kind.is_region else 1.5,
            )


@technique("Naked Single", level=Level.EASY, rating=2.3)
def naked_single(grid: CandidateGrid) -> Iterator[Step]:
    """A cell with one candidate left."""
    n = grid.size
    for cell, mask in enumerate(grid.cands):
        if not mask or mask & (mask - 1):
            continue
        digit = mask.bit_length()
        yield Step(
            "Naked Single",
            placements=((cell, digit),),
            explanation=(
                f"{cell_name(cell, n)} can only be {symbol(digit)}: every other digit is "
                f"already in its row, column or {'box' if grid.shape.box else 'region'}, "
                "or ruled out."
            ),
            marks=(Mark(cell, digit, Role.FOCUS),),
            units=(),
            rating=2.3,
        )


def _blockers(grid: CandidateGrid, unit: int, cell: int, digit: int) -> list[int]:
    """The placed copies of ``digit`` that keep it out of the unit's other empty cells."""
    peer_mask = grid.tables.peer_mask
    others = [c for c in grid.shape.units[unit] if c != cell and not grid.values[c]]
    holders = [c for c, v in enumerate(grid.values) if v == digit]
    result = []
    for holder in holders:
        if any(peer_mask[holder] >> c & 1 for c in others) and holder not in result:
            result.append(holder)
    return result
