"""The drill screen: one technique, one position at a time; mark, submit, see the pattern.

The scene translates and draws; the drill (:class:`~game.session.trainer.drill.Drill`)
keeps the marks, judges them and keeps the tally.  Keys: the arrows move the
cursor and a digit (with or without Shift) marks or unmarks that candidate of
the cursor's cell; Enter submits, and once the round is over goes on; N or Tab
serves the next position, H shows the answer, Backspace unmarks the cursor's
cell, Esc goes back.  A click on a candidate marks it; a click elsewhere in a
cell moves the cursor there.  (S would be "show", but S moves the cursor down
for players on W A S D, so "show me" is H, the game's hint key.)

Preparing a position runs the hint search on a turned copy of it, a few
milliseconds mostly but up to a few tenths of a second for chains: the scene
prepares the next position in the background while the player works on this
one, so Next is instant, and shows a spinner in the rare case it is not ready.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...engine.logic.registry import get as technique_named
from ...engine.logic.step import Role, with_article
from ...session import Task
from ...session.trainer import Answer, Outcome, Round, drill_for, prepare
from ..board import BoardGeometry, BoardView, CellLook, LegendItem, draw_deduction, legend_of
from ..input import Action, Command, InputContext, Intent, KeyMap, Pointer, PointerKind
from ..kit import Style
from ..stage import AppContext, Destination, Go, Help, Pop, Scene, Transition
from .looks import trainer_looks
from .rules_view import position_kind, position_rules, ruled_geometry, with_rules
from .view import (
    KEYS_SEPARATOR,
    ButtonKey,
    TrainerLayout,
    TrainerPanel,
    draw_trainer_panel,
    keys_size,
    trainer_layout,
    wrap_keys,
)

SPIN = 1 / 20  # the spinner's frame while a position is being prepared

LABELS = {
    "submit": "Submit",
    "show": "Show me",
    "clear": "Clear",
    "next": "Next",
    "about": "About",
    "back": "Back",
}
"""The panel's buttons, by name (what a click does), in their order."""

About = Callable[[str], Destination]
"""Where "About" leads for a technique (the technique's reference page), if anywhere."""


