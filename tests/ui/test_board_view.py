"""Drawing cells from looks: partial redraws give the same pixels as full ones."""

from __future__ import annotations

import pygame
import pytest

from game.engine.logic.step import Role
from game.engine.shape import Shape
from game.ui.board_view import BoardView, board_pad
from game.ui.layout import board_layout
from game.ui.looks import CellLook, Fill
from game.ui.text import Text
from game.ui.theme import DARK, LIGHT

JIGSAW = "001111222000011222003411122033445552333444555633344558667774588666778888666777788"


@pytest.fixture(autouse=True)
def _window() -> None:
    pygame.display.set_mode((1280, 800))


@pytest.mark.parametrize("shape", [Shape.classic(9), Shape.from_regions(JIGSAW), Shape.classic(6)])
def test_redrawing_one_cell_matches_a_full_redraw(shape: Shape) -> None:
    layout = board_layout(1280, 800, shape.size)
    view = BoardView(Text())
    view.configure(layout.board, shape, LIGHT)
    plain = [CellLook(digit=(c % shape.size) + 1, given=c % 3 == 0) for c in range(shape.cells)]
    view.update(plain)
    board = view._board
    assert board is not None
    reference = pygame.image.tobytes(board, "RGB")
    for cell in range(shape.cells):
        looks = list(plain)
        looks[cell] = CellLook(fill=Fill.SELECTED, notes=0b101, role=Role.FOCUS)
        assert view.update(looks) == 1
        assert view.update(plain) == 1
        assert pygame.image.tobytes(board, "RGB") == reference, f"cell {cell}"


def test_unchanged_looks_redraw_nothing_and_tiles_are_shared() -> None:
    shape = Shape.classic(9)
    view = BoardView(Text())
    view.configure(board_layout(1280, 800, 9).board, shape, DARK)
    looks = [CellLook(digit=5)] * 81
    assert view.update(looks) == 81
    assert view.update(looks) == 0
    assert len(view._tiles) == 1


def test_tiles_land_at_odd_x_for_fast_copies() -> None:
    for width, height in [(800, 600), (1280, 800), (1920, 1080), (3840, 2160), (900, 1600)]:
        for size in (4, 6, 9, 16):
            geometry = board_layout(width, height, size).board
            assert geometry.cell % 2 == 0
            assert board_pad(geometry) % 2 == 1
            assert (geometry.x - board_pad(geometry)) % 2 == 1
