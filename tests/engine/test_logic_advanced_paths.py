"""Advanced techniques on positions from real solve paths: never a wrong step.

A seeded random sample of hard classic puzzles (magictour's top1465, 17-clue
puzzles) and of real jigsaw puzzles is solved along the simplest logical path, the
path the hint button follows.  At every position where one of the advanced
techniques is the simplest step, *every* step of every advanced pattern technique
is checked against the solution there, and the first few steps of each last-resort
technique (each of those replays its reasoning, which costs milliseconds).  The
paths themselves must finish with no wrong step.  The seed is fixed, so a failure
reproduces.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from game.engine import solver
from game.engine.logic import CandidateGrid, Step, next_step, registry
from game.engine.logic.registry import Technique
from game.engine.shape import Shape

ADVANCED_MODULES = {
    "wings",
    "colouring",
    "uniqueness",
    "chains",
    "last_resort",
    "complex_fish",
    "siamese_fish",
    "medusa",
}
SEED = 20240611
LAST_RESORT_STEPS = 3


def _advanced() -> list[Technique]:
    return [
        t
        for t in registry.all_techniques()
        if t.find.__module__.rsplit(".", 1)[-1] in ADVANCED_MODULES
    ]


def _wrong(step: Step, grid: CandidateGrid, answer: tuple[int, ...]) -> list[str]:
    found = [f"places {d} in {c}" for c, d in step.placements if answer[c] != d]
    found += [f"removes the answer {d} from {c}" for c, d in step.eliminations if answer[c] == d]
    found += [
        f"removes absent {d} from {c}"
        for c, d in step.eliminations
        if not grid.cands[c] >> (d - 1) & 1
    ]
    if not (step.placements or step.eliminations) or not step.explanation:
        found.append("empty step")
    return found


def _check_path(shape: Shape, givens: list[int]) -> int:
    """Walk the path, checking the advanced techniques where they matter; steps checked."""
    answers = solver.solutions(shape, givens, limit=2)
    assert len(answers) == 1
    answer = answers[0]
    advanced = _advanced()
    names = {t.name for t in advanced}
    grid = CandidateGrid.from_grid(shape, givens)
    checked = 0
    while not grid.is_solved():
        step = next_step(grid)
        assert step is not None, "the last resort must always make progress"
        assert not _wrong(step, grid, answer), step.explanation
        if step.technique in names:
            for technique in advanced:
                limit = LAST_RESORT_STEPS if technique.last_resort else None
                for other in itertools.islice(technique.find(grid), limit):
                    assert not _wrong(other, grid, answer), (other.technique, grid)
                    checked += 1
        grid = grid.apply(step.placements, step.eliminations)
    assert grid.values == answer
    return checked


def _sample(path: Path, count: int) -> list[str]:
    lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    return random.Random(SEED).sample(lines, count)


@pytest.mark.parametrize(("name", "count"), [("tdoku_puzzles3_magictour_top1465.txt", 8)])
def test_classic_paths(shared_data: Path, name: str, count: int) -> None:
    checked = 0
    for line in _sample(shared_data / "bench" / name, count):
        givens = [0 if ch in ".0" else int(ch) for ch in line[:81]]
        checked += _check_path(Shape.classic(9), givens)
    assert checked > 50


def test_jigsaw_paths(shared_data: Path) -> None:
    rows = (shared_data / "real-files" / "jigsaw" / "jigsaw_oneline.tsv").read_text()
    puzzles = [line.split("\t") for line in rows.splitlines()[1:] if line.strip()]
    checked = 0
    for _id, givens, regions, _solution, *_rest in random.Random(SEED).sample(puzzles, 10):
        shape = Shape.from_regions(regions)
        checked += _check_path(shape, [0 if ch == "." else int(ch) for ch in givens])
    assert checked > 0
