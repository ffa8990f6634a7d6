"""Killer steps built on the 45 rule's cages and on cages taken together.

- **Hidden Cage**: cells the 45 rule gives a total (the innies of a house, the
  outies of a crossing cage, a cage less a hidden cage inside it) that all see
  each other hold different digits: a cage nobody drew, with combinations like any
  other (:func:`~..killer.deduced_cages`).  Its combinations are narrowed as a
  cage's are.  (Cage Pointing and Cage Claiming read hidden cages too.)
- **Cage Subset**: two or three cages (drawn or hidden) whose cells all see each
  other share no digit, so only choices of one combination per cage without a
  common digit fit them: a combination in no such choice goes, and a digit every
  choice holds is in those cells, so the cells that see all its places there lose
  it.  Pairs come first; a triple is tried only where no pair says anything (it
  rates a little higher), and only triples of at most :data:`TRIPLE_CELLS_AT_MOST`
  cells.

Every explanation names the cages with their cells, their combinations, those that
go and why, and (for a hidden cage) the houses and cages it comes from.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import replace

from ...rules import RuleSet
from ...symbols import symbol
from ..grid import CandidateGrid
from ..killer import KillerCage, combo_text, combos_text, deduced_cages, every_cage, fit, support_of
from ..registry import Level, technique
from ..step import Area, AreaKind, Mark, Role, Step
from ..wording import and_list, cells_text, removal_text
from .cages import (
    cage_areas,
    cage_masks,
    claiming_steps,
    combination_step,
    pointing_steps,
    removed,
)

HIDDEN_EXTRA = 0.4
"""What reading a hidden cage adds to a Cage Subset's rating (the 45 rule comes first)."""

HIDDEN_RATING = 2.5
SUBSET_RATING = 2.7


@technique("Hidden Cage", level=Level.MEDIUM, rating=HIDDEN_RATING, variant_only=True)
def hidden_cage(grid: CandidateGrid) -> Iterator[Step]:
    """Cells the 45 rule gives a total, all seeing each other: a cage's combinations."""
    if grid.rules is None:
        return
    hidden = deduced_cages(grid.rules)
    if not hidden:
        return  # no cages, no hidden ones: Windoku and X grades ask thousands of times
    for cage in hidden:
        step = combination_step(grid, cage, "Hidden Cage", _rating(cage))
        if step is not None:
            yield step
    yield from pointing_steps(grid, hidden, "Hidden Cage", _pointing_rating)
    yield from claiming_steps(grid, hidden, "Hidden Cage", HIDDEN_RATING + 0.1)


def _rating(cage: KillerCage) -> float:
    """Wider hidden cages (more houses taken together) are harder to see."""
    return round(HIDDEN_RATING + 0.2 * max(0, cage.houses - 1), 1)


def _pointing_rating(cage: KillerCage) -> float:
    return _rating(cage) + 0.1


@functools.lru_cache(maxsize=16)
def seeing_pairs(rules: RuleSet) -> tuple[tuple[KillerCage, KillerCage], ...]:
    """Pairs of cages (drawn or hidden) without a common cell whose cells all see each
    other, built once per rule set."""
    peers = rules.peers
    return tuple(
        (a, b)
        for a, b in itertools.combinations(every_cage(rules), 2)
        if not a.bits & b.bits and _all_see(a, b, peers)
    )


def _all_see(a: KillerCage, b: KillerCage, peers: Sequence[frozenset[int]]) -> bool:
    return all(y in peers[x] for x in a.cells for y in b.cells)


def _placed(grid: CandidateGrid, cells: Sequence[int]) -> int:
    mask = 0
    for cell in cells:
        if grid.values[cell]:
            mask |= 1 << (grid.values[cell] - 1)
    return mask


def _house_of(grid: CandidateGrid, cells: Sequence[int]) -> str | None:
    """The name of a house (row, column, region, diagonal ...) holding all ``cells``."""
    assert grid.rules is not None
    n = grid.size
    for house in grid.rules.houses:
        if house.is_full(n) and all(c in house.cells for c in cells):
            return house.name
    return None


