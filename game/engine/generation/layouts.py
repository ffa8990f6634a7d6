"""Random jigsaw layouts that look good: compact, varied regions, never long snakes.

A layout is grown, then tidied:

1. *Seeds*: ``N`` cells spread over the grid by best-candidate sampling (each new
   seed is the farthest from those already chosen out of a few random cells), so
   regions start evenly spaced but not on a lattice.
2. *Growth*: the smallest region takes a free neighbour, preferring cells that
   touch it on several sides (that keeps it round).  A region walled in before it
   is full takes a border cell from a neighbour instead; the neighbour is then the
   one short of a cell and grows next, so the shortfall wanders to the free cells.
3. *Tidying*: the least compact region swaps cells with a neighbouring region (a
   cell goes each way, both regions stay connected) when that shortens their
   borders, until every region is within :func:`max_excess`.  A full minimiser
   would drift towards the classic boxes, so tidying stops as soon as the worst
   region is acceptable, and a layout must stay :data:`MIN_MEAN_EXCESS` away from
   the boxes.

*Compactness* is measured by perimeter, the number of cell sides on a region's
border.  ``N`` cells cannot do better than :func:`min_perimeter` (12 for 9 cells, a
3x3 square; a 1x9 snake has 20).  :func:`compactness` is a layout's mean excess
over that minimum per region: 0 for the classic boxes, about 2.5 for ours.  No
region may be a straight line either: it would repeat a row's or column's rule.

Some layouts have no solution grid at all; the exact solver screens them out (with
a node limit, since proving "no solution" can take long).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence

from .. import solver
from ..shape import Shape

MIN_MEAN_EXCESS = 1.0
"""A layout's regions must exceed the minimum perimeter by this much on average."""

_NODE_LIMIT = 2_000
_ATTEMPTS = 1_000


class LayoutNotFound(RuntimeError):
    """No acceptable layout turned up in the attempts allowed (not seen in practice)."""


def random_layout(size: int, rng: random.Random, *, solvable: bool = True) -> Shape:
    """A random jigsaw layout of ``size`` compact, connected regions with a solution grid.

    ``solvable=False`` leaves the solution to the caller, who screens the layout under
    stricter rules anyway (a solution under them is one of the plain jigsaw too)."""
    for _ in range(_ATTEMPTS):
        regions = _grow(size, rng)
        if regions is None:
            continue
        _tidy(regions, size, rng)
        if not is_good_layout(regions, size):
            continue
        shape = Shape.from_regions(regions)
        if shape.is_jigsaw and (not solvable or _has_solution(shape)):
            return shape
    raise LayoutNotFound(f"no {size}x{size} jigsaw layout found in {_ATTEMPTS} attempts")


def min_perimeter(size: int) -> int:
    """The smallest perimeter ``size`` cells can have (a near-square)."""
    side = math.isqrt(size)
    if side * side == size:
        return 4 * side
    if side * (side + 1) >= size:
        return 4 * side + 2
    return 4 * side + 4


