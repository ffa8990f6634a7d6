"""How to play: the rules in a sentence and every control, read from the key map.

The key rows come from :meth:`KeyMap.describe` for the grid being played, so the
overlay shows the player's own bindings and the 16x16 letter rule exactly as the
game applies them: it cannot drift from the code.
"""

from __future__ import annotations

import pygame

from ..actions import Action, Command
from ..context import AppContext
from ..gate import Intent, Pointer, PointerKind
from ..layout import card_layout
from ..scene_stack import Pop, Scene, Transition
from ..widgets import draw_card, draw_veil

RULES = (
    "Fill the grid so that every row, every column and every region holds each "
    "digit exactly once. Thick lines mark the regions."
)

MOUSE = (
    ("Select a cell", "Click"),
    ("Note of the last digit", "Right click"),
    ("Note, in notes mode", "Click its spot"),
    ("Digit first (Settings)", "Pad, then cells"),
    ("A button's shortcut", "Hover"),
)

TYPED = "Typed moves: press : then row, column and digit, e.g. 479, 4 7 9 or (4,7,9)."
LETTERS = (
    "On grids above 9x9 the letters {first}–{last} are digits. A shortcut whose letter "
    "became a digit moves to Ctrl+letter; moves use the arrow keys."
)


class HelpScene(Scene):
    opaque = False

    def __init__(self, ctx: AppContext, size: int = 9) -> None:
        super().__init__()
        self.ctx = ctx
        self.size = size

    def rows(self) -> list[tuple[str, str]]:
        """(what, how) for every key binding and mouse control."""
        return [*self.ctx.keymap.describe(self.size), *MOUSE]

    def notes(self) -> list[str]:
        lines = [TYPED]
        if self.size > 9:
            from ..keymap import letter_digits

            letters = sorted(letter_digits(self.size))
            lines.append(LETTERS.format(first=letters[0].upper(), last=letters[-1].upper()))
        return lines

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Command) and intent.action in (
            Action.BACK,
            Action.HELP,
            Action.CONFIRM,
        ):
            return Pop()
        if isinstance(intent, Pointer) and intent.kind is PointerKind.PRESS:
            return Pop()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        p, text = self.ctx.palette, self.ctx.text
        draw_veil(surface, p)
        rows = self.rows()
        half = (len(rows) + 1) // 2
        notes = self.notes()
        card = card_layout(*self.ctx.size, 3.2 + half * 0.5 + len(notes) * 0.9, 16.0)
        rect, u = card.rect, card.unit
        draw_card(surface, p, rect, max(8, u // 4))
        x0 = rect.x + round(u * 0.6)
        title = text.render("How to play", round(u * 0.55), p.text, True)
        surface.blit(title, (x0, rect.y + round(u * 0.45)))
        small = max(11, round(u * 0.25))
        y = rect.y + round(u * 1.25)
        for line in text.wrap(RULES, small, rect.w - round(u * 1.2)):
            surface.blit(text.render(line, small, p.text_dim), (x0, y))
            y += round(small * 1.35)
        y += round(u * 0.25)
        column_w = (rect.w - round(u * 1.8)) // 2
        label_w = column_w * 11 // 20
        keys_w = column_w - label_w - round(u * 0.2)
        # One size for the whole table: the largest at which every row fits.
        size = min(
            min(text.fit_size(what, small, label_w), text.fit_size(how, small, keys_w, True))
            for what, how in rows
        )
        for index, (what, how) in enumerate(rows):
            column, row = divmod(index, half)
            x = x0 + column * (column_w + round(u * 0.6))
            top = y + row * round(u * 0.5)
            surface.blit(text.render(what, size, p.text), (x, top))
            keys = text.render(how, size, p.accent, True)
            surface.blit(keys, (x + column_w - keys.get_width(), top))
        y += half * round(u * 0.5) + round(u * 0.2)
        for note in notes:
            for line in text.wrap(note, small, rect.w - round(u * 1.2)):
                surface.blit(text.render(line, small, p.text_dim), (x0, y))
                y += round(small * 1.35)
        hint = text.render("Esc, F1 or a click closes this", small, p.disabled)
        surface.blit(
            hint,
            hint.get_rect(bottomright=(rect.right - x0 + rect.x, rect.bottom - round(u * 0.3))),
        )
