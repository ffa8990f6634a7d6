"""The one key map: the only module that names pygame ``K_*`` constants.

Bindings are data: :data:`DEFAULT_BINDINGS` maps each :class:`~.actions.Action` to key
names such as ``"ctrl+z"`` or ``"w"``; ``Settings.key_bindings`` replaces the keys of
any action by name.  A key the player bound to an action is that action's alone: an
action left on its defaults gives it up (so a key moved from Hint to Check stays
with Check even if the settings file forgets that Hint was emptied).  Digits are
not in the table: ``1``-``9`` (number row or keypad) place a digit and Shift+digit
toggles a note, in every grid.  Ctrl+digit and Ctrl+Shift+digit are in it, as one
action per colour (``colour-3`` is Ctrl+3, ``candidate-colour-3`` Ctrl+Shift+3): a
colour is a choice of eight, not a digit of the grid, so each of its keys can move
like any other shortcut.  (One action carrying the digit, as Shift+digit does for
notes, was the road not taken: the Keys page binds a key, not "Ctrl plus any digit".)

Grids larger than 9 use letters as digits (``A`` is 10, ``G`` is 16), which would
collide with letter shortcuts (WASD, ``C`` for check...).  The rule, shown in the
help overlay: *a letter that is a digit of the grid types that digit*.  A shortcut
that loses its letter this way keeps working through its other keys when it has
any (arrows still move), and otherwise moves to Ctrl+letter (Ctrl+C checks on a
16x16 grid).  The alternative, a global "letters are digits" mode key, was
rejected: it is one more mode to forget about.  So no default key is a plain A-G,
and no default takes Ctrl+C, where Check goes on 16x16: the what-if keys are X
(commit), Ctrl+X (abandon) and Shift+X (start), savepoints P and Shift+P.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import pygame

from ...engine.symbols import SYMBOLS
from .actions import Action, Command, Edit

# Key names (lower case) to pygame key codes.  Character bindings such as "?" are
# matched on the typed character instead, so they work on any keyboard layout.
_NAMED: dict[str, int] = {
    "up": pygame.K_UP,
    "down": pygame.K_DOWN,
    "left": pygame.K_LEFT,
    "right": pygame.K_RIGHT,
    "backspace": pygame.K_BACKSPACE,
    "delete": pygame.K_DELETE,
    "return": pygame.K_RETURN,
    "kp-enter": pygame.K_KP_ENTER,
    "escape": pygame.K_ESCAPE,
    "tab": pygame.K_TAB,
    "space": pygame.K_SPACE,
    "home": pygame.K_HOME,
    "end": pygame.K_END,
    "page-up": pygame.K_PAGEUP,
    "page-down": pygame.K_PAGEDOWN,
}
_NAMED.update({f"f{i}": getattr(pygame, f"K_F{i}") for i in range(1, 13)})
_NAMED.update({chr(c): c for c in range(ord("a"), ord("z") + 1)})  # K_a..K_z are ASCII
_NAMED.update({str(i): getattr(pygame, f"K_{i}") for i in range(10)})
_NAMED.update({f"kp{i}": getattr(pygame, f"K_KP{i}") for i in range(10)})

_NAME_OF = {code: name for name, code in _NAMED.items()}

_MODIFIERS = {
    pygame.K_LSHIFT,
    pygame.K_RSHIFT,
    pygame.K_LCTRL,
    pygame.K_RCTRL,
    pygame.K_LALT,
    pygame.K_RALT,
    pygame.K_LGUI,
    pygame.K_RGUI,
    pygame.K_MODE,
    pygame.K_CAPSLOCK,
    pygame.K_NUMLOCK,
}

_EDITS = {
    pygame.K_BACKSPACE: Edit.BACKSPACE,
    pygame.K_RETURN: Edit.ENTER,
    pygame.K_KP_ENTER: Edit.ENTER,
    pygame.K_ESCAPE: Edit.CANCEL,
}

_FIELD_EDITS = {
    pygame.K_DELETE: Edit.DELETE,
    pygame.K_LEFT: Edit.LEFT,
    pygame.K_RIGHT: Edit.RIGHT,
    pygame.K_HOME: Edit.HOME,
    pygame.K_END: Edit.END,
    pygame.K_TAB: Edit.NEXT,
}
"""Keys a one-line text field adds to :data:`_EDITS`."""

_NUMBER_ROW = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
_KEYPAD = {getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)}

_SHOWN = {
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    "backspace": "Backspace",
    "delete": "Delete",
    "return": "Enter",
    "kp-enter": "Num Enter",
    "escape": "Esc",
    "tab": "Tab",
    "space": "Space",
    "page-up": "Page Up",
    "page-down": "Page Down",
    "home": "Home",
    "end": "End",
}

DEFAULT_BINDINGS: dict[Action, tuple[str, ...]] = {
    Action.MOVE_UP: ("up", "w"),
    Action.MOVE_DOWN: ("down", "s"),
    Action.MOVE_LEFT: ("left", "a"),
    Action.MOVE_RIGHT: ("right", "d"),
    Action.NOTES_MODE: ("n",),
    Action.ERASE: ("backspace", "delete", "0", "kp0"),
    Action.UNDO: ("ctrl+z",),
    Action.REDO: ("ctrl+y", "ctrl+shift+z"),
    Action.HINT: ("h",),
    Action.STEPS: ("t",),
    Action.CHECK: ("c",),
    Action.FILL_NOTES: ("shift+n", "f"),
    # Alt+digit: digits are free of Alt everywhere, and the order follows the
    # techniques from simplest to harder, as the step panel lists them.
    Action.EVERYWHERE_NAKED_SINGLES: ("alt+1",),
    Action.EVERYWHERE_HIDDEN_SINGLES: ("alt+2",),
    Action.EVERYWHERE_LOCKED_CANDIDATES: ("alt+3",),
    Action.EVERYWHERE_NAKED_PAIRS: ("alt+4",),
    Action.EVERYWHERE_HIDDEN_PAIRS: ("alt+5",),
    Action.EVERYWHERE_NAKED_TRIPLES: ("alt+6",),
    Action.SOLVE: ("ctrl+shift+s",),
    Action.TYPED_MOVE: (":",),
    Action.SAVE: ("ctrl+s",),
    Action.OPEN: ("ctrl+o",),
    Action.FULLSCREEN: ("f11",),
    Action.BACK: ("escape",),
    Action.HELP: ("f1", "?"),
    Action.CONFIRM: ("return", "kp-enter", "space"),
    Action.NEXT: ("tab",),
    Action.PREVIOUS: ("shift+tab",),
    # The puzzle picker's lists (Backspace, Enter and Esc edit its filter there).
    Action.PAGE_UP: ("page-up",),
    Action.PAGE_DOWN: ("page-down",),
    Action.FIRST: ("home",),
    Action.LAST: ("end",),
    Action.PARENT: ("alt+up",),
    Action.REFRESH: ("f5", "ctrl+r"),
    Action.GO_TO_PATH: ("ctrl+l",),
    # Many cells at once (the mouse: a drag, Ctrl+click, Shift+click).
    Action.SELECT_EMPTY: ("ctrl+a",),
    Action.EXTEND_UP: ("shift+up",),
    Action.EXTEND_DOWN: ("shift+down",),
    Action.EXTEND_LEFT: ("shift+left",),
    Action.EXTEND_RIGHT: ("shift+right",),
    Action.NOTE_KIND: ("m",),
    **{Action(f"colour-{k}"): (f"ctrl+{k}", f"ctrl+kp{k}") for k in range(1, 9)},
    Action.COLOUR_NONE: ("ctrl+0", "ctrl+kp0"),
    **{Action(f"candidate-colour-{k}"): (f"ctrl+shift+{k}",) for k in range(1, 9)},
    Action.CANDIDATE_COLOUR_NONE: ("ctrl+shift+0",),
    Action.CLEAR_COLOURS: ("ctrl+shift+backspace",),
    Action.GUESS: ("shift+x",),
    Action.COMMIT_GUESS: ("x",),
    Action.ABANDON_GUESS: ("ctrl+x",),
    Action.SAVEPOINT: ("p",),
    Action.GO_TO_SAVEPOINT: ("shift+p",),
    Action.FIND_MISTAKE: ("ctrl+m",),
    Action.REVEAL: ("shift+h",),
    # HoDoKu's filters: V shows one digit's candidates ([ and ] change the digit),
    # B lights the bivalue cells.  Neither letter is a digit of a 16x16 grid.
    Action.FILTER: ("v",),
    Action.FILTER_NEXT: ("]",),
    Action.FILTER_PREVIOUS: ("[",),
    Action.BIVALUE: ("b",),
}
"""Action -> key names.  Modifiers: ``ctrl+``, ``shift+``, ``alt+``; order free."""


@dataclass(frozen=True)
class Chord:
    """A key with its modifiers, as read from a binding or an event."""

    key: int = 0  # a pygame key code, or 0 for a character binding
    char: str = ""  # a typed character such as "?", matched with any modifiers
    ctrl: bool = False
    shift: bool = False
    alt: bool = False

    @property
    def letter(self) -> str:
        """The lower-case letter of a plain letter key ("" otherwise)."""
        if self.key and not self.ctrl and not self.alt and ord("a") <= self.key <= ord("z"):
            return chr(self.key)
        return ""

    def text(self) -> str:
        """How the help overlay writes it: ``Ctrl+Shift+Z``, ``Up``, ``?``."""
        if self.char:
            return self.char
        name = next(n for n, code in _NAMED.items() if code == self.key)
        shown = _SHOWN.get(name) or (f"Num {name[2:]}" if name.startswith("kp") else name.upper())
        mods = ("Ctrl+" if self.ctrl else "") + ("Alt+" if self.alt else "")
        return mods + ("Shift+" if self.shift else "") + shown

    def spec(self) -> str:
        """The canonical key name, as :func:`parse_chord` reads it: ``"ctrl+shift+z"``."""
        if self.char:
            return self.char
        mods = ("ctrl+" if self.ctrl else "") + ("alt+" if self.alt else "")
        return mods + ("shift+" if self.shift else "") + _NAME_OF[self.key]


def parse_chord(spec: str) -> Chord:
    """``"ctrl+shift+z"`` -> Chord; ValueError for an unknown key name."""
    text = spec.strip().lower()
    if len(text) == 1 and text not in _NAMED:
        return Chord(char=text)
    *mods, name = text.split("+") if text != "+" else ["+"]
    if name not in _NAMED:
        raise ValueError(f"unknown key {spec!r}")
    unknown = set(mods) - {"ctrl", "shift", "alt"}
    if unknown:
        raise ValueError(f"unknown modifier in {spec!r}")
    return Chord(_NAMED[name], ctrl="ctrl" in mods, shift="shift" in mods, alt="alt" in mods)


def spec_of(key: int, mod: int, char: str = "") -> str | None:
    """The key name of a key press, for binding it (``"ctrl+h"``, ``"f2"``, ``"?"``).

    None for a lone modifier (the player is still on the way to the real key) and
    for keys with neither a name nor a printable character.  A key without a name
    is bound by the character it types, as ``?`` is by default.
    """
    if key in _MODIFIERS:
        return None
    ctrl = bool(mod & pygame.KMOD_CTRL)
    alt = bool(mod & pygame.KMOD_ALT)
    if key in _NAME_OF:
        return Chord(key, ctrl=ctrl, shift=bool(mod & pygame.KMOD_SHIFT), alt=alt).spec()
    if char and char.isprintable() and not char.isspace() and not ctrl and not alt:
        return char.lower()
    return None


def reserved(spec: str) -> str:
    """Why ``spec`` cannot be bound to an action ("" if it can).

    The digit keys are not in the table (see the module docstring): 1-9 place
    digits and Shift+digit notes them on every board, so binding them would do
    nothing there.
    """
    chord = parse_chord(spec)
    if not chord.ctrl and not chord.alt and (chord.key in _NUMBER_ROW or chord.key in _KEYPAD):
        return "1–9 place digits and Shift+1–9 toggle notes"
    return ""


def letter_digits(size: int) -> dict[str, int]:
    """Letters that are digits in a grid of ``size`` (``a`` -> 10 ... for sizes above 9)."""
    return {SYMBOLS[d - 1].lower(): d for d in range(10, size + 1)}


class KeyMap:
    """Resolves key presses into commands for a grid size (0 outside a board)."""

    def __init__(self, overrides: Mapping[str, Iterable[str]] | None = None) -> None:
        self.problems: list[str] = []
        self.bindings: dict[Action, tuple[Chord, ...]] = {}
        merged: dict[Action, tuple[str, ...]] = dict(DEFAULT_BINDINGS)
        chosen: set[Action] = set()
        for name, keys in (overrides or {}).items():
            try:
                action = Action(name)
            except ValueError:
                self.problems.append(f"unknown action {name!r} in key bindings")
                continue
            merged[action] = tuple(keys)
            chosen.add(action)
        for action, specs in merged.items():
            chords = []
            for spec in specs:
                try:
                    chords.append(parse_chord(spec))
                except ValueError as error:
                    self.problems.append(str(error))
            self.bindings[action] = tuple(chords)
        # The player's own keys win over defaults (see the module docstring).
        claimed = {chord for action in chosen for chord in self.bindings[action]}
        for action in merged.keys() - chosen:
            self.bindings[action] = tuple(c for c in self.bindings[action] if c not in claimed)

    @functools.lru_cache(maxsize=8)  # noqa: B019 - one map per settings, few sizes
    def table(self, size: int) -> dict[Action, tuple[Chord, ...]]:
        """The bindings in effect for a grid of ``size``, after letters become digits."""
        digits = letter_digits(size)
        taken = {chord for chords in self.bindings.values() for chord in chords}
        result: dict[Action, tuple[Chord, ...]] = {}
        for action, chords in self.bindings.items():
            kept = tuple(c for c in chords if c.letter not in digits)
            if not kept:
                moved = (
                    Chord(c.key, ctrl=True, shift=c.shift)
                    for c in chords
                    if c.letter in digits and c.letter
                )
                kept = tuple(c for c in moved if c not in taken)
            result[action] = kept
        return result

    @functools.lru_cache(maxsize=8)  # noqa: B019
    def _lookup(self, size: int) -> tuple[dict[Chord, Action], dict[str, Action]]:
        keys: dict[Chord, Action] = {}
        chars: dict[str, Action] = {}
        for action, chords in self.table(size).items():
            for chord in chords:
                if chord.char:
                    chars.setdefault(chord.char, action)
                else:
                    keys.setdefault(chord, action)
        return keys, chars

    def resolve(self, key: int, mod: int, char: str = "", size: int = 0) -> Command | None:
        """The command for a key press, or None when the key means nothing here."""
        ctrl = bool(mod & pygame.KMOD_CTRL)
        shift = bool(mod & pygame.KMOD_SHIFT)
        alt = bool(mod & pygame.KMOD_ALT)
        if size and not ctrl and not alt:
            digit = self.digit_of(key, size)
            if digit:
                return Command(Action.NOTE if shift else Action.DIGIT, digit)
        keys, chars = self._lookup(size)
        action = keys.get(Chord(key, ctrl=ctrl, shift=shift, alt=alt))
        if action is None and char and not ctrl and not alt:
            action = chars.get(char.lower() if char.isalpha() else char)
        return Command(action) if action else None

    @staticmethod
    def edit_of(key: int) -> Edit | None:
        """The editing meaning of a key while a text field is open."""
        return _EDITS.get(key)

    @staticmethod
    def field_edit_of(key: int, mod: int = 0) -> Edit | None:
        """The editing meaning of a key in a one-line text field: caret keys and paste too."""
        if key == pygame.K_v and mod & pygame.KMOD_CTRL:
            return Edit.PASTE
        if key == pygame.K_a and mod & pygame.KMOD_CTRL:
            return Edit.SELECT_ALL
        if key == pygame.K_INSERT and mod & pygame.KMOD_SHIFT:
            return Edit.PASTE
        return _EDITS.get(key) or _FIELD_EDITS.get(key)

    @staticmethod
    def digit_of(key: int, size: int) -> int:
        """The digit a key types in a grid of ``size`` (0 if none)."""
        digit = _NUMBER_ROW.get(key) or _KEYPAD.get(key)
        if digit:
            return digit if digit <= size else 0
        if ord("a") <= key <= ord("z"):
            return letter_digits(size).get(chr(key), 0)
        return 0

    def specs(self, action: Action) -> tuple[str, ...]:
        """The key names bound to ``action`` (as a grid of 9 reads them), canonical."""
        return tuple(chord.spec() for chord in self.bindings.get(action, ()))

    def owner(self, spec: str) -> Action | None:
        """The action ``spec`` is bound to, if any (before the 16x16 letter rule)."""
        chord = parse_chord(spec)
        return next((a for a, chords in self.bindings.items() if chord in chords), None)

    def keys_for(self, action: Action, size: int = 9) -> list[str]:
        """The keys that trigger ``action`` in a grid of ``size``, as players read them."""
        return [chord.text() for chord in self.table(size).get(action, ())]

    def shortcut(self, action: Action, size: int = 9) -> str:
        """The first key of ``action`` (for button tooltips), or ""."""
        keys = self.keys_for(action, size)
        return keys[0] if keys else ""

    def describe(self, size: int = 9) -> list[tuple[str, str]]:
        """(what, keys) rows for the help overlay and the README, in a stable order."""
        top = min(size, 9) if size else 9
        digits = f"1–{top}, Num 1–{top}"
        letters = letter_digits(size)
        if letters:
            first, last = min(letters).upper(), max(letters).upper()
            digits += f", {first}–{last}"
        rows = [
            ("Place a digit", digits),
            ("Toggle a note", "Shift+digit"),
        ]
        groups = {**HELP_GROUPS, **HELP_LISTS}
        grouped = {action for actions in groups.values() for action in actions}
        for action in HELP_ORDER:
            group = next((g for g in groups.items() if g[1][0] is action), None)
            if group is not None and group[0] in HELP_LISTS:
                rows += self._list_rows(*group, size)
            elif group is not None:
                rows += self._group_rows(*group, size)
            elif action not in grouped:
                keys = self.keys_for(action, size)
                if keys:
                    rows.append((action.label, ", ".join(keys)))
        return rows

    def _list_rows(
        self, label: str, actions: tuple[Action, ...], size: int
    ) -> list[tuple[str, str]]:
        """One row naming each action's keys in turn (``Shift+X / X / Ctrl+X``), or a row
        per action while one of them has no key."""
        keys = [self.keys_for(action, size) for action in actions]
        if all(keys):
            return [(label, " / ".join(", ".join(k) for k in keys))]
        return [(action.label, ", ".join(k)) for action, k in zip(actions, keys, strict=True) if k]

    def _group_rows(
        self, label: str, actions: tuple[Action, ...], size: int
    ) -> list[tuple[str, str]]:
        """One row for a group bound alike (``Ctrl+0–8``, ``Shift+arrows``),
        else a row per action.

        Alike: every action has as many keys, and the n-th keys differ only in their
        last part (as the defaults do, and keep doing until one of them is moved).
        """
        keys = [self.keys_for(action, size) for action in actions]
        count = len(keys[0])
        merged = []
        if count and all(len(k) == count for k in keys):
            for index in range(count):
                text = _merged([k[index] for k in keys])
                if text is None:
                    break
                merged.append(text)
        if count and len(merged) == count:
            return [(label, ", ".join(merged))]
        return [(action.label, ", ".join(k)) for action, k in zip(actions, keys, strict=True) if k]


def _merged(texts: list[str]) -> str | None:
    """Keys that differ only in their last part, written once (None if they differ more).

    A run of numbers becomes a span (``Ctrl+1``..``Ctrl+8`` -> ``Ctrl+1–8``), the four
    arrows are "arrows" (``Shift+arrows``); other last parts are listed (``W/S/A/D``).
    """
    mods = {text.rpartition("+")[0] for text in texts}
    if len(mods) != 1:
        return None
    mod = mods.pop()
    lead = mod + "+" if mod else ""
    last = [text[len(lead) :] for text in texts]
    if last == ["Up", "Down", "Left", "Right"]:
        return f"{lead}arrows" if lead else "Arrows"
    numbers = [part.rpartition(" ")[2] for part in last]
    stems = {part[: len(part) - len(number)] for part, number in zip(last, numbers, strict=True)}
    if all(n.isdigit() for n in numbers) and len(stems) == 1:
        values = [int(n) for n in numbers]
        if values == list(range(values[0], values[0] + len(values))):
            stem = stems.pop()
            return f"{lead}{stem}{values[0]}–{values[-1]}"
    return lead + "/".join(last)


HELP_ORDER = (
    Action.MOVE_UP,
    Action.MOVE_DOWN,
    Action.MOVE_LEFT,
    Action.MOVE_RIGHT,
    Action.EXTEND_UP,
    Action.EXTEND_DOWN,
    Action.EXTEND_LEFT,
    Action.EXTEND_RIGHT,
    Action.SELECT_EMPTY,
    Action.NOTES_MODE,
    Action.NOTE_KIND,
    Action.ERASE,
    Action.UNDO,
    Action.REDO,
    Action.HINT,
    Action.STEPS,
    Action.PAGE_DOWN,
    Action.PAGE_UP,
    Action.CHECK,
    Action.FILL_NOTES,
    Action.FILTER,
    Action.FILTER_NEXT,
    Action.FILTER_PREVIOUS,
    Action.BIVALUE,
    Action.EVERYWHERE_NAKED_SINGLES,
    Action.EVERYWHERE_HIDDEN_SINGLES,
    Action.EVERYWHERE_LOCKED_CANDIDATES,
    Action.EVERYWHERE_NAKED_PAIRS,
    Action.EVERYWHERE_HIDDEN_PAIRS,
    Action.EVERYWHERE_NAKED_TRIPLES,
    Action.COLOUR_NONE,
    *(Action(f"colour-{k}") for k in range(1, 9)),
    Action.CANDIDATE_COLOUR_NONE,
    *(Action(f"candidate-colour-{k}") for k in range(1, 9)),
    Action.CLEAR_COLOURS,
    Action.GUESS,
    Action.COMMIT_GUESS,
    Action.ABANDON_GUESS,
    Action.SAVEPOINT,
    Action.GO_TO_SAVEPOINT,
    Action.FIND_MISTAKE,
    Action.REVEAL,
    Action.SOLVE,
    Action.TYPED_MOVE,
    Action.SAVE,
    Action.OPEN,
    Action.FULLSCREEN,
    Action.BACK,
    Action.HELP,
)
"""The actions the help overlay lists, in reading order."""

HELP_GROUPS: dict[str, tuple[Action, ...]] = {
    "Move": (Action.MOVE_UP, Action.MOVE_DOWN, Action.MOVE_LEFT, Action.MOVE_RIGHT),
    "Choose cells as you move": (
        Action.EXTEND_UP,
        Action.EXTEND_DOWN,
        Action.EXTEND_LEFT,
        Action.EXTEND_RIGHT,
    ),
    "Singles … triples everywhere": (
        Action.EVERYWHERE_NAKED_SINGLES,
        Action.EVERYWHERE_HIDDEN_SINGLES,
        Action.EVERYWHERE_LOCKED_CANDIDATES,
        Action.EVERYWHERE_NAKED_PAIRS,
        Action.EVERYWHERE_HIDDEN_PAIRS,
        Action.EVERYWHERE_NAKED_TRIPLES,
    ),
    "Colour cells (0: none)": (
        Action.COLOUR_NONE,
        *(Action(f"colour-{k}") for k in range(1, 9)),
    ),
    "Colour the last digit's candidate": (
        Action.CANDIDATE_COLOUR_NONE,
        *(Action(f"candidate-colour-{k}") for k in range(1, 9)),
    ),
}
"""Actions the help overlay shows as one row while they are bound alike (in the
order of :data:`HELP_ORDER`, each group's first action where the row goes)."""

HELP_LISTS: dict[str, tuple[Action, ...]] = {
    "What if: guess / keep / abandon": (
        Action.GUESS,
        Action.COMMIT_GUESS,
        Action.ABANDON_GUESS,
    ),
    "Savepoint: set / go back": (Action.SAVEPOINT, Action.GO_TO_SAVEPOINT),
    "Scroll an explanation": (Action.PAGE_DOWN, Action.PAGE_UP),
    "Filter a digit: on/off / next / previous": (
        Action.FILTER,
        Action.FILTER_NEXT,
        Action.FILTER_PREVIOUS,
    ),
}
"""Related actions the help overlay names in one row, their keys in turn."""

BINDABLE = (*HELP_ORDER, *(action for action in DEFAULT_BINDINGS if action not in HELP_ORDER))
"""Every action a player can give keys to, help order first (digits and the window's
close button are fixed)."""


def markdown_table(keymap: KeyMap | None = None) -> str:
    """The README's controls table, generated from the default key map."""
    keymap = keymap or KeyMap()

    def code(keys: str) -> str:
        return ", ".join(f"`{key}`" for key in keys.split(", "))

    lines = ["| Action | Keys |", "| --- | --- |"]
    for what, keys in keymap.describe(9):
        lines.append(f"| {what} | {code(keys)} |")
    lines.append(f"| Place a digit on 16x16 | {code(keymap.describe(16)[0][1])} |")
    for action in (Action.MOVE_LEFT, Action.CHECK, Action.FILL_NOTES):
        keys = code(", ".join(keymap.keys_for(action, 16)))
        lines.append(f"| {action.label} on 16x16 | {keys} |")
    return "\n".join(lines)


if __name__ == "__main__":  # python -m game.ui.input.keymap: the README's controls table
    print(markdown_table())
