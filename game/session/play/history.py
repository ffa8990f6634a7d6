"""Undo and redo as a list of states and the moves that produced them.

After Simon Tatham's mid-end: undo moves a position back along the list and redo
moves it forward; nothing is ever inverted.  A new move drops the redo tail.
Each move also keeps the game clock's reading when it was made, so "your first
mistake was at 12:04" can be told without replaying anything.
"""

from __future__ import annotations

from .moves import Move
from .state import BoardState


class History:
    """States ``s0 .. sk`` with the move that led to each; ``position`` is the current one."""

    def __init__(self, initial: BoardState) -> None:
        self._states: list[BoardState] = [initial]
        self._moves: list[Move] = []
        self._times: list[float] = []
        self._position = 0

    @property
    def current(self) -> BoardState:
        return self._states[self._position]

    @property
    def initial(self) -> BoardState:
        return self._states[0]

    @property
    def position(self) -> int:
        """How many moves are applied (0 at the start)."""
        return self._position

    @property
    def last_move(self) -> Move | None:
        """The move that led to the current state (None at the start)."""
        return self._moves[self._position - 1] if self._position else None

    @property
    def previous(self) -> BoardState:
        """The state before the last move (the current one at the start)."""
        return self._states[max(0, self._position - 1)]

    def state_at(self, position: int) -> BoardState:
        """The state after the first ``position`` moves (IndexError past the end)."""
        if not 0 <= position < len(self._states):
            raise IndexError(f"no position {position} in a history of {len(self._moves)} moves")
        return self._states[position]

    def earlier(self, back: int) -> BoardState:
        """The state ``back`` moves before the current one (the initial one at most)."""
        return self._states[max(0, self._position - back)]

    def time_of(self, position: int) -> float:
        """The clock's reading when move ``position`` (1-based) was made."""
        return self._times[position - 1]

    @property
    def times(self) -> tuple[float, ...]:
        """The clock's reading at each move, in order (undone moves included)."""
        return tuple(self._times)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move, including those undone and still redoable."""
        return tuple(self._moves)

    def can_undo(self) -> bool:
        return self._position > 0

    def can_redo(self) -> bool:
        return self._position < len(self._moves)

    def push(self, move: Move, state: BoardState, at: float = 0.0) -> None:
        """Record ``move`` leading to ``state`` at clock time ``at``; the redo tail goes."""
        del self._states[self._position + 1 :]
        del self._moves[self._position :]
        del self._times[self._position :]
        self._states.append(state)
        self._moves.append(move)
        self._times.append(at)
        self._position += 1

    def undo(self) -> Move | None:
        """Step back; returns the move undone, or None at the start."""
        if not self.can_undo():
            return None
        self._position -= 1
        return self._moves[self._position]

    def redo(self) -> Move | None:
        """Step forward; returns the move redone, or None at the end."""
        if not self.can_redo():
            return None
        self._position += 1
        return self._moves[self._position - 1]

    def __len__(self) -> int:
        return len(self._moves)