TRIPLE_EXTRA = 0.2
"""What taking a third cage into the subset adds to its rating (three cages' combinations
are harder to hold in mind than two)."""

TRIPLE_CELLS_AT_MOST = 9
"""The most cells three cages of a subset may cover: all see each other, so at most
one per digit on a 9x9 grid; on bigger grids the triples a rule set has grow fast,
and a subset of more cells says little, so hints keep to these."""

CAGE_MARKS = (Role.PATTERN, Role.COVER, Role.PIVOT)
"""The colours the cages of a subset are marked in, first to third."""


@functools.lru_cache(maxsize=16)
def seeing_triples(rules: RuleSet) -> tuple[tuple[KillerCage, KillerCage, KillerCage], ...]:
    """Triples of cages (drawn or hidden) of which each two make a :func:`seeing_pairs`
    pair, covering at most :data:`TRIPLE_CELLS_AT_MOST` cells, built once per rule set."""
    partners: dict[KillerCage, set[KillerCage]] = {}
    for a, b in seeing_pairs(rules):
        partners.setdefault(a, set()).add(b)
        partners.setdefault(b, set()).add(a)
    order = {cage: i for i, cage in enumerate(every_cage(rules))}
    found = []
    for a, b in seeing_pairs(rules):
        for c in sorted(partners[a] & partners[b], key=order.__getitem__):
            if order[c] <= order[b] or order[c] <= order[a]:
                continue  # each triple once, in catalogue order
            if len(a.cells) + len(b.cells) + len(c.cells) <= TRIPLE_CELLS_AT_MOST:
                found.append((a, b, c))
    return tuple(found)