def max_excess(size: int) -> int:
    """How far above :func:`min_perimeter` a region's perimeter may go (2 for 6x6, 4 for 9x9)."""
    return max(2, size // 2 & ~1)


def perimeters(regions: Sequence[int], size: int) -> list[int]:
    """Each region's perimeter in cell sides (the grid's edge counts)."""
    found = [0] * size
    for cell, region in enumerate(regions):
        found[region] += _sides(regions, size, cell, region)
    return found


def compactness(shape: Shape) -> float:
    """Mean perimeter excess per region (0 = every region as round as it can be)."""
    lowest = min_perimeter(shape.size)
    return sum(p - lowest for p in perimeters(shape.regions, shape.size)) / shape.size


def is_good_layout(regions: Sequence[int], size: int) -> bool:
    """Whether every region is compact and no line, and the whole is no near-copy of the boxes."""
    lowest = min_perimeter(size)
    excess = [p - lowest for p in perimeters(regions, size)]
    if max(excess) > max_excess(size) or sum(excess) < MIN_MEAN_EXCESS * size:
        return False
    for g in range(size):
        members = [cell for cell in range(size * size) if regions[cell] == g]
        if len({cell // size for cell in members}) == 1:
            return False
        if len({cell % size for cell in members}) == 1:
            return False
    return True


# -- growth ------------------------------------------------------------------------


@functools.cache
def _neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    """Orthogonal neighbours of every cell of an ``n``x``n`` grid."""
    found = []
    for cell in range(n * n):
        row, column = divmod(cell, n)
        around = ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))
        found.append(tuple(r * n + c for r, c in around if 0 <= r < n and 0 <= c < n))
    return tuple(found)


def _sides(regions: Sequence[int], n: int, cell: int, region: int) -> int:
    """How many sides of ``cell`` would be border if it belonged to ``region``."""
    near = _neighbours(n)[cell]
    return 4 - sum(1 for other in near if regions[other] == region)


def _seeds(n: int, rng: random.Random) -> list[int]:
    """``n`` distinct cells spread out by best-candidate sampling."""
    chosen = [rng.randrange(n * n)]
    while len(chosen) < n:
        best, best_distance = -1, -1
        for _ in range(8):
            cell = rng.randrange(n * n)
            if cell in chosen:
                continue
            distance = min(_distance(cell, other, n) for other in chosen)
            if distance > best_distance:
                best, best_distance = cell, distance
        if best >= 0:
            chosen.append(best)
    return chosen


def _distance(a: int, b: int, n: int) -> int:
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return (ra - rb) ** 2 + (ca - cb) ** 2


def _grow(n: int, rng: random.Random) -> list[int] | None:
    """A partition into ``n`` connected regions of ``n`` cells, or None if growth stalled."""
    near = _neighbours(n)
    regions = [-1] * (n * n)
    members: list[set[int]] = [set() for _ in range(n)]  # kept: scanning the grid cost most
    for region, cell in enumerate(_seeds(n, rng)):
        regions[cell] = region
        members[region].add(cell)
    free = n * n - n
    for _ in range(n * n * 20):
        if not free:
            return regions
        smallest = min(map(len, members))
        # The smallest regions grow first, so none is left behind and walled in.
        region = rng.choice([g for g, cells in enumerate(members) if len(cells) == smallest])
        border = sorted({other for cell in members[region] for other in near[cell]})
        options = [cell for cell in border if regions[cell] == -1]
        if options:
            cell = _pick(options, members[region], near, rng)
            free -= 1
        else:
            # Walled in: take a neighbour's cell, one it can spare and stay connected
            # (tried in weighted random order; testing only the one drawn is cheaper
            # than testing them all first).
            options = [cell for cell in border if regions[cell] != region]
            while True:
                if not options:
                    return None
                cell = _pick(options, members[region], near, rng)
                rest = members[regions[cell]] - {cell}
                if _connected(n, rest):
                    break
                options.remove(cell)
        if regions[cell] != -1:
            members[regions[cell]].discard(cell)
        regions[cell] = region
        members[region].add(cell)
    return None


_WEIGHTS = (0, 1, 8, 27, 64)
"""A cell's weight in :func:`_pick` by how many of its sides touch the region: cubed."""


def _pick(
    options: list[int], region: set[int], near: tuple[tuple[int, ...], ...], rng: random.Random
) -> int:
    """One of ``options`` for the cells ``region`` to take, favouring cells it touches
    on more sides."""
    touches = region.__contains__
    weights = [_WEIGHTS[sum(map(touches, near[cell]))] for cell in options]
    return rng.choices(options, weights)[0]


def _connected(n: int, cells: set[int]) -> bool:
    """Whether ``cells`` (at least one) form one orthogonally connected piece.

    :meth:`Shape.from_regions` checks the same once per layout; this runs thousands
    of times while one grows or is tidied, on the region's cells as they would be
    after a move, so it reads a neighbour table.
    """
    if not cells:
        return False
    near = _neighbours(n)
    first = next(iter(cells))
    seen = {first}
    stack = [first]
    while stack:
        for other in near[stack.pop()]:
            if other in cells and other not in seen:
                seen.add(other)
                stack.append(other)
    return len(seen) == len(cells)


# -- tidying -----------------------------------------------------------------------


def _tidy(regions: list[int], n: int, rng: random.Random) -> None:
    """Swap cells across borders until every region is within :func:`max_excess`."""
    near = _neighbours(n)
    limit = min_perimeter(n) + max_excess(n)
    found = perimeters(regions, n)
    members: list[set[int]] = [set() for _ in range(n)]
    for cell, region in enumerate(regions):
        members[region].add(cell)
    for _ in range(n * n * 4):
        worst = max(found)
        if worst <= limit:
            return
        region = rng.choice([g for g in range(n) if found[g] == worst])
        own = members[region]
        a = rng.choice(sorted(own))
        others = sorted({regions[cell] for cell in near[a]} - {region})
        if not others:
            continue
        other = rng.choice(others)
        touching = {x for cell in own for x in near[cell]}
        c = rng.choice([cell for cell in sorted(members[other]) if cell in touching])
        inside = _swapped(found[region], own, a, c, near)
        outside = _swapped(found[other], members[other], c, a, near)
        if inside + outside >= found[region] + found[other]:
            continue
        mine = own - {a} | {c}
        theirs = members[other] - {c} | {a}
        if _connected(n, mine) and _connected(n, theirs):
            regions[a], regions[c] = other, region
            found[region], found[other] = inside, outside
            members[region], members[other] = mine, theirs


def _swapped(
    perimeter: int, cells: set[int], out: int, into: int, near: tuple[tuple[int, ...], ...]
) -> int:
    """The perimeter of ``cells`` (which has ``perimeter``) once ``out`` leaves it and
    ``into`` joins: each side a cell shares with the region is border no longer.
    Worked out from the two cells, not the whole region: a tidy tries hundreds of
    swaps."""
    inside = cells.__contains__
    lost = sum(map(inside, near[out]))
    gained = sum(map(inside, near[into])) - (out in near[into])  # ``out`` is leaving
    return perimeter + 2 * lost - 2 * gained


def _has_solution(shape: Shape) -> bool:
    try:
        return bool(solver.solutions(shape, [0] * shape.cells, 1, node_limit=_NODE_LIMIT))
    except solver.SearchLimitReached:
        return False
