"""The exact solver: first solution, all solutions up to a limit, and uniqueness.

Why it looks like this: CPython pays per bytecode, not per bit, so the solver keeps
the whole search state of a grid in *one* Python integer and makes every deduction
a handful of whole-integer operations.

The grid is an exact-cover problem with four kinds of constraint: each cell holds
one digit, and each row, column and region holds each digit once.  That is
``4 * N * N`` constraints of ``N`` candidates each.  Every constraint owns a *field*
of ``N`` candidate bits plus one guard bit, which is set while the constraint is
still open.  A candidate (cell, digit) appears in four fields, one per kind.

Guard-bit arithmetic (SWAR) then answers questions for all constraints at once:
``((v | G) - R) & G`` marks the fields that still have a candidate, and doing the
same to ``v & (v - 1)`` marks those with two or more.  Fields with exactly one
candidate are the naked singles (cell fields) and hidden singles (row, column and
region fields) together; an open field with none is a contradiction; a field with
exactly two is the best place to branch.  Placing a digit is an AND with masks that
clear every candidate sharing a constraint with it and close its four constraints.
Backtracking keeps the old integer on an explicit stack, so there is no recursion
and no limit from Python's stack, whatever the size; the stack holds one state per
open branch point of the current path, so memory stays bounded too.

**Open grids and budgets.**  Most puzzles are settled in a few hundred branch
points, and the hardest published 9x9 puzzles in a few thousand; so do minimal
16x16 puzzles.  Near-empty grids are another matter, jigsaw ones above all: a
depth-first search can spend hours under one early wrong choice (a SAT solver needs
minutes to find any solution of some empty 25x25 jigsaw layouts).  So
:func:`settle`, the call the commands and the hint and rating APIs use, works
within a budget and says :attr:`Status.UNDECIDED` when it is spent, instead of
running on.  The budget counts *work*, not branch points: rounds of singles plus
placements (a branch point on a half-filled 25x25 grid can set off dozens of
rounds), and it is a count, not a clock, so answers are the same on any machine.
It goes in two stages:

1. the plain depth-first search alone, in its fixed order, with singles only: the
   fastest exact search for every ordinary puzzle, so nearly every call ends here.
   Its budget is the whole budget on grids up to 16x16 (forty times what the
   hardest published 9x9 puzzle needs, twice a minimal 16x16's worst) and an
   eighth of it on larger ones, where a plain search rarely ends if it has not
   ended early;
2. only if that did not end, the budgeted machinery, with a budget of its own:
   the same search goes on with pointing and claiming added to the singles before
   each branch point (see :class:`_Intersections`: on jigsaw grids this turns
   searches of millions of branch points into dozens), taking turns with
   randomized restarts (a fixed seed, so answers are reproducible) on singles
   alone, each turn as long as the next term of the Luby sequence says: on a
   near-empty grid a restart escapes an early wrong choice, and a run that ends
   within its limit was a complete search, so it still proves "none".  The turns
   keep either search within twice its own time.

Pointing and claiming cost about 150 rounds of singles per branch point on 9x9,
which is why they are not in the first stage: with them in every search, the
hardest 9x9 puzzles took fifteen times longer and some ran out of budget.  At any
stage, one solution proves "several" when two digits appear nowhere in the grid:
swapping them in a solution gives another (open grids settle at once).

:func:`solutions`, :func:`solve`, :func:`count_solutions`, :func:`status` and
:func:`analyse` keep the unbounded search (with an optional ``node_limit``) for
callers that know their grids are small or nearly full, like the generator.

**Memory.**  The masks for a 25x25 grid are 65,000-bit integers (8 KB each).  One
precomputed placing mask per candidate would take 127 MB there, so large shapes
build each candidate's mask from its four constraints' masks when it is needed
(three more ANDs per placement), and small shapes keep the table.  Tables live in
a cache bounded by bytes (:data:`TABLE_CACHE_BYTES`), not by a count of shapes.

Bitmask code like this is kept to this module; the rest of the engine prefers
plain structures.
"""

from __future__ import annotations

import enum
import functools
import itertools
import math
import random
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..puzzle import Puzzle
from ..rules import Constraint, RuleSet, Sandwich
from ..shape import Shape
from .sums import implied_sums, set_sums

Topology = Shape | RuleSet
"""What the solver searches: a plain shape, or a rule set with houses and constraints
beyond it (a rule set with none is searched as its shape)."""


class Status(enum.Enum):
    """How many solutions a puzzle has, as players say it.

    ``UNDECIDED`` only comes from :func:`settle`: its budget ran out before it
    found a solution and a second one, or proved there are none.
    """

    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    UNDECIDED = "undecided"


class SearchLimitReached(Exception):
    """The search visited ``node_limit`` branch points without an answer.

    Only raised when a caller asked for a limit, e.g. a generator that prefers to
    throw away a pathological candidate rather than wait for it.
    """


MAX_SOLUTIONS = 1_000
"""The most solutions :func:`settle` lists (``solve --all --limit N`` is capped here).

A 25x25 solution takes about 5 KB, so this keeps a listing within a few megabytes;
past a thousand, a list of solutions tells a person nothing more.
"""

SEARCH_WORK = 1_560_000_000
"""The default budget of :func:`settle`: work (see :func:`work_budget`) times state bits.

A round of singles is a dozen operations on the whole state, whose size grows as
``N**3``; dividing by the state's bits gives a budget of a similar time on every
size: about 240,000 rounds on 9x9, 45,000 on 16x16 and 12,000 on 25x25, under a
second each here.  Real puzzles need a few hundred; a file of a dozen open 25x25
jigsaw grids is still answered in seconds.
"""

TABLE_CACHE_BYTES = 64 * 1024 * 1024
"""Memory the cached solver tables may take together (the newest is always kept).

A 25x25 shape's tables take about 23 MB, a 16x16's about 10 MB and a 9x9's well
under one, so a file with many jigsaw layouts rebuilds tables (about 0.2 s for a
25x25) rather than keeping them all.
"""

VARIANT_BUDGET = 4
"""How many times the default budget a rule set with constraints gets (see work_budget)."""

PLAIN_SIZE = 16
"""The largest size whose plain first stage gets a whole budget (see the module docstring)."""

_SEED = 0x5D0C0
_LUBY_UNIT_SHARE = 2  # a turn's base limit is cells / this much work (Luby multiplies it)


@dataclass(frozen=True)
class Analysis:
    """The solver's verdict on a puzzle: its status and the solutions it found.

    ``work`` counts the search's work (see :func:`work_budget`), for benchmarks.
    """

    status: Status
    solutions: tuple[tuple[int, ...], ...]
    work: int = 0

    @property
    def solution(self) -> tuple[int, ...] | None:
        """The first solution found, or None when there is none."""
        return self.solutions[0] if self.solutions else None

    @property
    def count(self) -> int | None:
        """0, 1 or 2 (two or more), as :func:`count_solutions` says; None if undecided."""
        if self.status is Status.UNDECIDED:
            return None
        return {Status.NONE: 0, Status.UNIQUE: 1}.get(self.status, 2)


