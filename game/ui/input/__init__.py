"""Where platform events become intents: the only place that names keys.

:mod:`.actions` says what the player means, :mod:`.keymap` is the one key map
(bindings as data), :mod:`.gate` turns pygame events into intents, and
:mod:`.rebind` changes bindings.
"""

from .actions import CANDIDATE_COLOURS, CELL_COLOURS, CHORES, Action, Command, Edit
from .gate import (
    Dropped,
    EditKey,
    InputContext,
    Intent,
    KeyCapture,
    Pointer,
    PointerKind,
    TextInput,
    Window,
    WindowChange,
    post_task_done,
    translate,
)
from .keymap import BINDABLE, KeyMap, letter_digits, parse_chord, reserved
from .rebind import Change, assign, key_text, remove, restore

__all__ = [
    "BINDABLE",
    "CANDIDATE_COLOURS",
    "CELL_COLOURS",
    "CHORES",
    "Action",
    "Change",
    "Command",
    "Dropped",
    "Edit",
    "EditKey",
    "InputContext",
    "Intent",
    "KeyCapture",
    "KeyMap",
    "Pointer",
    "PointerKind",
    "TextInput",
    "Window",
    "WindowChange",
    "assign",
    "key_text",
    "letter_digits",
    "parse_chord",
    "post_task_done",
    "remove",
    "reserved",
    "restore",
    "translate",
]
