"""Set sums: what the solver's probing stage derives from unions of houses and cages.

The law of leftovers over rows, columns and regions gives sums the cages alone do
not show; the solver keeps them in its own tables (never as rules of the puzzle).
Checked here against brute force: every derived sum holds in every solution of small
killer grids, and a sum's narrowing never removes a digit some assignment needs.
The shared "Solver needs SET" puzzle (irregular regions that are the rows, 18 cages,
8 white dots, no givens) is the one they were made for.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from game.engine import solver
from game.engine.formats.fpuzzles import parse_fpuzzles
from game.engine.rules import Cage, RuleSet
from game.engine.shape import Shape
from game.engine.solver import sums as derived
from tests.engine.variant_helpers import fpuzzles_entries, solution_of


def _random_cages(shape: Shape, solution: tuple[int, ...], rng: random.Random) -> RuleSet:
    """Cages of one to three orthogonally connected cells covering some of the grid,
    with the totals of ``solution``, digits different in each."""
    n = shape.size
    free = set(range(shape.cells))
    cages = []
    for start in rng.sample(range(shape.cells), shape.cells):
        if start not in free:
            continue
        cells = [start]
        free.discard(start)
        for _ in range(rng.randrange(3)):
            r, c = divmod(cells[-1], n)
            near = [
                nr * n + nc
                for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                if 0 <= nr < n and 0 <= nc < n and nr * n + nc in free
            ]
            fresh = [cell for cell in near if solution[cell] not in {solution[x] for x in cells}]
            if not fresh:
                break
            cells.append(rng.choice(fresh))
            free.discard(cells[-1])
        if len(cells) > 1 or rng.random() < 0.3:
            cages.append(Cage(tuple(sorted(cells)), sum(solution[x] for x in cells)))
    return RuleSet(shape, tuple(cages))


@pytest.mark.parametrize("size", [4, 6])
def test_every_set_sum_holds_in_every_solution(monkeypatch: pytest.MonkeyPatch, size: int) -> None:
    # Keep every sum, however loose, so the derivation itself is what is checked.
    monkeypatch.setattr(derived, "SET_SUM_SLACK", 10_000)
    monkeypatch.setattr(derived, "SET_SUM_KEEP", 10_000)
    rng = random.Random(size)
    shape = Shape.classic(size)
    checked = 0
    for _ in range(6):
        solution = solver.solve(shape, (0,) * shape.cells)
        assert solution is not None
        # A random relabelling and transposition, so the grids differ.
        digits = list(range(1, size + 1))
        rng.shuffle(digits)
        grid = tuple(digits[d - 1] for d in solution)
        rules = _random_cages(shape, grid, rng)
        sums = derived.set_sums(rules)
        every = solver.solutions(rules, (0,) * shape.cells, limit=200)
        assert grid in every or len(every) == 200
        for rule in sums:
            plus = [c for g, s in zip(rule.groups, rule.signs, strict=True) if s > 0 for c in g]
            minus = [c for g, s in zip(rule.groups, rule.signs, strict=True) if s < 0 for c in g]
            for found in [grid, *every]:
                assert sum(found[c] for c in plus) - sum(found[c] for c in minus) == rule.total
                for group in rule.groups:  # a group's cells share a house
                    assert len({found[c] for c in group}) == len(group)
                checked += 1
    assert checked > 100


def test_a_set_sum_narrows_no_digit_an_assignment_needs() -> None:
    rng = random.Random(17)
    size = 6
    for _ in range(300):
        groups = tuple(tuple(range(start, start + rng.randrange(1, 4))) for start in (0, 10, 20))[
            : rng.randrange(1, 4)
        ]
        signs = tuple(rng.choice((1, -1)) for _ in groups)
        count = sum(len(g) for g in groups)
        masks = [rng.randrange(1, 1 << size) for _ in range(count)]
        total = rng.randrange(-12, 25)
        rule = derived.SetSum(groups, signs, total)
        # Brute force: every assignment with different digits in each group.
        support = [0] * count
        choices = [[d for d in range(1, size + 1) if m >> (d - 1) & 1] for m in masks]
        weights = [s for g, s in zip(groups, signs, strict=True) for _ in g]
        bounds = list(itertools.accumulate(len(g) for g in groups))
        for digits in itertools.product(*choices):
            starts = [0, *bounds[:-1]]
            if any(len(set(digits[a:b])) != b - a for a, b in zip(starts, bounds, strict=True)):
                continue
            if sum(w * d for w, d in zip(weights, digits, strict=True)) != total:
                continue
            for i, d in enumerate(digits):
                support[i] |= 1 << (d - 1)
        kept = rule.narrow(masks, size)
        if kept is None:
            assert not any(support)
        else:
            for keep, need, mask in zip(kept, support, masks, strict=True):
                assert need & ~keep == 0  # nothing a solution needs is removed
                assert keep & ~mask == 0  # and nothing is added


def test_solver_needs_set_settles_unique_with_its_solution(shared_data: Path) -> None:
    (entry,) = [e for e in fpuzzles_entries(shared_data) if e.get("title") == "Solver needs SET"]
    puzzle = parse_fpuzzles(entry["fpuzzles"]).puzzle
    constraints = puzzle.rules.constraints
    analysis = solver.settle(puzzle.rules, puzzle.givens)
    assert analysis.status is solver.Status.UNIQUE
    assert analysis.solution == solution_of(str(entry["solution"]))
    assert puzzle.rules.is_solution(analysis.solution, puzzle.givens)
    # The set sums it needed stay in the solver's tables, not in the puzzle's rules.
    assert puzzle.rules.constraints == constraints
    assert not any(isinstance(rule, derived.SetSum) for rule in constraints)
    sums = derived.set_sums(puzzle.rules)
    assert sums and all(len(rule.cells()) <= derived.SET_SUM_CELLS for rule in sums)


def test_classic_and_cage_free_rule_sets_have_no_set_sums() -> None:
    shape = Shape.classic(9)
    assert derived.set_sums(RuleSet(shape, ())) == []
    assert derived.set_sums(RuleSet(shape, (Cage((0, 1, 2)),))) == []  # no total