class TrainerScene(Scene):
    def __init__(
        self,
        ctx: AppContext,
        technique: str,
        variant: str = "any",
        about: About | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.technique = technique
        self.variant = variant
        self.about = about
        tally = ctx.session.training.of(technique)
        self.drill = drill_for(technique, variant, tally=tally, seed=seed)
        self.board_view = BoardView(ctx.text)
        self.hover: str | None = None
        self.spin = 0.0
        self.error = ""
        self._ready: Round | None = None
        self._task: Task[Round] | None = None
        self._waiting = False  # the player wants a position and none is ready
        self._looks_key: object = None
        self._looks: tuple[CellLook, ...] = ()
        self._layout_key: object = None
        self._layout: TrainerLayout | None = None
        self.commands: dict[Action, Callable[[Command], Transition | None]] = {
            Action.MOVE_UP: lambda c: self._move(-1, 0),
            Action.MOVE_DOWN: lambda c: self._move(1, 0),
            Action.MOVE_LEFT: lambda c: self._move(0, -1),
            Action.MOVE_RIGHT: lambda c: self._move(0, 1),
            Action.DIGIT: lambda c: self._mark_key(c.digit),
            Action.NOTE: lambda c: self._mark_key(c.digit),
            Action.ERASE: lambda c: self._unmark_cell(),
            Action.CONFIRM: lambda c: self._confirm(),
            Action.NOTES_MODE: lambda c: self.next(),
            Action.NEXT: lambda c: self.next(),
            Action.HINT: lambda c: self.show(),
            Action.BACK: lambda c: Pop(),
            Action.HELP: lambda c: Go(Help(self.size)),
        }

    # -- state --------------------------------------------------------------------------

    @property
    def round(self) -> Round | None:
        return self.drill.round

    @property
    def size(self) -> int:
        found = self.drill.round
        return found.shape.size if found is not None else self.drill.exemplars[0].shape.size

    @property
    def busy(self) -> bool:
        """Whether the player waits for a position being prepared."""
        return self._waiting

    def layout(self) -> TrainerLayout:
        # Room for the longer of the two keys lines (before and after the verdict),
        # so the buttons stay put when the round ends and Next is where Submit was.
        keymap, size = self.ctx.keymap, self.size
        both = (keys_line(keymap, size, False), keys_line(keymap, size, True))
        key = (self.ctx.size, self.size, self.button_names(), both)
        if self._layout is None or key != self._layout_key:
            names = self.button_names()
            text = self.ctx.text
            widest = max(text.measure(LABELS[name], 100)[0] for name in names) / 100
            first = trainer_layout(*self.ctx.size, self.size, names, widest=widest)
            size, width = keys_size(first.unit), first.keys.w
            lines = max(len(wrap_keys(text, keys, size, width)) for keys in both)
            self._layout = trainer_layout(
                *self.ctx.size, self.size, names, max(1, lines), widest=widest
            )
            self._layout_key = key
        return self._layout

    def board_geometry(self) -> BoardGeometry:
        """The board's geometry, with the round's cage sums keeping notes below them."""
        board = self.layout().board
        round_ = self.drill.round
        return ruled_geometry(board, position_rules(round_.position) if round_ else None)

    def button_names(self) -> tuple[str, ...]:
        names = ("submit", "show", "clear", "next")
        return (*names, "about", "back") if self.about is not None else (*names, "back")

    # -- lifecycle ----------------------------------------------------------------------

    def enter(self) -> None:
        if self.drill.round is None:
            self.next()

    def exit(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def input_context(self) -> InputContext:
        return InputContext(size=self.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.dirty = True

    # -- serving --------------------------------------------------------------------------

    def next(self) -> Transition | None:
        """The next position: at once if prepared, else as soon as it is."""
        if self._ready is not None:
            ready, self._ready = self._ready, None
            self._begin(ready)
        else:
            self._waiting = True
            if self._task is None:
                self._prepare()
        self.dirty = True
        return None

    def _prepare(self) -> None:
        exemplar, seed = self.drill.upcoming()
        technique, vary = self.technique, self.drill.vary
        self._task = self.ctx.tasks.run(
            lambda task: prepare(technique, exemplar, seed, vary),
            self._prepared,
            self._failed,
            label="trainer",
        )

    def _prepared(self, round_: Round) -> None:
        self._task = None
        if self._waiting:
            self._begin(round_)
        else:
            self._ready = round_

    def _failed(self, error: BaseException) -> None:
        self._task = None
        self._waiting = False
        self.error = f"Could not prepare a position: {error}"
        self.dirty = True

    def _begin(self, round_: Round) -> None:
        self._waiting = False
        self.error = ""
        self.drill.start(round_)
        self._prepare()  # the one after, while the player thinks about this one
        self.dirty = True

    # -- input --------------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Command):
            do = self.commands.get(intent.action)
            return do(intent) if do is not None else None
        if isinstance(intent, Pointer):
            return self._pointer(intent)
        return None

    def _pointer(self, pointer: Pointer) -> Transition | None:
        layout = self.layout()
        button = layout.button_at(pointer.pos)
        if pointer.kind in (PointerKind.MOVE, PointerKind.LEAVE):
            hover = button if pointer.kind is PointerKind.MOVE else None
            if hover != self.hover:
                self.hover = hover
                self.dirty = True
            return None
        if pointer.kind is not PointerKind.PRESS:
            return None
        if button is not None:
            return self.press(button)
        round_ = self.drill.round
        spot = self.board_geometry().note_at(pointer.pos)
        if round_ is None or spot is None:
            return None
        cell, digit = spot
        if not self._mark(cell, digit):
            self.drill.select(cell)
            self.dirty = True
        return None

    def press(self, name: str) -> Transition | None:
        """A panel button, by name."""
        if name == "submit":
            return self._confirm()
        if name == "show":
            return self.show()
        if name == "clear":
            if self.drill.clear():
                self.dirty = True
            return None
        if name == "next":
            return self.next()
        if name == "about" and self.about is not None:
            return Go(self.about(self.technique))
        if name == "back":
            return Pop()
        return None

    def _move(self, rows: int, columns: int) -> None:
        self.drill.move(rows, columns)
        self.dirty = True

    def _mark(self, cell: int, digit: int) -> bool:
        changed = self.drill.toggle(cell, digit)
        if changed:
            self.dirty = True
        return changed

    def _mark_key(self, digit: int) -> None:
        self._mark(self.drill.selected, digit)

    def _unmark_cell(self) -> None:
        if self.drill.unmark(self.drill.selected):
            self.dirty = True

    def _confirm(self) -> Transition | None:
        """Enter: submit the marks, or, once the round is over, the next position."""
        if self.drill.round is None:
            return None
        if self.drill.over:
            return self.next()
        self.drill.submit()
        self.dirty = True
        return None

    def show(self) -> Transition | None:
        if self.drill.round is not None and not self.drill.over:
            self.drill.show()
            self.dirty = True
        return None

    # -- time -----------------------------------------------------------------------------

    def update(self, dt: float) -> Transition | None:
        if self._waiting:
            self.spin = (self.spin + dt) % 1.0
            self.dirty = True
        return None

    def wake_in(self) -> float | None:
        return SPIN if self._waiting else None

    # -- what is shown --------------------------------------------------------------------

    def looks(self) -> tuple[CellLook, ...]:
        drill = self.drill
        round_ = drill.round
        if round_ is None:
            return ()
        key = (id(round_), drill.marks, drill.selected, drill.verdict)
        if key != self._looks_key:
            looks = trainer_looks(round_, drill.marks, drill.selected, drill.verdict)
            self._looks = with_rules(looks, position_rules(round_.position))
            self._looks_key = key
        return self._looks

    def panel(self) -> TrainerPanel:
        """The side panel as a value (tests read it)."""
        drill = self.drill
        round_ = drill.round
        name = self.technique
        try:
            level = technique_named(name).level.label
        except KeyError:
            level = ""
        grid = ""
        if round_ is not None:
            grid = position_kind(round_.position).grid
        parts = [level, grid, f"position {drill.served}" if drill.served else ""]
        subtitle = " · ".join(part for part in parts if part)
        tally = drill.tally
        summary = tally.summary() or "No rounds yet this session"
        if tally.best > 1:
            summary += f" · best streak {tally.best}"
        verdict = drill.verdict
        over = drill.over
        drawn = drill.drawn
        return TrainerPanel(
            title=name,
            subtitle=subtitle,
            tally=summary,
            task="" if over else self._task_text(round_),
            verdict=self.error or (verdict.message if verdict is not None else ""),
            outcome=Outcome.WRONG if self.error else (verdict.outcome if verdict else None),
            explanation=drawn.explanation if drawn is not None else "",
            legend=self._legend(),
            buttons=self._buttons(round_ is not None, over),
            keys=keys_line(self.ctx.keymap, self.size, over),
            busy=self._waiting,
            note=round_.note if round_ is not None and not over else "",
        )

    def _legend(self) -> tuple[LegendItem, ...]:
        """The key to the picture: the instance's, and the player's wrong marks' ring."""
        drawn, round_, verdict = self.drill.drawn, self.drill.round, self.drill.verdict
        if round_ is None:
            return ()
        items = legend_of(drawn, round_.position.values) if drawn is not None else ()
        if verdict is not None and verdict.wrong:
            items += (LegendItem("your mark that is not right", "ring", Role.WRONG),)
        # Areas last: their outlines and labels explain themselves on the board,
        # so they are what a short panel had better leave out.
        return tuple(sorted(items, key=lambda item: item.area is not None))

    def _task_text(self, round_: Round | None) -> str:
        if round_ is None:
            return ""
        what = with_article(self.technique)
        if round_.answer is Answer.PLACE:
            return (
                f"Find {what} and mark the digit it places: click it in its cell, "
                "or use the arrows and a digit key. Then submit."
            )
        return (
            f"Find {what} and mark every candidate it removes: click them, "
            "or use the arrows and digit keys. Then submit."
        )

    def _buttons(self, playing: bool, over: bool) -> tuple[ButtonKey, ...]:
        def style(enabled: bool, primary: bool = False) -> Style:
            if not enabled:
                return Style.DISABLED
            return Style.PRIMARY if primary else Style.NORMAL

        marks = bool(self.drill.marks)
        styles = {
            "submit": style(playing and not over, primary=marks),
            "show": style(playing and not over),
            "clear": style(playing and not over and marks),
            "next": style(True, primary=over),
        }
        names = self.button_names()
        return tuple(ButtonKey(n, LABELS[n], styles.get(n, Style.NORMAL)) for n in names)

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ctx.palette
        layout = self.layout()
        surface.fill(p.background)
        round_ = self.drill.round
        if round_ is not None:
            view = self.board_view
            geometry = self.board_geometry()
            view.configure(geometry, round_.shape, p)
            view.set_rules(position_rules(round_.position))
            view.draw(surface, self.looks())
            drawn = self.drill.drawn
            if drawn is not None and (drawn.links or drawn.areas):
                draw_deduction(surface, drawn, geometry, p, self.ctx.text)
        draw_trainer_panel(surface, self.ctx.text, p, layout, self.panel(), self.hover, self.spin)


def keys_line(keymap: KeyMap, size: int, over: bool) -> str:
    """The drill's keys in one line: submit (or next, once ``over``), show me, next, back."""

    def key(action: Action) -> str:
        return keymap.shortcut(action, size)

    enter = key(Action.CONFIRM)
    parts = [f"{enter} next" if over else f"{enter} submit"]
    parts += [f"{key(Action.HINT)} show me", f"{key(Action.NOTES_MODE)} next"]
    parts.append(f"{key(Action.BACK)} back")
    return KEYS_SEPARATOR.join(part for part in parts if not part.startswith(" "))
