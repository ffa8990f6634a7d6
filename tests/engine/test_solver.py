"""The exact solver, checked against an independent validity check and brute force."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import solver
from game.engine.generation.digging import second_solution
from game.engine.puzzle import Puzzle
from game.engine.rules import candidates, conflicts, is_solution
from game.engine.shape import Shape

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
COURSE_LAYOUT = "001111222000011222003411122033445552333444555633344558667774588666778888666777788"
COURSE_MAP = "682543791149276358735691842524318976963487125478152639251769483817935264396824517"
COURSE_GIVENS = ".8......11....63.........4....3.8.7.....8.....7.1.2....5.........79....43......1."
NORVIG_HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."


def brute_count(shape: Shape, grid: list[int], limit: int) -> int:
    """Plain backtracking on legal candidates: slow, obvious, and independent."""
    cands = candidates(shape, grid)
    empty = [c for c in range(len(grid)) if not grid[c]]
    if not empty:
        return 1
    cell = min(empty, key=lambda c: bin(cands[c]).count("1"))
    total = 0
    for digit in range(1, shape.size + 1):
        if cands[cell] >> (digit - 1) & 1:
            grid[cell] = digit
            total += brute_count(shape, grid, limit - total)
            grid[cell] = 0
            if total >= limit:
                break
    return total


def test_classic_puzzle_has_its_known_unique_solution() -> None:
    puzzle = Puzzle.from_string(CLASSIC)
    analysis = solver.analyse(puzzle)
    assert analysis.status is solver.Status.UNIQUE
    assert analysis.solution is not None
    assert is_solution(puzzle.shape, analysis.solution, puzzle.givens)


def test_jigsaw_course_map_solves_to_the_published_solution() -> None:
    puzzle = Puzzle.from_string(COURSE_GIVENS, regions=COURSE_LAYOUT)
    analysis = solver.analyse(puzzle)
    assert analysis.status is solver.Status.UNIQUE
    assert "".join(map(str, analysis.solution or ())) == COURSE_MAP


def test_multiple_solutions_are_listed_up_to_the_limit() -> None:
    puzzle = Puzzle.from_string(NORVIG_HARD1)
    found = solver.solutions(puzzle.shape, puzzle.givens, limit=5)
    assert len(found) == 5
    assert len(set(found)) == 5
    assert all(is_solution(puzzle.shape, s, puzzle.givens) for s in found)
    assert solver.status(puzzle.shape, puzzle.givens) is solver.Status.MULTIPLE


def test_no_solution_without_a_visible_conflict() -> None:
    # The course map plus a wrong 4 at r1c1: no rule broken, but unsolvable.
    givens = "48" + COURSE_GIVENS[2:]
    puzzle = Puzzle.from_string(givens, regions=COURSE_LAYOUT)
    assert solver.analyse(puzzle).status is solver.Status.NONE


def test_conflicting_grid_has_no_solution() -> None:
    grid = [0] * 81
    grid[0] = grid[1] = 5
    assert solver.solutions(Shape.classic(9), grid) == []


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16, 25])
def test_empty_grids_of_every_size_have_many_solutions(size: int) -> None:
    shape = Shape.classic(size)
    found = solver.solutions(shape, [0] * (size * size), limit=2)
    assert len(found) == 2
    assert all(is_solution(shape, s) for s in found)


def test_full_valid_grid_is_its_own_unique_solution() -> None:
    grid = [int(c) for c in COURSE_MAP]
    shape = Shape.from_regions(COURSE_LAYOUT)
    assert solver.solutions(shape, grid) == [tuple(grid)]


def test_node_limit_stops_a_long_search() -> None:
    with pytest.raises(solver.SearchLimitReached):
        solver.solutions(Shape.classic(16), [0] * 256, limit=10_000, node_limit=3)


def test_candidates_narrow_the_search_to_a_position() -> None:
    # NORVIG_HARD1 has many solutions; the candidates of one of them, with no digit
    # placed, leave that one alone (no relabelling of digits absent from the grid).
    puzzle = Puzzle.from_string(NORVIG_HARD1)
    first, second = solver.solutions(puzzle.shape, puzzle.givens, limit=2)
    only = [
        0 if given else 1 << (digit - 1) for given, digit in zip(puzzle.givens, first, strict=True)
    ]
    pinned = solver.settle(puzzle.shape, puzzle.givens, candidates=only)
    assert pinned.status is solver.Status.UNIQUE and pinned.solutions == (first,)
    both = [a | 1 << (digit - 1) for a, digit in zip(only, second, strict=True)]
    assert (
        solver.settle(puzzle.shape, puzzle.givens, candidates=both).status is solver.Status.MULTIPLE
    )
    empty = next(cell for cell, given in enumerate(puzzle.givens) if not given)
    none = [0 if cell == empty else mask for cell, mask in enumerate(both)]
    assert solver.settle(puzzle.shape, puzzle.givens, candidates=none).status is solver.Status.NONE
    # On an empty grid every digit is absent, yet the candidates tell them apart.
    shape = Shape.classic(4)
    grid = solver.solutions(shape, [0] * 16, limit=1)[0]
    alone = solver.settle(shape, [0] * 16, candidates=[1 << (d - 1) for d in grid])
    assert alone.status is solver.Status.UNIQUE and alone.solutions == (grid,)


SHAPES = [Shape.classic(4), Shape.classic(6), Shape.classic(9), Shape.from_regions(COURSE_LAYOUT)]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SHAPES), st.randoms(use_true_random=False), st.floats(0.3, 0.7))
def test_counts_agree_with_brute_force(shape: Shape, rng: random.Random, keep: float) -> None:
    n = shape.size
    full = solver.solutions(shape, _random_seeds(shape, rng), limit=1)
    if not full:
        return
    grid = [d if rng.random() < keep else 0 for d in full[0]]
    if rng.random() < 0.3:  # sometimes a wrong digit, to reach "none"
        cell = rng.randrange(n * n)
        grid[cell] = rng.randint(1, n)
    if conflicts(shape, grid):
        assert solver.count_solutions(shape, grid, 3) == 0
        return
    found = solver.solutions(shape, grid, limit=3)
    assert len(found) == brute_count(shape, list(grid), 3)
    assert all(is_solution(shape, s, grid) for s in found)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SHAPES), st.randoms(use_true_random=False), st.integers(1, 4))
def test_another_solution_is_found_exactly_when_a_removal_breaks_uniqueness(
    shape: Shape, rng: random.Random, width: int
) -> None:
    # Dig a unique puzzle as a generator does, then clear a group of clues: the
    # grid has several solutions exactly when one differs in those cells.
    dug = _dug_then_cleared(shape, rng, width)
    if dug is None:
        return
    solution, grid, cleared = dug
    other = solver.other_solution(shape, grid, cleared)
    assert (other is None) == (brute_count(shape, list(grid), 2) == 1)
    assert solver.other_solution(shape, grid, [*cleared, *cleared]) == other  # once each
    if other is not None:
        assert is_solution(shape, other, grid)
        assert any(other[cell] != digit for cell, digit in cleared)
    # A swap found is such a solution too, where two digits, one of them cleared,
    # trade places (one in six of these grids has one).
    swapped = solver.swapped_solution(shape, grid, cleared, solution)
    if swapped is not None:
        assert other is not None and is_solution(shape, swapped, grid)
        assert any(swapped[cell] != digit for cell, digit in cleared)
        moved = {solution[cell] for cell in range(shape.cells) if swapped[cell] != solution[cell]}
        assert len(moved) == 2 and moved & {digit for _cell, digit in cleared}


def test_a_swapped_solution_is_found_where_two_digits_can_trade() -> None:
    # On an open grid any two digits may trade places everywhere.
    shape = Shape.classic(4)
    known = solver.solutions(shape, [0] * 16, limit=1)[0]
    cleared = [(cell, known[cell]) for cell in range(16)]
    swapped = solver.swapped_solution(shape, [0] * 16, cleared, known)
    assert swapped is not None and is_solution(shape, swapped, [0] * 16)
    assert len({known[cell] for cell in range(16) if swapped[cell] != known[cell]}) == 2
    # A unique grid has none.
    assert solver.swapped_solution(shape, list(known), [], known) is None


def test_a_second_solution_says_what_the_search_alone_says() -> None:
    # Digging looks among two-digit trades first; whatever it finds, a
    # removal's verdict is the budgeted search's, also where the budget decides it
    # (the search alone refuses what a longer one keeps: rare, so clues are scanned
    # on digs of several seeds until such removals were met).
    shape = Shape.classic(9)
    decided_by_budget = 0
    for seed in range(60):
        rng = random.Random(seed)
        solution = solver.solutions(shape, _random_seeds(shape, rng), limit=1)[0]
        grid = list(solution)
        for cell in rng.sample(range(81), 81)[: rng.randrange(40, 81)]:
            grid[cell] = 0
            if solver.other_solution(shape, grid, [(cell, solution[cell])]) is not None:
                grid[cell] = solution[cell]
        for cell in [cell for cell, digit in enumerate(grid) if digit]:
            fewer = list(grid)
            fewer[cell] = 0
            cleared = [(cell, solution[cell])]
            unbounded = _keeps(solver.other_solution, shape, fewer, cleared)
            for limit in (0, 1, 3):
                alone = _keeps(solver.other_solution, shape, fewer, cleared, node_limit=limit)
                first = _keeps(second_solution, shape, fewer, cleared, solution, node_limit=limit)
                assert first == alone
                decided_by_budget += alone != unbounded
        if decided_by_budget >= 3:
            break
    assert decided_by_budget >= 3


def _keeps(search: Callable[..., tuple[int, ...] | None], *args: Any, **budget: Any) -> bool:
    """Whether a removal is kept: ``search`` found no second solution, within the budget."""
    try:
        return search(*args, **budget) is None
    except solver.SearchLimitReached:
        return False


def _dug_then_cleared(
    shape: Shape, rng: random.Random, width: int
) -> tuple[tuple[int, ...], list[int], list[tuple[int, int]]] | None:
    """A solution, a unique grid dug from it as a generator digs (stopped at random),
    then ``width`` more of its clues cleared, as ``(cell, digit)``; None when the
    random start has no solution."""
    full = solver.solutions(shape, _random_seeds(shape, rng), limit=1)
    if not full:
        return None
    solution = full[0]
    grid = list(solution)
    for cell in rng.sample(range(shape.cells), shape.cells):
        grid[cell] = 0
        if brute_count(shape, list(grid), 2) != 1:
            grid[cell] = solution[cell]
        if rng.random() < 0.1:
            break
    clues = [cell for cell, digit in enumerate(grid) if digit]
    cleared = [(cell, solution[cell]) for cell in rng.sample(clues, min(width, len(clues)))]
    for cell, _digit in cleared:
        grid[cell] = 0
    return solution, grid, cleared


def test_another_solution_is_searched_within_its_budget() -> None:
    shape = Shape.classic(9)
    grid = list(solver.solutions(shape, [0] * 81, limit=1)[0])
    cleared = [(cell, grid[cell]) for cell in range(27)]  # the top band: its rows swap
    for cell, _digit in cleared:
        grid[cell] = 0
    assert solver.other_solution(shape, grid, cleared, node_limit=10) is not None
    with pytest.raises(solver.SearchLimitReached):
        solver.other_solution(shape, [0] * 81, [(0, 1)], node_limit=0)
    with pytest.raises(solver.SearchLimitReached):
        solver.other_solution(shape, [0] * 81, [(0, 1)], work=1)


def _random_seeds(shape: Shape, rng: random.Random) -> list[int]:
    grid = [0] * shape.cells
    for cell in rng.sample(range(shape.cells), shape.size):
        used = {grid[p] for p in shape.peers[cell]}
        choices = [d for d in range(1, shape.size + 1) if d not in used]
        if choices:
            grid[cell] = rng.choice(choices)
    return grid


def test_benchmark_sets_are_solved_and_verified(shared_data: Path) -> None:
    bench = shared_data / "bench"
    for name, expected in (("norvig_top95.txt", 1), ("tdoku_puzzles7_serg_benchmark.txt", 2)):
        lines = (bench / name).read_text().split()[:200]
        for line in lines:
            puzzle = Puzzle.from_string(line[:81])
            found = solver.solutions(puzzle.shape, puzzle.givens, limit=2)
            assert len(found) == expected
            assert all(is_solution(puzzle.shape, s, puzzle.givens) for s in found)
