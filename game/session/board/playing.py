"""A game on the board with the help around it: the mid end of the board screen.

:class:`Playing` turns what the player does on the board (a cell clicked, a pad
digit pressed, Hint, Steps, Check, Undo, a typed move) into
:class:`~.game.Game` calls and help flows, and says what to tell the player as a
:class:`Reply`.  It owns the one :class:`Mode` value the board's panel shows, so
"what Esc does now", "which buttons work" and "what the panel covers" are read
from one place.  The board scene only turns events into these calls and draws
from one frozen :class:`~.reply.PlayView` (:meth:`Playing.view`); tests drive
whole games through this class without a window.  Its parts: the cursor, the
cells chosen and notes mode are a :class:`~.selection.Selection`, the one-digit
filter and two-candidate cells :class:`~.filters.Filters`, the help flows a
:class:`~.help_desk.HelpDesk`.  The puzzle's origin is the session's; this reads
it through, so a rating shows everywhere at once.

Input rules decided here:

- **Cell first** (the default): a digit goes into the selected cell, or toggles a
  note there in notes mode.  A click selects a cell; in notes mode a click on a
  note spot of the cell *already selected* toggles that note (the click that
  selects a cell never changes it).  A right click toggles the last digit's note.
- **Digit first**: a pad digit is chosen first (pressed again, it is put down);
  clicks then place it, or note it in notes mode.
- **Many cells**: a drag, Ctrl+click (add or remove a cell), Shift+click (a
  rectangle from the cursor), Shift+arrows, or "all empty cells" select several;
  a digit, note, erase or colour then applies to every selected cell as one move.
  Selecting several cells switches to notes (SudokuPad's convention; N switches
  back), and the status line says what the next digit will do.  Notes go in the
  kind the settings name (candidate, corner or centre).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ...engine.solver import Status
from ..play.effects import Effect
from ..play.game import Game
from ..play.phase import Phase
from ..play.puzzle_kind import Difficulty, Origin
from ..play.settings import InputMode
from ..play.solvability import warning
from ..tasks import TaskRunner
from .difficulty import Rater
from .filters import Filters
from .help_desk import HelpDesk
from .hint_flow import Stage
from .proof import CHECKING, STILL_CHECKING, Prover
from .proof import UNIQUE as PROVED_UNIQUE
from .reply import Mode, PlayView, Reply
from .selection import Selection
from .typed_moves import TypedMoveError, parse_typed_move


class Playing:
    """One game on the board (see the module docstring).

    ``listen`` is called on the main thread whenever something arrived from the
    background (a hint, a step path, a check, a rating) so the screen redraws.
    ``origin`` is where the puzzle came from: a value, or (from the session, its one
    owner) a function that reads it, so a rating the session keeps shows here too.
    """

    def __init__(
        self,
        game: Game,
        origin: Origin | Callable[[], Origin],
        tasks: TaskRunner,
        *,
        listen: Callable[[], None] = lambda: None,
        rated: Callable[[Difficulty | None], None] = lambda difficulty: None,
        cursor: int | None = None,
    ) -> None:
        self.game = game
        self._origin = origin if callable(origin) else lambda: origin
        self.tasks = tasks
        self.listen = listen
        self.cells = Selection(game.size, cursor)  # the cursor, the cells chosen, notes mode
        self._replies: list[Reply] = []
        self.status = Reply(warning(game.solvability), bool(warning(game.solvability)))
        if game.proving:  # a pasted puzzle, opened before its solutions were counted
            self.status = Reply(CHECKING)
        self.active_digit = 0  # digit first: the chosen digit; otherwise the last one used
        self.last_digit = 0  # the digit last placed or noted (its candidate gets a colour)
        self.filters = Filters(game.size)  # the one-digit filter, two-candidate cells
        self.help = HelpDesk(
            game,
            tasks,
            say=self._say,
            play=self._play,
            arrived=self._replies.append,
            listen=lambda: self.listen(),
        )
        self.rater = Rater(
            tasks, game.shape, game.givens, self.origin.difficulty, game.puzzle.constraints
        )
        self._mistake_told: int | None = None  # the mistake the last press told of
        self._on_rated = rated
        self._ready = False  # a rating known at once is no news to anybody
        self._solved = game.phase is Phase.SOLVED  # the last win told (once per win)
        self.rater.listen(self._rated)
        self.prover = Prover(tasks, game)
        self.prover.listen(self._proved)
        self._ready = True

    # -- reading --------------------------------------------------------------------

    @property
    def mode(self) -> Mode:
        if self.game.over:
            return Mode.ENDED
        if self.help.steps.open:
            return Mode.STEPS
        stage = self.help.hints.stage
        if stage is Stage.SHOWN:
            return Mode.HINT
        if stage is Stage.NUDGE:
            return Mode.NUDGE
        return Mode.PLAYING

    @property
    def digit_first(self) -> bool:
        return self.game.settings.input_mode is InputMode.DIGIT_FIRST

    @property
    def origin(self) -> Origin:
        """Where the puzzle came from, read from its owner (the session) each time."""
        return self._origin()

    @property
    def cursor(self) -> int | None:
        return self.cells.cursor

    @property
    def selection(self) -> frozenset[int]:
        """Several cells chosen (empty: the cursor alone)."""
        return self.cells.cells

    @property
    def chosen(self) -> frozenset[int]:
        """The cells the next digit, note, erase or colour applies to."""
        return self.cells.chosen

    @property
    def notes_mode(self) -> bool:
        return self.cells.notes_mode

    def view(self) -> PlayView:
        """Everything the board screen draws of this board's state, as one frozen value."""
        return PlayView(
            mode=self.mode,
            cursor=self.cells.cursor,
            selection=self.cells.cells,
            notes_mode=self.cells.notes_mode,
            digit_first=self.digit_first,
            active_digit=self.active_digit,
            filter_digit=self.filters.digit,
            bivalue=self.filters.bivalue,
            checked=self.help.checked_cells(),
            hint=self.help.marks(),
            status=self.status,
        )

    def watch(self, listen: Callable[[], None]) -> None:
        """Call ``listen`` on the main thread whenever something arrives from the
        background (the screen showing this board redraws then)."""
        self.listen = listen

    def take_replies(self) -> list[Reply]:
        """Replies that changed the board from the background (for their feedback), once."""
        replies, self._replies = self._replies, []
        return replies

    def wake_in(self) -> float | None:
        """When the flows next need :meth:`update` (None: not before some input)."""
        waits = [w for w in (self.help.hints.wake_in(), self.help.steps.wake_in()) if w is not None]
        return min(waits) if waits else None

    # -- time -----------------------------------------------------------------------

    def update(self, dt: float) -> bool:
        """Time passes; whether anything shown changed (a step arrived, "Thinking…")."""
        self.game.tick(dt)
        was = self.help.hints.thinking()
        self.help.hints.update(dt)
        changed = self.help.steps.poll()
        if self.help.hints.thinking() and not was:
            self._say(Reply("Thinking…"))
            changed = True
        return changed

    # -- the cursor and the cells chosen ------------------------------------------------

    def select(self, cell: int | None) -> None:
        """Put the cursor on ``cell`` (None: nowhere)."""
        self.cells.cursor = cell

    def choose(self, cells: frozenset[int], cursor: int | None = None) -> Reply:
        """Select exactly ``cells`` (the cursor goes to ``cursor``, else stays)."""
        self.cells.choose(cells, cursor)
        return self._say(Reply(self.what_next())) if self.cells.many else Reply()

    def toggle_cell(self, cell: int) -> Reply:
        """Ctrl+click: add ``cell`` to the selection, or take it out."""
        return self.choose(self.chosen ^ {cell}, cursor=cell)

    def extend_to(self, cell: int) -> Reply:
        """Shift+click or Shift+arrows: the rectangle from the cursor to ``cell``."""
        self.cells.rectangle_to(cell)
        return self._say(Reply(self.what_next())) if self.cells.many else Reply()

    def drag_over(self, cells: frozenset[int]) -> Reply:
        """A drag across ``cells`` (the cursor stays where the drag began)."""
        return self.choose(cells, cursor=self.cursor)

    def select_empty(self) -> Reply:
        """Ctrl+A: every empty cell."""
        grid = self.game.grid
        return self.choose(frozenset(c for c, d in enumerate(grid) if not d))

    def clear_selection(self) -> bool:
        """Esc with several cells chosen: back to the cursor alone; whether there were."""
        if not self.selection:
            return False
        self.choose(frozenset())
        self._say(Reply())
        return True

    def what_next(self) -> str:
        """What a digit does now, for the status line while several cells are chosen."""
        count = len(self.chosen)
        if self.notes_mode:
            kind = self.game.settings.note_kind
            what = {
                "candidate": "candidate notes",
                "corner": "corner notes",
                "centre": "centre notes",
            }[kind.value]
            return f"{count} cells selected: a digit toggles its {what} in all of them."
        return f"{count} cells selected: a digit goes into all of them."

    # -- digits, notes, colours --------------------------------------------------------

    def click_cell(self, cell: int, note: int | None = None, button: int = 1) -> Reply:
        """A click on ``cell`` (``note``: the note spot under the pointer, if any)."""
        game = self.game
        was_selected = self.cursor == cell and not self.cells.many
        if self.selection:
            self.choose(frozenset())
        self.select(cell)
        if button == 3:
            digit = self.active_digit
            if not digit:
                return self._say(Reply("Pick a digit first: right-click then toggles its note."))
            return self._play(game.marking.toggle_note(cell, digit))
        if button != 1:
            return Reply()
        if self.digit_first and self.active_digit:
            return self._enter(cell, self.active_digit)
        if self.notes_mode and was_selected and note is not None and not game.grid[cell]:
            return self._play(game.marking.toggle_note(cell, note))
        return Reply()

    def press_pad(self, digit: int) -> Reply:
        """A pad button: choose the digit (digit first), or enter it."""
        if self.digit_first:
            self.active_digit = 0 if self.active_digit == digit else digit
            return Reply()
        return self.digit(digit)

    def digit(self, digit: int) -> Reply:
        """A digit key: enter it in the chosen cells (notes, in notes mode)."""
        self.active_digit = self.last_digit = digit
        if self.digit_first and not self.cells.many:
            return Reply()
        if self.cells.many:
            if self.notes_mode:
                kind = self.game.settings.note_kind
                return self._play(self.game.marking.note_many(self.selection, digit, kind))
            return self._play(self.game.marking.place_many(self.selection, digit))
        cell = self.cursor
        if cell is None:
            return self._say(Reply("Select a cell first (click it, or use the arrow keys)."))
        return self._enter(cell, digit)

    def note(self, digit: int) -> Reply:
        """Shift+digit: toggle that note (of the kind the settings name) in the chosen cells."""
        self.last_digit = digit
        cells = self.chosen
        if not cells:
            return self._say(Reply("Select a cell first."))
        return self._play(self.game.marking.note_many(cells, digit, self.game.settings.note_kind))

    def paint(self, colour: int, candidate: bool = False) -> Reply:
        """Colour the chosen cells (or, with ``candidate``, the last digit's candidate there)."""
        cells = self.chosen
        if not cells:
            return self._say(Reply("Select a cell first."))
        if candidate:
            digit = self.last_digit or self.active_digit
            if not digit:
                return self._say(Reply("Pick a digit first: its candidate gets the colour."))
            return self._play(self.game.marking.paint(cells, colour, digit))
        return self._play(self.game.marking.paint(cells, colour))

    def clear_colours(self) -> Reply:
        """Take every colour off cells and candidates (one undoable move)."""
        return self._play(self.game.marking.clear_colours())

    def confirm(self) -> Reply:
        """Enter: apply the step shown, or put down the chosen digit (digit first)."""
        if self.help.steps.open:
            return self.help.apply_step()
        cell, digit = self.cursor, self.active_digit
        if self.digit_first and cell is not None and digit:
            return self._enter(cell, digit)
        return Reply()

    def erase(self) -> Reply:
        if self.cells.many:
            return self._play(self.game.marking.erase_many(self.selection))
        cell = self.cursor
        if cell is None:
            return Reply()
        return self._play(self.game.erase(cell))

    def move(self, rows: int, columns: int, extend: bool = False) -> None:
        """Arrows move the cursor (several cells chosen collapse to it); with ``extend``
        (Shift) the selection grows as a rectangle from where it began."""
        self.cells.step(rows, columns, extend)
        if self.cells.many:
            self._say(Reply(self.what_next()))

    def toggle_notes_mode(self) -> Reply:
        on = self.cells.toggle_notes_mode()
        return self.tell("Notes mode: digits toggle notes." if on else "Notes mode off.")

    # -- what the board shows: one digit's candidates, two-candidate cells ----------------

    def toggle_filter(self) -> Reply:
        """HoDoKu's filter on or off: only one digit's candidates show, and the cells
        that can take it are highlighted.  It starts on the digit used last (else 1)."""
        return self._say(Reply(self.filters.toggle(self.last_digit or self.active_digit)))

    def step_filter(self, delta: int) -> Reply:
        """The filter on the next (``delta`` 1) or previous (-1) digit; it turns on if off."""
        return self._say(Reply(self.filters.step(delta, self.last_digit or self.active_digit)))

    def toggle_bivalue(self) -> Reply:
        """Highlight the cells with exactly two candidates (bivalue cells), or stop."""
        return self._say(Reply(self.filters.toggle_bivalue()))

    def tell(self, message: str, error: bool = False) -> Reply:
        """Put ``message`` in the status line (what the screen did itself: a file saved,
        a setting changed); with several cells chosen, what a digit does there instead."""
        if self.cells.many and not error:
            message = self.what_next()
        return self._say(Reply(message, error))

    def typed(self, text: str) -> Reply:
        """A typed move (``4 7 9``); the reason in the reply when it is not one."""
        try:
            cell, digit = parse_typed_move(text, self.game.size)
        except TypedMoveError as error:
            return self._say(Reply(str(error), error=True))
        self.select(cell)
        return self._enter(cell, digit)

    # -- what if, savepoints, the first mistake -----------------------------------------

    def guess(self) -> Reply:
        return self._play(self.game.what_if.guess())

    def commit_guess(self) -> Reply:
        return self._play(self.game.what_if.commit_guess())

    def abandon_guess(self) -> Reply:
        return self._play(self.game.what_if.abandon_guess())

    def add_savepoint(self, name: str = "") -> Reply:
        """Name the position (``Savepoint 1``, ``Savepoint 2``... when no name is given)."""
        return self._play(self.game.what_if.add_savepoint(name))

    def go_to_savepoint(self, name: str | None = None) -> Reply:
        """Back to ``name`` (the latest savepoint when None)."""
        return self._play(self.game.what_if.go_to_savepoint(name))

    def find_mistake(self) -> Reply:
        """Tell where the first mistake was (not the right digit); the next press rewinds."""
        if self.game.proving:
            return self._say(Reply(STILL_CHECKING))
        found = self.game.what_if.first_mistake()
        if self.game.solution is None:
            return self._say(Reply("Without a single solution there is no mistake to find."))
        if found is None:
            return self._say(Reply("No mistake so far: every digit and note fits the solution."))
        if self._mistake_told == found.position:
            self._mistake_told = None
            return self._play(self.game.what_if.rewind_to_first_mistake())
        self._mistake_told = found.position
        self.game.count_check()
        return self._say(Reply(f"{found.sentence()} Press again to go back to just before it."))

    def reveal(self) -> Reply:
        """Put the solution's digit in the cursor's cell (counted as a hint)."""
        cell = self.cursor
        if cell is None:
            return self._say(Reply("Select a cell first."))
        if self.game.proving:
            return self._say(Reply(STILL_CHECKING))
        return self._play(self.game.assist.reveal(cell))

    # -- the action buttons -----------------------------------------------------------

    def undo(self) -> Reply:
        return self._play(self.game.undo())

    def redo(self) -> Reply:
        return self._play(self.game.redo())

    def fill_notes(self) -> Reply:
        return self._play(self.game.marking.fill_notes())

    def show_solution(self) -> Reply:
        """Solve: the solution fills the grid (undoable; the game no longer counts)."""
        if self.game.proving:
            return self._say(Reply(STILL_CHECKING))
        self.help.hints.reset()
        self.help.steps.close()
        return self._play(self.game.assist.show_solution())

    # -- the board changed from outside (a card undid a move, settings changed) ---

    def refresh(self) -> None:
        """Let the flows catch up with the board (after a card or a dialog acted on it)."""
        self.help.hints.board_changed(self.game)
        self.help.steps.board_changed(self.game)

    def forget(self) -> None:
        """The board leaves the screen: stop the background work."""
        self.help.hints.reset()
        self.help.steps.forget()
        self.rater.cancel()
        self.prover.cancel()

    # -- internals ------------------------------------------------------------------

    def _enter(self, cell: int, digit: int) -> Reply:
        if self.notes_mode:
            kind = self.game.settings.note_kind
            return self._play(self.game.marking.toggle_note(cell, digit, kind))
        return self._play(self.game.place(cell, digit), placed=cell)

    def _play(self, effect: Effect, placed: int | None = None) -> Reply:
        """After a game call: the flows follow the board, the status line says what was
        done or why not, and the reply says all the screen needs (a win, a Solve)."""
        game = self.game
        reply = Reply.of(effect, placed)
        if effect.changed:
            self.help.hints.board_changed(game)
            self.help.steps.board_changed(game)
            solved = game.phase is Phase.SOLVED
            won = solved and not self._solved and game.counts_as_win
            self._solved = solved
            if won:
                self.select(None)  # a finished grid reads best without highlights
            filled = effect.cells if game.from_solution() else ()
            reply = dataclasses.replace(reply, won=won, filled=filled)
            if self.cells.many and not effect.error:  # and what the next digit does there
                reply = dataclasses.replace(reply, message=f"{reply.message} {self.what_next()}")
        if effect.message or effect.changed:
            self._say(reply)
        return reply

    def _say(self, reply: Reply) -> Reply:
        """The status line says ``reply``; with several cells chosen and nothing else to
        say, what a digit does there."""
        if self.cells.many and not reply.message:
            reply = dataclasses.replace(reply, message=self.what_next())
        self.status = reply
        return reply

    def _rated(self, difficulty: Difficulty | None) -> None:
        self._on_rated(difficulty)  # the origin's owner keeps it
        if self._ready:
            self.listen()

    def _proved(self, solvability: Status) -> None:
        """The count of solutions arrived: said as the board says it when a game opens."""
        said = warning(solvability)
        self._say(Reply(said, True) if said else Reply(PROVED_UNIQUE))
        self.refresh()
        self.listen()
