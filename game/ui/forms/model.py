"""The form kit's vocabulary and its keyboard model: controls as data, focus as a value.

A dialog (Settings, New game, Keys, Statistics, Save) is a :class:`FormSpec`: a
title, a stack of blocks (:class:`Lines` of labelled controls, :class:`Note` s the
scene words, :class:`Area` s the scene draws itself) and a footer of buttons.  A
setting is one line of data::

    Choice("theme", "Theme", ((Theme.LIGHT, "Light"), (Theme.DARK, "Dark")))
    Switch("show_timer", "Show the timer")

Every control is a *stop* for the keyboard, numbered in reading order (the footer
last); a control's *parts* are its options, buttons or the switch itself, so a
:data:`Target` ``(stop, part)`` names anything the player can point at.  The
:class:`Form` keeps the focus, the hover and the scroll position, and turns moves
(up, down, sideways, Home, End, Enter, a click) into focus changes and *picks*:
``(key, value)`` pairs the scene applies (a choice made, a switch flipped, a
button pressed).  It never draws and never knows what a key means; geometry is
:mod:`.form_layout`'s, drawing :mod:`.form_view`'s, input :mod:`.form_scene`'s.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

Target = tuple[int, int]
"""(stop, part): a control in reading order and one of its options or buttons."""

Pick = tuple[str, object]
"""(control key, value): what the player chose, for the scene to apply."""


class Labels(enum.Enum):
    """Where a line's label goes: left of its control, or above it as a caption."""

    BESIDE = "beside"
    ABOVE = "above"


class Fit(enum.Enum):
    """How a line's buttons are sized: all as wide as the widest, or each to its words."""

    EQUAL = "equal"
    CONTENT = "content"  # key chips: short and long keys side by side, right-aligned


@dataclass(frozen=True)
class Choice:
    """One of a few values, shown side by side; Left/Right change it, a click picks."""

    key: str
    label: str
    options: tuple[tuple[object, str], ...]
    hint: str = ""  # one line of explanation under the line (labels beside)


@dataclass(frozen=True)
class Switch:
    """On or off; Enter, Space, Left/Right or a click flips it."""

    key: str
    label: str
    hint: str = ""  # one line of explanation under the line (labels beside)


@dataclass(frozen=True)
class Button:
    """A button of a :class:`Buttons` line; ``value`` is what pressing it picks."""

    value: str
    label: str
    primary: bool = False
    bold: bool = False


@dataclass(frozen=True)
class Buttons:
    """A line of buttons (Left/Right move between them, Enter presses), with an
    optional label before them and a ``remark`` (a short word in the error colour,
    such as "no key") between the label and the buttons."""

    key: str
    label: str
    buttons: tuple[Button, ...]
    fit: Fit = Fit.EQUAL
    remark: str = ""
    hint: str = ""  # one line of explanation under the line (labels beside)


Control = Choice | Switch | Buttons


@dataclass(frozen=True)
class Lines:
    """Labelled controls, one per line, in one or two columns (whichever reads larger).

    ``scroll``: when even the smallest readable type cannot show every line, one
    column shows as many as fit and scrolls.  ``width`` is a floor for a column,
    in units, so a line that grows (a key added) rarely widens the card.
    """

    controls: tuple[Control, ...]
    labels: Labels = Labels.BESIDE
    columns: tuple[int, ...] = (1,)
    scroll: bool = False
    width: float = 0.0
    whole: float = 0.0  # scroll only below this share of the window's unit (0: the kit's)


@dataclass(frozen=True)
class Note:
    """Words wrapped to the card, at most ``lines`` lines: fixed ``words``, or what
    the scene says now (its ``note(key)``, room kept for ``lines`` lines)."""

    key: str
    lines: int
    width: float = 0.0  # the least width in units, for a card that is only words
    words: str = ""


@dataclass(frozen=True)
class Area:
    """Room the scene draws in itself: ``width`` units wide, ``head`` units of fixed
    rows and then ``rows`` rows ``row`` units tall, which scroll when they do not fit
    (a table), or a fixed ``head`` alone (a text field)."""

    key: str
    width: float
    head: float
    row: float = 0.0
    rows: int = 0


Block = Lines | Note | Area


@dataclass(frozen=True)
class FormSpec:
    """A whole dialog: title, blocks from the top, and the footer's buttons.

    ``aside`` is a note right of the title, ``footnote`` one left of the footer's
    buttons.  With ``enter_default``, Enter on a choice presses the footer's
    primary button (New game: choose, then Enter starts); otherwise it moves the
    choice on, as Enter on a switch flips it.
    """

    title: str
    blocks: tuple[Block, ...]
    footer: Buttons
    aside: Note | None = None
    footnote: Note | None = None
    enter_default: bool = False

    def controls(self) -> tuple[Control, ...]:
        """Every stop, in reading order: the lines' controls, then the footer."""
        found: list[Control] = []
        for block in self.blocks:
            if isinstance(block, Lines):
                found.extend(block.controls)
        found.append(self.footer)
        return tuple(found)

    def notes(self) -> dict[str, Note]:
        """Every note by key: blocks, the aside and the footnote."""
        found = [b for b in self.blocks if isinstance(b, Note)]
        found += [n for n in (self.aside, self.footnote) if n is not None]
        return {note.key: note for note in found}

    def stop_of(self, key: str) -> int:
        """The stop of the control named ``key`` (ValueError if there is none)."""
        for stop, control in enumerate(self.controls()):
            if control.key == key:
                return stop
        raise ValueError(f"no control {key!r} in the form {self.title!r}")


def part_values(control: Control) -> tuple[object, ...]:
    """What each part of ``control`` picks: its options' values, its buttons' values."""
    if isinstance(control, Choice):
        return tuple(value for value, _ in control.options)
    if isinstance(control, Buttons):
        return tuple(button.value for button in control.buttons)
    return (True,)


