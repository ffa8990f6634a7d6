"""The part of a game that undo restores: the player's entries and notes."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.types import Cell, Digit, DigitMask


@dataclass(frozen=True)
class BoardState:
    """Entries (``0`` where the player placed nothing) and notes (digit bitmasks).

    Givens are not here: they belong to the puzzle and never change.  Immutable, so
    a history is just a list of states and undo cannot get an inverse wrong.
    """

    entries: tuple[Digit, ...]
    notes: tuple[DigitMask, ...]

    @classmethod
    def empty(cls, cells: int) -> BoardState:
        return cls((0,) * cells, (0,) * cells)

    def replace(
        self,
        entries: dict[Cell, Digit] | None = None,
        notes: dict[Cell, DigitMask] | None = None,
    ) -> BoardState:
        """A copy with some cells' entries and notes changed."""
        new_entries = self.entries
        new_notes = self.notes
        if entries:
            listed = list(new_entries)
            for cell, digit in entries.items():
                listed[cell] = digit
            new_entries = tuple(listed)
        if notes:
            listed = list(new_notes)
            for cell, mask in notes.items():
                listed[cell] = mask
            new_notes = tuple(listed)
        return BoardState(new_entries, new_notes)
