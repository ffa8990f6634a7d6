"""Two digits trading places: read off the solution, checked against the solver's search."""

from __future__ import annotations

import random

import pytest

from game.engine import solver
from game.engine.generation.grids import random_solution
from game.engine.rules import AntiKing, Diagonal, ExtraRegion, Palindrome, RuleSet
from game.engine.shape import Shape

CLASSIC = Shape.classic(9)
WINDOWS = tuple(
    ExtraRegion(tuple(r * 9 + c for r in range(top, top + 3) for c in range(left, left + 3)))
    for top in (1, 5)
    for left in (1, 5)
)
RULES = {
    "classic": RuleSet(CLASSIC),
    "windoku": RuleSet(CLASSIC, WINDOWS),
    "x": RuleSet(CLASSIC, (Diagonal.of(9), Diagonal.of(9, anti=True))),
    "anti-king": RuleSet(CLASSIC, (AntiKing(),)),
    # Links between different digits: a palindrome ties its ends to the same digit.
    "palindrome": RuleSet(CLASSIC, (Palindrome((0, 10, 20, 30, 40, 50, 60)),)),
}


def _trade_by_search(
    rules: RuleSet, grid: list[int], cleared: list[tuple[int, int]], known: tuple[int, ...]
) -> bool:
    """Whether some solution differs from ``known`` only where it holds a cleared
    digit and one other, and in a cleared cell: each pair of digits searched with
    the rest of the grid filled in, as the solver would have to."""
    for _cell, digit in cleared:
        for other in range(1, 10):
            if other == digit:
                continue
            pair = (digit, other)
            filled = [g if k in pair else k for g, k in zip(grid, known, strict=True)]
            moved = [(c, d) for c, d in cleared if d in pair]
            if solver.other_solution(rules, filled, moved) is not None:
                return True
    return False


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_trade_is_found_exactly_where_the_search_finds_one(name: str) -> None:
    rules = RULES[name]
    found = missed = 0
    for seed in range(12):
        rng = random.Random(seed)
        known = random_solution(rules, rng)
        assert rules.is_solution(known)
        grid = list(known)
        # Dig as a generator does, stopping at random, then clear one clue more.
        order = rng.sample(range(81), 81)
        for cell in order[: rng.randrange(30, 81)]:
            grid[cell] = 0
            if solver.other_solution(rules, grid, [(cell, known[cell])]) is not None:
                grid[cell] = known[cell]
        kept = [cell for cell in order if grid[cell]]
        if not kept:
            continue
        cell = rng.choice(kept)
        grid[cell] = 0
        cleared = [(cell, known[cell])]
        traded = solver.swapped_solution(rules, grid, cleared, known)
        assert (traded is not None) == _trade_by_search(rules, grid, cleared, known)
        if traded is None:
            missed += 1
            continue
        found += 1
        assert rules.is_solution(traded, grid)
        assert traded[cell] != known[cell]
        moved = {known[c] for c in range(81) if traded[c] != known[c]}
        assert len(moved) == 2 and known[cell] in moved
    assert found and missed  # both answers were met


def test_a_palindrome_keeps_its_ends_from_trading_apart() -> None:
    # Two cells of a palindrome's ends hold the same digit: trading one alone would
    # break the line, so a set holding one holds the other, or is never offered.
    rules = RULES["palindrome"]
    known = random_solution(rules, random.Random(5))
    assert known[0] == known[60]
    cleared = [(cell, known[cell]) for cell in range(81)]
    traded = solver.swapped_solution(rules, [0] * 81, cleared, known)
    assert traded is not None and rules.is_solution(traded)
    assert traded[0] == traded[60]
