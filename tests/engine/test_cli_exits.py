"""Every command ends with a status from the one table, on every kind of ending.

The statuses of answers and usage are checked through the command line's own
``main`` (quick, in this process); output that cannot be written and signals
through real processes, as a shell or a batch job meets them.  No sleep decides
anything: a signal is sent once the child has said it got there (a line of
output, or its prompt on a terminal), and a child that must not finish before
the signal is held back by an output pipe nobody reads.
"""

from __future__ import annotations

import contextlib
import json
import os
import pty
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.cli import exits
from game.cli.generate import MAX_SEED
from game.cli.workers import INLINE
from game.engine import generator
from game.main import main

ROOT = Path(__file__).resolve().parents[2]
UNIQUE = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
SEVERAL = "." * 16
NONE = "12....3....3...."  # r1c3 and r1c4 both need the 4
UNREADABLE = "11" + "." * 79
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file descriptors and signals")


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    found = {}
    for name, line in {
        "unique": UNIQUE,
        "several": SEVERAL,
        "none": NONE,
        "unreadable": UNREADABLE,
    }.items():
        found[name] = tmp_path / f"{name}.txt"
        found[name].write_text(line + "\n", encoding="utf-8")
    found["mixed"] = tmp_path / "mixed.txt"
    found["mixed"].write_text(f"{UNIQUE}\n{SEVERAL.ljust(81, '.')}\n", encoding="utf-8")
    return found


# -- the table ---------------------------------------------------------------------------


