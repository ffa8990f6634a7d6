"""The board: where a game is played.

This scene only translates and draws.  Commands go through one table
(:attr:`BoardScene.commands`) to the session's
:class:`~game.session.board.playing.Playing`, which owns the game's rules, the help flows
and the panel's :class:`~game.session.board.playing.Mode`; clicks are typed hits
(:mod:`.hits`) that :class:`~.pointer.BoardPointer` turns into the session's calls;
the open card's scroll is :class:`~.scroll.ExplanationScroll`'s; what comes back
becomes animations and the status line; and what is seen is computed as values
(:func:`~.looks.cell_looks`, :func:`~.panel.panel_model`) that the board and panel
views paint.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from ...session.board import Mode, Playing, Reply
from ...session.play import Game, NoteKind, Phase
from ..input import (
    Action,
    Command,
    InputContext,
    Intent,
    Pointer,
    PointerKind,
    Window,
    WindowChange,
)
from ..kit import read_clipboard
from ..screens import SOLVE_BODY, SOLVE_TITLE, ConfirmScene
from ..stage import (
    AppContext,
    Cue,
    Go,
    Help,
    Menu,
    OpenPuzzle,
    OpenText,
    Push,
    SaveAs,
    Scene,
    Share,
    Transition,
)
from .animation import Animator
from .commands import Handler, play_commands
from .deduction_view import draw_deduction
from .hits import hit_at
from .layout import NO_ROOM, BoardLayout, Room, board_layout, least_note_size, window_for_notes
from .looks import CellLook, ViewState, board_rules, cell_looks
from .lose import LoseScene
from .panel import PanelInputs, notes_notice, panel_model
from .panel_view import (
    PanelModel,
    PanelView,
    draw_notice,
    explanation_fit,
    hint_card_rect,
    notice_lines,
)
from .pause import PauseScene
from .picture import export_picture
from .pointer import BoardPointer
from .rules import RuleMarks, rule_marks
from .scroll import ExplanationScroll
from .typed_move import TypedMoveScene
from .view import BoardView
from .win import WinScene

FRAME = 1 / 60


NOTE_WORDS = {
    NoteKind.CANDIDATE: "candidate notes (in fixed spots)",
    NoteKind.CORNER: "corner notes",
    NoteKind.CENTRE: "centre notes",
}


class BoardScene(Scene):
    def __init__(self, ctx: AppContext, play: Playing) -> None:
        """Show ``play``, the board's mid end the session made for the game."""
        super().__init__()
        self.ctx = ctx
        self.play = play
        self.game = game = play.game
        play.watch(self._sync)
        self.view = ViewState()
        self.animator = Animator(enabled=ctx.settings.animations)
        self.board_view = BoardView(ctx.text)
        self.panel_view = PanelView(ctx.text)
        self.layout: BoardLayout = self._layout_for(ctx.size)
        self.pointer = BoardPointer(play)
        self._full = True  # the next draw repaints the whole window
        self._looks: tuple[CellLook, ...] = ()
        self._rules: RuleMarks | None = None  # the constraints' marks, with the looks
        self._looks_key: object = None
        self._links_shown = False
        self._carded: Phase | None = None  # the ending whose card was shown
        self._shown_second = -1
        self.scrolled = ExplanationScroll(
            play, lambda: explanation_fit(ctx.text, self.layout, self.panel_model())
        )
        self.commands: dict[Action, Handler] = {
            **play_commands(self.play),
            Action.NOTE_KIND: lambda c: self._next_note_kind(),
            Action.NOTES_MODE: lambda c: self.play.toggle_notes_mode(),
            Action.SOLVE: lambda c: self._solve(),
            Action.TYPED_MOVE: lambda c: Push(
                TypedMoveScene(ctx, self.layout.board.rect, self.typed, game.tick)
            ),
            Action.SAVE: lambda c: Go(SaveAs(self._report)),
            Action.OPEN: lambda c: Go(OpenPuzzle(self._folder())),
            Action.PASTE_PUZZLE: lambda c: Go(OpenText(read_clipboard())),
            Action.COPY_PUZZLE: lambda c: Go(Share(game, self.play.origin, self._report)),
            Action.EXPORT_PICTURE: lambda c: self.play.tell(
                export_picture(ctx.keeper, ctx.text, game.puzzle, self.play.origin)
            ),
            Action.BACK: lambda c: self._back(),
            Action.HELP: lambda c: Go(Help(game.size, _rules(game))),
            Action.PAGE_DOWN: lambda c: self._scrolled(self.scrolled.page(1)),
            Action.PAGE_UP: lambda c: self._scrolled(self.scrolled.page(-1)),
        }
        self._sync()

    # -- lifecycle ------------------------------------------------------------------

    def exit(self) -> None:
        self.play.forget()

    def uncover(self) -> None:
        super().uncover()
        self.play.refresh()  # a card or dialog may have changed the board (Undo Solve)
        self._sync()

    def input_context(self) -> InputContext:
        return InputContext(size=self.game.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self._layout_for(size)
        self.dirty = True

    def _layout_for(self, size: tuple[int, int]) -> BoardLayout:
        """The layout, with room for clues outside the grid and notes below cage sums."""
        puzzle = self.game.puzzle
        self._room: Room = NO_ROOM
        if not puzzle.constraints:
            return board_layout(*size, self.game.size)
        marks = rule_marks(puzzle.constraints, self.game.size)
        self._room = marks.room
        labelled = frozenset(i for i, m in enumerate(marks.cells) if m is not None and m.labelled)
        return board_layout(*size, self.game.size, marks.room, labelled)

    def restyle(self) -> None:
        self.animator.enabled = self.ctx.settings.animations
        if not self.animator.enabled:
            self.animator.skip()
        self._sync()

    # -- input ----------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if self.animator.revealing and _is_press(intent):
            self.animator.skip()  # any key or click skips the Solve animation
            self._sync()
            return None
        if isinstance(intent, Command):
            handler = self.commands.get(intent.action)
            return self._answer(handler(intent)) if handler else None
        if isinstance(intent, Pointer):
            return self._pointer(intent)
        if isinstance(intent, WindowChange) and intent.change is Window.MINIMISED:
            return self._pause()
        return None

    def _pointer(self, pointer: Pointer) -> Transition | None:
        if pointer.kind is PointerKind.WHEEL:
            if hint_card_rect(self.layout).collidepoint(pointer.pos):
                self._scrolled(self.scrolled.by(-2 * pointer.wheel))  # two lines a notch
            return None
        outcome = self.pointer.event(pointer, hit_at(self.layout, self.play.mode, pointer.pos))
        if isinstance(outcome, Command):
            return self.handle(outcome)
        if isinstance(outcome, Reply):
            return self._answer(outcome)
        self.dirty = self.dirty or outcome is True  # the hover moved
        return None

    def typed(self, text: str) -> bool:
        """Play a typed move; False (the reason in the status line) if it is not one."""
        reply = self.play.typed(text)
        self._answer(reply)
        return not reply.error

    # -- what commands lead to ------------------------------------------------------

    def _answer(self, answer: Transition | Reply | None) -> Transition | None:
        """Feedback for a reply; the transition, if a command asked for one."""
        if isinstance(answer, Transition):
            return answer
        if answer is not None and answer.effect is not None:
            self._feedback(answer)
        self._sync()
        return None

    def _feedback(self, reply: Reply) -> None:
        effect = reply.effect
        assert effect is not None
        self.animator.flash(effect.flash)
        self.animator.glow(
            tuple(cell for unit in effect.completed_units for cell in self.game.shape.units[unit])
        )
        shown = bool(reply.filled)
        if shown:
            self.animator.start_reveal(reply.filled)  # Solve fills the grid, cell by cell
        won = reply.won
        if won:
            origin = reply.placed if reply.placed is not None else self.game.shape.cells // 2
            self.animator.wave(_distances(self.game.size, origin))
        # One sound an action, the most telling first (off unless the player turns it
        # up).  A wrong digit sounds like any other: sound never gives a mistake away.
        if won:
            self.ctx.sounds.play(Cue.WIN)
        elif effect.completed_units and not shown:
            self.ctx.sounds.play(Cue.UNIT)
        elif reply.placed is not None and effect.changed:
            self.ctx.sounds.play(Cue.PLACE)

    def _solve(self) -> Transition | Reply:
        """Solve asks first: a game whose solution was shown never counts as a win."""
        if not self.game.can_show_solution():
            return self.play.show_solution()  # it says why not
        return Push(ConfirmScene(self.ctx, SOLVE_TITLE, SOLVE_BODY, self._solved))

    def _solved(self) -> None:
        """Yes on the Solve card: the solution fills the board (the card then closes)."""
        self._answer(self.play.show_solution())

    def _back(self) -> Transition | Reply | None:
        if self.play.mode is Mode.ENDED:
            return Go(Menu(leave_game=True))
        if self.play.clear_selection() or self.play.help.dismiss():
            return Reply()
        return self._pause()

    @property
    def scroll(self) -> int:
        """Lines the open card's explanation is scrolled by."""
        return self.scrolled.lines

    def _scrolled(self, moved: bool) -> None:
        self.dirty = self.dirty or moved

    def _next_note_kind(self) -> Reply:
        """The next kind of note for notes mode and Shift+digit; kept in the settings."""
        kinds = tuple(NoteKind)
        kind = kinds[(kinds.index(self.ctx.settings.note_kind) + 1) % len(kinds)]
        self.ctx.change_settings(note_kind=kind)
        return self.play.tell(f"Notes now write {NOTE_WORDS[kind]}.")

    def _pause(self) -> Transition | None:
        if self.game.over:
            return None
        return Push(PauseScene(self.ctx, self.game, self.play.origin, self._report))

    def _report(self, message: str) -> None:
        """Where Save as put the file, in the status line."""
        self.play.tell(message)
        self._sync()

    def _folder(self) -> str | None:
        path = self.play.origin.path
        return str(Path(path).parent) if path else None

    # -- time -----------------------------------------------------------------------

    def update(self, dt: float) -> Transition | None:
        if self.play.update(dt):
            self._sync()
        for reply in self.play.take_replies():  # answers that came from the background
            self._feedback(reply)
            self._sync()
        if self.animator.update(dt):
            self._sync()
        if self.board_view.pending:  # tiles left over from a big board's first frames
            self.dirty = True
        second = int(self.game.elapsed)
        if second != self._shown_second:
            self._shown_second = second
            self.dirty = self.dirty or self.ctx.settings.show_timer
        return self._ending()

    def _ending(self) -> Transition | None:
        """Once the game ends and its animation is over, its card (once per ending)."""
        game = self.game
        if not game.over:
            self._carded = None
            return None
        if self._carded is game.phase or self.animator.active:
            return None
        self._carded = game.phase
        if game.phase is Phase.SOLVED:
            return Push(WinScene(self.ctx, game, self.play.origin, self.play.rater))
        return Push(LoseScene(self.ctx, game, self.play.origin))

    def wake_in(self) -> float | None:
        game = self.game
        if self.board_view.pending:
            return 0.0
        if game.over and self._carded is not game.phase:
            return 0.0 if not self.animator.active else FRAME
        waits = [FRAME] if self.animator.active else []
        wait = self.play.wake_in()
        if wait is not None:
            waits.append(wait)
        if self.ctx.settings.show_timer and game.phase is Phase.PLAYING:
            waits.append(1.0 - game.elapsed % 1.0 + 0.001)
        return min(waits) if waits else None

    # -- what is shown --------------------------------------------------------------

    def _sync(self) -> None:
        """Bring the view state up to date (called after changes, never from draw)."""
        view = self.view
        view.play = self.play.view()  # one frozen value: all the board's state it draws
        view.flash, view.glow, view.hidden = self.animator.levels()
        self.scrolled.follow()  # a new explanation starts at its top
        self.dirty = True

    def looks(self) -> tuple[CellLook, ...]:
        """Every cell's look, recomputed only when something it depends on changed."""
        game, view = self.game, self.view
        key = (
            (game.state, game.phase, id(game.settings), game.history.position, view.hidden),
            view.play,
            (tuple(view.flash.items()), tuple(view.glow.items())),
        )
        if key != self._looks_key:
            self._looks = cell_looks(game, view)
            self._rules = board_rules(game)[0]
            self._looks_key = key
        return self._looks

    def panel_model(self) -> PanelModel:
        inputs = PanelInputs(self.ctx.keymap, self.play.origin)  # the session's, read through
        notice = self.notice()
        if notice_lines(self.ctx.text, self.layout, notice) is not None:
            notice = ""  # said under the grid
        hover = self.pointer.hover
        return panel_model(self.play, inputs, self.looks(), hover, self.scroll, notice)

    def notice(self) -> str:
        """What the board says lastingly: that its notes need a larger window ("" if not)."""
        board, size = self.layout.board, self.game.size
        full_screen = self.ctx.keymap.shortcut(Action.FULLSCREEN, size)
        needed = window_for_notes(size, self._room, bool(board.labelled))
        return notes_notice(size, least_note_size(board), needed, full_screen)

    def invalidate(self) -> None:
        self._full = True
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Redraw what changed: cells whose look changed, panel parts, or everything."""
        palette = self.ctx.palette
        full, self._full = self._full, False
        if full:
            surface.fill(palette.background)
            draw_notice(surface, self.ctx.text, palette, self.layout, self.notice())
        board = self.board_view
        board.configure(self.layout.board, self.game.shape, palette)
        looks = self.looks()
        board.set_rules(self._rules)
        changed = board.update(looks)
        marks = self.view.play.hint
        step = marks.step if marks is not None and marks.full else None
        links = step if step is not None and (step.links or step.areas) else None
        drawn: list[pygame.Rect] = []
        # Links and areas lie over the board: while any are shown, or just went away,
        # the whole board goes up again (it is one blit of the composed board).
        if full or changed or links is not None or self._links_shown:
            board.blit(surface)
            if links is not None:
                draw_deduction(
                    surface, links, self.layout.board, palette, self.ctx.text, self.looks()
                )
            drawn.append(board.screen_rect)
            drawn += board.clue_rects
        self._links_shown = links is not None
        drawn += self.panel_view.draw(surface, palette, self.layout, self.panel_model(), full)
        return None if full else drawn


def _rules(game: Game) -> tuple[str, ...]:
    """A variant puzzle's rules in sentences for the help card (classic: none, the card
    says the classic rule)."""
    return game.on_board.sentences() if game.puzzle.constraints else ()


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
