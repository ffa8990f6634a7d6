"""Random solution grids for any shape, classic or jigsaw."""

from __future__ import annotations

import random

from .. import solver
from ..shape import Shape

_NODE_LIMIT = 500
_TRIES = 50


def random_solution(shape: Shape, rng: random.Random) -> tuple[int, ...]:
    """A random complete grid of ``shape``.

    Places a few random legal digits, lets the solver complete the grid, then
    relabels the digits at random (a relabelled solution is still a solution for
    any layout).  Random digits occasionally leave a jigsaw grid without a
    completion that is slow to disprove, so each try has a node limit; after
    :data:`_TRIES` failures the empty grid is completed instead (it has a solution:
    layouts are screened for one).  Raises ValueError if ``shape`` has none.
    """
    n = shape.size
    for _ in range(_TRIES):
        grid = [0] * shape.cells
        for cell in rng.sample(range(shape.cells), max(2, n + n // 3)):
            used = {grid[peer] for peer in shape.peers[cell]}
            choices = [d for d in range(1, n + 1) if d not in used]
            if choices:
                grid[cell] = rng.choice(choices)
        try:
            found = solver.solutions(shape, grid, 1, node_limit=_NODE_LIMIT)
        except solver.SearchLimitReached:
            continue
        if found:
            return _relabel(found[0], n, rng)
    complete = solver.solve(shape, [0] * shape.cells)
    if complete is None:
        raise ValueError(f"the layout {shape!r} has no solution grid")
    return _relabel(complete, n, rng)


def _relabel(grid: tuple[int, ...], n: int, rng: random.Random) -> tuple[int, ...]:
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    return tuple(relabel[d - 1] for d in grid)
