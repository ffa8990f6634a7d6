"""What the player means, independent of the key or button that said it.

Keys (through :mod:`.keymap`) and on-screen buttons both become :class:`Command`
values, so a scene handles "undo" once, whatever produced it.  Names are the
strings players write in ``Settings.key_bindings``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Action(enum.StrEnum):
    """Every intent a key or a button can carry."""

    MOVE_UP = "move-up"
    MOVE_DOWN = "move-down"
    MOVE_LEFT = "move-left"
    MOVE_RIGHT = "move-right"
    DIGIT = "digit"  # place a digit (Command.digit)
    NOTE = "note"  # toggle a note (Command.digit)
    NOTES_MODE = "notes-mode"
    ERASE = "erase"
    UNDO = "undo"
    REDO = "redo"
    HINT = "hint"
    CHECK = "check"
    FILL_NOTES = "fill-notes"
    SOLVE = "solve"
    TYPED_MOVE = "typed-move"
    SAVE = "save"
    OPEN = "open"
    FULLSCREEN = "fullscreen"
    BACK = "back"  # Esc: pause on the board, close an overlay, leave a screen
    HELP = "help"
    CONFIRM = "confirm"  # Enter: the focused menu item
    NEXT = "next"  # Tab: next menu item
    PREVIOUS = "previous"
    QUIT = "quit"  # the window's close button

    @property
    def label(self) -> str:
        """How the help overlay names the action."""
        return _LABELS.get(self, self.value.replace("-", " ").capitalize())


_LABELS = {
    Action.MOVE_UP: "Move up",
    Action.MOVE_DOWN: "Move down",
    Action.MOVE_LEFT: "Move left",
    Action.MOVE_RIGHT: "Move right",
    Action.DIGIT: "Place a digit",
    Action.NOTE: "Toggle a note",
    Action.NOTES_MODE: "Notes mode on/off",
    Action.ERASE: "Erase",
    Action.UNDO: "Undo",
    Action.REDO: "Redo",
    Action.HINT: "Hint (press up to 3 times)",
    Action.CHECK: "Check entries",
    Action.FILL_NOTES: "Fill notes",
    Action.SOLVE: "Solve (give up)",
    Action.TYPED_MOVE: "Type a move",
    Action.SAVE: "Save",
    Action.OPEN: "Open puzzle",
    Action.FULLSCREEN: "Full screen on/off",
    Action.BACK: "Pause / back",
    Action.HELP: "This help",
    Action.CONFIRM: "Choose",
    Action.NEXT: "Next item",
    Action.PREVIOUS: "Previous item",
    Action.QUIT: "Quit",
}


class Edit(enum.Enum):
    """Editing keys of an open text field (the key map's actions are off meanwhile)."""

    BACKSPACE = "backspace"
    ENTER = "enter"
    CANCEL = "cancel"


@dataclass(frozen=True)
class Command:
    """An action, with the digit it concerns for DIGIT and NOTE."""

    action: Action
    digit: int = 0

    def __str__(self) -> str:
        return f"{self.action.value} {self.digit}" if self.digit else self.action.value
