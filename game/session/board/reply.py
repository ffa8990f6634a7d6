"""What the board's mid end answers: the panel's :class:`Mode`, one :class:`Reply`
per action (everything the screen needs to give feedback), and one :class:`PlayView`
(everything the screen draws of the board's state, read at once).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..play.effects import Effect, Offer
from .hints import HintMarks


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


@dataclass(frozen=True)
class PlayView:
    """What the board screen draws of :class:`~.playing.Playing`, as one frozen value
    (:meth:`~.playing.Playing.view`): the screen reads this, never the live fields,
    so a frame never mixes two moments and the screen cannot write back.

    The game itself (digits, notes, phase) is read from the game; this is the
    board's own state around it.
    """

    mode: Mode = Mode.PLAYING
    cursor: int | None = None  # the cell the keys act on
    selection: frozenset[int] = frozenset()  # several cells chosen (empty: the cursor alone)
    notes_mode: bool = False
    digit_first: bool = False  # the input mode: a digit is chosen first, then cells
    active_digit: int = 0  # digit first: the chosen digit; otherwise the last one used
    filter_digit: int = 0  # only this digit's candidates show (0: every candidate)
    bivalue: bool = False  # cells with exactly two candidates are lit
    checked: frozenset[int] = frozenset()  # wrong entries the last Check found, still there
    hint: HintMarks | None = None  # the deduction drawn (the step card's, else the hint's)
    status: Reply = Reply()  # the status line