def solve(shape: Topology, grid: Sequence[int]) -> tuple[int, ...] | None:
    """The first solution of ``grid`` (digits, ``0`` empty), or None."""
    found = solutions(shape, grid, limit=1)
    return found[0] if found else None


def probed_solution(shape: Topology, grid: Sequence[int], *, work: int) -> tuple[int, ...] | None:
    """A solution of ``grid`` found by the probing search (see :func:`_probing`)
    within ``work``, or None when it found none (which proves nothing).

    For open grids under neighbour rules on jigsaw layouts (anti-knight): there the
    depth-first search wanders for minutes under an early wrong choice, while probing
    every candidate at each branch point found a solution on 4 of 6 random 9x9
    layouts in 0.1-0.6 s.
    """
    tables = bitboard(shape)
    start = tables.start(grid)
    if start is None:
        return None
    found = _probing(tables, start, [], 1, work, 0).solutions
    return found[0] if found else None


def count_solutions(shape: Topology, grid: Sequence[int], limit: int = 2) -> int:
    """How many solutions ``grid`` has, counting no further than ``limit``."""
    tables = bitboard(shape)
    state = tables.start(grid)
    if state is None:
        return 0
    return len(tables.search(*state, limit, None))  # counted, never decoded


def status(shape: Topology, grid: Sequence[int]) -> Status:
    """Whether ``grid`` has a unique solution, several, or none."""
    return _status_of(count_solutions(shape, grid, limit=2))


def analyse(puzzle: Puzzle, limit: int = 2) -> Analysis:
    """Status and up to ``limit`` (at least 2) solutions of ``puzzle``, under its rules."""
    found = solutions(puzzle.rules, puzzle.givens, limit=max(limit, 2))
    return Analysis(_status_of(len(found)), tuple(found))


