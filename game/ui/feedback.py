"""How the board answers an action: which cells flash, which glow, what to say.

A pure translation of the session's :class:`~game.session.Outcome` into feedback,
respecting the settings: a conflict flashes only when conflicts are shown, and a
digit that merely differs from the solution flashes only when the player asked to
see mistakes (otherwise the flash would give the answer away).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..session import Game, Outcome


@dataclass(frozen=True)
class Feedback:
    flash: tuple[int, ...] = ()
    glow: tuple[int, ...] = ()
    message: str = ""
    error: bool = False


def feedback_for(game: Game, outcome: Outcome, placed: int | None = None) -> Feedback:
    """The feedback for ``outcome``; ``placed`` is the cell a digit just went into."""
    settings = game.settings
    if outcome.blocked:
        return Feedback(flash=outcome.cells, message=outcome.message, error=True)
    flash: list[int] = []
    message = outcome.message
    error = False
    if placed is not None and outcome.changed and game.grid[placed]:
        digit = game.grid[placed]
        clashes = [p for p in game.shape.peers[placed] if game.grid[p] == digit]
        if clashes and settings.show_conflicts:
            flash = [placed, *clashes]
        elif outcome.mistake and settings.show_mistakes:
            flash = [placed]
            message = message or "That digit is not right."
            error = True
    glow = tuple(cell for unit in outcome.completed_units for cell in game.shape.units[unit])
    return Feedback(tuple(flash), glow, message, error)