@technique("Cage Subset", level=Level.MEDIUM, rating=SUBSET_RATING, variant_only=True)
def cage_subset(grid: CandidateGrid) -> Iterator[Step]:
    """Two or three cages whose cells all see each other: their combinations taken
    together (pairs first: they are easier to see)."""
    rules = grid.rules
    if rules is None:
        return
    fits: dict[KillerCage, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    paired = False
    for pair in seeing_pairs(rules):
        step = _subset_step(grid, pair, fits)
        if step is not None:
            paired = True
            yield step
    if paired:
        return  # a triple only where no pair says anything: pairs are easier to see
    for triple in seeing_triples(rules):
        step = _subset_step(grid, triple, fits)
        if step is not None:
            yield step


def _subset_step(
    grid: CandidateGrid,
    cages: Sequence[KillerCage],
    fits: dict[KillerCage, tuple[tuple[int, ...], tuple[int, ...]]],
) -> Step | None:
    """The step ``cages`` (all seeing each other) give together, or None.  ``fits``
    caches each cage's masks and fitting combinations for this position."""
    n = grid.size
    values = grid.values
    peers = grid.rules.peers if grid.rules is not None else ()
    if any(all(values[x] for x in cage.cells) for cage in cages):
        return None
    for cage in cages:
        if cage not in fits:
            masks = cage_masks(grid, cage)
            fits[cage] = (masks, fit(masks, cage.total, n).fitting)
    fittings = [fits[cage][1] for cage in cages]
    if not all(fittings):
        return None
    groups = _disjoint(fittings)
    if not groups:
        return None  # a dead end: dead_ends.py names it
    keeps = [tuple(sorted({group[k] for group in groups})) for k in range(len(cages))]
    inner: tuple[tuple[int, int], ...] = ()
    for cage, keep in zip(cages, keeps, strict=True):
        inner += removed(grid, cage, support_of(fits[cage][0], keep))
    need = -1
    for group in groups:
        union = 0
        for combo in group:
            union |= combo
        need &= union
    for cage in cages:
        need &= ~_placed(grid, cage.cells)
    every = tuple(c for cage in cages for c in cage.cells)
    outer: list[tuple[int, int]] = []
    pointing: list[str] = []
    for d in range(1, n + 1):
        bit = 1 << (d - 1)
        if not need & bit:
            continue
        places = [c for c in every if not values[c] and grid.cands[c] & bit]
        if not places:
            continue
        common = set(peers[places[0]])
        for cell in places[1:]:
            common &= peers[cell]
        targets = sorted(c for c in common if c not in every and grid.cands[c] & bit)
        if targets:
            outer.extend((c, d) for c in targets)
            pointing.append(f"{symbol(d)} (in {cells_text(places, n)})")
    removals = tuple(dict.fromkeys(inner + tuple(outer)))
    if not removals:
        return None
    hidden = any(cage.hidden for cage in cages)
    rating = SUBSET_RATING + (HIDDEN_EXTRA if hidden else 0.0)
    rating += TRIPLE_EXTRA * (len(cages) - 2)
    return Step(
        "Cage Subset",
        eliminations=removals,
        explanation=_explain(grid, cages, fittings, keeps)
        + _pointing_text(len(cages), pointing)
        + f" So {removal_text(removals, n)}.",
        marks=tuple(
            Mark(c, None, role)
            for cage, role in zip(cages, CAGE_MARKS, strict=False)
            for c in cage.cells
            if not values[c]
        ),
        rating=round(rating, 1),
        areas=_areas(cages),
    )


def _disjoint(fittings: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """Every choice of one combination per cage, no two sharing a digit."""
    found: list[tuple[int, ...]] = []

    def extend(chosen: tuple[int, ...], used: int) -> None:
        if len(chosen) == len(fittings):
            found.append(chosen)
            return
        for combo in fittings[len(chosen)]:
            if not combo & used:
                extend((*chosen, combo), used | combo)

    extend((), 0)
    return found


def _areas(cages: Sequence[KillerCage]) -> tuple[Area, ...]:
    """Every cage outlined, the second and third in colours of their own."""
    return tuple(
        replace(area, index=k) if area.kind is AreaKind.CAGE else area
        for k, cage in enumerate(cages)
        for area in cage_areas(cage)
    )


_COUNT = {2: "two", 3: "three"}


def _explain(
    grid: CandidateGrid,
    cages: Sequence[KillerCage],
    fittings: Sequence[Sequence[int]],
    keeps: Sequence[Sequence[int]],
) -> str:
    n = grid.size
    lead = "".join(f"{c.origin} " for c in cages if c.hidden)
    house = _house_of(grid, tuple(c for cage in cages for c in cage.cells))
    where = f"all lie in {house}" if house is not None else "see each other cell for cell"
    if len(cages) == 2:
        where = where.replace("all lie", "both lie")
    named = [
        f"{cage.name(n)} ({combos_text(found)})"
        for cage, found in zip(cages, fittings, strict=True)
    ]
    named[0] = named[0][0].upper() + named[0][1:]
    if len(cages) == 2:
        together = "only combinations with no digit in common can go together"
    else:
        together = "only combinations with no digit in common, one per cage, can go together"
    text = f"{lead}{and_list(named)} {where}, so they share no digit: {together}."
    gone = [
        (combo, k)
        for k, (found, keep) in enumerate(zip(fittings, keeps, strict=True))
        for combo in found
        if combo not in keep
    ]
    for combo, k in gone[:4]:
        others = [cages[j] for j in range(len(cages)) if j != k]
        if len(cages) == 2:
            (other,) = others
            why = (
                f"it shares a digit with each combination the {other.total} can take "
                f"({combos_text(fittings[1 - k])})"
            )
        else:
            why = (
                f"whichever combinations the {others[0].total} and the {others[1].total} "
                "take without sharing a digit, one of them shares a digit with it"
            )
        text += f" {combo_text(combo)} for the {cages[k].total} goes: {why}."
    if len(gone) > 4:
        text += f" ({len(gone) - 4} more go the same way.)"
    if gone:
        left = and_list(
            [
                f"{combos_text(keep)} for the {cage.total}"
                for cage, keep in zip(cages, keeps, strict=True)
            ]
        )
        text += f" Left: {left}."
    return text


def _pointing_text(count: int, pointing: list[str]) -> str:
    if not pointing:
        return ""
    which = "pair" if count == 2 else "combinations"
    return (
        f" Whichever {which} they take, the {_COUNT[count]} cages hold {and_list(pointing)}, "
        "so a cell outside them that sees all those places cannot."
    )
