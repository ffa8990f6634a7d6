"""Save as (Ctrl+S): name the game and keep it, or export its puzzle as plain text.

A card over the board with a choice of what to write (the whole game as a
``.sudoku`` save, history included, or the puzzle's givens as a ``.txt`` for other
programs), a name field, a line that says where the file goes or what is wrong
with the name, and two buttons.  Names are checked as they are typed
(:func:`~game.session.filenames.validate_save_name`: illegal characters, Windows
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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from ...session import Game
from ...session.filenames import ILLEGAL, SaveName, validate_save_name
from ...session.keeper import Written, shown_path
from ...session.kinds import Origin
from ...session.savegame import EXTENSION
from ..actions import Action, Command, Edit
from ..context import AppContext
from ..gate import EditKey, InputContext, Intent, Pointer, PointerKind, TextInput
from ..scene_stack import Pop, Scene, Transition
from ..text_field import TextField, draw_field
from ..widgets import ButtonColumn, Item, Style, draw_button, draw_card, draw_veil, segments

EXPORT_EXTENSION = ".txt"

HEIGHT = 6.1  # the card, in units
QUESTION_HEIGHT = 4.6  # the card while it asks whether to replace a file
WIDTH = 9.6


class Mode(enum.Enum):
    GAME = "game"  # the whole game, history included (.sudoku)
    PUZZLE = "puzzle"  # the givens only, as plain text (.txt)

    @property
    def extension(self) -> str:
        return EXTENSION if self is Mode.GAME else EXPORT_EXTENSION


MODES = ((Mode.GAME, "Game (.sudoku)"), (Mode.PUZZLE, "Puzzle only (.txt)"))


@dataclass(frozen=True)
class Geometry:
    """Where the dialog's parts are, in window pixels; ``unit`` sizes the type."""

    card: pygame.Rect
    unit: int
    modes: list[pygame.Rect]
    field: pygame.Rect
    note: pygame.Rect
    buttons: list[pygame.Rect]


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


def suggest_name(info: Origin, folder: Path | None, mode: Mode, today: str = "") -> str:
    """A name free in ``folder``: ``Hard 2025-01-31``, then ``Hard 2025-01-31 (2)`` ..."""
    stem = "".join("-" if c in ILLEGAL or not c.isprintable() else c for c in info.heading)
    stem = stem.strip(" .")[:60].rstrip(" .") or "Sudoku"
    base = f"{stem} {today or datetime.date.today().isoformat()}"
    name, number = base, 2
    while folder is not None and (folder / (name + mode.extension)).exists() and number < 1000:
        name, number = f"{base} ({number})", number + 1
    return name


