"""What the player means, independent of the key or button that said it.

Keys (through :mod:`.keymap`) and on-screen buttons both become :class:`Command`
values, so a scene handles "undo" once, whatever produced it.  Names are the
strings players write in ``Settings.key_bindings``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ...session.board import Chore


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
    STEPS = "steps"  # step through the logical solution
    CHECK = "check"
    FILL_NOTES = "fill-notes"
    # One technique applied across the whole board, as one undoable move.
    EVERYWHERE_NAKED_SINGLES = "everywhere-naked-singles"
    EVERYWHERE_HIDDEN_SINGLES = "everywhere-hidden-singles"
    EVERYWHERE_LOCKED_CANDIDATES = "everywhere-locked-candidates"
    EVERYWHERE_NAKED_PAIRS = "everywhere-naked-pairs"
    EVERYWHERE_HIDDEN_PAIRS = "everywhere-hidden-pairs"
    EVERYWHERE_NAKED_TRIPLES = "everywhere-naked-triples"
    SOLVE = "solve"
    TYPED_MOVE = "typed-move"
    SAVE = "save"
    OPEN = "open"
    FULLSCREEN = "fullscreen"
    BACK = "back"  # Esc: pause on the board, close an overlay, leave a screen
    HELP = "help"
    CONFIRM = "confirm"  # Enter: the focused menu item; applies the step shown
    NEXT = "next"  # Tab: next menu item, or the next step of the solution
    PREVIOUS = "previous"
    QUIT = "quit"  # the window's close button
    # Lists (the puzzle picker); arrows move as everywhere else.
    PAGE_UP = "page-up"
    PAGE_DOWN = "page-down"
    FIRST = "first"
    LAST = "last"
    PARENT = "parent-folder"
    REFRESH = "refresh"
    GO_TO_PATH = "go-to-path"  # the picker's path line (Ctrl+L, as in file managers)
    # Choosing many cells (a drag and Ctrl/Shift clicks do it with the mouse).
    SELECT_EMPTY = "select-empty"
    EXTEND_UP = "extend-up"
    EXTEND_DOWN = "extend-down"
    EXTEND_LEFT = "extend-left"
    EXTEND_RIGHT = "extend-right"
    NOTE_KIND = "note-kind"  # cycle what notes write: candidates, corner, centre
    # Colours: one action per colour, so each key is the player's to move; the
    # digits of a colour key are part of its binding, not of the command.
    COLOUR_1 = "colour-1"
    COLOUR_2 = "colour-2"
    COLOUR_3 = "colour-3"
    COLOUR_4 = "colour-4"
    COLOUR_5 = "colour-5"
    COLOUR_6 = "colour-6"
    COLOUR_7 = "colour-7"
    COLOUR_8 = "colour-8"
    COLOUR_NONE = "colour-none"
    CANDIDATE_COLOUR_1 = "candidate-colour-1"
    CANDIDATE_COLOUR_2 = "candidate-colour-2"
    CANDIDATE_COLOUR_3 = "candidate-colour-3"
    CANDIDATE_COLOUR_4 = "candidate-colour-4"
    CANDIDATE_COLOUR_5 = "candidate-colour-5"
    CANDIDATE_COLOUR_6 = "candidate-colour-6"
    CANDIDATE_COLOUR_7 = "candidate-colour-7"
    CANDIDATE_COLOUR_8 = "candidate-colour-8"
    CANDIDATE_COLOUR_NONE = "candidate-colour-none"
    CLEAR_COLOURS = "clear-colours"
    # What if: guesses in their own ink, savepoints, the first mistake.
    GUESS = "guess"
    COMMIT_GUESS = "commit-guess"
    ABANDON_GUESS = "abandon-guess"
    SAVEPOINT = "savepoint"
    GO_TO_SAVEPOINT = "go-to-savepoint"
    FIND_MISTAKE = "find-mistake"
    REVEAL = "reveal"
    # What the board shows (HoDoKu's filters): one digit's candidates, bivalue cells.
    FILTER = "filter-digit"
    FILTER_NEXT = "filter-next"
    FILTER_PREVIOUS = "filter-previous"
    BIVALUE = "bivalue"

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
    Action.STEPS: "Step through the solution",
    Action.CHECK: "Check entries",
    Action.FILL_NOTES: "Fill notes",
    Action.EVERYWHERE_NAKED_SINGLES: "Naked singles everywhere",
    Action.EVERYWHERE_HIDDEN_SINGLES: "Hidden singles everywhere",
    Action.EVERYWHERE_LOCKED_CANDIDATES: "Locked candidates everywhere",
    Action.EVERYWHERE_NAKED_PAIRS: "Naked pairs everywhere",
    Action.EVERYWHERE_HIDDEN_PAIRS: "Hidden pairs everywhere",
    Action.EVERYWHERE_NAKED_TRIPLES: "Naked triples everywhere",
    Action.SOLVE: "Solve (give up)",
    Action.TYPED_MOVE: "Type a move",
    Action.SAVE: "Save",
    Action.OPEN: "Open puzzle",
    Action.FULLSCREEN: "Full screen on/off",
    Action.BACK: "Pause / back",
    Action.HELP: "This help",
    Action.CONFIRM: "Choose / apply the step",
    Action.NEXT: "Next item / step",
    Action.PREVIOUS: "Previous item / step",
    Action.QUIT: "Quit",
    Action.PAGE_UP: "Page up",
    Action.PAGE_DOWN: "Page down",
    Action.FIRST: "First item",
    Action.LAST: "Last item",
    Action.PARENT: "Parent folder",
    Action.REFRESH: "Read the folder again",
    Action.GO_TO_PATH: "Type a folder or file path",
    Action.SELECT_EMPTY: "Choose every empty cell",
    Action.EXTEND_UP: "Choose cells upwards",
    Action.EXTEND_DOWN: "Choose cells downwards",
    Action.EXTEND_LEFT: "Choose cells to the left",
    Action.EXTEND_RIGHT: "Choose cells to the right",
    Action.NOTE_KIND: "Next kind of note",
    Action.COLOUR_1: "Colour the cells 1",
    Action.COLOUR_2: "Colour the cells 2",
    Action.COLOUR_3: "Colour the cells 3",
    Action.COLOUR_4: "Colour the cells 4",
    Action.COLOUR_5: "Colour the cells 5",
    Action.COLOUR_6: "Colour the cells 6",
    Action.COLOUR_7: "Colour the cells 7",
    Action.COLOUR_8: "Colour the cells 8",
    Action.CANDIDATE_COLOUR_1: "Colour the candidate 1",
    Action.CANDIDATE_COLOUR_2: "Colour the candidate 2",
    Action.CANDIDATE_COLOUR_3: "Colour the candidate 3",
    Action.CANDIDATE_COLOUR_4: "Colour the candidate 4",
    Action.CANDIDATE_COLOUR_5: "Colour the candidate 5",
    Action.CANDIDATE_COLOUR_6: "Colour the candidate 6",
    Action.CANDIDATE_COLOUR_7: "Colour the candidate 7",
    Action.CANDIDATE_COLOUR_8: "Colour the candidate 8",
    Action.COLOUR_NONE: "Uncolour the cells",
    Action.CANDIDATE_COLOUR_NONE: "Uncolour the candidate",
    Action.CLEAR_COLOURS: "Clear every colour",
    Action.GUESS: "Start a what-if guess",
    Action.COMMIT_GUESS: "Keep the guess",
    Action.ABANDON_GUESS: "Abandon the guess",
    Action.SAVEPOINT: "Set a savepoint",
    Action.GO_TO_SAVEPOINT: "Back to the savepoint",
    Action.FIND_MISTAKE: "Find my first mistake",
    Action.REVEAL: "Reveal this cell",
    Action.FILTER: "Show one digit's candidates",
    Action.FILTER_NEXT: "Show the next digit's",
    Action.FILTER_PREVIOUS: "Show the previous digit's",
    Action.BIVALUE: "Light cells with two candidates",
}


class Edit(enum.Enum):
    """Editing keys of an open text field (the key map's actions are off meanwhile)."""

    BACKSPACE = "backspace"
    ENTER = "enter"
    CANCEL = "cancel"
    # Caret keys and paste: only a one-line text field reads these (the picker's
    # filter keeps its arrows for moving in the list).
    DELETE = "delete"
    LEFT = "left"
    RIGHT = "right"
    HOME = "home"
    END = "end"
    PASTE = "paste"
    SELECT_ALL = "select-all"  # Ctrl+A: typing then replaces the whole text
    NEXT = "next"  # Tab: the dialog's next choice (the field keeps the focus)


@dataclass(frozen=True)
class Command:
    """An action, with the digit it concerns for DIGIT and NOTE."""

    action: Action
    digit: int = 0

    def __str__(self) -> str:
        return f"{self.action.value} {self.digit}" if self.digit else self.action.value


CHORES: dict[Action, Chore] = {
    Action.EVERYWHERE_NAKED_SINGLES: Chore.NAKED_SINGLES,
    Action.EVERYWHERE_HIDDEN_SINGLES: Chore.HIDDEN_SINGLES,
    Action.EVERYWHERE_LOCKED_CANDIDATES: Chore.LOCKED_CANDIDATES,
    Action.EVERYWHERE_NAKED_PAIRS: Chore.NAKED_PAIRS,
    Action.EVERYWHERE_HIDDEN_PAIRS: Chore.HIDDEN_PAIRS,
    Action.EVERYWHERE_NAKED_TRIPLES: Chore.NAKED_TRIPLES,
}
"""The "apply everywhere" actions and the session's chores they ask for, in panel order."""

CELL_COLOURS: dict[Action, int] = {
    **{Action(f"colour-{k}"): k for k in range(1, 9)},
    Action.COLOUR_NONE: 0,
}
"""Keys that colour the chosen cells, and the colour (0 takes it off)."""

CANDIDATE_COLOURS: dict[Action, int] = {
    **{Action(f"candidate-colour-{k}"): k for k in range(1, 9)},
    Action.CANDIDATE_COLOUR_NONE: 0,
}
"""Keys that colour the last digit's candidate in the chosen cells (0 takes it off)."""
