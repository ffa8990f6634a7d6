"""Singles and intersections through a variant's extra houses: diagonals, extra
regions (Windoku), disjoint groups.

The pattern techniques read rows, columns and regions; these two carry the same
reasoning into the houses a variant adds, each naming the house:

- **Extra House Single**: a digit with one place left in a diagonal or extra region
  goes there (the [Hidden Single] of that house).
- **Extra House Intersection**: a digit whose places in one house all lie in another
  (a diagonal's places inside one box, a box's places along a diagonal) is in that
  overlap, so the rest of the other house loses it.

Cages are houses too, but smaller than ``N`` cells: a cage need not hold a given
digit, so the cage techniques (:mod:`.cages`) speak for them.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...houses import House
from ...symbols import symbol
from ..grid import CandidateGrid
from ..registry import Level, technique
from ..step import Area, AreaKind, Mark, Role, Step
from ..wording import cells_text, removal_text


def _extra(grid: CandidateGrid) -> list[House]:
    """The full houses the constraints add (diagonals, extra regions, disjoint groups)."""
    rules = grid.rules
    if rules is None:
        return []
    n = grid.size
    return [h for h in rules.houses[len(grid.shape.houses) :] if h.is_full(n)]


def _places(grid: CandidateGrid, house: House, digit: int) -> list[int] | None:
    """The cells of ``house`` where ``digit`` can go; None when it is placed there."""
    bit = 1 << (digit - 1)
    found = []
    for cell in house.cells:
        if grid.values[cell] == digit:
            return None
        if grid.cands[cell] & bit:
            found.append(cell)
    return found


@technique("Extra House Single", level=Level.EASY, rating=1.25, variant_only=True)
def extra_house_single(grid: CandidateGrid) -> Iterator[Step]:
    """A digit with one place left in a diagonal or an extra region."""
    n = grid.size
    for house in _extra(grid):
        for d in range(1, n + 1):
            places = _places(grid, house, d)
            if places is None or len(places) != 1:
                continue
            cell = places[0]
            yield Step(
                "Extra House Single",
                placements=((cell, d),),
                explanation=(
                    f"{house.name[0].upper()}{house.name[1:]} holds every digit once, and "
                    f"{symbol(d)} can only go in {cells_text((cell,), n)} there: it goes "
                    "there."
                ),
                marks=(Mark(cell, d, Role.FOCUS),),
                rating=1.25,
                areas=(Area(house.cells, AreaKind.HOUSE, label=house.name),),
            )


@technique("Extra House Intersection", level=Level.MEDIUM, rating=2.7, variant_only=True)
def extra_house_intersection(grid: CandidateGrid) -> Iterator[Step]:
    """A digit whose places in one house all lie in a second one, when either of the
    two is a diagonal or an extra region."""
    n = grid.size
    extra = _extra(grid)
    if not extra:
        return
    plain = len(grid.shape.houses)  # the grid's own houses come first in ``every``
    every = list(grid.shape.houses) + extra
    cells = [frozenset(house.cells) for house in every]
    # Each house's places per digit, found once: the pairs below would find them
    # again for every second house (a grade calls this at every stuck position).
    places_in = [[_places(grid, house, d) for d in range(1, n + 1)] for house in every]
    for i, first in enumerate(every):
        for j, second in enumerate(every):
            if i == j or (i < plain and j < plain) or len(cells[i] & cells[j]) < 2:
                continue
            inside = cells[j]
            for d in range(1, n + 1):
                places = places_in[i][d - 1]
                if not places or len(places) < 2 or not inside.issuperset(places):
                    continue
                bit = 1 << (d - 1)
                targets = [c for c in second.cells if c not in places and grid.cands[c] & bit]
                if not targets:
                    continue
                removals = tuple((c, d) for c in targets)
                both = "both" if len(places) == 2 else "all"
                yield Step(
                    "Extra House Intersection",
                    eliminations=removals,
                    explanation=(
                        f"In {first.name}, {symbol(d)} can only go in "
                        f"{cells_text(places, n)}, {both} in {second.name}: so the rest of "
                        f"{second.name} cannot hold it: {removal_text(removals, n)}."
                    ),
                    marks=tuple(Mark(c, d, Role.PATTERN) for c in places),
                    rating=2.7,
                    areas=(
                        Area(first.cells, AreaKind.BASE, label=first.name),
                        Area(second.cells, AreaKind.COVER, label=second.name),
                    ),
                )
