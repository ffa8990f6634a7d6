"""Killer cage drawing: the cheap searches that refuse tilings and merges breaking
uniqueness, and the cell moves between cages that keep a cage set whole."""

from __future__ import annotations

import random

import pytest

from game.cli import main
from game.engine import solver
from game.engine.formats.solo import format_solo, parse_solo
from game.engine.generation import killer
from game.engine.generation.grids import random_solution
from game.engine.generator import available_levels, generate
from game.engine.logic.registry import Level
from game.engine.rules import Cage, RuleSet
from game.engine.shape import Shape

SHAPE = Shape.classic(9)


def _rectangle(solution: tuple[int, ...]) -> tuple[int, int, int] | None:
    """(row, left column, right column) of two vertical dominoes whose digits can swap:
    rows ``row`` and ``row + 1`` in one band, the columns in two stacks."""
    for row in range(8):
        if row % 3 == 2:
            continue
        for left in range(9):
            for right in range(left + 1, 9):
                if left // 3 == right // 3:
                    continue
                top_l, top_r = solution[row * 9 + left], solution[row * 9 + right]
                low_l, low_r = solution[row * 9 + 9 + left], solution[row * 9 + 9 + right]
                if top_l == low_r and top_r == low_l:
                    return row, left, right
    return None


def _found() -> tuple[tuple[int, ...], int, int, int]:
    rng = random.Random(5)
    while True:
        solution = random_solution(SHAPE, rng)
        found = _rectangle(solution)
        if found is not None:
            return (solution, *found)


def _killer(solution: tuple[int, ...], groups: list[list[int]]) -> RuleSet:
    cages = tuple(Cage(tuple(cells), sum(solution[c] for c in cells)) for cells in groups)
    return RuleSet(SHAPE, cages)


def test_a_swappable_rectangle_is_found_near_the_solution() -> None:
    solution, row, left, right = _found()
    pairs = [[row * 9 + left, row * 9 + 9 + left], [row * 9 + right, row * 9 + 9 + right]]
    paired = {c for pair in pairs for c in pair}
    alone = [[c] for c in range(81) if c not in paired]
    rules = _killer(solution, pairs + alone)
    assert solver.count_solutions(rules, (0,) * 81) == 2
    assert killer._ambiguous(rules, solution, pairs[0])
    assert killer._ambiguous(rules, solution, pairs[0] + pairs[1] + pairs[0])  # a batch's
    assert killer._ambiguous_tiling(rules)  # such a tiling is drawn again
    # Split again into single cells the same killer is unique, and nothing is found.
    unique = _killer(solution, [[c] for c in sorted(paired)] + alone)
    assert solver.count_solutions(unique, (0,) * 81) == 1
    assert not killer._ambiguous(unique, solution, pairs[0])
    assert not killer._ambiguous(unique, solution, pairs[0] + pairs[0])
    assert not killer._ambiguous_tiling(unique)


def test_moves_keep_cages_whole_and_their_digits_distinct() -> None:
    rng = random.Random(3)
    solution = random_solution(SHAPE, rng)
    owner = killer._dominoes(9, rng)
    groups: dict[int, list[int]] = {}
    for cell, cage in enumerate(owner):
        groups.setdefault(cage, []).append(cell)
    assert not killer._transfers(9, groups, solution, 6)  # a domino would leave one cell
    for a, b in killer._touching_cages(9, groups)[:30]:  # some cages of three and four
        union = killer._merged(groups, a, b, solution, 4)
        if union is not None:
            del groups[b]
            groups[a] = union
    moves = killer._transfers(9, groups, solution, 6)
    assert moves
    for cell, source, target in moves:
        assert cell in groups[source] and len(groups[source]) >= 3  # two cells stay
        left = [c for c in groups[source] if c != cell]
        assert killer._connected(left, 9)
        assert solution[cell] not in {solution[c] for c in groups[target]}
        row, col = divmod(cell, 9)
        touching = {c for c in groups[target] if abs(c // 9 - row) + abs(c % 9 - col) == 1}
        assert touching
    # A cage of three in an L keeps its corner: the corner holds the two ends together.
    assert not killer._connected([0, 10], 9)
    assert killer._connected([0, 1, 10], 9)


def test_six_by_six_killers_stop_at_medium(capsys: pytest.CaptureFixture[str]) -> None:
    """Past Medium a 6x6 killer took minutes to find, so it is not offered, and asking
    for one is a clear refusal rather than a long wait."""
    assert available_levels("killer", 6) == (Level.EASY, Level.MEDIUM)
    assert Level.HARD in available_levels("killer", 9)
    assert main(["generate", "--variant", "killer", "--size", "6", "--level", "hard"]) == 2
    assert "killer 6x6 puzzles go up to Medium, not Hard" in capsys.readouterr().err


@pytest.mark.parametrize(("size", "seed"), [(9, 1000), (9, 1001), (6, 1000)])
def test_killers_above_easy_have_no_one_cell_cage(size: int, seed: int) -> None:
    """A one-cell cage is a given in disguise, and Solo's game IDs cannot hold one:
    above Easy every cage has two cells or more, so every such killer has a Solo ID."""
    made = generate("killer", size, Level.MEDIUM, seed=seed)
    cages = [rule for rule in made.puzzle.constraints if isinstance(rule, Cage)]
    assert cages and min(len(cage.members) for cage in cages) >= 2
    back = parse_solo(format_solo(made.puzzle)).puzzle
    assert set(back.constraints) == set(made.puzzle.constraints)
