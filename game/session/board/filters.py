"""What the board lights beyond the game: HoDoKu's one-digit filter and two-candidate cells.

Its own class because it is a lens on the board, not a move: two facts that only
change what is drawn (never the game, never undoable), with the sentence the status
line says when they change.  :class:`~.playing.Playing` holds one and puts both
in its :class:`~.reply.PlayView`.
"""

from __future__ import annotations

from ...engine.symbols import symbol


class Filters:
    """The one-digit filter and the two-candidate highlight of a ``size``-wide grid."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.digit = 0  # HoDoKu's filter: only this digit's candidates show (0: off)
        self.bivalue = False  # cells with exactly two candidates are highlighted

    def toggle(self, start: int) -> str:
        """The filter off, or on at ``start`` (else 1); what the status line says."""
        if self.digit:
            self.digit = 0
            return "Every candidate shows again."
        self.digit = start or 1
        return self._words()

    def step(self, delta: int, start: int) -> str:
        """The filter on the next (``delta`` 1) or previous (-1) digit, from the one it
        is on, else from ``start``; it turns on if it was off."""
        begin = self.digit or start or (0 if delta > 0 else 1)
        self.digit = (begin - 1 + delta) % self.size + 1
        return self._words()

    def toggle_bivalue(self) -> str:
        """The two-candidate highlight on or off; what the status line says."""
        self.bivalue = not self.bivalue
        if self.bivalue:
            return "Cells with exactly two candidates are lit."
        return "Two-candidate cells are no longer lit."

    def _words(self) -> str:
        digit = symbol(self.digit)
        return f"Only the {digit} candidates show; the cells that can take {digit} are lit."
