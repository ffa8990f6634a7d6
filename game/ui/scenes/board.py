"""The board: where a game is played.

This scene translates and delegates.  Intents become :class:`~game.session.Game`
calls through one table (:attr:`BoardScene.commands`); what the calls return goes
through :func:`~game.ui.feedback.feedback_for` into animations and the status
line; hints are the :class:`~game.ui.hint_flow.HintFlow`'s business, stepping
through the solution the :class:`~game.ui.steps_flow.StepsFlow`'s, the "apply
everywhere" commands the :class:`~game.ui.everywhere.EverywhereFlow`'s and the
puzzle's difficulty the :class:`~game.ui.difficulty.Rater`'s; and what is
seen is computed as values (:func:`~game.ui.looks.cell_looks`, :meth:`panel_model`)
that the board and panel views paint.  Rules, history and solving stay in the
session and engine.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable

import pygame

from ...session import BoardState, CheckResult, Game, GameStatus, Outcome
from ...session.difficulty import Difficulty, Rater
from ...session.everywhere import EVERYWHERE, EverywhereFlow
from ...session.hint_flow import HintFlow, HintUpdate, Stage
from ...session.sources import GameInfo
from ...session.steps_flow import StepsFlow
from ...session.typed import TypedMoveError, parse_typed_move
from .. import routes
from ..actions import CHORES, Action, Command
from ..animation import Animator
from ..board_view import BoardView, draw_links
from ..context import AppContext
from ..feedback import feedback_for
from ..gate import InputContext, Intent, Pointer, PointerKind, Window, WindowChange
from ..layout import BoardLayout, board_layout
from ..looks import CellLook, ViewState, cell_looks
from ..panel_view import (
    BUTTONS,
    HINT_BUTTONS,
    HintCard,
    PanelModel,
    PanelView,
    action_keys,
    clock_text,
    detail_text,
    hint_button_rects,
    pad_keys,
)
from ..scene_stack import Push, Scene, Transition
from ..steps_view import NAV, CommandKey, StepsCard, steps_geometry
from ..widgets import Style
from .lose import LoseScene
from .pause import PauseScene
from .typed_move import TypedMoveScene
from .win import WinScene

FRAME = 1 / 60

EVERYWHERE_NAMES = tuple(action.value for action in CHORES)
"""The step card's everywhere buttons are named after their actions."""


