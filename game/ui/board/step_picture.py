"""A step drawn on its own position, into any rectangle: the board's hint picture, anywhere.

The board draws a hint over the game it shows; the technique reference draws an
example step on the position it comes from, at whatever size the page leaves.
Both go through the same pieces: the cell looks of :func:`~.looks.step_looks`
(the marks, strikes and targets of :mod:`.looks`), the tiles and grid lines of a
:class:`~.board_view.BoardView`, and the links and outlines of
:func:`~.deduction_view.draw_deduction`.  So an example looks exactly as the same
step would as a hint, and nothing here draws a cell itself.
"""

from __future__ import annotations

import pygame

from ...engine.logic.grid import CandidateGrid
from ...engine.logic.step import Step
from ..kit import Palette, Text
from .deduction_view import draw_deduction
from .layout import BoardGeometry, geometry_in
from .looks import step_looks
from .view import BoardView


class StepPicture:
    """Draws steps on positions; keeps its board view (tiles, lines) between frames."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.view = BoardView(text)

    def geometry(self, rect: pygame.Rect, size: int) -> BoardGeometry:
        """Where a grid of ``size`` goes inside ``rect`` (its border included)."""
        return geometry_in(rect, size)

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        position: CandidateGrid,
        step: Step,
        palette: Palette,
    ) -> pygame.Rect:
        """Draw ``step`` on ``position`` as large as fits ``rect``; the rectangle drawn."""
        geometry = self.geometry(rect, position.size)
        view = self.view
        view.configure(geometry, position.shape, palette)
        looks = step_looks(position, step)
        view.draw(surface, looks)
        if step.links or step.areas:
            draw_deduction(surface, step, geometry, palette, self.text, looks)
        return view.screen_rect
