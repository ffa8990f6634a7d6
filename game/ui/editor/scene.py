"""The *Enter a puzzle* screen: the draft's board on the left, what the solver says and the
buttons on the right (see :mod:`game.ui.editor`).

Keys: digits (and ``A``-``G`` on 16x16) type a given, Backspace or Delete
erases (a cell with no given: its cage), arrows move, ``Tab`` changes the size
(on an empty board), ``Enter`` plays the puzzle once the solver has found it a
solution, ``Esc`` goes back to the menu.  A click chooses a cell.  A digit that
clashes with another given is refused and the panel says where the other one is.

Cages: choose several cells (Shift+arrows, Ctrl+click, or a drag), type the sum
(the digits are the sum's figures while several cells are chosen: the scene asks
for typed text then, so ``0`` is a figure, not Erase), ``Enter`` makes the cage,
``Esc`` lets the cells go.

Jigsaw regions: ``N`` (the board's notes-mode key: here it says what chosen cells
make) or the *Draw regions* button switches to region mode, where cells are
chosen the same way and ``Enter`` makes them a region; Backspace on a cell takes
its region away.  Regions are drawn as a jigsaw board draws them: thick borders
and a shade per region.  ``Ctrl+Z`` and ``Ctrl+Y`` undo and redo every change.
"""

from __future__ import annotations

import pygame

from ...session import Task
from ...session.puzzles import Draft, Verdict, verdict_of
from ..board import (
    BoardLayout,
    BoardView,
    CellLook,
    Fill,
    RuleMarks,
    board_layout,
    region_tints,
    rule_marks,
)
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
from ..kit import ButtonColumn, Item, draw_lines
from ..stage import AppContext, Go, OpenText, Pop, Scene, Transition

TYPED = "the puzzle you typed"
"""How messages name the draft when it is read to be played."""

_MOVES = {
    Action.MOVE_UP: (-1, 0),
    Action.MOVE_DOWN: (1, 0),
    Action.MOVE_LEFT: (0, -1),
    Action.MOVE_RIGHT: (0, 1),
}

_SCENE_KEYS = {
    Action.NOTES_MODE: "mode",
    Action.UNDO: "undo",
    Action.REDO: "redo",
}
"""Keys that do what a button does."""

_EXTENDS = {
    Action.EXTEND_UP: (-1, 0),
    Action.EXTEND_DOWN: (1, 0),
    Action.EXTEND_LEFT: (0, -1),
    Action.EXTEND_RIGHT: (0, 1),
}


