"""The pure parts of ``benchmarks/solo_grades.py``: reading Solo's grader, writing our
killers as Solo can hold them, and the agreement measures.  The benchmark itself runs
on demand, not here."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from solo_grades import (
    agreement,
    best_mapping,
    kendall_tau_b,
    parse_grades,
    repeats_in_cage,
    solo_writable,
)

from game.engine.formats.solo import format_solo, parse_solo
from game.engine.formats.variants import NotWritable
from game.engine.logic.registry import Level
from game.engine.puzzle import Puzzle
from game.engine.rules import Cage
from game.engine.shape import Shape

SOLUTION = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)


def killer(*groups: tuple[int, ...]) -> Puzzle:
    """A givens-free 4x4 killer on :data:`SOLUTION` with these cages."""
    cages = tuple(Cage(g, sum(SOLUTION[c] for c in g)) for g in groups)
    return Puzzle(Shape.classic(4), (0,) * 16, cages)


def test_parse_grades_reads_both_lines_of_a_killer() -> None:
    output = (
        "Difficulty rating: Intermediate (intersectional analysis required)\n"
        "Killer difficulty: Advanced (sum region intersections)\n"
    )
    assert parse_grades(output) == ("Intermediate", "Advanced")


def test_parse_grades_without_cages_and_refusing_noise() -> None:
    assert parse_grades("Difficulty rating: Ambiguous (multiple solutions exist)\n") == (
        "Ambiguous",
        None,
    )
    with pytest.raises(ValueError, match="no difficulty rating"):
        parse_grades("solosolver: Not enough data to fill grid\n")


def test_one_cell_cages_become_givens_inside_a_cage_they_see() -> None:
    puzzle = killer((0,), (1, 2), (3, 7), (4, 5), (6, 10), (8, 12), (9, 13), (11, 15), (14,))
    written = solo_writable(puzzle)
    assert written.givens[0] == 1 and written.givens[14] == 2
    cages = {rule.members: rule.total for rule in written.constraints if isinstance(rule, Cage)}
    assert cages[(0, 4, 5)] == 8  # joined the cage below, in its box, its total grown by 1
    assert cages[(6, 10, 14)] == 7  # the cage above it, in its column
    assert all(len(members) >= 2 for members in cages)
    assert sorted(c for members in cages for c in members) == list(range(16))
    # Solo can hold it, and reading it back gives the same puzzle.
    again = parse_solo(format_solo(written)).puzzle
    assert again.givens == written.givens
    assert set(again.constraints) == set(written.constraints)
    assert not repeats_in_cage(written, SOLUTION)


def test_a_cell_that_sees_no_neighbouring_cage_is_not_writable() -> None:
    # r1c1 alone; its neighbours' cages (r1c2-r1c3-r2c3, r2c1-r2c2-r3c2) hold a cell it
    # does not see, so joining either would add a rule.
    puzzle = killer((0,), (1, 2, 6), (4, 5, 9), (3, 7), (8, 12), (13, 14), (10, 11, 15))
    with pytest.raises(NotWritable, match="r1c1"):
        solo_writable(puzzle)
    with pytest.raises(NotWritable):
        format_solo(puzzle)  # the writer refuses the one-cell cage itself


def test_a_grid_repeating_a_digit_in_a_cage_is_seen() -> None:
    puzzle = killer((0, 1), (2, 3))
    grid = list(SOLUTION)
    grid[1] = grid[0]
    assert repeats_in_cage(puzzle, grid)


def test_agreement_and_the_best_monotone_map() -> None:
    pairs = [("Trivial", Level.MEDIUM)] * 3 + [("Advanced", Level.MEDIUM), ("Basic", Level.EASY)]
    proposed = {"Trivial": Level.EASY, "Basic": Level.EASY, "Advanced": Level.HARD}
    assert agreement(pairs, proposed) == pytest.approx(1 / 5)
    mapping, share = best_mapping(pairs)
    # Basic above Trivial cannot go down to Easy once Trivial is Medium: monotone.
    assert mapping["Trivial"] == Level.MEDIUM and mapping["Advanced"] == Level.MEDIUM
    assert mapping["Basic"] >= Level.MEDIUM
    assert share == pytest.approx(4 / 5)


def test_kendall_tau_b() -> None:
    assert kendall_tau_b([(1, 1), (2, 2), (3, 3)]) == pytest.approx(1.0)
    assert kendall_tau_b([(1, 3), (2, 2), (3, 1)]) == pytest.approx(-1.0)
    assert math.isnan(kendall_tau_b([(1, 2), (2, 2)]))
