"""``main.py solve`` run as players run it: a subprocess, real and malformed files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli.workers import BATCH, INLINE
from game.engine.rules import is_solution
from game.engine.shape import Shape
from game.engine.symbols import digit_of

ROOT = Path(__file__).resolve().parents[2]
P = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
P_SOLUTION = "635421987942876351187593624821369745764285193593147268379654812418932576256718439"
KEYS = {"file", "index", "size", "givens", "regions", "status", "solution"}


def solve(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "solve", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def json_lines(result: subprocess.CompletedProcess[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in result.stdout.splitlines()]


def grid(text: object, size: int) -> tuple[int, ...]:
    assert isinstance(text, str)
    return tuple(0 if char == "." else digit_of(char, size) or -1 for char in text)


def test_human_output_for_a_seed_file(shared_data: Path) -> None:
    path = shared_data / "seed-puzzles" / "fs-comma-easy.txt"
    result = solve(path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == f"== {path}, puzzle 1 (line 1) =="
    assert lines[1] == "5 9 3 | 6 1 2 | 7 8 4"
    assert lines[4] == "------+-------+------"
    assert lines[12] == "unique solution"


def test_json_for_several_files(shared_data: Path, tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"{P}\n{'.' * 81}\n")
    sdk = (
        shared_data / "real-files/formats/sdk/fiveham_Sudoku_Solver__puzzles_fileformatexample.sdk"
    )
    result = solve("--json", path, sdk)
    assert result.returncode == 1, result.stderr  # the empty grid has several solutions
    first, empty, game = json_lines(result)
    assert set(first) == KEYS
    assert first == {
        "file": str(path),
        "index": 0,
        "size": 9,
        "givens": P,
        "regions": Shape.classic(9).region_labels(),
        "status": "unique",
        "solution": P_SOLUTION,
    }
    assert (empty["index"], empty["status"]) == (1, "multiple")
    shape = Shape.classic(9)
    assert is_solution(shape, grid(empty["solution"], 9))
    # Givens are the clues only: the player's [State] digits are not in them.
    assert game["givens"] == (
        "6.......7....9..2.3.1..259.8....7.13....8....76.3....8.782..1.6.5..3....2.......9"
    )
    assert game["status"] == "unique"


def test_all_lists_solutions_up_to_the_limit(shared_data: Path) -> None:
    path = shared_data / "real-files/jigsaw-comp3258/patrickpang_jigsaw-sudoku__maps_map-gen2.txt"
    result = solve("--json", "--all", "--limit", "3", path)
    assert result.returncode == 1, result.stderr  # several solutions
    (line,) = json_lines(result)
    assert set(line) == KEYS | {"solutions"}
    assert line["status"] == "multiple"
    found = line["solutions"]
    assert isinstance(found, list) and len(found) == 3 and len(set(found)) == 3
    assert line["solution"] == found[0]
    assert isinstance(line["regions"], str)
    shape = Shape.from_regions(line["regions"])
    assert shape.is_jigsaw
    for text in found:
        assert is_solution(shape, grid(text, 9))


def test_all_default_limit_and_unique_puzzles(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(f"{P}\n{'.' * 16}\n")
    unique, small = json_lines(solve("--json", "--all", path))
    assert unique["solutions"] == [P_SOLUTION]
    solutions = small["solutions"]
    assert isinstance(solutions, list)
    assert small["size"] == 4 and len(solutions) == 10  # default limit with --all


def test_jigsaw_human_output_draws_walls(shared_data: Path) -> None:
    path = shared_data / "real-files/jigsaw-comp3258/GavinHU66_jigsaw-sudoku__maps_map.txt"
    result = solve(path)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    # Row 1 of the course layout is 001111222: walls after the 2nd and 6th cells.
    assert lines[1] == "+-------+---------------+-----------+"
    assert lines[2] == "| 6   8 | 2   5   4   3 | 7   9   1 |"
    assert lines[3] == "|       +-------+       |           |"
    assert "unique solution" in lines


def test_no_and_several_solutions_are_answers_with_status_1(shared_data: Path) -> None:
    folder = shared_data / "real-files/jigsaw-comp3258"
    result = solve(
        folder / "patrickpang_jigsaw-sudoku__maps_map-test.txt",
        folder / "GavinHU66_jigsaw-sudoku__maps_map2.txt",
    )
    assert result.returncode == 1 and result.stderr == ""
    assert "no solution" in result.stdout.splitlines()
    assert "multiple solutions: found at least 2 (the search stops at 2)" in result.stdout
    data = json_lines(solve("--json", folder / "patrickpang_jigsaw-sudoku__maps_map-test.txt"))
    assert data[0]["status"] == "none" and data[0]["solution"] is None


def test_bad_files_are_reported_and_the_run_goes_on(shared_data: Path, tmp_path: Path) -> None:
    bad = shared_data / "real-files/bad-inputs"
    missing = tmp_path / "missing.txt"
    good = tmp_path / "good.txt"
    good.write_text(P + "\n")
    files = [
        bad / "16-real-tim1234ltp_jigsaw-sudoku__map.txt",
        bad / "17-real-UO-CIS211_Duck_Sudoku__data_bad.sdk",
        missing,
        good,
    ]
    result = solve("--json", *files)
    assert result.returncode == 2
    rows = json_lines(result)
    assert rows[0] == {
        "file": str(files[0]),
        "index": None,
        "error": "line 19: the jigsaw map has 10 rows of values after its 9 rows of regions; "
        "it needs 9",
    }
    assert rows[1] == {
        "file": str(files[1]),
        "index": 0,
        "error": "line 9, column 1: conflicting givens: 9 appears 2 times in column 1 (r6c1, r9c1)",
    }
    assert rows[2] == {"file": str(missing), "index": None, "error": "no such file"}
    assert rows[3]["status"] == "unique"
    assert result.stderr.splitlines() == [
        f"{files[0]}:19: the jigsaw map has 10 rows of values after its 9 rows of regions; "
        "it needs 9",
        f"{files[1]}:9:1: conflicting givens: 9 appears 2 times in column 1 (r6c1, r9c1)",
        f"{missing}: no such file",
    ]
    assert "Traceback" not in result.stderr


def test_bad_puzzle_in_a_collection_in_human_mode(tmp_path: Path) -> None:
    path = tmp_path / "c.txt"
    path.write_text(f"{P}\n{P[:6]}?{P[7:]}\n{P}\n")
    result = solve(path)
    assert result.returncode == 2
    assert f"{path}, puzzle 2: cannot read: line 2, column 7: unknown character '?'" in (
        result.stdout.splitlines()
    )
    assert result.stdout.count("unique solution") == 2
    assert result.stderr == f"{path}:2:7: unknown character '?'\n"


def test_sixteen_by_sixteen_uses_letters(shared_data: Path) -> None:
    path = shared_data / "real-files/bad-inputs/18-real-UO-CIS211_Duck_Sudoku__data_hexa1.sdk"
    (line,) = json_lines(solve("--json", path))
    assert line["size"] == 16 and line["status"] == "unique"
    assert isinstance(line["solution"], str) and set(line["solution"]) == set("123456789ABCDEFG")
    shape = Shape.classic(16)
    assert is_solution(shape, grid(line["solution"], 16), grid(line["givens"], 16))
    assert len(str(line["regions"])) == 256


@pytest.mark.parametrize("args", [["--limit", "0", "x"], ["--limit", "many", "x"], []])
def test_bad_arguments(args: list[str]) -> None:
    result = solve(*args)
    assert result.returncode == 2
    assert "usage:" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_closed_output_pipe_stops_the_run_quietly_with_141(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    # Far more output than a pipe buffer holds, and past the puzzles settled before
    # worker processes start, so the pool is stopped too.
    path.write_text((P + "\n") * (INLINE + 4 * BATCH))
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "solve", "--json", str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    assert json.loads(first)["status"] == "unique"
    process.stdout.close()
    errors = process.stderr.read()
    assert process.wait(timeout=120) == 141  # what a shell reports for `yes | head`
    assert errors == b""


def relabelled(grid: str, shift: int) -> str:
    """``grid`` with its digits renamed: another puzzle, as hard and as unique."""
    return "".join(char if char == "." else str((int(char) - 1 + shift) % 9 + 1) for char in grid)


def test_long_collection_answers_in_file_order_past_the_workers_start(tmp_path: Path) -> None:
    # Past INLINE puzzles the work goes to worker processes; every answer must
    # still come back in file order, errors in their place, as one process gives.
    lines = [relabelled(P, k % 9) for k in range(INLINE + 3 * BATCH)]
    late = INLINE + BATCH + 7
    lines[late] = "11" + "." * 79  # conflicting givens: an error in a worker's batch
    lines[late + 1] = "." * 81  # several solutions
    lines[late + 2] = "12345678." + "." * 8 + "9" + "." * 63  # none: r1c9 must be 9
    path = tmp_path / "long.txt"
    path.write_text("\n".join(lines) + "\n")
    result = solve("--json", path)
    assert result.returncode == 2  # the conflicting line is an error
    answers = json_lines(result)
    assert [answer["index"] for answer in answers] == list(range(len(lines)))
    assert "conflicting givens" in str(answers[late]["error"])
    assert answers[late + 1]["status"] == "multiple"
    assert answers[late + 2]["status"] == "none"
    for index in (0, INLINE, INLINE + 1, late + 3, len(lines) - 1):
        answer = answers[index]
        assert answer["givens"] == lines[index]
        assert answer["status"] == "unique"
        assert answer["solution"] == relabelled(P_SOLUTION, index % 9)
