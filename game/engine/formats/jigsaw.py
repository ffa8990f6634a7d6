"""Jigsaw region layouts in text: validation that points at the bad cell, and layout-or-values.

Files write a layout as one label per cell (``0-8``, ``1-9``, ``A-I``, ``a-i``, ...).
Labels are arbitrary: layouts are compared as partitions (see
:meth:`Shape.from_regions`).  Several formats put a layout block and a values block
side by side; this module decides which is which *by content*, never by position
alone, so one is never read as the other:

- a *layout* has ``N`` labels each used exactly ``N`` times (it is *balanced*), and
  each label's cells are orthogonally connected;
- a *values* block has empty cells (``.``) or repeats digits as a layout never
  could; a complete solution grid is balanced too, but its digits are *scattered*
  (no two equal digits touch), which no region is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import Enum

from ..errors import InvalidPuzzleError
from ..shape import Shape
from .cells import Locate

_NOT_LABELS = frozenset(".*-_")


def is_balanced(labels: Sequence[str], size: int) -> bool:
    """Whether ``size`` distinct labels are used exactly ``size`` times each."""
    counts = Counter(labels)
    return len(counts) == size and all(count == size for count in counts.values())


def is_scattered(labels: Sequence[str], size: int) -> bool:
    """Whether no two orthogonal neighbours share a label (a solution grid, not a layout)."""
    for cell, label in enumerate(labels):
        row, column = divmod(cell, size)
        if column + 1 < size and labels[cell + 1] == label:
            return False
        if row + 1 < size and labels[cell + size] == label:
            return False
    return True


def is_layout(labels: Sequence[str], size: int) -> bool:
    """Whether ``labels`` is a valid layout: balanced, every region connected."""
    return is_balanced(labels, size) and problem_cell(labels, size) is None


def looks_like_labels(labels: Sequence[str], size: int) -> bool:
    """Whether a block *tries* to be a layout (so its problems are layout problems).

    True when it has no empty marks and either is balanced without being scattered,
    holds letters (for ``size <= 9``, where letters are no digits), or repeats a
    character other than ``0`` within a row (values never repeat a digit in a row).
    """
    if any(label in _NOT_LABELS for label in labels):
        return False
    if is_balanced(labels, size):
        return not is_scattered(labels, size)
    if size <= 9 and any(label.isascii() and label.isalpha() for label in labels):
        return True
    for start in range(0, len(labels), size):
        row = [label for label in labels[start : start + size] if label != "0"]
        if len(set(row)) < len(row):
            return True
    return False


def problem_cell(labels: Sequence[str], size: int) -> int | None:
    """The first cell of the first bad region, in the order :meth:`Shape.from_regions` checks.

    A region of the wrong size is pointed at by its first cell; a region in pieces
    by the first cell of its smallest piece (the stray cells, most likely a typo).
    None when every region is fine or the problem is the layout as a whole (the
    number of regions).
    """
    members: dict[str, list[int]] = {}
    for cell, label in enumerate(labels):
        members.setdefault(label, []).append(cell)
    if len(members) != size:
        return None
    for cells in members.values():
        if len(cells) != size:
            return cells[0]
        todo = set(cells)
        pieces: list[tuple[int, int]] = []  # (cells in the piece, its first cell)
        while todo:
            piece = _piece(min(todo), todo, size)
            pieces.append((len(piece), min(piece)))
            todo -= piece
        if len(pieces) > 1:
            return min(pieces)[1]
    return None


def _piece(start: int, cells: set[int], size: int) -> set[int]:
    """The cells of ``cells`` orthogonally connected to ``start``."""
    reached = {start}
    stack = [start]
    while stack:
        cell = stack.pop()
        row, column = divmod(cell, size)
        for nrow, ncol in (
            (row - 1, column),
            (row + 1, column),
            (row, column - 1),
            (row, column + 1),
        ):
            neighbour = nrow * size + ncol
            inside = 0 <= nrow < size and 0 <= ncol < size
            if inside and neighbour in cells and neighbour not in reached:
                reached.add(neighbour)
                stack.append(neighbour)
    return reached


def layout_shape(labels: Sequence[str], size: int, where: Locate, line: int | None = None) -> Shape:
    """The shape of a layout, or :class:`InvalidPuzzleError` located at the bad region.

    ``line`` locates problems of the layout as a whole (its first line).
    """
    try:
        return Shape.from_regions(list(labels), size)
    except InvalidPuzzleError as error:
        cell = problem_cell(labels, size) if len(labels) == size * size else None
        at_line, column = where(cell) if cell is not None else (line, None)
        raise InvalidPuzzleError(error.reason, line=at_line, column=column) from None


class Order(Enum):
    """Which of two blocks of a jigsaw file is the layout."""

    REGIONS_FIRST = "regions first"
    VALUES_FIRST = "values first"
    NO_LAYOUT = "no layout"


def block_order(first: Sequence[str], second: Sequence[str], size: int) -> Order:
    """Decide by content which block is the layout.

    Returns :attr:`Order.NO_LAYOUT` when both blocks are values (two plain grids).
    When one block tries to be a layout and fails, returns the order that makes it
    the layout, so that building the shape reports its exact problem.
    """
    if is_layout(first, size):
        return Order.REGIONS_FIRST
    first_labels = looks_like_labels(first, size)
    if is_layout(second, size) and not first_labels:
        return Order.VALUES_FIRST
    if first_labels:
        return Order.REGIONS_FIRST
    if looks_like_labels(second, size):
        return Order.VALUES_FIRST
    return Order.NO_LAYOUT
