"""How a game in progress stands, and every way it can change: one table.

A game is in exactly one :class:`Phase`.  Phases change only through
:func:`advance`, which looks the (phase, event) pair up in :data:`TRANSITIONS`; an
event the table does not list for the phase is refused (:class:`PhaseError`),
so no corner of the code can end, revive or pause a game in a way the table
does not show.

==========  =====================  ==========  ==========================================
from        event                  to          when
==========  =====================  ==========  ==========================================
PLAYING     PAUSE                  PAUSED      pause card, focus loss, minimise
PAUSED      RESUME                 PLAYING
PLAYING     COMPLETE               SOLVED      a move fills the grid and it is right
PLAYING     LIMIT_REACHED          LOST        a *new* mistake reaches the mistake limit
PLAYING     SHOW_SOLUTION          SHOWN       the player gives up (Solve)
PAUSED      SHOW_SOLUTION          SHOWN
LOST        SHOW_SOLUTION          LOST        the answer shown after a loss (still final)
SHOWN       HIDE_SOLUTION          PLAYING     Undo of the Solve move
PLAYING     ABANDON                ABANDONED   another game started over an unfinished one
PAUSED      ABANDON                ABANDONED
SHOWN       ABANDON                ABANDONED   (Undo could still have revived it)
==========  =====================  ==========  ==========================================

Deliberately absent: a dead end (a position with no way to finish) is not an
ending.  The player hears of it when they ask (Check, Hint) or, with "mark wrong
digits at once" on, as a quiet message after the move; undo takes it back.
SOLVED, LOST and ABANDONED are final: nothing leads out of them (Restart after a
loss starts the puzzle afresh as a new game).  Showing the solution is recorded
for good (``Game.solution_seen``): Undo may bring the position back and the game
goes on, but it can never again count as a clean win.
"""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    """Where a game stands (see the module's table)."""

    PLAYING = "playing"
    PAUSED = "paused"
    SOLVED = "solved"  # complete and right; a win if the game is clean (Game.clean)
    LOST = "lost"  # a mistake reached the mistake limit
    SHOWN = "shown"  # the solution is on the board
    ABANDONED = "abandoned"  # left unfinished for another game

    @property
    def over(self) -> bool:
        """Whether the game has ended (moves are refused until Undo revives a SHOWN game)."""
        return self not in (Phase.PLAYING, Phase.PAUSED)

    @property
    def final(self) -> bool:
        """Whether nothing can bring the game back to play."""
        return self in (Phase.SOLVED, Phase.LOST, Phase.ABANDONED)


class Event(enum.Enum):
    """What can happen to a game's phase."""

    PAUSE = "pause"
    RESUME = "resume"
    COMPLETE = "complete"
    LIMIT_REACHED = "limit-reached"
    SHOW_SOLUTION = "show-solution"
    HIDE_SOLUTION = "hide-solution"
    ABANDON = "abandon"


class PhaseError(ValueError):
    """An event that the phase does not allow (a bug in the caller, never the player's)."""


TRANSITIONS: dict[tuple[Phase, Event], Phase] = {
    (Phase.PLAYING, Event.PAUSE): Phase.PAUSED,
    (Phase.PAUSED, Event.RESUME): Phase.PLAYING,
    (Phase.PLAYING, Event.COMPLETE): Phase.SOLVED,
    (Phase.PLAYING, Event.LIMIT_REACHED): Phase.LOST,
    (Phase.PLAYING, Event.SHOW_SOLUTION): Phase.SHOWN,
    (Phase.PAUSED, Event.SHOW_SOLUTION): Phase.SHOWN,
    (Phase.LOST, Event.SHOW_SOLUTION): Phase.LOST,
    (Phase.SHOWN, Event.HIDE_SOLUTION): Phase.PLAYING,
    (Phase.PLAYING, Event.ABANDON): Phase.ABANDONED,
    (Phase.PAUSED, Event.ABANDON): Phase.ABANDONED,
    (Phase.SHOWN, Event.ABANDON): Phase.ABANDONED,
}
"""The whole state machine: (phase, event) -> next phase."""


def allows(phase: Phase, event: Event) -> bool:
    """Whether ``event`` may happen in ``phase``."""
    return (phase, event) in TRANSITIONS


def advance(phase: Phase, event: Event) -> Phase:
    """The phase after ``event``; :class:`PhaseError` if the table does not allow it."""
    try:
        return TRANSITIONS[(phase, event)]
    except KeyError:
        raise PhaseError(f"{event.value} is not possible when the game is {phase.value}") from None


def settled(claimed: Phase, solved: bool, shown: bool, mistakes: int) -> Phase:
    """The phase a saved game's board and moves support, given the one the save claims
    (``solved``: the grid is complete and right; ``shown``: the last move applied is
    Solve; ``mistakes``: how many were counted).

    - A complete, right grid: SHOWN if it was shown (LOST if the save says the game
      was lost first), else SOLVED: the game ended when that grid was filled,
      whatever the file says.
    - Anything else cannot be solved or shown: SOLVED or SHOWN become PLAYING (the
      file lied; play goes on from the board as it is).
    - LOST is kept only with a mistake counted (the limit in force when the game was
      lost is not saved); ABANDONED is kept (it can only stop play).
    """
    if solved:
        if shown:
            return Phase.LOST if claimed is Phase.LOST and mistakes else Phase.SHOWN
        return Phase.SOLVED
    if claimed is Phase.LOST:
        return Phase.LOST if mistakes else Phase.PLAYING
    if claimed is Phase.ABANDONED:
        return Phase.ABANDONED
    return Phase.PLAYING
