"""Open and large grids: the bounded solver, budgets, and hints and ratings that say why.

Speed is measured in ``benchmarks/open_grids.py``; these tests check the answers
and the mechanisms that keep the work bounded (budgets are counts, so every
answer here is deterministic).
"""

from __future__ import annotations

import gc
import random
import weakref
from collections import OrderedDict
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import shape as shape_module
from game.engine import solver
from game.engine.logic import CandidateGrid, Step, path
from game.engine.logic import hint as hint_module
from game.engine.logic.budget import Budget, BudgetSpent, charging, current, spend
from game.engine.logic.hint import SEVERAL_SOLUTIONS, find_hint
from game.engine.logic.path import find_step, solve_path, steps_of
from game.engine.logic.rating import Rating, Unrated, rate, rate_puzzle
from game.engine.logic.registry import Level, Technique
from game.engine.logic.trial import Bitboard
from game.engine.puzzle import Puzzle
from game.engine.rules import Cage, RuleSet, candidates, conflicts, is_solution
from game.engine.shape import Shape
from game.engine.solver import MAX_SOLUTIONS, Status, exact, settle

TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
COURSE_LAYOUT = "001111222000011222003411122033445552333444555633344558667774588666778888666777788"
COURSE_GIVENS = ".8......11....63.........4....3.8.7.....8.....7.1.2....5.........79....43......1."
# The course map with a wrong 4 at r1c1: no rule broken, but no solution.
NO_SOLUTION = Puzzle.from_string("48" + COURSE_GIVENS[2:], regions=COURSE_LAYOUT)
# Several solutions, and every digit appears among the givens.
NORVIG_HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."


def empty(size: int) -> tuple[int, ...]:
    return (0,) * (size * size)


# -- the bounded solver -----------------------------------------------------------------


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16, 25])
def test_open_classic_grids_have_several_checked_solutions(size: int) -> None:
    shape = Shape.classic(size)
    analysis = settle(shape, empty(size))
    assert analysis.status is Status.MULTIPLE
    assert len(set(analysis.solutions)) == 2
    assert all(is_solution(shape, grid) for grid in analysis.solutions)


def test_one_clue_keeps_its_digit_in_every_solution_listed() -> None:
    shape = Shape.classic(16)
    grid = list(empty(16))
    grid[37] = 11
    analysis = settle(shape, grid, limit=20)
    assert analysis.status is Status.MULTIPLE and len(set(analysis.solutions)) == 20
    assert all(is_solution(shape, found, grid) for found in analysis.solutions)


def test_listing_is_capped() -> None:
    analysis = settle(Shape.classic(9), empty(9), limit=MAX_SOLUTIONS + 500)
    assert len(set(analysis.solutions)) == MAX_SOLUTIONS
    assert all(is_solution(Shape.classic(9), grid) for grid in analysis.solutions[::97])


def test_settle_agrees_with_the_exact_search() -> None:
    unique = Puzzle.from_string(TOP95_1)
    assert settle(unique.shape, unique.givens).status is Status.UNIQUE
    assert settle(unique.shape, unique.givens).solution == solver.solve(unique.shape, unique.givens)
    assert settle(NO_SOLUTION.shape, NO_SOLUTION.givens).status is Status.NONE
    several = Puzzle.from_string(NORVIG_HARD1)
    analysis = settle(several.shape, several.givens, limit=3)
    assert analysis.status is Status.MULTIPLE and len(set(analysis.solutions)) == 3
    assert all(is_solution(several.shape, g, several.givens) for g in analysis.solutions)


SHAPES = [Shape.classic(4), Shape.classic(6), Shape.classic(9), Shape.from_regions(COURSE_LAYOUT)]


def brute_count(shape: Shape, grid: list[int], limit: int) -> int:
    """Plain backtracking on legal candidates: slow, obvious, and independent."""
    cands = candidates(shape, grid)
    empty_cells = [c for c in range(len(grid)) if not grid[c]]
    if not empty_cells:
        return 1
    cell = min(empty_cells, key=lambda c: cands[c].bit_count())
    total = 0
    for digit in range(1, shape.size + 1):
        if cands[cell] >> (digit - 1) & 1:
            grid[cell] = digit
            total += brute_count(shape, grid, limit - total)
            grid[cell] = 0
            if total >= limit:
                break
    return total


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SHAPES), st.randoms(use_true_random=False), st.floats(0.2, 0.7))
def test_settle_agrees_with_brute_force(shape: Shape, rng: random.Random, keep: float) -> None:
    # Settle adds pointing and claiming and restarts to the search: same answers.
    full = solver.solve(shape, [0] * shape.cells)
    assert full is not None
    relabel = list(range(1, shape.size + 1))
    rng.shuffle(relabel)
    grid = [relabel[d - 1] if rng.random() < keep else 0 for d in full]
    if rng.random() < 0.3:  # sometimes a wrong digit, to reach "none"
        grid[rng.randrange(shape.cells)] = rng.randint(1, shape.size)
    if conflicts(shape, grid):
        return
    analysis = settle(shape, grid, limit=3)
    expected = brute_count(shape, list(grid), 3)
    assert len(analysis.solutions) == min(expected, 3)
    assert analysis.status is (
        Status.NONE if expected == 0 else Status.UNIQUE if expected == 1 else Status.MULTIPLE
    )
    assert all(is_solution(shape, found, grid) for found in analysis.solutions)


