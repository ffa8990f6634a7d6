"""``main.py hint --technique NAME [--all]``: where one technique applies, from any format."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.formats import open_puzzles
from game.engine.logic import CandidateGrid
from game.engine.logic.path import steps_of
from game.engine.logic.registry import get

ROOT = Path(__file__).resolve().parents[2]
XWING = (
    ":0300:3:9.....+5+6+1..+6.+1.7+937+1..962486...2+147+9........5....4...642..+586+1+75."
    "71.+2..+4..1....+52::313 314 343 344 353 354 363 364 394::"
)
"""A HoDoKu library line: an X-Wing on 3 in rows 3 and 7."""


def hint(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "hint", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def pm_grid(grid: CandidateGrid, simple_sudoku: bool = False) -> str:
    """The position as a pencil-mark grid: HoDoKu's borders, or Simple Sudoku's."""
    groups = [
        str(value) if value else "".join(str(d) for d in range(1, 10) if cands >> (d - 1) & 1)
        for value, cands in zip(grid.values, grid.cands, strict=True)
    ]
    width = max(len(group) for group in groups) + 1
    border = ("*" if simple_sudoku else ".") + "-" * (width * 9 + 6) + "*\n"
    lines = [border]
    for row in range(9):
        if row and row % 3 == 0:
            lines.append(("|" if simple_sudoku else ":") + "-" * (width * 9 + 6) + "|\n")
        cells = groups[row * 9 : row * 9 + 9]
        parts = [" ".join(group.ljust(width - 1) for group in cells[b : b + 3]) for b in (0, 3, 6)]
        lines.append("| " + " | ".join(parts) + " |\n")
    lines.append(border)
    return "".join(lines)


@pytest.fixture
def position(tmp_path: Path) -> CandidateGrid:
    path = tmp_path / "xwing.txt"
    path.write_text(XWING + "\n")
    record = open_puzzles(path).record(0)
    return CandidateGrid.from_grid(record.puzzle.shape, record.grid)


@pytest.mark.parametrize("simple_sudoku", [False, True], ids=["hodoku", "simple-sudoku"])
def test_every_x_wing_of_a_pencil_mark_grid(
    tmp_path: Path, position: CandidateGrid, simple_sudoku: bool
) -> None:
    path = tmp_path / "pm.txt"
    path.write_text(pm_grid(position, simple_sudoku))
    result = hint("--technique", "x-wing", "--all", "--json", path)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    expected = steps_of(position, get("X-Wing"))
    assert found["candidates"] == "file"
    assert found["count"] == len(expected) >= 1
    assert found["steps"] == [step.to_json(position.shape) for step in expected]


def test_the_file_s_candidates_are_used_not_recomputed(
    tmp_path: Path, position: CandidateGrid
) -> None:
    # The X-Wing's eliminations already made in the pencil marks: nothing is left to find,
    # though the same givens with every legal candidate still hold it.
    step = steps_of(position, get("X-Wing"))[0]
    path = tmp_path / "pm.txt"
    path.write_text(pm_grid(position.apply(step.placements, step.eliminations)))
    found = json.loads(hint("--technique", "X-Wing", "--all", "--json", path).stdout)
    assert found["count"] == 0
    lines = tmp_path / "line.txt"
    lines.write_text(XWING + "\n")
    found = json.loads(hint("--technique", "X-Wing", "--all", "--json", lines).stdout)
    assert found["count"] == 1
    assert found["candidates"] == "computed"


def test_human_output(tmp_path: Path) -> None:
    path = tmp_path / "line.txt"
    path.write_text(XWING + "\n")
    result = hint("--technique", "X-Wing", "--all", path)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "X-Wing: 1 found"
    assert lines[1].startswith("1. X-Wing on 3: in rows 3 and 7")
    assert lines[2].startswith("   remove 3 from r1c3")


def test_an_unknown_technique_lists_the_known_ones(tmp_path: Path) -> None:
    path = tmp_path / "line.txt"
    path.write_text(XWING + "\n")
    result = hint("--technique", "Y-Wing", path)
    assert result.returncode == 2
    assert "unknown technique 'Y-Wing'; known: Full House, Hidden Single" in result.stderr
    assert "X-Wing" in result.stderr


def test_all_needs_a_technique(tmp_path: Path) -> None:
    path = tmp_path / "line.txt"
    path.write_text(XWING + "\n")
    result = hint("--all", path)
    assert result.returncode == 2
    assert "--all goes with --technique NAME" in result.stderr
