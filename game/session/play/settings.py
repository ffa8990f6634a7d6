"""Player settings: one value object, read leniently and written canonically.

Pure data: the UI reads what it draws from here, the :class:`~game.session.play.game.Game`
reads the rules (auto-remove notes, blocking, mistake limit).  :meth:`Settings.from_dict`
never fails: an unknown key is ignored and a bad value falls back to its default,
so a settings file from another version, or a hand-edited one, never stops the
game.  (A value is a choice the player makes again in one click, so keeping the
rest beats setting the file aside; a file that is not settings at all, or comes
from a newer version, is set aside by :func:`.userdata.parse_settings`.)

Key bindings are capped, on read and on write alike: at most :data:`MAX_ACTIONS`
actions, :data:`MAX_KEYS` keys each, names of at most :data:`MAX_NAME` characters.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import Any

from .state import NoteKind


class Theme(enum.StrEnum):
    """The board's colours."""

    LIGHT = "light"
    DARK = "dark"
    COLOUR_BLIND = "colour-blind"  # hues that stay apart for colour-blind eyes
    HIGH_CONTRAST = "high-contrast"  # black on white, every text at least 4.5:1

    @property
    def label(self) -> str:
        return {
            "light": "Light",
            "dark": "Dark",
            "colour-blind": "Colour-blind safe",
            "high-contrast": "High contrast",
        }[self.value]


class InputMode(enum.StrEnum):
    """Which comes first when entering a digit: the cell (usual) or the digit."""

    CELL_FIRST = "cell-first"
    DIGIT_FIRST = "digit-first"  # pick a digit on the pad, then click cells


THEMES = tuple(Theme)
INPUT_MODES = tuple(InputMode)
MISTAKE_LIMITS = (0, 3, 5)
VOLUMES = (0, 25, 50, 75, 100)
"""Sound volume steps in per cent; 0 is off (the default: sound is opt-in)."""

MAX_ACTIONS = 200
"""Most actions with keys of their own (the game has about 50)."""

MAX_KEYS = 16
"""Most keys bound to one action."""

MAX_NAME = 40
"""Longest action or key name (``"ctrl+shift+backspace"`` is 20)."""


@dataclass(frozen=True)
class Settings:
    """Every choice a player can make in the Settings scene."""

    theme: Theme = Theme.LIGHT
    fullscreen: bool = True
    input_mode: InputMode = InputMode.CELL_FIRST
    note_kind: NoteKind = NoteKind.CANDIDATE  # what Shift+digit and notes mode write
    auto_remove_notes: bool = True  # placing a digit clears the notes it rules out
    block_rule_breaking: bool = False  # refuse a digit a peer holds or a rule forbids
    show_conflicts: bool = True  # mark digits that repeat in a unit
    show_mistakes: bool = False  # mark entries that differ from the solution at once
    mistake_limit: int = 0  # 0 for none, else the game is lost at this many
    # The mistake count always in the board's header, even without a limit.  Off by
    # default: with "mark wrong digits at once" off, a counter that ticks up as a
    # digit goes in tells what that setting keeps quiet.
    show_mistake_counter: bool = False
    highlight_peers: bool = True  # tint the selected cell's row, column and region
    highlight_same_digit: bool = True  # tint every cell and note with the selected digit
    show_timer: bool = True
    animations: bool = True
    sound_volume: int = 0  # per cent, one of VOLUMES; 0 plays nothing
    key_bindings: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Action name -> key names, overriding the defaults of the key map."""

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-ready data, within the caps :meth:`from_dict` reads."""
        data = dataclasses.asdict(self)
        data["theme"] = str(self.theme)
        data["input_mode"] = str(self.input_mode)
        data["note_kind"] = str(self.note_kind)
        bindings = _bindings({k: list(v) for k, v in self.key_bindings.items()})
        data["key_bindings"] = {k: list(v) for k, v in bindings.items()}
        return data

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from parsed JSON, keeping every valid value and defaulting the rest."""
        if not isinstance(data, dict):
            return cls()
        defaults = cls()
        values: dict[str, Any] = {}
        for item in dataclasses.fields(cls):
            if item.name not in data:
                continue
            value = data[item.name]
            default = getattr(defaults, item.name)
            if item.name == "key_bindings":
                values[item.name] = _bindings(value)
            elif isinstance(default, bool):
                if isinstance(value, bool):
                    values[item.name] = value
            elif isinstance(default, int):
                if isinstance(value, int) and not isinstance(value, bool):
                    values[item.name] = value
            elif isinstance(default, str) and isinstance(value, str):
                values[item.name] = value
        settings = cls(**values)
        return settings.normalised()

    def normalised(self) -> Settings:
        """This with every out-of-range choice replaced by its default."""
        defaults = Settings()
        changes: dict[str, Any] = {}
        # Strings from a file (or a caller) become the enums; unknown ones the default.
        if not isinstance(self.theme, Theme):
            changes["theme"] = Theme(self.theme) if self.theme in THEMES else defaults.theme
        if not isinstance(self.input_mode, InputMode):
            mode = self.input_mode
            changes["input_mode"] = InputMode(mode) if mode in INPUT_MODES else defaults.input_mode
        if not isinstance(self.note_kind, NoteKind):
            kind = self.note_kind
            changes["note_kind"] = NoteKind(kind) if kind in tuple(NoteKind) else defaults.note_kind
        if self.mistake_limit not in MISTAKE_LIMITS:
            changes["mistake_limit"] = defaults.mistake_limit
        if self.sound_volume not in VOLUMES:
            # A hand-edited 30 is meant as "quiet": the nearest step, not the default.
            volume = min(100, max(0, self.sound_volume))
            changes["sound_volume"] = min(VOLUMES, key=lambda v: (abs(v - volume), v))
        return dataclasses.replace(self, **changes) if changes else self


def _bindings(value: object) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, dict):
        return {}
    result: dict[str, tuple[str, ...]] = {}
    for action, keys in value.items():
        if len(result) == MAX_ACTIONS:
            break
        if isinstance(action, str) and len(action) <= MAX_NAME and isinstance(keys, list):
            names = tuple(k for k in keys if isinstance(k, str) and len(k) <= MAX_NAME)
            # An empty list is an action the player left without keys, and stays so;
            # a list with nothing readable in it falls back to the default keys.
            if names or not keys:
                result[action] = names[:MAX_KEYS]
    return result