class SaveDialogScene(Scene):
    """See the module docstring.  ``report`` puts the outcome in the board's status line."""

    opaque = False

    def __init__(
        self, ctx: AppContext, game: Game, info: Origin, report: Callable[[str], None]
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.game = game
        self.info = info
        self.report = report
        self.folder = ctx.keeper.saves_folder()
        self.mode = Mode.GAME
        self.field = TextField.suggesting(suggest_name(info, self.folder, self.mode))
        self.replacing: SaveName | None = None  # the taken name awaiting an answer
        self.failure = ""  # why the last write failed, until the name changes
        self.tried = False  # Enter was pressed: an empty name now says so
        self.buttons = ButtonColumn([])
        self.mode_hover = -1
        self._set_buttons()

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
        self._set_buttons()
        self.dirty = True

    def submit(self) -> Transition | None:
        """Enter or the Save button: write, or ask first, or say what is wrong."""
        self.tried = True
        self.dirty = True
        name = self.name
        if self.folder is None or not name.ok:
            return None
        if name.exists:
            self.replacing = name
            self._set_buttons()
            return None
        return self._write(name)

    def _created(self) -> str:
        """When the game was first started, if it is the session's (kept in its saves)."""
        session = self.ctx.session
        return session.created if session.game is self.game else ""

    def _write(self, name: SaveName) -> Transition | None:
        keeper = self.ctx.keeper
        if self.mode is Mode.GAME:
            written: Written = keeper.save_as(self.game, self.info, name, self._created())
        else:
            written = keeper.export(self.game, name)
        if not written.ok:
            self.failure = written.message
            self.replacing = None
            self._set_buttons()
            return None
        self.report(written.message)
        self.ctx.session.saves_first = True  # the next Open shows the saves
        return Pop()

    def _set_buttons(self) -> None:
        if self.replacing is not None:
            items = [Item("back", "Back"), Item("replace", "Replace", primary=True)]
        else:
            verb = "Save" if self.mode is Mode.GAME else "Export"
            items = [Item("cancel", "Cancel"), Item("save", verb, primary=True)]
            # Greyed while the name cannot be used (the line under the field says why);
            # Enter still answers, so an empty name says "type a name".
            items[1].enabled = self.folder is not None and self.name.ok
        focus, hover = self.buttons.focus, self.buttons.hover
        self.buttons = ButtonColumn(items, focus=focus, hover=hover)
        self.dirty = True

    # -- input ------------------------------------------------------------------------

    def input_context(self) -> InputContext:
        return InputContext(text_entry=self.replacing is None)

    def enter(self) -> None:
        pygame.key.start_text_input()

    def handle(self, intent: Intent) -> Transition | None:
        if self.replacing is not None:
            return self._answer(intent)
        if isinstance(intent, TextInput):
            self._changed(self.field.type(intent.text))
        elif isinstance(intent, EditKey):
            if intent.edit is Edit.CANCEL:
                return Pop()
            if intent.edit is Edit.ENTER:
                return self.submit()
            if intent.edit is Edit.NEXT:
                self.set_mode(Mode.PUZZLE if self.mode is Mode.GAME else Mode.GAME)
                return None
            self._changed(self.field.edit(intent.edit))
        elif isinstance(intent, Pointer):
            return self._pointer(intent)
        return None

    def _changed(self, changed: bool) -> None:
        if changed:
            self.failure = ""
            self._set_buttons()

    def _pointer(self, pointer: Pointer) -> Transition | None:
        geometry = self.geometry()
        self._place_buttons(geometry)
        modes = geometry.modes
        index = next((i for i, r in enumerate(modes) if r.collidepoint(pointer.pos)), -1)
        if pointer.kind in (PointerKind.MOVE, PointerKind.LEAVE) and index != self.mode_hover:
            self.mode_hover = index
            self.dirty = True
        if pointer.kind is PointerKind.PRESS and pointer.button == 1:
            if index >= 0:
                self.set_mode(MODES[index][0])
                return None
            if geometry.field.collidepoint(pointer.pos):
                self._click_field(pointer.pos[0], geometry.field)
                return None
        return self._buttons(pointer)

    def _click_field(self, x: int, rect: pygame.Rect) -> None:
        """Put the caret at the character boundary nearest ``x``."""
        text, size = self.ctx.text, max(11, round(rect.h * 0.42))
        offset = x - (rect.x + max(6, rect.h // 4))
        field = self.field
        widths = [text.measure(field.text[:i], size)[0] for i in range(len(field.text) + 1)]
        field.caret = min(range(len(widths)), key=lambda i: abs(widths[i] - offset))
        field.suggested = False
        self.dirty = True

    def _answer(self, intent: Intent) -> Transition | None:
        """The "Replace ...?" step: Back (Esc) or Replace (Enter)."""
        if isinstance(intent, Command):
            if intent.action is Action.BACK:
                return self._choose("back")
            if intent.action in (Action.MOVE_LEFT, Action.MOVE_RIGHT):
                step = -1 if intent.action is Action.MOVE_LEFT else 1
                intent = Command(Action.PREVIOUS if step < 0 else Action.NEXT)
        self._place_buttons(self.geometry())
        return self._buttons(intent)

    def _buttons(self, intent: Intent) -> Transition | None:
        result = self.buttons.handle(intent)
        if isinstance(result, str):
            return self._choose(result)
        if result is True:
            self.dirty = True
        return None

    def _choose(self, key: str) -> Transition | None:
        if key == "cancel":
            return Pop()
        if key == "save":
            return self.submit()
        if key == "back":
            self.replacing = None
            self._set_buttons()
            return None
        if key == "replace" and self.replacing is not None:
            return self._write(self.replacing)
        return None

    # -- geometry and drawing ---------------------------------------------------------

    def geometry(self) -> Geometry:
        """The card and everything on it, from the window size."""
        width, height = self.ctx.size
        # A form reads best at the menu's type size, not as large as would fit.
        u = max(10, int(min(width / (WIDTH + 2), height / (HEIGHT + 2), height / 12, 90)))
        tall = HEIGHT if self.replacing is None else QUESTION_HEIGHT
        rect = pygame.Rect(0, 0, round(WIDTH * u), round(tall * u))
        rect.center = (width // 2, height // 2)
        inner = rect.inflate(-u, 0)
        modes = pygame.Rect(inner.x, rect.y + round(u * 1.35), inner.w, round(u * 0.62))
        field = pygame.Rect(inner.x, rect.y + round(u * 2.3), inner.w, round(u * 0.86))
        note = pygame.Rect(inner.x, field.bottom + round(u * 0.22), inner.w, round(u * 0.9))
        row = pygame.Rect(0, 0, round(u * 5.6), round(u * 0.8))
        row.bottomright = (inner.right, rect.bottom - round(u * 0.5))
        return Geometry(
            rect,
            u,
            segments(modes, len(MODES), round(u * 0.12)),
            field,
            note,
            segments(row, 2, round(u * 0.2)),
        )

    def _place_buttons(self, geometry: Geometry) -> None:
        self.buttons.rects = list(geometry.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        geometry = self.geometry()
        self._place_buttons(geometry)
        p, text = self.ctx.palette, self.ctx.text
        card, u = geometry.card, geometry.unit
        draw_veil(surface, p)
        draw_card(surface, p, card, max(8, u // 4))
        if self.replacing is not None:
            self._draw_question(surface, card, u)
        else:
            self._draw_form(surface, geometry)
        self.buttons.draw(surface, text, p)

    def _draw_form(self, surface: pygame.Surface, geometry: Geometry) -> None:
        p, text = self.ctx.palette, self.ctx.text
        card, u = geometry.card, geometry.unit
        title = "Save game" if self.mode is Mode.GAME else "Export puzzle"
        image = text.render(title, round(u * 0.5), p.text, True)
        surface.blit(image, (card.x + u // 2, card.y + round(u * 0.45)))
        for index, ((mode, label), rect) in enumerate(zip(MODES, geometry.modes, strict=True)):
            on = mode is self.mode
            draw_button(
                surface,
                text,
                p,
                rect,
                label,
                style=Style.TOGGLED if on else Style.NORMAL,
                hovered=index == self.mode_hover,
                size=round(rect.h * 0.4),
                bold=on,
                backdrop=p.surface,
            )
        field, note = geometry.field, geometry.note
        message, error = self.message()
        draw_field(
            surface,
            text,
            p,
            field,
            self.field,
            placeholder="Name",
            error=error and self.folder is not None and bool(self.field.text),
        )
        size = max(11, round(u * 0.28))
        lines = text.wrap(message, size, note.w)[:2]
        y = note.y
        for line in lines:
            image = text.render(line, size, p.error if error else p.text_dim)
            surface.blit(image, (note.x, y))
            y += round(size * 1.35)

    def _draw_question(self, surface: pygame.Surface, card: pygame.Rect, u: int) -> None:
        p, text = self.ctx.palette, self.ctx.text
        name = self.replacing.name if self.replacing is not None else ""
        title = f"Replace “{name}”?"
        size = text.fit_size(title, round(u * 0.5), card.w - u, True)
        image = text.render(title, size, p.text, True)
        surface.blit(image, (card.x + u // 2, card.y + round(u * 0.45)))
        what = "saved game" if self.mode is Mode.GAME else "file"
        folder = shown_path(self.folder) if self.folder is not None else ""
        body = (
            f"A {what} with this name is already in {folder}. "
            "Replacing it overwrites what it holds; this cannot be undone."
        )
        size = max(11, round(u * 0.3))
        y = card.y + round(u * 1.5)
        for line in text.wrap(body, size, card.w - u)[:4]:
            image = text.render(line, size, p.text_dim)
            surface.blit(image, (card.x + u // 2, y))
            y += round(size * 1.4)
