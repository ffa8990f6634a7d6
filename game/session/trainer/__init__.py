"""Teaching: the technique trainer's drills and the catalogue of real positions.

:mod:`.drill` prepares a :class:`Round` from a catalogue position, judges the
player's :class:`Answer` and keeps the :class:`Tallies`; :mod:`.exemplars` reads
the catalogue; :mod:`.variations` turns one position into many drills by
symmetries that keep every deduction.
"""

from .drill import Answer, Outcome, Pick, Round, Tallies, Verdict, drill_for, positions, prepare
from .exemplars import examples, techniques_with_examples

__all__ = [
    "Answer",
    "Outcome",
    "Pick",
    "Round",
    "Tallies",
    "Verdict",
    "drill_for",
    "examples",
    "positions",
    "prepare",
    "techniques_with_examples",
]
