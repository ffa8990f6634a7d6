"""The scene every form dialog is: input tables, hit-testing and drawing, written once.

A subclass says what its form holds (:meth:`FormScene.spec`), what a pick does
(:meth:`FormScene.change`) and, if it needs to, the values, notes and looks its
controls show; everything else is here.  Keys are a table, :attr:`FormScene.commands`
(action -> what it does): arrows, Tab and Shift+Tab move the focus, Home and End
go to the first and last control, Left/Right change a choice or move along a line
of buttons, Enter and Space press, Esc goes back.  A scene adds its own rows to the
table (the Keys page's Delete) or replaces some (Statistics scrolls on the arrows).

The table holds bound methods rather than names, so mypy checks every entry; the
cards' ``keys`` (action -> button) is the same idea for buttons alone.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..input import Action, Command, Intent, Pointer, PointerKind
from ..kit import Colour, Style
from ..stage import AppContext, Pop, Scene, Transition
from .layout import FormLayout, lay_out
from .model import Form, FormSpec, Pick, Target, part_values
from .view import draw_form

Handler = Callable[[], "Transition | None"]
"""What a key does in a form: a move, a press, the scene's own command."""


class FormScene(Scene):
    """A dialog drawn from a :class:`~.forms.FormSpec` (see the module docstring)."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.form = Form()
        self._layout: tuple[object, FormLayout] | None = None
        self.commands: dict[Action, Handler] = {
            Action.MOVE_UP: lambda: self.move(-1),
            Action.MOVE_DOWN: lambda: self.move(1),
            Action.PREVIOUS: lambda: self.move(-1),
            Action.NEXT: lambda: self.move(1),
            Action.FIRST: lambda: self.move_to(0),
            Action.LAST: lambda: self.move_to(-1),
            Action.MOVE_LEFT: lambda: self.sideways(-1),
            Action.MOVE_RIGHT: lambda: self.sideways(1),
            Action.CONFIRM: self.activate,
            Action.BACK: self.back,
        }

    # -- what a form says (subclasses) ------------------------------------------------

    def spec(self) -> FormSpec:
        raise NotImplementedError

    def change(self, key: str, value: object) -> Transition | None:
        """The player picked ``value`` for control ``key`` (a choice, a switch, a button)."""
        raise NotImplementedError

    def value(self, key: str) -> object:
        """The current value of choice or switch ``key``."""
        return None

    def enabled(self, key: str, value: object) -> bool:
        return True

    def note(self, key: str) -> tuple[str, bool]:
        return ("", False)

    def style(self, key: str, value: object) -> Style | None:
        return None

    def tint(self, stop: int) -> Colour | None:
        return None

    def back(self) -> Transition | None:
        """Esc: leave the dialog."""
        return Pop()

    def draw_area(self, surface: pygame.Surface, key: str, rect: pygame.Rect) -> None:
        """Draw the scene's own area ``key`` (a text field, a table)."""

    def click_area(self, key: str, pos: tuple[int, int]) -> Transition | None:
        return None

    def click_nothing(self) -> Transition | None:
        """A click on no control (the card's background or outside it)."""
        return None

    # -- geometry -----------------------------------------------------------------------

    def layout(self) -> FormLayout:
        """The form placed in the window (kept until the size, the form or the scroll change)."""
        spec = self.spec()
        key = (self.ctx.size, spec, self.form.first)
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, lay_out(spec, self.ctx.size, self.ctx.text, self.form.first))
        return self._layout[1]

    def controls(self) -> dict[Target, pygame.Rect]:
        """Every part on screen that can be pointed at: (stop, part) -> rect."""
        return self.layout().targets()

    def rect_of(self, key: str, value: object = None) -> pygame.Rect:
        """Where part ``value`` of control ``key`` is (its first part without a value)."""
        spec = self.spec()
        stop = spec.stop_of(key)
        values = part_values(spec.controls()[stop])
        return self.controls()[(stop, values.index(value) if value in values else 0)]

    def focus_on(self, key: str, value: object = None) -> None:
        """Put the focus on part ``value`` of control ``key``, scrolled into view."""
        self.form.focus_on(self.spec(), key, value)
        self.reveal()

    # -- input --------------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Command):
            return self.command(intent.action)
        if isinstance(intent, Pointer):
            return self.pointer(intent)
        return None

    def command(self, action: Action) -> Transition | None:
        """A key, through :attr:`commands`."""
        do = self.commands.get(action)
        if do is None:
            return None
        self.form.keyboard = True
        self.dirty = True
        return do()

    def pointer(self, pointer: Pointer) -> Transition | None:
        layout = self.layout()
        target = layout.target_at(pointer.pos)
        if pointer.kind in (PointerKind.MOVE, PointerKind.LEAVE):
            if self.form.point(target):
                self.dirty = True
            return None
        if pointer.kind is PointerKind.WHEEL:
            self.wheel(pointer.wheel)
            return None
        if pointer.kind is not PointerKind.PRESS or pointer.button != 1:
            return None
        self.dirty = True
        if target is not None:
            return self.apply(self.form.press(target, self.spec(), self))
        area = next((k for k, r in layout.areas.items() if r.collidepoint(pointer.pos)), None)
        if area is not None:
            return self.click_area(area, pointer.pos)
        return self.click_nothing()

    def wheel(self, notches: int) -> None:
        """The wheel scrolls what scrolls, a line a notch."""
        self.scroll(-notches)

    def scroll(self, lines: int) -> None:
        scroll = self.layout().scroll
        if scroll is not None and self.form.scroll(lines, scroll.total, scroll.shown):
            self.dirty = True

    # -- the moves of the commands table ------------------------------------------------

    def move(self, delta: int) -> None:
        self.form.move(self.spec(), self, delta)
        self.reveal()

    def move_to(self, end: int) -> None:
        self.form.move_to(self.spec(), self, end)
        self.reveal()

    def sideways(self, delta: int) -> Transition | None:
        return self.apply(self.form.sideways(self.spec(), self, delta))

    def activate(self) -> Transition | None:
        return self.apply(self.form.activate(self.spec(), self))

    def apply(self, pick: Pick | None) -> Transition | None:
        """Carry out a pick, then keep the focus on something that still exists."""
        if pick is None:
            return None
        result = self.change(*pick)
        self.form.valid(self.spec(), self)
        self.dirty = True
        return result

    def reveal(self) -> None:
        """Scroll the focused line into view, when lines scroll."""
        scroll = self.layout().scroll
        if scroll is None or scroll.start is None:
            return
        line = self.form.focus[0] - scroll.start
        if 0 <= line < scroll.total:
            self.form.reveal(line, scroll.shown)

    def resize(self, size: tuple[int, int]) -> None:
        self.scroll(0)  # fewer lines may fit now: keep the view inside the list
        self.dirty = True

    # -- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout()
        ctx = self.ctx
        draw_form(
            surface, ctx.text, ctx.palette, layout, self.spec(), self.form, self, opaque=self.opaque
        )
        for key, rect in layout.areas.items():
            self.draw_area(surface, key, rect)
