"""The session: the mid end between the engine and the screen.

A game in progress with its moves, undo and redo, clock, counters, settings in
force and outcome (:mod:`.game`, :mod:`.phase`); what a hint costs; what
autosave keeps and what statistics count (:mod:`.keeper`); where puzzles come
from (:mod:`.sources`, :mod:`.supply`); the hint, step-through and "apply
everywhere" flows; and the picker's model (:mod:`.picker`).  Pure Python (never
imports pygame or the UI; a test enforces it), so tests play whole games
without a window.

The one test for where data lives (from Simon Tatham's puzzles): would a player
expect it to come back on undo?  Entries and notes do (:class:`BoardState`, kept
in the :class:`History`); the clock, the selection, the counters and the phase do
not (they live on :class:`Game`).
"""

from ..engine.solver import Status
from .play.effects import CheckResult, Effect, Offer, Refusal
from .play.game import Game
from .play.help_ledger import Counters, HelpLedger
from .play.history import History
from .play.moves import Move, parse_move
from .play.phase import Phase
from .play.puzzle_kind import Difficulty, Origin, PuzzleKind, Variant
from .play.settings import Settings
from .play.state import BoardState

__all__ = [
    "BoardState",
    "CheckResult",
    "Counters",
    "Difficulty",
    "Effect",
    "Game",
    "HelpLedger",
    "History",
    "Move",
    "Offer",
    "Origin",
    "Phase",
    "PuzzleKind",
    "Refusal",
    "Settings",
    "Status",
    "Variant",
    "parse_move",
]
