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
exactly two is the best place to branch.  Placing a digit is a single AND with a
precomputed mask that clears every candidate sharing a constraint with it and closes
its four constraints.  Backtracking keeps the old integer on an explicit stack, so
there is no recursion and no limit from Python's stack, whatever the size.

Bitmask code like this is kept to this module; the rest of the engine prefers
plain structures.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from .puzzle import Puzzle
from .shape import Shape


class Status(enum.Enum):
    """How many solutions a puzzle has, as players say it."""

    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"


class SearchLimitReached(Exception):
    """The search visited ``node_limit`` branch points without an answer.

    Only raised when a caller asked for a limit, e.g. a generator that prefers to
    throw away a pathological candidate rather than wait for it.
    """


@dataclass(frozen=True)
class Analysis:
    """The solver's verdict on a puzzle: its status and the solutions it found."""

    status: Status
    solutions: tuple[tuple[int, ...], ...]

    @property
    def solution(self) -> tuple[int, ...] | None:
        """The first solution found, or None when there is none."""
        return self.solutions[0] if self.solutions else None


def solve(shape: Shape, grid: Sequence[int]) -> tuple[int, ...] | None:
    """The first solution of ``grid`` (digits, ``0`` empty), or None."""
    found = solutions(shape, grid, limit=1)
    return found[0] if found else None


def count_solutions(shape: Shape, grid: Sequence[int], limit: int = 2) -> int:
    """How many solutions ``grid`` has, counting no further than ``limit``."""
    tables = bitboard(shape)
    state = tables.start(grid)
    if state is None:
        return 0
    return len(tables.search(*state, limit, None))  # counted, never decoded


def status(shape: Shape, grid: Sequence[int]) -> Status:
    """Whether ``grid`` has a unique solution, several, or none."""
    return _status_of(count_solutions(shape, grid, limit=2))


def analyse(puzzle: Puzzle, limit: int = 2) -> Analysis:
    """Status and up to ``limit`` (at least 2) solutions of ``puzzle``."""
    found = solutions(puzzle.shape, puzzle.givens, limit=max(limit, 2))
    return Analysis(_status_of(len(found)), tuple(found))


