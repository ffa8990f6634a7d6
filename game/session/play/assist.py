"""Help that changes the board: a hint's step applied, a cell revealed, the solution shown.

Each is an ordinary undoable move; revealing and showing the solution are recorded
in the :class:`~.help_ledger.HelpLedger` for good, so such a finish is never a
clean win.
"""

from __future__ import annotations

from ...engine.logic.step import Step
from ...engine.symbols import cell_name, symbol
from ...engine.types import Cell
from .effects import Effect, Refusal
from .move_words import step_words
from .moves import ApplyStep, Batch, FillNotes, Reveal, Solve
from .phase import Event, allows
from .placing import completed_units
from .referee import Referee


class Assist:
    """A game's board-changing help (``game.assist``)."""

    def __init__(self, game: Referee) -> None:
        self.game = game

    def apply_step(self, step: Step) -> Effect:
        """Apply a hint's deduction as one undoable move.

        On a board without candidate notes, a step that removes candidates first fills
        every empty cell's notes (in the same move): the removals can only be seen
        among notes, and notes in only the cells a step touched would read as the
        player's own partial notes.
        """
        refusal = self.game._refuse_over()
        if refusal:
            return refusal
        if not (step.placements or step.eliminations):
            return Effect(False)
        before = self.game.grid
        applied = ApplyStep(step.technique, step.placements, step.eliminations)
        filled = bool(step.eliminations) and not _keeps_notes(self.game)
        if not self.game._do(Batch((FillNotes(), applied)) if filled else applied):
            return Effect(False, "That step changes nothing on the board any more.")
        cells = tuple(c for c, _ in step.placements)
        words = f"Applied {step_words(step, self.game.size)}"
        if filled:
            words += " Notes were filled in every empty cell, so the removals show."
        completed = completed_units(self.game.shape, before, self.game.grid, cells)
        return Effect(True, words, completed_units=completed, cells=cells)

    def reveal(self, cell: Cell) -> Effect:
        """Put the solution's digit in ``cell``: the least helpful hint, counted as a hint
        (and as a reveal: a finish with revealed cells is not the player's own)."""
        refusal = self.game._refuse_cell(cell)
        if refusal:
            return refusal
        if self.game.solution is None:
            return Effect.refused(Refusal.NO_SINGLE_SOLUTION)
        before = self.game.grid
        if not self.game._do(Reveal(cell)):
            return Effect(False, f"{cell_name(cell, self.game.size)} already holds its digit.")
        self.game._count(reveals=1, hints=1)
        digit = symbol(self.game.solution[cell])
        words = f"Revealed {cell_name(cell, self.game.size)}: {digit} (counted as a hint)."
        completed = completed_units(self.game.shape, before, self.game.grid, (cell,))
        return Effect(True, words, completed_units=completed, cells=(cell,))

    def show_solution(self) -> Effect:
        """Fill the grid from the solution (an undoable move, recorded for good)."""
        if self.game.solution is None:
            return Effect.refused(Refusal.NO_SINGLE_SOLUTION)
        if not allows(self.game._phase, Event.SHOW_SOLUTION):
            return self.game._refuse_over() or Effect(False)
        self.game.help.saw_solution()
        before = self.game.grid
        self.game._push(Solve())
        self.game._advance(Event.SHOW_SOLUTION)
        cells = tuple(c for c in range(self.game.shape.cells) if not before[c])
        return Effect(True, "The solution is shown; undo takes it back.", cells=cells)


def _keeps_notes(game: Referee) -> bool:
    """Whether some empty cell has candidate notes."""
    grid = game.grid
    return any(note and not grid[c] for c, note in enumerate(game.state.notes))
