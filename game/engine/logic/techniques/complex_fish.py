"""Franken and Mutant fish, plain and finned: fish whose base or cover sets use regions.

A basic fish sets rows against columns; a *Franken* fish lets regions join either
side (rows and regions against columns and regions, or columns and regions against
rows and regions), and a *Mutant* fish mixes any kinds of unit on both sides.  The
logic is the same (see :mod:`..fish_search`, which also finds them): the base units
need the digit in different cells, the cover units can take only one each, so
the digit leaves the rest of the cover, or, with fins, the part of it that sees
every fin.  Jigsaw regions make these fish far more common than boxes do, since an
irregular region can reach across many rows and columns.

Sizes 2 to 4 (X-Wing, Swordfish, Jellyfish, as HoDoKu names them); larger fish
(HoDoKu's Squirmbag, Whale, Leviathan) are not searched.  Sashimi fish are not
told apart here: HoDoKu calls every Franken and Mutant fish with fins "finned".
The search runs only for digits that one-digit logic can still reduce and aims at
those candidates; its bounds are in :mod:`..fish_search`.

Ratings (Sudoku Explainer has no such fish, so these are ours): every Franken and
Mutant fish rates above every basic and finned fish (the hardest, a finned
Jellyfish, is 5.4), as HoDoKu also orders them; they grow by size as basic fish
do (0.2 a size), Mutant fish sit 0.3 above Franken ones, and fins add 0.1, as they
do to SE's finned fish.  That puts them among the one-digit chains of three to
five strong links they usually replace (Sukaku Explainer: 5.4 to 6.2).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..fish_search import FishKind, fish_in, geometry, variant_geometry
from ..fish_text import fish_name, fish_step
from ..grid import CandidateGrid
from ..registry import Level, technique
from ..step import Step
from ..variant_units import variant_units

FRANKEN_RATING = {2: 5.5, 3: 5.7, 4: 5.9}
MUTANT_RATING = {2: 5.8, 3: 6.0, 4: 6.2}
FIN_BONUS = 0.1


def rating(kind: FishKind, size: int, finned: bool) -> float:
    """The SE-scale rating of a Franken or Mutant fish (see the module docstring)."""
    base = FRANKEN_RATING[size] if kind == FishKind.FRANKEN else MUTANT_RATING[size]
    return round(base + (FIN_BONUS if finned else 0.0), 1)


def complex_fish(grid: CandidateGrid, kind: FishKind, size: int, finned: bool) -> Iterator[Step]:
    """The ``kind`` fish of ``size`` (with fins or without), simplest first.

    Under a variant with houses or links beyond the shape's, the units are every full
    house (a diagonal or an extra region counts as a region) and a fin is seen
    through the constraints too (:func:`..fish_search.variant_geometry`).
    """
    units = variant_units(grid)
    if units is not None and not units.extra:
        units = None
    found = []
    for digit in range(1, grid.size + 1):
        places = grid.digit_cells(digit)
        if not places:
            continue
        geo = geometry(grid.shape) if units is None else variant_geometry(units, digit)
        for fish in fish_in(geo, places, kind, size):
            if bool(fish.fins) == finned:
                found.append((fish.simplicity(), digit, fish))
    found.sort(key=lambda item: (item[0], item[1]))
    name = fish_name(kind, size, finned)
    value = rating(kind, size, finned)
    for _key, digit, fish in found:
        yield fish_step(grid.shape, grid.digit_cells(digit), digit, fish, name, value, units)


def _register(kind: FishKind, size: int, finned: bool) -> None:
    name = fish_name(kind, size, finned)

    @technique(name, level=Level.EXPERT, rating=rating(kind, size, finned), one_digit=True)
    def find(grid: CandidateGrid) -> Iterator[Step]:
        return complex_fish(grid, kind, size, finned)

    find.__doc__ = f"{name}: a fish of size {size} with regions among its units."


for _kind in (FishKind.FRANKEN, FishKind.MUTANT):
    for _size in (2, 3, 4):
        for _finned in (False, True):
            _register(_kind, _size, _finned)