def test_a_spent_budget_is_undecided_not_a_guess() -> None:
    several = Puzzle.from_string(NORVIG_HARD1)  # needs branching; no digit is free
    analysis = settle(several.shape, several.givens, work=1)
    assert analysis.status is Status.UNDECIDED and analysis.count is None
    assert all(is_solution(several.shape, g, several.givens) for g in analysis.solutions)


def test_an_open_jigsaw_grid_is_settled() -> None:
    (shape,) = _layouts(1, seed=5)
    analysis = settle(shape, empty(9))
    assert analysis.status is Status.MULTIPLE
    assert all(is_solution(shape, grid) for grid in analysis.solutions)


def test_table_cache_is_bounded_by_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exact, "TABLE_CACHE_BYTES", 1)
    shapes = _layouts(3, seed=1)
    for shape in shapes:
        solver.bitboard(shape)
    newest = solver.bitboard(shapes[-1])
    assert solver.cached_table_bytes() == newest.nbytes  # only the newest is kept
    assert solver.settle(shapes[0], empty(9)).status is Status.MULTIPLE  # rebuilt on demand


def test_table_cache_counts_what_comes_and_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    shapes = _layouts(3, seed=7)  # drawing them may cache tables of its own
    monkeypatch.setattr(exact, "TABLE_CACHE_BYTES", 1)
    first = solver.bitboard(Shape.classic(6))  # evicts every other
    assert solver.cached_table_bytes() == first.nbytes
    monkeypatch.setattr(exact, "TABLE_CACHE_BYTES", 1 << 40)
    built = [solver.bitboard(shape) for shape in shapes]
    assert [solver.bitboard(shape) for shape in shapes] == built  # found, not built again
    assert solver.cached_table_bytes() == first.nbytes + sum(t.nbytes for t in built)


def test_table_cache_keeps_few_rule_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    """A generator makes a rule set per trial: their tables go, a shape's stay."""
    shape = Shape.classic(6)
    monkeypatch.setattr(exact, "_cache", OrderedDict())  # an empty cache
    monkeypatch.setattr(exact, "_cache_bytes", 0)
    monkeypatch.setattr(exact, "_cached_rule_sets", 0)
    monkeypatch.setattr(exact, "RULE_SETS_KEPT", 2)
    kept = solver.bitboard(shape)
    rule_sets = [RuleSet(shape, (Cage((cell, cell + 1), 3 + cell),)) for cell in range(0, 8, 2)]
    built = [solver.bitboard(rules) for rules in rule_sets]
    assert solver.bitboard(shape) is kept  # older than every rule set, still there
    assert solver.bitboard(rule_sets[3]) is built[3]
    assert solver.bitboard(rule_sets[2]) is built[2]
    assert solver.cached_table_bytes() == kept.nbytes + built[2].nbytes + built[3].nbytes
    assert solver.bitboard(rule_sets[0]) is not built[0]  # gone, built again


def test_large_shapes_build_placing_masks_on_demand() -> None:
    tables = solver.bitboard(Shape.classic(25))
    assert not isinstance(tables.kill, list)
    assert tables.nbytes < 40 * 1024 * 1024
    small = solver.bitboard(Shape.classic(9))
    assert isinstance(small.kill, list)


def test_shapes_are_interned_weakly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exact, "TABLE_CACHE_BYTES", 1)  # the solver's cache keeps shapes too
    labels = _layouts(1, seed=9)[0].region_labels()
    shape = Shape.from_regions(labels)
    assert Shape.from_regions(labels.translate(str.maketrans("012345678", "abcdefghi"))) is shape
    gone = weakref.ref(shape)
    del shape
    others = _layouts(2 * shape_module._RECENT, seed=2)  # push it out of the recent ones
    gc.collect()
    assert gone() is None
    assert Shape.from_regions(others[-1].region_labels()) is others[-1]


