"""The application: the window's one event loop and the navigation between screens.

:mod:`.loop` owns the window and the loop: each iteration turns pygame events into
intents at the gate, hands them to the scene on top, advances time by an explicit
``dt`` and redraws only when a scene says it changed.  :mod:`.routes` turns a
:class:`~game.ui.stage.Destination` into scenes; :mod:`.startup` opens the
session over the player's data folder.
"""

from .loop import run_game

__all__ = [
    "run_game",
]
