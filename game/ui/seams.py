"""Where the parts still to come plug into the game: one function, called at start-up.

``install(ctx)`` runs once, after the window opens and before the first frame.
Each later part adds a few lines here and nothing anywhere else:

- **Persistence** (settings file, autosave, statistics): load ``Settings`` and call
  ``ctx.change_settings(...)``; put a saved game in ``ctx.session.game`` and
  ``ctx.session.info`` (the menu then offers Continue); append writers to
  ``ctx.hooks.on_settings_changed``, ``ctx.hooks.on_game_over`` and
  ``ctx.hooks.on_quit``; set ``ctx.hooks.save_game`` (Ctrl+S) to a function
  ``(game, info) -> message``.
- **Puzzle picker**: set ``ctx.hooks.picker`` to a factory ``(ctx, folder) -> Scene``;
  the menu's Open puzzle, Ctrl+O and ``python main.py DIR`` then open it.

Until then every hook has a working default (see :class:`~game.ui.context.Hooks`).
"""

from __future__ import annotations

from .context import AppContext


def install(ctx: AppContext) -> None:
    """Connect the optional parts to ``ctx`` (nothing is connected yet)."""
