"""Killer cage steps: a cage's combinations against its cells, and where a cage and a
house meet.

- **Cage Combinations**: of the sets of distinct digits that make a cage's total,
  only those whose digits can go one to a cell fit; a candidate no fitting
  combination gives its cell is ruled out.
- **Cage Pointing**: a digit in every fitting combination must be in the cage; if
  its places there all lie in one house (or all see some cell), the rest of that
  house (that cell) cannot hold it.
- **Cage Claiming**: a house's digit whose places all lie in one cage is in that
  cage, there: the cage's other cells lose it, and its combinations without it go.

The cage's combinations are named in every explanation, with those kept and why the
others went.  The catalogue runs them before the generic "Constraint Sum", which
finds nothing on a cage these leave alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence, Sized

from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, cells_of
from ..killer import (
    CageFit,
    KillerCage,
    Quiet,
    cages_of,
    combos_text,
    fit,
    peer_bits,
    why_not,
)
from ..registry import Level, technique
from ..step import Area, AreaKind, Mark, Role, Step
from ..wording import and_list, cells_text, removal_text


def cage_masks(grid: CandidateGrid, cage: KillerCage) -> tuple[int, ...]:
    """Per cell of ``cage``, the digits it can hold (its value as a one-digit mask)."""
    values, cands = grid.values, grid.cands
    return tuple(1 << (values[c] - 1) if values[c] else cands[c] for c in cage.cells)


def cage_area(cage: KillerCage) -> Area:
    return Area(cage.cells, AreaKind.CAGE, label=cage.label())


def cage_areas(cage: KillerCage) -> tuple[Area, ...]:
    """A cage's outline, and for a hidden cage the houses it comes from."""
    if not cage.hidden:
        return (cage_area(cage),)
    return (Area(cage.around, AreaKind.HOUSE, label=cage.around_name), cage_area(cage))


def origin(cage: KillerCage) -> str:
    """How a hidden cage comes about, as a lead-in sentence ("" for a real cage)."""
    return f"{cage.origin} " if cage.hidden else ""


def removed(
    grid: CandidateGrid, cage: KillerCage, support: Sequence[int]
) -> tuple[tuple[int, int], ...]:
    cands = grid.cands
    if not any(cands[cell] & ~keep for cell, keep in zip(cage.cells, support, strict=True)):
        return ()  # the common case, told without walking the digits
    return tuple(
        (cell, d)
        for cell, keep in zip(cage.cells, support, strict=True)
        if not grid.values[cell]
        for d in range(1, grid.size + 1)
        if (grid.cands[cell] & ~keep) >> (d - 1) & 1
    )


def combinations_text(cage: KillerCage, found: CageFit, masks: Sequence[int], size: int) -> str:
    """What a cage's combinations are, and which fit: the core of every cage step."""
    head = (
        f"{cage.title(size)} holds {len(cage.cells)} different digits adding up to "
        f"{cage.total}: {combos_text(found.every)}."
    )
    gone = [c for c in found.every if c not in found.fitting]
    if not gone:
        return head
    reasons = "; ".join(why_not(c, cage.cells, masks, size) for c in gone[:3])
    more = f" (and {len(gone) - 3} more)" if len(gone) > 3 else ""
    kept = combos_text(found.fitting)
    return (
        f"{head} With the digits its cells can hold, only {kept} "
        f"fit{s(found.fitting)}: {reasons}{more}."
    )


def _all(cells: Sized) -> str:
    return "both" if len(cells) == 2 else "all"


def s(items: Sequence[object]) -> str:
    """The verb ending for "fit": ``fits`` for one combination, ``fit`` for several."""
    return "s" if len(items) == 1 else ""


@technique("Cage Combinations", level=Level.EASY, rating=1.6, variant_only=True)
def cage_combinations(grid: CandidateGrid) -> Iterator[Step]:
    """A cage whose fitting combinations leave some of its cells' candidates out."""
    if grid.rules is None:
        return
    for cage in cages_of(grid.rules):
        step = combination_step(grid, cage, "Cage Combinations", 1.6)
        if step is not None:
            yield step


def combination_step(
    grid: CandidateGrid, cage: KillerCage, name: str, rating: float
) -> Step | None:
    """The step a cage's (or a hidden cage's) fitting combinations give, or None."""
    n = grid.size
    masks = cage_masks(grid, cage)
    found = fit(masks, cage.total, n)
    if not found.fitting:
        return None  # a dead end: dead_ends.py names it
    removals = removed(grid, cage, found.support)
    if not removals:
        return None
    # A cell left one digit is placed: "r1c1 is 7" reads better than its removals.
    placements = tuple(
        (cell, keep.bit_length())
        for cell, keep in zip(cage.cells, found.support, strict=True)
        if not grid.values[cell] and keep.bit_count() == 1
    )
    placed = {cell for cell, _ in placements}
    removals = tuple((c, d) for c, d in removals if c not in placed)
    outcome = [f"{cell_name(c, n)} is {symbol(d)}" for c, d in placements]
    if removals:
        outcome.append(removal_text(removals, n))
    return Step(
        name,
        placements=placements,
        eliminations=removals,
        explanation=(
            f"{origin(cage)}{combinations_text(cage, found, masks, n)} So {and_list(outcome)}."
        ),
        marks=tuple(Mark(c, None, Role.PATTERN) for c in cage.cells if not grid.values[c]),
        rating=rating,
        areas=cage_areas(cage),
    )


