"""One game of one puzzle: every player action is a method here.

The scenes only translate input into these calls and draw what they read back, so
a test can play a whole game, win it or lose it, without a window.  Time comes in
through :meth:`Game.tick` so tests step it exactly.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ..engine import solver
from ..engine.logic.step import Step
from ..engine.puzzle import Puzzle
from ..engine.rules import candidates, conflicting_cells, dead_end, is_solution
from ..engine.symbols import cell_name, symbol
from .history import History
from .moves import (
    ApplyStep,
    ClearNotes,
    Erase,
    FillNotes,
    Move,
    MoveContext,
    Place,
    Restart,
    Reveal,
    Solve,
    ToggleNote,
)
from .settings import Settings
from .state import BoardState


class GameStatus(enum.Enum):
    PLAYING = "playing"
    WON = "won"  # complete and valid; ``Game.assisted`` says whether it counts
    LOST = "lost"  # see ``Game.loss_reason``


@dataclass(frozen=True)
class Outcome:
    """What an action did, for the UI's feedback (flash, glow, status line)."""

    changed: bool
    message: str = ""
    mistake: bool = False  # a digit that differs from the solution was placed
    blocked: bool = False  # refused because it breaks a rule (setting)
    completed_units: tuple[int, ...] = ()  # units this action filled correctly
    cells: tuple[int, ...] = ()  # cells the action is about


@dataclass(frozen=True)
class CheckResult:
    """Entries found wrong, and the sentence that sums it up."""

    wrong: frozenset[int] = field(default_factory=frozenset)
    message: str = ""


