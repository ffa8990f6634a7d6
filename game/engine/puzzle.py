"""The puzzle value: a shape and its givens, valid by construction.

A :class:`Puzzle` is the problem only.  What a file may carry beyond it (the
player's entries and notes, a title) travels beside it in a :class:`PuzzleRecord`,
so the clues are never confused with progress.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from .errors import InvalidPuzzleError
from .rules import Constraint, RuleSet, conflicts, has_conflict
from .shape import Shape
from .symbols import cell_name, digit_of, grid_string, symbol


@dataclass(frozen=True)
class Puzzle:
    """A grid shape and its givens (``0`` for an empty cell).

    Construction checks the cell count, the digit range and that no two givens
    conflict, raising :class:`InvalidPuzzleError` that names the unit and digit.
    It does not ask the solver whether the puzzle has a solution: a puzzle with
    none, or with several, is still a puzzle.
    """

    shape: Shape
    givens: tuple[int, ...]
    constraints: tuple[Constraint, ...] = ()
    """The rules beyond rows, columns and regions (cages, lines, dots, diagonals, ...);
    empty for a classic or jigsaw puzzle.  Checked against the grid on construction."""

    def __post_init__(self) -> None:
        n = self.shape.size
        if len(self.givens) != n * n:
            raise InvalidPuzzleError(f"{len(self.givens)} cells given; a {n}x{n} grid has {n * n}")
        if self.givens and not 0 <= min(self.givens) <= max(self.givens) <= n:
            cell, digit = next((c, d) for c, d in enumerate(self.givens) if not 0 <= d <= n)
            raise InvalidPuzzleError(f"{cell_name(cell, n)} holds {digit}, outside 1-{n}")
        if has_conflict(self.shape, self.givens):
            first = conflicts(self.shape, self.givens)[0]
            where = ", ".join(cell_name(cell, n) for cell in first.cells)
            raise InvalidPuzzleError(
                f"conflicting givens: {symbol(first.digit)} appears {len(first.cells)} times "
                f"in {self.shape.unit_name(first.unit)} ({where})"
            )
        if self.constraints:
            rules = RuleSet.checked(self.shape, self.constraints)
            broken = rules.broken(self.givens)
            if broken:
                cell, names = next(iter(broken.items()))
                raise InvalidPuzzleError(
                    f"the givens break the {names[0]} rule at {cell_name(cell, n)}"
                )

    @cached_property
    def rules(self) -> RuleSet:
        """The puzzle's rule set: its shape and constraints, built into tables once."""
        return RuleSet(self.shape, self.constraints)

    @classmethod
    def from_string(cls, text: str, regions: Sequence[Hashable] | str | None = None) -> Puzzle:
        """A puzzle from one line of ``N*N`` symbols (``.`` or ``0`` empty).

        A convenience for tests and the API; files go through :mod:`game.engine.formats`.
        ``regions`` is a jigsaw layout, one label per cell; without it the grid is classic.
        """
        cells = len(text)
        shape = (
            Shape.from_regions(list(regions))
            if regions is not None
            else Shape.classic(_side(cells))
        )
        n = shape.size
        givens = []
        for column, char in enumerate(text, 1):
            if char in ".0":
                givens.append(0)
                continue
            digit = digit_of(char, n)
            if digit is None:
                raise InvalidPuzzleError(f"unknown character {char!r}", line=1, column=column)
            givens.append(digit)
        return cls(shape, tuple(givens))

    @property
    def size(self) -> int:
        return self.shape.size

    @property
    def clue_count(self) -> int:
        """How many givens the puzzle has."""
        return sum(1 for digit in self.givens if digit)

    def __str__(self) -> str:
        return grid_string(self.givens)

    def __repr__(self) -> str:
        if self.constraints:
            return f"Puzzle({self.shape!r}, {self.givens!r}, {self.constraints!r})"
        if self.shape.is_jigsaw:
            return f"Puzzle.from_string({str(self)!r}, regions={self.shape.region_labels()!r})"
        return f"Puzzle.from_string({str(self)!r})"


@dataclass(frozen=True)
class PuzzleRecord:
    """One puzzle as read from a file, with whatever progress the file carried.

    ``entries`` holds the player's digits (``0`` elsewhere, always ``0`` on givens)
    and ``notes`` per-cell pencil marks as digit bitmasks; each is None when the
    file holds none.  ``index`` is the 0-based position in the file and ``line``
    the 1-based line where the puzzle starts, for messages.
    """

    puzzle: Puzzle
    entries: tuple[int, ...] | None = None
    notes: tuple[int, ...] | None = None
    title: str = ""
    index: int = 0
    line: int | None = None
    extra: dict[str, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        cells = self.puzzle.shape.cells
        n = self.puzzle.size
        if self.entries is not None:
            if len(self.entries) != cells:
                raise InvalidPuzzleError(f"the progress has {len(self.entries)} cells, not {cells}")
            for cell, (given, entry) in enumerate(
                zip(self.puzzle.givens, self.entries, strict=True)
            ):
                if entry and (given or not 0 < entry <= n):
                    raise InvalidPuzzleError(
                        f"the progress puts {entry} on {cell_name(cell, n)}, which is not free"
                    )
        if self.notes is not None and len(self.notes) != cells:
            raise InvalidPuzzleError(f"the notes have {len(self.notes)} cells, not {cells}")

    @property
    def grid(self) -> tuple[int, ...]:
        """Givens and entries together: the position the player sees."""
        if self.entries is None:
            return self.puzzle.givens
        return tuple(g or e for g, e in zip(self.puzzle.givens, self.entries, strict=True))

    @property
    def has_progress(self) -> bool:
        """Whether the file carried player entries or notes beyond the givens."""
        return bool(self.entries and any(self.entries)) or bool(self.notes and any(self.notes))


def _side(cells: int) -> int:
    side = math.isqrt(cells)
    if side * side != cells:
        raise InvalidPuzzleError(f"{cells} cells do not make a square grid")
    return side
