"""Pencil marks and many cells at once: notes of every kind, colours, and digits,
notes or erasing over a selection.

Each is one undoable move (a :class:`~.moves.Batch`); digits placed this way are
refereed as one by one would be (:meth:`~.game.Game._put` counts the mistakes).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.symbols import cell_name, symbol
from ...engine.types import Cell, Digit
from .effects import Effect, Refusal
from .move_words import note_words
from .moves import Batch, ClearColours, ClearNotes, Erase, FillNotes, Paint, Place, ToggleNote
from .referee import Referee
from .state import COLOURS, NoteKind, candidate_colour


class Marking:
    """A game's notes, colours and many-cell moves (``game.marking``)."""

    def __init__(self, game: Referee) -> None:
        self.game = game

    def paint(self, cells: Iterable[Cell], colour: int, digit: Digit | None = None) -> Effect:
        """Colour ``cells`` (or their ``digit`` candidate) ``colour``; 0 clears. One move.

        Painting cells that all have ``colour`` already clears it from them, so one
        key toggles a colour as one key toggles a note.
        """
        refusal = self.game._refuse_over()
        if refusal:
            return refusal
        chosen = picked = sorted(set(cells))
        if not chosen or not 0 <= colour < COLOURS:
            return Effect(False)
        if digit is not None and self.game._refuse_digit(digit):
            return self.game._refuse_digit(digit) or Effect(False)
        state = self.game.state
        if digit is None:
            already = all(state.colours[c] == colour for c in chosen)
        else:
            # Only a candidate the cell has takes a colour: a colour on a candidate
            # that is not there would be a disc with no digit.  Colour 0 takes a
            # colour off wherever there is one.
            bit = 1 << (digit - 1)
            givens = self.game.givens
            if colour:
                chosen = [
                    c
                    for c in picked
                    if state.notes[c] & bit and not state.entries[c] and not givens[c]
                ]
            else:
                chosen = [c for c in picked if candidate_colour(state.marks[c], digit)]
            if not chosen:
                if not colour:
                    return Effect(False)
                name = cell_name(picked[0], self.game.size) if len(picked) == 1 else ""
                return Effect.refused(
                    Refusal.NO_CANDIDATE, name=name or "No chosen cell", digit=symbol(digit)
                )
            already = all(candidate_colour(state.marks[c], digit) == colour for c in chosen)
        paint = 0 if already else colour
        moves = tuple(Paint(cell, paint, digit) for cell in chosen)
        if not self.game._do(moves[0] if len(moves) == 1 else Batch(moves)):
            return Effect(False)
        where = cell_name(chosen[0], self.game.size) if len(chosen) == 1 else f"{len(chosen)} cells"
        if digit is not None:
            where = f"the {symbol(digit)} candidate in {where}"
        words = f"Colour {paint} on {where}." if paint else f"Colour taken off {where}."
        return Effect(True, words, cells=tuple(chosen))

    def clear_colours(self) -> Effect:
        refusal = self.game._refuse_over()
        if refusal:
            return refusal
        if not self.game._do(ClearColours()):
            return Effect(False, "There are no colours to clear.")
        return Effect(True, "Colours cleared.")

    def place_many(self, cells: Iterable[Cell], digit: Digit) -> Effect:
        """``digit`` in every cell of ``cells`` that is not a given, as one move.

        Each wrong digit counts as a mistake, as one by one would; the mistake limit
        is checked once the move is made.  With "refuse rule-breaking digits" on,
        a digit that would break a rule in any of the cells (a peer holds it, two
        chosen cells share a house, a constraint breaks) is refused for all of
        them, by the same rule as one cell (:meth:`~.on_board.OnBoard.refusal`).
        """
        refusal = self.game._refuse_over() or self.game._refuse_digit(digit)
        if refusal:
            return refusal
        open_cells = [c for c in sorted(set(cells)) if not self.game.givens[c]]
        if len(open_cells) == 1:
            return self.game.place(open_cells[0], digit)
        if not open_cells:
            return Effect.refused(Refusal.ONLY_GIVENS)
        if self.game.settings.block_rule_breaking:
            refusal = self.game.on_board.refusal(open_cells, digit)
            if refusal is not None:
                return refusal
        prune = self.game.settings.auto_remove_notes
        return self.game._put(
            open_cells, digit, Batch(tuple(Place(c, digit, prune) for c in open_cells))
        )

    def note_many(self, cells: Iterable[Cell], digit: Digit, kind: NoteKind) -> Effect:
        """Toggle the ``kind`` note ``digit`` in every empty cell of ``cells``, as one move:
        added to all unless all have it already, then removed from all (SudokuPad's way)."""
        refusal = self.game._refuse_over() or self.game._refuse_digit(digit)
        if refusal:
            return refusal
        state = self.game.state
        open_cells = [
            c for c in sorted(set(cells)) if not self.game.givens[c] and not state.entries[c]
        ]
        if not open_cells:
            return Effect.refused(Refusal.NOTES_IN_EMPTY)
        masks = state.notes_of(kind)
        bit = 1 << (digit - 1)
        every = all(masks[c] & bit for c in open_cells)
        moves = tuple(
            ToggleNote(c, digit, kind) for c in open_cells if bool(masks[c] & bit) == every
        )
        if not self.game._do(moves[0] if len(moves) == 1 else Batch(moves)):
            return Effect(False)
        where = cell_name(open_cells[0], self.game.size) if len(open_cells) == 1 else None
        words = note_words(kind, digit, not every, where or f"{len(open_cells)} cells")
        return Effect(True, words, cells=tuple(open_cells))

    def erase_many(self, cells: Iterable[Cell]) -> Effect:
        """Erase every cell of ``cells`` (digits first, else their notes), as one move."""
        refusal = self.game._refuse_over()
        if refusal:
            return refusal
        state = self.game.state
        open_cells = [c for c in sorted(set(cells)) if not self.game.givens[c]]
        moves = tuple(
            Erase(c) for c in open_cells if Erase(c).apply(state, self.game.context) != state
        )
        if not moves:
            return Effect(False, "Nothing to erase there.")
        if not self.game._do(moves[0] if len(moves) == 1 else Batch(moves)):
            return Effect(False)
        count = len(moves)
        words = f"{cell_name(moves[0].cell, self.game.size)} erased." if count == 1 else None
        return Effect(True, words or f"{count} cells erased.", cells=tuple(open_cells))

    def toggle_note(self, cell: Cell, digit: Digit, kind: NoteKind = NoteKind.CANDIDATE) -> Effect:
        """Add or remove the note ``digit`` of ``kind`` in ``cell``."""
        refusal = self.game._refuse_cell(cell) or self.game._refuse_digit(digit)
        if refusal:
            return refusal
        if self.game.state.entries[cell]:
            return Effect.refused(Refusal.NOTES_IN_EMPTY)
        self.game._do(ToggleNote(cell, digit, kind))
        added = bool(self.game.state.notes_of(kind)[cell] >> (digit - 1) & 1)
        return Effect(
            True, note_words(kind, digit, added, cell_name(cell, self.game.size)), cells=(cell,)
        )

    def fill_notes(self) -> Effect:
        refusal = self.game._refuse_over()
        if refusal:
            return refusal
        if not self.game._do(FillNotes()):
            return Effect(False, "Every empty cell already has all its legal digits as notes.")
        return Effect(True, "Notes filled with every legal digit.")

    def clear_notes(self) -> Effect:
        refusal = self.game._refuse_over()
        if refusal:
            return refusal
        if not self.game._do(ClearNotes()):
            return Effect(False, "There are no notes to clear.")
        return Effect(True, "All notes cleared.")
