"""Rectangles that could become deadly patterns: the shared search of the uniqueness techniques.

A *deadly pattern* is four non-given cells in two rows, two columns and exactly two
regions (each region holding the two corners of one row or of one column), filled
with ``x, y`` on one diagonal and ``y, x`` on the other.  Swapping ``x`` and ``y``
in those four cells keeps every row, column and region whole and touches no
given, so a puzzle with one solution never ends that way.  Every uniqueness
technique starts from that fact; this module finds the rectangles it applies to.

Everything is read from the unit tables: which cells share a row, a column or a
region, so jigsaw rectangles qualify exactly when their two regions split them
along a row or a column, and a rectangle over three regions never does.  (Over
three regions the swap would put a second ``x`` into some region, so no second
solution follows; over one region the swap is possible but the pattern is not
two rows of one region each, and players do not call it a rectangle.)

Corners are kept as ``(a, b, c, d)``: ``a, b`` on the upper row, ``a, c`` in the
left column, so ``a``/``d`` and ``b``/``c`` are the diagonals.  Corner ``i``
shares its row with ``i ^ 1``, its column with ``i ^ 2`` and is diagonal to ``3 - i``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..shape import Shape
from ..symbols import symbol
from .grid import CandidateGrid, cells_of
from .memo import LastGrid
from .step import Mark, Role
from .wording import cells_text

Corners = tuple[int, int, int, int]


@dataclass(frozen=True)
class Rectangle:
    """Four corners on the digits ``x < y`` of a would-be deadly pattern."""

    corners: Corners
    x: int
    y: int

    @property
    def pair(self) -> int:
        """The digit mask of ``x`` and ``y``."""
        return (1 << (self.x - 1)) | (1 << (self.y - 1))

    def floor(self, grid: CandidateGrid) -> list[int]:
        """The corners that allow nothing but ``x`` and ``y``."""
        pair = self.pair
        return [cell for cell in self.corners if not grid.cands[cell] & ~pair]

    def roof(self, grid: CandidateGrid) -> list[int]:
        """The corners that allow some digit besides ``x`` and ``y``."""
        pair = self.pair
        return [cell for cell in self.corners if grid.cands[cell] & ~pair]


def corners_of(size: int, rows: tuple[int, int], columns: tuple[int, int]) -> Corners:
    """The corners of the rectangle on two rows and two columns, in ``(a, b, c, d)`` order."""
    top, bottom = sorted(rows)
    left, right = sorted(columns)
    return (top * size + left, top * size + right, bottom * size + left, bottom * size + right)


def splits_in_two_regions(shape: Shape, corners: Corners) -> bool:
    """Whether exactly two regions hold the corners, two by two along a row or a column."""
    ra, rb, rc, rd = (shape.regions[cell] for cell in corners)
    across = ra == rb and rc == rd and ra != rc
    down = ra == rc and rb == rd and ra != rb
    return across or down


def unique_rectangles(grid: CandidateGrid) -> list[Rectangle]:
    """Rectangles of four empty corners on ``x, y``, at least one of them exactly ``{x, y}``.

    Every corner still allows ``x`` or ``y``: a corner that lost one of the two
    still counts, since the deadly-pattern argument is about the solution, not the
    notes.  Computed once per grid and shared by every uniqueness technique.
    """
    return _memo.get(grid, None, lambda: _find(grid))


_memo: LastGrid[list[Rectangle]] = LastGrid()


def _find(grid: CandidateGrid) -> list[Rectangle]:
    n = grid.size
    shape = grid.shape
    cands = grid.cands
    unit_mask = grid.tables.unit_mask
    row_units, column_units = shape.row_units, shape.column_units
    found: list[Rectangle] = []
    seen: set[tuple[Corners, int]] = set()
    for start, mask in enumerate(cands):
        if mask.bit_count() != 2:
            continue
        low = mask & -mask
        x, y = low.bit_length(), (mask ^ low).bit_length()
        holders = grid.digit_cells(x) | grid.digit_cells(y)
        row, column = divmod(start, n)
        along_row = holders & unit_mask[row_units[row]] & ~(1 << start)
        along_column = holders & unit_mask[column_units[column]] & ~(1 << start)
        for across in cells_of(along_row):
            other_column = across % n
            for down in cells_of(along_column):
                other_row = down // n
                if not holders >> (other_row * n + other_column) & 1:
                    continue
                corners = corners_of(n, (row, other_row), (column, other_column))
                key = (corners, mask)
                if key in seen:
                    continue
                seen.add(key)
                if splits_in_two_regions(shape, corners):
                    found.append(Rectangle(corners, x, y))
    return found


def region_word(grid: CandidateGrid) -> str:
    """``"boxes"`` on classic layouts, ``"regions"`` on jigsaw ones."""
    return "boxes" if grid.shape.box else "regions"


def deadly_intro(grid: CandidateGrid, corners: Corners, x: int, y: int) -> str:
    """The uniqueness argument in one sentence, about these corners and digits."""
    return (
        f"{cells_text(corners, grid.size)} form a rectangle over two {region_word(grid)}. "
        f"If all four ended as {symbol(x)} or {symbol(y)}, the two digits could be swapped "
        "and the puzzle would have two solutions; it has one, so that cannot happen. "
    )


def pattern_marks(grid: CandidateGrid, corners: Corners, x: int, y: int) -> tuple[Mark, ...]:
    """The corners' ``x`` and ``y`` candidates, or the whole cell where a digit is placed."""
    marks = []
    for cell in corners:
        if grid.values[cell]:
            marks.append(Mark(cell, None, Role.PATTERN))
            continue
        marks.extend(
            Mark(cell, digit, Role.PATTERN)
            for digit in (x, y)
            if grid.cands[cell] >> (digit - 1) & 1
        )
    return tuple(marks)
