"""Keys: every action with its keys, and changing them.

Each row is an action, its keys as chips and a ``+`` chip.  Choosing a chip (click,
or arrows and Enter) waits for a key that replaces it; ``+`` waits for one to add.
While waiting, Esc cancels and Backspace puts the action back on its default keys.
A key another action uses is not taken silently: the page names the owner and
asks for the same key again to move it.  Delete removes the chosen key.

What changes is decided by :mod:`~game.ui.input.rebind`; the result goes through
``ctx.change_settings(key_bindings=...)`` like any setting, so the help overlay,
the board's tooltips and the persistence seam follow at once.

The page is a form (:mod:`game.ui.forms.scene`): each action is a line of buttons,
its keys, so focus, hover, scrolling and drawing are the kit's; what is this
page's own is waiting for a key and the question a taken key asks.
"""

from __future__ import annotations

from ..forms import Button, Buttons, Fit, FormScene, FormSpec, Lines, Note, Target
from ..input import (
    BINDABLE,
    Action,
    Change,
    InputContext,
    Intent,
    KeyCapture,
    assign,
    key_text,
    letter_digits,
    parse_chord,
    remove,
    reserved,
    restore,
)
from ..kit import Colour, Style, mix
from ..stage import AppContext, Pop, Transition

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
ADD = "+new"
"""The value of a line's ``+`` chip (never a key name: those parse)."""
WAITING = "Press a key…"
LINE_WIDTH = 12.0
"""The least width of a line, in units, so a key added rarely widens the page."""
FOOTER = Buttons("footer", "", (Button("reset", "Reset all"), Button("done", "Done", primary=True)))

Slot = Target
"""(row, chip): chip ``len(keys)`` is the row's ``+``."""


class KeysScene(FormScene):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.actions: tuple[Action, ...] = BINDABLE
        self.waiting: Slot | None = None  # the chip that waits for a key
        self.pending = ""  # a key of another action, pressed once: press again to move it
        self.message = ""
        self.commands[Action.ERASE] = self.remove_focused

    @property
    def focus(self) -> Slot:
        return self.form.focus

    @focus.setter
    def focus(self, slot: Slot) -> None:
        self.form.focus = slot

    # -- model ----------------------------------------------------------------------

    def keys(self, row: int) -> tuple[str, ...]:
        """The key names of the action in ``row``."""
        return self.ctx.keymap.specs(self.actions[row])

    def start_waiting(self, slot: Slot) -> None:
        self.waiting = slot
        self.focus = slot
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
            self.cancel()
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

    def cancel(self) -> None:
        """Stop waiting for a key, changing nothing."""
        if self.waiting is not None:
            self.waiting, self.pending, self.message = None, "", "Nothing changed."
            self.dirty = True

    def remove_focused(self) -> None:
        row, chip = self.focus
        if row >= len(self.actions):
            return
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

    # -- the form -------------------------------------------------------------------

    def spec(self) -> FormSpec:
        lines = Lines(
            tuple(self._line(row) for row in range(len(self.actions))),
            columns=(1, 2),
            scroll=True,
            width=LINE_WIDTH,
        )
        # The help and the 16x16 rule head the page, wrapped to its width: beside the
        # title and under the list they were cut short at 1280x800.
        return FormSpec(
            "Keys",
            (Note("help", 4, words=f"{HELP} {LETTER_NOTE}"), lines),
            FOOTER,
            footnote=Note("message", 2),
        )

    def _line(self, row: int) -> Buttons:
        """An action's line: its keys as chips, then ``+``."""
        keys = self.keys(row)
        chips = [Button(spec, key_text(spec), bold=True) for spec in keys]
        chips.append(Button(ADD, "+"))
        if self.waiting is not None and self.waiting[0] == row:
            chip = self.waiting[1]
            chips[chip] = Button(chips[chip].value, WAITING, bold=True)
        remark = "no key" if not keys and self.waiting is None else ""
        action = self.actions[row]
        return Buttons(action.value, action.label, tuple(chips), Fit.CONTENT, remark)

    def enabled(self, key: str, value: object) -> bool:
        return value != "reset" or bool(self.ctx.settings.key_bindings)

    def change(self, key: str, value: object) -> Transition | None:
        if value == "done":
            return Pop()
        if value == "reset":
            self.reset_all()
            return None
        row = self.actions.index(Action(key))
        keys = self.keys(row)
        self.start_waiting((row, keys.index(str(value)) if value in keys else len(keys)))
        return None

    def note(self, key: str) -> tuple[str, bool]:
        return self.message, bool(self.pending)

    def style(self, key: str, value: object) -> Style | None:
        waiting = self.waiting
        if waiting is None or key != self.actions[waiting[0]].value:
            return None
        keys = self.keys(waiting[0])
        chip = keys[waiting[1]] if waiting[1] < len(keys) else ADD
        return Style.TOGGLED if value == chip else None

    def tint(self, stop: int) -> Colour | None:
        p = self.ctx.palette
        if stop == self.conflict_row():
            return mix(p.surface, p.error_fill, 0.8)
        if self.waiting is not None and self.waiting[0] == stop:
            return p.surface_alt
        return None

    # -- input ----------------------------------------------------------------------

    def input_context(self) -> InputContext:
        return InputContext(capture=self.waiting is not None)

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, KeyCapture):
            self.captured(intent.spec)
            return None
        return super().handle(intent)

    def click_nothing(self) -> Transition | None:
        self.cancel()
        return None
