"""Layout at many window sizes: everything on screen, nothing overlapping, hits exact."""

from __future__ import annotations

import itertools

import pytest

from game.ui.board.layout import ACTIONS, board_layout, note_grid

SIZES = [
    (800, 600),
    (1280, 800),
    (1920, 1080),
    (3840, 2160),
    (900, 1600),
    (3440, 1440),
    (1024, 1024),
    (600, 1000),
]
GRIDS = [4, 6, 9, 16]


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("size", GRIDS)
def test_everything_fits_and_nothing_overlaps(width: int, height: int, size: int) -> None:
    layout = board_layout(width, height, size)
    screen = (0, 0, width, height)
    rects = layout.all_rects()
    for rect in rects:
        assert rect.w > 0 and rect.h >= 0
        assert rect.x >= 0 and rect.y >= 0, rect
        assert rect.right <= width and rect.bottom <= height, (rect, screen)
    controls = [layout.board.rect, *layout.pad, *layout.actions.values()]
    for a, b in itertools.combinations(controls, 2):
        assert not a.colliderect(b), (a, b)
    assert not layout.status.colliderect(layout.board.rect)
    assert len(layout.pad) == size
    assert set(layout.actions) == set(ACTIONS)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_panel_is_beside_in_landscape_and_below_in_portrait(width: int, height: int) -> None:
    layout = board_layout(width, height, 9)
    if layout.landscape:
        assert layout.panel.left >= layout.board.rect.right
    else:
        assert layout.panel.top >= layout.board.rect.bottom
    if abs(width / height - 1) > 0.1:  # near square, either arrangement may win
        assert layout.landscape == (width > height)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_board_is_the_hero(width: int, height: int) -> None:
    layout = board_layout(width, height, 9)
    side = layout.board.side
    assert side >= 0.58 * min(width, height)
    assert layout.board.cell >= 40  # readable digits even at 800x600


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("size", GRIDS)
def test_every_cell_and_button_hit_tests_to_itself(width: int, height: int, size: int) -> None:
    layout = board_layout(width, height, size)
    board = layout.board
    for cell in range(size * size):
        rect = board.cell_rect(cell)
        for point in (rect.center, rect.topleft, (rect.right - 1, rect.bottom - 1)):
            assert board.cell_at(point) == cell
    for digit, rect in enumerate(layout.pad, 1):
        assert layout.button_at(rect.center) == digit
    for name, rect in layout.actions.items():
        assert layout.button_at(rect.center) == name
    assert board.cell_at((board.x - 1, board.y)) is None
    assert layout.button_at((0, 0)) is None


@pytest.mark.parametrize("size", GRIDS)
def test_note_spots_are_fixed_per_digit_and_hit_test(size: int) -> None:
    board = board_layout(1280, 800, size).board
    rows, columns = note_grid(size)
    assert rows * columns >= size
    for cell in (0, size * size - 1):
        spots = [board.note_rect(cell, d) for d in range(1, size + 1)]
        for a, b in itertools.combinations(spots, 2):
            assert not a.colliderect(b)
        for digit, spot in enumerate(spots, 1):
            assert board.cell_rect(cell).contains(spot)
            assert board.note_at(spot.center) == (cell, digit)


def test_note_grids_follow_the_boxes() -> None:
    assert note_grid(9) == (3, 3)
    assert note_grid(4) == (2, 2)
    assert note_grid(6) == (2, 3)
    assert note_grid(16) == (4, 4)
