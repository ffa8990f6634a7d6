"""The glossary's words as types, so a signature says which int it means.

Aliases rather than ``NewType``: cells, digits and masks are plain ints in every hot
loop of the solver and the logic (bit tricks, table lookups), and wrapping each one
would cost time and clutter for no safety those loops need.  In signatures they
tell a reader, and the docs, what a number stands for.  See the glossary in
:mod:`game.engine`.
"""

from __future__ import annotations

from typing import TypeAlias

Cell: TypeAlias = int
"""A square of the grid: a 0-based index in reading order (``row * N + column``)."""

Digit: TypeAlias = int
"""A value ``1..N``; 0 stands for an empty cell."""

DigitMask: TypeAlias = int
"""A set of digits as a bitmask: bit ``d - 1`` stands for digit ``d``."""

CellSet: TypeAlias = int
"""A set of cells as a bitset: bit ``c`` stands for cell ``c``."""

Unit: TypeAlias = int
"""A row (``0..N-1``), a column (``N..2N-1``) or a region (``2N..3N-1``)."""

Grid: TypeAlias = tuple[Digit, ...]
"""One digit per cell, 0 for empty, in reading order."""
