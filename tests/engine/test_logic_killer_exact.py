"""The killer logic's fast paths give exactly what the plain definitions give.

The sums and cage combinations are searched with shortcuts (states instead of every
way, one matching per combination, memos along a solve); each is checked here against
a brute-force count on small random cases, and the memos against fresh answers.
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.logic import CandidateGrid
from game.engine.logic.killer import fit, pairs_apart, sum_fit, support_of
from game.engine.logic.techniques.cages import cage_claiming, cage_pointing
from game.engine.logic.techniques.innies import innies_and_outies
from game.engine.rules import Cage, Diagonal, RuleSet
from game.engine.rules.constraints import combinations
from game.engine.shape import Shape

from .test_logic_variants import KILLER_SOLUTIONS
from .variant_helpers import random_cages

SHAPE = Shape.classic(9)


def _digits(mask: int) -> list[int]:
    return [d for d in range(1, 10) if mask >> (d - 1) & 1]


def brute_sum(
    plus: tuple[int, ...], minus: tuple[int, ...], total: int, apart: frozenset[tuple[int, int]]
) -> tuple[int, ...] | None:
    """Every way, one by one: the definition of a sum's support."""
    masks = plus + minus
    support = [0] * len(masks)
    for way in itertools.product(*(_digits(m) for m in masks)):
        if sum(way[: len(plus)]) - sum(way[len(plus) :]) != total:
            continue
        if any(way[i] == way[j] for i, j in apart):
            continue
        for k, d in enumerate(way):
            support[k] |= 1 << (d - 1)
    return tuple(support) if any(support) else None


masks_st = st.integers(min_value=1, max_value=511)


@settings(max_examples=300, deadline=None)
@given(
    plus=st.lists(masks_st, min_size=0, max_size=4),
    minus=st.lists(masks_st, min_size=0, max_size=2),
    total=st.integers(min_value=-10, max_value=30),
    seed=st.integers(min_value=0, max_value=2**16),
)
def test_sum_support_is_every_way_counted(
    plus: list[int], minus: list[int], total: int, seed: int
) -> None:
    count = len(plus) + len(minus)
    if not count:
        return
    rng = random.Random(seed)
    apart = frozenset(
        pair for pair in itertools.combinations(range(count), 2) if rng.random() < 0.5
    )
    if not apart:
        apart = frozenset({(0, 1)}) if count > 1 else apart
    ways = 1
    for mask in plus + minus:
        ways *= mask.bit_count()
    if ways > 4096 and count > 1:
        return  # narrowed by its totals alone there (sound, looser): not this test's
    got = sum_fit(tuple(plus), tuple(minus), total, 9, apart)
    assert got == brute_sum(tuple(plus), tuple(minus), total, apart)


def brute_fit(masks: tuple[int, ...], total: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The fitting combinations and supports of a cage, from every way of filling it."""
    fitting: set[int] = set()
    support = [0] * len(masks)
    for way in itertools.product(*(_digits(m) for m in masks)):
        if len(set(way)) != len(way) or sum(way) != total:
            continue
        fitting.add(sum(1 << (d - 1) for d in way))
        for k, d in enumerate(way):
            support[k] |= 1 << (d - 1)
    every = combinations(len(masks), total, 9)
    return tuple(c for c in every if c in fitting), tuple(support)


@settings(max_examples=300, deadline=None)
@given(masks=st.lists(masks_st, min_size=1, max_size=5), total=st.integers(1, 40))
def test_cage_fit_is_every_way_counted(masks: list[int], total: int) -> None:
    found = fit(tuple(masks), total, 9)
    fitting, support = brute_fit(tuple(masks), total)
    assert found.fitting == fitting
    assert found.support == support
    assert support_of(tuple(masks), found.every) == support
    required = -1
    for combo in fitting:
        required &= combo
    assert found.required == (required if fitting else 0)


def test_cage_narrowing_gives_a_fresh_list_each_time() -> None:
    cage = Cage((0, 1), 4)
    first = cage.narrow([0b111111111, 0b111111111], 9)
    assert first == [0b101, 0b101]
    assert first is not None
    first[0] = 0
    assert cage.narrow([0b111111111, 0b111111111], 9) == [0b101, 0b101]


def _walk(grid: CandidateGrid, steps: int) -> list[CandidateGrid]:
    """Positions one innie step apart (the first innie step each time)."""
    seen = [grid]
    for _ in range(steps):
        step = next(iter(innies_and_outies(seen[-1])), None)
        if step is None:
            break
        seen.append(seen[-1].apply(step.placements, step.eliminations))
    return seen


def _texts(grid: CandidateGrid) -> list[tuple[str, object, object]]:
    return [(s.explanation, s.placements, s.eliminations) for s in innies_and_outies(grid)]


def test_innies_along_a_solve_match_fresh_answers() -> None:
    """Asked one position after another (the memo at work), each answer is the one the
    position gives asked first (after a position of other rules)."""
    rng = random.Random(7)
    solution = tuple(int(c) for c in KILLER_SOLUTIONS[0])
    cages = tuple(random_cages(solution, rng, largest=4))
    rules = RuleSet(SHAPE, cages)
    other = RuleSet(SHAPE, (Cage((0, 1), 3),))
    blank = CandidateGrid.from_grid(SHAPE, [0] * 81, rules=other)
    start = CandidateGrid.from_grid(SHAPE, [0] * 81, rules=rules)
    path = _walk(start, 12)
    assert len(path) > 3  # the layout gives innie steps to walk
    along = [_texts(grid) for grid in path]
    # Back and forth, and half-read answers, must not leave a stale memo behind.
    for grid in reversed(path):
        next(iter(innies_and_outies(grid)), None)
    for grid, expected in zip(path, along, strict=True):
        list(innies_and_outies(blank))
        assert _texts(grid) == expected


def test_claiming_and_pointing_steps_are_sound_on_random_cages() -> None:
    rng = random.Random(11)
    for text in KILLER_SOLUTIONS[:3]:
        solution = tuple(int(c) for c in text)
        cages = tuple(random_cages(solution, rng, largest=5))
        grid = CandidateGrid.from_grid(SHAPE, [0] * 81, rules=RuleSet(SHAPE, cages))
        for finder in (cage_pointing, cage_claiming):
            for step in finder(grid):
                for cell, digit in step.eliminations:
                    assert solution[cell] != digit, step.explanation


def test_pairs_apart_reads_houses_and_cages() -> None:
    rules = RuleSet(SHAPE, (Cage((0, 10), 5),))
    # r1c1-r1c2 share a row; r1c1-r2c2 share a box and the cage; r1c2-r9c9 nothing.
    assert pairs_apart(rules, (0, 1, 10, 80)) == frozenset({(0, 1), (0, 2), (1, 2)})


def test_grids_of_other_sizes_without_cages_share_no_memo() -> None:
    """Rule sets without cages all have the same empty tables: asking about a 4x4 grid
    after a 9x9 one must not mix them up."""
    for size in (9, 4, 6, 9):
        shape = Shape.classic(size)
        rules = RuleSet(shape, (Diagonal.of(size),))
        grid = CandidateGrid.from_grid(shape, [0] * (size * size), rules=rules)
        for finder in (cage_pointing, cage_claiming, innies_and_outies):
            assert not list(finder(grid))
