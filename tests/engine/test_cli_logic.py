"""``main.py hint``, ``rate`` and ``steps`` run as a player would run them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Needs a pointing step after singles; unique solution.
TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def sdk_with_state(givens: str, state: str) -> str:
    rows = [givens[i : i + 9] for i in range(0, 81, 9)]
    state_rows = [state[i : i + 9] for i in range(0, 81, 9)]
    return "[Puzzle]\n" + "\n".join(rows) + "\n[State]\n" + "\n".join(state_rows) + "\n"


def test_hint_json_is_one_based(tmp_path: Path) -> None:
    path = write(tmp_path, "p.txt", TOP95_1 + "\n")
    result = run("hint", "--json", path)
    assert result.returncode == 0, result.stderr
    hint = json.loads(result.stdout)
    assert hint["technique"] == "Hidden Single"
    assert hint["placements"] == [[6, 2, 4]]  # r6c2 = 4
    assert hint["eliminations"] == []
    assert "r6c2" in hint["explanation"]
    assert hint["kind"] == "step" and hint["unique"] is True


def test_hint_human_output(tmp_path: Path) -> None:
    path = write(tmp_path, "p.txt", TOP95_1 + "\n")
    result = run("hint", path)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Hidden Single"
    assert lines[-1] == "place r6c2=4"


def test_hint_points_out_a_wrong_saved_entry(tmp_path: Path) -> None:
    state = "49" + TOP95_1[2:]  # r1c2 = 9, but the answer there is 1
    path = write(tmp_path, "game.sdk", sdk_with_state(TOP95_1, state))
    result = run("hint", "--json", path)
    assert result.returncode == 0, result.stderr
    hint = json.loads(result.stdout)
    assert hint["technique"] == "Mistake" and hint["kind"] == "mistake"
    assert "r1c2 is not right" in hint["explanation"]


def test_hint_on_a_solved_game_and_a_puzzle_with_several_solutions(tmp_path: Path) -> None:
    givens = SOLVED[:40] + "." * 41
    done = write(tmp_path, "done.sdk", sdk_with_state(givens, SOLVED))
    result = run("hint", done)
    # Answered, but the givens have several solutions: status 1, as for every command.
    assert result.returncode == 1 and "solved" in result.stdout
    several = write(tmp_path, "several.txt", "." * 81 + "\n")
    result = run("hint", several)
    assert result.returncode == 1
    assert "more than one solution" in result.stdout


def test_hint_reports_unreadable_files_with_a_location(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.txt", "44" + TOP95_1[2:] + "\n")  # two 4s in row 1
    result = run("hint", bad)
    assert result.returncode == 2
    assert result.stderr.startswith(f"{bad}:")
    assert "Traceback" not in result.stderr
    missing = run("hint", tmp_path / "missing.txt")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    beyond = run("hint", "--puzzle", "3", write(tmp_path, "one.txt", TOP95_1 + "\n"))
    assert beyond.returncode == 2 and "no puzzle 3" in beyond.stderr


def test_rate_json_rates_good_puzzles_and_reports_bad_ones(tmp_path: Path) -> None:
    path = write(tmp_path, "set.txt", f"{TOP95_1}\n{'1' * 81}\n{TOP95_1}\n")
    result = run("rate", "--json", path)
    assert result.returncode == 2
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["index"] for row in rows] == [0, 1, 2]
    good = rows[0]
    assert good["file"] == str(path)
    assert good["level"] == "Medium" and good["score"] == 2.6
    assert good["techniques"]["Pointing"] >= 1 and good["solved_by_logic"] is True
    assert "error" in rows[1] and rows[1]["file"] == str(path)
    assert rows[2]["score"] == 2.6
    assert f"{path}:2" in result.stderr


def test_rate_human_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "set.txt", f"{TOP95_1}\n")
    result = run("rate", path)
    assert result.returncode == 0
    assert result.stdout.startswith(f"{path}, puzzle 1: Medium 2.6 (solved by logic")


def test_steps_prints_the_whole_path(tmp_path: Path) -> None:
    path = write(tmp_path, "p.txt", TOP95_1 + "\n")
    result = run("steps", path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(" 1. Hidden Single: ")
    assert lines[1].strip() == "place r6c2=4"
    assert any(". Pointing: " in line for line in lines)
    assert lines[-1].startswith("Solved by logic in 71 steps: Medium, score 2.6")
