"""Symmetries of a position that keep every deduction: so one catalogue entry is many drills.

A :class:`Variation` moves cells and renames digits.  Renaming digits never
changes what logic finds.  Moving cells must carry units onto units: on a classic
grid that is any order of the bands, of the rows within each band, of the stacks
and of the columns within each stack, and, when boxes are square, swapping rows
for columns; on a jigsaw grid only the eight rotations and reflections of the
square qualify, and the region layout turns with the cells (a new shape).  Every
technique reads the unit tables, so the same technique is the simplest step of
the varied position, with its cells and digits moved (a test checks it over the
catalogue).

Roads not taken: rotating a classic grid is already among the band, stack and
transposition moves; swapping two rows of a jigsaw grid breaks its regions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...engine.logic import CandidateGrid
from ...engine.shape import Shape


@dataclass(frozen=True)
class Variation:
    """Cell ``i`` of the varied grid takes old cell ``cells[i]``; old digit ``d``
    becomes ``digits[d]`` (``digits[0]`` is 0, for empty)."""

    cells: tuple[int, ...]
    digits: tuple[int, ...]

    @staticmethod
    def identity(size: int) -> Variation:
        return Variation(tuple(range(size * size)), tuple(range(size + 1)))

    def shape(self, shape: Shape) -> Shape:
        """The varied grid's shape (a classic shape maps onto itself)."""
        if not shape.is_jigsaw:
            return shape
        return Shape.from_regions([shape.regions[old] for old in self.cells], shape.size)

    def apply(self, grid: CandidateGrid) -> CandidateGrid:
        """``grid`` with cells moved and digits renamed; clues stay clues."""
        digits = self.digits
        values = [digits[grid.values[old]] for old in self.cells]
        cands = [self._mask(grid.cands[old]) for old in self.cells]
        givens = 0
        for new, old in enumerate(self.cells):
            givens |= (grid.givens >> old & 1) << new
        return CandidateGrid(self.shape(grid.shape), values, cands, givens=givens)

    def cell(self, old: int) -> int:
        """Where old cell ``old`` went."""
        return self.cells.index(old)

    def _mask(self, mask: int) -> int:
        renamed = 0
        digit = 1
        while mask:
            if mask & 1:
                renamed |= 1 << (self.digits[digit] - 1)
            mask >>= 1
            digit += 1
        return renamed


def random_variation(shape: Shape, rng: random.Random) -> Variation:
    """A variation drawn at random among those that keep ``shape``'s units."""
    n = shape.size
    order = list(range(1, n + 1))
    rng.shuffle(order)
    digits = (0, *order)
    if shape.box is not None:
        box_rows, box_columns = shape.box
        rows = _blocks(n, box_rows, rng)
        columns = _blocks(n, box_columns, rng)
        if box_rows == box_columns and rng.random() < 0.5:
            cells = tuple(rows[c] * n + columns[r] for r in range(n) for c in range(n))
        else:
            cells = tuple(rows[r] * n + columns[c] for r in range(n) for c in range(n))
        return Variation(cells, digits)
    turn = rng.randrange(8)
    return Variation(tuple(_dihedral(turn, r, c, n) for r in range(n) for c in range(n)), digits)


def _blocks(n: int, block: int, rng: random.Random) -> list[int]:
    """Lines ``0..n-1`` reordered: the blocks of ``block`` lines, and lines within each."""
    starts = list(range(0, n, block))
    rng.shuffle(starts)
    lines = []
    for start in starts:
        inside = list(range(start, start + block))
        rng.shuffle(inside)
        lines.extend(inside)
    return lines


def _dihedral(turn: int, r: int, c: int, n: int) -> int:
    """The old cell that new cell ``(r, c)`` takes under symmetry ``turn`` (0..7)."""
    last = n - 1
    if turn & 4:  # reflect first: swap rows and columns
        r, c = c, r
    for _ in range(turn & 3):  # then a quarter turn, as often as asked
        r, c = last - c, r
    return r * n + c
