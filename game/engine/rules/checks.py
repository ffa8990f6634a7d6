"""The rules of Sudoku on any shape: conflicts, legal candidates and complete solutions.

These are the plain, independent checks.  The solver never trusts itself: tests
compare every answer with :func:`is_solution`, which shares no code with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..shape import Shape
from ..symbols import cell_name, symbol


@dataclass(frozen=True)
class Conflict:
    """Digit ``digit`` appears more than once in ``unit``, at ``cells``."""

    unit: int
    digit: int
    cells: tuple[int, ...]


def conflicts(shape: Shape, grid: Sequence[int]) -> list[Conflict]:
    """Every unit in which a digit appears twice or more, in unit order."""
    found = []
    for unit, members in enumerate(shape.units):
        seen: dict[int, list[int]] = {}
        for cell in members:
            digit = grid[cell]
            if digit:
                seen.setdefault(digit, []).append(cell)
        for digit, cells in sorted(seen.items()):
            if len(cells) > 1:
                found.append(Conflict(unit, digit, tuple(cells)))
    return found


def has_conflict(shape: Shape, grid: Sequence[int]) -> bool:
    """Whether some unit holds a digit twice: :func:`conflicts` without the details,
    fast enough to check every puzzle of a 150,000-game file as it is read."""
    # One key per (unit, digit) a filled cell claims: a repeat is a conflict.
    width = shape.size + 1
    units_of = shape.cell_units
    keys = [
        unit * width + digit for cell, digit in enumerate(grid) if digit for unit in units_of[cell]
    ]
    return len(set(keys)) != len(keys)


def conflicting_cells(shape: Shape, grid: Sequence[int]) -> frozenset[int]:
    """The cells whose digit is repeated in one of their units."""
    return frozenset(cell for conflict in conflicts(shape, grid) for cell in conflict.cells)


def candidates(shape: Shape, grid: Sequence[int]) -> tuple[int, ...]:
    """Per cell, the digits no peer holds (a bitmask); 0 for filled cells."""
    full = (1 << shape.size) - 1
    used = [0] * len(shape.units)
    for unit, members in enumerate(shape.units):
        mask = 0
        for cell in members:
            if grid[cell]:
                mask |= 1 << (grid[cell] - 1)
        used[unit] = mask
    result = []
    for cell, (row, column, region) in enumerate(shape.cell_units):
        if grid[cell]:
            result.append(0)
        else:
            result.append(full & ~(used[row] | used[column] | used[region]))
    return tuple(result)


def is_complete(grid: Sequence[int]) -> bool:
    """Whether every cell holds a digit."""
    return all(grid)


def is_solution(shape: Shape, grid: Sequence[int], givens: Sequence[int] | None = None) -> bool:
    """Whether ``grid`` is a complete valid grid of ``shape`` that keeps ``givens``."""
    n = shape.size
    if len(grid) != n * n or any(not 1 <= d <= n for d in grid):
        return False
    want = set(range(1, n + 1))
    if any({grid[cell] for cell in unit} != want for unit in shape.units):
        return False
    return givens is None or all(g == 0 or g == d for g, d in zip(givens, grid, strict=True))


def dead_end(shape: Shape, grid: Sequence[int]) -> str | None:
    """Why the position can no longer be completed by the rules alone, or None.

    Finds the two visible dead ends players understand: an empty cell with no
    candidate left, or a digit with no place left in a unit.  (A position can be
    unsolvable without either; only the solver can tell that.)
    """
    n = shape.size
    cands = candidates(shape, grid)
    for cell in range(n * n):
        if not grid[cell] and not cands[cell]:
            return f"{cell_name(cell, n)} has no digit left"
    for unit, members in enumerate(shape.units):
        placed = 0
        places = 0
        for cell in members:
            if grid[cell]:
                placed |= 1 << (grid[cell] - 1)
            else:
                places |= cands[cell]
        missing = ((1 << n) - 1) & ~placed & ~places
        if missing:
            digit = (missing & -missing).bit_length()
            return f"{symbol(digit)} has no place left in {shape.unit_name(unit)}"
    return None
