"""Where the optional parts plug into the game: one function, called at start-up.

``install(ctx)`` runs once, before the window opens.  Each part adds a few lines
here and nothing anywhere else:

- **Persistence** (:func:`connect`): the settings saved last time, the game to
  offer under *Continue*, and the hooks that keep them: settings written on every
  change, results counted when a game ends, the game autosaved every frame it
  changed, at once on pause and focus loss, and flushed on quit.  Messages about
  files that could not be read or written reach the player on a card, once.
- **Puzzle picker**: ``ctx.hooks.picker`` is a factory ``(ctx, folder) -> Scene``;
  the menu's Open puzzle, Ctrl+O and ``python main.py DIR`` then open it.

Every hook has a working default (see :class:`~game.ui.context.Hooks`), so tests
build an :class:`~game.ui.context.AppContext` without any of this.
"""

from __future__ import annotations

from ..session.keeper import Keeper
from ..session.origins import info_of
from ..session.userdata import open_user_data
from .context import AppContext
from .scenes.picker import picker_factory


def install(ctx: AppContext) -> None:
    """Connect the optional parts to ``ctx``: persistence in the data folder, the picker."""
    connect(ctx, Keeper(open_user_data()))
    ctx.hooks.picker = picker_factory()


def connect(ctx: AppContext, keeper: Keeper) -> None:
    """Use ``keeper`` for settings, statistics and the game in progress.

    Separate from :func:`install` so tests can connect an in-memory keeper.
    """
    ctx.keeper = keeper
    ctx.adopt_settings(keeper.settings)
    saved = keeper.data.resumed.saved
    if saved is not None:
        game = saved.game
        game.settings = ctx.settings
        game.recheck()
        ctx.session.game = game
        ctx.session.info = info_of(saved.origin, game.shape)
        ctx.session.created = saved.created
    for title, message in keeper.take_notices():
        ctx.tell(title, message)
    hooks = ctx.hooks
    hooks.on_settings_changed.append(keeper.settings_changed)
    hooks.on_game_over.append(keeper.game_over)
    hooks.on_frame.append(lambda ctx: _tell(ctx, keeper.frame(ctx.session)))
    hooks.on_suspend.append(lambda ctx: keeper.suspend(ctx.session))
    hooks.on_quit.append(lambda ctx: keeper.quit(ctx.session))
    hooks.puzzle_mark = keeper.stats.mark


def _tell(ctx: AppContext, notices: list[tuple[str, str]]) -> None:
    for title, message in notices:
        ctx.tell(title, message)
