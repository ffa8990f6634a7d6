"""Paused: the clock stops and the grid is hidden until the player resumes."""

from __future__ import annotations

from ...session import Game
from ...session.sources import GameInfo
from .. import routes
from ..context import AppContext
from ..gate import Intent, Window, WindowChange
from ..panel_view import clock_text
from ..scene_stack import Pop, Quit, Reset, Transition
from ..widgets import Item
from .card import CardScene


class PauseScene(CardScene):
    """Opaque on purpose: a paused game must not show the grid (no free thinking time)."""

    opaque = True
    width_units = 6.0

    def __init__(self, ctx: AppContext, game: Game, info: GameInfo) -> None:
        super().__init__(
            ctx,
            "Paused",
            f"{info.label}\nTime {clock_text(game.elapsed)}",
            [
                Item("resume", "Resume", primary=True),
                Item("restart", "Restart"),
                Item("settings", "Settings"),
                Item("menu", "Menu"),
                Item("quit", "Quit"),
            ],
        )
        self.game = game
        self.info = info

    def enter(self) -> None:
        self.game.pause()
        for hook in self.ctx.hooks.on_suspend:  # the autosave, with the clock as it stopped
            hook(self.ctx)

    def exit(self) -> None:
        self.game.resume()

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, WindowChange) and intent.change is Window.RESTORED:
            self.dirty = True
        return super().handle(intent)

    def choose(self, key: str) -> Transition | None:
        if key == "resume":
            return Pop()
        if key == "restart":
            # A game lost to the mistake limit cannot be restarted in place
            # (undo may not take mistakes back): start it afresh instead.
            if not self.game.restart().changed and self.game.is_over:
                return routes.replay(self.ctx, self.info)
            return Pop()
        if key == "settings":
            return routes.settings(self.ctx)
        if key == "menu":
            return Reset((routes.menu(self.ctx),))
        if key == "quit":
            return Quit()
        return None
