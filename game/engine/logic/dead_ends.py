"""Why a variant position can no longer be finished, named with the rule and the cells.

A player who breaks a cage should hear which cage and why, not "no solution":
"the 17 cage at r1c1, r2c1 has no combination left: 8+9 needs 8 or 9 in r1c1,
which has only 1-7".  :func:`dead_end` looks, in this order, for

- a cell with no candidate left, a digit with no place left in a house;
- a cage (drawn or hidden, :func:`~.killer.deduced_cages`) with no combination that
  fits its cells, each combination's reason given (up to three);
- a sum the 45 rule gives (innies and outies) that no digits of its cells make;
- any other rule over several cells (an arrow, a thermometer, a line, a little
  killer) that the digits its cells can hold cannot complete.

It reads candidates only (never a solution), so it is cheap (the cage fits are
cached) and as sound as the techniques: what it names is truly broken.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import rule_type
from ..symbols import cell_name, symbol
from .grid import CandidateGrid
from .killer import (
    KillerCage,
    cage_equation,
    equation_story,
    equations,
    every_cage,
    fit,
    mask_text,
    pairs_apart,
    sum_fit,
    ways_text,
    why_not,
)
from .step import Area, AreaKind

SHOWN_REASONS = 3
"""The most combinations whose reason a dead end spells out."""


@dataclass(frozen=True)
class DeadEnd:
    """What is broken: ``reason`` completes "This can't be finished from here: ...";
    ``detail`` says how a hidden cage or a sum came about ("" when plain); ``cells`` are
    the cells to point at and ``areas`` the cage or houses to outline."""

    reason: str
    cells: tuple[int, ...]
    detail: str = ""
    areas: tuple[Area, ...] = ()

    @property
    def sentence(self) -> str:
        """The whole explanation: how it came about, then what is broken."""
        head = f"{self.detail} " if self.detail else ""
        return f"{head}This can't be finished from here: {self.reason}."


def _holds(grid: CandidateGrid, cell: int) -> int:
    value = grid.values[cell]
    return 1 << (value - 1) if value else grid.cands[cell]


def cage_dead_end(grid: CandidateGrid, cage: KillerCage) -> DeadEnd | None:
    """The cage's dead end, or None when some combination still fits it."""
    n = grid.size
    masks = tuple(_holds(grid, c) for c in cage.cells)
    found = fit(masks, cage.total, n)
    if found.fitting:
        return None
    if not found.every:
        why = f"no {len(cage.cells)} different digits add up to {cage.total}"
    else:
        shown = [why_not(c, cage.cells, masks, n) for c in found.every[:SHOWN_REASONS]]
        more = len(found.every) - SHOWN_REASONS
        why = "; ".join(shown) + (f" (and {more} more)" if more > 0 else "")
    areas: tuple[Area, ...] = (Area(cage.cells, AreaKind.CAGE, label=str(cage.total)),)
    if cage.hidden:
        areas = (Area(cage.around, AreaKind.HOUSE, label=cage.around_name),) + areas
    return DeadEnd(
        f"{cage.name(n)} has no combination left: {why}",
        cage.cells,
        cage.origin,
        areas,
    )


def dead_end(grid: CandidateGrid) -> DeadEnd | None:
    """The first broken thing in ``grid`` (see the module docstring), or None."""
    n = grid.size
    values, cands = grid.values, grid.cands
    for cell in range(grid.shape.cells):
        if not values[cell] and not cands[cell]:
            return DeadEnd(f"{cell_name(cell, n)} has no digit left", (cell,))
    rules = grid.rules
    houses = rules.houses if rules is not None else grid.shape.houses
    for house in houses:
        if not house.is_full(n):
            continue
        held = 0
        for cell in house.cells:
            held |= _holds(grid, cell)
        missing = ((1 << n) - 1) & ~held
        if missing:
            digit = (missing & -missing).bit_length()  # the smallest
            return DeadEnd(
                f"{symbol(digit)} has no place left in {house.name}",
                house.cells,
                areas=(Area(house.cells, AreaKind.HOUSE, label=house.name),),
            )
    if rules is None:
        return None
    for cage in every_cage(rules):
        found = cage_dead_end(grid, cage)
        if found is not None:
            return found
    for eq in equations(rules):
        if cage_equation(eq, rules):
            continue  # a hidden cage: told above with its combinations
        cells = eq.plus + eq.minus
        total = eq.total
        support = sum_fit(
            tuple(_holds(grid, c) for c in eq.plus),
            tuple(_holds(grid, c) for c in eq.minus),
            total,
            n,
            pairs_apart(rules, cells),
        )
        if support is None:
            owned = "; ".join(
                f"{cell_name(c, n)} {mask_text(_holds(grid, c))}" for c in cells if not values[c]
            )
            return DeadEnd(
                f"{ways_text(eq.plus, eq.minus, n)} must be {total}, and no digits those "
                f"cells can hold make it ({owned or 'all placed'})",
                cells,
                equation_story(eq, n),
                (Area(_cells(eq.where.bits, grid), AreaKind.HOUSE, label=eq.where.name),),
            )
    for rule in rules.narrowing:
        cells = rule.cells()
        if rule.narrow([_holds(grid, c) for c in cells], n) is not None:
            continue
        title = rule_type(rule).title.lower()
        where = f"{cell_name(cells[0], n)} to {cell_name(cells[-1], n)}" if cells else ""
        owned = "; ".join(
            f"{cell_name(c, n)} {mask_text(_holds(grid, c))}" for c in cells if not values[c]
        )
        return DeadEnd(
            f"the {title} from {where} cannot be completed with the digits its cells can "
            f"hold ({owned or 'all placed'})",
            tuple(cells),
        )
    return None


def _cells(bits: int, grid: CandidateGrid) -> tuple[int, ...]:
    return tuple(c for c in range(grid.shape.cells) if bits >> c & 1)