class Model(Protocol):
    """What the form asks of its scene: the values shown, and which parts can be used."""

    def value(self, key: str) -> object:
        """The current value of a choice or a switch."""

    def enabled(self, key: str, value: object) -> bool:
        """Whether the option or button ``value`` of control ``key`` can be used now."""


@dataclass
class Form:
    """Focus, hover and scroll of one dialog, and the moves that change them.

    The focus ring shows only once the keyboard is used (``keyboard``), so a
    player with the mouse sees no ring jump around.  ``first`` is the first line
    (or table row) shown when they scroll.
    """

    focus: Target = (0, 0)
    hover: Target | None = None
    keyboard: bool = False
    first: int = 0

    # -- focus ------------------------------------------------------------------------

    def focus_on(self, spec: FormSpec, key: str, value: object = None) -> None:
        """Put the focus on control ``key`` (on its part ``value``, if given)."""
        stop = spec.stop_of(key)
        values = part_values(spec.controls()[stop])
        self.focus = (stop, values.index(value) if value in values else 0)

    def move(self, spec: FormSpec, model: Model, delta: int) -> None:
        """Up/Down, Tab/Shift+Tab: the next control that can be used, wrapping round."""
        controls = spec.controls()
        stop = self.focus[0]
        for _ in range(len(controls)):
            stop = (stop + delta) % len(controls)
            if self._enter(controls, stop, model):
                return

    def move_to(self, spec: FormSpec, model: Model, end: int) -> None:
        """Home (``end`` 0) or End (``end`` -1): the first or last usable control."""
        controls = spec.controls()
        order = range(len(controls)) if end == 0 else range(len(controls) - 1, -1, -1)
        for stop in order:
            if self._enter(controls, stop, model):
                return

    def _enter(self, controls: Sequence[Control], stop: int, model: Model) -> bool:
        """Focus ``stop`` if any part of it can be used, keeping the part's position."""
        control = controls[stop]
        usable = _usable(control, model)
        if not usable:
            return False
        if isinstance(control, Choice):
            self.focus = (stop, _chosen(control, model))
            return True
        part = min(self.focus[1], len(part_values(control)) - 1)
        self.focus = (stop, min(usable, key=lambda index: (abs(index - part), index)))
        return True

    def valid(self, spec: FormSpec, model: Model) -> None:
        """Keep the focus on something that exists (controls come and go, keys too)."""
        controls = spec.controls()
        stop = min(self.focus[0], len(controls) - 1)
        self.focus = (stop, self.focus[1])
        if not self._enter(controls, stop, model):
            self.move(spec, model, 1)

    # -- moves that may pick ----------------------------------------------------------

    def sideways(self, spec: FormSpec, model: Model, delta: int) -> Pick | None:
        """Left/Right: the next option of a choice (a pick), flip a switch, or the
        next button of a line (focus only)."""
        stop, part = self.focus
        control = spec.controls()[stop]
        if isinstance(control, Switch):
            return (control.key, not model.value(control.key))
        usable = _usable(control, model)
        if not usable:
            return None
        if isinstance(control, Choice):
            part = _chosen(control, model)
        count = len(part_values(control))
        for _ in range(count):
            part = (part + delta) % count
            if part in usable:
                break
        self.focus = (stop, part)
        if isinstance(control, Choice):
            return (control.key, control.options[part][0])
        return None

    def activate(self, spec: FormSpec, model: Model) -> Pick | None:
        """Enter: press the focused button, flip the switch, or move a choice on (or
        press the default button, in a form where Enter means "go")."""
        stop, part = self.focus
        control = spec.controls()[stop]
        if isinstance(control, Choice):
            if spec.enter_default:
                default = next((b for b in spec.footer.buttons if b.primary), None)
                if default is not None and model.enabled(spec.footer.key, default.value):
                    return (spec.footer.key, default.value)
                return None
            return self.sideways(spec, model, 1)
        return self.press((stop, part), spec, model)

    def press(self, target: Target, spec: FormSpec, model: Model) -> Pick | None:
        """A click (or Enter) on ``target``: it takes the focus, and picks if usable."""
        stop, part = target
        control = spec.controls()[stop]
        if isinstance(control, Switch):
            self.focus = (stop, 0)
            return (control.key, not model.value(control.key))
        value = part_values(control)[part]
        if not model.enabled(control.key, value):
            return None
        self.focus = target
        return (control.key, value)

    # -- hover and scrolling ----------------------------------------------------------

    def point(self, target: Target | None) -> bool:
        """The pointer is over ``target`` now; whether that changes the picture."""
        if target == self.hover:
            return False
        self.hover = target
        return True

    def scroll(self, lines: int, total: int, shown: int) -> bool:
        """Scroll by ``lines`` within ``total`` lines of which ``shown`` fit; whether it moved."""
        first = min(max(0, self.first + lines), max(0, total - shown))
        if first == self.first:
            return False
        self.first = first
        return True

    def reveal(self, line: int, shown: int) -> None:
        """Scroll so line ``line`` (of a scrolled list) is among the ``shown`` on screen."""
        if line < self.first:
            self.first = line
        elif line >= self.first + shown:
            self.first = line - shown + 1


def _usable(control: Control, model: Model) -> list[int]:
    """The parts of ``control`` the player can use now."""
    if isinstance(control, Switch):
        return [0]
    return [i for i, value in enumerate(part_values(control)) if model.enabled(control.key, value)]


def _chosen(control: Choice, model: Model) -> int:
    """The index of a choice's current option (0 if the value is none of them)."""
    value = model.value(control.key)
    return next((i for i, (option, _) in enumerate(control.options) if option == value), 0)