def solutions(
    shape: Shape,
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


def _status_of(count: int) -> Status:
    return Status.NONE if count == 0 else Status.UNIQUE if count == 1 else Status.MULTIPLE


def bitboard(shape: Shape) -> _Tables:
    """The shape's precomputed bitboard tables (see ``_Tables``), for code that runs
    trials on the solver's representation, such as the logic engine's last resort.

    Stored on the shape so the tables live exactly as long as the shape does.
    """
    tables = shape._solver_tables
    if tables is None:
        tables = shape._solver_tables = _Tables(shape)
    assert isinstance(tables, _Tables)
    return tables


class _Tables:
    """Precomputed masks for one shape; see the module docstring for the layout.

    Candidate ``i = cell * N + digit - 1``.  Field ``f`` occupies bits
    ``f * (N + 1)`` to ``f * (N + 1) + N``, the last being its guard.  Fields
    ``0 .. C-1`` are cells, then row-digit, column-digit and region-digit fields
    (``C = N * N``).
    """

    def __init__(self, shape: Shape) -> None:
        n = shape.size
        cells = n * n
        width = n + 1
        fields = 4 * cells
        self.size = n
        self.cells = cells
        lows = 0
        for f in range(fields):
            lows |= 1 << (f * width)
        self.lows = lows  # R: bit 0 of every field
        self.guards = lows << n  # G: the guard bit of every field
        self.values = lows * ((1 << n) - 1)  # M: every candidate bit
        full = self.values | self.guards

        position_in_region = [0] * cells
        for members in shape.region_cells:
            for index, cell in enumerate(members):
                position_in_region[cell] = index

        cand_bits = [0] * (cells * n)
        cand_fields: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)] * (cells * n)
        candidate_at = [-1] * (fields * width)
        for cell in range(cells):
            row, column = divmod(cell, n)
            region = shape.regions[cell]
            for k in range(n):
                i = cell * n + k
                four = (
                    (cell, k),
                    (cells + row * n + k, column),
                    (2 * cells + column * n + k, row),
                    (3 * cells + region * n + k, position_in_region[cell]),
                )
                bits = 0
                for f, member in four:
                    position = f * width + member
                    bits |= 1 << position
                    candidate_at[position] = i
                cand_bits[i] = bits
                cand_fields[i] = (four[0][0], four[1][0], four[2][0], four[3][0])

        field_masks = [1 << (f * width + n) for f in range(fields)]
        for i, bits in enumerate(cand_bits):
            for f in cand_fields[i]:
                field_masks[f] |= bits
        # kill[i]: AND-mask that places candidate i (clears all it conflicts with,
        # itself included, and closes its four constraints).
        self.kill = [
            full ^ (field_masks[a] | field_masks[b] | field_masks[c] | field_masks[d])
            for a, b, c, d in cand_fields
        ]
        # drop[i]: AND-mask that removes candidate i alone.
        self.drop = [full ^ bits for bits in cand_bits]
        self.candidate_at = candidate_at
        self.one = [1 << i for i in range(cells * n)]
        self.full = full

    def start(self, grid: Sequence[int]) -> tuple[int, int] | None:
        """The search state with the filled cells of ``grid`` placed, or None on conflict."""
        n = self.size
        state = self.full
        placed = 0
        kill = self.kill
        for cell, digit in enumerate(grid):
            if digit:
                i = cell * n + digit - 1
                if not state & (1 << (cell * (n + 1) + digit - 1)):
                    return None  # the digit was already ruled out by an earlier one
                state &= kill[i]
                placed |= 1 << i
        return state, placed

    def decode(self, placed: int) -> tuple[int, ...]:
        n = self.size
        grid = [0] * self.cells
        while placed:
            low = placed & -placed
            i = low.bit_length() - 1
            grid[i // n] = i % n + 1
            placed ^= low
        return tuple(grid)

    def search(self, state: int, placed: int, limit: int, node_limit: int | None) -> list[int]:
        """Depth-first search; returns the ``placed`` sets of up to ``limit`` solutions.

        This is the hot path: locals are bound once and the loop body avoids calls.
        """
        n = self.size
        lows = self.lows
        guards = self.guards
        values = self.values
        kill = self.kill
        drop = self.drop
        one = self.one
        candidate_at = self.candidate_at
        stack: list[tuple[int, int]] = []
        found: list[int] = []
        nodes = 0
        while True:
            # Propagate singles until none are left, the grid is full, or a
            # constraint has no candidate left.
            while True:
                v = state & values
                t = (v | guards) - lows
                nonempty = t & guards
                if nonempty != state & guards:
                    break  # an open constraint has no candidate: dead end
                if not nonempty:
                    found.append(placed)  # every constraint is satisfied
                    break
                lowered = v & t  # each field without its lowest candidate
                several = ((lowered | guards) - lows) & guards
                singles = nonempty ^ several
                if singles:
                    pending = v & (singles - (singles >> n))
                    while pending:
                        low = pending & -pending
                        i = candidate_at[low.bit_length() - 1]
                        mask = kill[i]
                        state &= mask
                        pending &= mask  # also drops copies of i and rivals
                        placed |= one[i]
                    continue
                # No single: branch on a constraint with the fewest candidates.
                nodes += 1
                if node_limit is not None and nodes > node_limit:
                    raise SearchLimitReached(f"no answer after {node_limit} branch points")
                rest = lowered & ((lowered | guards) - lows)
                at_least = several
                while True:
                    more = ((rest | guards) - lows) & guards
                    exact = at_least ^ more
                    if exact:
                        break
                    at_least = more
                    rest &= (rest | guards) - lows
                guard = exact & -exact
                members = v & (guard - (guard >> n))
                first = members & -members
                a = candidate_at[first.bit_length() - 1]
                second = members ^ first
                if second & (second - 1) == 0:
                    # Two candidates: one branch places each.
                    b = candidate_at[second.bit_length() - 1]
                    stack.append((state & kill[b], placed | one[b]))
                else:
                    stack.append((state & drop[a], placed))
                state &= kill[a]
                placed |= one[a]
            if len(found) >= limit or not stack:
                return found
            state, placed = stack.pop()
