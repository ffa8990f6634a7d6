"""Where a game came from, in both layers' words: the UI's GameInfo and a save's Origin.

The session layer keeps an :class:`~game.session.savegame.Origin` in every saved
game so that a game continued or opened later shows the same header, counts
towards the same statistics and offers the same "New puzzle".  The UI describes
the same facts with :class:`~.sources.GameInfo`; the two mappings here are the
only place that knows how one becomes the other, so they cannot drift apart.
"""

from __future__ import annotations

from ..engine.shape import Shape
from .savegame import Origin
from .sources import GameInfo


def origin_of(info: GameInfo) -> Origin:
    """What a save keeps of ``info`` (variant and size come from the puzzle itself)."""
    return Origin(
        path=info.path,
        index=info.index,
        title=info.title,
        level=info.level,
        seed=info.seed,
    )


def info_of(origin: Origin, shape: Shape, fallback_title: str = "") -> GameInfo:
    """The GameInfo of a saved game: its origin, on the puzzle's shape.

    ``fallback_title`` names a game whose origin says nothing (an old save, or one
    written by another program): the save's file name reads better than "Puzzle".
    """
    return GameInfo(
        shape.variant,
        shape.size,
        origin.level,
        path=origin.path,
        index=origin.index,
        title=origin.title or ("" if origin.path or origin.level else fallback_title),
        seed=origin.seed,
    )
