"""The commands on open grids, run as a player would, inside a memory limit.

Each run gets an address-space limit (``resource.setrlimit``) and a timeout, so a
command that searched without bound would fail here with a MemoryError or a
timeout rather than slow the machine down; nothing asserts a duration.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

from game.engine.rules import is_solution
from game.engine.shape import Shape
from game.engine.solver import MAX_SOLUTIONS
from game.engine.symbols import digit_of

ROOT = Path(__file__).resolve().parents[2]
MEMORY = 1024 * 1024 * 1024  # address space, which is more than resident memory
TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
COURSE_LAYOUT = "001111222000011222003411122033445552333444555633344558667774588666778888666777788"
COURSE_GIVENS = ".8......11....63.........4....3.8.7.....8.....7.1.2....5.........79....43......1."


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "main.py", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limited,
    )
    assert "Traceback" not in result.stderr, result.stderr
    return result


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_hint_on_an_empty_16x16_says_it_has_several_solutions(tmp_path: Path) -> None:
    path = write(tmp_path, "empty.txt", "." * 256 + "\n")
    result = run("hint", path)
    assert result.returncode == 1
    assert "several solutions: no logical step narrows it further" in result.stdout
    hint = json.loads(run("hint", "--json", path).stdout)
    assert hint["kind"] == "several-solutions" and hint["technique"] is None
    assert hint["unique"] is False


def test_steps_on_an_empty_16x16_stop_with_the_reason(tmp_path: Path) -> None:
    path = write(tmp_path, "empty.txt", "." * 256 + "\n")
    result = run("steps", path)
    assert result.returncode == 1
    assert result.stdout.splitlines()[-1].startswith(
        "Stopped after 0 steps: no pattern step is left, and the puzzle has several solutions"
    )


def test_hint_and_steps_on_a_puzzle_without_solution(tmp_path: Path) -> None:
    path = write(tmp_path, "none.txt", f"{'48' + COURSE_GIVENS[2:]} {COURSE_LAYOUT}\n")
    hinted = run("hint", "--json", path)
    assert hinted.returncode == 1 and json.loads(hinted.stdout)["kind"] == "no-solution"
    steps = run("steps", path)
    assert steps.returncode == 1 and steps.stdout.strip() == "The puzzle has no solution."


def test_rate_says_why_a_puzzle_is_not_rated(tmp_path: Path) -> None:
    lines = ["." * 81, TOP95_1, f"{'48' + COURSE_GIVENS[2:]} {COURSE_LAYOUT}"]
    path = write(tmp_path, "set.txt", "\n".join(lines) + "\n")
    result = run("rate", "--json", path)
    assert result.returncode == 1  # read fine, but not every puzzle rated
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows[0]["rated"] is False and rows[0]["status"] == "multiple"
    assert rows[1]["level"] == "Medium" and rows[1]["score"] == 2.6
    assert rows[2] == {
        "file": str(path),
        "index": 2,
        "rated": False,
        "status": "none",
        "reason": "the puzzle has no solution",
    }
    human = run("rate", path)
    assert human.returncode == 1
    assert f"{path}, puzzle 1: not rated: the puzzle has several solutions" in human.stdout


def test_solve_an_empty_25x25(tmp_path: Path) -> None:
    path = write(tmp_path, "empty25.txt", "." * 625 + "\n")
    result = run("solve", "--json", path)
    assert result.returncode == 1
    row = json.loads(result.stdout)
    assert row["status"] == "multiple"
    grid = [digit_of(symbol, 25) or 0 for symbol in row["solution"]]
    assert is_solution(Shape.classic(25), grid)


def test_solve_lists_no_more_than_the_ceiling(tmp_path: Path) -> None:
    path = write(tmp_path, "empty.txt", "." * 81 + "\n")
    above = run("solve", "--json", "--all", "--limit", str(MAX_SOLUTIONS + 1), path)
    assert above.returncode == 2 and f"1 to {MAX_SOLUTIONS:,}" in above.stderr
    result = run("solve", "--json", "--all", "--limit", str(MAX_SOLUTIONS), path)
    assert result.returncode == 1
    row = json.loads(result.stdout)
    assert row["status"] == "multiple" and len(set(row["solutions"])) == MAX_SOLUTIONS
