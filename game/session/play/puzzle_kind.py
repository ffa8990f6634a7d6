"""What puzzle a game is, in one vocabulary for every layer: its kind and its origin.

- :class:`PuzzleKind` (variant, size, level): what New game asks the generator
  for, what the puzzle supply keeps ready, and what statistics are kept per
  (``level`` None for a puzzle from a file, which has no level of its own).
- :class:`Origin`: a kind plus where the puzzle came from (a file and its index,
  or a generator seed), its title, and its :class:`Difficulty` once rated.  Every
  saved game keeps one, so a game continued or opened later shows the same
  header, counts towards the same statistics and offers the same "New puzzle".

Both are values; the UI reads the words it shows from them (:attr:`Origin.heading`,
:attr:`Origin.label`) so every screen names a puzzle the same way, cleaned by
:func:`.shown.shown` (a save's title may hold escapes or line breaks).
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from pathlib import Path

from ...engine.logic.registry import Level
from ...engine.logic.step import with_article
from ...engine.shape import Shape
from ..shown import shown


class Variant(enum.StrEnum):
    """The rules of the grid: classic boxes or irregular jigsaw regions."""

    CLASSIC = "classic"
    JIGSAW = "jigsaw"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @classmethod
    def of(cls, shape: Shape) -> Variant:
        return cls(shape.variant)


@dataclass(frozen=True)
class PuzzleKind:
    """A kind of puzzle: variant, size and level (None: not made at a level)."""

    variant: Variant = Variant.CLASSIC
    size: int = 9
    level: Level | None = Level.MEDIUM

    def __post_init__(self) -> None:
        # A plain "jigsaw" (from the command line or a file) is taken as the enum.
        if not isinstance(self.variant, Variant):
            object.__setattr__(self, "variant", Variant(self.variant))

    @property
    def grid(self) -> str:
        """``Classic 9×9``."""
        return f"{self.variant.label} {self.size}×{self.size}"

    @property
    def label(self) -> str:
        """``Hard · Classic 9×9``, or ``Classic 9×9`` without a level."""
        return f"{self.level.label} · {self.grid}" if self.level else self.grid

    def described(self) -> str:
        """``an Extreme classic 9×9``: for sentences ("Making an Extreme classic 9×9 puzzle")."""
        words = f"{self.variant.value} {self.size}×{self.size}"
        if self.level is None:
            return with_article(words)
        return with_article(f"{self.level.label} {words}")

    @classmethod
    def of(cls, shape: Shape, level: Level | None = None) -> PuzzleKind:
        return cls(Variant.of(shape), shape.size, level)


@dataclass(frozen=True)
class Difficulty:
    """A puzzle's level and its score on the Sudoku Explainer scale."""

    level: Level
    score: float

    def text(self) -> str:
        """``Hard · 3.4``: how the header and the win card write it."""
        return f"{self.level.label} · {self.score:.1f}"


@dataclass(frozen=True)
class Origin:
    """Where a game's puzzle came from (see the module docstring).

    ``path`` and ``index`` name a puzzle read from a file (``index`` 0-based);
    ``seed`` a generated one.  ``kind.level`` is the level it was made at;
    ``difficulty`` the rater's verdict once known (made puzzles know it at once).
    """

    kind: PuzzleKind
    path: str = ""
    index: int = 0
    title: str = ""
    seed: int | None = None
    difficulty: Difficulty | None = None

    @property
    def heading(self) -> str:
        """The big words of the panel header: the title, else the level, else the file.

        Generated puzzles have no title, so their level heads the panel; the daily
        puzzle and puzzles from files are named by their title.
        """
        if self.title:
            return shown(self.title)
        if self.kind.level is not None:
            return self.kind.level.label
        return shown(Path(self.path).stem) or "Puzzle"

    @property
    def label(self) -> str:
        """``Hard · Classic 9×9`` or ``Classic 9×9 · janko_93.txt``."""
        if self.kind.level is not None:
            return self.kind.label
        name = shown(self.title or Path(self.path).name)
        return f"{self.kind.grid} · {name}" if name else self.kind.grid

    @property
    def subtitle(self) -> str:
        """The kind of grid and its difficulty once rated (the level alone if the
        heading already names it): ``Classic 9×9 · Hard · 3.4``."""
        grid, difficulty = self.kind.grid, self.difficulty
        if difficulty is None:
            return grid
        if self.heading == difficulty.level.label:
            return f"{grid} · score {difficulty.score:.1f}"
        return f"{grid} · {difficulty.text()}"

    def rated(self, difficulty: Difficulty | None) -> Origin:
        """The same origin with the rater's verdict."""
        return dataclasses.replace(self, difficulty=difficulty)
