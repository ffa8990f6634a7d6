"""Settings: every field of :class:`~game.session.Settings`, applied at once.

Each row is data (:data:`ROWS`): a field name, a label and its choices, so adding a
setting is one line.  A change goes through ``ctx.change_settings``, which the app
listens to (theme redraw, full screen) and which calls the persistence seam.  Key
bindings have a page of their own (:mod:`.keys`); their row opens it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...session.settings import MISTAKE_LIMITS
from ..actions import Action, Command
from ..context import AppContext
from ..gate import Intent, Pointer, PointerKind
from ..layout import card_layout
from ..scene_stack import Pop, Push, Scene, Transition
from ..widgets import Style, draw_button, draw_page, draw_switch, segments
from .keys import KeysScene


@dataclass(frozen=True)
class Row:
    """One setting: ``choices`` are (value, label) pairs; a switch has none."""

    field: str
    label: str
    choices: tuple[tuple[object, str], ...] = ()

    @property
    def is_switch(self) -> bool:
        return not self.choices and self.field != "key_bindings"


ROWS = (
    Row("theme", "Theme", (("light", "Light"), ("dark", "Dark"))),
    Row("fullscreen", "Full screen"),
    Row("input_mode", "Input", (("cell-first", "Cell first"), ("digit-first", "Digit first"))),
    Row("auto_remove_notes", "Remove notes when placing"),
    Row("block_rule_breaking", "Refuse digits that break a rule"),
    Row("show_conflicts", "Mark conflicts"),
    Row("show_mistakes", "Mark wrong digits at once"),
    Row(
        "mistake_limit",
        "Mistake limit",
        tuple((n, str(n) if n else "None") for n in MISTAKE_LIMITS),
    ),
    Row("highlight_peers", "Highlight row, column, region"),
    Row("highlight_same_digit", "Highlight same digits"),
    Row("show_timer", "Show timer"),
    Row("animations", "Animations"),
    Row("key_bindings", "Keys", (("edit", "Change…"), ("reset", "Reset"))),
)


class SettingsScene(Scene):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.focus = 0  # a row index, or len(ROWS) for Done
        self.hover: tuple[int, int] | None = None
        self.keyboard = False  # the focus shows once the keyboard is used

    # -- model ----------------------------------------------------------------------

    def value(self, row: Row) -> object:
        return getattr(self.ctx.settings, row.field)

    def set(self, row: Row, index: int = 0) -> Transition | None:
        """Toggle a switch, or pick choice ``index`` of a row (Keys: open the page)."""
        if row.field == "key_bindings":
            if row.choices[index][0] == "edit":
                return Push(KeysScene(self.ctx))
            self.ctx.change_settings(key_bindings={})
        elif row.is_switch:
            self.ctx.change_settings(**{row.field: not self.value(row)})
        else:
            self.ctx.change_settings(**{row.field: row.choices[index][0]})
        self.dirty = True
        return None

    def chosen(self, row: Row) -> int:
        value = self.value(row)
        return next((i for i, (v, _) in enumerate(row.choices) if v == value), 0)

    # -- geometry -------------------------------------------------------------------

    def geometry(self) -> tuple[pygame.Rect, int, list[pygame.Rect], pygame.Rect]:
        """The card, its unit, one rect per row, and the Done button."""
        width, height = self.ctx.size
        columns = 2 if width >= height * 1.25 else 1
        per_column = -(-len(ROWS) // columns)
        card = card_layout(
            width, height, 2.2 + per_column * 0.78 + 1.3, 8.5 * columns + 0.6, margin=0.8
        )
        rect, u = card.rect, card.unit
        inner = rect.inflate(-u, 0)
        column_w = (inner.w - (columns - 1) * round(u * 0.6)) // columns
        rows = []
        for index in range(len(ROWS)):
            column, line = divmod(index, per_column)
            rows.append(
                pygame.Rect(
                    inner.x + column * (column_w + round(u * 0.6)),
                    rect.y + round(u * (1.6 + line * 0.78)),
                    column_w,
                    round(u * 0.62),
                )
            )
        done = pygame.Rect(0, 0, round(u * 3), round(u * 0.8))
        done.midbottom = (rect.centerx, rect.bottom - round(u * 0.45))
        return rect, u, rows, done

    def controls(self) -> dict[tuple[int, int], pygame.Rect]:
        """Every clickable control: (row, choice) -> rect; Done is (len(ROWS), 0)."""
        _, u, rows, done = self.geometry()
        hits: dict[tuple[int, int], pygame.Rect] = {(len(ROWS), 0): done}
        for index, (row, rect) in enumerate(zip(ROWS, rows, strict=True)):
            if row.is_switch:
                switch = pygame.Rect(0, 0, round(u * 0.95), round(u * 0.5))
                switch.midright = rect.midright
                hits[(index, 0)] = switch
            else:
                width = round(rect.w * (0.5 if len(row.choices) > 1 else 0.42))
                bar = pygame.Rect(rect.right - width, rect.y, width, rect.h)
                for k, seg in enumerate(segments(bar, len(row.choices), round(u * 0.1))):
                    hits[(index, k)] = seg
        return hits

    # -- input ----------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Command):
            return self._command(intent)
        if isinstance(intent, Pointer):
            hit = next((k for k, r in self.controls().items() if r.collidepoint(intent.pos)), None)
            if intent.kind in (PointerKind.MOVE, PointerKind.LEAVE):
                if hit != self.hover:
                    self.hover = hit
                    self.dirty = True
            elif intent.kind is PointerKind.PRESS and intent.button == 1 and hit is not None:
                row, index = hit
                if row == len(ROWS):
                    return Pop()
                self.focus = row
                return self.set(ROWS[row], index)
        return None

    def _command(self, command: Command) -> Transition | None:
        action = command.action
        count = len(ROWS) + 1
        self.keyboard = True
        if action is Action.BACK:
            return Pop()
        if action in (Action.MOVE_DOWN, Action.NEXT):
            self.focus = (self.focus + 1) % count
        elif action in (Action.MOVE_UP, Action.PREVIOUS):
            self.focus = (self.focus - 1) % count
        elif self.focus == len(ROWS):
            return Pop() if action is Action.CONFIRM else None
        elif action in (Action.MOVE_LEFT, Action.MOVE_RIGHT, Action.CONFIRM):
            row = ROWS[self.focus]
            if row.field == "key_bindings":
                if action is Action.CONFIRM:
                    return self.set(row)  # the Keys page; Reset stays a click away
            elif row.is_switch:
                self.set(row)
            else:
                delta = -1 if action is Action.MOVE_LEFT else 1
                self.set(row, (self.chosen(row) + delta) % len(row.choices))
        else:
            return None
        self.dirty = True
        return None

    # -- drawing --------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        p, text = self.ctx.palette, self.ctx.text
        rect, u, rows, done = self.geometry()
        draw_page(surface, text, p, rect, u, "Settings")
        hits = self.controls()
        label_w = rows[0].w // 2 - u // 6
        size = min(text.fit_size(row.label, max(11, round(u * 0.27)), label_w) for row in ROWS)
        for index, (row, area) in enumerate(zip(ROWS, rows, strict=True)):
            focused = index == self.focus and self.keyboard
            backdrop = p.surface_alt if focused else p.surface
            if focused:
                band = area.inflate(round(u * 0.3), round(u * 0.16))
                pygame.draw.rect(surface, backdrop, band, border_radius=u // 6)
            label = text.render(row.label, size, p.text)
            surface.blit(label, label.get_rect(midleft=area.midleft))
            if row.is_switch:
                draw_switch(surface, p, hits[(index, 0)], bool(self.value(row)))
                continue
            custom = row.field == "key_bindings"
            for k, (_, option) in enumerate(row.choices):
                seg = hits[(index, k)]
                on = not custom and k == self.chosen(row)
                enabled = not custom or k == 0 or bool(self.ctx.settings.key_bindings)
                style = Style.TOGGLED if on else Style.NORMAL if enabled else Style.DISABLED
                draw_button(
                    surface,
                    text,
                    p,
                    seg,
                    option,
                    style=style,
                    hovered=self.hover == (index, k),
                    size=round(seg.h * 0.42),
                    bold=on,
                    backdrop=backdrop,
                )
        draw_button(
            surface,
            text,
            p,
            done,
            "Done",
            style=Style.PRIMARY,
            hovered=self.hover == (len(ROWS), 0),
            focused=self.focus == len(ROWS) and self.keyboard,
            backdrop=p.surface,
        )