class Game:
    """A puzzle being played: history of board states plus the session around it.

    ``solution`` is the puzzle's unique solution, or None when it has several or
    none (then mistakes are not counted, and Check tests the rules and whether the
    position can still be completed).
    """

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        settings: Settings | None = None,
        initial: BoardState | None = None,
        solution: tuple[int, ...] | None = None,
        unique: bool | None = None,
    ) -> None:
        self.puzzle = puzzle
        self.shape = puzzle.shape
        self.givens = puzzle.givens
        self.settings = settings or Settings()
        if unique is None:
            found = solver.solutions(puzzle.shape, puzzle.givens, limit=2)
            unique = len(found) == 1
            solution = found[0] if found else None
        self.unique = unique
        self.solution = solution
        self.context = MoveContext(self.shape, self.givens, solution)
        self.history = History(initial or BoardState.empty(self.shape.cells))
        self.elapsed = 0.0
        self.paused = False
        self.mistakes = 0
        self.hints_used = 0
        self.assisted = False  # Solve or Reveal was used: a finish is not a win
        self.gave_up = False
        self.selected: int | None = None
        self.status = GameStatus.PLAYING
        self.loss_reason = ""
        self._refresh_status()

    # -- reading --------------------------------------------------------------------

    @property
    def state(self) -> BoardState:
        return self.history.current

    @property
    def grid(self) -> tuple[int, ...]:
        """Givens and entries together."""
        return self.context.grid(self.state)

    @property
    def size(self) -> int:
        return self.shape.size

    def is_given(self, cell: int) -> bool:
        return bool(self.givens[cell])

    def conflicts(self) -> frozenset[int]:
        """Cells whose digit repeats in one of their units."""
        return conflicting_cells(self.shape, self.grid)

    def wrong_entries(self) -> frozenset[int]:
        """Entries that differ from the unique solution (empty when there is none)."""
        if self.solution is None:
            return frozenset()
        entries = self.state.entries
        return frozenset(c for c, d in enumerate(entries) if d and d != self.solution[c])

    def remaining(self, digit: int) -> int:
        """How many more of ``digit`` the grid needs (never below zero)."""
        return max(0, self.size - sum(1 for d in self.grid if d == digit))

    def can_undo(self) -> bool:
        return self.history.can_undo() and not self._final_loss()

    def can_redo(self) -> bool:
        return self.history.can_redo() and not self._final_loss()

    @property
    def is_over(self) -> bool:
        return self.status is not GameStatus.PLAYING

    @property
    def counts_as_win(self) -> bool:
        """Won by the player's own hand (not by Solve or revealed cells)."""
        return self.status is GameStatus.WON and not self.assisted

    # -- selection and time (not undoable) ------------------------------------------

    def select(self, cell: int | None) -> None:
        self.selected = cell

    def move_selection(self, rows: int, columns: int) -> None:
        """Move the selection, wrapping around the edges; selects r1c1 if none."""
        n = self.size
        if self.selected is None:
            self.selected = 0
            return
        row, column = divmod(self.selected, n)
        self.selected = ((row + rows) % n) * n + (column + columns) % n

    def tick(self, seconds: float) -> None:
        """Advance the clock while the game is on and not paused."""
        if self.status is GameStatus.PLAYING and not self.paused:
            self.elapsed += seconds

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        self.paused = False

    # -- moves ----------------------------------------------------------------------

    def place(self, cell: int, digit: int) -> Outcome:
        """Put ``digit`` in ``cell`` (replacing an entry; placing the same digit erases)."""
        if not self._playable(cell) or not 1 <= digit <= self.size:
            return Outcome(False)
        if self.state.entries[cell] == digit:
            return self.erase(cell)
        if self.settings.block_rule_breaking:
            clash = next((p for p in self.shape.peers[cell] if self.grid[p] == digit), None)
            if clash is not None:
                return Outcome(
                    False,
                    f"{symbol(digit)} is already in {cell_name(clash, self.size)}, "
                    f"a peer of {cell_name(cell, self.size)}.",
                    blocked=True,
                    cells=(clash,),
                )
        mistake = self.solution is not None and self.solution[cell] != digit
        if mistake:
            self.mistakes += 1
        before = self.grid
        outcome = self._do(Place(cell, digit, prune=self.settings.auto_remove_notes))
        return Outcome(
            outcome.changed,
            outcome.message,
            mistake=mistake,
            completed_units=self._completed(before, (cell,)),
            cells=(cell,),
        )

    def erase(self, cell: int) -> Outcome:
        if not self._playable(cell):
            return Outcome(False)
        return self._do(Erase(cell), cells=(cell,))

    def toggle_note(self, cell: int, digit: int) -> Outcome:
        if not self._playable(cell) or not 1 <= digit <= self.size:
            return Outcome(False)
        if self.state.entries[cell]:
            return Outcome(False, "Notes go in empty cells; erase the digit first.")
        return self._do(ToggleNote(cell, digit), cells=(cell,))

    def fill_notes(self) -> Outcome:
        if self.is_over:
            return Outcome(False)
        return self._do(FillNotes(), message="Notes filled with every legal digit.")

    def clear_notes(self) -> Outcome:
        if self.is_over:
            return Outcome(False)
        return self._do(ClearNotes(), message="All notes cleared.")

    def apply_step(self, step: Step) -> Outcome:
        """Apply a hint's deduction as one undoable move."""
        if self.is_over or not (step.placements or step.eliminations):
            return Outcome(False)
        before = self.grid
        outcome = self._do(ApplyStep(step.technique, step.placements, step.eliminations))
        cells = tuple(c for c, _ in step.placements)
        return Outcome(
            outcome.changed,
            outcome.message,
            completed_units=self._completed(before, cells),
            cells=cells,
        )

    def reveal(self, cell: int) -> Outcome:
        """Put the solution's digit in ``cell``; the game no longer counts as a win."""
        if not self._playable(cell) or self.solution is None:
            return Outcome(False)
        self.assisted = True
        before = self.grid
        outcome = self._do(Reveal(cell), cells=(cell,))
        return Outcome(
            outcome.changed, completed_units=self._completed(before, (cell,)), cells=(cell,)
        )

    def solve(self) -> Outcome:
        """Give up: fill the grid from the solution and end the game as lost."""
        if self.status is not GameStatus.PLAYING or self.solution is None:
            return Outcome(False, "" if self.solution else "This puzzle has no single solution.")
        self.assisted = True
        self.gave_up = True
        return self._do(Solve())

    def restart(self) -> Outcome:
        """Back to the givens (undoable); counters and clock keep running."""
        if self._final_loss():
            return Outcome(False)
        return self._do(Restart(), message="Restarted.")

    def undo(self) -> Outcome:
        if not self.can_undo():
            return Outcome(False, "Nothing to undo.")
        move = self.history.undo()
        if isinstance(move, Solve):
            self.gave_up = False
        self._refresh_status()
        return Outcome(True, "Undone.")

    def redo(self) -> Outcome:
        if not self.can_redo():
            return Outcome(False, "Nothing to redo.")
        move = self.history.redo()
        if isinstance(move, Solve):
            self.gave_up = True
        self._refresh_status()
        return Outcome(True, "Redone.")

    def note_hint(self) -> None:
        """Count one hint asked for (the UI calls this once per hint shown)."""
        self.hints_used += 1

    def recheck(self) -> None:
        """Work out the status again after the history or counters were restored.

        Loading a saved game replays its moves straight into the history and sets
        the counters as they were saved (replaying through :meth:`place` would
        count the mistakes twice); this brings ``status`` up to date afterwards.
        """
        self._refresh_status()

    # -- checks ---------------------------------------------------------------------

    def check(self) -> CheckResult:
        """Wrong entries against the solution, or, without one, whether it can still finish."""
        grid = self.grid
        if self.solution is not None:
            wrong = self.wrong_entries()
            if wrong:
                count = len(wrong)
                return CheckResult(
                    wrong, f"{count} entr{'y is' if count == 1 else 'ies are'} not right."
                )
            return CheckResult(message="All correct so far.")
        clashes = conflicting_cells(self.shape, grid)
        if clashes:
            return CheckResult(clashes, "Some digits break the rules.")
        if not solver.solutions(self.shape, grid, limit=1):
            return CheckResult(message="No rule is broken, but this position cannot be completed.")
        return CheckResult(message="No rule is broken, and the position can still be completed.")

    def legal_candidates(self) -> tuple[int, ...]:
        """Per cell, the digits its peers do not hold (0 for filled cells)."""
        return candidates(self.shape, self.grid)

    # -- internals ------------------------------------------------------------------

    def _playable(self, cell: int) -> bool:
        return self.status is GameStatus.PLAYING and not self.givens[cell]

    def _final_loss(self) -> bool:
        """Lost to the mistake limit: undo cannot take mistakes back."""
        limit = self.settings.mistake_limit
        return bool(limit) and self.mistakes >= limit

    def _do(self, move: Move, message: str = "", cells: tuple[int, ...] = ()) -> Outcome:
        state = move.apply(self.state, self.context)
        if state == self.state:
            return Outcome(False)
        self.history.push(move, state)
        self._refresh_status()
        return Outcome(True, message, cells=cells)

    def _completed(self, before: tuple[int, ...], cells: tuple[int, ...]) -> tuple[int, ...]:
        """Units that the last action completed without breaking a rule."""
        grid = self.grid
        done = []
        for cell in cells:
            for unit in self.shape.cell_units[cell]:
                members = self.shape.units[unit]
                if unit in done or all(before[c] for c in members):
                    continue
                digits = {grid[c] for c in members}
                if 0 not in digits and len(digits) == self.size:
                    done.append(unit)
        return tuple(done)

    def _refresh_status(self) -> None:
        grid = self.grid
        if self._final_loss():
            self.status = GameStatus.LOST
            self.loss_reason = f"You made {self.mistakes} mistakes, the limit you set."
        elif self.gave_up:
            self.status = GameStatus.LOST
            self.loss_reason = "You gave up and the solution was shown."
        elif all(grid) and is_solution(self.shape, grid, self.givens):
            self.status = GameStatus.WON
            self.loss_reason = ""
        else:
            reason = dead_end(self.shape, grid)
            if reason is None:
                self.status = GameStatus.PLAYING
                self.loss_reason = ""
            else:
                self.status = GameStatus.LOST
                self.loss_reason = f"This Sudoku can't be solved from here: {reason}."
