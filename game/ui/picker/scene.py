"""The puzzle picker: browse folders, open collections, choose a puzzle to play.

The scene only translates: input becomes calls on a
:class:`~..picker.browser.Browser` (the model, with its background jobs) and
drawing goes through a :class:`~..picker.view.PickerView`.  It asks the gate for
*typing* input, so letters and digits narrow the list instead of triggering the
board's shortcuts, while arrows, Page Up/Down, Home/End, Enter, Backspace and Esc
keep their meaning.

Ctrl+L (:attr:`~..actions.Action.GO_TO_PATH`), a click on the path under the
title, or typing ``/`` or ``~`` into an empty filter opens the path line: the
gate then sends *text entry* (a :class:`~..text_field.TextField` edits the
text, with caret keys and paste), Tab completes, Enter goes, Esc closes, and a
press outside the line closes it before doing what it does anyway.  The
shortcuts beside the list come from :func:`~...session.picker.shortcuts.places`;
choosing a puzzle tells the session, which keeps the recent folders.

A double click is two presses on one row within :data:`DOUBLE_CLICK` seconds.
Time reaches a scene only in ``update(dt)``, after the step's events, so the
second press is only noted in ``handle`` and decided in the ``update`` that
follows, when the time since the first press is known.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pygame

from ...resources import bundled
from ...session.picker import (
    LANES,
    SEPARATORS,
    STAMP_EVERY,
    Browser,
    Jobs,
    ListState,
    Memory,
    Place,
    Play,
    home_folder,
    places,
    starts_path,
    with_choice,
)
from ...session.puzzles import MarkSource
from ..input import (
    Action,
    Command,
    Edit,
    EditKey,
    InputContext,
    Intent,
    Pointer,
    PointerKind,
    TextInput,
)
from ..kit import TextField
from ..stage import AppContext, Go, OpenFile, Pop, Scene, Transition
from .hits import pointing_at
from .layout import PickerLayout, Pointing, picker_layout
from .line_view import SHOW_WAITING
from .view import PickerView, scroll_thumb

PUZZLES = bundled("puzzles")
"""The puzzles that come with the game: where the picker starts the first time."""

DOUBLE_CLICK = 0.4
"""Seconds between two presses on a row that open it."""

POLL = 1 / 30
"""Seconds between looks at the job lanes while they work (also caps redraws then)."""

WHEEL_ROWS = 3
"""Rows scrolled per wheel notch."""

PATH_LIMIT = 4096
"""Characters the path line holds (PATH_MAX on Linux)."""

_MOVES: dict[Action, Callable[[ListState], bool]] = {
    Action.MOVE_UP: lambda state: state.move(-1),
    Action.MOVE_DOWN: lambda state: state.move(1),
    Action.PREVIOUS: lambda state: state.move(-1),
    Action.NEXT: lambda state: state.move(1),
    Action.PAGE_UP: lambda state: state.page(-1),
    Action.PAGE_DOWN: lambda state: state.page(1),
    Action.FIRST: lambda state: state.home(),
    Action.LAST: lambda state: state.end(),
}


class PickerScene(Scene):
    def __init__(
        self,
        ctx: AppContext,
        folder: str | None = None,
        memory: Memory | None = None,
        marks: MarkSource | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.memory = memory or ctx.session.browsing
        self.jobs = Jobs(LANES)
        start = folder or self.memory.last_folder or _last_recent(ctx) or str(PUZZLES)
        self.browser = Browser(start, self.jobs, self.memory, marks or ctx.keeper.stats.mark)
        self.view = PickerView(ctx.text)
        self.layout: PickerLayout = picker_layout(*ctx.size)
        self.pointing = Pointing()
        self.field: TextField | None = None  # edits the path line while it is open
        self._waiting = False  # the line's card says a look-up is under way
        self.places: tuple[Place, ...] = self._find_places()
        self._click: tuple[int, float | None] | None = None  # row, seconds since its press
        self._double = False
        self._dragging = False

    # -- lifecycle ------------------------------------------------------------------

    def input_context(self) -> InputContext:
        if self.field is not None:
            return InputContext(text_entry=True)
        return InputContext(typing=True)

    def enter(self) -> None:
        pygame.key.start_text_input()

    def exit(self) -> None:
        self.jobs.close()

    def cover(self) -> None:
        self.jobs.pause(True)  # the game being opened gets the machine to itself

    def uncover(self) -> None:
        super().uncover()
        self.jobs.pause(False)
        self.browser.refresh()
        self.places = self._find_places()  # a game saved, a folder played from since

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = picker_layout(*size)
        self.dirty = True

    def restyle(self) -> None:
        self.view.restyle()
        self.dirty = True

    def browse(self, folder: str) -> None:
        """Show ``folder`` (a folder dropped on the window)."""
        self.browser.open_folder(folder)
        self.dirty = True

    # -- input ----------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        self._fit()
        if isinstance(intent, TextInput):
            self.dirty = True
            if self.field is None and not self.browser.filter and starts_path(intent.text):
                self._open_line("")  # "/" or "~" can only start a path, never a name
            if self.field is not None:
                self.field.type(intent.text)
                self.browser.lines.edit_line(self.field.text)
            else:
                self.browser.type(intent.text)
        elif isinstance(intent, EditKey):
            if self.field is not None:
                return self._edit_line(intent.edit)
            return self._edit(intent.edit)
        elif isinstance(intent, Command):
            return self._command(intent.action)
        elif isinstance(intent, Pointer):
            return self._pointer(intent)
        return None

    def _edit(self, edit: Edit) -> Transition | None:
        self.dirty = True
        browser = self.browser
        if edit is Edit.ENTER:
            return self._open()
        if edit is Edit.BACKSPACE:
            browser.erase()
        elif edit is Edit.CANCEL:
            if browser.clear_filter():
                return None
            if browser.collection is not None:
                browser.leave_collection()
                return None
            return Pop()
        return None

    # -- the path line ---------------------------------------------------------------

    def _open_line(self, text: str | None = None) -> None:
        """Open the path line: holding ``text``, or the folder shown, selected (Ctrl+L)."""
        line = self.browser.lines.open_line(text)
        if text is None:
            self.field = TextField.suggesting(line.text, PATH_LIMIT)
        else:
            self.field = TextField(line.text, len(line.text), PATH_LIMIT)
        self.dirty = True

    def _close_line(self) -> None:
        self.browser.lines.close_line()
        self.field = None
        self.dirty = True

    def _edit_line(self, edit: Edit) -> Transition | None:
        field = self.field
        assert field is not None
        self.dirty = True
        if edit is Edit.CANCEL:
            self._close_line()
        elif edit is Edit.ENTER:
            self.browser.lines.go_line()
        elif edit is Edit.NEXT:
            field.suggested = False  # a Tab keeps the text: what is typed next goes after it
            field.caret = len(field.text)
            self.browser.lines.complete_line()
        elif field.edit(edit):
            self.browser.lines.edit_line(field.text)
        return None

    def _sync_line(self) -> None:
        """Follow the line's model: completed text, or the line closed by going somewhere."""
        line = self.browser.line
        if line is None:
            if self.field is not None:
                self.field = None
                self.dirty = True
        elif self.field is not None and self.field.text != line.text:
            self.field = TextField(line.text, len(line.text), PATH_LIMIT)
            self.dirty = True

    def _find_places(self) -> tuple[Place, ...]:
        keeper = self.ctx.keeper
        saves = keeper.saves_folder() if keeper.has_saves() else None
        folder = str(saves) if saves is not None else None
        return places(str(PUZZLES), folder, home_folder(), self.ctx.session.recent_folders)

    def _command(self, action: Action) -> Transition | None:
        browser = self.browser
        if action is Action.GO_TO_PATH:
            self._open_line()
            return None
        move = _MOVES.get(action)
        if move is not None:
            self.dirty |= move(browser.state)
        elif action in (Action.MOVE_LEFT, Action.PARENT):
            self.dirty |= browser.parent()
        elif action is Action.MOVE_RIGHT:
            browser.enter()
            self.dirty = True
        elif action is Action.REFRESH:
            browser.refresh()
        elif action is Action.BACK:
            return Pop()
        return None

    def _pointer(self, pointer: Pointer) -> Transition | None:
        state = self.browser.state
        if pointer.kind is PointerKind.WHEEL:
            if state.scroll(-pointer.wheel * WHEEL_ROWS):
                self._point(self._hit(pointer.pos))
                self.dirty = True
            return None
        if pointer.kind is PointerKind.RELEASE:
            self._dragging = False
            return None
        if pointer.kind is PointerKind.MOVE and self._dragging:
            self.dirty |= self._drag(pointer.pos[1])
            return None
        if pointer.kind is PointerKind.MOVE:
            self._point(self._hit(pointer.pos))
            return None
        if pointer.kind is PointerKind.LEAVE:
            self._point(Pointing())
            return None
        if pointer.kind is not PointerKind.PRESS or pointer.button != 1:
            return None
        hit = self._hit(pointer.pos)
        if self.field is not None:
            if hit.choice is not None:
                self._choose(hit.choice)
                return None
            if hit.control in ("line", "card"):
                return None
            self._close_line()  # a press elsewhere leaves the line, then does its own thing
        if hit.control == "path":
            self._open_line()
            return None
        if hit.place is not None:
            self.browser.go_to(self.places[hit.place].path)
            self.dirty = True
            return None
        if hit.control == "back":
            return Pop()
        if hit.control == "clear":
            self.dirty |= self.browser.clear_filter()
        elif hit.control == "play":
            return self._open()
        elif hit.control == "scrollbar":
            self._dragging = True
            self.dirty |= self._drag(pointer.pos[1])
        elif hit.row is not None:
            return self._press(hit.row)
        return None

    def _press(self, position: int) -> Transition | None:
        if self._click is not None and self._click[0] == position:
            if self._click[1] is None:  # both presses came in one batch of events
                self._click = None
                return self._open()
            self._double = True  # decided in update(), when the time between is known
            return None
        self.browser.state.select(position)
        self._click = (position, None)
        self.dirty = True
        return None

    def _drag(self, y: int) -> bool:
        state = self.browser.state
        track = self.layout.scrollbar
        thumb = scroll_thumb(track, state.top, state.rows, state.count)
        room = max(1, track.h - thumb.h)
        return state.scroll_to((y - track.y - thumb.h / 2) / room)

    def _point(self, pointing: Pointing) -> None:
        if pointing != self.pointing:
            self.pointing = pointing
            self.dirty = True

    def _choose(self, index: int) -> None:
        """A click on a name Tab found: it goes into the line; a folder is listed at once."""
        line, field = self.browser.line, self.field
        if line is None or field is None or index >= len(line.choices):
            return
        text = with_choice(line.text, line.choices[index])
        self.field = TextField(text, len(text), PATH_LIMIT)
        self.browser.lines.edit_line(text)
        if text.endswith(SEPARATORS):
            self.browser.lines.complete_line()
        self.dirty = True

    def _hit(self, pos: tuple[int, int]) -> Pointing:
        """The control, row, shortcut or choice under ``pos``."""
        return pointing_at(self.layout, self.browser, self.places, pos, self.field is not None)

    def _open(self) -> Transition | None:
        self.dirty = True
        return self._play(self.browser.activate())

    def _play(self, play: Play | None) -> Transition | None:
        if play is None:
            return None
        self.ctx.session.played_from(os.path.dirname(play.path))
        return Go(OpenFile(play.path, play.index))

    # -- time -----------------------------------------------------------------------

    def update(self, dt: float) -> Transition | None:
        self._fit()
        opened = self._clicks(dt)
        if opened is not None:
            return opened
        if self.browser.tick(dt) or self.view.pending:  # pending: pictures still to draw
            self.dirty = True
        self._sync_line()
        line = self.browser.line
        waiting = line is not None and bool(line.waiting) and line.waited >= SHOW_WAITING
        if waiting != self._waiting:  # a slow look-up says so; a quick one never flashes
            self._waiting = waiting
            self.dirty = True
        return self._play(self.browser.take_outcome())

    def _clicks(self, dt: float) -> Transition | None:
        if self._click is None:
            return None
        position, age = self._click
        if self._double:
            self._double = False
            if age is not None and age + dt <= DOUBLE_CLICK:
                self._click = None
                return self._open()
            self._click = (position, 0.0)  # too slow: this press starts a new pair
            return None
        age = 0.0 if age is None else age + dt
        self._click = None if age > DOUBLE_CLICK else (position, age)
        return None

    def wake_in(self) -> float | None:
        if self.view.pending:
            return 0.0
        if self.browser.busy:
            return POLL
        return max(POLL, STAMP_EVERY - self.browser.folder.since_stamp)

    def _fit(self) -> None:
        self.browser.state.set_rows(self.layout.rows_fit)

    # -- drawing --------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(
            surface,
            self.layout,
            self.browser,
            self.ctx.palette,
            self.pointing,
            self.places,
            self.field,
            self.ctx.keymap.shortcut(Action.GO_TO_PATH),
        )


def _last_recent(ctx: AppContext) -> str | None:
    """The folder the player last chose a puzzle from (an earlier run), if it is still there."""
    recent = ctx.session.recent_folders
    return recent[0] if recent and os.path.isdir(recent[0]) else None
