"""The rules model and the solver on rule sets, checked against brute force.

Every 4x4 classic grid is enumerated once (there are 288); a rule set's solutions are
then exactly those grids its independent check (``RuleSet.is_solution``, which shares
no code with the solver) accepts.  Random constraints of every kind, alone and
combined, must give the solver the same count and only grids from that list.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import solver
from game.engine.errors import InvalidPuzzleError
from game.engine.houses import HouseKind
from game.engine.puzzle import Puzzle
from game.engine.rules import (
    RULE_TYPES,
    VARIANTS,
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    Between,
    Cage,
    Clone,
    Constraint,
    Diagonal,
    DisjointGroups,
    ExtraRegion,
    Extreme,
    Kropki,
    LittleKiller,
    Negative,
    NonConsecutive,
    Palindrome,
    Parity,
    Quadruple,
    Renban,
    RuleSet,
    Sandwich,
    Thermometer,
    Whisper,
    rule_type,
)
from game.engine.rules.constraints import ALL_TYPES, orthogonal_pairs
from game.engine.shape import Shape

SHAPE = Shape.classic(4)
N = 4


@cache
def all_grids() -> tuple[tuple[int, ...], ...]:
    """Every solved classic 4x4 grid, by brute force over row permutations."""
    rows = list(itertools.permutations(range(1, N + 1)))
    found = []
    for grid in itertools.product(rows, repeat=N):
        cells = tuple(d for row in grid for d in row)
        if RuleSet(SHAPE).is_solution(cells):
            found.append(cells)
    return tuple(found)


def test_there_are_288_classic_4x4_grids() -> None:
    assert len(all_grids()) == 288


def neighbours(cell: int) -> list[int]:
    r, c = divmod(cell, N)
    return [
        nr * N + nc
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= nr < N and 0 <= nc < N
    ]


def walk(rng: random.Random, length: int, diagonal: bool = False) -> tuple[int, ...]:
    """A random path of distinct touching cells."""
    for _ in range(50):
        path = [rng.randrange(N * N)]
        while len(path) < length:
            r, c = divmod(path[-1], N)
            steps = [(0, 1), (1, 0), (0, -1), (-1, 0)]
            if diagonal:
                steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            options = [
                (r + dr) * N + c + dc
                for dr, dc in steps
                if 0 <= r + dr < N and 0 <= c + dc < N and (r + dr) * N + c + dc not in path
            ]
            if not options:
                break
            path.append(rng.choice(options))
        if len(path) == length:
            return tuple(path)
    return tuple(path)


def random_rule(rng: random.Random, grid: tuple[int, ...]) -> Constraint:
    """A random constraint; sums and quadruples are read off ``grid`` so that they can
    be made (the others may leave no solution at all, which the test checks too)."""
    kind = rng.choice(ALL_TYPES)
    a = rng.randrange(N * N)
    b = rng.choice(neighbours(a))
    if kind is Cage:
        cells = tuple(sorted(set(walk(rng, rng.randint(1, 3)))))
        if len({grid[c] for c in cells}) < len(cells):
            cells = cells[:1]
        return Cage(cells, sum(grid[c] for c in cells) if rng.random() < 0.8 else None)
    if kind is LittleKiller:
        cells = tuple(r * N + r for r in range(rng.randint(1, N)))
        return LittleKiller(cells, sum(grid[c] for c in cells))
    if kind is Sandwich:
        row = rng.randrange(N)
        cells = tuple(range(row * N, row * N + N))
        digits = [grid[c] for c in cells]
        i, j = sorted((digits.index(1), digits.index(N)))
        return Sandwich(cells, sum(digits[i + 1 : j]))
    if kind is Arrow:
        path = walk(rng, rng.randint(2, 3), diagonal=True)
        return Arrow(path[:1], path[1:])
    if kind is Thermometer:
        return Thermometer(walk(rng, rng.randint(2, 3), diagonal=True))
    if kind is Kropki:
        return Kropki(a, b, rng.random() < 0.5)
    if kind is XV:
        return XV(a, b, rng.choice((5, 10)))
    if kind is Negative:
        rule = rng.choice(("kropki", "xv", "white", "black", "x", "v"))
        pairs = list(orthogonal_pairs(N))
        return Negative(rule, frozenset(rng.sample(pairs, rng.randint(0, 6))))
    if kind is Parity:
        return Parity(a, grid[a] % 2 == 0)
    if kind is Extreme:
        return Extreme(a, rng.random() < 0.5)
    if kind is Quadruple:
        top = rng.randrange(N - 1) * N + rng.randrange(N - 1)
        cells = (top, top + 1, top + N, top + N + 1)
        return Quadruple(cells, tuple(sorted(rng.sample([grid[c] for c in cells], 2))))
    if kind is Clone:
        return Clone((a,), (b,))
    if kind is Palindrome:
        return Palindrome(walk(rng, 3, diagonal=True))
    if kind is Renban:
        return Renban(walk(rng, rng.randint(2, 3), diagonal=True))
    if kind is Whisper:
        return Whisper(walk(rng, 3, diagonal=True), 2)
    if kind is Between:
        return Between(walk(rng, 3, diagonal=True))
    if kind is Diagonal:
        return Diagonal.of(N, anti=rng.random() < 0.5)
    if kind is ExtraRegion:
        top = rng.randrange(N - 1) * N + rng.randrange(N - 1)
        return ExtraRegion((top, top + 1, top + N, top + N + 1))
    if kind is DisjointGroups:
        return DisjointGroups.of(N, 2, 2)
    if kind is NonConsecutive:
        return NonConsecutive()
    if kind is AntiKnight:
        return AntiKnight()
    assert kind is AntiKing
    return AntiKing()


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 4), st.floats(0.0, 0.6))
def test_the_solver_agrees_with_brute_force_on_random_rule_sets(
    rng: random.Random, count: int, keep: float
) -> None:
    grid = rng.choice(all_grids())
    rules = tuple(random_rule(rng, grid) for _ in range(count))
    ruleset = RuleSet(SHAPE, rules)
    givens = [d if rng.random() < keep else 0 for d in grid]
    expected = [g for g in all_grids() if ruleset.is_solution(g, givens)]
    analysis = solver.settle(ruleset, givens, limit=300)
    verdict = {0: solver.Status.NONE, 1: solver.Status.UNIQUE}.get(
        len(expected), solver.Status.MULTIPLE
    )
    assert analysis.status is verdict, rules
    assert set(analysis.solutions) <= set(expected)
    assert len(set(analysis.solutions)) == min(len(expected), 300)
    assert solver.count_solutions(ruleset, givens, limit=2) == min(len(expected), 2)


def test_a_rule_set_without_constraints_is_searched_as_its_shape() -> None:
    assert solver.bitboard(RuleSet(SHAPE)) is solver.bitboard(SHAPE)


def test_givens_that_break_a_constraint_are_refused_with_the_rule_named() -> None:
    with pytest.raises(InvalidPuzzleError, match="thermometer"):
        Puzzle(SHAPE, (3, 2) + (0,) * 14, (Thermometer((0, 1)),))


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        (Cage((0, 5), 3), "not connected"),
        (Cage((0, 1), 9), "cannot add up to 9"),
        (Thermometer((0, 2)), "touching"),
        (Kropki(0, 5, True), "do not touch"),
        (Cage((0, 99), 3), "outside"),
    ],
)
def test_bad_constraints_get_a_located_message(rule: Constraint, words: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=words):
        Puzzle(SHAPE, (0,) * 16, (rule,))


def test_houses_carry_their_kind() -> None:
    rules = RuleSet(Shape.classic(9), VARIANTS["x"].rules(Shape.classic(9)))
    kinds = [house.kind for house in rules.houses]
    assert kinds.count(HouseKind.DIAGONAL) == 2
    assert rules.houses[-1].name == "diagonal 2"
    assert len(rules.peers[0]) == 20 + 6  # the main diagonal adds six new peers to r1c1


def test_windoku_adds_four_windows_and_relabelling_survives_only_digit_free_rules() -> None:
    shape = Shape.classic(9)
    windoku = RuleSet(shape, VARIANTS["windoku"].rules(shape))
    assert [h.kind for h in windoku.houses].count(HouseKind.EXTRA) == 4
    assert windoku.relabels and not windoku.uniqueness_sound
    assert not RuleSet(shape, (Thermometer((0, 1, 2)),)).relabels


def test_every_constraint_type_is_registered_once_with_a_sentence() -> None:
    registered = [entry.constraint for entry in RULE_TYPES.values()]
    assert sorted(t.__name__ for t in registered) == sorted(t.__name__ for t in ALL_TYPES)
    assert all(entry.sentence.endswith(".") for entry in RULE_TYPES.values())
    assert rule_type(AntiKnight()).name == "anti-knight"


def test_broken_rules_name_their_cells() -> None:
    rules = RuleSet(SHAPE, (Cage((0, 1), 3), AntiKing()))
    grid = [2, 2] + [0] * 14
    broken = rules.broken(grid)
    assert broken[0] == broken[1] == ("cage", "anti-king")  # a repeat, a sum, a king step
    grid = [1, 0, 0, 0, 0, 1] + [0] * 10
    assert rules.broken(grid) == {0: ("anti-king",), 5: ("anti-king",)}