def _house_of(grid: CandidateGrid, cells: Sequence[int]) -> int | None:
    """A row, column or region holding every one of ``cells``, if there is one."""
    units = grid.shape.cell_units
    common = set(units[cells[0]])
    for cell in cells[1:]:
        common &= set(units[cell])
    return min(common) if common else None


@technique("Cage Pointing", level=Level.MEDIUM, rating=2.0, variant_only=True)
def cage_pointing(grid: CandidateGrid) -> Iterator[Step]:
    """A digit every fitting combination of a cage has, whose places in the cage all
    see the same cells outside it."""
    if grid.rules is None:
        return
    yield from pointing_steps(grid, cages_of(grid.rules), "Cage Pointing", 2.0)


def pointing_steps(
    grid: CandidateGrid,
    cages: Sequence[KillerCage],
    name: str,
    rating: float | Callable[[KillerCage], float],
) -> Iterator[Step]:
    """Cage Pointing over ``cages`` (drawn or hidden), told as ``name`` and rated
    ``rating`` (or ``rating(cage)``)."""
    n = grid.size
    assert grid.rules is not None
    peers = peer_bits(grid.rules)
    values, cands = grid.values, grid.cands
    # A cage's pointing reads its cells and the cells that see two of them: one whose
    # cells did not change since the last position stays as quiet as it was.
    quiet = _POINTING.flags(cages, values, cands, _reach(cages, peers))
    for k, cage in enumerate(cages):
        if quiet[k]:
            continue
        masks = cage_masks(grid, cage)
        found = fit(masks, cage.total, n)
        need = found.required
        told = False
        for cell in cage.cells:
            if values[cell]:
                need &= ~(1 << (values[cell] - 1))
        while need:
            low = need & -need
            need ^= low
            d = low.bit_length()
            # Read from the few cells concerned: building the grid's digit table
            # (grid.digit_cells) cost more than the whole step.
            places = [c for c in cage.cells if cands[c] & low]
            if len(places) < 2:
                continue  # one place: the digit goes there (a single), said more simply
            seen = -1
            for cell in places:
                seen &= peers[cell]
            targets = [c for c in cells_of(seen & ~cage.bits) if cands[c] & low]
            if not targets:
                continue
            removals = tuple((c, d) for c in targets)
            unit = _house_of(grid, places)
            if unit is not None and all(c in grid.shape.units[unit] for c in targets):
                where = (
                    f"{_all(places)} in {grid.shape.unit_name(unit)}, so the rest of "
                    f"{grid.shape.unit_name(unit)} cannot hold {symbol(d)}"
                )
            else:
                where = f"so no cell that sees all of them can hold {symbol(d)}"
            told = True
            yield Step(
                name,
                eliminations=removals,
                explanation=(
                    f"{origin(cage)}{cage.title(n)} must contain {symbol(d)}: every "
                    f"combination that fits it ({combos_text(found.fitting)}) has it. In the "
                    f"cage, {symbol(d)} can only go in {cells_text(places, n)}, {where}: "
                    f"{removal_text(removals, n)}."
                ),
                marks=tuple(Mark(c, d, Role.PATTERN) for c in places),
                units=(unit,) if unit is not None else (),
                rating=rating(cage) if callable(rating) else rating,
                areas=cage_areas(cage),
            )
        # Marked only once the cage is searched through: another thread reading the
        # memo meanwhile must not take a cage for quiet before it is.
        quiet[k] = not told


@technique("Cage Claiming", level=Level.MEDIUM, rating=2.1, variant_only=True)
def cage_claiming(grid: CandidateGrid) -> Iterator[Step]:
    """A row, column or region whose places for a digit all lie in one cage."""
    cages = cages_of(grid.rules) if grid.rules is not None else ()
    if cages:  # no work without them: Windoku and X screens call this thousands of times
        yield from claiming_steps(grid, cages, "Cage Claiming", 2.1)


