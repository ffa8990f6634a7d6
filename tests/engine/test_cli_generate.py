"""``main.py generate``: canonical output that reads back, JSON, seeds, and clean failures."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.engine import solver
from game.engine.formats import open_puzzles, parse_text
from game.engine.logic.rating import rate
from game.engine.logic.registry import Level
from game.engine.puzzle import Puzzle, PuzzleRecord
from game.engine.rules import is_solution
from game.engine.shape import Shape
from game.engine.symbols import digit_of

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"size", "givens", "regions", "solution", "level", "score", "seed"}


def generate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["generate", *args])
    out, err = capsys.readouterr()
    return status, out, err


def records(text: str) -> list[PuzzleRecord]:
    found = parse_text(text)
    assert all(isinstance(item, PuzzleRecord) for item in found), found
    return [item for item in found if isinstance(item, PuzzleRecord)]


def test_one_classic_puzzle_is_nine_lines_that_read_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = generate(capsys, "--seed", "5")
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 9 and all(len(line) == 9 for line in lines)
    assert set(out) <= set(".123456789\n")
    (record,) = records(out)
    puzzle = record.puzzle
    assert solver.count_solutions(puzzle.shape, puzzle.givens) == 1
    assert rate(puzzle.shape, puzzle.givens).level is Level.MEDIUM
    assert err.startswith("Medium ") and err.rstrip().endswith("seed 5")


def test_one_jigsaw_puzzle_is_a_comp3258_map(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = generate(capsys, "--variant", "jigsaw", "--difficulty", "easy", "--seed", "2")
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 18 and all(len(line) == 9 for line in lines)
    assert set("".join(lines[:9])) == set("012345678")
    (record,) = records(out)
    assert record.puzzle.shape.is_jigsaw
    assert rate(record.puzzle.shape, record.puzzle.givens).level is Level.EASY


def test_json_objects(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = generate(
        capsys, "--variant", "jigsaw", "--size", "6", "--count", "2", "--seed", "9", "--json"
    )
    assert status == 0
    objects = [json.loads(line) for line in out.splitlines()]
    assert [o["seed"] for o in objects] == [9, 10]
    for found in objects:
        assert set(found) == KEYS
        assert found["size"] == 6 and found["level"] == "Medium"
        shape = Shape.from_regions(found["regions"])
        givens = tuple(0 if c == "." else digit_of(c, 6) or -1 for c in found["givens"])
        solution = tuple(digit_of(c, 6) or -1 for c in found["solution"])
        assert is_solution(shape, solution, givens)
        assert solver.count_solutions(shape, givens) == 1
        assert rate(shape, givens).score == found["score"]


def test_several_puzzles_make_a_collection_that_reads_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = generate(capsys, "--count", "3", "--seed", "40", "--difficulty", "easy")
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 3
    assert all(line.endswith(f"seed {40 + k}") for k, line in enumerate(lines))
    path = tmp_path / "easy.txt"
    path.write_text(out)
    loaded = list(open_puzzles(path))
    assert len(loaded) == 3
    assert all(isinstance(item, PuzzleRecord) for item in loaded)


def test_each_puzzle_of_a_seeded_run_can_be_made_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, several, _ = generate(
        capsys, "--count", "3", "--seed", "70", "--size", "6", "--difficulty", "hard", "--lines"
    )
    _, third, _ = generate(capsys, "--seed", "72", "--size", "6", "--difficulty", "hard", "--lines")
    assert several.splitlines()[2] == third.strip()
    _, again, _ = generate(
        capsys, "--count", "3", "--seed", "70", "--size", "6", "--difficulty", "hard", "--lines"
    )
    assert again == several


def test_symmetry_option(capsys: pytest.CaptureFixture[str]) -> None:
    from game.engine.generation.symmetry import Symmetry, is_symmetric

    _, out, _ = generate(capsys, "--symmetry", "90", "--difficulty", "easy", "--seed", "1")
    (record,) = records(out)
    assert is_symmetric(record.puzzle.givens, 9, Symmetry.QUARTER)


def test_sixteen_by_sixteen(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = generate(capsys, "--size", "16", "--difficulty", "easy", "--seed", "1", "--json")
    found = json.loads(out)
    assert len(found["givens"]) == 256 and set(found["solution"]) == set("123456789ABCDEFG")
    assert isinstance(Puzzle.from_string(found["givens"]), Puzzle)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "7"], "no classic 7x7 puzzles"),
        (["--size", "seven"], "--size: expected a whole number"),
        (["--size", "٩"], "--size: expected a whole number"),
        (["--difficulty", "brutal"], "--difficulty: expected one of"),
        (["--size", "4", "--difficulty", "hard"], "go up to Easy"),
        (["--variant", "xsum"], "--variant: unknown variant"),  # sandwich is made now
        (["--count", "0"], "--count: expected a whole number from 1"),
        (["--seed", "-3"], "--seed: expected a whole number"),
        (["--symmetry", "diagonal"], "--symmetry: expected one of"),
        (["--json", "--lines"], "not allowed with"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(args: list[str], message: str) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "generate", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_ctrl_c_stops_cleanly() -> None:
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "generate", "--difficulty", "easy"]
        + ["--size", "4", "--count", "10000"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    # The first puzzle says the run is under way; no one reads after it, so the run
    # cannot end before the signal, however fast it is (its pipe fills up).
    assert process.stdout.readline()
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130
    assert err == ""
