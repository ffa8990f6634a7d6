"""Whether a position can still be completed, told the same way on every puzzle.

On a puzzle with one solution a move that leaves no way on is a wrong digit, and
the game says so as a mistake.  On a puzzle with several solutions (or one whose
count the solver could not settle) there is no single answer to compare with,
so the solver is asked whether any solution is left: quickly, within a small
budget, since the answer is given as the move is made (with "mark wrong digits at
once") and before a hint leads the player further in.  A budget run out says
nothing rather than something untrue.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import solver
from .rulebook import Rulebook

QUICK_SHARE = 20
"""The quick check spends this fraction of the solver's default budget (a second on any
size), so it stays within a frame or two when it runs as a move is made."""

NO_WAY_ON = "no solution is left with the digits placed so far"


def cannot_finish(rulebook: Rulebook, grid: Sequence[int], *, unique: bool) -> str | None:
    """Why ``grid`` can no longer be completed ("a cell has no digit left"), or None.

    With ``unique`` only the dead ends a player can see are told (a wrong digit is a
    mistake, told as one); otherwise the solver decides too.  Digits that break a
    rule are None here: they are told as broken rules, which say more.
    """
    position = tuple(grid)
    reason = rulebook.dead_end(position)
    if reason is not None or unique:
        return reason
    if rulebook.conflicts(position) or rulebook.broken(position):
        return None
    rules = rulebook.rules
    budget = solver.work_budget(rules) // QUICK_SHARE
    if solver.settle(rules, position, work=budget).status is solver.Status.NONE:
        return NO_WAY_ON
    return None


def dead_end_words(reason: str) -> str:
    """The sentence for a dead end (the UI adds the undo key after it)."""
    return f"This can't be finished from here: {reason}."
