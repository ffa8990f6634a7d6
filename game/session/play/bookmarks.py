"""Savepoints: named positions of one game to come back to.

A savepoint is a bookmark, not a move: setting one is not undone, and it is kept
in the game's saves.  It remembers where it was in the history and what the board
was, so a savepoint whose part of the history a later move replaced (after undoing
past it) is known to be gone.  :class:`~.game.Game` owns one :class:`Bookmarks`;
going back to a savepoint is a move, made by the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .history import History
from .state import BoardState

MAX_SAVEPOINTS = 50
"""Most named positions one game keeps (each is written in its saves)."""

MAX_NAME = 40
"""Longest savepoint name kept, in characters."""


@dataclass(frozen=True)
class Savepoint:
    """A named position to come back to: where it was in the history, and what it was."""

    name: str
    position: int
    state: BoardState


def clean_name(name: str) -> str:
    """``name`` as a savepoint is called: spaces collapsed, at most :data:`MAX_NAME`."""
    return " ".join(name.split())[:MAX_NAME]


class Bookmarks:
    """One game's savepoints, by name, in the order they were set."""

    def __init__(self, points: Iterable[Savepoint] = ()) -> None:
        self._points = {point.name: point for point in points}

    def __repr__(self) -> str:
        return f"Bookmarks({list(self._points)!r})"

    def free_name(self) -> str:
        """``Savepoint 1``, ``Savepoint 2``...: the first such name not taken."""
        number = 1
        while f"Savepoint {number}" in self._points:
            number += 1
        return f"Savepoint {number}"

    def __len__(self) -> int:
        return len(self._points)

    def __iter__(self) -> Iterator[Savepoint]:
        return iter(tuple(self._points.values()))

    def __contains__(self, name: object) -> bool:
        return name in self._points

    def get(self, name: str) -> Savepoint | None:
        return self._points.get(name)

    def latest(self) -> Savepoint | None:
        """The savepoint furthest along the history (None when there is none)."""
        return max(self._points.values(), key=lambda point: point.position, default=None)

    def full_for(self, name: str) -> bool:
        """Whether setting ``name`` would pass :data:`MAX_SAVEPOINTS` (reusing a name
        never does)."""
        return name not in self._points and len(self._points) >= MAX_SAVEPOINTS

    def set(self, name: str, history: History) -> Savepoint:
        """Name the history's current position ``name`` (replacing one of that name)."""
        point = Savepoint(name, history.position, history.current)
        self._points[name] = point
        return point

    def still_there(self, point: Savepoint, history: History) -> bool:
        """Whether ``point``'s position is still in ``history`` as it was."""
        return point.position <= len(history.moves) and (
            history.state_at(point.position) == point.state
        )

    def prune(self, history: History) -> bool:
        """Drop the savepoints a new move replaced (undone past, then played over);
        whether any went.  A save keeps only the ones still there, so the game in
        play must not keep more."""
        gone = [
            name for name, point in self._points.items() if not self.still_there(point, history)
        ]
        for name in gone:
            del self._points[name]
        return bool(gone)

    def drop(self, name: str) -> None:
        self._points.pop(name, None)