def claiming_steps(
    grid: CandidateGrid, cages: Sequence[KillerCage], name: str, rating: float
) -> Iterator[Step]:
    """Cage Claiming over ``cages`` (drawn or hidden), told as ``name``."""
    n = grid.size
    shape = grid.shape
    unit_mask = grid.tables.unit_mask
    holding = [grid.digit_cells(d) for d in range(n + 1)]
    owners, deps = _owners(cages, unit_mask, shape.cells)
    # A house's claims read its cells and the cages' that meet it: one whose cells
    # did not change since the last position stays as quiet as it was.
    quiet = _QUIET.flags(cages, grid.values, grid.cands, deps)
    for unit in range(len(shape.units)):
        if quiet[unit]:
            continue
        told = False
        for d in range(1, n + 1):
            places = holding[d] & unit_mask[unit]
            if not places:
                continue
            # A cage holding every place holds the first: only its cages are tried.
            for cage in owners[(places & -places).bit_length() - 1]:
                if places & ~cage.bits:
                    continue
                bit = 1 << (d - 1)
                inside = set(cells_of(places))
                masks = tuple(
                    m if c in inside or grid.values[c] else m & ~bit
                    for c, m in zip(cage.cells, cage_masks(grid, cage), strict=True)
                )
                found = fit(masks, cage.total, n, bit)
                if not found.fitting:
                    continue
                removals = removed(grid, cage, found.support)
                if not removals:
                    continue
                before = fit(cage_masks(grid, cage), cage.total, n)
                dropped = [c for c in before.fitting if c not in found.fitting]
                lost = (
                    f" Its combinations without {symbol(d)} ({combos_text(dropped)}) go; "
                    f"{combos_text(found.fitting)} remain{s(found.fitting)}."
                    if dropped
                    else ""
                )
                unit_name = shape.unit_name(unit)
                told = True
                yield Step(
                    name,
                    eliminations=removals,
                    explanation=(
                        f"{origin(cage)}In {unit_name}, {symbol(d)} can only go in "
                        f"{cells_text(inside, n)}, "
                        f"{_all(inside)} in {cage.name(n)}, so the cage "
                        f"holds {symbol(d)} there and nowhere else.{lost} So "
                        f"{removal_text(removals, n)}."
                    ),
                    marks=tuple(Mark(c, d, Role.PATTERN) for c in sorted(inside)),
                    units=(unit,),
                    rating=rating,
                    areas=cage_areas(cage),
                )
                break
        quiet[unit] = not told  # once searched through, as in pointing_steps


_POINTING = Quiet(tables=2)
"""The cages known to point at nothing at the latest position, per tuple of cages."""

_REACH: dict[int, tuple[Sequence[KillerCage], Sequence[int], tuple[int, ...]]] = {}


def _reach(cages: Sequence[KillerCage], peers: Sequence[int]) -> tuple[int, ...]:
    """Per cage, its cells and the cells that see two of them (a bitset), kept per
    tuple of cages by identity as :func:`_owners`."""
    entry = _REACH.get(id(cages))
    if entry is not None and entry[0] is cages and entry[1] is peers:
        return entry[2]
    found = []
    for cage in cages:
        bits = cage.bits
        for i, a in enumerate(cage.cells):
            for b in cage.cells[i + 1 :]:
                bits |= peers[a] & peers[b]
        found.append(bits)
    reach = tuple(found)
    if len(_REACH) >= 8:
        _REACH.clear()
    _REACH[id(cages)] = (cages, peers, reach)
    return reach


_QUIET = Quiet(tables=4)
"""The houses known to claim nothing at the latest position, per tuple of cages
(drawn and hidden; see :class:`~..killer.Quiet`)."""

_Owners = tuple[tuple[tuple[KillerCage, ...], ...], tuple[int, ...]]

_OWNERS: dict[int, tuple[Sequence[KillerCage], Sequence[int], _Owners]] = {}
"""Per tuple of cages (by identity, kept alive here), :func:`_owners`'s tables."""


def _owners(cages: Sequence[KillerCage], unit_mask: Sequence[int], count: int) -> _Owners:
    """Per cell, the cages of ``cages`` holding it, in their order; per house, its cells
    and those of the cages meeting it (a bitset).  The cage tuples come from tables
    built once per rule set (drawn and hidden), so a few are remembered by identity;
    hashing the cages would cost more than building these."""
    entry = _OWNERS.get(id(cages))
    if entry is not None and entry[0] is cages and entry[1] is unit_mask:
        return entry[2]
    found: list[list[KillerCage]] = [[] for _ in range(count)]
    for cage in cages:
        for cell in cage.cells:
            found[cell].append(cage)
    deps = []
    for unit in unit_mask:
        bits = unit
        for cage in cages:
            if cage.bits & unit:
                bits |= cage.bits
        deps.append(bits)
    tables = (tuple(tuple(c) for c in found), tuple(deps))
    if len(_OWNERS) >= 8:
        _OWNERS.clear()
    _OWNERS[id(cages)] = (cages, unit_mask, tables)
    return tables
