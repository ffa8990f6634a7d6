"""One game of one puzzle: the position, its history and the referee.

:class:`Game` applies every move, counts mistakes against the limit, decides the
phase and keeps the :class:`~.help_ledger.HelpLedger`.  The actions that only
build moves and words are its parts, each seeing it through
:class:`~.referee.Referee`: ``game.marking`` (notes, colours, many cells,
:mod:`.marking`), ``game.assist`` (a hint's step, a reveal, the solution,
:mod:`.assist`) and ``game.what_if`` (guesses, savepoints, rewinding,
:mod:`.what_if`); Check is :mod:`.checker`, the words after a placement
:mod:`.placing`, and rules questions about the position (peers, repeats, broken
constraints, legal candidates, why a digit breaks a rule) ``game.on_board``
(:mod:`.on_board`), so a variant never adds a method here.  The scenes only
translate input into these calls and draw what they read back, so a test can
play a whole game without a window.  Time comes in through :meth:`Game.tick` so
tests step it exactly.

Where data lives (Simon Tatham's test: would a player expect it back on undo?):
entries and notes do, so they are :class:`~.state.BoardState` values in the
:class:`~.history.History`; the clock, the counters, the phase and whether the
solution was seen do not, so they live on the :class:`Game`.  The cursor and
the selection are the board's, not the game's
(:class:`~game.session.board.Playing`).

The rules decided here, each in one place:

- **How a game ends**: :mod:`.phase` (the whole state machine).  A dead end is
  not an ending: :meth:`Game.check`, a hint, or (with "mark wrong digits at once")
  the move itself says so, with Undo offered.
- **Mistakes and the limit**: a mistake is a digit placed that differs from the
  unique solution (no solution, no mistakes).  A limit ends the game only at a
  *new* mistake that reaches it, so lowering the limit mid-game, or opening a
  save made without one, never ends a game retroactively; the ending then tells
  the real numbers (:attr:`Game.ending`).
- **What a hint costs**: :meth:`Game.charge_hint` counts one hint the first time
  the player is shown a deduction; seeing the same deduction again (the second
  and third press of Hint, browsing steps already shown, a step-through step
  that Hint then offers) is free.  Pointing out a wrong digit or a note that
  leaves out the answer is a check (:meth:`Game.count_check`), not a hint.
- **Help that spoils a win**: revealing a cell or seeing the solution is recorded
  for good; such a game can still be finished, but never counts as a clean win
  (:attr:`Game.clean`).  Undo after Show solution brings the position back and
  the board shows exactly the position in the history.
- **Settings**: :meth:`Game.use_settings` puts new settings in force at once;
  each move reads them as it is made (a move's effect is then fixed in its
  :class:`~.moves.Move`, so replaying a save gives the same states).
- **Refusals**: a move that does nothing says why (a given, the game is over, a
  cell or digit out of range), so keys, clicks and typed moves all hear the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...engine.logic import decide
from ...engine.puzzle import Puzzle
from ...engine.solver import Status
from ...engine.symbols import cell_name
from ...engine.types import Cell, Digit, Grid
from .assist import Assist
from .bookmarks import Bookmarks
from .checker import check_position
from .effects import CheckResult, Effect, Refusal
from .help_ledger import Counters, Deduction, HelpLedger
from .history import History
from .marking import Marking
from .move_words import ending_words, limit_words
from .moves import (
    Erase,
    Move,
    MoveContext,
    Place,
    Restart,
    Solve,
)
from .on_board import OnBoard
from .phase import Event, Phase, advance, allows, settled
from .placing import completed_units, placing_told
from .rulebook import Rulebook
from .settings import Settings
from .state import BoardState
from .what_if import WhatIf

_UNDO_REFUSALS = {
    Phase.LOST: Refusal.LOST,
    Phase.SOLVED: Refusal.SOLVED,
    Phase.PAUSED: Refusal.PAUSED,
    Phase.ABANDONED: Refusal.LEFT,
}
"""Phases in which undo and redo are refused, and why."""


class Game:
    """A puzzle being played: the history of board states plus the session around it.

    ``solution`` is the puzzle's unique solution, or None when it has several or
    none (then mistakes are not counted, and Check tests the rules and whether
    the position can still be completed).
    """

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        settings: Settings | None = None,
        initial: BoardState | None = None,
        solution: tuple[int, ...] | None = None,
        solvability: Status | None = None,
        proving: bool = False,
    ) -> None:
        self.puzzle = puzzle
        self.shape = puzzle.shape
        self.givens = puzzle.givens
        self.rulebook = Rulebook(puzzle)
        self.on_board = OnBoard(self.rulebook, lambda: self.grid)
        self.settings = settings or Settings()
        self.proving = proving
        """Whether the count of solutions is still being worked out in the background
        (a pasted puzzle opens at once): until :meth:`proved`, the game knows no
        solution and help that needs one waits."""
        if proving:
            solvability, solution = Status.UNDECIDED, None
        elif solvability is None:
            analysis = decide(self.rulebook.rules, puzzle.givens)
            solvability = analysis.status
            solution = analysis.solution
        self.solvability = solvability
        self.solution = solution if solvability is Status.UNIQUE else None
        self.context = MoveContext(
            self.shape,
            self.givens,
            self.solution,
            lambda back: self.history.earlier(back),
            self.rulebook,
        )
        self.history = History(initial or BoardState.empty(self.shape.cells))
        self.bookmarks = Bookmarks()
        self.what_if = WhatIf(self)
        self.marking = Marking(self)
        self.assist = Assist(self)
        self.elapsed = 0.0
        self.help = HelpLedger()
        self._phase = Phase.PLAYING
        self._limit_note = ""  # the ending's words, fixed when the limit was reached
        self._version = 0

    @classmethod
    def restore(
        cls,
        puzzle: Puzzle,
        history: History,
        *,
        settings: Settings | None = None,
        elapsed: float = 0.0,
        ledger: HelpLedger | None = None,
        phase: Phase = Phase.PLAYING,
        solution: tuple[int, ...] | None = None,
        solvability: Status | None = None,
    ) -> Game:
        """A game as it was saved: history, clock and counters as given, the phase checked.

        ``phase`` is what the save claims; the phase is re-derived from the board
        and the moves (:func:`~.phase.settled`), so a file edited to say "solved"
        on an unsolved board is a game in play, never a win.  A saved PAUSED game
        comes back PLAYING (the pause card shows again if the player pauses).
        """
        game = cls(puzzle, settings=settings, solution=solution, solvability=solvability)
        game.history = history
        game.elapsed = elapsed
        game.help = ledger or HelpLedger()
        grid = game.grid
        solved = all(grid) and game.rulebook.is_solution(grid)
        shown = isinstance(history.last_move, Solve)
        game._phase = settled(phase, solved, shown, game.counters.mistakes)
        if phase is Phase.SHOWN or game._phase is Phase.SHOWN:
            game.help.saw_solution()
        if game._phase is Phase.LOST:
            game._limit_note = limit_words(game.counters.mistakes, game.settings.mistake_limit)
        return game

    # -- reading --------------------------------------------------------------------

    @property
    def state(self) -> BoardState:
        return self.history.current

    @property
    def grid(self) -> Grid:
        """Givens and entries together."""
        return self.context.grid(self.state)

    @property
    def size(self) -> int:
        return self.shape.size

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def over(self) -> bool:
        """Whether the game has ended (see :class:`~.phase.Phase`)."""
        return self._phase.over

    @property
    def paused(self) -> bool:
        return self._phase is Phase.PAUSED

    def proved(self, solvability: Status, solution: tuple[int, ...] | None) -> None:
        """The background count of solutions arrived (see :attr:`proving`): from now on
        the game knows its solution, if it has exactly one."""
        self.proving = False
        self.solvability = solvability
        self.solution = solution if solvability is Status.UNIQUE else None
        self.context = replace(self.context, solution=self.solution)
        self._version += 1

    @property
    def unique(self) -> bool:
        """Whether the puzzle has exactly one solution (uniqueness techniques are sound)."""
        return self.solvability is Status.UNIQUE

    @property
    def counters(self) -> Counters:
        """What the game counted (the :attr:`help` ledger's)."""
        return self.help.counters

    @property
    def solution_seen(self) -> bool:
        """Whether the solution was ever shown (the :attr:`help` ledger's)."""
        return self.help.solution_seen

    @property
    def counts_mistakes(self) -> bool:
        """Whether a digit can be a mistake: only against a single solution."""
        return self.solution is not None

    @property
    def mistakes(self) -> int:
        return self.counters.mistakes

    @property
    def hints_used(self) -> int:
        return self.counters.hints

    @property
    def clean(self) -> bool:
        """Whether a finish would be the player's own: no cell revealed, no solution seen."""
        return self.help.clean

    @property
    def counts_as_win(self) -> bool:
        """Solved by the player's own hand (see :attr:`clean`)."""
        return self._phase is Phase.SOLVED and self.clean

    @property
    def version(self) -> int:
        """A number that changes whenever anything a save keeps changes (for autosave)."""
        return self._version

    @property
    def ending(self) -> str:
        """Why the game ended, in the player's words ("" while it goes on)."""
        return ending_words(self._phase, self._limit_note, self.clean)

    def is_given(self, cell: Cell) -> bool:
        return bool(self.givens[cell])

    def wrong_entries(self) -> frozenset[Cell]:
        """Entries that differ from the unique solution (empty when there is none)."""
        if self.solution is None:
            return frozenset()
        entries = self.state.entries
        return frozenset(c for c, d in enumerate(entries) if d and d != self.solution[c])

    def remaining(self, digit: Digit) -> int:
        """How many more of ``digit`` the grid needs (never below zero)."""
        return max(0, self.size - sum(1 for d in self.grid if d == digit))

    def can_undo(self) -> bool:
        return self.history.can_undo() and self._undo_refusal() is None

    def can_redo(self) -> bool:
        return self.history.can_redo() and self._undo_refusal() is None

    def can_show_solution(self) -> bool:
        return self.solution is not None and allows(self._phase, Event.SHOW_SOLUTION)

    def from_solution(self) -> frozenset[Cell]:
        """Cells the solution filled, while the board shows it (for the board's green)."""
        if not isinstance(self.history.last_move, Solve):
            return frozenset()
        before, now = self.history.previous.entries, self.state.entries
        return frozenset(c for c, d in enumerate(now) if d and d != before[c])

    # -- time and settings (not undoable) --------------------------------

    def tick(self, seconds: float) -> None:
        """Advance the clock while the game is played (not paused, not over)."""
        if self._phase is Phase.PLAYING:
            self.elapsed += seconds

    def pause(self) -> None:
        if allows(self._phase, Event.PAUSE):
            self._advance(Event.PAUSE)

    def resume(self) -> None:
        if allows(self._phase, Event.RESUME):
            self._advance(Event.RESUME)

    def use_settings(self, settings: Settings) -> None:
        """Put ``settings`` in force for this game from now on (never retroactively)."""
        if settings != self.settings:
            self.settings = settings
            self._version += 1

    def abandon(self) -> None:
        """The player started another game over this unfinished one."""
        if allows(self._phase, Event.ABANDON):
            self._advance(Event.ABANDON)

    # -- moves ----------------------------------------------------------------------

    def place(self, cell: Cell, digit: Digit) -> Effect:
        """Put ``digit`` in ``cell`` (replacing an entry; placing the same digit erases)."""
        refusal = self._refuse_cell(cell) or self._refuse_digit(digit)
        if refusal:
            return refusal
        if self.state.entries[cell] == digit:
            return self.erase(cell)
        if self.settings.block_rule_breaking:
            refusal = self.on_board.refusal((cell,), digit)
            if refusal is not None:
                return refusal
        return self._put((cell,), digit, Place(cell, digit, prune=self.settings.auto_remove_notes))

    def erase(self, cell: Cell) -> Effect:
        refusal = self._refuse_cell(cell)
        if refusal:
            return refusal
        name = cell_name(cell, self.size)
        if not self._do(Erase(cell)):
            return Effect(False, f"{name} is already empty.")
        return Effect(True, f"{name} erased.", cells=(cell,))

    def restart(self) -> Effect:
        """Back to the givens (undoable); counters and clock keep running."""
        refusal = self._refuse_over()
        if refusal:
            return refusal
        if not self._do(Restart()):
            return Effect(False, "The board is already as it started.")
        return Effect(True, "Restarted.")

    def undo(self) -> Effect:
        refusal = self._undo_refusal()
        if refusal:
            return Effect.refused(refusal)
        move = self.history.undo()
        if move is None:
            return Effect(False, "Nothing to undo.")
        self._version += 1
        if isinstance(move, Solve) and self._phase is Phase.SHOWN:
            self._advance(Event.HIDE_SOLUTION)
        return Effect(True, "Undone.")

    def redo(self) -> Effect:
        refusal = self._undo_refusal()
        if refusal:
            return Effect.refused(refusal)
        move = self.history.redo()
        if move is None:
            return Effect(False, "Nothing to redo.")
        self._version += 1
        if isinstance(move, Solve):
            self._advance(Event.SHOW_SOLUTION)
        else:
            self._settle()
        return Effect(True, "Redone.")

    # -- help: what it costs ----------------------------------------------------------

    def charge_hint(self, deduction: Deduction) -> bool:
        """Count one hint if the player has not been shown ``deduction`` before.

        ``deduction`` identifies what was shown (see :func:`~.ledger.deduction_of`),
        so the same step seen again, from Hint or from step-through, in this run or
        after Continue, is free.  Whether it counted.
        """
        if not self.help.charge(deduction):
            return False
        self._version += 1
        return True

    def count_check(self) -> None:
        """Count one check (Check, or a hint that pointed at the player's mistake)."""
        self._count(checks=1)

    # -- checks ---------------------------------------------------------------------

    def check(self) -> CheckResult:
        """Count a check and say what it finds (:func:`~.checker.check_position`)."""
        self.count_check()
        return check_position(self.rulebook, self.grid, self.wrong_entries(), self.solution)

    # -- internals ------------------------------------------------------------------

    def _refuse_over(self) -> Effect | None:
        """Why nothing can change now (None while the game is played)."""
        phase = self._phase
        if phase is Phase.PLAYING:
            return None
        if phase is Phase.SHOWN:
            return Effect.refused(Refusal.SHOWN)
        if phase is Phase.PAUSED:
            return Effect.refused(Refusal.PAUSED)
        return Effect.refused(Refusal.OVER, ending=self.ending)

    def _refuse_cell(self, cell: int) -> Effect | None:
        refusal = self._refuse_over()
        if refusal:
            return refusal
        if not 0 <= cell < self.shape.cells:
            return Effect.refused(Refusal.NO_CELL, cell=cell, size=self.size)
        if self.givens[cell]:
            return Effect.refused(Refusal.GIVEN, name=cell_name(cell, self.size))
        return None

    def _refuse_digit(self, digit: int) -> Effect | None:
        if 1 <= digit <= self.size:
            return None
        return Effect.refused(Refusal.NOT_A_DIGIT, digit=digit, size=self.size)

    def _undo_refusal(self) -> Refusal | None:
        return _UNDO_REFUSALS.get(self._phase)

    def _limit_reached(self) -> bool:
        limit = self.settings.mistake_limit
        return bool(limit) and self.counters.mistakes >= limit

    def _put(self, cells: Sequence[Cell], digit: Digit, move: Move) -> Effect:
        """Digits placed by the player: the one place where mistakes are counted, the
        limit is applied, and what the player hears of it is decided."""
        solution = self.solution
        wrong = tuple(c for c in cells if solution is not None and solution[c] != digit)
        before = self.grid
        if not self._push(move):
            return Effect(False)
        if wrong:
            self._count(mistakes=len(wrong))
        told = placing_told(
            self.settings, self.rulebook, self.grid, cells, digit, wrong, self.unique
        )
        completed = completed_units(self.shape, before, self.grid, cells)
        if wrong and self._limit_reached():
            self._limit_note = limit_words(self.counters.mistakes, self.settings.mistake_limit)
            self._advance(Event.LIMIT_REACHED)
        else:
            self._settle()
        return Effect(
            True,
            told.message,
            error=told.error,
            mistake=bool(wrong),
            flash=told.flash,
            completed_units=completed,
            cells=tuple(cells),
            offer=told.offer,
        )

    def _count(self, **added: int) -> None:
        self.help.count(**added)
        self._version += 1

    def _push(self, move: Move) -> bool:
        state = move.apply(self.state, self.context)
        if state == self.state:
            return False
        self.history.push(move, state, self.elapsed)
        self.bookmarks.prune(self.history)
        self._version += 1
        return True

    def _do(self, move: Move) -> bool:
        """Apply ``move`` if it changes the board, then see whether that solved the grid."""
        if not self._push(move):
            return False
        self._settle()
        return True

    def _settle(self) -> None:
        """After a move while playing: a complete, right grid ends the game as solved."""
        if self._phase is not Phase.PLAYING:
            return
        grid = self.grid
        if all(grid) and self.rulebook.is_solution(grid):
            self._advance(Event.COMPLETE)

    def _advance(self, event: Event) -> None:
        self._phase = advance(self._phase, event)
        self._version += 1
