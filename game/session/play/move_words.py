"""What the player reads after a move: the words for notes and applied steps, in one place.

Kept apart from :class:`~.game.Game` so the referee holds rules, not English; each
function takes plain values and returns one sentence.
"""

from __future__ import annotations

from ...engine.logic.step import Step
from ...engine.symbols import cell_name, symbol
from ...engine.types import Digit
from .phase import Phase
from .state import NoteKind


def note_words(kind: NoteKind, digit: Digit, added: bool, where: str) -> str:
    """``Note 5 added in r1c2.``, ``Corner note 5 removed from 3 cells.``"""
    what = {
        NoteKind.CANDIDATE: "Note",
        NoteKind.CORNER: "Corner note",
        NoteKind.CENTRE: "Centre note",
    }
    return f"{what[kind]} {symbol(digit)} {'added in' if added else 'removed from'} {where}."


def step_words(step: Step, size: int) -> str:
    """``Naked Single: 7 in r2c2.``, ``X-Wing: 4 candidates removed.``"""
    parts = []
    if len(step.placements) == 1:
        cell, digit = step.placements[0]
        parts.append(f"{symbol(digit)} in {cell_name(cell, size)}")
    elif step.placements:
        parts.append(f"{len(step.placements)} digits placed")
    count = len(step.eliminations)
    if count:
        parts.append(f"{count} candidate{'s' if count != 1 else ''} removed")
    return f"{step.technique}: {' and '.join(parts)}."


def limit_words(mistakes: int, limit: int) -> str:
    """``You made 3 mistakes; the limit is 3.`` (the ending of a game lost to the limit)."""
    made = f"You made {mistakes} mistake{'s' if mistakes != 1 else ''}"
    if not limit:
        return f"{made}."
    return f"{made}; the limit is {limit}."


ENDINGS = {
    Phase.SHOWN: "You gave up and the solution was shown.",
    Phase.ABANDONED: "Left unfinished for another game.",
}
"""How a game ended, per phase, where the words are fixed."""


def ending_words(phase: Phase, limit_note: str, clean: bool) -> str:
    """Why the game ended, in the player's words ("" while it goes on)."""
    if phase is Phase.LOST:
        return limit_note
    if phase is Phase.SOLVED:
        return "Solved." if clean else "Solved with help."
    return ENDINGS.get(phase, "")
