"""The board screen: the front end of :class:`~game.session.board.Playing`.

The scene (:mod:`.scene`) translates intents through the key table in
:mod:`.commands` and the pointer through :mod:`.hits`, hands them to ``Playing``
and draws the one view value it reads back.  Drawing is split by job:
:mod:`.layout` (every rectangle, from the window size), :mod:`.looks` (what each
cell should look like, as values), :mod:`.view` (looks to pixels, with caches),
:mod:`.panel` and :mod:`.panel_view` (the side panel's model and drawing),
:mod:`.steps_view`, :mod:`.deduction_view`, :mod:`.role_marks`,
:mod:`.step_picture`, :mod:`.animation` and :mod:`.rules` (what a puzzle's constraints
draw).  The cards a game leads to:
:mod:`.win`, :mod:`.lose`, :mod:`.pause`, :mod:`.share` (copy the puzzle, export its
picture: :mod:`.picture`), and the typed-move line
(:mod:`.typed_move`).
"""

from .deduction_view import draw_deduction
from .layout import BoardGeometry, BoardLayout, board_layout
from .looks import CellLook, Fill, hint_parts, region_tints, step_looks
from .panel import legend_of
from .panel_view import LegendItem, draw_legend, legend_size
from .picture import export_picture, givens_looks, puzzle_picture
from .rules import RuleMarks, RulePainter, rule_marks
from .scene import BoardScene
from .share import ShareScene
from .step_picture import StepPicture
from .steps_view import draw_explanation
from .view import BoardView

__all__ = [
    "BoardGeometry",
    "BoardLayout",
    "BoardScene",
    "BoardView",
    "CellLook",
    "Fill",
    "LegendItem",
    "RuleMarks",
    "RulePainter",
    "ShareScene",
    "StepPicture",
    "board_layout",
    "draw_deduction",
    "draw_explanation",
    "draw_legend",
    "export_picture",
    "givens_looks",
    "hint_parts",
    "legend_of",
    "legend_size",
    "puzzle_picture",
    "region_tints",
    "rule_marks",
    "step_looks",
]
