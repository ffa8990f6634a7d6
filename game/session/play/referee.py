"""What the game's helpers may ask of the referee: the narrow face of :class:`~.game.Game`.

:class:`~.what_if.WhatIf`, :class:`~.marking.Marking` and :class:`~.assist.Assist`
are parts of a game that build moves and words; the referee alone applies moves,
counts mistakes and decides the phase.  They see it through this protocol (not by
importing :mod:`.game`, which would make an import cycle), so what they may touch
is written down here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ...engine.shape import Shape
from ...engine.types import Cell, Digit, Grid
from .bookmarks import Bookmarks
from .effects import Effect
from .help_ledger import HelpLedger
from .history import History
from .moves import Move, MoveContext
from .on_board import OnBoard
from .phase import Event, Phase
from .settings import Settings
from .state import BoardState


class Referee(Protocol):
    """The position, its history and the rules of play, as the helpers use them."""

    shape: Shape
    givens: tuple[int, ...]
    settings: Settings
    solution: tuple[int, ...] | None
    context: MoveContext
    history: History
    bookmarks: Bookmarks
    help: HelpLedger
    on_board: OnBoard
    _phase: Phase
    _version: int

    @property
    def state(self) -> BoardState: ...

    @property
    def size(self) -> int: ...

    @property
    def grid(self) -> Grid: ...

    def place(self, cell: Cell, digit: Digit) -> Effect: ...

    def redo(self) -> Effect: ...

    def _refuse_over(self) -> Effect | None: ...

    def _refuse_cell(self, cell: int) -> Effect | None: ...

    def _refuse_digit(self, digit: int) -> Effect | None: ...

    def _count(self, **added: int) -> None: ...

    def _advance(self, event: Event) -> None: ...

    def _push(self, move: Move) -> bool: ...

    def _do(self, move: Move) -> bool: ...

    def _put(self, cells: Sequence[Cell], digit: Digit, move: Move) -> Effect: ...
