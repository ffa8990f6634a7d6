"""Grids for people at a terminal: boxes or jigsaw regions drawn with ASCII walls.

ASCII only, so the output survives any console encoding.  Classic grids use the
familiar compact form::

    5 3 . | . 7 . | . . .
    ------+-------+------

Jigsaw grids draw a wall wherever two neighbouring cells lie in different
regions, with ``|`` between cells and ``---`` between rows, inside a frame.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..shape import Shape
from ..symbols import symbol


def pretty(shape: Shape, grid: Sequence[int]) -> str:
    """The grid as text with region borders (no final newline)."""
    if shape.box is not None:
        return _boxes(shape, grid, *shape.box)
    return _walls(shape, grid)


def _boxes(shape: Shape, grid: Sequence[int], box_rows: int, box_columns: int) -> str:
    n = shape.size
    lines = []
    for row in range(n):
        groups = [
            " ".join(symbol(grid[row * n + column]) for column in range(start, start + box_columns))
            for start in range(0, n, box_columns)
        ]
        if row and row % box_rows == 0:
            lines.append("-+-".join("-" * len(group) for group in groups))
        lines.append(" | ".join(groups))
    return "\n".join(lines)


def _walls(shape: Shape, grid: Sequence[int]) -> str:
    n = shape.size
    regions = shape.regions

    def wall_right(row: int, column: int) -> bool:
        # Between (row, column) and (row, column + 1); the frame counts as a wall.
        if column < 0 or column >= n - 1:
            return 0 <= row < n
        return 0 <= row < n and regions[row * n + column] != regions[row * n + column + 1]

    def wall_below(row: int, column: int) -> bool:
        # Between (row, column) and (row + 1, column); the frame counts as a wall.
        if row < 0 or row >= n - 1:
            return 0 <= column < n
        return 0 <= column < n and regions[row * n + column] != regions[(row + 1) * n + column]

    def corner(row: int, column: int) -> str:
        # The corner below-right of cell (row, column).
        vertical = wall_right(row, column) or wall_right(row + 1, column)
        horizontal = wall_below(row, column) or wall_below(row, column + 1)
        if vertical and horizontal:
            return "+"
        return "|" if vertical else "-" if horizontal else " "

    def border(row: int) -> str:
        parts = [corner(row, -1)]
        for column in range(n):
            parts.append("---" if wall_below(row, column) else "   ")
            parts.append(corner(row, column))
        return "".join(parts)

    lines = [border(-1)]
    for row in range(n):
        parts = ["|"]
        for column in range(n):
            parts.append(f" {symbol(grid[row * n + column])} ")
            parts.append("|" if wall_right(row, column) else " ")
        lines.append("".join(parts))
        lines.append(border(row))
    return "\n".join(lines)
