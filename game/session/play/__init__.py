"""The game in progress: the position, its history and the referee.

:class:`Game` (:mod:`.game`) holds a puzzle's position in a :class:`History` of
frozen :class:`BoardState` values and the :class:`Move` that made each, and
referees it: the :class:`Phase` table (:mod:`.phase`), mistakes and their limit,
completion, and the :class:`HelpLedger` of help given (:mod:`.help_ledger`,
saved with the game).  Every action returns an :class:`Effect` (or a
:class:`Refusal` in words, :mod:`.effects`).  :mod:`.checker` answers Check,
:mod:`.guesses` keeps the what-if branch, :mod:`.bookmarks` the savepoints and
:mod:`.rewind` finds the first mistake.  :class:`Rulebook` (:mod:`.rulebook`)
applies the puzzle's rule set to positions: repeats in every house, the
constraints a position breaks (:class:`Broken`, what the board marks), refusals,
candidates and the win; ``game.on_board`` (:mod:`.on_board`) asks it about the
position the game shows now.  The :class:`Settings` in force
(:mod:`.settings`) and the puzzle's kind and origin (:mod:`.puzzle_kind`) live
here because the game reads them and everything above it shares them.
"""

from ...engine.solver import Status
from .effects import CheckResult, Effect, Offer, Refusal
from .game import Game
from .help_ledger import Counters, HelpLedger
from .history import History
from .moves import Move, parse_move
from .phase import Phase
from .puzzle_kind import Difficulty, Origin, PuzzleKind, Variant, kind_name
from .rulebook import Broken, Rulebook
from .settings import MISTAKE_LIMITS, VOLUMES, InputMode, Settings, Theme
from .state import BoardState, NoteKind, candidate_colour

__all__ = [
    "MISTAKE_LIMITS",
    "VOLUMES",
    "BoardState",
    "Broken",
    "CheckResult",
    "Counters",
    "Difficulty",
    "Effect",
    "Game",
    "HelpLedger",
    "History",
    "InputMode",
    "Move",
    "NoteKind",
    "Offer",
    "Origin",
    "Phase",
    "PuzzleKind",
    "Refusal",
    "Rulebook",
    "Settings",
    "Status",
    "Theme",
    "Variant",
    "candidate_colour",
    "kind_name",
    "parse_move",
]
