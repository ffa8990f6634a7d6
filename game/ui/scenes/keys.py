"""Keys: every action with its keys, and changing them.

Each row is an action, its keys as chips and a ``+`` chip.  Choosing a chip (click,
or arrows and Enter) waits for a key that replaces it; ``+`` waits for one to add.
While waiting, Esc cancels and Backspace puts the action back on its default keys.
A key another action uses is not taken silently: the page names the owner and
asks for the same key again to move it.  Delete removes the chosen key.

What changes is decided by :mod:`~game.ui.rebind`; the result goes through
``ctx.change_settings(key_bindings=...)`` like any setting, so the help overlay,
the board's tooltips and the persistence seam follow at once.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..actions import Action, Command
from ..context import AppContext
from ..gate import InputContext, Intent, KeyCapture, Pointer, PointerKind
from ..keymap import BINDABLE, letter_digits, parse_chord, reserved
from ..layout import card_layout
from ..panel_view import elide
from ..rebind import Change, assign, key_text, remove, restore
from ..scene_stack import Pop, Scene, Transition
from ..theme import mix
from ..widgets import Style, draw_button, draw_lines, draw_page, wrap_lines

HELP = (
    "Choose a key to change it, or + to add one; Delete removes the chosen key. "
    "While waiting for a key, Esc cancels and Backspace restores the defaults."
)
LETTERS = sorted(letter_digits(16))
_SPAN = f"{LETTERS[0].upper()}–{LETTERS[-1].upper()}"
LETTER_NOTE = (
    f"On 16x16 grids {_SPAN} type digits, so a shortcut on one of those letters "
    "moves to Ctrl+letter there."
)

MIN_UNIT = 44
"""Below this unit (pixels) the type gets too small: the rows scroll instead."""

Slot = tuple[int, int]
"""(row, chip): chip ``len(keys)`` is the row's ``+``."""


@dataclass(frozen=True)
class Geometry:
    """The card, its unit, the visible rows' rects, and the two buttons."""

    card: pygame.Rect
    unit: int
    rows: dict[int, pygame.Rect]  # action index -> its row, for the rows on screen
    message: pygame.Rect
    reset: pygame.Rect
    done: pygame.Rect


