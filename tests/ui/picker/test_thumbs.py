"""Puzzle pictures: clues outside the grid (little killer, sandwich) drawn in a margin."""

from __future__ import annotations

import pygame

from game.engine.puzzle import Puzzle
from game.engine.rules import constraints as c
from game.engine.shape import Shape
from game.session.puzzles.library import Sketch
from game.ui.kit import Text
from game.ui.kit.theme import palette_for
from game.ui.picker.thumbs import draw_grid

N = 9


def at(row: int, column: int) -> int:
    return (row - 1) * N + column - 1


def sketch(*rules: c.Constraint) -> Sketch:
    return Sketch.of(Puzzle(Shape.classic(N), (0,) * (N * N), rules))


LITTLE_KILLER = c.LittleKiller(tuple(at(k, k + 1) for k in range(1, 9)), 40)  # clue above
SANDWICH = c.Sandwich(tuple(at(5, k) for k in range(1, 10)), 12)  # clue left of row 5


def inked(picture: pygame.Surface, area: pygame.Rect) -> int:
    """Pixels in ``area`` that are not the picture's transparent key."""
    key = picture.get_colorkey()
    pixels = [(x, y) for x in range(area.left, area.right) for y in range(area.top, area.bottom)]
    return len([at for at in pixels if picture.get_at(at) != key])


def test_outside_clues_get_a_margin_and_are_drawn_in_it() -> None:
    text, palette = Text(), palette_for("light")
    plain = draw_grid(sketch(), 400, palette, text)
    clued = draw_grid(sketch(LITTLE_KILLER, SANDWICH), 400, palette, text)
    assert clued.get_width() <= 400 and clued.get_height() == clued.get_width()
    assert clued.get_colorkey() is not None and plain.get_colorkey() is None
    cell = (clued.get_width() - 3) // (N + 1)  # one cell of room (top and left)
    top = pygame.Rect(cell, 0, cell * N, cell)  # above the grid: the little killer's sum
    left = pygame.Rect(0, cell, cell, cell * N)  # left of it: the sandwich's
    assert inked(clued, top) > 20 and inked(clued, left) > 20
    corner = pygame.Rect(0, 0, cell - 2, cell - 2)  # no clue there: transparent
    assert inked(clued, corner) == 0


def test_a_picture_too_small_to_read_clues_leaves_them_out() -> None:
    text, palette = Text(), palette_for("light")
    small = draw_grid(sketch(LITTLE_KILLER), 60, palette, text)
    assert small.get_colorkey() is None  # the grid alone, as large as it can be
