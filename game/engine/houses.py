"""Houses as data: every all-different group of a grid, with its kind and its name.

A *house* is a group of cells in which no digit repeats: a row, a column, a region
(a classic box or a jigsaw piece), and in variants a diagonal, an extra region
(Windoku), a disjoint group or a killer cage.  A house of ``N`` cells holds every
digit once; a smaller one (a cage) holds each digit at most once.

Code asks a house what it is (:attr:`House.kind`) and never works it out from its
index: the order of houses is a fact of the table that builds them, nothing more.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class HouseKind(enum.Enum):
    """What kind of group a house is; the value is the word players read."""

    ROW = "row"
    COLUMN = "column"
    BOX = "box"
    REGION = "region"
    DIAGONAL = "diagonal"
    EXTRA = "extra region"
    DISJOINT = "disjoint group"
    CAGE = "cage"

    @property
    def is_line(self) -> bool:
        """Whether houses of this kind are rows or columns (the lines fish are made of)."""
        return self in (HouseKind.ROW, HouseKind.COLUMN)

    @property
    def is_region(self) -> bool:
        """Whether houses of this kind are the regions the grid is cut into."""
        return self in (HouseKind.BOX, HouseKind.REGION)


@dataclass(frozen=True)
class House:
    """One all-different group: its kind, its 0-based index among houses of that kind,
    and its cells in reading order."""

    kind: HouseKind
    index: int
    cells: tuple[int, ...]

    @property
    def name(self) -> str:
        """``row 4``, ``column 7``, ``box 5``, ``region 5``, ``diagonal 1``, ... (1-based)."""
        return f"{self.kind.value} {self.index + 1}"

    def is_full(self, size: int) -> bool:
        """Whether the house holds every digit of a ``size`` grid (else each at most once)."""
        return len(self.cells) == size
