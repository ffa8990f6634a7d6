"""Siamese fish: two finned fish of one digit on the same base units, told as one step.

The same base units can often be covered in two ways, each leaving its own fins
and reaching its own cells.  Both fish hold, so their removals go together; HoDoKu
calls the pair a *Siamese* fish and rates it as the finned fish it is made of
(basic finned or sashimi from :mod:`.fish`, Franken and Mutant from
:mod:`.complex_fish`, of one kind and size; a basic pair is "Sashimi" when both
fish are, "Finned" otherwise).  A Siamese fish always contains a single finned
fish, which rates the same and is registered first, so on a solve path the single
fish is the step taken; these steps serve the "everywhere" view and players who
look for the combined move.  Franken and Mutant pairs need a search of their own
(every cover of every base), bounded by
:data:`~game.engine.logic.fish_search.SIAMESE_BUDGET` nodes a digit.  Under a
variant, the fish are those the single finders find there (any full house as a
unit, a killer cage as a cover, fins seen through any rule), and so are the pairs.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ..fish_search import (
    Fish,
    FishKind,
    geometry,
    siamese_pairs_in,
    variant_geometry,
)
from ..fish_text import FISH_NAMES, siamese_step
from ..grid import CandidateGrid
from ..registry import Level, technique
from ..step import Step
from ..variant_units import VariantUnits, variant_units
from .complex_fish import rating as complex_rating
from .fish import FINNED_RATING, finned_fish, variant_finned_fish


def _variant(grid: CandidateGrid) -> VariantUnits | None:
    units = variant_units(grid)
    return units if units is not None and units.extra else None


def _basic(grid: CandidateGrid, size: int, sashimi: bool) -> Iterator[Step]:
    units = _variant(grid)
    found = [(f.digit, f.as_fish(grid), f.sashimi) for f in finned_fish(grid, size)]
    if units is not None:
        found += variant_finned_fish(grid, size)
    name = f"Siamese {'Sashimi' if sashimi else 'Finned'} {FISH_NAMES[size]}"
    for digit, first, second in _pairs(found, sashimi):
        places = grid.digit_cells(digit)
        value = FINNED_RATING[size]
        yield siamese_step(grid.shape, places, digit, first, second, name, value, units)


def _complex(grid: CandidateGrid, kind: FishKind, size: int) -> Iterator[Step]:
    found = []
    seen: set[tuple[int, int]] = set()
    units = _variant(grid)
    for digit in range(1, grid.size + 1):
        places = grid.digit_cells(digit)
        if not places:
            continue
        geo = geometry(grid.shape) if units is None else variant_geometry(units, digit)
        for first, second in siamese_pairs_in(geo, places, kind, size):
            removed = first.eliminations | second.eliminations
            if (digit, removed) not in seen:
                seen.add((digit, removed))
                found.append((_key(digit, first, second), digit, first, second))
    found.sort(key=lambda item: item[0])
    family = "Franken" if kind == FishKind.FRANKEN else "Mutant"
    name = f"Siamese Finned {family} {FISH_NAMES[size]}"
    value = complex_rating(kind, size, finned=True)
    for _order, digit, first, second in found:
        places = grid.digit_cells(digit)
        yield siamese_step(grid.shape, places, digit, first, second, name, value, units)


def _key(digit: int, first: Fish, second: Fish) -> tuple[int, int, int]:
    """Simplest first: fewer fins, then more removals."""
    removed = first.eliminations | second.eliminations
    return (first.fins.bit_count() + second.fins.bit_count(), -removed.bit_count(), digit)


def _pairs(found: list[tuple[int, Fish, bool]], sashimi: bool) -> list[tuple[int, Fish, Fish]]:
    """Pairs of finned fish on one digit and base whose removals differ, simplest first.

    ``sashimi`` picks the pairs of two sashimi fish; otherwise the other pairs.
    """
    groups: dict[tuple[int, tuple[int, ...]], list[tuple[Fish, bool]]] = {}
    for digit, fish, is_sashimi in found:
        if fish.fins:
            groups.setdefault((digit, fish.bases), []).append((fish, is_sashimi))
    pairs = []
    seen: set[tuple[int, int]] = set()
    for (digit, _bases), members in groups.items():
        for (first, sashimi1), (second, sashimi2) in itertools.combinations(members, 2):
            if (sashimi1 and sashimi2) != sashimi:
                continue
            removed = first.eliminations | second.eliminations
            if removed in (first.eliminations, second.eliminations):
                continue  # one fish already removes all the other does
            if (digit, removed) in seen:
                continue
            seen.add((digit, removed))
            pairs.append((_key(digit, first, second), digit, first, second))
    pairs.sort(key=lambda item: item[0])
    return [(digit, first, second) for _key, digit, first, second in pairs]


def _register(size: int) -> None:
    fish = FISH_NAMES[size]
    for sashimi in (False, True):
        name = f"Siamese {'Sashimi' if sashimi else 'Finned'} {fish}"

        def find_basic(grid: CandidateGrid, sashimi: bool = sashimi) -> Iterator[Step]:
            return _basic(grid, size, sashimi)

        find_basic.__doc__ = f"{name}: two finned fish of size {size} on one base."
        technique(name, level=Level.EXPERT, rating=FINNED_RATING[size], one_digit=True)(find_basic)
    for kind in (FishKind.FRANKEN, FishKind.MUTANT):
        family = "Franken" if kind == FishKind.FRANKEN else "Mutant"
        name = f"Siamese Finned {family} {fish}"

        def find_complex(grid: CandidateGrid, kind: FishKind = kind) -> Iterator[Step]:
            return _complex(grid, kind, size)

        find_complex.__doc__ = f"{name}: two finned fish of size {size} on one base."
        rated = complex_rating(kind, size, True)
        technique(name, level=Level.EXPERT, rating=rated, one_digit=True)(find_complex)


for _size in (2, 3, 4):
    _register(_size)