def _layouts(count: int, seed: int) -> list[Shape]:
    """``count`` different random 9x9 jigsaw layouts."""
    from game.engine.generation.layouts import random_layout

    rng = random.Random(seed)
    found: dict[Shape, None] = {}
    while len(found) < count:
        found[random_layout(9, rng)] = None
    return list(found)


# -- budgets ----------------------------------------------------------------------------


def test_a_budget_charges_every_enclosing_one() -> None:
    outer = Budget(100)
    inner = Budget(50, outer)
    inner.charge(30)
    assert (outer.spent, inner.spent, inner.remaining) == (30, 30, 20)
    with pytest.raises(BudgetSpent):
        inner.charge(25)
    assert inner.exhausted and not outer.exhausted
    small = Budget(10, Budget(5))
    assert small.remaining == 5


def test_spend_is_free_outside_a_search_and_charged_inside() -> None:
    spend(10**9)  # no budget: nothing happens
    assert current() is None
    budget = Budget(10)
    with charging(budget):
        spend(4)
        with pytest.raises(BudgetSpent):
            spend(7)
    assert budget.spent == 11 and current() is None


def _step(name: str) -> Step:
    return Step(name, eliminations=((0, 1),), explanation=name)


def _finder(name: str, cost: int) -> Technique:
    def find(grid: CandidateGrid) -> Iterator[Step]:
        spend(cost)
        yield _step(name)

    return Technique(name, Level.EASY, 1.0, find, budget=1000)


@pytest.fixture
def fake_catalogue(monkeypatch: pytest.MonkeyPatch) -> list[Technique]:
    catalogue: list[Technique] = []
    monkeypatch.setattr(path, "all_techniques", lambda: tuple(catalogue))
    return catalogue


def test_a_technique_over_its_allowance_steps_aside(fake_catalogue: list[Technique]) -> None:
    fake_catalogue.extend([_finder("Greedy", 5000), _finder("Modest", 10)])
    grid = CandidateGrid.from_grid(Shape.classic(4), empty(4))
    search = find_step(grid)
    assert search.step is not None and search.step.technique == "Modest"
    assert search.stepped_aside == ("Greedy",) and not search.exhausted


def test_a_technique_beyond_its_size_is_not_tried(fake_catalogue: list[Technique]) -> None:
    def never(grid: CandidateGrid) -> Iterator[Step]:
        raise AssertionError("tried on a grid beyond its size")
        yield  # pragma: no cover

    fake_catalogue.append(Technique("Small only", Level.EASY, 1.0, never, max_size=9))
    search = find_step(CandidateGrid.from_grid(Shape.classic(16), empty(16)))
    assert search.step is None and search.stepped_aside == ("Small only",)
    assert steps_of(CandidateGrid.from_grid(Shape.classic(16), empty(16)), fake_catalogue[0]) == []


def test_a_spent_enclosing_budget_ends_the_search(fake_catalogue: list[Technique]) -> None:
    fake_catalogue.extend([_finder("First", 900), _finder("Second", 900)])
    grid = CandidateGrid.from_grid(Shape.classic(4), empty(4))
    search = find_step(grid, budget=Budget(800))
    assert search.step is None and search.exhausted and search.stepped_aside == ("First",)
    assert not search.complete


def test_the_last_resort_steps_aside_on_an_open_grid() -> None:
    # Near-empty 16x16, several solutions: forced to use the last resort, it gives
    # up within the budget instead of searching for seconds.
    grid = list(empty(16))
    grid[0], grid[17], grid[34] = 1, 2, 3
    position = CandidateGrid.from_grid(Shape.classic(16), grid)
    budget = Budget(300_000)
    search = find_step(position, unique=True, budget=budget)
    assert search.step is None and not search.complete
    assert budget.spent <= budget.limit + 100_000  # overrun by one piece of work at most


def test_an_exact_trial_is_charged_and_stops() -> None:
    board = Bitboard(CandidateGrid.from_grid(Shape.classic(16), empty(16)))
    with charging(Budget(10)), pytest.raises(BudgetSpent):
        board.has_solution(board.base)
    assert board.has_solution(board.base)  # no budget: the search runs to the end


def test_a_path_out_of_budget_says_so() -> None:
    puzzle = Puzzle.from_string(TOP95_1)
    grid = CandidateGrid.from_grid(puzzle.shape, puzzle.givens)
    cut = solve_path(grid, budget=Budget(2_000))
    assert not cut.solved and cut.exhausted and not cut.complete
    assert solve_path(grid).complete
    rating = rate(puzzle.shape, puzzle.givens, budget=Budget(2_000))
    assert rating.exhausted and not rating.solved_by_logic


