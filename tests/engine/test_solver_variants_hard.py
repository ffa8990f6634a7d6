"""The hardest shared variant puzzles settle to "unique" with their solution.

A regression guard with no clock: the mixed f-puzzles below (arrows with killer
cages, arrows with disjoint groups, a negative XV rule) came back "undecided" when
the plain depth-first search and random restarts were all :func:`solver.settle`
had for them; the probing stage settles them.  The probing stage is also checked
on every shared variant puzzle with a budget so small that the plain stage cannot
end: it may run out (undecided), but it never answers wrongly.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import solver
from game.engine.formats.fpuzzles import parse_fpuzzles
from game.engine.puzzle import Puzzle
from game.engine.rules import VARIANTS, Kropki, RuleSet
from game.engine.shape import Shape
from game.engine.solver import exact
from tests.engine.variant_helpers import fpuzzles_entries, solution_of

HARD_TITLES = ("Sistine Hippos", "Anti-XV Coverage", "It being a weekend...")


def _entries(shared_data: Path, titles: tuple[str, ...] | None = None) -> list[dict[str, object]]:
    found = [e for e in fpuzzles_entries(shared_data) if titles is None or e.get("title") in titles]
    return found


@pytest.mark.parametrize("title", HARD_TITLES)
def test_each_hard_mixed_variant_settles_unique_with_its_solution(
    shared_data: Path, title: str
) -> None:
    (entry,) = _entries(shared_data, (title,))
    puzzle = parse_fpuzzles(entry["fpuzzles"]).puzzle
    analysis = solver.settle(puzzle.rules, puzzle.givens)
    assert analysis.status is solver.Status.UNIQUE
    assert analysis.solution == solution_of(str(entry["solution"]))
    assert puzzle.rules.is_solution(analysis.solution, puzzle.givens)


def test_probing_never_answers_wrongly_on_the_shared_variants(shared_data: Path) -> None:
    settled = 0
    for entry in _entries(shared_data):
        puzzle: Puzzle = parse_fpuzzles(entry["fpuzzles"]).puzzle
        if not puzzle.rules.narrowing and not puzzle.rules.pair_rules:
            continue  # no props: the probing stage is never used there
        # A budget the plain stage (an eighth of it) cannot finish most puzzles in.
        analysis = solver.settle(puzzle.rules, puzzle.givens, work=8_000)
        assert analysis.status in (solver.Status.UNIQUE, solver.Status.UNDECIDED), entry["title"]
        if analysis.status is solver.Status.UNIQUE:
            assert analysis.solution == solution_of(str(entry["solution"])), entry["title"]
            settled += 1
    assert settled >= 10  # the probing stage does settle puzzles on a small budget


def test_probing_finds_two_solutions_where_there_are_two() -> None:
    # One white dot on an empty 6x6 grid: many solutions, and the dot's digits
    # cannot be relabelled, so the free-digit shortcut does not answer for the search.
    shape = Shape.classic(6)
    rules = RuleSet(shape, (Kropki(0, 1, black=False),))
    tables = solver.bitboard(rules)
    start = tables.start((0,) * shape.cells)
    assert start is not None
    # The probing stage itself, from the start (settle's plain stage would answer
    # this one before probing began).
    analysis = exact._probing(tables, start, [], 2, 100_000, 0)
    assert analysis.status is solver.Status.MULTIPLE
    first, second = analysis.solutions[:2]
    assert first != second
    assert all(rules.is_solution(grid) for grid in (first, second))


def test_probing_proves_none_where_a_dot_cannot_hold() -> None:
    # A black dot between 1 and 3 (neither is twice the other): no solution.
    shape = Shape.classic(4)
    rules = RuleSet(shape, (Kropki(0, 1, black=True),))
    givens = [0] * shape.cells
    givens[0], givens[1] = 1, 3
    assert solver.settle(rules, givens, work=8).status is solver.Status.NONE


ANTI_KNIGHT_LAYOUT = (
    "000011222001111222001112232044455533444455333446555333666577888666777888667777888"
)
"""A random 9x9 jigsaw layout (the generator's, seed 7) whose anti-knight solutions the
budgeted depth-first search does not find (undecided at 100,000 work)."""


def test_probing_finds_an_anti_knight_jigsaw_solution_the_search_misses() -> None:
    shape = Shape.from_regions([int(c) for c in ANTI_KNIGHT_LAYOUT])
    rules = RuleSet(shape, tuple(VARIANTS["anti-knight"].rules(shape)))
    empty = [0] * shape.cells
    assert not solver.settle(rules, empty, work=100_000).solutions
    found = solver.probed_solution(rules, empty, work=100_000)
    assert found is not None and rules.is_solution(found)
    broken = [1, 1] + empty[2:]  # two 1s in a row: no start at all
    assert solver.probed_solution(rules, broken, work=100_000) is None
