"""The logic on variants: every step sound against the exact solution.

A step may place only the solution's digit and remove only other digits.  Rule sets
come from brute force on 4x4 (random constraints of every type, kept when they have
one solution) and from 9x9 killers whose cages are cut from real solutions; with the
shared data, Solo's X puzzles too.  Uniqueness techniques stay off on variants, and
the hints and the CLI read the rules.
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import solver
from game.engine.formats.solo import parse_solo
from game.engine.logic import CandidateGrid, solve_path
from game.engine.logic.hint import find_hint
from game.engine.logic.rating import Rating, rate_puzzle
from game.engine.logic.techniques.extra_houses import extra_house_single
from game.engine.puzzle import Puzzle
from game.engine.rules import Cage, Diagonal, RuleSet
from game.engine.shape import Shape

from .test_rules_model import SHAPE, all_grids, random_rule
from .variant_helpers import random_cages

KILLER_SOLUTIONS = (
    "354869721672153984189472356425698137893721645761345298518236479937514862246987513",
    "832456917571298364649137852128679435396514728457382691265843179914765283783921546",
    "295148763168573492374269518752894631431625879986317245629781354843956127517432986",
    "149682735257143968863579421538416279914237856672958143386721594421395687795864312",
)


def assert_sound(rules: RuleSet, givens: list[int], solution: tuple[int, ...]) -> int:
    """Walk the whole solve path; return how many steps it took."""
    path = solve_path(CandidateGrid.from_grid(rules.shape, givens, rules=rules), unique=True)
    for step in path.steps:
        for cell, digit in step.placements:
            assert solution[cell] == digit, step.explanation
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, step.explanation
        assert step.explanation
    return len(path.steps)


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 4), st.floats(0.0, 0.5))
def test_every_step_on_random_4x4_rule_sets_is_sound(
    rng: random.Random, count: int, keep: float
) -> None:
    grid = rng.choice(all_grids())
    rules = RuleSet(SHAPE, tuple(random_rule(rng, grid) for _ in range(count)))
    givens = [d if rng.random() < keep else 0 for d in grid]
    expected = [g for g in all_grids() if rules.is_solution(g, givens)]
    if len(expected) != 1:
        return
    assert_sound(rules, givens, expected[0])


@pytest.mark.parametrize("text", KILLER_SOLUTIONS)
def test_givens_free_killers_are_solved_by_sound_steps(text: str) -> None:
    solution = tuple(int(c) for c in text)
    rng = random.Random(text)
    for _ in range(20):
        rules = RuleSet(Shape.classic(9), random_cages(solution, rng, 4))
        if solver.settle(rules, [0] * 81).status is solver.Status.UNIQUE:
            break
    else:
        pytest.skip("no unique cage layout drawn")
    assert solver.settle(rules, [0] * 81).solution == solution
    assert assert_sound(rules, [0] * 81, solution) > 0


def test_uniqueness_techniques_stay_off_on_variants() -> None:
    rules = RuleSet(Shape.classic(9), (Diagonal.of(9),))
    assert not rules.uniqueness_sound
    grid = CandidateGrid.from_grid(rules.shape, [0] * 81, rules=rules)
    assert grid.rules is rules


def test_a_hint_on_a_killer_names_the_cage() -> None:
    solution = tuple(int(c) for c in KILLER_SOLUTIONS[0])
    cage = Cage((0, 1), solution[0] + solution[1])
    rules = RuleSet(Shape.classic(9), (cage,))
    givens = [0, 0] + list(solution[2:])
    hint = find_hint(rules.shape, givens, [0] * 81, [0] * 81, solution, rules=rules)
    assert hint.step is not None
    assert {c for c, _d in hint.step.placements} <= {0, 1}


def test_solo_x_puzzles_up_to_advanced_are_solved_by_logic(shared_data: Path) -> None:
    table = shared_data / "variants" / "solo.tsv"
    rows = [r for r in csv.DictReader(table.open(), delimiter="\t") if r["kind"] == "x-9x9"]
    graded = [r for r in rows if r["solo_difficulty"] in ("Basic", "Intermediate", "Advanced")]
    assert len(graded) == 15
    for row in graded:
        rating = rate_puzzle(parse_solo(row["solo_id"]).puzzle)
        assert isinstance(rating, Rating) and rating.solved_by_logic, row["solo_id"]


def test_a_digit_with_one_place_on_a_diagonal_is_placed() -> None:
    shape = Shape.classic(4)
    rules = RuleSet(shape, (Diagonal.of(4),))
    # r1c1=1 and r2c2=2 on the main diagonal; the 3 in r3c1 keeps 3 out of r3c3, so
    # on the diagonal 3 only fits r4c4 (no row, column or box shows it there).
    givens = [1, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]
    grid = CandidateGrid.from_grid(shape, givens, rules=rules)
    steps = list(extra_house_single(grid))
    assert (15, 3) in {p for step in steps for p in step.placements}
    assert all("iagonal 1" in step.explanation for step in steps)
    assert not list(extra_house_single(CandidateGrid.from_grid(shape, givens)))


def test_solo_x_puzzles_are_solved_by_sound_steps(shared_data: Path) -> None:
    table = shared_data / "variants" / "solo.tsv"
    rows = [r for r in csv.DictReader(table.open(), delimiter="\t") if r["kind"] == "x-9x9"]
    assert rows
    shape = Shape.classic(9)
    rules = RuleSet(shape, (Diagonal.of(9), Diagonal.of(9, anti=True)))
    for row in rows:
        givens = _solo_givens(row["solo_id"].split(":", 1)[1])
        solution = Puzzle.from_string(row["solution"]).givens
        assert solver.settle(rules, givens).solution == solution
        assert_sound(rules, givens, solution)


def _solo_givens(desc: str) -> list[int]:
    """The givens of a plain Solo description: digits, and letters for runs of blanks."""
    out: list[int] = []
    i = 0
    while i < len(desc):
        char = desc[i]
        if char.isdigit():
            j = i
            while j < len(desc) and desc[j].isdigit():
                j += 1
            out.append(int(desc[i:j]))
            i = j
            continue
        if char != "_":
            out.extend([0] * (ord(char) - ord("a") + 1))
        i += 1
    return out
