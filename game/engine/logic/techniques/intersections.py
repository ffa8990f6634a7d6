"""Locked candidates: where a region meets a row or column, a digit locked into the overlap.

*Pointing*: inside a region a digit can only go where the region meets one line, so
it cannot go anywhere else on that line.  *Claiming*: on a line a digit can only go
where the line meets one region, so it cannot go anywhere else in that region.

Nothing assumes boxes: the overlaps come from the unit tables, so a jigsaw region
that meets a row in one cell or in seven is handled the same way.  An overlap that
is a whole unit teaches nothing (there is no "elsewhere"), so it is left out.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from ...shape import Shape
from ...symbols import symbol
from ..grid import CandidateGrid, cells_of, tables
from ..registry import Level, technique
from ..step import Mark, Role, Step
from ..wording import cells_text, removal_text

POINTING_RATING = 2.6
CLAIMING_RATING = 2.8


@dataclass(frozen=True)
class Overlap:
    """Where region unit ``region`` meets line unit ``line`` (cell bitsets)."""

    region: int
    line: int
    shared: int  # cells in both
    region_rest: int  # cells of the region off the line
    line_rest: int  # cells of the line outside the region


@functools.lru_cache(maxsize=64)
def overlaps(shape: Shape) -> tuple[Overlap, ...]:
    """Every region/line overlap of ``shape`` with cells on both sides of it.

    Built once per shape: the finders run on every hint, the table never changes.
    """
    unit_mask = tables(shape).unit_mask
    found = []
    for region in shape.region_units:
        for line in shape.line_units:
            shared = unit_mask[region] & unit_mask[line]
            region_rest = unit_mask[region] & ~shared
            line_rest = unit_mask[line] & ~shared
            if shared and region_rest and line_rest:
                found.append(Overlap(region, line, shared, region_rest, line_rest))
    return tuple(found)


@technique("Pointing", level=Level.MEDIUM, rating=POINTING_RATING, one_digit=True)
def pointing(grid: CandidateGrid) -> Iterator[Step]:
    """A region's places for a digit all lie on one line: the rest of that line loses it."""
    return _locked(grid, "Pointing", POINTING_RATING, from_region=True)


@technique("Claiming", level=Level.MEDIUM, rating=CLAIMING_RATING, one_digit=True)
def claiming(grid: CandidateGrid) -> Iterator[Step]:
    """A line's places for a digit all lie in one region: the rest of that region loses it."""
    return _locked(grid, "Claiming", CLAIMING_RATING, from_region=False)


def _locked(grid: CandidateGrid, name: str, rating: float, *, from_region: bool) -> Iterator[Step]:
    """Locked candidates, read in one direction: confined in ``home``, so gone from ``other``.

    Pointing and Claiming are the same deduction with region and line swapped.
    """
    n = grid.size
    shape = grid.shape
    digits = grid.digits_with_places()
    for overlap in overlaps(shape):
        if from_region:
            home, other = overlap.region, overlap.line
            home_rest, other_rest = overlap.region_rest, overlap.line_rest
        else:
            home, other = overlap.line, overlap.region
            home_rest, other_rest = overlap.line_rest, overlap.region_rest
        for digit, cells in digits:
            inside = cells & overlap.shared
            if not inside or cells & home_rest:
                continue
            targets = cells & other_rest
            if not targets:
                continue
            home_name = shape.unit_name(home)
            other_name = shape.unit_name(other)
            eliminations = tuple((cell, digit) for cell in cells_of(targets))
            yield Step(
                name,
                eliminations=eliminations,
                explanation=(
                    f"In {home_name}, the {symbol(digit)}s are all in {other_name} "
                    f"({cells_text(cells_of(inside), n)}), so {symbol(digit)} cannot be "
                    f"elsewhere in {other_name}: {removal_text(eliminations, n)}."
                ),
                marks=_marks(inside, targets, digit),
                units=(home, other),
                rating=rating,
            )


def _marks(pattern: int, targets: int, digit: int) -> tuple[Mark, ...]:
    return tuple(Mark(cell, digit, Role.PATTERN) for cell in cells_of(pattern)) + tuple(
        Mark(cell, digit, Role.FOCUS) for cell in cells_of(targets)
    )
