"""Random solution grids for any shape, classic or jigsaw, under any rule set."""

from __future__ import annotations

import random

from .. import solver
from ..rules import RuleSet
from ..shape import Shape

_NODE_LIMIT = 500
_TRIES = 50


def random_solution(shape: Shape | RuleSet, rng: random.Random) -> tuple[int, ...]:
    """A random complete grid of ``shape`` (a plain shape or a variant's rule set).

    Places a few random legal digits, lets the solver complete the grid, then
    relabels the digits at random (a relabelled solution is still a solution for
    any layout, and under rules that allow it: never under orders, sums or dots,
    where a randomized search finds the grid instead).  Random digits occasionally
    leave a jigsaw grid without a completion that is slow to disprove, so each try
    has a node limit; after :data:`_TRIES` failures the empty grid is completed
    instead (it has a solution: layouts are screened for one).  Raises ValueError
    if ``shape`` has none.
    """
    n = shape.size
    peers = shape.peers
    relabels = shape.relabels if isinstance(shape, RuleSet) else True
    if not relabels:
        return _searched_solution(shape, rng)
    for _ in range(_TRIES):
        grid = [0] * shape.cells
        for cell in rng.sample(range(shape.cells), max(2, n + n // 3)):
            used = {grid[peer] for peer in peers[cell]}
            choices = [d for d in range(1, n + 1) if d not in used]
            if choices:
                grid[cell] = rng.choice(choices)
        try:
            found = solver.solutions(shape, grid, 1, node_limit=_NODE_LIMIT)
        except solver.SearchLimitReached:
            continue
        if found:
            return _relabel(found[0], n, rng) if relabels else found[0]
    complete = solver.solve(shape, [0] * shape.cells)
    if complete is None:
        raise ValueError(f"the layout {shape!r} has no solution grid")
    return _relabel(complete, n, rng) if relabels else complete


def _searched_solution(rules: Shape | RuleSet, rng: random.Random) -> tuple[int, ...]:
    """A random solution by the solver's randomized search, restarted with growing
    node limits.

    Rules that forbid relabelling (non-consecutive) leave few solutions, so random
    digits placed first rarely have a completion (measured: none in 50 tries on
    9x9 non-consecutive, which then always fell back to the one empty-grid
    solution), while a randomized search from the empty grid finds one in a few
    thousand branch points about one try in four.
    """
    tables = solver.bitboard(rules)
    start = tables.start([0] * rules.cells)
    if start is not None:
        limit = _NODE_LIMIT
        for _ in range(_TRIES):
            found: list[int] = []
            tables.run([start], found, 1, limit, rng)
            if found:
                return tables.decode(found[0])
            limit += limit // 4
    raise ValueError(f"no solution grid found under {rules!r}")


def _relabel(grid: tuple[int, ...], n: int, rng: random.Random) -> tuple[int, ...]:
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    return tuple(relabel[d - 1] for d in grid)
