"""Paused: the clock stops and the grid is hidden until the player resumes."""

from __future__ import annotations

from ...session.play import Game, Origin
from ..input import Intent, Window, WindowChange
from ..kit import Item, clock_text
from ..screens import CardScene
from ..stage import AppContext, Go, Menu, Pop, Quit, SettingsPage, Transition


class PauseScene(CardScene):
    """Opaque on purpose: a paused game must not show the grid (no free thinking time)."""

    opaque = True
    width_units = 6.0

    def __init__(self, ctx: AppContext, game: Game, origin: Origin) -> None:
        super().__init__(
            ctx,
            "Paused",
            f"{origin.label}\nTime {clock_text(game.elapsed)}",
            [
                Item("resume", "Resume", primary=True),
                Item("restart", "Restart"),
                Item("settings", "Settings"),
                Item("menu", "Menu"),
                Item("quit", "Quit"),
            ],
        )
        self.game = game
        self.origin = origin

    def enter(self) -> None:
        self.game.pause()
        self.ctx.session.suspend()  # the autosave, with the clock as it stopped

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
            self.game.resume()
            self.game.restart()  # an undoable move, like every other
            return Pop()
        if key == "settings":
            return Go(SettingsPage())
        if key == "menu":
            return Go(Menu())
        if key == "quit":
            return Quit()
        return None
