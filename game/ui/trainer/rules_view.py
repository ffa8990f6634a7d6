"""A variant's constraints on trainer boards and technique pictures, through the
board's own rule layer (:mod:`game.ui.board.rules`): cages with their sums (notes laid
out below them), thermometers, arrows, dots, X and V, drawn as the game draws them.

The trainer and the reference pages draw a position, not a game, so they ask here for
the position's rule marks, put each cell's marks in its look, and give the board view
the marks over the lines and a geometry whose labelled cells keep their notes clear of
the cage sums.  A position without constraints draws as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from ...engine.logic.grid import CandidateGrid
from ...engine.logic.step import Step
from ...engine.puzzle import Puzzle
from ...session.play import PuzzleKind
from ..board import (
    BoardGeometry,
    BoardView,
    CellLook,
    RuleMarks,
    draw_deduction,
    rule_marks,
    step_looks,
)
from ..kit import Palette, Text


def position_kind(position: CandidateGrid) -> PuzzleKind:
    """The kind of puzzle a position belongs to, its rules included: ``Killer 9×9``."""
    rules = position.rules
    shape = position.shape
    if rules is None or not rules.constraints:
        return PuzzleKind.of(shape, None)
    return PuzzleKind.of(Puzzle(shape, (0,) * shape.cells, rules.constraints), None)


def position_rules(position: CandidateGrid) -> RuleMarks | None:
    """What the position's constraints draw (None without constraints); cached."""
    rules = position.rules
    if rules is None or not rules.constraints:
        return None
    return rule_marks(rules.constraints, position.size)


def ruled_geometry(geometry: BoardGeometry, marks: RuleMarks | None) -> BoardGeometry:
    """``geometry`` with the cells that hold a cage sum labelled (their notes go below)."""
    if marks is None:
        return geometry
    labelled = frozenset(i for i, m in enumerate(marks.cells) if m is not None and m.labelled)
    return replace(geometry, labelled=labelled)


def with_rules(looks: Sequence[CellLook], marks: RuleMarks | None) -> tuple[CellLook, ...]:
    """Each cell's look with what the constraints draw in it."""
    if marks is None:
        return tuple(looks)
    return tuple(replace(look, rules=marks.cells[i]) for i, look in enumerate(looks))


def draw_ruled_step(
    surface: pygame.Surface,
    view: BoardView,
    geometry: BoardGeometry,
    position: CandidateGrid,
    step: Step,
    palette: Palette,
    text: Text,
) -> None:
    """A step drawn on its position with the position's rules, as the board draws a
    hint on a variant (the technique pages' picture)."""
    marks = position_rules(position)
    geometry = ruled_geometry(geometry, marks)
    view.configure(geometry, position.shape, palette)
    view.set_rules(marks)
    view.draw(surface, with_rules(step_looks(position, step), marks))
    if step.links or step.areas:
        draw_deduction(surface, step, geometry, palette, text)
