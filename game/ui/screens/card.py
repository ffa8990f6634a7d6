"""A card with a title, a few lines of text and a column of buttons.

The menu, pause, win, lose and notice scenes are all this shape; they differ in
their words, their buttons and what a choice does (:meth:`CardScene.choose`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import pygame

from ..input import Action, Command, Intent, WindowChange
from ..kit import ButtonColumn, Item, card_layout, draw_card, draw_lines, draw_veil
from ..stage import AppContext, Pop, Scene, Transition

ROW = 0.86  # button height, in card units
GAP = 0.2
TITLE = 1.7  # room for the title, from the card's top
LINE = 0.5  # one line of body text
FOOT = 0.6  # below the last button


class CardScene(Scene):
    """Subclasses set ``title``, ``body`` and items, and implement ``choose``.

    Keys beyond the buttons' own (arrows, Enter, Esc) come from :attr:`keys`, a
    table from action to the button it stands for, so a card's shortcuts are
    data (the menu's Ctrl+O opens a puzzle as its "Open puzzle" button does).
    """

    opaque = False
    width_units = 7.0
    reserve = 0.0
    """Units of free room between the text and the buttons, for a subclass to draw in."""
    keys: ClassVar[Mapping[Action, str]] = {}
    """Actions that choose a button by its key, whatever button has the focus."""

    def __init__(self, ctx: AppContext, title: str, body: str, items: list[Item]) -> None:
        super().__init__()
        self.ctx = ctx
        self.title = title
        self.body = body
        self.buttons = ButtonColumn(items)
        self.lines: list[str] = []
        self._layout_for: tuple[tuple[int, int], str, int] | None = None
        self.card = card_layout(*ctx.size, 6)
        self.reserved = pygame.Rect(0, 0, 0, 0)

    # -- behaviour subclasses define ------------------------------------------------

    def choose(self, key: str) -> Transition | None:
        raise NotImplementedError

    def back(self) -> Transition | None:
        """Esc: close the card by default."""
        return Pop()

    # -- scene ----------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, WindowChange):
            return None
        if isinstance(intent, Command):
            if intent.action is Action.BACK:
                return self.back()
            key = self.keys.get(intent.action)
            if key is not None and any(item.key == key for item in self.buttons.items):
                return self.choose(key)
        self.layout()
        result = self.buttons.handle(intent)
        if isinstance(result, str):
            return self.choose(result)
        if result is True:
            self.dirty = True
        return None

    def resize(self, size: tuple[int, int]) -> None:
        self.dirty = True

    def set_content(self, body: str | None = None, items: list[Item] | None = None) -> None:
        if body is not None:
            self.body = body
        if items is not None:
            self.buttons.items = items
            self.buttons.focus = min(self.buttons.focus, len(items) - 1)
        self.dirty = True

    def layout(self) -> None:
        """Size the card for the window and the content (cached until either changes)."""
        key = (self.ctx.size, self.body, len(self.buttons.items))
        if self._layout_for == key:
            return
        width, height = self.ctx.size
        count = len(self.buttons.items)
        buttons = count * ROW + max(0, count - 1) * GAP
        lines: list[str] = []
        card = card_layout(width, height, TITLE + buttons + FOOT, self.width_units)
        for _ in range(2):  # wrapping depends on the unit, the unit on the line count
            size = max(11, round(card.unit * 0.3))
            lines = (
                self.ctx.text.wrap(self.body, size, card.rect.w - card.unit) if self.body else []
            )
            body = (len(lines) * LINE + 0.3 if lines else 0.0) + self.reserve
            card = card_layout(width, height, TITLE + body + buttons + FOOT, self.width_units)
        self.card = card
        self.lines = lines
        unit = card.unit
        text_rows = len(lines) * LINE + 0.3 if lines else 0.0
        self.reserved = pygame.Rect(
            card.rect.x,
            card.rect.y + round(unit * (TITLE + text_rows)),
            card.rect.w,
            round(unit * self.reserve),
        )
        top = self.reserved.bottom
        column = pygame.Rect(card.rect.x + unit // 2, top, card.rect.w - unit, 0)
        self.buttons.place(column, round(unit * ROW), round(unit * GAP))
        self._layout_for = key

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        p = self.ctx.palette
        text = self.ctx.text
        if self.opaque:
            surface.fill(p.background)
        else:
            draw_veil(surface, p)
        card, unit = self.card.rect, self.card.unit
        draw_card(surface, p, card, max(8, unit // 4))
        self.draw_heading(surface, card, unit)
        if self.lines:
            draw_lines(
                surface,
                text,
                self.lines,
                (card.x, card.y + round(unit * TITLE)),
                max(11, round(unit * 0.3)),
                p.text_dim,
                centred=True,
                width=card.w,
                spacing=LINE / 0.3,
            )
        self.buttons.draw(surface, text, p)

    def draw_heading(self, surface: pygame.Surface, card: pygame.Rect, unit: int) -> None:
        text, p = self.ctx.text, self.ctx.palette
        size = text.fit_size(self.title, round(unit * 0.6), card.w - unit, True)
        image = text.render(self.title, size, p.text, True)
        surface.blit(image, image.get_rect(midtop=(card.centerx, card.y + round(unit * 0.55))))