def readme_table() -> list[tuple[int, str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### Exit statuses", 1)[1].split("\n## ", 1)[0]
    return [
        (int(match[1]), match[2])
        for match in re.finditer(r"^\| `(\d+)` \| (.*) \|$", section, re.MULTILINE)
    ]


def test_readme_and_help_show_the_one_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert readme_table() == list(exits.STATUSES)
    for argv in (["--help"], ["solve", "--help"], ["generate", "--help"]):
        assert main(argv) == exits.OK
        shown = capsys.readouterr().out
        assert shown.endswith(exits.epilog() + "\n")
        for status, meaning in exits.STATUSES:
            assert f" {status}  {meaning.split()[0]}" in shown


def test_statuses_are_distinct_and_signals_follow_the_shell_convention() -> None:
    numbers = [status for status, _ in exits.STATUSES]
    assert numbers == sorted(set(numbers))
    assert exits.INTERRUPTED == 128 + signal.SIGINT
    assert exits.TERMINATED == 128 + signal.SIGTERM
    if hasattr(signal, "SIGPIPE"):
        assert exits.CLOSED_PIPE == 128 + signal.SIGPIPE


# -- answers and usage, every command ------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "kind", "status"),
    [
        (["solve"], "unique", exits.OK),
        (["solve", "--json"], "several", exits.INCOMPLETE),
        (["solve"], "none", exits.INCOMPLETE),
        (["solve", "--json"], "mixed", exits.INCOMPLETE),
        (["solve"], "unreadable", exits.USAGE),
        (["hint"], "unique", exits.OK),
        (["hint", "--json"], "several", exits.INCOMPLETE),
        (["hint"], "none", exits.INCOMPLETE),
        (["hint"], "unreadable", exits.USAGE),
        (["hint", "--technique", "X-Wing", "--all"], "unique", exits.OK),
        (["hint", "--technique", "X-Wing"], "several", exits.INCOMPLETE),
        (["hint", "--technique", "No-Such-Wing"], "unique", exits.USAGE),
        (["hint", "--all"], "unique", exits.USAGE),
        (["steps"], "unique", exits.OK),
        (["steps"], "several", exits.INCOMPLETE),
        (["steps"], "none", exits.INCOMPLETE),
        (["steps"], "unreadable", exits.USAGE),
        (["rate"], "unique", exits.OK),
        (["rate", "--json"], "several", exits.INCOMPLETE),
        (["rate"], "unreadable", exits.USAGE),
    ],
)
def test_each_command_answers_with_the_documented_status(
    files: dict[str, Path],
    argv: list[str],
    kind: str,
    status: int,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([*argv, str(files[kind])]) == status
    said = capsys.readouterr()
    assert "Traceback" not in said.err
    if status == exits.USAGE:
        assert said.err
    else:  # every answer is printed, the incomplete ones too, and nothing is an error
        assert said.out and not said.err


def test_unreadable_wins_over_incomplete(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rate", str(files["several"]), str(files["unreadable"])]) == exits.USAGE
    assert main(["solve", str(files["none"]), str(files["unreadable"])]) == exits.USAGE


def test_generate_statuses(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", "--size", "4", "--difficulty", "easy", "--seed", "1"]) == exits.OK
    assert main(["generate", "--size", "4", "--difficulty", "hard"]) == exits.USAGE

    def fails(*args: object, **kwargs: object) -> None:
        raise generator.GenerationFailed("no puzzle within the search limit")

    monkeypatch.setattr(generator, "generate", fails)
    assert main(["generate", "--size", "4", "--difficulty", "easy"]) == exits.INCOMPLETE
    assert "no puzzle within the search limit" in capsys.readouterr().err


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve"]) == exits.USAGE
    assert main(["slove", "p.txt"]) == exits.USAGE
    assert main(["solve", "--no-such-option", "p.txt"]) == exits.USAGE
    assert "Traceback" not in capsys.readouterr().err


# -- numbers -------------------------------------------------------------------------------

INTEGER_FLAGS = [
    ["solve", "--limit", "{}", "p.txt"],
    ["hint", "--puzzle", "{}", "p.txt"],
    ["steps", "--puzzle", "{}", "p.txt"],
    ["generate", "--size", "{}"],
    ["generate", "--count", "{}"],
    ["generate", "--seed", "{}"],
]


@pytest.mark.parametrize("flag", INTEGER_FLAGS, ids=lambda argv: f"{argv[0]} {argv[1]}")
@pytest.mark.parametrize("text", ["٣", "３", "+1", "1_0", " 1", "1 ", "-1", "", "1e3", "9" * 40])
def test_every_integer_flag_takes_ascii_digits_only(
    flag: list[str], text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([part.format(text) for part in flag]) == exits.USAGE
    error = capsys.readouterr().err
    assert f"argument {flag[1]}: expected a whole number" in error and "in digits 0-9" in error


def test_every_seed_a_run_labels_is_one_seed_takes(capsys: pytest.CaptureFixture[str]) -> None:
    small = ["generate", "--size", "4", "--difficulty", "easy", "--json"]
    assert main([*small, "--seed", str(MAX_SEED), "--count", "2"]) == exits.USAGE
    assert "past the highest seed" in capsys.readouterr().err
    assert main([*small, "--seed", str(MAX_SEED - 1), "--count", "2"]) == exits.OK
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["seed"] for row in rows] == [MAX_SEED - 1, MAX_SEED]
    assert main([*small, "--seed", str(MAX_SEED)]) == exits.OK  # the last label, taken back
    (again,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert again == rows[1]


# -- output that cannot be written ---------------------------------------------------------


def command(*args: str | Path) -> list[str]:
    return [sys.executable, str(ROOT / "main.py"), *map(str, args)]


def shell(argv: list[str], redirect: str) -> subprocess.CompletedProcess[str]:
    """``argv`` run by ``sh`` with ``redirect`` applied, as a user types it."""
    return subprocess.run(
        ["sh", "-c", f'exec "$@" {redirect}', "sh", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def every_command(files: dict[str, Path]) -> Iterator[tuple[str, list[str]]]:
    unique = files["unique"]
    yield "solve", command("solve", unique)
    yield "solve", command("solve", "--json", unique)
    yield "hint", command("hint", unique)
    yield "hint", command("hint", "--technique", "Naked Single", "--all", unique)
    yield "steps", command("steps", unique)
    yield "rate", command("rate", "--json", unique)
    yield "generate", command("generate", "--size", "4", "--difficulty", "easy")
    yield "", command("--help")
    yield "solve", command("solve", "--help")


@POSIX
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize(
    ("redirect", "reason"),
    [("> /dev/full", "No space left on device"), (">&-", "standard output is closed")],
)
def test_output_that_cannot_be_written_is_status_3_with_one_line(
    files: dict[str, Path], redirect: str, reason: str
) -> None:
    for name, argv in every_command(files):
        result = shell(argv, redirect)
        assert result.returncode == exits.OUTPUT, (argv, result.stderr)
        prog = f"main.py {name}".strip()
        assert result.stderr == f"{prog}: error: cannot write the output: {reason}\n", argv


@POSIX
def test_a_closed_pipe_stops_every_command_quietly(files: dict[str, Path]) -> None:
    for _, argv in every_command(files):
        reading, writing = os.pipe()
        os.close(reading)  # the reader is gone before the first write
        try:
            result = subprocess.run(
                argv,
                cwd=ROOT,
                stdout=writing,
                capture_output=False,
                stderr=subprocess.PIPE,
                timeout=120,
            )
        finally:
            os.close(writing)
        assert result.returncode == exits.CLOSED_PIPE, (argv, result.stderr)
        assert result.stderr == b"", argv


@POSIX
@pytest.mark.parametrize("redirect", ["2> /dev/full", "2>&-", "2>&- >&-"])
def test_an_error_stream_that_cannot_be_written_changes_nothing_else(
    files: dict[str, Path], redirect: str
) -> None:
    if "/dev/full" in redirect and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    path = files["unreadable"]
    result = shell(command("solve", path), redirect)
    expected = exits.OUTPUT if ">&-" in redirect.replace("2>&-", "") else exits.USAGE
    assert result.returncode == expected
    assert result.stderr == ""
    # The located message for stderr never lands on standard output instead.
    assert f"{path}:1:2:" not in result.stdout


# -- signals -------------------------------------------------------------------------------


def many_puzzles(tmp_path: Path, count: int) -> Path:
    """``count`` different easy puzzles (the digits of one renamed), one per line."""
    lines = []
    for k in range(count):
        shift = k % 9
        lines.append("".join(c if c == "." else str((int(c) - 1 + shift) % 9 + 1) for c in UNIQUE))
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def interrupted(argv: list[str], lines: int, signum: int) -> tuple[int, str]:
    """Start ``argv``, read ``lines`` lines of its output, signal it; status and stderr.

    After those lines nobody reads, so a child with more to print than a pipe
    holds is still running when the signal comes, however fast it is.
    """
    process = subprocess.Popen(
        argv,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a group of its own, so nothing it started outlives the test
    )
    assert process.stdout is not None
    try:
        for _ in range(lines):
            assert process.stdout.readline(), "the command ended before the signal"
        process.send_signal(signum)
        _, errors = process.communicate(timeout=120)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # workers a failing run left behind
        process.wait()
    return process.returncode, errors


@POSIX
@pytest.mark.parametrize(
    ("signum", "status"),
    [(signal.SIGINT, exits.INTERRUPTED), (signal.SIGTERM, exits.TERMINATED)],
    ids=["SIGINT", "SIGTERM"],
)
def test_a_signal_while_workers_solve_stops_them_and_leaks_nothing(
    tmp_path: Path, signum: int, status: int
) -> None:
    path = many_puzzles(tmp_path, INLINE + 20_000)
    # Line INLINE + 1 is printed only once the worker pool is up and answering.
    argv = [sys.executable, "-X", "dev", str(ROOT / "main.py"), "solve", "--json", str(path)]
    returncode, errors = interrupted(argv, INLINE + 1, signum)
    assert returncode == status
    assert errors == "", errors  # no traceback, no "leaked semaphore", no ResourceWarning


@POSIX
@pytest.mark.parametrize(
    "argv",
    [
        ["generate", "--size", "4", "--difficulty", "easy", "--count", "10000"],
        ["rate", "--json", "MANY"],
        ["solve", "MANY"],
    ],
    ids=["generate", "rate", "solve"],
)
def test_ctrl_c_mid_run_is_130_without_a_traceback(tmp_path: Path, argv: list[str]) -> None:
    path = many_puzzles(tmp_path, 3_000)
    args = [str(path) if arg == "MANY" else arg for arg in argv]
    returncode, errors = interrupted(command(*args), 1, signal.SIGINT)
    assert returncode == exits.INTERRUPTED
    assert errors == ""


@POSIX
@pytest.mark.parametrize("name", ["hint", "steps", "rate", "solve"])
def test_ctrl_c_while_a_command_waits_for_typed_input_is_130(name: str) -> None:
    # Standard input is a terminal: the command says it is waiting, then reads.
    controller, terminal = pty.openpty()
    try:
        process = subprocess.Popen(
            command(name, "-"),
            cwd=ROOT,
            stdin=terminal,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert process.stderr is not None
        prompt = process.stderr.readline()
        assert prompt.startswith("Reading a puzzle from the terminal"), prompt
        process.send_signal(signal.SIGINT)
        out, errors = process.communicate(timeout=120)
    finally:
        os.close(terminal)
        os.close(controller)
    assert process.returncode == exits.INTERRUPTED
    assert (out, errors) == ("", "")
