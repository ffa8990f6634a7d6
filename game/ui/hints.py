"""Asking the logic engine for a hint, from a snapshot safe to hand to a thread.

The board takes a :class:`HintQuery` (immutable tuples copied from the game) and
runs :func:`ask` as a background job.  The engine's ``find_hint`` decides
everything: the player's mistakes first, then notes that leave out the right
digit, then the simplest technique from the position the player sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.logic.hint import Hint, find_hint
from ..engine.shape import Shape
from ..session import Game


@dataclass(frozen=True)
class HintQuery:
    """The position a hint is asked for (copied, so the game may change meanwhile)."""

    shape: Shape
    givens: tuple[int, ...]
    entries: tuple[int, ...]
    notes: tuple[int, ...]
    solution: tuple[int, ...] | None
    unique: bool

    @classmethod
    def of(cls, game: Game) -> HintQuery:
        state = game.state
        return cls(game.shape, game.givens, state.entries, state.notes, game.solution, game.unique)


def ask(query: HintQuery) -> Hint:
    """The hint for ``query`` (may take a while on hard positions: run it off the loop)."""
    return find_hint(
        query.shape,
        query.givens,
        query.entries,
        query.notes,
        query.solution,
        unique=query.unique,
    )
