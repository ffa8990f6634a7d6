"""Steps named after their rule (thermometers, dots, XV, lines, arrows, little killers):
each found on a position made for it, silent where it does not apply, and sound on
random 4x4 rule sets checked against every solution."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.logic import CandidateGrid, solve_path
from game.engine.logic.registry import all_techniques
from game.engine.logic.step import Step
from game.engine.logic.techniques.rule_steps import (
    arrow_sum,
    between_line,
    kropki_pair,
    little_killer_sum,
    palindrome_line,
    renban_line,
    thermometer,
    whisper_line,
    xv_pair,
)
from game.engine.rules import (
    XV,
    Arrow,
    Between,
    Constraint,
    Kropki,
    LittleKiller,
    Palindrome,
    Renban,
    RuleSet,
    Thermometer,
    Whisper,
)
from game.engine.shape import Shape

from .test_rules_model import SHAPE as SMALL
from .test_rules_model import all_grids, random_rule

SHAPE = Shape.classic(9)


def grid_of(rules: tuple[Constraint, ...], only: dict[int, int] | None = None) -> CandidateGrid:
    """An empty grid under ``rules`` whose cells in ``only`` keep just that digit as a
    candidate (not placed, so the rule's links have not acted on it yet)."""
    grid = CandidateGrid.from_grid(SHAPE, [0] * 81, rules=RuleSet(SHAPE, rules))
    cands = list(grid.cands)
    for cell, digit in (only or {}).items():
        cands[cell] = 1 << (digit - 1)
    return CandidateGrid(SHAPE, grid.values, cands, rules=grid.rules)


def gone(steps: list[Step]) -> set[tuple[int, int]]:
    return {e for s in steps for e in s.eliminations}


def test_thermometer_ranges_follow_the_tube() -> None:
    # A bulb fixed at 3: the next cells are at least 4 and 5.
    grid = grid_of((Thermometer((0, 1, 2)),), {0: 3})
    steps = list(thermometer(grid))
    assert {(1, 2), (1, 3)} <= gone(steps)  # 1 was never allowed there
    assert (2, 4) in gone(steps) and (2, 5) not in gone(steps)
    assert "at least" in steps[0].explanation
    # Without a placed digit a 3-cell tube keeps 1..7, 2..8, 3..9: no step once the
    # candidates start so (the rule's allowed digits), so nothing to say.
    assert not list(thermometer(grid_of((Thermometer((0, 1, 2)),))))


def test_kropki_and_xv_pairs_keep_partners() -> None:
    black = list(kropki_pair(grid_of((Kropki(0, 1, True),), {1: 3})))
    assert gone(black) == {(0, d) for d in (1, 2, 3, 4, 5, 7, 8, 9)}  # only 6 = 2 x 3
    assert "black dot" in black[0].explanation
    v = list(xv_pair(grid_of((XV(0, 1, 5),))))
    assert {(0, d) for d in (5, 6, 7, 8, 9)} <= gone(v)
    assert not list(xv_pair(grid_of((XV(0, 1, 10),))))  # every digit has a partner
    x = list(xv_pair(grid_of((XV(0, 1, 10),), {1: 7})))
    assert gone(x) == {(0, d) for d in (1, 2, 4, 5, 6, 7, 8, 9)} and "An X" in x[0].explanation


def test_lines_speak_for_their_rules() -> None:
    whisper = list(whisper_line(grid_of((Whisper((0, 1, 2), 5),))))
    assert (1, 5) in gone(whisper) and "German whisper" in whisper[0].explanation
    renban = list(renban_line(grid_of((Renban((0, 1, 2)),), {0: 1})))
    assert {(1, d) for d in range(4, 10)} <= gone(renban)
    palindrome = list(palindrome_line(grid_of((Palindrome((0, 10, 20)),), {0: 4})))
    assert {(20, d) for d in (1, 2, 3, 5, 6, 7, 8, 9)} <= gone(palindrome)
    between = list(between_line(grid_of((Between((0, 1, 2)),), {0: 2})))
    assert (1, 1) in gone(between) and (2, 3) in gone(between)
    assert not list(whisper_line(grid_of((Whisper((0, 1), 1),))))


def test_arrow_and_little_killer_sums_keep_cells_apart() -> None:
    # A circle of 3 with two shaft cells in one row: 1+2 only.
    arrow = list(arrow_sum(grid_of((Arrow((9,), (0, 1)),), {9: 3})))
    assert {(0, d) for d in range(3, 10)} <= gone(arrow)
    little = list(little_killer_sum(grid_of((LittleKiller((0, 10, 20), 6),))))
    assert {(0, d) for d in range(4, 10)} <= gone(little)
    # r1c1 and r2c2 share box 1, so 10 is not 5+5 there; r1c1 and r4c4 share nothing.
    assert gone(list(little_killer_sum(grid_of((LittleKiller((0, 10), 10),))))) == {
        (0, 5),
        (10, 5),
    }
    assert not list(little_killer_sum(grid_of((LittleKiller((0, 30), 10),))))


def test_named_rule_steps_come_before_the_generic_ones() -> None:
    order = [t.name for t in all_techniques()]
    for name in ("Thermometer", "Kropki Pair", "XV Pair", "Whisper Line", "Renban Line"):
        assert order.index(name) < order.index("Constraint Pair")
    for name in ("Between Line", "Arrow Sum", "Little Killer Sum"):
        assert order.index(name) < order.index("Constraint Sum")


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 7), st.floats(0.0, 0.4))
def test_every_step_on_random_4x4_rule_sets_keeps_every_solution(
    rng: random.Random, count: int, keep: float
) -> None:
    grid = rng.choice(all_grids())
    rules = RuleSet(SMALL, tuple(random_rule(rng, grid) for _ in range(count)))
    givens = [d if rng.random() < keep else 0 for d in grid]
    solutions = [g for g in all_grids() if rules.is_solution(g, givens)]
    if not solutions:
        return
    path = solve_path(CandidateGrid.from_grid(SMALL, givens, rules=rules), unique=False)
    for step in path.steps:
        for cell, digit in step.eliminations:
            assert all(s[cell] != digit for s in solutions), step.explanation
        for cell, digit in step.placements:
            assert all(s[cell] == digit for s in solutions), step.explanation
