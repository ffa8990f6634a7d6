"""What a puzzle's solution count means for the player, in words.

The count itself is the solver's :class:`~game.engine.solver.Status` (unique,
multiple, none, or undecided when its budget ran out): one type from the engine to
the screen.  This module only says what each means for help and mistakes.
"""

from __future__ import annotations

from ...engine.solver import Status

NO_HELP = "This puzzle has no solution, so there is no logical next step to show."

WARNINGS = {
    Status.NONE: (
        "This puzzle has no solution: its givens contradict each other "
        "somewhere. Hints and Check can only point at broken rules."
    ),
    Status.MULTIPLE: (
        "This puzzle has more than one solution, so some cells can't be "
        "decided by logic. Mistakes aren't counted, and hints stop where logic does."
    ),
    Status.UNDECIDED: (
        "This grid is so open that the solver could not tell in time whether it "
        "has one solution. Mistakes aren't counted, and hints use only the "
        "patterns that hold whatever the solution."
    ),
}
"""What the board tells the player when a game opens, by the count (none: all is well)."""


def no_help(status: Status) -> str:
    """Why logic cannot help at all ("" when it can): a puzzle without a solution."""
    return NO_HELP if status is Status.NONE else ""


def warning(status: Status) -> str:
    """What the board tells the player when the game opens ("" when all is well)."""
    return WARNINGS.get(status, "")
