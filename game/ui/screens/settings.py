"""Settings: every field of :class:`~game.session.Settings`, applied at once.

Each setting is one line of data in :data:`ROWS` (the form kit, :mod:`game.ui.forms.model`,
does the rest), so adding a setting is one line.  A change goes through
``ctx.change_settings``, which the app listens to (theme redraw, full screen) and
which calls the persistence seam.  Key bindings have a page of their own (the Keys
page); their line opens it or puts every key back.
"""

from __future__ import annotations

from ...session.play import MISTAKE_LIMITS, VOLUMES, InputMode, NoteKind, Theme
from ..forms import Button, Buttons, Choice, Control, FormScene, FormSpec, Lines, Switch
from ..stage import Go, KeysPage, Pop, Transition

KEYS = "key_bindings"

ROWS: tuple[Control, ...] = (
    Choice("theme", "Theme", tuple((theme, theme.label) for theme in Theme)),
    Switch("fullscreen", "Full screen"),
    Choice(
        "input_mode",
        "Input",
        ((InputMode.CELL_FIRST, "Cell first"), (InputMode.DIGIT_FIRST, "Digit first")),
    ),
    Choice(
        "note_kind",
        "Notes write",
        tuple((kind, kind.label) for kind in NoteKind),
    ),
    Switch("auto_remove_notes", "Remove notes when placing"),
    Switch("block_rule_breaking", "Refuse digits that break a rule"),
    Switch("show_conflicts", "Mark conflicts"),
    Switch("show_mistakes", "Mark wrong digits at once"),
    Switch("show_mistake_counter", "Always count mistakes"),
    Choice(
        "mistake_limit",
        "Mistake limit",
        tuple((n, str(n) if n else "None") for n in MISTAKE_LIMITS),
    ),
    Switch("highlight_peers", "Highlight row, column, region"),
    Switch("highlight_same_digit", "Highlight same digits"),
    Switch("show_timer", "Show the timer"),
    Switch("animations", "Animations"),
    Choice("sound_volume", "Sound", tuple((v, f"{v} %" if v else "Off") for v in VOLUMES)),
    Buttons(KEYS, "Keys", (Button("edit", "Change…"), Button("reset", "Reset"))),
)

FORM = FormSpec(
    "Settings",
    (Lines(ROWS, columns=(1, 2)),),
    Buttons("footer", "", (Button("done", "Done", primary=True),)),
)


class SettingsScene(FormScene):
    def spec(self) -> FormSpec:
        return FORM

    def value(self, key: str) -> object:
        return getattr(self.ctx.settings, key)

    def enabled(self, key: str, value: object) -> bool:
        """Reset the keys only when some are the player's own."""
        return key != KEYS or value != "reset" or bool(self.ctx.settings.key_bindings)

    def change(self, key: str, value: object) -> Transition | None:
        if key == "footer":
            return Pop()
        if key == KEYS:
            if value == "edit":
                return Go(KeysPage())
            self.ctx.change_settings(key_bindings={})
            return None
        self.ctx.change_settings(**{key: value})
        return None
