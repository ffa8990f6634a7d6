"""The cells the board's keys act on: the cursor, several cells chosen, and notes mode.

Its own class because these facts change together: choosing several cells
switches to notes (SudokuPad's convention) and choosing one cell again switches
back to how it was, and Shift+arrows grow a rectangle from where it began.
:class:`~.playing.Playing` asks only what is chosen and whether digits go in as
notes, and says the words; this is pure state and grid geometry, no game and no
words, so the rules above are tested here without a board.
"""

from __future__ import annotations


class Selection:
    """The cursor, the cells chosen with it, and notes mode, on a ``size``-wide grid."""

    def __init__(self, size: int, cursor: int | None = None) -> None:
        self.size = size
        self.cursor = cursor  # the cell the keys act on (None: none yet, or a won grid)
        self.cells: frozenset[int] = frozenset()  # several cells; empty: the cursor only
        self.notes_mode = False
        self._notes_before_many = False  # the notes mode before several cells were chosen
        self._rectangle_to: int | None = None  # where Shift+arrows reached

    @property
    def chosen(self) -> frozenset[int]:
        """The cells the next digit, note, erase or colour applies to."""
        if self.cells:
            return self.cells
        return frozenset() if self.cursor is None else frozenset((self.cursor,))

    @property
    def many(self) -> bool:
        """Whether several cells are chosen."""
        return len(self.cells) > 1

    def move_cursor(self, rows: int, columns: int) -> None:
        """Move the cursor, wrapping around the edges; r1c1 if there was none."""
        if self.cursor is None:
            self.cursor = 0
            return
        self.cursor = self._shifted(self.cursor, rows, columns)

    def choose(self, cells: frozenset[int], cursor: int | None = None) -> None:
        """Exactly ``cells`` (the cursor goes to ``cursor``, else to a single cell
        chosen, else stays)."""
        was_many = self.many
        self.cells = cells if len(cells) > 1 else frozenset()
        if cursor is not None:
            self.cursor = cursor
        elif len(cells) == 1:
            self.cursor = next(iter(cells))
        self._follow(was_many)

    def rectangle_to(self, cell: int) -> None:
        """The rectangle from the cursor to ``cell`` (Shift+click, Shift+arrows)."""
        n = self.size
        anchor = self.cursor if self.cursor is not None else cell
        (r1, c1), (r2, c2) = divmod(anchor, n), divmod(cell, n)
        cells = frozenset(
            r * n + c
            for r in range(min(r1, r2), max(r1, r2) + 1)
            for c in range(min(c1, c2), max(c1, c2) + 1)
        )
        was_many = self.many
        self.cells = cells if len(cells) > 1 else frozenset()
        self._follow(was_many)
        self._rectangle_to = cell

    def step(self, rows: int, columns: int, extend: bool = False) -> None:
        """Arrows move the cursor (several cells chosen collapse to it); with ``extend``
        (Shift) the rectangle grows from the corner Shift+arrows last reached."""
        if not extend:
            if self.cells:
                self.choose(frozenset())
            self.move_cursor(rows, columns)
            return
        if self.cursor is None:
            self.move_cursor(0, 0)
            return
        corner = self._rectangle_to
        if not self.cells or corner is None:
            corner = self.cursor
        self.rectangle_to(self._shifted(corner, rows, columns))

    def toggle_notes_mode(self) -> bool:
        """Notes mode on or off; whether it is now on."""
        self.notes_mode = not self.notes_mode
        return self.notes_mode

    def _shifted(self, cell: int, rows: int, columns: int) -> int:
        n = self.size
        row, column = divmod(cell, n)
        return ((row + rows) % n) * n + (column + columns) % n

    def _follow(self, was_many: bool) -> None:
        """Notes mode follows the selection: on when several cells are first chosen,
        back to what it was when the selection collapses to one cell."""
        if self.many and not was_many:
            self._notes_before_many, self.notes_mode = self.notes_mode, True
        elif was_many and not self.many:
            self.notes_mode = self._notes_before_many
