"""The rule layer of the board: what a puzzle's constraints draw, and how.

:mod:`.marks` turns constraints into mark values (pure geometry, cached per puzzle and
set of broken rules); :mod:`.paint` draws them at a geometry and palette.  The board
view puts the cell marks in each cell's tile, the edge marks over the grid lines and
the outside clues round the grid.
"""

from .marks import (
    SPOTS,
    CellMarks,
    End,
    LinePart,
    OutsideClue,
    PointMark,
    RuleMarks,
    rule_marks,
)
from .paint import RulePainter

__all__ = [
    "SPOTS",
    "CellMarks",
    "End",
    "LinePart",
    "OutsideClue",
    "PointMark",
    "RuleMarks",
    "RulePainter",
    "rule_marks",
]
