"""Killer techniques: each found on a position made for it and silent where it does not
apply; every step sound on Solo's killers and on random cage layouts.

A sound step never removes a digit of any solution, so positions need not have one
solution to be checked against a known one: random cages cut from a real solution
test the techniques on layouts no generator would keep.
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.formats.solo import parse_solo
from game.engine.logic import CandidateGrid, solve_path
from game.engine.logic.killer import equations, fit
from game.engine.logic.registry import all_techniques
from game.engine.logic.step import AreaKind, Step, with_article
from game.engine.logic.techniques.cages import cage_claiming, cage_combinations, cage_pointing
from game.engine.logic.techniques.extra_houses import (
    extra_house_intersection,
    extra_house_single,
)
from game.engine.logic.techniques.innies import innies_and_outies
from game.engine.rules import Cage, Constraint, Diagonal, RuleSet
from game.engine.shape import Shape

from .test_logic_variants import KILLER_SOLUTIONS
from .variant_helpers import random_cages

SHAPE = Shape.classic(9)


def grid_of(cages: tuple[Constraint, ...], givens: list[int] | None = None) -> CandidateGrid:
    rules = RuleSet(SHAPE, cages)
    return CandidateGrid.from_grid(SHAPE, givens or [0] * 81, rules=rules)


def assert_sound_path(grid: CandidateGrid, solution: tuple[int, ...]) -> list[Step]:
    path = solve_path(grid, unique=True)
    for step in path.steps:
        for cell, digit in step.placements:
            assert solution[cell] == digit, step.explanation
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, step.explanation
        assert step.explanation
    return list(path.steps)


# -- each technique on a position made for it -----------------------------------------


def test_cage_combinations_keep_the_sets_that_fit() -> None:
    steps = list(cage_combinations(grid_of((Cage((0, 1), 4),))))
    assert len(steps) == 1
    step = steps[0]
    assert {d for _c, d in step.eliminations} == {2, 4, 5, 6, 7, 8, 9}
    assert "1+3" in step.explanation and "r1c1" in step.explanation
    assert step.areas[0].kind is AreaKind.CAGE and step.areas[0].label == "4"


def test_cage_combinations_say_which_sets_went_and_place_a_lone_digit() -> None:
    # r1c1 can only be 1 or 2 (the rest of row 1 holds 3..9): 1+9 and 2+8 stay,
    # 3+7 and 4+6 go, and with r1c2 a 9 or an 8 nothing more; a 1-cell cage is placed.
    givens = [0, 0, 3, 4, 5, 6, 7, 0, 0] + [0] * 72
    grid = grid_of((Cage((0, 9), 10), Cage((80,), 6)), givens)
    steps = list(cage_combinations(grid))
    texts = " ".join(s.explanation for s in steps)
    assert "3+7 needs" in texts or "3+7 leaves" in texts
    assert any((80, 6) in s.placements for s in steps)


def test_cage_combinations_stay_silent_on_a_cage_any_digit_fits() -> None:
    assert not list(cage_combinations(grid_of((Cage((0, 1, 2, 3), 20),))))


def test_cage_pointing_clears_the_line_of_a_digit_the_cage_needs() -> None:
    steps = list(cage_pointing(grid_of((Cage((0, 1), 4),))))
    gone = {(c, d) for s in steps for c, d in s.eliminations}
    assert {(5, 1), (8, 3), (9, 1), (20, 3)} <= gone
    assert all(c not in (0, 1) for c, _d in gone)
    assert "must contain 1" in steps[0].explanation


def test_cage_pointing_needs_a_digit_in_every_combination() -> None:
    assert not list(cage_pointing(grid_of((Cage((0, 1), 10),))))


def test_cage_claiming_keeps_the_combinations_with_the_house_digit() -> None:
    # Row 1 holds 1..4, 6, 7 in r1c4-r1c9; 5 cannot go in r1c3 (a 5 below in column 3),
    # so row 1's 5 is in r1c1 or r1c2, both in the 15 cage with r2c2.
    givens = [0, 0, 0, 1, 2, 3, 4, 6, 7] + [0] * 72
    givens[38] = 5
    steps = list(cage_claiming(grid_of((Cage((0, 1, 10), 15),), givens)))
    step = next(s for s in steps if s.units == (SHAPE.row_units[0],))
    assert (10, 5) in step.eliminations
    assert "5 can only go in r1c1 and r1c2" in step.explanation


def test_cage_claiming_is_silent_when_the_digit_has_a_place_outside() -> None:
    givens = [0, 0, 0, 1, 2, 3, 4, 6, 7] + [0] * 72
    steps = list(cage_claiming(grid_of((Cage((0, 1, 10), 15),), givens)))
    assert not any(s.units == (SHAPE.row_units[0],) for s in steps)


def test_innies_place_the_cell_a_row_leaves_over() -> None:
    cages = (Cage((0, 1, 2), 6), Cage((3, 4, 5), 15), Cage((6, 7), 15))
    steps = list(innies_and_outies(grid_of(cages)))
    step = next(s for s in steps if s.placements)
    assert step.placements == ((8, 9),)
    assert "Row 1 adds up to 45" in step.explanation
    assert step.areas[0].kind is AreaKind.HOUSE


def test_outies_place_the_cell_a_cage_sticks_out_with() -> None:
    cages = (Cage((0, 1, 2), 6), Cage((3, 4, 5), 15), Cage((6, 7), 15), Cage((8, 17), 10))
    steps = list(innies_and_outies(grid_of(cages)))
    assert any(s.placements == ((17, 1),) for s in steps)
    outie = next(s for s in steps if s.placements == ((17, 1),))
    assert "crosses the edge" in outie.explanation


def test_innies_need_houses_nearly_tiled_by_cages() -> None:
    assert not list(innies_and_outies(grid_of((Cage((0, 1), 3),))))


def test_equations_span_up_to_four_houses_and_stay_small() -> None:
    solution = tuple(int(c) for c in KILLER_SOLUTIONS[0])
    cages = tuple(
        Cage(tuple(range(r * 9 + c, r * 9 + c + 3)), sum(solution[r * 9 + c : r * 9 + c + 3]))
        for r in range(9)
        for c in (0, 3, 6)
    )
    found = equations(RuleSet(SHAPE, cages))
    assert all(len(eq.plus) + len(eq.minus) <= 6 for eq in found)


def test_fit_tells_a_matching_from_a_cover() -> None:
    # Three cells holding {1, 2}, {1, 2}, {1, 2, 9}: 1+2+9 fits, so the third is 9.
    found = fit((0b11, 0b11, 0b100000011), 12, 9)
    assert found.fitting == (0b100000011,)
    assert found.support == (0b11, 0b11, 0b100000000)


def test_plural_techniques_take_no_article() -> None:
    assert with_article("Innies and Outies") == "Innies and Outies"
    assert with_article("Cage Combinations") == "Cage Combinations"
    assert with_article("Law of Leftovers") == "the Law of Leftovers"


def test_killer_techniques_are_variant_only_and_in_the_catalogue() -> None:
    names = {t.name: t for t in all_techniques()}
    for name in ("Cage Combinations", "Cage Pointing", "Cage Claiming", "Innies and Outies"):
        assert names[name].variant_only


# -- soundness -------------------------------------------------------------------------


def solo_rows(shared_data: Path) -> list[dict[str, str]]:
    table = shared_data / "variants" / "solo.tsv"
    return [
        r
        for r in csv.DictReader(table.open(), delimiter="\t")
        if "k" in r["solo_id"].split(":", 1)[0]
    ]


def test_solo_killers_are_solved_by_sound_patterns(shared_data: Path) -> None:
    """Every killer Solo made (4x4 to 9x9, with diagonals too), graded Trivial to
    Advanced, solved by patterns alone with no wrong step."""
    rows = solo_rows(shared_data)
    assert len(rows) >= 50
    for row in rows:
        puzzle = parse_solo(row["solo_id"]).puzzle
        solution = tuple(int(c) for c in row["solution"])
        assert puzzle.rules.is_solution(solution, puzzle.givens)
        grid = CandidateGrid.from_grid(puzzle.rules.shape, list(puzzle.givens), rules=puzzle.rules)
        path = solve_path(grid, unique=True)
        assert path.solved and not path.used_last_resort, row["solo_id"]
        assert_sound_path(grid, solution)


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 6), st.floats(0.0, 0.3))
def test_every_step_on_random_killers_is_sound(
    rng: random.Random, largest: int, keep: float
) -> None:
    solution = tuple(int(c) for c in rng.choice(KILLER_SOLUTIONS))
    cages = random_cages(solution, rng, largest)
    cages = tuple(c for c in cages if rng.random() < 0.9)  # some cells left uncaged
    givens = [d if rng.random() < keep else 0 for d in solution]
    assert_sound_path(grid_of(cages, givens), solution)


@pytest.mark.parametrize("text", KILLER_SOLUTIONS)
def test_killer_steps_name_cells_and_outline_cages(text: str) -> None:
    solution = tuple(int(c) for c in text)
    cages = random_cages(solution, random.Random(text), 4)
    steps = assert_sound_path(grid_of(cages), solution)
    killer = [s for s in steps if s.technique in ("Cage Combinations", "Innies and Outies")]
    assert killer
    for step in killer:
        assert "r" in step.explanation and step.areas


# -- extra houses (diagonals, extra regions) ------------------------------------------


def test_extra_house_single_places_the_last_place_on_a_diagonal() -> None:
    rules = RuleSet(SHAPE, (Diagonal.of(9),))
    # The diagonal holds 2..9 from r1c1 to r8c8, so its 1 can only be r9c9.
    givens = [0] * 81
    for i in range(8):
        givens[i * 10] = i + 2
    grid = CandidateGrid.from_grid(SHAPE, givens, rules=rules)
    steps = list(extra_house_single(grid))
    assert any(s.placements == ((80, 1),) for s in steps)
    assert "diagonal 1" in steps[0].explanation.lower()
    assert not list(extra_house_single(CandidateGrid.from_grid(SHAPE, [0] * 81, rules=rules)))


def test_extra_house_intersection_clears_a_box_from_its_diagonal() -> None:
    rules = RuleSet(SHAPE, (Diagonal.of(9),))
    # 1 off the diagonal's boxes 1 and 9 cells: the diagonal's 1 is in box 5.
    givens = [0] * 81
    for r, c in ((0, 1), (1, 2), (2, 0), (6, 7), (7, 8), (8, 6)):
        givens[r * 9 + c] = 1
    grid = CandidateGrid.from_grid(SHAPE, givens, rules=rules)
    steps = list(extra_house_intersection(grid))
    step = next(s for s in steps if "box 5" in s.explanation)
    assert {(c, d) for c, d in step.eliminations} >= {(31, 1), (39, 1)}
    assert all(d == 1 for _c, d in step.eliminations)
    assert not list(extra_house_intersection(CandidateGrid.from_grid(SHAPE, [0] * 81)))


def test_solo_x_puzzles_up_to_advanced_are_solved_by_patterns(shared_data: Path) -> None:
    table = shared_data / "variants" / "solo.tsv"
    for row in csv.DictReader(table.open(), delimiter="\t"):
        if row["kind"] != "x-9x9" or row["solo_difficulty"] == "Extreme":
            continue
        puzzle = parse_solo(row["solo_id"]).puzzle
        grid = CandidateGrid.from_grid(puzzle.rules.shape, list(puzzle.givens), rules=puzzle.rules)
        assert solve_path(grid, unique=True).solved, row["solo_id"]
        assert_sound_path(grid, tuple(int(c) for c in row["solution"]))


def test_innies_on_a_diagonal_nudge_without_naming_it_as_a_unit() -> None:
    # The diagonal holds 45: cages covering all of it but r9c9 leave r9c9 to it.
    cages = (Cage((0, 10), 3), Cage((20, 30), 7), Cage((40, 50), 11), Cage((60, 70), 15))
    rules = RuleSet(SHAPE, (Diagonal.of(9), *cages))
    grid = CandidateGrid.from_grid(SHAPE, [0] * 81, rules=rules)
    step = next(s for s in innies_and_outies(grid) if s.placements == ((80, 9),))
    assert "Diagonal 1" in step.explanation
    assert step.nudge(SHAPE)
