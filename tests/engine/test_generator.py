"""The generator's promises: unique, at the level asked for, symmetric, reproducible, cancellable.

Every puzzle is checked with the exact solver (uniqueness, and an independent
``is_solution`` on the solution it claims) and with the rater itself (the level).
Small grids and the easier levels keep this file fast; one 9x9 Hard and one jigsaw
9x9 cover the sizes players use most, and one 12x12 Hard the digging of big grids
(which stops after a few refusals at the level).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from game.engine import solver
from game.engine.generation.symmetry import Symmetry, is_symmetric
from game.engine.generator import (
    GenerationCancelled,
    GenerationFailed,
    RatedPuzzle,
    available_levels,
    generate,
    generate_unrated,
)
from game.engine.logic.rating import rate
from game.engine.logic.registry import Level
from game.engine.rules import is_solution

from ..conftest import ROOT


def check(made: RatedPuzzle, level: Level) -> None:
    """The puzzle is unique, its solution right, and the rater agrees with its label."""
    puzzle = made.puzzle
    assert solver.count_solutions(puzzle.shape, puzzle.givens, limit=2) == 1
    assert is_solution(puzzle.shape, made.solution, puzzle.givens)
    rating = rate(puzzle.shape, puzzle.givens)
    assert made.level is level
    assert rating.level is level
    assert made.score == rating.score


@pytest.mark.parametrize(
    ("variant", "size", "level"),
    [
        ("classic", 4, Level.EASY),
        ("classic", 6, Level.EASY),
        ("classic", 6, Level.HARD),
        ("classic", 9, Level.EASY),
        ("classic", 9, Level.MEDIUM),
        ("classic", 9, Level.HARD),
        ("classic", 12, Level.HARD),
        ("jigsaw", 6, Level.EASY),
        ("jigsaw", 6, Level.MEDIUM),
        ("jigsaw", 9, Level.MEDIUM),
    ],
)
def test_puzzles_are_unique_and_at_the_level_asked_for(
    variant: str, size: int, level: Level
) -> None:
    for seed in (1, 2):
        made = generate(variant, size, level, seed=seed)
        check(made, level)
        assert made.puzzle.shape.variant == variant
        assert made.puzzle.size == size
        assert made.seed == seed


def test_sixteen_by_sixteen_easy() -> None:
    made = generate("classic", 16, Level.EASY, seed=3)
    check(made, Level.EASY)


@pytest.mark.parametrize("symmetry", list(Symmetry))
def test_clue_layout_has_the_symmetry_asked_for(symmetry: Symmetry) -> None:
    made = generate("classic", 9, Level.EASY, symmetry=symmetry, seed=5)
    assert is_symmetric(made.puzzle.givens, 9, symmetry)
    check(made, Level.EASY)


def test_classic_clue_layouts_are_half_turn_symmetric_by_default() -> None:
    for seed in range(3):
        made = generate("classic", 9, Level.MEDIUM, seed=seed)
        assert is_symmetric(made.puzzle.givens, 9, Symmetry.ROTATIONAL)


def test_symmetry_check_can_fail() -> None:
    givens = [0] * 81
    givens[0] = 5
    assert not is_symmetric(givens, 9, Symmetry.ROTATIONAL)
    assert is_symmetric(givens, 9, Symmetry.NONE)


def test_the_same_seed_gives_the_same_puzzle() -> None:
    for variant in ("classic", "jigsaw"):
        first = generate(variant, 6, Level.HARD, seed=42)
        again = generate(variant, 6, Level.HARD, seed=42)
        assert first == again


def test_the_same_seed_gives_the_same_puzzle_in_another_process() -> None:
    """Hash randomisation, import order and the clock must not leak into a puzzle."""
    code = (
        "from game.engine.generator import generate\n"
        "from game.engine.logic.registry import Level\n"
        "for variant, level in (('classic', Level.MEDIUM), ('jigsaw', Level.EXPERT)):\n"
        "    made = generate(variant, 9, level, seed=7)\n"
        "    print(made.puzzle.givens, made.puzzle.shape.regions, made.score)\n"
    )
    outputs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        outputs.append(done.stdout)
    here = "".join(
        f"{made.puzzle.givens} {made.puzzle.shape.regions} {made.score}\n"
        for made in (
            generate(v, 9, level, seed=7)
            for v, level in (("classic", Level.MEDIUM), ("jigsaw", Level.EXPERT))
        )
    )
    assert outputs[0] == outputs[1] == here


def test_without_a_seed_puzzles_differ() -> None:
    first = generate("classic", 6, Level.EASY)
    second = generate("classic", 6, Level.EASY)
    assert first.seed != second.seed
    assert first.puzzle != second.puzzle


def test_seeds_change_the_puzzle() -> None:
    puzzles = {generate("classic", 9, Level.EASY, seed=seed).puzzle for seed in range(5)}
    assert len(puzzles) == 5


def test_progress_returning_false_cancels() -> None:
    with pytest.raises(GenerationCancelled):
        generate("classic", 9, Level.EASY, seed=1, progress=lambda fraction: False)


def test_cancelling_midway_stops_the_search() -> None:
    calls: list[float] = []

    def progress(fraction: float) -> bool:
        calls.append(fraction)
        return len(calls) < 5

    with pytest.raises(GenerationCancelled):
        generate("classic", 9, Level.EXTREME, seed=1, progress=progress)
    assert len(calls) == 5


def test_progress_rises_to_one() -> None:
    seen: list[float] = []

    def progress(fraction: float) -> bool:
        seen.append(fraction)
        return True

    generate("classic", 9, Level.HARD, seed=4, progress=progress)
    assert seen == sorted(seen)
    assert seen[0] == 0.0
    assert seen[-1] == 1.0
    assert all(0.0 <= f < 1.0 for f in seen[:-1])


def test_running_out_of_attempts_is_reported() -> None:
    with pytest.raises(GenerationFailed, match="Extreme"):
        generate("classic", 9, Level.EXTREME, seed=1, max_attempts=1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("sudoku", 9, Level.EASY), "unknown variant"),
        (("classic", 7, Level.EASY), "no classic 7x7"),
        (("jigsaw", 16, Level.EASY), "no jigsaw 16x16"),
        (("classic", 4, Level.HARD), "up to Easy"),
    ],
)
def test_requests_that_cannot_be_met_are_refused(
    args: tuple[str, int, Level], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        generate(*args)


def test_available_levels() -> None:
    assert available_levels("classic", 9) == tuple(Level)
    assert available_levels("jigsaw", 9) == tuple(Level)
    assert available_levels("classic", 4) == (Level.EASY,)
    assert available_levels("classic", 7) == ()


def test_unrated_puzzles_are_unique_and_minimal() -> None:
    for variant, size in (("classic", 9), ("jigsaw", 6)):
        made = generate_unrated(variant, size, seed=11)
        shape, givens = made.puzzle.shape, list(made.puzzle.givens)
        assert solver.count_solutions(shape, givens, limit=2) == 1
        assert made.solution == solver.solve(shape, givens)
        for cell in range(shape.cells):
            if givens[cell] and variant == "jigsaw":  # no symmetry: single clues
                digit, givens[cell] = givens[cell], 0
                assert solver.count_solutions(shape, givens, limit=2) == 2
                givens[cell] = digit
