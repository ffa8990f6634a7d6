"""Logical solving: the next step, the whole path, and one technique applied everywhere.

The path always takes the simplest step available and goes back to the simplest
techniques after every success, the way a person solves and the way Sudoku
Explainer rates.  Uniqueness techniques are used only when the caller vouches that
the puzzle has exactly one solution.
"""

from __future__ import annotations

from dataclasses import dataclass

from .grid import CandidateGrid
from .registry import Technique, all_techniques
from .step import Step


def next_step(
    grid: CandidateGrid,
    *,
    unique: bool = True,
    include_last_resort: bool = True,
) -> Step | None:
    """The simplest step in ``grid``, or None when no technique applies."""
    for found in _usable(unique, include_last_resort):
        for step in found.find(grid):
            return step
    return None


def steps_of(grid: CandidateGrid, technique: Technique) -> list[Step]:
    """Every step ``technique`` finds in ``grid`` as it stands (for "apply everywhere")."""
    return list(technique.find(grid))


@dataclass(frozen=True)
class SolvePath:
    """The steps from a position to the end, and where they stopped."""

    steps: tuple[Step, ...]
    final: CandidateGrid

    @property
    def solved(self) -> bool:
        return self.final.is_solved()

    @property
    def used_last_resort(self) -> bool:
        return any(step.last_resort for step in self.steps)


def solve_path(
    grid: CandidateGrid,
    *,
    unique: bool = True,
    include_last_resort: bool = True,
    max_steps: int = 10_000,
) -> SolvePath:
    """Apply the simplest step again and again until solved or stuck."""
    steps: list[Step] = []
    while not grid.is_solved() and len(steps) < max_steps:
        step = next_step(grid, unique=unique, include_last_resort=include_last_resort)
        if step is None:
            break
        steps.append(step)
        grid = grid.apply(step.placements, step.eliminations)
    return SolvePath(tuple(steps), grid)


def _usable(unique: bool, include_last_resort: bool) -> list[Technique]:
    return [
        t
        for t in all_techniques()
        if (unique or not t.needs_unique) and (include_last_resort or not t.last_resort)
    ]
