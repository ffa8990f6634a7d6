"""The bundled ``puzzles/`` library reads as the game reads it, and its labels hold.

Every file must open through :func:`open_puzzles` without a bad line, every puzzle
must have exactly one solution, every collection line must carry its
``# Level score seed S`` comment, and no puzzle may appear twice.  Ratings are
checked here for the quick levels; ``benchmarks/make_library.py --check`` checks
every label (a failure means the library needs a rebuild after a rating change).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine import solver
from game.engine.formats import open_puzzles
from game.engine.logic.rating import rate
from game.engine.logic.registry import Level
from game.engine.puzzle import Puzzle, PuzzleRecord

from ..conftest import ROOT

LIBRARY = ROOT / "puzzles"
FILES = sorted(LIBRARY.rglob("*.txt"))
LABEL = re.compile(r"^(Easy|Medium|Hard|Expert|Extreme) [0-9]+\.[0-9] seed [0-9]+$")
QUICK = {Level.EASY, Level.MEDIUM}


def records(path: Path) -> list[PuzzleRecord]:
    found = list(open_puzzles(path))
    bad = [item for item in found if not isinstance(item, PuzzleRecord)]
    assert not bad, bad
    return [item for item in found if isinstance(item, PuzzleRecord)]


def test_the_library_is_organised_for_the_file_picker() -> None:
    names = {path.relative_to(LIBRARY).as_posix() for path in FILES}
    levels = [f"{int(level)}-{level.name.lower()}.txt" for level in Level]
    for folder in ("classic", "jigsaw"):
        assert {f"{folder}/{name}" for name in levels} <= names
    assert any(name.startswith("other-sizes/") for name in names)
    assert any(name.startswith("single/") for name in names)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(LIBRARY).as_posix())
def test_every_file_reads_and_every_puzzle_is_unique(path: Path) -> None:
    found = records(path)
    single = path.parent.name == "single"
    assert len(found) == 1 if single else len(found) >= 10
    for record in found:
        puzzle = record.puzzle
        assert solver.count_solutions(puzzle.shape, puzzle.givens) == 1
        if single:
            level = Level.parse(path.stem.rsplit("-", 1)[1])
        else:
            assert LABEL.match(record.title), record.title
            level = Level.parse(record.title.split()[0])
        if level in QUICK or puzzle.size < 9:
            assert rate(puzzle.shape, puzzle.givens).level is level
        expected = "jigsaw" if "jigsaw" in path.name or "jigsaw" in path.parts else "classic"
        assert puzzle.shape.variant == expected


def test_no_puzzle_appears_twice() -> None:
    seen: set[Puzzle] = set()
    total = 0
    for path in FILES:
        for record in records(path):
            seen.add(record.puzzle)
            total += 1
    assert len(seen) == total
