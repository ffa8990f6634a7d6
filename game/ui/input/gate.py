"""The one gate where pygame events become intents.

Scenes never see a raw pygame event.  Keys go through the key map (in the grid
size and input mode the top scene asks for), the mouse becomes :class:`Pointer`
values, typed text becomes :class:`TextInput` while a text field is open, a file
or folder dropped on the window becomes :class:`Dropped`, and window events
become :class:`WindowChange`.  Anything else is dropped here, so a
scene's ``handle`` only has a few kinds of value to tell apart.
"""

from __future__ import annotations

import contextlib
import enum
from dataclasses import dataclass

import pygame

from .actions import Action, Command, Edit
from .keymap import KeyMap, spec_of

TASK_DONE = pygame.event.custom_type()
"""Posted by :func:`post_task_done` from a worker thread to wake the loop."""


def post_task_done() -> None:
    """Wake the event loop from a worker thread (the session's task runner calls it)."""
    if pygame.display.get_init():
        # A full or closing queue is harmless: poll() also runs on the next wake-up.
        with contextlib.suppress(pygame.error):
            pygame.event.post(pygame.event.Event(TASK_DONE))


class PointerKind(enum.Enum):
    PRESS = "press"
    RELEASE = "release"
    MOVE = "move"
    WHEEL = "wheel"
    LEAVE = "leave"  # the pointer left the window


@dataclass(frozen=True)
class Pointer:
    """A mouse event in window pixels; ``button`` 1 left, 2 middle, 3 right.

    ``ctrl`` and ``shift`` are the modifiers held at a press or release (Ctrl+click
    adds a cell, Shift+click a rectangle); ``held`` says a move is a drag, the left
    button down.
    """

    kind: PointerKind
    pos: tuple[int, int]
    button: int = 0
    wheel: int = 0  # wheel notches, positive away from the player
    ctrl: bool = False
    shift: bool = False
    held: bool = False


@dataclass(frozen=True)
class TextInput:
    """Text typed into an open text field."""

    text: str


@dataclass(frozen=True)
class EditKey:
    edit: Edit


@dataclass(frozen=True)
class KeyCapture:
    """A key pressed while the top scene waits for one to bind: ``"ctrl+h"``, ``"?"``."""

    spec: str


@dataclass(frozen=True)
class Dropped:
    """A file or folder dropped on the window (the app opens it, whatever is on top)."""

    path: str


class Window(enum.Enum):
    RESIZED = "resized"
    MINIMISED = "minimised"
    RESTORED = "restored"
    EXPOSED = "exposed"  # the contents were lost and must be drawn again
    TASK_DONE = "task-done"
    FOCUS_LOST = "focus-lost"  # the player switched to another window


@dataclass(frozen=True)
class WindowChange:
    change: Window
    size: tuple[int, int] = (0, 0)


Intent = Command | Pointer | TextInput | EditKey | KeyCapture | WindowChange | Dropped


@dataclass(frozen=True)
class InputContext:
    """What the top scene needs from the gate: the grid size, whether text is typed,
    and whether the next key is to be bound rather than obeyed."""

    size: int = 0
    text_entry: bool = False
    capture: bool = False
    typing: bool = False
    """Typed text filters a list while keys that type nothing keep their commands
    (the picker: letters go to the filter, arrows and Page Down still move)."""


def translate(event: pygame.event.Event, keymap: KeyMap, context: InputContext) -> Intent | None:
    """The intent of one pygame event, or None when it means nothing to the game."""
    kind = event.type
    if kind == pygame.QUIT:
        return Command(Action.QUIT)
    if kind == pygame.KEYDOWN:
        return _key(event, keymap, context)
    if kind == pygame.TEXTINPUT:
        return TextInput(event.text) if context.text_entry or context.typing else None
    if kind == pygame.DROPFILE:
        return Dropped(event.file)
    if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (1, 2, 3):
        # Mouse events carry no modifiers: the keyboard's state says what is held.
        # A synthetic event may bring its own ``mod`` (tests, and a monkey's clicks).
        mod = event.dict.get("mod", pygame.key.get_mods())
        return Pointer(
            PointerKind.PRESS if kind == pygame.MOUSEBUTTONDOWN else PointerKind.RELEASE,
            tuple(event.pos),
            event.button,
            ctrl=bool(mod & pygame.KMOD_CTRL),
            shift=bool(mod & pygame.KMOD_SHIFT),
        )
    if kind == pygame.MOUSEMOTION:
        buttons = event.dict.get("buttons", (0, 0, 0))
        return Pointer(PointerKind.MOVE, tuple(event.pos), held=bool(buttons and buttons[0]))
    if kind == pygame.MOUSEWHEEL:
        return Pointer(PointerKind.WHEEL, pygame.mouse.get_pos(), wheel=event.y)
    if kind == pygame.WINDOWLEAVE:
        return Pointer(PointerKind.LEAVE, (-1, -1))
    if kind in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
        size = (event.x, event.y) if kind == pygame.WINDOWSIZECHANGED else tuple(event.size)
        return WindowChange(Window.RESIZED, size)
    if kind == pygame.WINDOWMINIMIZED:
        return WindowChange(Window.MINIMISED)
    if kind == pygame.WINDOWFOCUSLOST:
        return WindowChange(Window.FOCUS_LOST)
    if kind == pygame.WINDOWRESTORED:
        return WindowChange(Window.RESTORED)
    if kind == pygame.WINDOWEXPOSED:
        return WindowChange(Window.EXPOSED)
    if kind == TASK_DONE:
        return WindowChange(Window.TASK_DONE)
    return None


def _key(event: pygame.event.Event, keymap: KeyMap, context: InputContext) -> Intent | None:
    if context.capture:
        # Every key is the answer, F11 and Esc included (the scene reads Esc as
        # "cancel"); a lone modifier is only the way to a chord, so it waits.
        spec = spec_of(event.key, event.mod, getattr(event, "unicode", ""))
        return KeyCapture(spec) if spec else None
    if context.text_entry:
        edit = keymap.field_edit_of(event.key, event.mod)
        # Typed characters arrive as TEXTINPUT; F11 and the like still work.
        return EditKey(edit) if edit else _global(event, keymap)
    if context.typing:
        edit = keymap.edit_of(event.key)
        if edit:
            return EditKey(edit)
        char = getattr(event, "unicode", "")
        if char and char.isprintable() and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return None  # the character arrives as TEXTINPUT
        return keymap.resolve(event.key, event.mod, "", 0)
    return keymap.resolve(event.key, event.mod, getattr(event, "unicode", ""), context.size)


def _global(event: pygame.event.Event, keymap: KeyMap) -> Command | None:
    command = keymap.resolve(event.key, event.mod, "", 0)
    if command and command.action in (Action.FULLSCREEN, Action.QUIT):
        return command
    return None
