"""The generator's cheap checks agree with the rater they stand in for.

:func:`grade` must give the rater's verdict for every target level, and
:func:`fill_singles` must reach the position the rater reaches when singles run
out; the generator's speed rests on both.  Checked on unrated puzzles of every
kind (small grids reach every level quickly).
"""

from __future__ import annotations

import pytest

from game.engine.generation.grading import Verdict, fill_singles, grade, singles_solve
from game.engine.generation.symmetry import Symmetry
from game.engine.generator import generate_unrated
from game.engine.logic.grid import CandidateGrid
from game.engine.logic.path import next_step
from game.engine.logic.rating import rate
from game.engine.logic.registry import Level
from game.engine.puzzle import Puzzle

SINGLES = {"Full House", "Hidden Single", "Naked Single"}


def sample() -> list[Puzzle]:
    """Unrated puzzles of several kinds, from fixed seeds."""
    puzzles = []
    for seed in range(12):
        puzzles.append(generate_unrated("classic", 6, symmetry=Symmetry.NONE, seed=seed).puzzle)
        puzzles.append(generate_unrated("jigsaw", 6, seed=seed).puzzle)
    for seed in range(4):
        puzzles.append(generate_unrated("classic", 9, seed=seed).puzzle)
    return puzzles


PUZZLES = sample()


@pytest.mark.parametrize("puzzle", PUZZLES, ids=str)
def test_grade_agrees_with_the_rater(puzzle: Puzzle) -> None:
    level = rate(puzzle.shape, puzzle.givens).level
    for target in Level:
        expected = (
            Verdict.AT if level == target else Verdict.BELOW if level < target else Verdict.ABOVE
        )
        assert grade(puzzle.shape, puzzle.givens, target) is expected, target


def test_the_sample_covers_several_levels() -> None:
    levels = {rate(p.shape, p.givens).level for p in PUZZLES}
    assert {Level.EASY, Level.MEDIUM, Level.HARD} <= levels


@pytest.mark.parametrize("puzzle", PUZZLES, ids=str)
def test_singles_solve_exactly_the_easy_puzzles(puzzle: Puzzle) -> None:
    easy = rate(puzzle.shape, puzzle.givens).level is Level.EASY
    assert (singles_solve(puzzle.shape, puzzle.givens) is not None) == easy


@pytest.mark.parametrize("puzzle", PUZZLES[:10], ids=str)
def test_fill_singles_reaches_the_raters_position(puzzle: Puzzle) -> None:
    position = CandidateGrid.from_grid(puzzle.shape, puzzle.givens)
    while True:
        step = next_step(position)
        if step is None or step.technique not in SINGLES:
            break
        position = position.apply(step.placements, step.eliminations)
    filled = fill_singles(CandidateGrid.from_grid(puzzle.shape, puzzle.givens))
    assert filled.values == position.values
    assert filled.cands == position.cands
