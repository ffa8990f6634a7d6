"""Killer steps built on the 45 rule's cages and on cages taken together.

- **Hidden Cage**: cells the 45 rule gives a total (the innies of a house, the
  outies of a crossing cage, a cage less a hidden cage inside it) that all see
  each other hold different digits: a cage nobody drew, with combinations like any
  other (:func:`~..killer.deduced_cages`).  Its combinations are narrowed as a
  cage's are.  (Cage Pointing and Cage Claiming read hidden cages too.)
- **Cage Subset**: two cages (drawn or hidden) whose cells all see each other share
  no digit, so only pairs of combinations without a common digit fit them: a
  combination with no such partner goes, and a digit every pair holds is in those
  cells, so the cells that see all its places there lose it.

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
    for cage in hidden:
        step = combination_step(grid, cage, "Hidden Cage", _rating(cage))
        if step is not None:
            yield step
    for cage in hidden:
        yield from pointing_steps(grid, (cage,), "Hidden Cage", _rating(cage) + 0.1)
    yield from claiming_steps(grid, hidden, "Hidden Cage", HIDDEN_RATING + 0.1)


def _rating(cage: KillerCage) -> float:
    """Wider hidden cages (more houses taken together) are harder to see."""
    return round(HIDDEN_RATING + 0.2 * max(0, cage.houses - 1), 1)


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


@technique("Cage Subset", level=Level.MEDIUM, rating=SUBSET_RATING, variant_only=True)
def cage_subset(grid: CandidateGrid) -> Iterator[Step]:
    """Two cages whose cells all see each other: their combinations taken together."""
    rules = grid.rules
    if rules is None:
        return
    n = grid.size
    peers = rules.peers
    values = grid.values
    for a, b in seeing_pairs(rules):
        if all(values[x] for x in a.cells) or all(values[x] for x in b.cells):
            continue
        mask_a, mask_b = cage_masks(grid, a), cage_masks(grid, b)
        fit_a, fit_b = fit(mask_a, a.total, n), fit(mask_b, b.total, n)
        if not fit_a.fitting or not fit_b.fitting:
            continue
        pairs = [(x, y) for x in fit_a.fitting for y in fit_b.fitting if not x & y]
        if not pairs:
            continue  # a dead end: dead_ends.py names it
        keep_a = tuple(sorted({x for x, _ in pairs}))
        keep_b = tuple(sorted({y for _, y in pairs}))
        inner = removed(grid, a, support_of(mask_a, keep_a)) + removed(
            grid, b, support_of(mask_b, keep_b)
        )
        need = -1
        for x, y in pairs:
            need &= x | y
        need &= ~(_placed(grid, a.cells) | _placed(grid, b.cells))
        both = a.cells + b.cells
        outer: list[tuple[int, int]] = []
        pointing: list[str] = []
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            if not need & bit:
                continue
            places = [c for c in both if not values[c] and grid.cands[c] & bit]
            if not places:
                continue
            common = set(peers[places[0]])
            for cell in places[1:]:
                common &= peers[cell]
            targets = sorted(c for c in common if c not in both and grid.cands[c] & bit)
            if targets:
                outer.extend((c, d) for c in targets)
                pointing.append(f"{symbol(d)} (in {cells_text(places, n)})")
        removals = tuple(dict.fromkeys(inner + tuple(outer)))
        if not removals:
            continue
        yield Step(
            "Cage Subset",
            eliminations=removals,
            explanation=_explain(grid, a, b, fit_a.fitting, fit_b.fitting, keep_a, keep_b)
            + _pointing_text(grid, a, b, pointing)
            + f" So {removal_text(removals, n)}.",
            marks=tuple(Mark(c, None, Role.PATTERN) for c in a.cells if not values[c])
            + tuple(Mark(c, None, Role.COVER) for c in b.cells if not values[c]),
            rating=round(SUBSET_RATING + (HIDDEN_EXTRA if a.hidden or b.hidden else 0.0), 1),
            areas=_areas(a, b),
        )


def _areas(a: KillerCage, b: KillerCage) -> tuple[Area, ...]:
    """Both cages outlined, the second in the second colour."""
    second = tuple(
        replace(area, index=1) if area.kind is AreaKind.CAGE else area for area in cage_areas(b)
    )
    return cage_areas(a) + second


def _explain(
    grid: CandidateGrid,
    a: KillerCage,
    b: KillerCage,
    fits_a: Sequence[int],
    fits_b: Sequence[int],
    keep_a: Sequence[int],
    keep_b: Sequence[int],
) -> str:
    n = grid.size
    lead = "".join(f"{c.origin} " for c in (a, b) if c.hidden)
    house = _house_of(grid, a.cells + b.cells)
    where = f"both lie in {house}" if house is not None else "see each other cell for cell"
    text = (
        f"{lead}{a.title(n)} ({combos_text(fits_a)}) and {b.name(n)} "
        f"({combos_text(fits_b)}) {where}, so they share no digit: only combinations "
        "with no digit in common can go together."
    )
    gone = [(x, a, b, fits_b) for x in fits_a if x not in keep_a] + [
        (y, b, a, fits_a) for y in fits_b if y not in keep_b
    ]
    for combo, own, other, theirs in gone[:4]:
        text += (
            f" {combo_text(combo)} for the {own.total} goes: it shares a digit with each "
            f"combination the {other.total} can take ({combos_text(theirs)})."
        )
    if len(gone) > 4:
        text += f" ({len(gone) - 4} more go the same way.)"
    if gone:
        text += (
            f" Left: {combos_text(keep_a)} for the {a.total}, "
            f"{combos_text(keep_b)} for the {b.total}."
        )
    return text


def _pointing_text(grid: CandidateGrid, a: KillerCage, b: KillerCage, pointing: list[str]) -> str:
    if not pointing:
        return ""
    return (
        f" Whichever pair they take, the two cages hold {and_list(pointing)}, so a cell "
        "outside them that sees all those places cannot."
    )
