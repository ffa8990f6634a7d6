"""The rules card: a variant puzzle's rules in sentences, shown as it opens.

The sentences come from the engine's registry (``RuleSet.sentences``): the grid's
rule, then one per kind of constraint, so a rule drawn on the board (a cage, a dot)
and a rule stated in words alone (anti-knight) are both said before the first move.
Help (F1) says them again.  The card sizes its type to the number of rules: from
the largest line down, the first at which every sentence fits the window, in one
column or, for many rules in a wide window, two.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..input import Action, Command, Intent, Pointer, PointerKind
from ..kit import Style, draw_button, draw_card, draw_veil
from ..stage import AppContext, Pop, Scene, Transition

TITLE = "The rules"
PLAY = "Play"
BULLET = "•"


class RulesCard(Scene):
    opaque = False

    def __init__(self, ctx: AppContext, sentences: Sequence[str]) -> None:
        super().__init__()
        self.ctx = ctx
        self.sentences = tuple(sentences)
        self.hovered = False

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Command) and intent.action in (
            Action.BACK,
            Action.CONFIRM,
            Action.HELP,
        ):
            return Pop()
        if isinstance(intent, Pointer):
            over = self.button().collidepoint(intent.pos)
            if intent.kind is PointerKind.MOVE and over != self.hovered:
                self.hovered = over
                self.dirty = True
            if intent.kind is PointerKind.PRESS:
                return Pop()  # any click starts playing, as other cards' outside clicks do
        return None

    def plan(self) -> tuple[pygame.Rect, int, int, list[list[str]]]:
        """The card, its line height, its columns and each sentence's wrapped lines."""
        width, height = self.ctx.size
        text = self.ctx.text
        columns = 2 if len(self.sentences) > 8 and width >= height * 1.1 else 1
        card_w = min(round(width * 0.9), 1500 if columns == 2 else 900)
        wrapped: list[list[str]] = []
        line = 12
        for line in range(max(16, min(44, round(min(width, height) / 18))), 15, -1):
            size = round(line * 0.6)
            column_w = (card_w - 2 * line - (columns - 1) * line) // columns
            indent = text.measure(BULLET + " ", size)[0]
            wrapped = [text.wrap(s, size, column_w - indent) for s in self.sentences]
            rows = _rows(wrapped, columns)
            if line * (rows + 0.4 * len(self.sentences) / columns + 4.4) <= height * 0.94:
                break
        rows = _rows(wrapped, columns)
        card_h = round(line * (rows + 0.4 * -(-len(self.sentences) // columns) + 4.4))
        card = pygame.Rect((width - card_w) // 2, (height - card_h) // 2, card_w, card_h)
        return card, line, columns, wrapped

    def button(self) -> pygame.Rect:
        card, line, _, _ = self.plan()
        width = self.ctx.text.measure(PLAY, round(line * 0.6), True)[0] + 3 * line
        rect = pygame.Rect(0, 0, width, round(line * 1.3))
        rect.midbottom = (card.centerx, card.bottom - round(line * 0.5))
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        p, text = self.ctx.palette, self.ctx.text
        draw_veil(surface, p)
        card, line, columns, wrapped = self.plan()
        draw_card(surface, p, card, max(8, line // 2))
        title = text.render(TITLE, round(line * 0.95), p.text, True)
        surface.blit(title, title.get_rect(midtop=(card.centerx, card.y + round(line * 0.5))))
        size = round(line * 0.6)
        indent = text.measure(BULLET + " ", size)[0]
        column_w = (card.w - 2 * line - (columns - 1) * line) // columns
        per_column = -(-len(wrapped) // columns)
        top = card.y + round(line * 1.9)
        for column in range(columns):
            x = card.x + line + column * (column_w + line)
            y = top
            for lines in wrapped[column * per_column : (column + 1) * per_column]:
                surface.blit(text.render(BULLET, size, p.accent, True), (x, y))
                for part in lines:
                    surface.blit(text.render(part, size, p.text), (x + indent, y))
                    y += line
                y += round(line * 0.4)
        draw_button(
            surface,
            text,
            p,
            self.button(),
            PLAY,
            style=Style.PRIMARY,
            hovered=self.hovered,
            focused=True,
            size=round(line * 0.6),
            bold=True,
            backdrop=p.surface,
        )


def _rows(wrapped: list[list[str]], columns: int) -> int:
    """Lines in the tallest column when sentences fill the columns in order."""
    per_column = -(-len(wrapped) // columns)
    return max(
        sum(len(lines) for lines in wrapped[k * per_column : (k + 1) * per_column])
        for k in range(columns)
    )
