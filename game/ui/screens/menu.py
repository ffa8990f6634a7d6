"""The main menu: Continue, New game, Daily puzzle, Open puzzle, Technique trainer,
Statistics, Settings, How to play, Quit."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import ClassVar

import pygame

from ...session.puzzles import daily_level
from ..input import Action
from ..kit import Item, clock_text
from ..stage import (
    AppContext,
    ChooseNewGame,
    Daily,
    Go,
    Help,
    OpenPuzzle,
    Quit,
    Resume,
    SettingsPage,
    Statistics,
    TrainerChooser,
    Transition,
    load_icon,
)
from .card import CardScene


class MenuScene(CardScene):
    """The base of the stack; Continue appears while a game is in progress.

    Continue resumes the game in ``ctx.session``: the one played this run, or at
    start-up the autosaved game of the last run (put there by the seams).
    """

    opaque = True
    width_units = 6.0
    keys: ClassVar[Mapping[Action, str]] = {Action.OPEN: "open", Action.HELP: "help"}

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx, "Sudoku", self._continues(ctx), self._items(ctx))
        self._icon: pygame.Surface | None = None

    @staticmethod
    def _continues(ctx: AppContext) -> str:
        """What Continue goes back to: ``Hard · Classic 9×9 · 12:04``, or ""."""
        game, origin = ctx.session.game, ctx.session.origin
        if not ctx.session.can_continue or game is None or origin is None:
            return ""
        return f"{origin.label} · {clock_text(game.elapsed)}"

    @staticmethod
    def _items(ctx: AppContext) -> list[Item]:
        items = []
        if ctx.session.can_continue:
            items.append(Item("continue", "Continue", primary=True))
        items += [
            Item("new", "New game", primary=not ctx.session.can_continue),
            Item("daily", f"Daily puzzle · {daily_level(datetime.date.today()).label}"),
            Item("open", "Open puzzle"),
            Item("trainer", "Technique trainer"),
            Item("stats", "Statistics"),
            Item("settings", "Settings"),
            Item("help", "How to play"),
            Item("quit", "Quit"),
        ]
        return items

    def draw_heading(self, surface: pygame.Surface, card: pygame.Rect, unit: int) -> None:
        """The icon beside the name, centred together."""
        text, p = self.ctx.text, self.ctx.palette
        title = text.render(self.title, round(unit * 0.66), p.text, True)
        side = round(unit * 0.78)
        if self._icon is None or self._icon.get_width() != side:
            self._icon = pygame.transform.smoothscale(load_icon(), (side, side))
        gap = round(unit * 0.25)
        left = card.centerx - (side + gap + title.get_width()) // 2
        middle = card.y + round(unit * 0.95)
        surface.blit(self._icon, self._icon.get_rect(midleft=(left, middle)))
        surface.blit(title, title.get_rect(midleft=(left + side + gap, middle)))

    def uncover(self) -> None:
        super().uncover()
        self.set_content(body=self._continues(self.ctx), items=self._items(self.ctx))

    def choose(self, key: str) -> Transition | None:
        destinations = {
            "continue": Resume(),
            "new": ChooseNewGame(),
            "daily": Daily(),
            "open": OpenPuzzle(),
            "trainer": TrainerChooser(),
            "stats": Statistics(),
            "settings": SettingsPage(),
            "help": Help(),
        }
        if key == "quit":
            return Quit()
        destination = destinations.get(key)
        return Go(destination) if destination is not None else None

    def back(self) -> Transition | None:
        """Esc on the menu goes back to the game in progress, if any."""
        return Go(Resume()) if self.ctx.session.can_continue else None
