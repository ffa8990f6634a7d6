"""Drawing cells from looks: partial redraws give the same pixels as full ones."""

from __future__ import annotations

import pygame
import pytest

from game.engine.logic.step import Role, Step
from game.engine.shape import Shape
from game.ui.board.layout import board_layout
from game.ui.board.looks import CellLook, Fill
from game.ui.board.view import NEW_TILES, BoardView, board_pad
from game.ui.kit.text import Text
from game.ui.kit.theme import DARK, LIGHT

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


def test_a_deduction_outlines_its_areas_and_joins_grouped_ends() -> None:
    from game.engine.logic.step import Area, AreaKind, Link
    from game.ui.board.deduction_view import area_colour, draw_deduction

    shape = Shape.classic(9)
    layout = board_layout(1280, 800, 9)
    geometry = layout.board
    surface = pygame.Surface((1280, 800))
    surface.fill((255, 255, 255))
    als = Area((0, 1, 2), AreaKind.ALS, 0, 0b111, "A")
    cover = Area((9, 18), AreaKind.COVER, 0, 0, "cover c1")
    link = Link((3, 5), (12, 5), True, (3, 4, 5), ())
    step = Step("test", eliminations=((40, 1),), areas=(als, cover), links=(link,))
    draw_deduction(surface, step, geometry, LIGHT, Text())
    # The ALS's outline runs along the top edge of r1c2, just inside the cell (in the
    # margin above its notes).
    top = geometry.cell_rect(1)
    width = max(2, geometry.cell // 18)
    y = top.y + max(1, width // 2) + width // 2
    assert surface.get_at((top.centerx, y))[:3] == area_colour(als, LIGHT)
    # No line across the inside of the set (between r1c1 and r1c2).
    inside = geometry.cell_rect(0).right
    assert surface.get_at((inside, top.centery))[:3] == (255, 255, 255)
    assert shape.cells == 81


def test_a_step_ahead_is_drawn_on_its_own_position() -> None:
    from game.engine.logic.grid import CandidateGrid
    from game.engine.puzzle import Puzzle
    from game.session.board import HintMarks, PlayView
    from game.session.play import Game
    from game.ui.board.looks import ViewState, cell_looks

    puzzle = Puzzle.from_string(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    )
    game = Game(puzzle)
    position = CandidateGrid.from_grid(puzzle.shape, puzzle.givens).apply([(2, 4)])
    step = Step("Naked Single", placements=((3, 6),))
    marks = HintMarks(step, full=True, position=position, ahead=1)
    view = ViewState(PlayView(cursor=40, hint=marks))
    looks = cell_looks(game, view)
    assert looks[2].digit == 4 and looks[2].preview  # placed by the earlier step
    assert looks[5].notes == position.cands[5]  # that position's candidates
    assert all(look.fill.name != "PEER" for look in looks)  # the selection steps aside


def _many_looks(shape: Shape) -> list[CellLook]:
    """A distinct look per cell: notes of a different mask everywhere."""
    return [CellLook(notes=cell + 1) for cell in range(shape.cells)]


def test_a_frame_draws_a_bounded_number_of_new_tiles_and_the_rest_follow() -> None:
    shape = Shape.classic(25)
    layout = board_layout(1280, 800, 25)
    looks = _many_looks(shape)
    whole = BoardView(Text())
    whole.configure(layout.board, shape, LIGHT)
    whole.draw(pygame.Surface((1280, 800)), looks)  # pictures are drawn whole at once
    assert not whole.pending
    spread = BoardView(Text())
    spread.configure(layout.board, shape, LIGHT)
    frames = 0
    while True:
        spread.update(looks)
        frames += 1
        assert len(spread._tiles) <= frames * NEW_TILES
        if not spread.pending:
            break
    assert frames == -(-shape.cells // NEW_TILES)
    assert spread._board is not None and whole._board is not None
    assert pygame.image.tobytes(spread._board, "RGB") == pygame.image.tobytes(whole._board, "RGB")


def test_resizing_a_big_board_splits_its_lines_per_cell_as_before() -> None:
    """The per-cell line parts, found by division, are what testing every pair found."""
    for size, regions in ((25, None), (9, JIGSAW)):
        shape = Shape.classic(size) if regions is None else Shape.from_regions(regions)
        view = BoardView(Text())
        view.configure(board_layout(3840, 2160, shape.size).board, shape, DARK)
        for cell in range(shape.cells):
            area = view._cell_area(cell)
            expected = [
                (rect.clip(area), colour)
                for rect, colour in view._segments
                if rect.colliderect(area)
            ]
            assert view._cell_segments[cell] == expected, cell
