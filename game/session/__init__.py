"""The game session: what a player does to a puzzle, with undo, timer and counters.

Pure Python (never imports pygame), so tests can play a whole game without a window.
The one test for where data lives (from Simon Tatham's puzzles): would a player
expect it to come back on undo?  Entries and notes do (:class:`BoardState`, kept in
the :class:`History`); the clock, the selection, and the mistake and hint counters
do not (they live on :class:`Game`).
"""

from .game import CheckResult, Game, GameStatus, Outcome
from .history import History
from .moves import Move, parse_move
from .settings import Settings
from .state import BoardState

__all__ = [
    "BoardState",
    "CheckResult",
    "Game",
    "GameStatus",
    "History",
    "Move",
    "Outcome",
    "Settings",
    "parse_move",
]