class KeysScene(Scene):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.actions: tuple[Action, ...] = BINDABLE
        self.focus: Slot = (0, 0)
        self.keyboard = False  # the focus shows once the keyboard is used
        self.hover: Slot | str | None = None
        self.waiting: Slot | None = None  # the chip that waits for a key
        self.pending = ""  # a key of another action, pressed once: press again to move it
        self.message = ""
        self.first = 0  # the first row on screen, when they do not all fit

    # -- model ----------------------------------------------------------------------

    def keys(self, row: int) -> tuple[str, ...]:
        """The key names of the action in ``row``."""
        return self.ctx.keymap.specs(self.actions[row])

    def start_waiting(self, slot: Slot) -> None:
        self.waiting = slot
        self.pending = ""
        action = self.actions[slot[0]]
        keys = self.keys(slot[0])
        if slot[1] < len(keys):
            self.message = (
                f"Press the new key for {action.label} instead of {key_text(keys[slot[1]])}."
            )
        else:
            self.message = f"Press a key to add to {action.label}."
        self.dirty = True

    def captured(self, spec: str) -> None:
        """The key pressed while waiting: cancel, restore, refuse, ask, or bind."""
        slot = self.waiting
        if slot is None:
            return
        row, chip = slot
        action = self.actions[row]
        keys = self.keys(row)
        self.dirty = True
        if spec == "escape":
            self.waiting, self.pending, self.message = None, "", "Nothing changed."
            return
        if spec == "backspace":
            self._apply(restore(self.ctx.settings.key_bindings, action))
            return
        why = reserved(spec)
        if why:
            self.message = f"{key_text(spec)} cannot be bound: {why}. Press another key."
            return
        owner = self.ctx.keymap.owner(spec)
        replacing = keys[chip] if chip < len(keys) else ""
        if owner is action:
            self.waiting, self.pending = None, ""
            self.message = f"{key_text(spec)} already does {action.label}."
            return
        if owner is not None and spec != self.pending:
            self.pending = spec
            self.message = (
                f"{key_text(spec)} does {owner.label} now. Press {key_text(spec)} again to "
                f"move it to {action.label}, or press another key."
            )
            return
        self._apply(assign(self.ctx.settings.key_bindings, action, spec, replacing))
        if parse_chord(spec).letter in LETTERS:
            self.message += " " + LETTER_NOTE

    def remove_focused(self) -> None:
        row, chip = self.focus
        keys = self.keys(row)
        if chip < len(keys):
            self._apply(remove(self.ctx.settings.key_bindings, self.actions[row], keys[chip]))

    def reset_all(self) -> None:
        self.waiting, self.pending = None, ""
        if self.ctx.settings.key_bindings:
            self.ctx.change_settings(key_bindings={})
            self.message = "Every action is back on its default keys."
        self.dirty = True

    def conflict_row(self) -> int | None:
        """The row of the action a pending key would be taken from (it is highlighted)."""
        if not self.pending:
            return None
        owner = self.ctx.keymap.owner(self.pending)
        return self.actions.index(owner) if owner in self.actions else None

    def _apply(self, change: Change) -> None:
        self.ctx.change_settings(key_bindings=change.bindings)
        self.message = change.message
        self.waiting, self.pending = None, ""
        row = self.focus[0]
        self.focus = (row, min(self.focus[1], len(self.keys(row))))
        self.dirty = True

    # -- geometry -------------------------------------------------------------------

    def columns(self) -> int:
        width, height = self.ctx.size
        return 2 if width >= height * 1.15 else 1

    def geometry(self) -> Geometry:
        width, height = self.ctx.size
        columns = self.columns()
        per_column = -(-len(self.actions) // columns)
        extra = 2.9  # title and help above, message and buttons below, in units
        card = card_layout(width, height, extra + per_column * 0.62, 9.0 * columns, margin=0.6)
        unit = card.unit
        shown = per_column
        if unit < MIN_UNIT:  # too small to read: keep a readable size and scroll the rows
            unit = MIN_UNIT
            shown = max(4, int((height * 0.94 / unit - extra) / 0.62))
            w = min(width - 16, round(11.0 * columns * unit))
            h = round((extra + shown * 0.62) * unit)
            rect = pygame.Rect((width - w) // 2, (height - h) // 2, w, h)
        else:
            rect = card.rect
        u = unit
        inner = rect.inflate(-u, 0)
        gap = round(u * 0.6)
        column_w = (inner.w - (columns - 1) * gap) // columns
        top = rect.y + round(u * 1.75)
        rows: dict[int, pygame.Rect] = {}
        first = self.first if shown < per_column else 0
        for index in range(len(self.actions)):
            column, line = divmod(index, per_column)
            line -= first
            if not 0 <= line < shown:
                continue
            x = inner.x + column * (column_w + gap)
            rows[index] = pygame.Rect(x, top + round(line * 0.62 * u), column_w, round(u * 0.52))
        bottom = rect.bottom - round(u * 0.3)
        done = pygame.Rect(0, 0, round(u * 2.6), round(u * 0.62))
        done.bottomright = (inner.right, bottom)
        reset = pygame.Rect(0, 0, round(u * 3.2), round(u * 0.62))
        reset.bottomright = (done.x - round(u * 0.3), bottom)
        message = pygame.Rect(inner.x, done.y, reset.x - inner.x - round(u * 0.3), done.h)
        return Geometry(rect, u, rows, message, reset, done)

    def chips(self, geometry: Geometry) -> dict[Slot, tuple[pygame.Rect, str]]:
        """Every chip on screen: slot -> (rect, label), keys then ``+``, right-aligned."""
        u = geometry.unit
        found: dict[Slot, tuple[pygame.Rect, str]] = {}
        size = self.chip_size(geometry)
        text = self.ctx.text
        for index, row in geometry.rows.items():
            labels = [key_text(spec) for spec in self.keys(index)]
            if self.waiting is not None and self.waiting[0] == index:
                chip = self.waiting[1]
                waiting = "Press a key…"
                labels = labels[:chip] + [waiting] + labels[chip + 1 :]
            labels.append("+")
            x = row.right
            rects = []
            for label in reversed(labels):
                width = max(round(u * 0.62), text.measure(label, size, True)[0] + round(u * 0.4))
                x -= width
                rects.append((pygame.Rect(x, row.y, width, row.h), label))
                x -= round(u * 0.12)
            for chip, (rect, label) in enumerate(reversed(rects)):
                found[(index, chip)] = (rect, label)
        return found

    @staticmethod
    def _room(chips: dict[Slot, tuple[pygame.Rect, str]], index: int, row: pygame.Rect) -> int:
        """The width left for a row's label, left of its first chip."""
        return chips[(index, 0)][0].x - row.x - max(8, row.h // 3)

    def chip_size(self, geometry: Geometry) -> int:
        return max(10, round(geometry.unit * 0.24))

    def hit(self, pos: tuple[int, int]) -> Slot | str | None:
        g = self.geometry()
        if g.done.collidepoint(pos):
            return "done"
        if g.reset.collidepoint(pos):
            return "reset"
        for slot, (rect, _) in self.chips(g).items():
            if rect.collidepoint(pos):
                return slot
        return None

    # -- input ----------------------------------------------------------------------

    def input_context(self) -> InputContext:
        return InputContext(capture=self.waiting is not None)

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, KeyCapture):
            self.captured(intent.spec)
            return None
        if isinstance(intent, Command):
            return self._command(intent)
        if isinstance(intent, Pointer):
            return self._pointer(intent)
        return None

    def _pointer(self, pointer: Pointer) -> Transition | None:
        if pointer.kind is PointerKind.WHEEL:
            self._scroll(-pointer.wheel)
            return None
        hit = self.hit(pointer.pos)
        if pointer.kind in (PointerKind.MOVE, PointerKind.LEAVE):
            if hit != self.hover:
                self.hover = hit
                self.dirty = True
            return None
        if pointer.kind is not PointerKind.PRESS or pointer.button != 1:
            return None
        if hit == "done":
            return Pop()
        if hit == "reset":
            self.reset_all()
        elif isinstance(hit, tuple):
            self.focus = hit
            self.start_waiting(hit)
        elif self.waiting is not None:
            self.waiting, self.pending, self.message = None, "", "Nothing changed."
            self.dirty = True
        return None

    def _command(self, command: Command) -> Transition | None:
        action = command.action
        self.keyboard = True
        row, chip = self.focus
        if action is Action.BACK:
            return Pop()
        if action in (Action.MOVE_DOWN, Action.NEXT):
            self._focus_row(row + 1)
        elif action in (Action.MOVE_UP, Action.PREVIOUS):
            self._focus_row(row - 1)
        elif action is Action.MOVE_LEFT:
            self.focus = (row, max(0, chip - 1))
        elif action is Action.MOVE_RIGHT:
            self.focus = (row, min(len(self.keys(row)), chip + 1))
        elif action is Action.CONFIRM:
            self.start_waiting(self.focus)
        elif action is Action.ERASE:
            self.remove_focused()
        else:
            return None
        self.dirty = True
        return None

    def _focus_row(self, row: int) -> None:
        row %= len(self.actions)
        self.focus = (row, min(self.focus[1], len(self.keys(row))))
        g = self.geometry()
        if row not in g.rows:  # scroll it into view
            per_column = -(-len(self.actions) // self.columns())
            shown = len(g.rows)
            line = row % per_column
            self.first = line if line < self.first else max(0, line - shown + 1)

    def _scroll(self, lines: int) -> None:
        per_column = -(-len(self.actions) // self.columns())
        shown = len(self.geometry().rows)
        self.first = min(max(0, self.first + lines), max(0, per_column - shown))
        self.dirty = True

    # -- drawing --------------------------------------------------------------------

    def _draw_scrollbar(self, surface: pygame.Surface, g: Geometry) -> None:
        """When the rows scroll, a thin bar at the card's edge shows where the view is."""
        per_column = -(-len(self.actions) // self.columns())
        shown = len(g.rows) // self.columns() if self.columns() > 1 else len(g.rows)
        if not g.rows or shown >= per_column:
            return
        rows = list(g.rows.values())
        top, bottom = rows[0].y, rows[-1].bottom
        width = max(3, g.unit // 12)
        x = g.card.right - g.unit // 4 - width // 2
        track = pygame.Rect(x, top, width, bottom - top)
        pygame.draw.rect(surface, self.ctx.palette.border, track, border_radius=width // 2)
        first = min(self.first, per_column - shown)
        thumb = pygame.Rect(
            x,
            top + round(track.h * first / per_column),
            width,
            max(width * 2, round(track.h * shown / per_column)),
        )
        pygame.draw.rect(surface, self.ctx.palette.text_dim, thumb, border_radius=width // 2)

    def draw(self, surface: pygame.Surface) -> None:
        p, text = self.ctx.palette, self.ctx.text
        g = self.geometry()
        u = g.unit
        title = draw_page(surface, text, p, g.card, u, "Keys", title_drop=0.4)
        small = max(11, round(u * 0.24))
        help_w = g.card.w - u - title.get_width() - u // 2
        lines = wrap_lines(text, HELP, small, help_w, 3)
        draw_lines(
            surface,
            text,
            lines,
            (
                g.card.right - u // 2 - help_w,
                g.card.y + round(u * (0.42 if len(lines) < 3 else 0.3)),
            ),
            small,
            p.text_dim,
            spacing=1.2,
        )
        self._draw_scrollbar(surface, g)
        chips = self.chips(g)
        # One label size for the page: the largest at which every label fits beside
        # its chips (a row of long keys shrinks them all a little, not itself alone).
        # Never below a readable size, though: a label that still does not fit is cut.
        floor = max(11, round(u * 0.24))
        label_size = max(
            floor,
            min(
                text.fit_size(self.actions[i].label, round(u * 0.27), self._room(chips, i, row))
                for i, row in g.rows.items()
            ),
        )
        conflict = self.conflict_row()
        for index, row in g.rows.items():
            action = self.actions[index]
            focused_row = self.keyboard and self.focus[0] == index
            backdrop = p.surface
            if index == conflict:
                backdrop = mix(p.surface, p.error_fill, 0.8)
            elif focused_row or (self.waiting is not None and self.waiting[0] == index):
                backdrop = p.surface_alt
            if backdrop != p.surface:
                band = row.inflate(round(u * 0.24), round(u * 0.1))
                pygame.draw.rect(surface, backdrop, band, border_radius=u // 6)
            first_chip = chips[(index, 0)][0]
            label = elide(text, action.label, label_size, self._room(chips, index, row))
            name = text.render(label, label_size, p.text)
            surface.blit(name, name.get_rect(midleft=row.midleft))
            if len(self.keys(index)) == 0 and not self.waiting:
                none = text.render("no key", small, p.error)
                surface.blit(none, none.get_rect(midright=(first_chip.x - u // 6, row.centery)))
        chip_size = self.chip_size(g)
        for slot, (rect, label) in chips.items():
            waiting = slot == self.waiting
            style = Style.TOGGLED if waiting else Style.NORMAL
            backdrop = p.surface
            if slot[0] == conflict:
                backdrop = mix(p.surface, p.error_fill, 0.8)
            elif (self.keyboard and self.focus[0] == slot[0]) or (
                self.waiting is not None and self.waiting[0] == slot[0]
            ):
                backdrop = p.surface_alt
            draw_button(
                surface,
                text,
                p,
                rect,
                label,
                style=style,
                hovered=self.hover == slot,
                focused=self.keyboard and slot == self.focus and not waiting,
                size=chip_size,
                bold=label != "+",
                backdrop=backdrop,
            )
        message = self.message or (LETTER_NOTE if not self.keyboard else "")
        if message:
            size = max(11, round(u * 0.22))
            lines = wrap_lines(text, message, size, g.message.w, 2)
            colour = p.error if self.pending else p.text_dim
            top = g.message.centery - len(lines) * round(size * 1.3) // 2
            draw_lines(surface, text, lines, (g.message.x, top), size, colour)
        draw_button(
            surface,
            text,
            p,
            g.reset,
            "Reset all",
            hovered=self.hover == "reset",
            style=Style.NORMAL if self.ctx.settings.key_bindings else Style.DISABLED,
            backdrop=p.surface,
        )
        draw_button(
            surface,
            text,
            p,
            g.done,
            "Done",
            style=Style.PRIMARY,
            hovered=self.hover == "done",
            backdrop=p.surface,
        )