class BoardScene(Scene):
    def __init__(self, ctx: AppContext, game: Game, info: GameInfo) -> None:
        super().__init__()
        self.ctx = ctx
        self.game = game
        self.info = info
        settings = ctx.settings
        self.view = ViewState(digit_first=settings.input_mode == "digit-first")
        self.animator = Animator(enabled=settings.animations)
        self.hints = HintFlow(ctx.tasks, self._hint_update)
        self.steps = StepsFlow(ctx.tasks, self._sync_view)
        self.everywhere = EverywhereFlow(ctx.tasks, self._everywhere_update)
        self.board_view = BoardView(ctx.text)
        self.panel_view = PanelView(ctx.text)
        self._full = True  # the next draw repaints the whole window
        self._looks: tuple[CellLook, ...] = ()
        self._looks_key: object = None
        self._links_shown = False
        self.layout: BoardLayout = board_layout(*ctx.size, game.size)
        self.notes_mode = False
        self.status = ""
        self.status_error = False
        self.hover: str | int | None = None
        self.ending: str | None = None  # "win" or "lose": a card follows the animation
        self._reported = False
        self._checked: dict[int, int] = {}  # cell -> the entry Check found wrong there
        self._shown_second = -1
        self.commands: dict[Action, Callable[[Command], Transition | None]] = {
            Action.MOVE_UP: lambda c: self._move(-1, 0),
            Action.MOVE_DOWN: lambda c: self._move(1, 0),
            Action.MOVE_LEFT: lambda c: self._move(0, -1),
            Action.MOVE_RIGHT: lambda c: self._move(0, 1),
            Action.DIGIT: lambda c: self._digit(c.digit),
            Action.NOTE: lambda c: self._note(c.digit),
            Action.CONFIRM: lambda c: self._confirm(),
            Action.NOTES_MODE: lambda c: self._toggle_notes_mode(),
            Action.ERASE: lambda c: self._erase(),
            Action.UNDO: lambda c: self._play(self.game.undo()),
            Action.REDO: lambda c: self._play(self.game.redo()),
            Action.HINT: lambda c: self._hint(),
            Action.STEPS: lambda c: self._toggle_steps(),
            Action.NEXT: lambda c: self._browse(self.steps.next),
            Action.PREVIOUS: lambda c: self._browse(self.steps.previous),
            Action.CHECK: lambda c: self._check(),
            Action.FILL_NOTES: lambda c: self._play(self.game.fill_notes()),
            Action.SOLVE: lambda c: self._solve(),
            Action.TYPED_MOVE: lambda c: self._typed_move(),
            Action.SAVE: lambda c: self._save(),
            Action.OPEN: lambda c: routes.open_puzzle(self.ctx, self._folder()),
            Action.BACK: lambda c: self._back(),
            Action.HELP: lambda c: routes.help_overlay(self.ctx, self.game.size),
        }
        for action in CHORES:
            self.commands[action] = self._everywhere
        self._sync_view()
        self.rater = Rater(ctx.tasks, game.shape, game.givens, info.difficulty)
        self.rater.listen(self._rated)

    # -- lifecycle ------------------------------------------------------------------

    def enter(self) -> None:
        self._check_end(None)

    def exit(self) -> None:
        self.hints.reset()
        self.steps.forget()
        self.rater.cancel()

    def uncover(self) -> None:
        super().uncover()
        if not self.game.is_over:
            self.ending = None
            self._reported = False  # undone from the lose card: its end is told again
        self.hints.board_changed(self.game)
        self.steps.board_changed(self.game)
        self._sync_view()
        self._check_end(None)  # the settings (a lower mistake limit) may have ended it

    def input_context(self) -> InputContext:
        return InputContext(size=self.game.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = board_layout(*size, self.game.size)
        self.dirty = True

    def restyle(self) -> None:
        settings = self.ctx.settings
        self.view.digit_first = settings.input_mode == "digit-first"
        self.animator.enabled = settings.animations
        if not settings.animations:
            self.animator.skip()
        self._sync_view()
        self.dirty = True

    # -- input ----------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if self.animator.revealing and _is_press(intent):
            self.animator.skip()  # any key or click skips the Solve animation
            self._sync_view()
            return None
        if isinstance(intent, Command):
            handler = self.commands.get(intent.action)
            return handler(intent) if handler else None
        if isinstance(intent, Pointer):
            return self._pointer(intent)
        if isinstance(intent, WindowChange) and intent.change is Window.MINIMISED:
            return None if self.game.is_over else Push(PauseScene(self.ctx, self.game, self.info))
        return None

    def _pointer(self, pointer: Pointer) -> Transition | None:
        target = self.target_at(pointer.pos)
        if pointer.kind in (PointerKind.MOVE, PointerKind.LEAVE):
            if target != self.hover and not isinstance(target, tuple):
                self.hover = target
                self.dirty = True
            elif isinstance(target, tuple) and self.hover is not None:
                self.hover = None
                self.dirty = True
            return None
        if pointer.kind is not PointerKind.PRESS:
            return None
        if target in HINT_BUTTONS:
            if target == "hint-apply":
                return self._hint()
            self._dismiss_hint()
            return None
        if target in NAV:
            return self.step_buttons[str(target)]()
        if isinstance(target, str) and target in EVERYWHERE_NAMES:
            self._everywhere(Command(Action(target)))
            return None
        if isinstance(target, str):
            return self.commands[BUTTONS[target][1]](Command(BUTTONS[target][1]))
        if isinstance(target, int):
            return self._pad(target)
        if isinstance(target, tuple):
            return self._click_cell(target[0], pointer)
        return None

    def target_at(self, pos: tuple[int, int]) -> str | int | tuple[int] | None:
        """What is under ``pos``: a hint card button or action name (str), a pad
        digit (int), a cell as a 1-tuple, or None."""
        if self.hints.stage is Stage.SHOWN:
            for name, rect in hint_button_rects(self.layout).items():
                if rect.collidepoint(pos):
                    return name
        if self.steps.open:
            geometry = steps_geometry(self.layout, len(CHORES))
            buttons = {
                **geometry.nav,
                **dict(zip(EVERYWHERE_NAMES, geometry.everywhere, strict=True)),
            }
            for name, rect in buttons.items():
                if rect.collidepoint(pos):
                    return name
        button = self.layout.button_at(pos)
        if button is not None and button != "menu" and self.steps.open:
            button = None  # the step card covers the pad and the action buttons
        if isinstance(button, str) and button != "menu" and self.hints.stage is Stage.SHOWN:
            button = None  # the hint card covers the action buttons
        if button is not None:
            return button
        cell = self.layout.board.cell_at(pos)
        return (cell,) if cell is not None else None

    def _click_cell(self, cell: int, pointer: Pointer) -> Transition | None:
        game, view = self.game, self.view
        game.select(cell)
        self.dirty = True
        self._sync_view()
        if pointer.button == 3:
            if not view.active_digit:
                self._say("Pick a digit first: right-click then toggles its note.")
                return None
            return self._play(game.toggle_note(cell, view.active_digit))
        if pointer.button != 1:
            return None
        if view.digit_first and view.active_digit:
            return self._enter(cell, view.active_digit)
        if self.notes_mode and not game.grid[cell]:
            spot = self.layout.board.note_at(pointer.pos)
            if spot is not None:
                return self._play(game.toggle_note(cell, spot[1]))
        return None

    def _pad(self, digit: int) -> Transition | None:
        if self.view.digit_first:
            self.view.active_digit = 0 if self.view.active_digit == digit else digit
            self._sync_view()
            self.dirty = True
            return None
        return self._digit(digit)

    # -- commands -------------------------------------------------------------------

    def _move(self, rows: int, columns: int) -> None:
        self.game.move_selection(rows, columns)
        self._sync_view()
        self.dirty = True

    def _digit(self, digit: int) -> Transition | None:
        """A digit key or pad button: place it (or note it in notes mode)."""
        self.view.active_digit = digit
        if self.view.digit_first:
            self._sync_view()
            self.dirty = True
            return None
        cell = self.game.selected
        if cell is None:
            self._say("Select a cell first (click it, or use the arrow keys).")
            return None
        return self._enter(cell, digit)

    def _enter(self, cell: int, digit: int) -> Transition | None:
        if self.notes_mode:
            return self._play(self.game.toggle_note(cell, digit))
        return self._play(self.game.place(cell, digit), placed=cell)

    def _note(self, digit: int) -> Transition | None:
        cell = self.game.selected
        if cell is None:
            self._say("Select a cell first.")
            return None
        return self._play(self.game.toggle_note(cell, digit))

    def _confirm(self) -> Transition | None:
        if self.steps.open:
            return self._apply_step()
        cell, digit = self.game.selected, self.view.active_digit
        if self.view.digit_first and cell is not None and digit:
            return self._enter(cell, digit)
        return None

    def _erase(self) -> Transition | None:
        cell = self.game.selected
        if cell is None:
            return None
        return self._play(self.game.erase(cell))

    def _toggle_notes_mode(self) -> None:
        self.notes_mode = not self.notes_mode
        self._say("Notes mode: digits toggle notes." if self.notes_mode else "Notes mode off.")

    def _check(self) -> None:
        game = self.game
        if game.solution is not None:  # a comparison with the known solution: instant
            self._checked_result(game.state, game.check())
            return
        # Without a single solution, Check asks the solver whether the position can
        # still be finished, which can take a while: off the frame loop.
        state = game.state
        self._say("Checking…")
        self.ctx.tasks.run(
            lambda task: game.check(),
            lambda result: self._checked_result(state, result),
            label="check",
        )

    def _checked_result(self, state: BoardState, result: CheckResult) -> None:
        if self.game.state != state:
            self._say("The board changed while checking; press C again.")
            return
        entries = state.entries
        self._checked = {cell: entries[cell] for cell in result.wrong if entries[cell]}
        self._say(result.message, error=bool(result.wrong))
        self._sync_view()

    def _solve(self) -> Transition | None:
        game = self.game
        before = game.grid
        outcome = game.solve()
        if not outcome.changed:
            self._say(outcome.message or "Nothing to solve.", error=bool(outcome.message))
            return None
        self.hints.reset()
        self.animator.start_reveal(tuple(c for c in range(game.shape.cells) if not before[c]))
        return self._after(outcome, None)

    def _hint(self) -> Transition | None:
        if self.game.is_over:
            return None
        self.steps.close()  # the hint card and the step card share the panel
        update = self.hints.press(self.game)
        if update.outcome is not None:
            return self._play(update.outcome, hint=True)
        if update.message:
            self._say(update.message)
        self._sync_view()
        self.dirty = True
        return None

    def _hint_update(self, update: HintUpdate) -> None:
        """A hint answer arrived from the background job."""
        self._say(update.message)
        self._sync_view()

    def _dismiss_hint(self) -> None:
        self.hints.reset()
        self._say("")
        self._sync_view()

    # -- stepping through the solution and applying techniques everywhere --------

    @property
    def step_buttons(self) -> dict[str, Callable[[], Transition | None]]:
        """The step card's buttons: what each does."""
        return {
            "step-previous": lambda: self._browse(self.steps.previous),
            "step-next": lambda: self._browse(self.steps.next),
            "step-apply": self._apply_step,
            "step-close": self._toggle_steps,
        }

    def _toggle_steps(self) -> None:
        if self.game.is_over:
            return
        if not self.steps.open:
            self.hints.reset()
        self.steps.toggle(self.game)
        self._say("")
        self._sync_view()

    def _browse(self, move: Callable[[], bool]) -> None:
        if self.steps.open and move():
            self._say("")
            self._sync_view()

    def _apply_step(self) -> Transition | None:
        outcome = self.steps.apply(self.game)
        if outcome is None:
            return None
        return self._play(outcome)

    def _everywhere(self, command: Command) -> None:
        if not self.game.is_over:
            self.everywhere.run(self.game, CHORES[command.action])

    def _everywhere_update(self, update: HintUpdate) -> None:
        """An "everywhere" command's answer arrived (and was applied if it found any)."""
        if update.outcome is not None:
            self._play(update.outcome)
        self._say(update.message)

    def _rated(self, difficulty: Difficulty | None) -> None:
        """The puzzle's rating arrived: the header shows it, and Continue keeps it."""
        if difficulty is None or self.info.difficulty == difficulty:
            return
        self.info = dataclasses.replace(self.info, difficulty=difficulty)
        if self.ctx.session.game is self.game:
            self.ctx.session.info = self.info
        self.dirty = True

    def _typed_move(self) -> Transition:
        return Push(
            TypedMoveScene(self.ctx, self.layout.board.rect, self.play_typed, self.game.tick)
        )

    def play_typed(self, text: str) -> bool:
        """Play a typed move; False (with the reason in the status line) if it is not one."""
        try:
            cell, digit = parse_typed_move(text, self.game.size)
        except TypedMoveError as error:
            self._say(str(error), error=True)
            return False
        self.game.select(cell)
        if self.game.is_given(cell):
            self._say("That cell holds a given; it cannot change.", error=True)
            return False
        self._enter(cell, digit)
        return True

    def _save(self) -> Transition:
        return routes.save_dialog(self.ctx, self.game, self.info, self._say)

    def _folder(self) -> str | None:
        if not self.info.path:
            return None
        from pathlib import Path

        return str(Path(self.info.path).parent)

    def _back(self) -> Transition | None:
        if self.steps.open:
            self._toggle_steps()
            return None
        if self.hints.stage >= Stage.NUDGE:
            self._dismiss_hint()
            return None
        return Push(PauseScene(self.ctx, self.game, self.info))

    def show_solution(self) -> None:
        """The lose card's "Show solution": fill the grid from the solution, in green."""
        self.view.show_solution = True
        self._say("The solution: digits you did not have are in green. Esc for the menu.")
        self._sync_view()

    # -- after every move -----------------------------------------------------------

    def _play(
        self, outcome: Outcome, placed: int | None = None, hint: bool = False
    ) -> Transition | None:
        """Feedback for a session call's outcome, then the end of the game if it came."""
        if outcome.changed and not hint:
            self.hints.board_changed(self.game)
        if outcome.changed:
            self.steps.board_changed(self.game)
        return self._after(outcome, placed)

    def _after(self, outcome: Outcome, placed: int | None) -> Transition | None:
        feedback = feedback_for(self.game, outcome, placed)
        self.animator.flash(feedback.flash)
        self.animator.glow(feedback.glow)
        if feedback.message or outcome.changed:
            self._say(feedback.message, feedback.error)
        self._sync_view()
        self.dirty = True
        return self._check_end(placed)

    def _check_end(self, last: int | None) -> Transition | None:
        game = self.game
        if not game.is_over or self.ending is not None:
            return None
        if not self._reported:
            self._reported = True
            for hook in self.ctx.hooks.on_game_over:
                hook(game, self.info)
        self.steps.close()
        if game.status is GameStatus.WON:
            game.select(None)  # a finished grid reads best without highlights
        if game.counts_as_win:
            self.ending = "win"
            origin = last if last is not None else game.shape.cells // 2
            self.animator.wave(_distances(game.size, origin))
            self._sync_view()
        else:
            self.ending = "win" if game.status is GameStatus.WON else "lose"
        return None

    def _result_scene(self) -> Scene:
        if self.ending == "win":
            return WinScene(self.ctx, self.game, self.info, self.rater)
        return LoseScene(self.ctx, self.game, self.info, self.show_solution)

    # -- time -----------------------------------------------------------------------

    def update(self, dt: float) -> Transition | None:
        self.game.tick(dt)
        if self.animator.update(dt):
            self._sync_view()
            self.dirty = True
        second = int(self.game.elapsed)
        if second != self._shown_second:
            self._shown_second = second
            self.dirty = self.dirty or self.ctx.settings.show_timer
        if self.hints.thinking() and self.status != "Thinking…":
            self._say("Thinking…")
        if self.steps.poll():
            self._sync_view()
        if self.ending in ("win", "lose") and not self.animator.active:
            scene = self._result_scene()
            self.ending = "shown"
            return Push(scene)
        return None

    def wake_in(self) -> float | None:
        waits = []
        if self.ending in ("win", "lose") and not self.animator.active:
            return 0.0
        if self.animator.active:
            waits.append(FRAME)
        for wait in (self.hints.wake_in(), self.steps.wake_in()):
            if wait is not None:
                waits.append(wait)
        if self.ctx.settings.show_timer and not self.game.is_over and not self.game.paused:
            waits.append(1.0 - self.game.elapsed % 1.0 + 0.001)
        return min(waits) if waits else None

    # -- what is shown --------------------------------------------------------------

    def _say(self, message: str, error: bool = False) -> None:
        self.status = message
        self.status_error = error
        self.dirty = True

    def _sync_view(self) -> None:
        """Bring the view state up to date (called after changes, never from draw)."""
        view = self.view
        entries = self.game.state.entries
        view.checked = frozenset(c for c, d in self._checked.items() if entries[c] == d)
        view.hint = self.steps.marks() if self.steps.open else self.hints.marks()
        view.flash, view.glow, view.hidden = self.animator.levels()
        self.dirty = True

    def looks(self) -> tuple[CellLook, ...]:
        """Every cell's look, recomputed only when something it depends on changed."""
        game, view = self.game, self.view
        key = (
            (game.state, game.selected, game.status, id(self.ctx.settings)),
            (view.active_digit, view.digit_first, view.checked, view.hint, view.hidden),
            (view.show_solution, tuple(view.flash.items()), tuple(view.glow.items())),
        )
        if key != self._looks_key:
            self._looks = cell_looks(game, view)
            self._looks_key = key
        return self._looks

    def panel_model(self) -> PanelModel:
        game, settings, view = self.game, self.ctx.settings, self.view
        card = None
        if self.hints.stage is Stage.SHOWN:
            card = HintCard(self.hints.title, self.hints.explanation, self.hints.apply_label)
        # Counted from what the board shows, so the Solve animation counts down too.
        shown = Counter(look.digit for look in self.looks())
        active = view.active_digit if view.digit_first else 0
        return PanelModel(
            title=self.info.heading,
            subtitle=self._subtitle(),
            detail=detail_text(game, settings, self.notes_mode),
            timer=clock_text(game.elapsed) if settings.show_timer else "",
            pad=pad_keys(game.size, shown, active),
            actions=action_keys(game, self.ctx.keymap, self.notes_mode, self.steps.open),
            status=self.status,
            status_error=self.status_error,
            notes_mode=self.notes_mode,
            hover=self.hover,
            card=card,
            steps=self._steps_card() if self.steps.open else None,
        )

    def _subtitle(self) -> str:
        """The kind of grid, and its difficulty once rated (the level alone if the
        heading already names it)."""
        info, difficulty = self.info, self.info.difficulty
        if difficulty is None:
            return info.kind
        if info.heading == difficulty.level.label:
            return f"{info.kind} · score {difficulty.score:.1f}"
        return f"{info.kind} · {difficulty.text()}"

    def _steps_card(self) -> StepsCard:
        keymap, size = self.ctx.keymap, self.game.size

        def tip(label: str, action: Action) -> str:
            key = keymap.shortcut(action, size)
            return f"{label}  ·  {key}" if key else label

        everywhere = tuple(
            CommandKey(
                action.value, EVERYWHERE[chore].label, Style.NORMAL, tip(action.label, action)
            )
            for action, chore in CHORES.items()
        )
        tips = (
            ("step-previous", tip("Previous step", Action.PREVIOUS)),
            ("step-next", tip("Next step", Action.NEXT)),
            ("step-apply", tip("Apply the step shown", Action.CONFIRM)),
            ("step-close", tip("Close the steps", Action.STEPS)),
        )
        view = self.steps.view(keeps_notes=any(self.game.state.notes))
        return StepsCard(view, everywhere, tips, self.status, self.status_error)

    def invalidate(self) -> None:
        self._full = True
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Redraw what changed: cells whose look changed, panel parts, or everything."""
        palette = self.ctx.palette
        full, self._full = self._full, False
        if full:
            surface.fill(palette.background)
        board = self.board_view
        board.configure(self.layout.board, self.game.shape, palette)
        changed = board.update(self.looks())
        marks = self.view.hint
        links = marks.step if marks is not None and marks.full and marks.step.links else None
        drawn: list[pygame.Rect] = []
        # Links lie over the board: while any are shown, or just went away, the
        # whole board goes up again (it is one blit of the composed board).
        if full or changed or links is not None or self._links_shown:
            board.blit(surface)
            if links is not None:
                draw_links(surface, links, self.layout.board, palette)
            drawn.append(board.screen_rect)
        self._links_shown = links is not None
        drawn += self.panel_view.draw(surface, palette, self.layout, self.panel_model(), full)
        return None if full else drawn


def _is_press(intent: Intent) -> bool:
    if isinstance(intent, Pointer):
        return intent.kind is PointerKind.PRESS
    return isinstance(intent, Command) and intent.action is not Action.QUIT


def _distances(size: int, origin: int) -> dict[int, float]:
    """Every cell's distance from ``origin``, scaled to 0..1 (for the win wave)."""
    row0, column0 = divmod(origin, size)
    raw = {
        cell: ((cell // size - row0) ** 2 + (cell % size - column0) ** 2) ** 0.5
        for cell in range(size * size)
    }
    far = max(raw.values()) or 1.0
    return {cell: d / far for cell, d in raw.items()}
