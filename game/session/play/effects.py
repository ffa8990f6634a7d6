"""What a player action did, or why it did nothing: the value every move of a game returns.

A move that changes nothing because the rules forbid it is *refused*: the reason is
a :class:`Refusal`, and its words are written once, in :data:`REFUSALS`, so keys,
clicks and typed moves all hear the same sentence.  A move that finds nothing to do
(erasing an empty cell, undo at the start) is not a refusal: it simply says so.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ...engine.types import Cell, Unit


class Offer(enum.Enum):
    """A key the status line suggests after a message; the UI names the key bound."""

    UNDO = "undo"  # "Press Ctrl+Z to take it back."
    HINT_AGAIN = "hint"  # "Press H again to see it."


class Refusal(enum.Enum):
    """Why the rules forbid a move (its words are in :data:`REFUSALS`)."""

    SHOWN = "shown"  # the solution is on the board
    PAUSED = "paused"
    OVER = "over"  # the game ended (lost, solved, left)
    LOST = "lost"  # undo after the mistake limit ended the game
    SOLVED = "solved"  # undo after the puzzle was solved
    LEFT = "left"  # undo in a game left for another one
    NO_CELL = "no-cell"
    GIVEN = "given"
    NOT_A_DIGIT = "not-a-digit"
    PEER_HOLDS = "peer-holds"  # "block rule breaking" is on and a peer holds the digit
    BREAKS_RULE = "breaks-rule"  # "block rule breaking" is on and a constraint would break
    NOTES_IN_EMPTY = "notes-in-empty"
    ONLY_GIVENS = "only-givens"
    NO_SINGLE_SOLUTION = "no-single-solution"  # reveal or show the solution without one
    SAVEPOINT_NAME = "savepoint-name"
    SAVEPOINTS_FULL = "savepoints-full"
    NO_SAVEPOINT = "no-savepoint"
    NO_SAVEPOINTS = "no-savepoints"  # go to the latest savepoint before any was set
    SAVEPOINT_GONE = "savepoint-gone"
    NO_CANDIDATE = "no-candidate"  # Ctrl+Shift+digit where the cell has no such candidate


REFUSALS: dict[Refusal, str] = {
    Refusal.SHOWN: "The solution is shown; undo to play on from where you were.",
    Refusal.PAUSED: "The game is paused.",
    Refusal.OVER: "The game is over. {ending}",
    Refusal.LOST: "The game was lost to the mistake limit; Restart plays it again.",
    Refusal.SOLVED: "The puzzle is solved.",
    Refusal.LEFT: "This game was left for another one.",
    Refusal.NO_CELL: "There is no cell {cell} in a {size}×{size} grid.",
    Refusal.GIVEN: "{name} holds a given; it cannot change.",
    Refusal.NOT_A_DIGIT: "{digit} is not a digit of a {size}×{size} grid.",
    Refusal.PEER_HOLDS: "{digit} is already in {clash}, a peer of {name}.",
    Refusal.BREAKS_RULE: "{digit} in {name} would break a rule. {words}",
    Refusal.NOTES_IN_EMPTY: "Notes go in empty cells; erase the digit first.",
    Refusal.ONLY_GIVENS: "Only givens are selected; they cannot change.",
    Refusal.NO_SINGLE_SOLUTION: "This puzzle has no single solution, so no digit to give.",
    Refusal.SAVEPOINT_NAME: "A savepoint needs a name.",
    Refusal.SAVEPOINTS_FULL: "At most {most} savepoints; reuse a name.",
    Refusal.NO_SAVEPOINT: "There is no savepoint “{name}”.",
    Refusal.NO_SAVEPOINTS: "No savepoint yet: set one first.",
    Refusal.SAVEPOINT_GONE: "Savepoint “{name}” was undone away; it is gone.",
    Refusal.NO_CANDIDATE: "{name} has no {digit} candidate to colour: note it first.",
}
"""Every refusal's words (``{…}`` fields filled in by :meth:`Effect.refused`)."""


@dataclass(frozen=True)
class Effect:
    """What an action did, for the UI's feedback (flash, glow, status line).

    ``flash`` lists cells to flash as wrong, already filtered by the settings
    (a clash only with conflicts shown, a wrong digit only with "mark wrong
    digits at once"), so the UI never decides what may be given away.
    """

    changed: bool
    message: str = ""
    error: bool = False  # the message is a refusal or a problem
    mistake: bool = False  # a digit that differs from the solution was placed
    flash: tuple[Cell, ...] = ()
    completed_units: tuple[Unit, ...] = ()  # units this action filled correctly
    cells: tuple[Cell, ...] = ()  # cells the action is about
    offer: Offer | None = None
    refusal: Refusal | None = None  # why the rules forbade the move

    @classmethod
    def refused(cls, refusal: Refusal, *, flash: tuple[Cell, ...] = (), **words: object) -> Effect:
        """The move was forbidden for ``refusal`` (``words`` fill in its sentence)."""
        message = REFUSALS[refusal].format(**words)
        return cls(False, message, error=True, flash=flash, refusal=refusal)


@dataclass(frozen=True)
class CheckResult:
    """Entries found wrong, and the sentence that sums it up."""

    wrong: frozenset[int] = field(default_factory=frozenset)
    message: str = ""
    offer: Offer | None = None  # Undo, when the position cannot be finished
