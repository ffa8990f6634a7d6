"""What the board's mid end answers: the panel's :class:`Mode` and one :class:`Reply`
per action, everything the screen needs to give feedback and redraw.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..play.effects import Effect, Offer


class Mode(enum.Enum):
    """What the board's panel shows, and so what Esc and the buttons do."""

    PLAYING = "playing"  # the pad and the action buttons
    NUDGE = "nudge"  # a hint's first answer (where to look) in the status line
    HINT = "hint"  # the hint card: the deduction drawn, Apply and Close
    STEPS = "steps"  # the step card over the pad and the buttons
    ENDED = "ended"  # the game is over: the buttons rest, Esc leads to the menu


@dataclass(frozen=True)
class Reply:
    """What the player hears of an action, and what it changed on the board."""

    message: str = ""
    error: bool = False
    offer: Offer | None = None
    effect: Effect | None = None
    placed: int | None = None  # the cell a digit just went into (for the feedback)
    won: bool = False  # this action finished the grid by the player's own hand
    filled: tuple[int, ...] = ()  # cells the solution just filled (Solve's animation)

    @classmethod
    def of(cls, effect: Effect, placed: int | None = None) -> Reply:
        return cls(effect.message, effect.error, effect.offer, effect, placed)
