"""Save as (Ctrl+S): name the game and keep it, or export its puzzle as plain text.

A card over the board with a choice of what to write (the whole game as a
``.sudoku`` save, history included, or the puzzle's givens as a ``.txt`` for other
programs), a name field, a line that says where the file goes or what is wrong
with the name, and two buttons.  Names are checked as they are typed
(:func:`~game.session.keep.filenames.validate_save_name`: illegal characters, Windows
device names, length), so the reason shows before the player presses Enter.

A name that is taken asks first: the card turns into "Replace ...?" with Back
(Esc) and Replace (Enter).  Nothing is written until then, and a failed write
keeps the dialog open with the reason, so a typed name is never lost.

The field starts with a suggested name that is free in the folder (the level
or title and today's date), selected, so typing replaces it and Enter keeps it.
"""

from __future__ import annotations

import datetime
import enum
import re
from collections.abc import Callable
from pathlib import Path

import pygame

from ...session.keep import EXTENSION, ILLEGAL, SaveName, Written, shown_path, validate_save_name
from ...session.play import Game, Origin
from ..forms import Area, Button, Buttons, Choice, FormScene, FormSpec, Handler, Lines, Note
from ..input import Edit, EditKey, InputContext, Intent, TextInput
from ..kit import TextField, draw_field
from ..stage import AppContext, Pop, Transition

EXPORT_EXTENSION = ".txt"
FIELD = 0.86  # the name field's height, in units
WIDTH = 9.6  # the least width of the dialog's lines, in units


class Mode(enum.Enum):
    GAME = "game"  # the whole game, history included (.sudoku)
    PUZZLE = "puzzle"  # the givens only, as plain text (.txt)

    @property
    def extension(self) -> str:
        return EXTENSION if self is Mode.GAME else EXPORT_EXTENSION


MODES = ((Mode.GAME, "Game (.sudoku)"), (Mode.PUZZLE, "Puzzle only (.txt)"))


def check_name(text: str, folder: Path | None, mode: Mode) -> SaveName:
    """``text`` checked as a file name for ``mode``, with its path in ``folder``.

    Export names follow the same rules as save names (the same systems must open
    them) with ``.txt`` instead of ``.sudoku``; a typed ``.txt`` is not doubled.
    """
    if mode is Mode.GAME:
        return validate_save_name(text, folder)
    stem = text[: -len(EXPORT_EXTENSION)] if text.lower().endswith(EXPORT_EXTENSION) else text
    checked = validate_save_name(stem)
    if not checked.ok:
        return checked
    name = stem + EXPORT_EXTENSION
    path = folder / name if folder is not None else None
    return SaveName(name, path=path, exists=path is not None and path.exists())


_DAY = re.compile(
    r"\b[0-9]{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b"
    r"|\b[0-9]{4}-[0-9]{2}-[0-9]{2}\b"
)
"""A day named in a heading: ``31 Jan`` (the daily puzzle's title) or ``2025-01-31``."""


def suggest_name(info: Origin, folder: Path | None, mode: Mode, today: str = "") -> str:
    """A name free in ``folder``: ``Hard 2025-01-31``, then ``Hard 2025-01-31 (2)`` ...

    A heading that names its day already (the daily puzzle's ``Daily puzzle · 31 Jan``)
    is not given a second date.
    """
    stem = "".join("-" if c in ILLEGAL or not c.isprintable() else c for c in info.heading)
    stem = stem.strip(" .")[:60].rstrip(" .") or "Sudoku"
    dated = _DAY.search(stem) is not None
    base = stem if dated else f"{stem} {today or datetime.date.today().isoformat()}"
    name, number = base, 2
    while folder is not None and (folder / (name + mode.extension)).exists() and number < 1000:
        name, number = f"{base} ({number})", number + 1
    return name


