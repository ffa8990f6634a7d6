"""Start-up: the session over the player's data folder.

``install(ctx)`` runs once, before the window opens: the settings saved last
time, the game to offer under *Continue*, statistics and saves, all through one
:class:`~game.session.mid_end.Session`.  Messages about files that could not be
read reach the player on a card, once.  Tests use :func:`connect` with an
in-memory or temporary keeper instead.
"""

from __future__ import annotations

from ...session import Session
from ...session.keep import Keeper, open_user_data
from ..stage import AppContext


def install(ctx: AppContext) -> None:
    """Connect ``ctx`` to the player's data folder."""
    connect(ctx, Keeper(open_user_data()))


def connect(ctx: AppContext, keeper: Keeper) -> None:
    """Use ``keeper`` for settings, statistics and the game in progress."""
    session = Session(keeper)
    saved = keeper.data.resumed.saved
    if saved is not None:
        session.resume_saved(saved)
    ctx.use_session(session)
