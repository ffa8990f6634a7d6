"""A step drawn on its own position, into any rectangle: the board's hint picture, anywhere.

The board draws a hint over the game it shows; the technique reference draws an
example step on the position it comes from, at whatever size the page leaves.
Both go through the same pieces: the cell looks of :func:`~.looks.step_looks`
(the marks, strikes and targets of :mod:`.looks`), the tiles and grid lines of a
:class:`~.board_view.BoardView`, the constraints of the position's rule set by the
board's rule layer (:mod:`.rules`: cages, lines, dots, clues outside), and the links and outlines of
:func:`~.deduction_view.draw_deduction`.  So an example looks exactly as the same
step would as a hint, and nothing here draws a cell itself.
"""

from __future__ import annotations

import pygame

from ...engine.logic.grid import CandidateGrid
from ...engine.logic.step import Step
from ..kit import Palette, Text
from .deduction_view import draw_deduction
from .layout import BoardGeometry
from .looks import step_looks
from .picture import grid_in
from .rules import RuleMarks, rule_marks
from .view import BoardView


class StepPicture:
    """Draws steps on positions; keeps its board view (tiles, lines) between frames."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.view = BoardView(text)

    def geometry(
        self, rect: pygame.Rect, size: int, marks: RuleMarks | None = None
    ) -> BoardGeometry:
        """Where a grid of ``size`` goes inside ``rect`` (its border included, and the
        room of clues outside it that ``marks``, the constraints' layer, holds)."""
        return grid_in(rect, size, marks)

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        position: CandidateGrid,
        step: Step,
        palette: Palette,
    ) -> pygame.Rect:
        """Draw ``step`` on ``position`` as large as fits ``rect``; the rectangle drawn."""
        marks = _rules_of(position)
        geometry = self.geometry(rect, position.size, marks)
        view = self.view
        view.configure(geometry, position.shape, palette)
        view.set_rules(marks)
        looks = step_looks(position, step, marks)
        view.draw(surface, looks)
        if step.links or step.areas:
            draw_deduction(surface, step, geometry, palette, self.text, looks)
        return view.screen_rect


def _rules_of(position: CandidateGrid) -> RuleMarks | None:
    """What the position's constraints draw (cages, lines, dots, clues), as the board
    draws them; None for a position without constraints."""
    rules = position.rules
    if rules is None or not rules.constraints:
        return None
    return rule_marks(rules.constraints, position.size)