def solutions(
    shape: Topology,
    grid: Sequence[int],
    limit: int = 2,
    *,
    node_limit: int | None = None,
) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions of ``grid``, in a fixed order.

    Filled cells of ``grid`` are taken as they are; a grid whose digits already
    conflict has no solution.  Raises :class:`SearchLimitReached` when
    ``node_limit`` branch points were tried first.
    """
    tables = bitboard(shape)
    state = tables.start(grid)
    if state is None:
        return []
    return [tables.decode(placed) for placed in tables.search(*state, limit, node_limit)]


def other_solution(
    shape: Topology,
    grid: Sequence[int],
    cleared: Sequence[tuple[int, int]],
    *,
    node_limit: int | None = None,
    work: int | None = None,
) -> tuple[int, ...] | None:
    """A solution of ``grid`` that differs from ``cleared`` in one of its cells, or None.

    ``cleared`` holds ``(cell, digit)`` clues just taken out of ``grid`` by a
    generator, from a grid with one solution.  A solution that keeps those digits
    is then that one, so ``grid`` has several exactly when one differs there; and
    looking for it is cheaper than counting to two, since the search never walks
    the branch that holds the known solution (measured on minimal 9x9 jigsaw
    Windoku digs: 0.72 of the time).  The search is split by the first cleared cell
    that differs: the first cell without its digit, then the first kept and the
    second without, and so on.  A clue named twice counts once (a part for it
    again would find the known solution: its cell is placed, and taking its digit
    out of the placed state rules nothing out).

    Raises :class:`SearchLimitReached` when the search spent ``node_limit`` branch
    points or ``work`` (see :func:`work_budget`) in all before it ended.
    """
    cleared = tuple(dict.fromkeys(cleared))
    tables = bitboard(shape)
    n = tables.size
    start = tables.start(grid)
    if start is None:
        return None
    # Each part starts from the grid's state with the cells before it placed: their
    # kill masks AND-ed in, as the state of a grid with them filled would be (building
    # that afresh for each part cost as much as the search on 9x9 classic digs).
    state, placed = start
    nodes = spent = 0
    for cell, digit in cleared:
        i = cell * n + digit - 1
        found: list[int] = []
        stack = [(state & tables.drop[i], placed)]
        nodes_left = None if node_limit is None else max(0, node_limit - nodes)
        work_left = None if work is None else max(0, work - spent)
        finished, used, done = tables.run(stack, found, 1, nodes_left, None, work_left)
        if found:
            return tables.decode(found[0])
        if not finished:
            raise SearchLimitReached("no answer within the search's budget")
        nodes += used
        spent += done
        if not state >> (cell * (n + 1) + digit - 1) & 1:
            return None  # the digit is ruled out here: no later part has a solution
        state &= tables.kill[i]
        placed |= 1 << i
    return None


def work_budget(shape: Topology, work: int = SEARCH_WORK) -> int:
    """The work :func:`settle` may do on ``shape`` by default (see :data:`SEARCH_WORK`).

    Work is counted in rounds of singles, plus one per :data:`PLACEMENTS_PER_ROUND`
    digits placed: the two things whose cost grows with the state.
    """
    n = shape.size
    budget = max(1_000, work // (4 * n * n * (n + 1)))  # the classic state's size
    if isinstance(shape, RuleSet) and shape.constraints:
        # Constraints weaken the plain search's singles (a cage is no house of N
        # cells), and variant grids are small: four times the budget keeps the worst
        # published variant puzzle within seconds and an explosion within ten.
        budget *= VARIANT_BUDGET
    return budget


PLACEMENTS_PER_ROUND = 8
"""Placements that cost about as much as one round of singles (four ANDs against a dozen
operations, some of them subtractions)."""


def settle(
    shape: Topology,
    grid: Sequence[int],
    limit: int = 2,
    *,
    work: int | None = None,
    candidates: Sequence[int] | None = None,
    poll: Callable[[], None] | None = None,
) -> Analysis:
    """Status and up to ``limit`` solutions of ``grid``, within a budget of work.

    The budget is ``work``, by default :func:`work_budget` (about a second on any
    size); the plain search of the first stage has a budget of its own, as large
    (see the module docstring).  The status is ``UNDECIDED`` when both run out
    first; ``solutions`` then holds what was found (at most one).  A ``MULTIPLE``
    verdict lists up to ``limit`` solutions, fewer when the budget ran out first.
    ``limit`` is clamped to ``2 .. MAX_SOLUTIONS``.

    ``candidates``, when given, holds each cell's digits still possible (bit ``d - 1``
    for digit ``d``, as :class:`~..logic.grid.CandidateGrid` keeps them): a position
    the logic reached, whose eliminations every solution obeys.  The solutions are
    those of ``grid`` within them, so the search starts where the logic stopped.

    ``poll``, when given, is called between pieces of the search of the second stage
    (a branch point, a turn); it may raise to abandon the search, as a background job
    does when its result is no longer wanted.
    """
    limit = max(2, min(limit, MAX_SOLUTIONS))
    tables = bitboard(shape)
    start = tables.start(grid, candidates)
    if start is None:
        return Analysis(Status.NONE, ())
    budget = work if work is not None else work_budget(shape)
    plain_budget = budget if tables.size <= PLAIN_SIZE else budget // 8
    if tables.props is not None:
        plain_budget //= PROBE_AFTER  # the probing stage does better from there on
    present = set(grid)
    # Digits absent from the grid may be permuted in a solution only where the rules
    # allow relabelling (not with sums, orders or dots), and no candidates tell them apart.
    relabels = tables.relabels and candidates is None
    free = [d for d in range(1, tables.size + 1) if d not in present] if relabels else []
    # Stage 1: the plain depth-first search alone, in its fixed order.  Where enough
    # digits are free, its first solution lists "several", so it stops there first.
    plain: list[tuple[int, int]] = [start]
    found: list[int] = []
    first = 1 if math.factorial(len(free)) >= limit else limit
    finished, _nodes, spent = tables.run(plain, found, first, None, None, plain_budget)
    if found and first < limit:
        return Analysis(Status.MULTIPLE, _relabelled(tables, found, free, limit), spent)
    if finished:
        return _settled(tables, found, spent)
    if tables.props is not None:
        # Stage 2 under sums, lines and dots: the probing search (see _probing).
        return _probing(tables, start, found, limit, budget * PROBE_SHARE, spent, poll)
    # Stage 2: the same search goes on with pointing and claiming, taking turns with
    # randomized restarts, within a budget of the same size.
    return _hard(tables, start, plain, found, free, limit, budget, spent, poll)


PROBE_AFTER = 8
"""The share of the budget the plain stage gets on a rule set whose constraints narrow,
before the probing search takes over (measured on the shared variant puzzles: a
plain search that has not ended by then is one probing settles faster)."""

SET_SUMS_AFTER = 16
"""The probing search looks for set sums (see :func:`~.sums.set_sums`) once it has used this
share of its budget without ending: finding them takes a few tenths of a second on a
9x9 killer, more than every shared variant puzzle but one needs of probing (measured:
at most 150,000 work of the 360,000 this leaves them)."""

PROBE_SHARE = 3
"""How many budgets the probing search of a rule set with constraints gets (see
:func:`_probing`): about five seconds here, when the plain stage took one or two."""


def _probing(
    tables: _Tables,
    start: tuple[int, int],
    plain_found: list[int],
    limit: int,
    budget: int,
    spent: int,
    poll: Callable[[], None] | None = None,
) -> Analysis:
    """The second stage of :func:`settle` on a rule set whose constraints narrow
    (sums, lines, dots): a depth-first search that *probes* every open candidate at
    every branch point.

    Why: the plain search's propagation sees a sum or a dot only through its own
    cells, so on a near-empty mixed puzzle (arrows and cages, a negative XV rule,
    killer cages on a Latin square) it wanders through tens of thousands of branch
    points, and random restarts do not help (measured on the shared f-puzzles
    set).  Probing places each candidate in turn and propagates (singles and the
    constraints' narrowing, no branching): a candidate that leads to a dead end is
    removed, and a digit that no candidate of some cell leaves standing is removed
    too (each cell holds one of its candidates, so what all of them rule out is
    out).  The search then branches on the cell whose candidates survived fewest,
    and pushes the states probing already propagated.  A branch point costs a
    hundred propagations, but the same puzzles take tens of branch points instead of
    tens of thousands.  Classic grids never come here (their stage 2 is
    :func:`_hard`).  Solutions found along the way are real solutions.

    A search that has not ended after a share of its budget (:data:`SET_SUMS_AFTER`)
    narrows with the set sums of :func:`~.sums.set_sums` added from then on: sums over
    unions of houses that a near-empty killer on a Latin square can need, and that
    cost too much to find for the puzzles probing settles at once.
    """
    known: dict[int, None] = dict.fromkeys(plain_found)
    stack = [start]
    used = 0
    narrowing: _Narrowing | None = None
    deepen = budget // SET_SUMS_AFTER
    while stack:
        if used >= budget:
            listed = tuple(tables.decode(p) for p in known)
            verdict = Status.MULTIPLE if len(listed) >= 2 else Status.UNDECIDED
            return Analysis(verdict, listed, spent + used)
        if poll is not None:
            poll()
        if narrowing is None and used >= deepen:
            narrowing = tables.deep_props  # None again when there are no set sums
            deepen = budget
        state, placed = stack.pop()
        children, work = tables.probe(state, placed, known, narrowing)
        used += work
        if len(known) >= limit:
            break
        stack.extend(children)
    return _settled(tables, list(known)[:limit], spent + used)


def _hard(
    tables: _Tables,
    start: tuple[int, int],
    plain: list[tuple[int, int]],
    plain_found: list[int],
    free: list[int],
    limit: int,
    budget: int,
    spent: int,
    poll: Callable[[], None] | None = None,
) -> Analysis:
    """The second stage of :func:`settle`: see the module docstring."""
    rng: random.Random | None = None  # made when first needed: most grids never need it
    locked = tables.intersections
    unit = max(1, tables.cells // _LUBY_UNIT_SHARE)
    known: dict[int, None] = dict.fromkeys(plain_found)  # distinct solutions, in order
    used = 0
    for run in itertools.count(1):
        for randomized in (False, True):
            if poll is not None:
                poll()
            cap = min(unit * _luby(run), budget - used)
            found: list[int]
            if randomized:
                rng = rng or random.Random(_SEED)
                found = []
                finished, _nodes, work = tables.run([start], found, limit, None, rng, cap)
            else:
                found = plain_found
                finished, _nodes, work = tables.run(plain, found, limit, None, None, cap, locked)
            used += work
            if finished:  # a complete search, randomized or not, has the exact answer
                return _settled(tables, found, spent + used)
            known.update(dict.fromkeys(found))
            listed = _relabelled(tables, list(known), free, limit)
            if len(listed) >= limit or used >= budget:
                verdict = Status.MULTIPLE if len(listed) >= 2 else Status.UNDECIDED
                return Analysis(verdict, listed, spent + used)
    raise AssertionError("unreachable")  # pragma: no cover


def _settled(tables: _Tables, found: list[int], work: int) -> Analysis:
    return Analysis(_status_of(len(found)), tuple(tables.decode(p) for p in found), work)


def _relabelled(
    tables: _Tables, found: list[int], free: list[int], limit: int
) -> tuple[tuple[int, ...], ...]:
    """The solutions ``found``, then copies of the first with the ``free`` digits
    permuted, up to ``limit`` solutions in all.

    The free digits appear nowhere in the grid, so any permutation of them turns a
    solution into another one, different because every digit appears in it.
    """
    listed = [tables.decode(p) for p in itertools.islice(found, limit)]
    if not listed or len(free) < 2:
        return tuple(listed)
    first = listed[0]
    known = dict.fromkeys(listed)
    for order in itertools.permutations(free):
        if len(known) >= limit:
            break
        relabel = dict(zip(free, order, strict=True))
        known.setdefault(tuple(relabel.get(d, d) for d in first), None)
    return tuple(known)


def _luby(i: int) -> int:
    """The ``i``-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ...

    Restart limits that follow it waste at most a logarithmic factor against the
    best fixed limit, whatever the grid (Luby, Sinclair and Zuckerman, 1993).
    """
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


def _status_of(count: int) -> Status:
    return Status.NONE if count == 0 else Status.UNIQUE if count == 1 else Status.MULTIPLE


# -- tables ---------------------------------------------------------------------------

_cache: OrderedDict[Topology, _Tables] = OrderedDict()
_cache_bytes = 0  # what the cached tables take together, kept as they come and go
_cached_rule_sets = 0  # how many of the keys are rule sets (see RULE_SETS_KEPT)
_cache_lock = threading.Lock()


def bitboard(shape: Topology) -> _Tables:
    """The precomputed bitboard tables (see ``_Tables``) of a shape or rule set, for
    code that runs trials on the solver's representation, such as the logic engine's
    last resort.

    Cached by shape or rule set, least recently used first out, within
    :data:`TABLE_CACHE_BYTES` and :data:`RULE_SETS_KEPT`.
    """
    if isinstance(shape, RuleSet) and shape.is_classic:
        shape = shape.shape
    with _cache_lock:
        tables = _cache.get(shape)
        if tables is not None:
            _cache.move_to_end(shape)
            return tables
    global _cache_bytes, _cached_rule_sets
    tables = _Tables(shape)  # outside the lock: two threads may both build; harmless
    with _cache_lock:
        replaced = _cache.pop(shape, None)
        if replaced is not None:
            _cache_bytes -= replaced.nbytes
            _cached_rule_sets -= isinstance(shape, RuleSet)
        _cache[shape] = tables
        # A running total: summing the cache on every new entry cost half of building
        # a 9x9 killer's tables once a thousand of them were cached (a generator
        # screening each merge of cages builds a rule set's tables every time).
        _cache_bytes += tables.nbytes
        _cached_rule_sets += isinstance(shape, RuleSet)
        while _cache_bytes > TABLE_CACHE_BYTES and len(_cache) > 1:
            old, evicted = _cache.popitem(last=False)
            _cache_bytes -= evicted.nbytes
            _cached_rule_sets -= isinstance(old, RuleSet)
        while _cached_rule_sets > RULE_SETS_KEPT:
            oldest = next(key for key in _cache if isinstance(key, RuleSet))
            _cache_bytes -= _cache.pop(oldest).nbytes
            _cached_rule_sets -= 1
    return tables


def cached_table_bytes() -> int:
    """Bytes the cached tables take now (for tests and benchmarks)."""
    with _cache_lock:
        return _cache_bytes


RULE_SETS_KEPT = 32
"""Rule sets whose tables the cache keeps at most, shapes aside.  A rule set keeps
alive what the logic worked out from it (peers, exclusions, cage tables: about a
third as much again as its tables), which the byte count does not see; and a
killer generator makes a new rule set for every merge it screens, so with the
bytes alone a session that generated 40 9x9 Hard killers held 75 MB of tables
and rule sets for puzzles long gone.  A game needs a few at a time: the puzzle
played, the one being generated."""

_EAGER_BYTES = 16 * 1024 * 1024
"""Shapes whose placing masks fit in this are given a precomputed table of them."""


class _Masks(Protocol):
    """Mask ``i`` of a table, stored or built on demand."""

    def __getitem__(self, i: int, /) -> int: ...


class _PlaceMasks:
    """``kill[i]`` built on demand from the four constraint masks (for large shapes)."""

    __slots__ = ("cells", "inverse", "n", "regions")

    def __init__(self, n: int, regions: tuple[int, ...], inverse: list[int]) -> None:
        self.n = n
        self.cells = n * n
        self.regions = regions
        self.inverse = inverse

    def __getitem__(self, i: int) -> int:
        n = self.n
        cell, k = divmod(i, n)
        row, column = divmod(cell, n)
        inverse = self.inverse
        cells = self.cells
        return (
            inverse[cell]
            & inverse[cells + row * n + k]
            & inverse[2 * cells + column * n + k]
            & inverse[3 * cells + self.regions[cell] * n + k]
        )


class _DropMasks:
    """``drop[i]``: the full mask less candidate ``i``'s four bits, built on demand."""

    __slots__ = ("full", "positions")

    def __init__(self, full: int, positions: Sequence[tuple[int, ...]]) -> None:
        self.full = full
        self.positions = positions

    def __getitem__(self, i: int) -> int:
        mask = 0
        for position in self.positions[i]:
            mask |= 1 << position
        return self.full ^ mask


class _Tables:
    """Precomputed masks for one shape; see the module docstring for the layout.

    Candidate ``i = cell * N + digit - 1``.  Field ``f`` occupies bits
    ``f * (N + 1)`` to ``f * (N + 1) + N``, the last being its guard.  Fields
    ``0 .. C-1`` are cells, then row-digit, column-digit and region-digit fields
    (``C = N * N``).  ``kill[i]`` is the AND-mask that places candidate ``i`` (it
    clears all candidates it conflicts with, itself included, and closes its four
    constraints); ``drop[i]`` the one that removes candidate ``i`` alone.
    """

    kill: _Masks
    positions: Sequence[tuple[int, ...]]
    _intersections: _Intersections | None

    def __init__(self, topology: Topology) -> None:
        self.relabels = True
        self.prefer = 0  # guard bits of the cell fields to branch on first, when tied
        self.initial: int | None = None  # the start state where constraints remove digits
        self.props: _Narrowing | None = None
        self._rules: RuleSet | None = None
        self._deep: _Narrowing | None = None
        self._deep_built = False
        if isinstance(topology, RuleSet):
            self._build_rules(topology)
            return
        shape = topology
        n = shape.size
        cells = n * n
        width = n + 1
        fields = 4 * cells
        nbits = fields * width
        nbytes = (nbits + 7) // 8
        self.size = n
        self.cells = cells
        lows = int.from_bytes(_bits(nbytes, range(0, nbits, width)), "little")
        self.lows = lows  # R: bit 0 of every field
        self.guards = lows << n  # G: the guard bit of every field
        self.values = lows * ((1 << n) - 1)  # M: every candidate bit
        self.full = full = self.values | self.guards

        position_in_region = [0] * cells
        for members in shape.region_cells:
            for index, cell in enumerate(members):
                position_in_region[cell] = index

        # Each field's member bits, as bit positions: the four copies of each of its
        # candidates.  Built as byte arrays, since OR-ing bits into 8 KB integers one
        # at a time is what made the 25x25 tables take a second.
        positions: list[tuple[int, int, int, int]] = []
        candidate_at = [-1] * nbits
        members_of: list[list[int]] = [[] for _ in range(fields)]
        for cell in range(cells):
            row, column = divmod(cell, n)
            region = shape.regions[cell]
            for k in range(n):
                i = cell * n + k
                four = (
                    cell * width + k,
                    (cells + row * n + k) * width + column,
                    (2 * cells + column * n + k) * width + row,
                    (3 * cells + region * n + k) * width + position_in_region[cell],
                )
                positions.append(four)
                for position in four:
                    candidate_at[position] = i
                for position in four:
                    members_of[position // width].extend(four)
        inverse = _closing_masks(members_of, width, n, nbytes, full)
        self.candidate_at = candidate_at
        self.positions = positions
        count = cells * n
        kill: _Masks
        lazy = _PlaceMasks(n, shape.regions, inverse)
        if count * nbytes <= _EAGER_BYTES:
            kill = [lazy[i] for i in range(count)]
            table_bytes = count * (nbytes + 32)
        else:
            kill = lazy
            table_bytes = fields * (nbytes + 32)
        self.kill = kill
        self._intersections = None
        self._shape = shape
        # Removing one candidate happens once per branch point, not per placement:
        # building its mask then costs little and saves a table as big as ``kill``.
        self.drop = _DropMasks(full, positions)
        # What the tables keep (masks, the position lists, the lookup list) and the
        # shape they keep alive as the cache's key (its peer tuples, mostly).
        shape_bytes = cells * (24 * n + 150)
        self.nbytes = table_bytes + count * 120 + nbits * 12 + 8 * sys.getsizeof(full) + shape_bytes

    def _build_rules(self, rules: RuleSet) -> None:
        """The tables of a rule set with constraints: a field per cell and per digit of
        every house of ``N`` cells (rows, columns, regions first, in the classic layout,
        then diagonals, extra regions, disjoint groups), and the constraints' weak links
        and smaller houses (cages) folded into the placing masks, so the search loop is
        the same.  Rule sets are small (up to 16x16 here), so every mask is precomputed.
        """
        shape = rules.shape
        n = shape.size
        cells = n * n
        width = n + 1
        layout = _layout(n, tuple(h.cells for h in rules.houses if len(h.cells) == n))
        self.size = n
        self.cells = cells
        self.lows = lows = layout.lows
        self.guards = lows << n
        self.values = lows * ((1 << n) - 1)
        self.full = full = layout.full
        self.relabels = rules.relabels
        self.candidate_at = layout.candidate_at
        self.positions = layout.positions
        # What placing a candidate rules out beyond its fields: the rule set's table
        # (cages, the constraints' weak links; its full extra houses are fields too,
        # so their bits are cleared twice, harmlessly).
        bits = layout.bits
        masks = list(layout.placing)
        for i, others in enumerate(rules.exclusions):
            if others:
                out = 0
                for j in others:
                    out |= bits[j]
                masks[i] &= ~out
        self.kill = masks
        self.drop = layout.drop
        self._intersections = None
        self._shape = shape
        removed = 0
        for cell, allowed in enumerate(rules.allowed):
            for k in range(n):
                if not allowed >> k & 1:
                    removed |= bits[cell * n + k]
        if removed:
            self.initial = full ^ removed
        self._rules = rules
        props = _Narrowing(rules, self, implied_sums(rules))
        if props.pairs or props.items:
            self.props = props
            # Among the best places to branch, the cells of sums and linked pairs
            # first: a choice there sets off the constraints' narrowing.
            busy = {a for a, _b, _s, _t in props.pairs}
            busy.update(cell for _rule, cells in props.items for cell in cells)
            self.prefer = sum(1 << (cell * width + n) for cell in busy)
        self.nbytes = cells * n * (layout.nbytes + 64) + layout.nbits * 12 + cells * (24 * n + 150)

    @property
    def deep_props(self) -> _Narrowing | None:
        """:attr:`props` with the set sums added (see :data:`SET_SUMS_AFTER`), built on
        first use; None when there are none."""
        rules = self._rules
        if not self._deep_built and rules is not None:
            extra = set_sums(rules)
            self._deep = _Narrowing(rules, self, [*implied_sums(rules), *extra]) if extra else None
            self._deep_built = True  # two threads may both build it: harmless
        return self._deep

    @property
    def intersections(self) -> _Intersections:
        """The pointing and claiming pass for this shape, built on first use."""
        found = self._intersections
        if found is None:
            found = self._intersections = _Intersections(self._shape, self)
        return found

    def start(
        self, grid: Sequence[int], candidates: Sequence[int] | None = None
    ) -> tuple[int, int] | None:
        """The search state with the filled cells of ``grid`` placed and, when given,
        the digits outside each empty cell's ``candidates`` ruled out; None on conflict."""
        n = self.size
        state = self.full if self.initial is None else self.initial
        placed = 0
        kill = self.kill
        for cell, digit in enumerate(grid):
            if digit:
                i = cell * n + digit - 1
                if not state & (1 << (cell * (n + 1) + digit - 1)):
                    return None  # the digit was already ruled out by an earlier one
                state &= kill[i]
                placed |= 1 << i
        if candidates is not None:
            state = self.narrowed(state, grid, candidates)
        return state, placed

    def narrowed(self, state: int, grid: Sequence[int], candidates: Sequence[int]) -> int:
        """``state`` with the digits outside each empty cell's ``candidates`` (bit
        ``d - 1`` for digit ``d``) ruled out: a position the logic reached."""
        n = self.size
        drop = self.drop
        full = (1 << n) - 1
        for cell, mask in enumerate(candidates):
            if grid[cell]:
                continue
            gone = full & ~mask
            while gone:
                low = gone & -gone
                gone ^= low
                state &= drop[cell * n + low.bit_length() - 1]
        return state

    def decode(self, placed: int) -> tuple[int, ...]:
        # A cell's field holds at most one bit, so its length is the digit (0: empty).
        n = self.size
        field = (1 << n) - 1
        grid = []
        for _ in range(self.cells):
            grid.append((placed & field).bit_length())
            placed >>= n
        return tuple(grid)

    def search(self, state: int, placed: int, limit: int, node_limit: int | None) -> list[int]:
        """Depth-first search; the ``placed`` sets of up to ``limit`` solutions.

        :raises SearchLimitReached: after ``node_limit`` branch points without the
            search having ended or found ``limit`` solutions.
        """
        found: list[int] = []
        finished, _nodes, _work = self.run([(state, placed)], found, limit, node_limit, None)
        if not finished:
            raise SearchLimitReached(f"no answer after {node_limit} branch points")
        return found

    def run(
        self,
        stack: list[tuple[int, int]],
        found: list[int],
        limit: int,
        node_limit: int | None,
        rng: random.Random | None,
        work_limit: int | None = None,
        locked: _Intersections | None = None,
        narrowing: _Narrowing | None = None,
    ) -> tuple[bool, int, int]:
        """Search from the states on ``stack`` for up to ``limit`` solutions in ``found``.

        Stops at a branch point once ``node_limit`` branch points were visited or
        ``work_limit`` work done (see :func:`work_budget`), leaving ``stack`` ready
        to resume from there.  Returns whether the search is over (``found`` has
        ``limit`` solutions, or there was nothing left to try), the branch points
        visited and the work done.
        With ``rng`` the branching constraint and the digit tried first are drawn at
        random among the best ones, for restarts; without, the order is fixed.
        With ``locked``, pointing and claiming are applied too before each branch
        point (see :class:`_Intersections`).  With ``narrowing``, it narrows in place
        of the tables' own (the probing stage's, with the set sums added).

        This is the hot path: locals are bound once and the loop body avoids calls.
        """
        n = self.size
        lows = self.lows
        guards = self.guards
        values = self.values
        kill = self.kill
        drop = self.drop
        candidate_at = self.candidate_at
        props = narrowing or self.props
        prefer = self.prefer
        top = self.full.bit_length()
        nodes = rounds = placements = 0
        while stack:
            state, placed = stack.pop()
            # Propagate singles until none are left, the grid is full, or a
            # constraint has no candidate left; branch when stuck, and go on down.
            while True:
                rounds += 1
                v = state & values
                t = (v | guards) - lows
                nonempty = t & guards
                if nonempty != state & guards:
                    break  # an open constraint has no candidate: dead end
                if not nonempty:
                    # Every house is satisfied; sums and lines are checked once more.
                    if props is None or props.apply(state, placed) is not None:
                        found.append(placed)
                    break
                lowered = v & t  # each field without its lowest candidate
                several = ((lowered | guards) - lows) & guards
                singles = nonempty ^ several
                if singles:
                    pending = v & (singles - (singles >> n))
                    while pending:
                        # The highest single first: its index is free to find, and the
                        # kill mask clears it (the order of forced placements is moot).
                        i = candidate_at[pending.bit_length() - 1]
                        mask = kill[i]
                        state &= mask
                        pending &= mask  # also drops copies of i and rivals
                        placed |= 1 << i
                        placements += 1
                    continue
                if props is not None:
                    rounds += props.cost
                    narrowed = props.apply(state, placed)
                    if narrowed is None:
                        break  # a sum or line can no longer be completed: dead end
                    if narrowed != state:
                        state = narrowed
                        continue
                if locked is not None:
                    rounds += locked.cost
                    narrowed = locked.apply(state, v)
                    if narrowed != state:
                        state = narrowed
                        continue
                # No single: branch on a constraint with the fewest candidates.
                if (node_limit is not None and nodes >= node_limit) or (
                    work_limit is not None
                    and rounds + placements // PLACEMENTS_PER_ROUND >= work_limit
                ):
                    stack.append((state, placed))  # resume from here
                    return False, nodes, rounds + placements // PLACEMENTS_PER_ROUND
                nodes += 1
                rest = lowered & ((lowered | guards) - lows)
                at_least = several
                while True:
                    more = ((rest | guards) - lows) & guards
                    exact = at_least ^ more
                    if exact:
                        break
                    at_least = more
                    rest &= (rest | guards) - lows
                if rng is None:
                    favoured = exact & prefer
                    guard = favoured & -favoured if favoured else exact & -exact
                else:
                    # The first best constraint at or after a random bit (wrapping).
                    shift = rng.randrange(top)
                    above = exact >> shift
                    guard = (above & -above) << shift if above else exact & -exact
                members = v & (guard - (guard >> n))
                first = members & -members
                if rng is not None and rng.random() < 0.5:
                    first = 1 << (members.bit_length() - 1)  # the highest digit first
                second = members ^ first
                a = candidate_at[first.bit_length() - 1]
                if second & (second - 1) == 0:
                    # Two candidates: one branch places each.
                    b = candidate_at[second.bit_length() - 1]
                    stack.append((state & kill[b], placed | 1 << b))
                else:
                    stack.append((state & drop[a], placed))
                state &= kill[a]
                placed |= 1 << a
            if len(found) >= limit:
                return True, nodes, rounds + placements // PLACEMENTS_PER_ROUND
        return True, nodes, rounds + placements // PLACEMENTS_PER_ROUND

    def _propagated(
        self,
        state: int,
        placed: int,
        known: dict[int, None],
        narrowing: _Narrowing | None = None,
    ) -> tuple[int, int] | None:
        """``(state, placed)`` after singles and the constraints' narrowing (no branching),
        or None at a dead end or a solution (recorded in ``known``)."""
        stack = [(state, placed)]
        found: list[int] = []
        self._work += self.run(stack, found, 1, 0, None, narrowing=narrowing)[2]
        for solution in found:
            known.setdefault(solution, None)
        return stack[0] if stack and not found else None

    def probe(
        self,
        state: int,
        placed: int,
        known: dict[int, None],
        narrowing: _Narrowing | None = None,
    ) -> tuple[list[tuple[int, int]], int]:
        """The branches of a probing branch point (see :func:`_probing`), last to try
        first, and the work done; solutions met are added to ``known``.  ``narrowing``
        replaces the tables' own (see :attr:`deep_props`)."""
        self._work = 0
        n = self.size
        width = n + 1
        field = (1 << n) - 1
        kill = self.kill
        drop = self.drop
        at = self._propagated(state, placed, known, narrowing)
        while at is not None:
            state, placed = at
            best: list[tuple[int, int]] | None = None
            best_key: tuple[int, int] = (n + 1, 0)
            changed = False
            cell_part = (1 << (self.cells * width)) - 1
            for cell in range(self.cells):
                if not state >> (cell * width + n) & 1:
                    continue
                mask = (state >> (cell * width)) & field
                branches: list[tuple[int, int]] = []
                union = 0  # cell fields of every surviving branch, placed cells included
                size = 0
                rest = mask
                while rest:
                    low = rest & -rest
                    rest ^= low
                    i = cell * n + low.bit_length() - 1
                    child = self._propagated(state & kill[i], placed | 1 << i, known, narrowing)
                    if child is None:
                        if len(known) >= 2:
                            return [], self._work
                        # A dead end, or a solution (already recorded): either way
                        # nothing more to search under this candidate.
                        state &= drop[i]
                        changed = True
                        continue
                    branches.append(child)
                    union |= (child[0] & cell_part) | self._spread(child[1] & ~placed)
                    size += (child[0] & self.values).bit_count()
                if not branches:
                    return [], self._work  # every candidate of this cell fails
                if not state >> (cell * width + n) & 1:
                    continue
                # What no branch of this cell leaves standing is out.
                gone = state & self.values & cell_part & ~union
                if gone:
                    while gone:
                        low = gone & -gone
                        gone ^= low
                        state &= drop[self.candidate_at[low.bit_length() - 1]]
                    changed = True
                key = (len(branches), size)
                if key < best_key:
                    best_key, best = key, branches
            if changed:
                at = self._propagated(state, placed, known, narrowing)
                continue
            if best is None:
                return [], self._work
            return best[::-1], self._work
        return [], self._work

    def _spread(self, placed: int) -> int:
        """The cell-field bits of the candidates in ``placed`` (candidate indices)."""
        n = self.size
        out = 0
        while placed:
            low = placed & -placed
            placed ^= low
            cell, k = divmod(low.bit_length() - 1, n)
            out |= 1 << (cell * (n + 1) + k)
        return out


_MEMO_SIZE = 4096
"""Narrowings remembered per rule (a few hundred kilobytes at most per rule set)."""


class _Narrowing:
    """What the constraints rule out beyond placing digits, run on the bitboard when
    singles stall, as pointing and claiming are.

    Two passes.  *Pairs*: a candidate of a cell with no partner left in a cell a
    constraint links it to (a thermometer's next cell, a dot, a whisper) is removed:
    the placing masks only act once a digit is placed, and a thermometer or a chain
    of dots needs its ranges carried along while cells are still open.  Pairs whose
    links only forbid the same digit (a knight's move, a cage) are left out, since
    the placing masks already do all they can.  *Rules*: the constraints no pair of
    cells can express (sums, between lines, quadruples) narrow their cells with
    :meth:`Constraint.narrow`.  Either may find a constraint that can no longer hold.
    A placed cell's digit is read from the placed set.
    """

    __slots__ = ("cell_bits", "cost", "drop", "items", "memo", "n", "pairs")

    def __init__(self, rules: RuleSet, tables: _Tables, implied: Sequence[Constraint] = ()) -> None:
        n = self.n = rules.size
        self.items = [(rule, rule.cells()) for rule in (*rules.narrowing, *implied)]
        self.drop = tables.drop
        self.cell_bits = (1 << (rules.cells * (n + 1))) - 1
        full = (1 << n) - 1
        pairs: dict[tuple[int, int], list[int]] = {}
        self.pairs: list[tuple[int, int, tuple[int, ...], dict[int, int]]]
        for _rule, a, b, forbids in rules.pair_rules:
            if all(banned == 1 << (x - 1) for x, banned in forbids.items()):
                continue  # a same-digit link: placing does all of it
            support = pairs.setdefault((a, b), [full] * n)
            for x, banned in forbids.items():
                support[x - 1] &= ~banned
        # Per relation (pairs with the same supports share one), the digits of the
        # first cell that some digit of a candidate set of the second supports,
        # filled in as the search meets each set.
        relations: dict[tuple[int, ...], dict[int, int]] = {}
        self.pairs = []
        for (a, b), support in pairs.items():
            table = relations.setdefault(tuple(support), {})
            self.pairs.append((a, b, tuple(support), table))
        # What a rule made of the same candidates before: a search meets the same few
        # states of a cage again and again, and narrowing one costs tens of rounds.
        self.memo: list[dict[tuple[int, ...], list[int] | None]] = [{} for _ in self.items]
        # Measured on the shared variant puzzles against a round of singles (about a
        # microsecond on 9x9): a pair costs half a round, a rule about three
        # (most of its calls are remembered), a sandwich sixty (it tries every place
        # of its crusts).
        self.cost = (
            1
            + len(self.pairs) // 2
            + sum(60 if isinstance(rule, Sandwich) else 3 for rule, _cells in self.items)
        )

    def apply(self, state: int, placed: int) -> int | None:
        """``state`` less what the constraints rule out, or None when one cannot hold."""
        n = self.n
        width = n + 1
        field = (1 << n) - 1
        drop = self.drop
        cells_part = state & self.cell_bits  # shifting this is cheaper than the state
        for a, b, support, table in self.pairs:
            guard_a = cells_part >> (a * width + n) & 1
            guard_b = cells_part >> (b * width + n) & 1
            if not (guard_a and guard_b):
                continue  # a placed end: its placing mask already acted
            mine = (cells_part >> (a * width)) & field
            theirs = (cells_part >> (b * width)) & field
            backed = table.get(theirs)
            if backed is None:
                backed = table[theirs] = sum(1 << x for x in range(n) if theirs & support[x])
            gone = mine & ~backed
            if gone:
                if gone == mine:
                    return None
                while gone:
                    low = gone & -gone
                    mask = drop[a * n + low.bit_length() - 1]
                    state &= mask
                    cells_part &= mask
                    gone ^= low
        for (rule, cells), memo in zip(self.items, self.memo, strict=True):
            masks = []
            open_cells = []
            for cell in cells:
                mask = (cells_part >> (cell * width)) & field
                if cells_part >> (cell * width + n) & 1:
                    if not mask:
                        return None
                    open_cells.append(True)
                else:
                    mask = (placed >> (cell * n)) & field
                    open_cells.append(False)
                masks.append(mask)
            key = tuple(masks)
            if key in memo:
                kept = memo[key]
            else:
                if len(memo) >= _MEMO_SIZE:
                    memo.clear()
                kept = memo[key] = rule.narrow(masks, n)
            if kept is None:
                return None
            for cell, is_open, mask, keep in zip(cells, open_cells, masks, kept, strict=True):
                gone = mask & ~keep
                if not gone:
                    continue
                if not is_open or gone == mask:
                    return None
                while gone:
                    low = gone & -gone
                    drop_mask = drop[cell * n + low.bit_length() - 1]
                    state &= drop_mask
                    cells_part &= drop_mask
                    gone ^= low
        return state


class _Intersections:
    """Pointing and claiming for every digit at once, on the bitboard.

    Where a row (or column) crosses a region, a digit whose every place in the row
    lies in the crossing cannot go elsewhere in the region, and the other way
    round.  Singles alone miss this, and on jigsaw grids, whose regions cross rows
    in many ways, that is what makes a half-filled 25x25 puzzle take millions of
    branch points instead of a few dozen.

    The row-digit fields of one row are consecutive (one field per digit), and so
    are the region-digit fields of one region, so for one crossing the SWAR test
    runs on two small blocks for all digits together: a field that has candidates
    but none outside the crossing names a digit to remove from the other unit's
    cells outside it.  A pass costs about as much as a dozen rounds of singles on
    25x25, so :func:`settle` uses it and the plain :func:`solutions` does not (it
    would change which solution comes first, and so the generator's puzzles).
    """

    __slots__ = (
        "block_mask",
        "candidate_at",
        "cost",
        "drop",
        "guards",
        "lows",
        "n",
        "nbytes",
        "offsets",
        "pairs",
        "span",
    )

    def __init__(self, shape: Shape, tables: _Tables) -> None:
        n = shape.size
        cells = n * n
        width = n + 1
        self.n = n
        self.lows = lows = sum(1 << (k * width) for k in range(n))
        self.guards = lows << n
        self.block_mask = (1 << (n * width)) - 1
        self.span = (n * width + 7) // 8 + 1
        self.nbytes = (tables.full.bit_length() + 7) // 8 + self.span
        self.drop = tables.drop
        self.candidate_at = tables.candidate_at
        members = lows * ((1 << n) - 1)
        position = [0] * cells
        for region in shape.region_cells:
            for index, cell in enumerate(region):
                position[cell] = index

        def spread(indices: list[int]) -> int:
            mask = 0
            for index in indices:
                mask |= 1 << index
            return mask * lows  # the same member bits in every digit's field

        pairs: list[tuple[int, int, int, int]] = []
        for kind, lines in ((1, shape.rows), (2, shape.columns)):
            for u, line in enumerate(lines):
                by_region: dict[int, list[int]] = {}
                for cell in line:
                    by_region.setdefault(shape.regions[cell], []).append(cell)
                if len(by_region) == 1:
                    continue  # the line is a region: nothing crosses
                for g, crossing in by_region.items():
                    in_line = [cell % n if kind == 1 else cell // n for cell in crossing]
                    in_region = [position[cell] for cell in crossing]
                    line_at = (kind * cells + u * n) * width
                    region_at = (3 * cells + g * n) * width
                    pairs.append(
                        (line_at, region_at, members ^ spread(in_line), members ^ spread(in_region))
                    )
        self.pairs = pairs
        self.offsets = sorted({p[0] for p in pairs} | {p[1] for p in pairs})
        # A pass is ~15 small-integer operations per crossing (2 microseconds), a
        # round a dozen on the whole state: measured, a pass costs 150 rounds on
        # 9x9, 100 on 16x16 and 20 to 100 on 25x25.
        self.cost = 1 + len(pairs) * 10_000 // (4 * cells * width)

    def apply(self, state: int, v: int) -> int:
        """``state`` less what pointing and claiming remove (``v``: its candidate bits)."""
        n = self.n
        lows = self.lows
        guards = self.guards
        data = v.to_bytes(self.nbytes, "little")
        span = self.span
        block_mask = self.block_mask
        blocks = {
            at: (int.from_bytes(data[at >> 3 : (at >> 3) + span], "little") >> (at & 7))
            & block_mask
            for at in self.offsets
        }
        removed = []
        for line_at, region_at, out_line, out_region in self.pairs:
            line = blocks[line_at]
            region = blocks[region_at]
            outside = line & out_line
            confined = ((line | guards) - lows) & ~((outside | guards) - lows) & guards
            if confined:  # claiming: those digits leave the rest of the region
                hit = region & (confined - (confined >> n)) & out_region
                while hit:
                    low = hit & -hit
                    removed.append(region_at + low.bit_length() - 1)
                    hit ^= low
            outside = region & out_region
            confined = ((region | guards) - lows) & ~((outside | guards) - lows) & guards
            if confined:  # pointing: those digits leave the rest of the line
                hit = line & (confined - (confined >> n)) & out_line
                while hit:
                    low = hit & -hit
                    removed.append(line_at + low.bit_length() - 1)
                    hit ^= low
        drop = self.drop
        candidate_at = self.candidate_at
        for position in removed:
            state &= drop[candidate_at[position]]
        return state


@dataclass(frozen=True)
class _Layout:
    """What a rule set's tables take from its houses of N cells alone: the fields, each
    candidate's bits (as positions, and as one integer) and the mask that places it
    before the constraints' links are folded in.  Shared by every rule set on the same
    houses, such as the killers a generator tries merge by merge: building it was most
    of the cost of a rule set's tables (6 ms of about 7 on a 9x9 killer)."""

    lows: int
    full: int
    nbits: int
    nbytes: int
    positions: list[tuple[int, ...]]
    candidate_at: list[int]
    bits: list[int]
    placing: list[int]
    drop: _DropMasks


@functools.lru_cache(maxsize=2)
def _layout(n: int, houses: tuple[tuple[int, ...], ...]) -> _Layout:
    """The :class:`_Layout` of a grid of size ``n`` whose houses of ``n`` cells are
    ``houses`` (rows, columns and regions first, then diagonals, extra regions,
    disjoint groups): a field per cell and per digit of every house.  Two are kept,
    enough for a generator working on one grid (0.6 MB on 9x9, 18 MB on 16x16)."""
    cells = n * n
    width = n + 1
    fields = cells + len(houses) * n
    nbits = fields * width
    nbytes = (nbits + 7) // 8
    lows = int.from_bytes(_bits(nbytes, range(0, nbits, width)), "little")
    full = lows * ((1 << n) - 1) | lows << n
    slots: list[list[tuple[int, int]]] = [[] for _ in range(cells)]  # (house, place)
    for h, members in enumerate(houses):
        for place, cell in enumerate(members):
            slots[cell].append((h, place))
    positions: list[tuple[int, ...]] = []
    candidate_at = [-1] * nbits
    bits: list[int] = []
    # Each field's members (every bit of each of its candidates) as one integer, OR-ed
    # from the candidates' bits: on these sizes that is cheaper than byte arrays (a
    # third of the time of a 9x9 jigsaw Windoku layout's tables), and new layouts are
    # built often, since a generator screens several for each jigsaw candidate.
    field_bits = [0] * fields
    for cell in range(cells):
        for k in range(n):
            i = cell * n + k
            own = (cell * width + k,) + tuple(
                (cells + h * n + k) * width + place for h, place in slots[cell]
            )
            positions.append(own)
            mine = 0
            for position in own:
                candidate_at[position] = i
                mine |= 1 << position
            bits.append(mine)
            for position in own:
                field_bits[position // width] |= mine
    inverse = [full & ~(mask | 1 << (f * width + n)) for f, mask in enumerate(field_bits)]
    placing: list[int] = []
    for own in positions:
        mask = inverse[own[0] // width]
        for position in own[1:]:
            mask &= inverse[position // width]
        placing.append(mask)
    return _Layout(
        lows,
        full,
        nbits,
        nbytes,
        positions,
        candidate_at,
        bits,
        placing,
        _DropMasks(full, positions),
    )


def _closing_masks(
    members_of: list[list[int]], width: int, n: int, nbytes: int, full: int
) -> list[int]:
    """Per field, the full mask less its members' bits and its guard: AND-ing the
    masks of a candidate's fields places it."""
    inverse = []
    for f, members in enumerate(members_of):
        mask = _bits(nbytes, members)
        guard = f * width + n
        mask[guard >> 3] |= 1 << (guard & 7)
        inverse.append(full ^ int.from_bytes(mask, "little"))
    return inverse


def _bits(nbytes: int, positions: Iterator[int] | Sequence[int] | range) -> bytearray:
    """A little-endian byte array of ``nbytes`` with the bits at ``positions`` set."""
    out = bytearray(nbytes)
    for position in positions:
        out[position >> 3] |= 1 << (position & 7)
    return out
