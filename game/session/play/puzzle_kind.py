"""What puzzle a game is, in one vocabulary for every layer: its kind and its origin.

- :class:`PuzzleKind` (variant, size, level): what New game asks the generator
  for, what the puzzle supply keeps ready, and what statistics are kept per
  (``level`` None for a puzzle from a file, which has no level of its own).
  ``variant`` is the engine's word for the puzzle, the generator's kind name
  (``classic``, ``jigsaw``, ``killer``, ``jigsaw,x``, ...: see
  :class:`~game.engine.generation.kinds.Kind` and
  :func:`~game.engine.rules.variant_names`), so the generator, the command line,
  statistics and the library keep variants apart in the same words; labels come
  from the registry's titles ("Killer 9×9", "Jigsaw X 9×9").
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
from ...engine.puzzle import Puzzle
from ...engine.rules import DRAWN_RULES, RULE_TYPES, VARIANTS, variant_names
from ...engine.shape import Shape
from ..shown import shown


class Variant(enum.StrEnum):
    """The grid a puzzle is drawn on: classic boxes or irregular jigsaw regions (the
    first word of every kind name; the rules on it are the rest)."""

    CLASSIC = "classic"
    JIGSAW = "jigsaw"

    @property
    def label(self) -> str:
        return VARIANTS[self.value].title

    @classmethod
    def of(cls, shape: Shape) -> Variant:
        return cls(shape.variant)


GRIDS = tuple(v.value for v in Variant)

_ORDER = {
    name: i
    for i, name in enumerate(
        (
            *GRIDS,
            *(n for n in VARIANTS if n not in GRIDS and n not in DRAWN_RULES),
            *DRAWN_RULES,
            *RULE_TYPES,
        )
    )
}
"""Every word a kind name may hold, in the order the generator's kind names use: the
grid, the global rules, the drawn constraints (each in registry order), then the
constraint types no variant names (a puzzle from a file may hold any)."""


def kind_name(text: str) -> str:
    """The canonical kind name of ``text``: words in the registry's order, the grid
    first, ``classic`` left out beside anything else (``X, Jigsaw`` -> ``jigsaw,x``).

    :raises ValueError: for a word the registry does not know, or none at all.
    """
    words = list(dict.fromkeys(w.strip().lower() for w in text.split(",") if w.strip()))
    unknown = [w for w in words if w not in _ORDER]
    if unknown or not words:
        raise ValueError(f"not a kind of puzzle: {text!r}")
    words.sort(key=_ORDER.__getitem__)
    rest = [w for w in words if w != "classic"]
    return ",".join(rest) or "classic"


def kind_of(puzzle: Puzzle) -> str:
    """The kind name of ``puzzle``: its grid and the rules it holds (see
    :func:`~game.engine.rules.variant_names`); a generated puzzle's is its kind's."""
    return kind_name(",".join(variant_names(puzzle.shape, puzzle.constraints)))


def _title(word: str) -> str:
    entry = VARIANTS.get(word)
    return entry.title if entry is not None else RULE_TYPES[word].title


@dataclass(frozen=True)
class PuzzleKind:
    """A kind of puzzle: variant, size and level (None: not made at a level).

    ``variant`` is a kind name (see the module docstring); any spelling of one is
    made canonical (``"X,jigsaw"`` -> ``"jigsaw,x"``; a :class:`Variant` is its word).
    """

    variant: str = "classic"
    size: int = 9
    level: Level | None = Level.MEDIUM

    def __post_init__(self) -> None:
        object.__setattr__(self, "variant", kind_name(str(self.variant)))

    @property
    def words(self) -> tuple[str, ...]:
        """The kind name's words: ``("jigsaw", "x")``, ``("killer",)``, ``("classic",)``."""
        return tuple(self.variant.split(","))

    @property
    def board(self) -> Variant:
        """The grid: classic boxes or jigsaw regions."""
        return Variant.JIGSAW if "jigsaw" in self.words else Variant.CLASSIC

    @property
    def rules(self) -> tuple[str, ...]:
        """The words beyond the grid: ``("x", "killer")``; empty for a plain grid."""
        return tuple(w for w in self.words if w not in GRIDS)

    @property
    def title(self) -> str:
        """``Classic``, ``Jigsaw``, ``Killer``, ``Jigsaw X``: the registry's titles."""
        return " ".join(_title(word) for word in self.words)

    @property
    def grid(self) -> str:
        """``Classic 9×9``, ``Killer 9×9``, ``Jigsaw X 9×9``."""
        return f"{self.title} {self.size}×{self.size}"

    @property
    def label(self) -> str:
        """``Hard · Classic 9×9``, or ``Classic 9×9`` without a level."""
        return f"{self.level.label} · {self.grid}" if self.level else self.grid

    def described(self) -> str:
        """``an Extreme classic 9×9``: for sentences ("Making an Extreme killer 9×9 puzzle")."""
        words = f"{self.title.lower()} {self.size}×{self.size}"
        if self.level is None:
            return with_article(words)
        return with_article(f"{self.level.label} {words}")

    @classmethod
    def of(cls, puzzle: Puzzle | Shape, level: Level | None = None) -> PuzzleKind:
        """The kind of ``puzzle`` (a bare shape: its plain grid) at ``level``."""
        if isinstance(puzzle, Shape):
            return cls(Variant.of(puzzle), puzzle.size, level)
        return cls(kind_of(puzzle), puzzle.size, level)


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
