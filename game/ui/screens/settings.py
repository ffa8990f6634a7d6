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
    Choice(
        "theme",
        "Theme",
        tuple((theme, theme.label) for theme in Theme),
        "Colours of the whole game; every cue also has a shape.",
    ),
    Switch("fullscreen", "Full screen", "The whole screen, or a window you can size (F11)."),
    Choice(
        "input_mode",
        "Input",
        ((InputMode.CELL_FIRST, "Cell first"), (InputMode.DIGIT_FIRST, "Digit first")),
        "Pick a cell then a digit, or a digit then cells.",
    ),
    Choice(
        "note_kind",
        "Notes write",
        tuple((kind, kind.label) for kind in NoteKind),
        "What notes mode and Shift+digit put in a cell.",
    ),
    Switch(
        "auto_remove_notes",
        "Remove notes when placing",
        "A digit clears that note from its row, column, region.",
    ),
    Switch(
        "block_rule_breaking",
        "Refuse digits that break a rule",
        "A digit a peer already holds is not placed.",
    ),
    Switch("show_conflicts", "Mark conflicts", "Digits repeated in a row, column or region."),
    Switch("show_mistakes", "Mark wrong digits at once", "Every digit that is not the solution's."),
    Switch("show_mistake_counter", "Always count mistakes", "The count shows even with no limit."),
    Choice(
        "mistake_limit",
        "Mistake limit",
        tuple((n, str(n) if n else "None") for n in MISTAKE_LIMITS),
        "The game ends at this many wrong digits.",
    ),
    Switch(
        "highlight_peers",
        "Highlight row, column, region",
        "The selected cell's row, column and region.",
    ),
    Switch(
        "highlight_same_digit", "Highlight same digits", "Cells and notes of the selected digit."
    ),
    Switch("show_timer", "Show the timer", "The clock in the panel (it runs either way)."),
    Switch("animations", "Animations", "Flashes, glows and the solve; off for stillness."),
    Choice(
        "sound_volume",
        "Sound",
        tuple((v, f"{v} %" if v else "Off") for v in VOLUMES),
        "Short cues for a digit, a finished unit, a win.",
    ),
    Buttons(
        KEYS,
        "Keys",
        (Button("edit", "Change…"), Button("reset", "Reset")),
        hint="Every shortcut, and keys of your own.",
    ),
)

FORM = FormSpec(
    "Settings",
    # Every setting at once unless its type would drop under 12 px: then it scrolls.
    (Lines(ROWS, columns=(1, 2), scroll=True, whole=0.01),),
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