class SaveDialogScene(FormScene):
    """See the module docstring.  ``report`` puts the outcome in the board's status line."""

    opaque = False

    def __init__(
        self, ctx: AppContext, game: Game, info: Origin, report: Callable[[str], None]
    ) -> None:
        super().__init__(ctx)
        self.game = game
        self.info = info
        self.report = report
        self.folder = ctx.keeper.saves_folder()
        self.mode = Mode.GAME
        self.field = TextField.suggesting(suggest_name(info, self.folder, self.mode))
        self.replacing: SaveName | None = None  # the taken name awaiting an answer
        self.failure = ""  # why the last write failed, until the name changes
        self.tried = False  # Enter was pressed: an empty name now says so
        self.edits: dict[Edit, Handler] = {
            Edit.ENTER: self.submit,
            Edit.CANCEL: self.back,
            Edit.NEXT: self.next_mode,
        }
        """The field's keys that are the dialog's: the rest edit the name."""
        self.focus_on("footer", "save")

    # -- model ------------------------------------------------------------------------

    @property
    def name(self) -> SaveName:
        return check_name(self.field.text, self.folder, self.mode)

    def message(self) -> tuple[str, bool]:
        """The line under the field: (text, is_error)."""
        if self.folder is None:
            return self.ctx.keeper.why_not_saving(), True
        if self.failure:
            return self.failure, True
        if not self.field.text.strip() and not self.tried:
            return f"Saved in {shown_path(self.folder)}", False
        name = self.name
        if not name.ok:
            return name.message, True
        if name.exists:
            return f"{name.name} exists; you will be asked before it is replaced.", False
        where = f"{name.name} in {shown_path(self.folder)}"
        if self.mode is Mode.PUZZLE:
            return f"{where}: the givens only, for other Sudoku programs.", False
        return where, False

    def set_mode(self, mode: Mode) -> None:
        if mode is self.mode:
            return
        self.mode = mode
        if self.field.suggested:  # a suggestion follows the extension; a typed name stays
            self.field = TextField.suggesting(suggest_name(self.info, self.folder, mode))
        self.failure = ""
        self.dirty = True

    def next_mode(self) -> None:
        """Tab: the other kind of file (the name field keeps the typing)."""
        self.set_mode(Mode.PUZZLE if self.mode is Mode.GAME else Mode.GAME)

    def submit(self) -> Transition | None:
        """Enter or the Save button: write, or ask first, or say what is wrong."""
        self.tried = True
        self.dirty = True
        name = self.name
        if self.folder is None or not name.ok:
            return None
        if name.exists:
            self.replacing = name
            self.focus_on("footer", "replace")
            return None
        return self._write(name)

    def _kept(self) -> tuple[str, int | None]:
        """When the game was first started and where its cursor is, if it is the
        session's (kept in its saves)."""
        session = self.ctx.session
        if session.game is not self.game:
            return "", None
        return session.created, session.cursor

    def _write(self, name: SaveName) -> Transition | None:
        keeper = self.ctx.keeper
        if self.mode is Mode.GAME:
            created, cursor = self._kept()
            written: Written = keeper.save_as(self.game, self.info, name, created, cursor)
        else:
            written = keeper.export(self.game, name)
        if not written.ok:
            self.failure = written.message
            self.replacing = None
            return None
        self.report(written.message)
        self.ctx.session.saved_by_name()  # the next Open shows the saves
        return Pop()

    # -- the form ---------------------------------------------------------------------

    def spec(self) -> FormSpec:
        if self.replacing is not None:
            footer = (Button("back", "Back"), Button("replace", "Replace", primary=True))
            question = Note("question", 4, WIDTH, self._question())
            return FormSpec(
                f"Replace “{self.replacing.name}”?", (question,), Buttons("footer", "", footer)
            )
        verb = "Save" if self.mode is Mode.GAME else "Export"
        footer = (Button("cancel", "Cancel"), Button("save", verb, primary=True))
        return FormSpec(
            "Save game" if self.mode is Mode.GAME else "Export puzzle",
            (
                Lines((Choice("mode", "", MODES),), width=WIDTH),
                Area("field", WIDTH, FIELD),
                Note("message", 2),
            ),
            Buttons("footer", "", footer),
        )

    def _question(self) -> str:
        what = "saved game" if self.mode is Mode.GAME else "file"
        folder = shown_path(self.folder) if self.folder is not None else ""
        return (
            f"A {what} with this name is already in {folder}. "
            "Replacing it overwrites what it holds; this cannot be undone."
        )

    def value(self, key: str) -> object:
        return self.mode

    def enabled(self, key: str, value: object) -> bool:
        # Save is greyed while the name cannot be used (the line under the field says
        # why); Enter still answers, so an empty name says "type a name".
        return value != "save" or (self.folder is not None and self.name.ok)

    def note(self, key: str) -> tuple[str, bool]:
        return self.message() if key == "message" else ("", False)

    def change(self, key: str, value: object) -> Transition | None:
        if isinstance(value, Mode):
            self.set_mode(value)
            return None
        if value == "save":
            return self.submit()
        if value == "back":
            self.replacing = None
            self.form.keyboard = False  # typing goes to the name again: no focus ring
            return None
        if value == "replace" and self.replacing is not None:
            return self._write(self.replacing)
        return Pop()  # Cancel

    def back(self) -> Transition | None:
        """Esc: back to the name from the question, else close and keep the game."""
        return self.change("footer", "back" if self.replacing is not None else "cancel")

    # -- input ------------------------------------------------------------------------

    def input_context(self) -> InputContext:
        return InputContext(text_entry=self.replacing is None)

    def enter(self) -> None:
        pygame.key.start_text_input()

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, TextInput):
            self._changed(self.field.type(intent.text))
        elif isinstance(intent, EditKey):
            do = self.edits.get(intent.edit)
            if do is not None:
                self.dirty = True
                return do()
            self._changed(self.field.edit(intent.edit))
        else:
            return super().handle(intent)
        return None

    def _changed(self, changed: bool) -> None:
        if changed:
            self.failure = ""
            self.dirty = True

    def click_area(self, key: str, pos: tuple[int, int]) -> Transition | None:
        """A click in the field puts the caret at the character boundary nearest it."""
        rect = self.layout().areas[key]
        text, size = self.ctx.text, max(11, round(rect.h * 0.42))
        offset = pos[0] - (rect.x + max(6, rect.h // 4))
        field = self.field
        widths = [text.measure(field.text[:i], size)[0] for i in range(len(field.text) + 1)]
        field.caret = min(range(len(widths)), key=lambda i: abs(widths[i] - offset))
        field.suggested = False
        self.dirty = True
        return None

    def draw_area(self, surface: pygame.Surface, key: str, rect: pygame.Rect) -> None:
        error = self.message()[1] and self.folder is not None and bool(self.field.text)
        p, text = self.ctx.palette, self.ctx.text
        draw_field(surface, text, p, rect, self.field, placeholder="Name", error=error)
