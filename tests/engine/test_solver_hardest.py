"""The hardest published classic puzzles settle to "unique" with their solution.

A regression guard with no clock: :func:`solver.settle` once left some of these
"undecided" after its budgeted machinery (pointing and claiming at every branch
point) took over from the plain search, and took fifteen times longer on them.
The sample is committed (``data/hardest_published.txt`` says where each comes from),
so the guard runs without the shared benchmark data.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import solver
from game.engine.puzzle import Puzzle
from game.engine.rules import is_solution

ISSUE_16 = "....9..5..1.....3...23..7....45...7.8.....2.......64...9..1.....8..6......54....7"
SAMPLE = Path(__file__).parent / "data" / "hardest_published.txt"


def sample() -> list[tuple[str, str, str]]:
    rows = []
    for line in SAMPLE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            givens, solution, source, _work = line.split()
            rows.append((givens, solution, source))
    return rows


def test_the_sample_holds_the_reported_puzzle() -> None:
    rows = sample()
    assert len(rows) >= 40 and any(len(givens) == 256 for givens, _s, _src in rows)
    assert ISSUE_16 in {givens for givens, _solution, _source in rows}


@pytest.mark.parametrize(("givens", "solution", "source"), sample())
def test_each_hardest_puzzle_settles_unique_with_its_solution(
    givens: str, solution: str, source: str
) -> None:
    puzzle = Puzzle.from_string(givens)
    expected = Puzzle.from_string(solution).givens
    assert is_solution(puzzle.shape, expected, puzzle.givens), source
    analysis = solver.settle(puzzle.shape, puzzle.givens)
    assert analysis.status is solver.Status.UNIQUE, source
    assert analysis.solution == expected, source
