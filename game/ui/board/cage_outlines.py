"""Killer cages over a drawn grid: a dashed outline inset in the cells, the sum in the
first cell's corner on a patch of its own.

A stand-in for the board's own drawing of constraints, for the two pictures that
need cages before the board draws them: *Enter a puzzle* and the exported picture.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from ...engine.rules import Cage
from ..kit import Colour, Text
from .layout import BoardGeometry


def draw_cages(
    surface: pygame.Surface,
    geometry: BoardGeometry,
    cages: Iterable[Cage],
    ink: Colour,
    paper: Colour,
    text: Text,
) -> None:
    """Draw each cage of ``cages`` on ``surface`` over the grid at ``geometry``."""
    cell = geometry.cell
    inset = max(2, round(cell * 0.09))
    width = max(1, round(cell / 40))
    dash = max(3, round(cell * 0.08))
    size = max(12, round(cell * 0.22))  # 12 px: the floor for text a player reads
    for cage in cages:
        members = set(cage.members)
        for member in cage.members:
            for start, end in _edges(geometry, member, members, inset):
                _dashed(surface, ink, start, end, width, dash)
        if cage.total is not None:
            first = geometry.cell_rect(min(cage.members))
            label = text.render(str(cage.total), size, ink)
            spot = label.get_rect(topleft=(first.x + inset // 2 + 1, first.y + inset // 2))
            surface.fill(paper, spot.inflate(2, 0))
            surface.blit(label, spot)


def _edges(
    geometry: BoardGeometry, cell: int, members: set[int], inset: int
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The outline's pieces along ``cell``'s sides that face no other member.

    Each piece runs inset from the side; where the outline goes on into a member
    beside it, the piece reaches the cell's edge to meet that member's piece.
    """
    n = geometry.size
    row, column = divmod(cell, n)
    rect = geometry.cell_rect(cell)

    def inside(r: int, c: int) -> bool:
        return 0 <= r < n and 0 <= c < n and r * n + c in members

    left = rect.left if inside(row, column - 1) else rect.left + inset
    right = rect.right - 1 if inside(row, column + 1) else rect.right - 1 - inset
    top = rect.top if inside(row - 1, column) else rect.top + inset
    bottom = rect.bottom - 1 if inside(row + 1, column) else rect.bottom - 1 - inset
    pieces = []
    if not inside(row - 1, column):
        pieces.append(((left, rect.top + inset), (right, rect.top + inset)))
    if not inside(row + 1, column):
        pieces.append(((left, rect.bottom - 1 - inset), (right, rect.bottom - 1 - inset)))
    if not inside(row, column - 1):
        pieces.append(((rect.left + inset, top), (rect.left + inset, bottom)))
    if not inside(row, column + 1):
        pieces.append(((rect.right - 1 - inset, top), (rect.right - 1 - inset, bottom)))
    # An inner corner (both sides towards it in the cage, the cell across not): the
    # outline turns there, inset, in this cell.
    xs = {-1: (rect.left, rect.left + inset), 1: (rect.right - 1 - inset, rect.right - 1)}
    ys = {-1: (rect.top, rect.top + inset), 1: (rect.bottom - 1 - inset, rect.bottom - 1)}
    for dr in (-1, 1):
        for dc in (-1, 1):
            turns = inside(row + dr, column) and inside(row, column + dc)
            if turns and not inside(row + dr, column + dc):
                x = rect.left + inset if dc < 0 else rect.right - 1 - inset
                y = rect.top + inset if dr < 0 else rect.bottom - 1 - inset
                pieces.append(((xs[dc][0], y), (xs[dc][1], y)))
                pieces.append(((x, ys[dr][0]), (x, ys[dr][1])))
    return pieces


def _dashed(
    surface: pygame.Surface,
    colour: Colour,
    start: tuple[int, int],
    end: tuple[int, int],
    width: int,
    dash: int,
) -> None:
    """A dashed straight line (horizontal or vertical), dashes counted from the grid's
    origin so that neighbouring pieces continue one pattern."""
    (x0, y0), (x1, y1) = start, end
    horizontal = y0 == y1
    low, high = (x0, x1) if horizontal else (y0, y1)
    for k in range(low // dash, high // dash + 1, 1):
        if k % 2:
            continue
        a, b = max(low, k * dash), min(high, k * dash + dash - 1)
        if a > b:
            continue
        if horizontal:
            surface.fill(colour, (a, y0 - width // 2, b - a + 1, width))
        else:
            surface.fill(colour, (x0 - width // 2, a, width, b - a + 1))
