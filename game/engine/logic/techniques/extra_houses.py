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

from collections.abc import Iterable, Iterator

from ...houses import House
from ...rules import RuleSet
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


@technique("Extra House Single", level=Level.EASY, rating=1.25, variant_only=True, one_digit=True)
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


@technique(
    "Extra House Intersection", level=Level.MEDIUM, rating=2.7, variant_only=True, one_digit=True
)
def extra_house_intersection(grid: CandidateGrid) -> Iterator[Step]:
    """A digit whose places in one house all lie in a second one, when either of the
    two is a diagonal or an extra region."""
    n = grid.size
    extra = _extra(grid)
    if not extra:
        return
    every, pairs = _pairs(grid, extra)
    where = grid.digits_with_places()
    for i, j in pairs:
        first_mask = every[i][1]
        second_mask = every[j][1]
        for d, cells in where:
            # The list tests below, first on bitsets (a grade calls this at every
            # stuck position, and almost every pair fails them): two places at
            # least, all inside the second house, something there to remove.
            held = cells & first_mask
            if held & (held - 1) == 0 or held & ~second_mask or not cells & second_mask & ~held:
                continue
            first = every[i][0]
            second = every[j][0]
            places = _places(grid, first, d)
            if not places or len(places) < 2:
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


_PAIRS: dict[int, tuple[RuleSet, tuple[tuple[House, int], ...], tuple[tuple[int, int], ...]]] = {}
_PAIRS_LIMIT = 64


def _pairs(
    grid: CandidateGrid, extra: list[House]
) -> tuple[tuple[tuple[House, int], ...], tuple[tuple[int, int], ...]]:
    """Every house (the grid's own first, then ``extra``) with its cell bitset, and the
    ``(i, j)`` pairs of houses sharing two cells or more, one of them an extra house,
    in the order the search takes them; per rule set (cached by identity)."""
    rules = grid.rules
    assert rules is not None  # only a variant has extra houses
    entry = _PAIRS.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1], entry[2]
    plain = len(grid.shape.houses)  # the grid's own houses come first in ``every``
    every = tuple((house, _mask(house.cells)) for house in (*grid.shape.houses, *extra))
    pairs = tuple(
        (i, j)
        for i in range(len(every))
        for j in range(len(every))
        if i != j and not (i < plain and j < plain) and (every[i][1] & every[j][1]).bit_count() >= 2
    )
    if len(_PAIRS) >= _PAIRS_LIMIT:
        _PAIRS.clear()
    _PAIRS[id(rules)] = (rules, every, pairs)
    return every, pairs


def _mask(cells: Iterable[int]) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask
