"""How to play: the rules in a sentence and every control, read from the key map.

The key rows come from :meth:`KeyMap.describe` for the grid being played, so the
overlay shows the player's own bindings and the 16x16 letter rule exactly as the
game applies them: it cannot drift from the code.

A Techniques button leads on to the technique reference (a page per technique
with a real example); Tab puts the focus on it and Enter presses it.  Any other
click, Esc, F1 or Enter closes the overlay, as before.
"""

from __future__ import annotations

import pygame

from ..input import Action, Command, Intent, Pointer, PointerKind
from ..kit import draw_button, draw_card, draw_veil
from ..stage import AppContext, Destination, Go, Pop, Scene, Techniques, TrainerChooser, Transition

RULES = (
    "Fill the grid so that every row, every column and every region holds each "
    "digit exactly once. Thick lines mark the regions."
)

MOUSE = (
    ("Select a cell", "Click"),
    ("Choose several cells", "Drag"),
    ("Add a cell / a rectangle", "Ctrl / Shift+click"),
    ("Note of the last digit", "Right click"),
    ("Note, in notes mode", "Click its spot"),
    ("Digit first (Settings)", "Pad, then cells"),
    ("A button's shortcut", "Hover"),
)

STEPS = (
    "Stepping through the solution: {next} shows the next step, {previous} the previous "
    "one, {apply} applies it, {close} closes."
)
TYPED = "Typed moves: press : then row, column and digit, e.g. 479, 4 7 9 or (4,7,9)."
LETTERS = (
    "On grids above 9x9 the letters {first}–{last} are digits. A shortcut whose letter "
    "became a digit moves to Ctrl+letter; moves use the arrow keys."
)


TECHNIQUES = "Techniques"
TRAINER = "Trainer"
BUTTONS: tuple[tuple[str, Destination], ...] = (
    (TECHNIQUES, Techniques()),
    (TRAINER, TrainerChooser()),
)
"""The card's buttons, left to right: the technique reference and the trainer."""
# Beside the buttons, what they hold (a note line of its own would push the key
# table under 12 px at 800x600).
CLOSES = "Tab, Enter: how techniques work, then practise them · Esc or F1 closes"


def pitch_of(size: int) -> int:
    """From one row of text to the next, for text of ``size``."""
    return round(size * 1.42)


def small_size(line: int) -> int:
    """The button's and the closing hint's type: half a line, never under LOOK.md's 12 px
    (at 800x600 half a line is 10)."""
    return max(12, round(line * 0.5))


class HelpScene(Scene):
    opaque = False

    def __init__(self, ctx: AppContext, size: int = 9) -> None:
        super().__init__()
        self.ctx = ctx
        self.size = size
        self.focused: int | None = None  # the button Tab put the keyboard focus on
        self.hovered: int | None = None

    def rows(self) -> list[tuple[str, str]]:
        """(what, how) for every key binding and mouse control."""
        return [*self.ctx.keymap.describe(self.size), *MOUSE]

    def notes(self) -> list[str]:
        """The paragraphs under the table: the step panel's keys, typed moves, and
        letters on big grids."""
        keys = self.ctx.keymap

        def first(action: Action) -> str:
            return keys.shortcut(action, self.size) or "(no key)"

        lines = [
            STEPS.format(
                next=first(Action.NEXT),
                previous=first(Action.PREVIOUS),
                apply=first(Action.CONFIRM),
                close=first(Action.BACK),
            ),
            TYPED,
        ]
        if self.size > 9:
            from ..input import letter_digits

            letters = sorted(letter_digits(self.size))
            lines.append(LETTERS.format(first=letters[0].upper(), last=letters[-1].upper()))
        return lines

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Command):
            if intent.action in (Action.NEXT, Action.PREVIOUS):
                self.focused = self._cycle(1 if intent.action is Action.NEXT else -1)
                self.dirty = True
                return None
            if intent.action is Action.CONFIRM and self.focused is not None:
                return Go(BUTTONS[self.focused][1])
            if intent.action in (Action.BACK, Action.HELP, Action.CONFIRM):
                return Pop()
            return None
        if isinstance(intent, Pointer):
            under = self.button_at(intent.pos)
            if intent.kind is PointerKind.MOVE and under != self.hovered:
                self.hovered = under
                self.dirty = True
            if intent.kind is PointerKind.PRESS:
                if under is not None and intent.button == 1:
                    return Go(BUTTONS[under][1])
                return Pop()
        return None

    def _cycle(self, step: int) -> int | None:
        """The focus after Tab (``step`` 1) or Shift+Tab (-1): the buttons, then none."""
        stops: list[int | None] = [None, *range(len(BUTTONS))]
        return stops[(stops.index(self.focused) + step) % len(stops)]

    def button_at(self, pos: tuple[int, int]) -> int | None:
        """Which button is under ``pos``, if any."""
        return next((i for i, rect in enumerate(self.buttons()) if rect.collidepoint(pos)), None)

    def techniques_button(self) -> pygame.Rect:
        """The Techniques button, at the card's bottom left."""
        return self.buttons()[0]

    def buttons(self) -> list[pygame.Rect]:
        """The buttons' rectangles, side by side from the card's bottom left."""
        rect, line, *_ = self.plan()
        x = rect.x + line
        placed = []
        for label, _ in BUTTONS:
            width = self.ctx.text.measure(label, small_size(line), True)[0] + 2 * line
            button = pygame.Rect(0, 0, width, line)
            button.bottomleft = (x, rect.bottom - round(line * 0.4))
            placed.append(button)
            x = button.right + line // 2
        return placed

    def plan(self) -> tuple[pygame.Rect, int, int, list[str], list[str], int]:
        """The card, the line height, the columns, the wrapped rules and notes, and the
        text size.

        Everything scales from the line height, chosen as the largest at which the
        whole text fits the window: two columns in landscape, one in portrait.
        """
        width, height = self.ctx.size
        columns = 2 if width >= height * 1.1 else 1
        per_column = -(-len(self.rows()) // columns)
        card_w = min(round(width * 0.94), 1700 if columns == 2 else 900)
        # Wrapping depends on the size and the size on the line count: from the
        # largest line height down, the first at which everything fits.
        rules: list[str] = []
        notes: list[str] = []
        # Text rows (the table's, the rules', the notes') are closer than a line: the
        # whole card then fits 800x600 with every word at 12 px or more.
        largest = round(max(14, min(46, round(min(width, height) / 16))) * 0.56)
        for size in range(largest, 11, -1):
            line, pitch = round(size / 0.56), pitch_of(size)
            inner = card_w - 2 * line
            rules = self.ctx.text.wrap(RULES, size, inner)
            notes = [
                wrapped
                for note in self.notes()
                for wrapped in self.ctx.text.wrap(note, size, inner)
            ]
            texts = len(rules) + per_column + len(notes)
            card_h = round(line * (2.0 + 0.6 + 0.6 + 1.6)) + texts * pitch
            if card_h <= height * 0.94:
                break
        card = pygame.Rect((width - card_w) // 2, (height - card_h) // 2, card_w, card_h)
        return card, line, columns, rules, notes, size

    def draw(self, surface: pygame.Surface) -> None:
        p, text = self.ctx.palette, self.ctx.text
        draw_veil(surface, p)
        rect, line, columns, rules, notes, size = self.plan()
        draw_card(surface, p, rect, max(8, line // 2))
        rows = self.rows()
        per_column = -(-len(rows) // columns)
        x0 = rect.x + line
        y = rect.y + round(line * 0.6)
        title = text.render("How to play", round(line * 0.95), p.text, True)
        surface.blit(title, (x0, y))
        pitch = pitch_of(size)
        y = rect.y + 2 * line
        for wrapped in rules:
            surface.blit(text.render(wrapped, size, p.text_dim), (x0, y))
            y += pitch
        y += round(line * 0.6)
        gap = line
        column_w = (rect.w - 2 * line - (columns - 1) * gap) // columns
        # One size for the whole table: the largest at which every row fits, its
        # words on the left and its keys on the right with a little room between.
        widest = max(
            text.measure(what, size)[0] + text.measure(how, size, True)[0] for what, how in rows
        )
        room = column_w - line // 2
        scale = min(1.0, room / widest)
        table = max(12, int(size * scale))
        for index, (what, how) in enumerate(rows):
            column, row = divmod(index, per_column)
            x = x0 + column * (column_w + gap)
            top = y + row * pitch
            keys = text.render(how, table, p.accent, True)
            words = column_w - keys.get_width() - line // 3
            surface.blit(text.render(what, table, p.text, False, words), (x, top))
            surface.blit(keys, (x + column_w - keys.get_width(), top))
        y += per_column * pitch + round(line * 0.6)
        for wrapped in notes:
            surface.blit(text.render(wrapped, size, p.text_dim), (x0, y))
            y += pitch
        for index, (button, (label, _)) in enumerate(zip(self.buttons(), BUTTONS, strict=True)):
            draw_button(
                surface,
                text,
                p,
                button,
                label,
                hovered=self.hovered == index,
                focused=self.focused == index,
                size=small_size(line),
                bold=True,
                backdrop=p.surface,
            )
        hint = text.render(CLOSES, small_size(line), p.text_dim)
        surface.blit(hint, hint.get_rect(midright=(rect.right - line, self.buttons()[0].centery)))
