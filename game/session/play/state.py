"""The part of a game that undo restores: the player's entries, notes, colours and guesses.

Everything here is what a player expects back on undo (Tatham's test): digits,
the three kinds of notes, the colours painted on cells and candidates, and the
what-if guesses open at the moment.  Givens are not here: they belong to the
puzzle and never change.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ...engine.types import Cell, Digit, DigitMask

COLOURS = 9
"""Colour indices are 1..8 (0 is none); a candidate's colour takes 4 bits."""

_NIBBLE = 0xF


class NoteKind(enum.StrEnum):
    """The three kinds of note (SudokuPad's), each a digit mask per cell in the state."""

    CANDIDATE = "candidate"  # fixed spots, what Fill notes writes and the hints read
    CORNER = "corner"  # "this digit goes in one of these cells of the unit"
    CENTRE = "centre"  # a list of what the cell can be, in its middle

    @property
    def label(self) -> str:
        return {"candidate": "Candidates", "corner": "Corner", "centre": "Centre"}[self.value]

    @property
    def field(self) -> str:
        """The :class:`BoardState` field that holds this kind of note."""
        return {"candidate": "notes", "corner": "corner", "centre": "centre"}[self.value]


def candidate_colour(packed: int, digit: Digit) -> int:
    """The colour painted on ``digit``'s candidate in a cell's packed colours (0: none)."""
    return (packed >> (4 * (digit - 1))) & _NIBBLE


def with_candidate_colour(packed: int, digit: Digit, colour: int) -> int:
    """``packed`` with ``digit``'s candidate painted ``colour`` (0 clears it)."""
    shift = 4 * (digit - 1)
    return (packed & ~(_NIBBLE << shift)) | (colour << shift)


@dataclass(frozen=True)
class BoardState:
    """One position of the player's work; immutable, so a history is a list of them.

    - ``entries``: the player's digit per cell (0 where none).
    - ``notes``: candidate notes, a digit mask per cell, in fixed spots: what Fill
      notes writes, auto-remove prunes and the hints read.
    - ``corner`` / ``centre``: SudokuPad's two other kinds of notes, digit masks:
      corner notes say "this digit goes in one of these cells of the unit", centre
      notes list what a cell can be.
    - ``colours``: a cell's colour (0 none, 1..8); ``marks``: colours painted on
      single candidates, 4 bits per digit (see :func:`candidate_colour`).
    - ``ink``: the what-if level each entry was placed at (0: the main line).
    - ``guesses``: the position when each open guess began, innermost last; the
      what-if level is their number.  Abandoning a guess goes back to its position;
      committing it keeps the work and drops the mark.
    - ``revealed``: 1 where the entry is the solution's digit put there by Reveal,
      not typed by the player (the board draws it in a look of its own); a digit
      typed over it, or an erase, makes the cell the player's again.

    Build one with :meth:`empty` or :meth:`of`; the optional fields default to
    zeros (and may be passed empty, which means the same).
    """

    entries: tuple[Digit, ...]
    notes: tuple[DigitMask, ...]
    corner: tuple[DigitMask, ...] = ()
    centre: tuple[DigitMask, ...] = ()
    colours: tuple[int, ...] = ()
    marks: tuple[int, ...] = ()
    ink: tuple[int, ...] = ()
    guesses: tuple[BoardState, ...] = field(default=(), repr=False)
    revealed: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        zeros = (0,) * len(self.entries)
        for name in ("corner", "centre", "colours", "marks", "ink", "revealed"):
            if not getattr(self, name):
                object.__setattr__(self, name, zeros)

    @classmethod
    def empty(cls, cells: int) -> BoardState:
        zeros = (0,) * cells
        return cls(zeros, zeros)

    def notes_of(self, kind: NoteKind) -> tuple[DigitMask, ...]:
        """Every cell's notes of ``kind`` (a digit mask per cell)."""
        masks: tuple[DigitMask, ...] = getattr(self, kind.field)
        return masks

    @property
    def level(self) -> int:
        """How many what-if guesses are open (0: the main line of play)."""
        return len(self.guesses)

    def has_annotations(self) -> bool:
        """Whether any corner or centre note, colour or guess is on the board."""
        return bool(
            any(self.corner) or any(self.centre) or any(self.colours) or any(self.marks)
        ) or bool(self.guesses)

    def replace(
        self,
        entries: dict[Cell, Digit] | None = None,
        notes: dict[Cell, DigitMask] | None = None,
        **others: dict[Cell, int],
    ) -> BoardState:
        """A copy with some cells changed: ``entries``, ``notes`` and, by name, any of
        ``corner``, ``centre``, ``colours``, ``marks``, ``ink``, ``revealed``."""
        changes: dict[str, tuple[int, ...]] = {}
        for name, cells in (("entries", entries), ("notes", notes), *others.items()):
            if not cells:
                continue
            listed = list(getattr(self, name))
            for cell, value in cells.items():
                listed[cell] = value
            changes[name] = tuple(listed)
        if not changes:
            return self
        # Copy the fields straight across: dataclasses.replace would run __init__ and
        # __post_init__ again, the largest cost of replaying a long save's moves.
        copy = object.__new__(BoardState)
        copy.__dict__.update(self.__dict__, **changes)
        return copy