class EditorScene(Scene):
    opaque = True

    def __init__(self, ctx: AppContext, draft: Draft | None = None) -> None:
        super().__init__()
        self.ctx = ctx
        self.draft = draft or Draft(9)
        self.view = BoardView(ctx.text)
        self.layout: BoardLayout = board_layout(*ctx.size, self.draft.size)
        self.buttons = ButtonColumn(self._items())
        self.message = ""
        self._task: Task[tuple[int, Verdict]] | None = None
        self._checking = -1  # the draft's version the task checks
        self._dragging = False

    # -- lifecycle ------------------------------------------------------------------

    def exit(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def input_context(self) -> InputContext:
        # Several cells chosen for a cage: digits are a sum's figures, typed as text
        # (0 included).  For a region they stay givens: a region has no number.
        draft = self.draft
        return InputContext(size=draft.size, typing=draft.choosing and not draft.regions_mode)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = board_layout(*size, self.draft.size)
        self.dirty = True

    # -- input ----------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Pointer):
            return self._pointer(intent)
        draft = self.draft
        if isinstance(intent, TextInput):
            for char in intent.text:
                if char.isdigit():
                    self.message = draft.type_sum(int(char))
            self._edited(self.message)
            return None
        if isinstance(intent, EditKey):
            if intent.edit is Edit.BACKSPACE:
                draft.unsum()
                self._edited("")
            elif intent.edit is Edit.ENTER:
                self._edited(draft.make_cage())
            elif intent.edit is Edit.CANCEL:
                draft.let_go()
                self._edited("")
            return None
        if not isinstance(intent, Command):
            return None
        action = intent.action
        if action is Action.CONFIRM and draft.regions_mode and draft.choosing:
            self._edited(draft.make_region())
            return None
        if action in _SCENE_KEYS:
            return self.choose(_SCENE_KEYS[action])
        if action in (Action.DIGIT, Action.NOTE):
            self._edited(draft.place(intent.digit))
        elif action is Action.ERASE:
            draft.erase()
            self._edited("")
        elif action in _MOVES:
            draft.let_go()
            draft.move(*_MOVES[action])
            self._edited("")
        elif action in _EXTENDS:
            before = draft.cursor
            draft.move(*_EXTENDS[action])
            cell, draft.cursor = draft.cursor, before
            draft.choose(cell)
            self._edited("")
        elif action is Action.BACK:
            if draft.let_go():
                self._edited("")
                return None
            return Pop()
        elif action is Action.CONFIRM:
            return self.choose("play")
        elif action is Action.NEXT:
            return self.choose("size")
        return None

    def _pointer(self, pointer: Pointer) -> Transition | None:
        chosen = self.buttons.handle(pointer)
        if isinstance(chosen, str):
            return self.choose(chosen)
        if chosen is True:
            self.dirty = True
        cell = self.layout.board.cell_at(pointer.pos)
        draft = self.draft
        if pointer.kind is PointerKind.RELEASE:
            self._dragging = False
        elif pointer.kind is PointerKind.MOVE and self._dragging and pointer.held:
            if cell is not None and cell not in draft.chosen and cell != draft.cursor:
                draft.choose(cell)
                self._edited("")
        elif pointer.kind is PointerKind.PRESS and pointer.button == 1 and cell is not None:
            if pointer.ctrl:
                draft.choose(cell, add=cell not in draft.chosen)
            else:
                draft.let_go()
                draft.cursor = cell
                self._dragging = True
            self._edited("")
        return None

    def choose(self, key: str) -> Transition | None:
        draft = self.draft
        if key == "play":
            if not draft.verdict.playable:
                self._edited(_not_yet(draft.verdict))
                return None
            return Go(OpenText(draft.line(), TYPED, "Your puzzle"))
        if key == "size":
            if not draft.empty:
                self._edited("Clear the board first to change its size.")
                return None
            draft.resize(draft.next_size())
            self.layout = board_layout(*self.ctx.size, draft.size)
            self._edited(f"Now a {draft.size}×{draft.size} grid.")
        elif key == "clear":
            self._edited("Board cleared." if draft.clear() else "")
        elif key == "mode":
            regions = draft.switch_mode()
            self._edited(
                "Region mode: choose cells, Enter makes them a region."
                if regions
                else "Cage mode: choose cells, type a sum, Enter makes the cage."
            )
        elif key == "undo":
            self._edited("" if draft.undo() else "Nothing to undo.")
        elif key == "redo":
            self._edited("" if draft.redo() else "Nothing to redo.")
        elif key == "back":
            return Pop()
        return None

    def _edited(self, message: str) -> None:
        """After a change: the message shown, the buttons, and a check if one is due."""
        self.message = message
        self.buttons.items = self._items()
        self._check()
        self.dirty = True

    def _items(self) -> list[Item]:
        draft = self.draft
        mode = "Draw cages" if draft.regions_mode else "Draw regions"
        return [
            Item("play", "Play this puzzle", enabled=draft.verdict.playable, primary=True),
            Item("mode", mode),
            Item("undo", "Undo", enabled=draft.can_undo),
            Item("size", f"Size {draft.size}×{draft.size}", enabled=draft.empty),
            Item("clear", "Clear", enabled=not draft.empty),
            Item("back", "Back"),
        ]

    # -- the check ------------------------------------------------------------------

    def _check(self) -> None:
        job = self.draft.check_job()
        if job is None or (self._task is not None and self._checking == job[0]):
            return  # nothing to check, or this version's check is under way
        if self._task is not None:
            self._task.cancel()
        version, shape, givens = job
        self._checking = version

        def work(task: Task[tuple[int, Verdict]]) -> tuple[int, Verdict]:
            return version, verdict_of(shape, givens)

        self._task = self.ctx.tasks.run(work, self._judged, self._failed, "check draft")

    def _judged(self, answer: tuple[int, Verdict]) -> None:
        if self.draft.judged(*answer):
            self._task = None
            self.buttons.items = self._items()
            self.dirty = True

    def _failed(self, error: BaseException) -> None:
        self._task = None
        self.draft.judged(self.draft.version, Verdict.UNDECIDED)
        self.message = f"The check failed: {error}"
        self.buttons.items = self._items()
        self.dirty = True

    # -- drawing --------------------------------------------------------------------

    def looks(self) -> tuple[CellLook, ...]:
        draft = self.draft
        chosen = draft.chosen
        marks = self.marks()

        tints = self.tints()

        def fill(cell: int) -> Fill:
            if cell == draft.cursor:
                return Fill.SELECTED
            return Fill.CHOSEN if cell in chosen else Fill.PLAIN

        return tuple(
            CellLook(
                digit=digit,
                given=bool(digit),
                fill=fill(cell),
                rules=marks.cells[cell] if marks is not None else None,
                tint=tints[cell],
            )
            for cell, digit in enumerate(draft.givens)
        )

    def tints(self) -> tuple[int, ...]:
        """A shade per cell: a finished jigsaw's as the board shades it; while regions
        are drawn, each drawn region shaded (touching ones apart) and the cells left
        over plain, so what is still to draw stands out."""
        draft = self.draft
        cells = draft.size * draft.size
        if not draft.regions:
            return (0,) * cells
        if draft.jigsaw:
            return region_tints(draft.shape)
        touching: dict[int, set[int]] = {k: set() for k in range(len(draft.regions))}
        of = [draft.region_at(cell) for cell in range(cells)]
        n = draft.size
        for cell in range(cells):
            right = cell + 1 if (cell + 1) % n else -1
            for other in (right, cell + n if cell + n < cells else -1):
                a, b = of[cell], of[other] if other >= 0 else None
                if a is not None and b is not None and a != b:
                    touching[a].add(b)
                    touching[b].add(a)
        shade: dict[int, int] = {}
        for region in sorted(touching, key=lambda k: (-len(touching[k]), k)):
            used = {shade[k] for k in touching[region] if k in shade}
            shade[region] = next((s for s in (1, 3, 2) if s not in used), 2)  # strongest first
        return tuple(0 if k is None else shade[k] for k in of)

    def marks(self) -> RuleMarks | None:
        """What the draft's cages draw: the board's own rule layer."""
        draft = self.draft
        return rule_marks(tuple(draft.cages), draft.size) if draft.cages else None

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        p, text = self.ctx.palette, self.ctx.text
        layout = self.layout
        surface.fill(p.background)
        self.view.configure(layout.board, self.draft.outline(), p)
        self.view.set_rules(self.marks())
        self.view.draw(surface, self.looks())
        panel = layout.panel
        unit = max(16, layout.unit)
        self._place_buttons(panel, unit)
        room = self.buttons.rects[0].top - round(unit * 0.25)  # the text ends above them
        x, width, y = panel.x, panel.w, panel.y
        title = text.fit_size("Enter a puzzle", round(unit * 0.5), width, True)
        body = max(13, round(unit * 0.24))
        draft = self.draft
        y = draw_lines(surface, text, ["Enter a puzzle"], (x, y), title, p.text, bold=True)
        kind = "Jigsaw" if draft.regions else "Classic"
        grid = f"{kind} {draft.size}×{draft.size} · {draft.count} given"
        grid += "" if draft.count == 1 else "s"
        if draft.unfinished:
            grid += f" · {len(draft.regions)} of {draft.size} regions"
        if draft.cages:
            grid += f" · {len(draft.cages)} cage" + ("" if len(draft.cages) == 1 else "s")
        mode = "Drawing regions" if draft.regions_mode else "Drawing cages"
        lines = text.wrap(f"{grid} · {mode} (N switches)", body, width)
        y = draw_lines(surface, text, lines, (x, y), body, p.text_dim)
        y += body // 2
        said = draft.verdict.value
        if draft.choosing and draft.regions_mode:
            said = f"A region of {len(draft.chosen)} cells (it needs {draft.size}). Enter makes it."
        elif draft.choosing:
            total = draft.total or "…"
            said = f"A cage of {len(draft.chosen)} cells, sum {total}. Type its sum, then Enter."
        verdict = text.wrap(said, body, width, bold=True)
        colour = p.error if draft.verdict is Verdict.NONE else p.text
        y = draw_lines(surface, text, verdict, (x, y), body, colour, bold=True)
        if self.message:
            y += body // 3
            lines = text.wrap(self.message, body, width)
            y = draw_lines(surface, text, lines, (x, y), body, p.text_dim)
        keys = text.wrap(KEYS, body, width)
        if y + body + round(body * 1.3) * len(keys) <= room:  # only where it fits whole
            draw_lines(surface, text, keys, (x, y + body), body, p.text_dim)
        self.buttons.draw(surface, text, p, on_card=False)
        return None

    def _place_buttons(self, panel: pygame.Rect, unit: int) -> None:
        """Play across the panel's foot; under it the mode and Undo side by side, and
        under them Size, Clear and Back (Size the widest: its label is the longest)."""
        row, gap = round(unit * 0.7), round(unit * 0.15)
        top = panel.bottom - 3 * row - 2 * gap
        rects = [pygame.Rect(panel.x, top, panel.w, row)]
        for shares, y in (((3, 2), top + row + gap), ((2, 1.5, 1.5), top + 2 * (row + gap))):
            room = panel.w - (len(shares) - 1) * gap
            x = panel.x
            for k, part in enumerate(shares):
                last = k == len(shares) - 1
                width = panel.right - x if last else round(room * part / sum(shares))
                rects.append(pygame.Rect(x, y, width, row))
                x += width + gap
        self.buttons.rects = rects


KEYS = (
    "Digits type a given, Backspace erases, arrows move, Tab changes the size of an "
    "empty board, Enter plays, Ctrl+Z undoes, Esc goes back. A killer cage: choose "
    "its cells (Shift+arrows, Ctrl+click or drag), type the sum, Enter. A jigsaw: N "
    "switches to regions; choose a region's cells the same way, Enter; the last "
    "region draws itself. Backspace takes a region away."
)


def _not_yet(verdict: Verdict) -> str:
    """Why Play does not start the draft yet."""
    if verdict is Verdict.CHECKING:
        return "Wait a moment: the solver is still checking."
    if verdict is Verdict.NONE:
        return "This puzzle has no solution: change a given first."
    if verdict is Verdict.REGIONS:
        return "Draw every region first: each cell must lie in one."
    return "Type some givens first."
