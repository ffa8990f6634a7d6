"""The Law of Leftovers, the jigsaw solver's first special tool.

Take k consecutive rows (or columns), a *band*, and k regions.  The band holds
every digit exactly k times, and so do the k regions.  Take away the cells the
band and the regions share: the cells left in the band, the *innies*, hold exactly
the same digits (with repeats) as the cells left in the regions, the *outies*.
So a digit that no outie can be cannot be an innie either, and the other way
round; once one side is filled, the other side's digits are known.

For a band the useful regions are those that lie (almost) inside it: every region
wholly inside must be taken (leaving one out costs a whole region of innies), and
only regions with at most a few cells outside can complete the set, so the search
is small.  It only pays off when both sides are small, so sets with more than
``MAX_SIDE`` innies are not reported.  Classic boxes always tile the bands exactly
and leave no leftovers, so classic grids skip the search.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ...shape import Shape
from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, cells_of, digits_of, tables
from ..registry import Level, technique
from ..step import Mark, Role, Step
from ..wording import and_list, cells_text, digits_text, removal_text

RATING = 2.8
MAX_SIDE = 4


@dataclass(frozen=True)
class Leftovers:
    """A band, a set of regions, and what is left of each (cell tuples)."""

    lines: tuple[int, ...]  # units of the band
    regions: tuple[int, ...]  # region units
    innies: tuple[int, ...]
    outies: tuple[int, ...]
    cells: int  # both sides, as a bitset


@functools.lru_cache(maxsize=64)
def leftover_sets(shape: Shape) -> tuple[Leftovers, ...]:
    """Every band/region choice of ``shape`` with 1 to ``MAX_SIDE`` cells on each side."""
    if not shape.is_jigsaw:
        return ()
    n = shape.size
    unit_mask = tables(shape).unit_mask
    region_masks = tuple(unit_mask[unit] for unit in shape.region_units)
    found: list[Leftovers] = []
    seen: set[tuple[int, int]] = set()
    for k in range(1, n):
        for line_units in (shape.row_units, shape.column_units):
            for start in range(n - k + 1):
                lines = line_units[start : start + k]
                band = 0
                for line in lines:
                    band |= unit_mask[line]
                overlap = [(band & mask).bit_count() for mask in region_masks]
                whole = [g for g in range(n) if overlap[g] == n]
                partial = [g for g in range(n) if n - MAX_SIDE <= overlap[g] < n and overlap[g]]
                need = k - len(whole)
                if need < 0 or need > len(partial):
                    continue
                for extra in itertools.combinations(partial, need):
                    chosen = sorted(whole + list(extra))
                    cells = 0
                    for g in chosen:
                        cells |= region_masks[g]
                    innies, outies = band & ~cells, cells & ~band
                    if not 0 < innies.bit_count() <= MAX_SIDE or (innies, outies) in seen:
                        continue
                    seen.add((innies, outies))
                    found.append(
                        Leftovers(
                            lines,
                            tuple(shape.region_units[g] for g in chosen),
                            tuple(cells_of(innies)),
                            tuple(cells_of(outies)),
                            innies | outies,
                        )
                    )
    return tuple(found)


@technique("Law of Leftovers", level=Level.MEDIUM, rating=RATING, local=True)
def law_of_leftovers(grid: CandidateGrid) -> Iterator[Step]:
    """Innies and outies of a band hold the same digits: trim each side to the other's.

    Local (:attr:`~..registry.Technique.local`): a step reads and changes its two
    sides alone, so only sets with a cell in the grid's focus are tried.
    """
    focus = grid.focus
    for sets in leftover_sets(grid.shape):
        if not sets.cells & focus:
            continue
        step = _deduce(grid, sets)
        if step is not None:
            yield step


def _possible(grid: CandidateGrid, cells: Sequence[int]) -> int:
    mask = 0
    for cell in cells:
        value = grid.values[cell]
        mask |= (1 << (value - 1)) if value else grid.cands[cell]
    return mask


def _deduce(grid: CandidateGrid, sets: Leftovers) -> Step | None:
    eliminations: set[tuple[int, int]] = set()
    placements: dict[int, int] = {}
    reasons: list[str] = []
    n = grid.size
    sides = (("innies", sets.innies), ("outies", sets.outies))
    for (name, cells), (other_name, others) in (sides, sides[::-1]):
        empty = [c for c in cells if not grid.values[c]]
        if not empty:
            continue
        allowed = _possible(grid, others)
        known = [grid.values[c] for c in others]
        if all(known):
            # The other side is filled: this side's missing digits are exactly known.
            remaining = Counter(known)
            remaining.subtract(grid.values[c] for c in cells if grid.values[c])
            if any(count < 0 for count in remaining.values()):
                return None  # the position is broken; leave it to the checks
            allowed = 0
            for digit, count in remaining.items():
                if count:
                    allowed |= 1 << (digit - 1)
            if len(empty) == 1 and allowed.bit_count() == 1:
                cell, digit = empty[0], allowed.bit_length()
                if grid.cands[cell] & allowed:
                    placements[cell] = digit
                    reasons.append(
                        f"The {other_name} are {digits_text(known)}, so "
                        f"{cell_name(cell, n)}, the one empty cell among the {name}, "
                        f"must be {symbol(digit)}."
                    )
                continue
        removed = [(c, d) for c in empty for d in digits_of(grid.cands[c] & ~allowed)]
        if removed:
            eliminations.update(removed)
            reasons.append(
                f"The {other_name} can only be {digits_text(digits_of(allowed), 'or')}, "
                f"so {removal_text(removed, n)}."
            )
    if not eliminations and not placements:
        return None
    return _step(grid, sets, placements, sorted(eliminations), reasons)


def _step(
    grid: CandidateGrid,
    sets: Leftovers,
    placements: dict[int, int],
    eliminations: list[tuple[int, int]],
    reasons: list[str],
) -> Step:
    n = grid.size
    houses = grid.shape.houses
    k = len(sets.lines)
    kind = houses[sets.lines[0]].kind.value
    numbers = [str(houses[u].index + 1) for u in sets.lines]
    band = f"{kind} {numbers[0]}" if k == 1 else f"{kind}s {numbers[0]}-{numbers[-1]}"
    word = houses[sets.regions[0]].kind.value + ("" if k == 1 else "s")
    regions = f"{word} " + and_list([str(houses[u].index + 1) for u in sets.regions])
    times = "once" if k == 1 else f"{k} times"
    explanation = (
        f"Law of Leftovers: {band} {'holds' if k == 1 else 'hold'} every digit {times}, and "
        f"so {'does' if k == 1 else 'do'} {regions}. Take away the cells they share: the "
        f"cells left in {band} (the innies {cells_text(sets.innies, n)}) must hold the "
        f"same digits as the cells left in {regions} (the outies "
        f"{cells_text(sets.outies, n)}). " + " ".join(reasons)
    )
    return Step(
        "Law of Leftovers",
        placements=tuple(sorted(placements.items())),
        eliminations=tuple(eliminations),
        explanation=explanation,
        marks=tuple(Mark(c, None, Role.PATTERN) for c in sets.innies)
        + tuple(Mark(c, None, Role.COVER) for c in sets.outies)
        + tuple(Mark(c, d, Role.FOCUS) for c, d in sorted(placements.items()))
        + tuple(Mark(c, d, Role.FOCUS) for c, d in eliminations),
        units=sets.lines + sets.regions,
        rating=RATING,
    )