# -- hints and ratings that take the solution count into account ---------------------------


def test_hint_on_an_open_grid_says_it_has_several_solutions() -> None:
    shape = Shape.classic(16)
    hint = find_hint(shape, empty(16), empty(16), empty(16), None, unique=False)
    assert hint.kind == "several-solutions" and hint.step is None
    assert hint.message == SEVERAL_SOLUTIONS and hint.status is Status.MULTIPLE


def test_hint_on_several_solutions_still_teaches_pattern_steps() -> None:
    shape = Shape.classic(9)
    grid = list(empty(9))
    grid[:8] = range(1, 9)  # r1c9 can only be 9
    hint = find_hint(shape, grid, empty(9), empty(9), None)
    assert hint.kind == "step" and hint.step is not None
    assert hint.step.placements == ((8, 9),) and hint.status is Status.MULTIPLE


def test_hint_without_a_solution_says_so_first() -> None:
    hint = find_hint(NO_SOLUTION.shape, NO_SOLUTION.givens, empty(9), empty(9), None)
    assert hint.kind == "no-solution" and hint.step is None and hint.status is Status.NONE


def test_hint_on_an_undecided_count_says_so() -> None:
    shape = Shape.classic(9)
    hint = find_hint(shape, empty(9), empty(9), empty(9), None, status=Status.UNDECIDED)
    assert hint.kind == "undecided" and "could not tell" in hint.message


def test_several_solutions_never_use_uniqueness_nor_the_last_resort(
    fake_catalogue: list[Technique],
) -> None:
    def always(name: str, **flags: bool) -> Technique:
        def find(grid: CandidateGrid) -> Iterator[Step]:
            yield _step(name)

        return Technique(name, Level.EXPERT, 5.0, find, **flags)

    fake_catalogue.extend(
        [always("Uniqueness", needs_unique=True), always("Trial", last_resort=True)]
    )
    shape = Shape.classic(4)
    several = find_hint(shape, empty(4), empty(4), empty(4), None, status=Status.MULTIPLE)
    assert several.kind == "several-solutions"
    unique = find_hint(shape, empty(4), empty(4), empty(4), None, status=Status.UNIQUE)
    assert unique.step is not None and unique.step.technique == "Uniqueness"


def test_hint_passes_the_settled_count_to_the_step_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[bool, bool]] = []

    def spy(grid: CandidateGrid, *, unique: bool, include_last_resort: bool) -> path.StepSearch:
        seen.append((unique, include_last_resort))
        return path.StepSearch(None)

    monkeypatch.setattr(hint_module, "find_step", spy)
    puzzle = Puzzle.from_string(NORVIG_HARD1)
    find_hint(puzzle.shape, puzzle.givens, empty(9), empty(9), None)
    assert seen == [(False, False)]


def test_ratings_say_why_they_are_not_given() -> None:
    several = rate_puzzle(Puzzle(Shape.classic(16), empty(16)))
    assert isinstance(several, Unrated) and several.status is Status.MULTIPLE
    assert several.to_json() == {
        "rated": False,
        "status": "multiple",
        "reason": several.reason,
    }
    none = rate_puzzle(NO_SOLUTION)
    assert isinstance(none, Unrated) and none.status is Status.NONE
    undecided = rate_puzzle(Puzzle(Shape.classic(9), empty(9)), status=Status.UNDECIDED)
    assert isinstance(undecided, Unrated) and "could not tell" in undecided.reason
    rated = rate_puzzle(Puzzle.from_string(TOP95_1))
    assert isinstance(rated, Rating) and rated.level is Level.MEDIUM and rated.score == 2.6


def test_a_rating_cut_short_by_its_budget_is_not_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(path, "PATH_BUDGET", 2_000)
    verdict = rate_puzzle(Puzzle.from_string(TOP95_1), status=Status.UNIQUE)
    assert isinstance(verdict, Unrated) and verdict.status is Status.UNIQUE
    assert "work limit" in verdict.reason and verdict.steps > 0


def test_a_forcing_chain_cut_short_still_reports_sound_contradictions() -> None:
    from game.engine.logic.techniques.last_resort import forcing_chain

    puzzle = Puzzle.from_string(TOP95_1)
    solution = solver.solve(puzzle.shape, puzzle.givens)
    assert solution is not None
    grid = CandidateGrid.from_grid(puzzle.shape, puzzle.givens)
    with charging(Budget(300)):
        cut = list(forcing_chain(grid))
    assert cut and all(step.last_resort for step in cut)
    assert all(solution[cell] != digit for step in cut for cell, digit in step.eliminations)
    assert len(cut) < len(list(forcing_chain(grid)))
