"""A deduction as a value: what it places, what it eliminates, why, and what to draw.

Techniques return :class:`Step` values; the hint panel, the step-through mode, the
rater and the CLI only read them.  Everything a picture of the deduction needs is
here: the cells and candidates involved with their roles, the links of a chain,
and the units to look at.  Rows and columns are 0-based in code and 1-based in
every text a player reads.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from ..shape import Shape


class Role(enum.StrEnum):
    """What a highlighted cell or candidate does in a deduction (drives its colour)."""

    FOCUS = "focus"  # the cell a placement goes to, or the candidate that decides it
    PATTERN = "pattern"  # the candidates that form the pattern (pair, fish base, ...)
    COVER = "cover"  # fish cover sets, the other side of a locked set
    PIVOT = "pivot"  # the hinge of a wing
    PINCER = "pincer"  # the ends of a wing whose common peers lose a digit
    FIN = "fin"  # the fin of a finned fish or the extra candidate of BUG+1
    ON = "on"  # a chain candidate that is true in this line of reasoning
    OFF = "off"  # a chain candidate that is false in this line of reasoning
    COLOUR_A = "colour-a"  # one colour of simple colouring
    COLOUR_B = "colour-b"  # the other colour
    WRONG = "wrong"  # a player's mistake pointed out before any technique


@dataclass(frozen=True)
class Mark:
    """Highlight ``cell`` (``digit`` None) or one candidate ``digit`` of it."""

    cell: int
    digit: int | None
    role: Role


@dataclass(frozen=True)
class Link:
    """A chain link between two candidates: strong (one of them is true) or weak.

    A *grouped* end stands for a digit in several cells of one unit (the cells of a
    box that lie in one row, say): ``source_cells``/``target_cells`` then list all of
    them, and ``source``/``target`` name the first; the board draws the link from the
    group's middle.  Plain links leave both empty.
    """

    source: tuple[int, int]  # (cell, digit)
    target: tuple[int, int]
    strong: bool
    source_cells: tuple[int, ...] = ()
    target_cells: tuple[int, ...] = ()


class AreaKind(enum.StrEnum):
    """What a set of cells outlined together stands for in a deduction."""

    BASE = "base"  # a fish's base set (the units whose places define it)
    COVER = "cover"  # a fish's cover set (the units that lose the digit)
    ALS = "als"  # an almost locked set: n cells holding n + 1 digits
    GROUP = "group"  # a grouped chain node: one digit in several cells of one unit
    CLUSTER = "cluster"  # a colouring cluster (one colour of one digit's chain web)
    POSITION = "position"  # the cells a template or pattern fixes
    CAGE = "cage"  # a killer cage, or a virtual one the 45 rule makes (label: its sum)
    HOUSE = "house"  # houses taken together (the 45 rule's rows, columns or regions)


@dataclass(frozen=True)
class Area:
    """Cells a picture of the deduction outlines as one shape.

    ``index`` tells apart areas of one kind (ALS 1, ALS 2, ...), which the board
    draws in different colours with ``label`` ("A", "B", "base r1") in a corner;
    ``digits`` is the digit mask the area is about (0 when it is about whole cells).
    """

    cells: tuple[int, ...]
    kind: AreaKind
    index: int = 0
    digits: int = 0
    label: str = ""


@dataclass(frozen=True)
class Step:
    """One deduction.

    ``placements`` and ``eliminations`` are ``(cell, digit)`` pairs; a step has at
    least one of them.  ``units`` are the units a nudge points at.  ``rating`` is
    the difficulty of this application on the Sudoku Explainer scale (techniques
    whose difficulty grows with size, such as chains, rate each step on its own).
    ``last_resort`` marks deductions found by trial rather than by a pattern.
    ``areas`` outline groups of cells (ALS, grouped nodes, fish base and cover sets,
    colouring clusters) that marks alone would not make readable.
    """

    technique: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    explanation: str = ""
    marks: tuple[Mark, ...] = ()
    links: tuple[Link, ...] = ()
    units: tuple[int, ...] = ()
    rating: float = 0.0
    last_resort: bool = False
    areas: tuple[Area, ...] = ()

    def nudge(self, shape: Shape) -> str:
        """The first hint: the technique and where to look, without the answer."""
        what = with_article(self.technique)
        if self.units:
            where = " and ".join(shape.unit_name(u) for u in self.units[:3])
            return f"Look for {what} in {where}."
        cells = sorted({m.cell for m in self.marks})
        if cells:
            rows = sorted({c // shape.size + 1 for c in cells})
            plural = "s" if len(rows) > 1 else ""
            return f"Look for {what} around row{plural} {_listing(rows)}."
        return f"Look for {what}."

    def to_json(self, shape: Shape) -> dict[str, Any]:
        """The CLI's JSON form, with 1-based rows and columns."""
        n = shape.size
        return {
            "technique": self.technique,
            "placements": [[c // n + 1, c % n + 1, d] for c, d in self.placements],
            "eliminations": [[c // n + 1, c % n + 1, d] for c, d in self.eliminations],
            "explanation": self.explanation,
        }


def with_article(name: str) -> str:
    """``"an XY-Wing"``, ``"a Unique Rectangle"``, ``"Pointing"``: as an English speaker says it.

    Articles go by sound, not letter ("an X-Wing"); activities ("Pointing", "Simple
    Colouring", "Trial and Error") and plurals ("Innies and Outies", "Cage
    Combinations") take none; the law takes "the".
    """
    if name.startswith("Law "):
        return f"the {name}"
    if (name.endswith("ing") and not name.endswith("Wing")) or name == "Trial and Error":
        return name
    if name.endswith("s"):
        return name
    first = name[:1].upper()
    vowel_sound = first in "AEIOX" or name.startswith(("8", "11", "18"))
    return f"{'an' if vowel_sound else 'a'} {name}"


def _listing(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return str(numbers[0])
    return ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
