"""Hidden cages (the 45 rule's cages, cage splitting), Cage Subset and named dead ends:
each on a position made for it, and every step of them sound at every position of
random killers (not only where a hint would pick them)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.logic import CandidateGrid, solve_path
from game.engine.logic.dead_ends import dead_end
from game.engine.logic.hint import DEAD_END, find_hint
from game.engine.logic.killer import deduced_cages
from game.engine.logic.step import AreaKind
from game.engine.logic.techniques.hidden_cages import SUBSET_RATING, cage_subset, hidden_cage
from game.engine.logic.techniques.rule_steps import sandwich_sum
from game.engine.rules import Cage, Constraint, RuleSet, Sandwich, Thermometer
from game.engine.shape import Shape
from game.engine.solver import Status

from .test_logic_variants import KILLER_SOLUTIONS
from .variant_helpers import random_cages

SHAPE = Shape.classic(9)
ALL = (1 << 9) - 1


def rules_of(*cages: Constraint) -> RuleSet:
    return RuleSet(SHAPE, cages)


def test_a_row_less_its_cages_is_a_hidden_cage_with_combinations() -> None:
    # Row 1: 6 (1+2+3) and 15 in r1c1-r1c6 leave r1c7-r1c9 adding up to 24: 7+8+9.
    rules = rules_of(Cage((0, 1, 2), 6), Cage((3, 4, 5), 15))
    grid = CandidateGrid.from_grid(SHAPE, [0] * 81, rules=rules)
    steps = list(hidden_cage(grid))
    step = next(s for s in steps if {c for c, _ in s.eliminations} == {6, 7, 8})
    assert {d for _, d in step.eliminations} == {1, 2, 3, 4, 5, 6}
    text = step.explanation
    assert "Row 1 adds up to 45" in text and "7+8+9" in text
    assert "The 24 hidden cage at r1c7, r1c8, r1c9 holds 3 different digits" in text
    kinds = [a.kind for a in step.areas]
    assert kinds == [AreaKind.HOUSE, AreaKind.CAGE]


def test_a_cage_sticking_out_of_a_row_splits_into_a_hidden_cage() -> None:
    # Row 1 is 6 + 15 + 24 in r1c1-r1c9 but for the 23 cage's r1c9: r1c9 is 45-(6+15+...)
    # Here the 30 cage holds r1c8, r1c9 and r2c8, r2c9: the row's innies r1c8+r1c9 = 45-6-15-7
    # = 17, so the cage's other cells r2c8+r2c9 add up to 30-17 = 13.
    rules = rules_of(
        Cage((0, 1, 2), 6),
        Cage((3, 4, 5), 15),
        Cage((6,), 7),
        Cage((7, 8, 16, 17), 30),
    )
    hidden = {(c.cells, c.total) for c in deduced_cages(rules)}
    assert ((7, 8), 17) in hidden
    assert ((16, 17), 13) in hidden


def test_cage_subset_keeps_only_combinations_without_a_common_digit() -> None:
    # The 10 at r1c1-r1c2 can be 1+9 or 2+8, the 9 at r1c3-r1c4 1+8 or 2+7: only 1+9 with
    # 2+7 share no digit, so 2 and 8 leave the 10, 1 and 8 the 9, and 1, 2, 7 and 9 the
    # rest of row 1.
    rules = rules_of(Cage((0, 1), 10), Cage((2, 3), 9))
    cands = [ALL] * 81
    cands[0] = cands[1] = 0b110000011  # 1, 2, 8, 9
    cands[2] = cands[3] = 0b011000011  # 1, 2, 7, 8
    grid = CandidateGrid(SHAPE, [0] * 81, cands, rules=rules)
    steps = list(cage_subset(grid))  # the drawn pair first; hidden cages (r1c5-r1c9) after
    assert [a.cells for a in steps[0].areas] == [(0, 1), (2, 3)]
    gone = set(steps[0].eliminations)
    assert {(0, 2), (0, 8), (1, 2), (1, 8), (2, 1), (2, 8), (3, 1), (3, 8)} <= gone
    assert {(4, 1), (8, 9), (5, 7), (6, 2)} <= gone
    assert not {(4, 3), (0, 1), (2, 2)} & gone
    text = steps[0].explanation
    assert "both lie in row 1" in text and "2+8 for the 10 goes" in text
    assert [a.index for a in steps[0].areas] == [0, 1]


def test_three_cages_make_a_subset_where_no_two_say_anything() -> None:
    # Three 10 cages in row 1 whose cells can hold 1, 2, 3, 7, 8, 9: each takes 1+9, 2+8
    # or 3+7, and no two of them can take the same, so together they take all three
    # pairs and hold 1, 2, 3, 7, 8 and 9; the rest of row 1 cannot. No two of the cages
    # alone say so: two may take any two of the three pairs.
    rules = rules_of(Cage((0, 1), 10), Cage((2, 3), 10), Cage((4, 5), 10))
    cands = [ALL] * 81
    for cell in range(6):
        cands[cell] = 0b111000111  # 1, 2, 3, 7, 8, 9
    grid = CandidateGrid(SHAPE, [0] * 81, cands, rules=rules)
    steps = list(cage_subset(grid))
    assert [a.cells for a in steps[0].areas] == [(0, 1), (2, 3), (4, 5)]
    assert [a.index for a in steps[0].areas] == [0, 1, 2]
    assert set(steps[0].eliminations) == {(c, d) for c in (6, 7, 8) for d in (1, 2, 3, 7, 8, 9)}
    text = steps[0].explanation
    assert "all lie in row 1" in text and "one per cage" in text
    assert "the three cages hold 1 (in r1c1" in text
    assert steps[0].rating > SUBSET_RATING  # a pair's, without hidden cages
    roles = {m.cell: m.role for m in steps[0].marks}
    assert len({roles[0], roles[2], roles[4]}) == 3  # each cage in its own colour


def test_cage_subset_is_silent_on_cages_that_do_not_see_each_other() -> None:
    rules = rules_of(Cage((0, 1), 10), Cage((79, 80), 9))
    cands = [ALL] * 81
    cands[0] = cands[1] = 0b110000011
    cands[79] = cands[80] = 0b011000011
    assert not list(cage_subset(CandidateGrid(SHAPE, [0] * 81, cands, rules=rules)))


def test_a_broken_cage_is_named_with_the_cell_that_breaks_it() -> None:
    # Row 1 holds 8 and 9 (r1c4, r1c5), so r1c1 has only 1-7; the 17 cage r1c1+r2c2 needs
    # 8+9, one of them in r1c1.
    rules = rules_of(Cage((0, 10), 17))
    values = [0] * 81
    values[3], values[4] = 8, 9
    grid = CandidateGrid.from_grid(SHAPE, values, rules=rules)
    found = dead_end(grid)
    assert found is not None
    assert found.reason == (
        "the 17 cage at r1c1, r2c2 has no combination left: "
        "8+9 needs 8 or 9 in r1c1, which has only 1-7"
    )
    assert found.cells == (0, 10)
    hint = find_hint(
        SHAPE, [0] * 81, values, [0] * 81, None, unique=False, status=Status.MULTIPLE, rules=rules
    )
    assert hint.kind == "dead-end" and hint.step is not None
    assert hint.step.technique == DEAD_END and "17 cage" in hint.message
    assert not hint.step.placements and not hint.step.eliminations


def test_a_broken_thermometer_and_a_sound_position_are_told_apart() -> None:
    rules = rules_of(Thermometer((0, 1, 2)))
    values = [0] * 81
    values[2] = 2  # the tube's top is 2: the two cells below need 1 and less
    broken = dead_end(CandidateGrid.from_grid(SHAPE, values, rules=rules))
    assert broken is not None and "r1c1" in broken.reason
    fine = CandidateGrid.from_grid(SHAPE, [0] * 81, rules=rules_of(Cage((0, 1), 10)))
    assert dead_end(fine) is None


@settings(max_examples=5, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 5))
def test_hidden_cages_and_cage_subsets_are_sound_at_every_position(
    rng: random.Random, largest: int
) -> None:
    solution = tuple(int(c) for c in rng.choice(KILLER_SOLUTIONS))
    cages = random_cages(solution, rng, largest)
    rules = RuleSet(SHAPE, cages)
    grid = CandidateGrid.from_grid(SHAPE, [0] * 81, rules=rules)
    for cage in deduced_cages(rules):
        assert sum(solution[c] for c in cage.cells) == cage.total, cage.origin
    path = solve_path(grid, unique=True, max_steps=30)
    position = grid
    for step in (None, *path.steps):
        if step is not None:
            position = position.apply(step.placements, step.eliminations)
        assert dead_end(position) is None
        for found in (*hidden_cage(position), *cage_subset(position)):
            assert all(solution[c] == d for c, d in found.placements), found.explanation
            assert all(solution[c] != d for c, d in found.eliminations), found.explanation


def test_a_sandwich_of_35_puts_its_crusts_at_the_ends() -> None:
    rules = rules_of(Sandwich(tuple(range(9)), 35))
    steps = list(sandwich_sum(CandidateGrid.from_grid(SHAPE, [0] * 81, rules=rules)))
    assert len(steps) == 1
    gone = set(steps[0].eliminations)
    assert {(c, d) for c in range(1, 8) for d in (1, 9)} <= gone
    assert {(0, d) for d in range(2, 9)} <= gone and (0, 1) not in gone
    assert "can only sit at r1c1 and r1c9" in steps[0].explanation
