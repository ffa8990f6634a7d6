"""Random solution grids for any shape, classic or jigsaw, under any rule set."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

from .. import solver
from ..logic.fish_search import one_digit_removable
from ..logic.grid import CandidateGrid
from ..logic.variant_units import variant_units
from ..rules import VARIANTS, RuleSet
from ..shape import Shape

_NODE_LIMIT = 500
_TRIES = 50


def random_solution(
    shape: Shape | RuleSet, rng: random.Random, *, known: tuple[int, ...] | None = None
) -> tuple[int, ...]:
    """A random complete grid of ``shape`` (a plain shape or a variant's rule set).

    Places a few random legal digits, lets the solver complete the grid, then
    relabels the digits at random (a relabelled solution is still a solution for
    any layout, and under rules that allow it: never under orders, sums or dots,
    where a randomized search finds the grid instead).  A grid ``known`` to be a
    solution, itself drawn at random (a jigsaw layout's screen finds one: see
    :func:`random_completion`), is relabelled without a search: drawing afresh cost
    11 ms a candidate on 9x9 jigsaw Windoku (a quarter of the draws fell back on
    the known grid after every try), and the candidates were as often Extreme: 775
    of 2,880 relabelling it, against 744 of 2,880 drawn afresh (8 candidates on each
    layout of seeds 300-419 and 500-739).  Random digits occasionally leave a
    jigsaw grid without a completion that is slow to disprove, so each try has a
    node limit; after :data:`_TRIES` failures the empty grid is completed.  Raises
    ValueError if ``shape`` has none.
    """
    n = shape.size
    relabels = shape.relabels if isinstance(shape, RuleSet) else True
    if not relabels:
        assert isinstance(shape, RuleSet)
        return _image(shape, _pooled(shape, rng.randrange(POOL)), rng)
    if known is not None:
        return _relabel(known, n, rng)
    found = random_completion(shape, rng, tries=_TRIES, nodes=_NODE_LIMIT)
    if found is not None:
        return _relabel(found, n, rng)
    complete = _first_solution(shape)
    if complete is None:
        raise ValueError(f"the layout {shape!r} has no solution grid")
    return _relabel(complete, n, rng)


def random_completion(
    shape: Shape | RuleSet,
    rng: random.Random,
    *,
    tries: int,
    nodes: int,
    digits: int | None = None,
) -> tuple[int, ...] | None:
    """A completion of ``digits`` random legal digits (default ``N + N // 3``), each
    try within ``nodes`` branch points of the solver's plain search, or None when
    ``tries`` tries found none.

    Random restarts are how a grid is found fast where the plain search from the
    empty grid is not: its time to a first solution has a long tail.  Measured on
    40 random 9x9 jigsaw layouts under X (Windoku): the budgeted search from the
    empty grid (20,000 work) found a grid on 15 (11) of them, 0.09 s (0.18 s) of
    search per layout passed; 8 random digits and 100 nodes, 30 tries, found one
    on 35 (16), 0.011 s (0.034 s) per layout passed.
    """
    n = shape.size
    peers = shape.peers
    count = max(2, n + n // 3) if digits is None else digits
    for _ in range(tries):
        grid = [0] * shape.cells
        for cell in rng.sample(range(shape.cells), count):
            used = {grid[peer] for peer in peers[cell]}
            choices = [d for d in range(1, n + 1) if d not in used]
            if choices:
                grid[cell] = rng.choice(choices)
        try:
            found = solver.solutions(shape, grid, 1, node_limit=nodes)
        except solver.SearchLimitReached:
            continue
        if found:
            return found[0]
    return None


def templates_rule_out(rules: RuleSet) -> bool:
    """Whether the empty grid under ``rules`` has no solution because some cell lies on
    no template of any digit (see :mod:`~game.engine.logic.digit_templates`).

    A solution puts each digit on one of its templates, so a cell no template of any
    digit passes through can hold nothing.  This proves a jigsaw layout has no
    solution under extra houses or links in a few milliseconds, where the random
    restarts of :func:`random_completion` spend their every try before giving up.
    Measured on 397 random 9x9 jigsaw Windoku layouts: 150 passed the restarts; of
    the 247 that did not, OR-Tools CP-SAT proved 188 without a solution and this
    proved 159 of those, in 2.8 ms a layout against 21 ms for the restarts'
    failure.  Digits that see alike under the rules share their templates (every
    digit, under houses and same-digit links), so each kind is searched once.  A
    search over its budget proves nothing.
    """
    grid = CandidateGrid.from_grid(rules.shape, [0] * rules.cells, rules=rules)
    units = variant_units(grid)
    digits: dict[object, int] = {}
    for digit in range(1, rules.size + 1):
        sight = units.digit_peers[digit - 1] if units is not None else None
        digits.setdefault(sight, digit)
    dead = (1 << rules.cells) - 1
    for digit in digits.values():
        dead &= one_digit_removable(grid, digit) or 0
        if not dead:
            return False
    return True


FALLBACK_WORK = 20_000
"""The solver's work (see :func:`~game.engine.solver.settle`) on completing the empty
grid when random digits found no solution and no grid is known (about a tenth of a
second on 9x9)."""


def _first_solution(shape: Shape | RuleSet) -> tuple[int, ...] | None:
    """A solution of the empty grid: :func:`~game.engine.solver.settle` first, whose
    second stage escapes an early wrong choice (the plain search alone ran 88 s on one
    9x9 jigsaw X layout, seed 2002 at Extreme), then under rules the probing search
    (the only one that finds anti-knight jigsaw grids: see
    :func:`~game.engine.solver.probed_solution`), then the unbounded search."""
    empty = [0] * shape.cells
    found = solver.settle(shape, empty, work=FALLBACK_WORK).solutions
    if found:
        return found[0]
    if isinstance(shape, RuleSet):
        probed = probed_solution(shape)
        if probed is not None:
            return probed
    return solver.solve(shape, empty)


PROBED_WORK = 100_000
"""The probing search's work in :func:`probed_solution` (about 0.2 s on 9x9)."""


def probed_solution(rules: RuleSet) -> tuple[int, ...] | None:
    """A solution of the empty grid under ``rules`` by the probing search, or None
    when it found none in :data:`PROBED_WORK`.  (The generator's layout screen hands
    the grid it finds to the layout's candidates, so it is not searched twice.)"""
    return solver.probed_solution(rules, [0] * rules.cells, work=PROBED_WORK)


POOL = 6
"""Solutions searched once per rule set that forbids relabelling (see :func:`_pooled`)."""


@functools.lru_cache(maxsize=32)
def _pooled(rules: RuleSet, index: int) -> tuple[int, ...]:
    """Solution ``index`` of a small pool, found with seed ``index``.

    A randomized search costs 0.3 to 3.7 s on 9x9 non-consecutive, too much for
    every candidate; the pool is the same in every process (fixed seeds), so seeds
    stay reproducible whatever was generated before, and :func:`_image` varies it.
    The slowest pools are stored (see :data:`STORED_POOLS`).
    """
    for (name, size), grids in STORED_POOLS.items():
        if rules.size == size and rules == _global_rules(name, size):
            return tuple(int(digit) for digit in grids[index])
    return _searched_solution(rules, random.Random(index))


STORED_POOLS: dict[tuple[str, int], tuple[str, ...]] = {
    ("non-consecutive", 9): (
        "537416829281759463649283715314628597968375142725941386172594638496837251853162974",
        "613749528258316974974852631497528316825163749361497285136974852582631497749285163",
        "479316258613852794258497316794631582136285947582749163947163825361528479825974631",
        "947513862362748195815296473591462738274839516638175249483951627726384951159627384",
        "526173849173948625849625173684259317317486952952731486495317268731862594268594731",
        "257396481683714259419582637195268374742935816368471592831647925574829163926153748",
    ),
}
"""Pools (:func:`_pooled`) stored as :func:`_searched_solution` finds them, for
global rules (by registry name) on the classic grid of a size.  Searching the 9x9
non-consecutive pool took 13.6 s CPU, paid by the first candidates of every
process (the Easy median was 2 s a puzzle); stored, it costs nothing and the
puzzles stay the same.  A test checks each grid keeps its rules."""


@functools.cache
def _global_rules(name: str, size: int) -> RuleSet:
    """The rule set of the global variant ``name`` on the classic grid of ``size``."""
    shape = Shape.classic(size)
    return RuleSet(shape, tuple(VARIANTS[name].rules(shape)))


def _image(rules: RuleSet, grid: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    """``grid`` turned or mirrored at random, and its digits reversed (``d -> N+1-d``)
    at random, where the result still keeps ``rules`` (checked, not assumed: the
    global rules keep these symmetries on classic boxes, sums and jigsaws do not)."""
    n = rules.size
    m = n - 1
    moves: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c),
        lambda r, c: (m - r, m - c),
        lambda r, c: (r, m - c),
        lambda r, c: (m - r, c),
        lambda r, c: (c, r),
        lambda r, c: (m - c, m - r),
        lambda r, c: (c, m - r),
        lambda r, c: (m - c, r),
    ]
    move = rng.choice(moves)
    flip = rng.random() < 0.5
    image = [0] * rules.cells
    for cell, digit in enumerate(grid):
        row, column = divmod(cell, n)
        r, c = move(row, column)
        image[r * n + c] = n + 1 - digit if flip else digit
    return tuple(image) if rules.is_solution(image) else grid


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
