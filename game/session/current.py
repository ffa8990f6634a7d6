"""The game in progress and what the player last asked for, shared by every screen.

At start-up the autosave's game is put here (for *Continue*); the
:class:`~.keeper.Keeper` watches ``game`` once per frame to autosave it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .game import Game
from .sources import GameInfo, Request


@dataclass
class Session:
    """The game in progress (for Continue) and what the player last asked for.

    At start-up the seams put the autosaved game of the last run here; the
    :class:`~.keeper.Keeper` watches ``game`` to autosave it.
    """

    game: Game | None = None
    info: GameInfo | None = None
    created: str = ""
    """When ``game`` was first started (kept in its saves), "" for a game begun now."""
    last_request: Request = field(default_factory=Request)
    saves_first: bool = True
    """Open shows the saved games next: at start and after each Save as (then the
    picker's own memory of where the player was takes over)."""

    @property
    def can_continue(self) -> bool:
        return self.game is not None and not self.game.is_over
