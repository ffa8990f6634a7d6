"""Symmetric clue layouts: which cells are kept or removed together.

Published puzzles keep their clues in a symmetric pattern; the generator removes
clues one *orbit* at a time (a cell and its images), so the layout stays symmetric
whatever it removes.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence


class Symmetry(enum.Enum):
    """Which clue layouts count as symmetric."""

    NONE = "none"
    ROTATIONAL = "180"  # the layout looks the same turned half a turn
    MIRROR = "mirror"  # left and right halves mirror each other
    QUARTER = "90"  # the layout looks the same turned a quarter turn

    @classmethod
    def parse(cls, text: str) -> Symmetry:
        """``"180"``, ``"rotational"``, ``"mirror"``, ``"90"``, ``"none"`` (any case)."""
        word = text.strip().lower()
        for member in cls:
            if word in (member.value, member.name.lower()):
                return member
        names = ", ".join(member.value for member in cls)
        raise ValueError(f"unknown symmetry {text!r} (choose from {names})")


def images(cell: int, size: int, symmetry: Symmetry) -> tuple[int, ...]:
    """The cells ``cell`` maps to under ``symmetry``, itself included, sorted."""
    n = size
    row, column = divmod(cell, n)
    found = {cell}
    if symmetry is Symmetry.ROTATIONAL:
        found.add((n - 1 - row) * n + (n - 1 - column))
    elif symmetry is Symmetry.MIRROR:
        found.add(row * n + (n - 1 - column))
    elif symmetry is Symmetry.QUARTER:
        r, c = row, column
        for _ in range(3):
            r, c = c, n - 1 - r
            found.add(r * n + c)
    return tuple(sorted(found))


def orbits(size: int, symmetry: Symmetry) -> list[tuple[int, ...]]:
    """The cells grouped so that each group is removed or kept together, in cell order."""
    seen: set[int] = set()
    groups = []
    for cell in range(size * size):
        if cell not in seen:
            group = images(cell, size, symmetry)
            seen.update(group)
            groups.append(group)
    return groups


def is_symmetric(givens: Sequence[int], size: int, symmetry: Symmetry) -> bool:
    """Whether the clue layout of ``givens`` (which cells are filled) has ``symmetry``."""
    return all(
        all(bool(givens[other]) == bool(givens[cell]) for other in images(cell, size, symmetry))
        for cell in range(size * size)
    )
