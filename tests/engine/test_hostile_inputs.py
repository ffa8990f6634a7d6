"""Hostile inputs: every command ends quickly, within memory, with a message and no traceback.

Each case runs ``main.py`` as a player would, in its own process, under a
wall-clock timeout and an address-space limit (``RLIMIT_AS``), and asserts the
exit status, the message and the absence of a traceback.  The files are made at
test time and kept small enough to prove each point quickly; the full-size
cases (15 MB texts, 150,000 XML games, 64 MiB collections) are in
``benchmarks/hostile.py``.
"""

from __future__ import annotations

import os
import random
import resource
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cli.files import shown
from game.engine.errors import FileTooLargeError, FormatError
from game.engine.formats import GRIDS_CAP, MAX_TITLE, file_problem, open_bytes, open_puzzles

ROOT = Path(__file__).resolve().parents[2]
P = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
GRID = "".join(P[row * 9 : row * 9 + 9] + "\n" for row in range(9))
MEMORY = 1 << 30
"""Address space each command may use: far above what a bounded command needs."""
TIMEOUT = 30
"""Seconds before a command counts as hung (a bounded one takes about one)."""


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(
    *args: str | bytes | Path,
    stdin: bytes | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """``main.py ARGS`` under the limits; asserts it ended by itself without a traceback."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *(os.fspath(arg) for arg in args)],
        cwd=ROOT,
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        timeout=TIMEOUT,
        preexec_fn=_limit,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})},
    )
    assert b"Traceback" not in result.stderr, result.stderr.decode(errors="replace")
    return result


def said(result: subprocess.CompletedProcess[bytes]) -> str:
    return (result.stdout + result.stderr).decode("utf-8", "replace")


# -- special files --------------------------------------------------------------------


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("command", ["solve", "hint", "rate", "steps"])
def test_a_fifo_nobody_writes_to_is_refused_at_once(command: str, fifo: Path) -> None:
    result = run(command, fifo)
    assert result.returncode == 2
    assert f"{fifo}: a pipe with nothing in it (nobody is writing to it)" in said(result)


def test_special_files_are_refused_by_kind(tmp_path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    sock = tmp_path / "sock"
    server.bind(str(sock))
    loop = tmp_path / "loop"
    loop.symlink_to(tmp_path / "loop")
    try:
        result = run("solve", tmp_path, "/dev/zero", sock, loop, tmp_path / "missing")
    finally:
        server.close()
    assert result.returncode == 2
    text = said(result)
    assert f"{tmp_path}: this is a directory, not a puzzle file" in text
    assert "/dev/zero: this is a device, not a puzzle file" in text
    assert f"{sock}: this is a socket, not a puzzle file" in text
    assert f"{loop}: a link that loops back on itself" in text
    assert f"{tmp_path / 'missing'}: no such file" in text


def test_file_problem_never_opens(tmp_path: Path, fifo: Path) -> None:
    (tmp_path / "p.txt").write_text(GRID)
    assert file_problem(str(tmp_path / "p.txt")) is None
    assert file_problem(str(fifo)) == "this is a named pipe (FIFO), not a puzzle file"
    assert file_problem(str(fifo), pipes=True) is None
    assert file_problem("/dev/null") == "this is a device, not a puzzle file"
    assert file_problem(str(tmp_path)) == "this is a directory, not a puzzle file"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "secret.txt"
    path.write_text(GRID)
    path.chmod(0)
    result = run("rate", path)
    assert result.returncode == 2
    assert f"{path}: permission denied" in said(result)


# -- pipes and standard input -----------------------------------------------------------


@pytest.mark.parametrize("command", ["solve", "hint", "rate", "steps"])
@pytest.mark.parametrize("name", ["-", "/dev/stdin"])
def test_every_command_reads_a_multi_line_grid_from_a_pipe(command: str, name: str) -> None:
    result = run(command, name, stdin=GRID.encode())
    assert result.returncode == 0, said(result)
    assert "the file is empty" not in said(result)


def test_an_opensudoku_file_through_standard_input() -> None:
    xml = f'<opensudoku><name>Piped</name><game data="{P.replace(".", "0")}"/></opensudoku>'
    result = run("solve", "--json", "-", stdin=xml.encode())
    assert result.returncode == 0, said(result)
    assert b'"status": "unique"' in result.stdout


def test_an_empty_pipe_is_refused() -> None:
    result = run("hint", "/dev/stdin", stdin=b"")
    assert result.returncode == 2
    assert "a pipe with nothing in it" in said(result)


def test_a_silent_pipe_is_given_up(fifo: Path) -> None:
    from game.engine.formats.source import read_pipe

    # Opened for reading and writing, the FIFO has a writer that never writes.
    held = os.open(fifo, os.O_RDWR)
    try:
        with pytest.raises(FormatError, match=r"the pipe sent nothing for 0.2 s; given up"):
            read_pipe(str(fifo), 1000, stall=0.2)
        os.write(held, GRID.encode())
        with pytest.raises(FileTooLargeError, match="the pipe sends more than"):
            read_pipe(str(fifo), 10, stall=0.2)
    finally:
        os.close(held)


def test_standard_input_that_is_not_a_pipe_is_a_device() -> None:
    result = run("solve", "/dev/stdin")  # standard input is /dev/null here
    assert result.returncode == 2
    assert "this is a device, not a puzzle file" in said(result)


# -- size, time and memory --------------------------------------------------------------


def test_a_big_text_that_is_no_collection_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "lines.txt"
    path.write_bytes(b"1 2 3 4 5 6 7 8 9\n" * (GRIDS_CAP // 18 + 1000))
    result = run("solve", path)
    assert result.returncode == 2
    assert "files that are not one puzzle per line are read up to 1 MiB" in said(result)


def test_random_text_is_refused(tmp_path: Path) -> None:
    rng = random.Random(3)
    alphabet = b"0123456789abcdefghijklmnopqrstuvwxyz .|-\n\t\r"
    path = tmp_path / "random.txt"
    path.write_bytes(bytes(rng.choices(alphabet, k=600_000)))
    result = run("solve", path)
    assert result.returncode == 2
    assert f"{path}:" in said(result)


def test_stacked_grids_are_read_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "lines.txt"
    path.write_bytes(b"1 2 3 4 5 6 7 8 9\n" * 9 * 300)  # 300 grids, every one clashing
    result = run("solve", "--json", path)
    assert result.returncode == 2
    assert result.stdout.count(b'"error"') == 300


def test_a_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "data.bin"
    path.write_bytes(random.Random(1).randbytes(200_000))
    result = run("rate", path)
    assert result.returncode == 2
    assert "the file is not text" in said(result)


def test_utf16_without_a_bom(tmp_path: Path) -> None:
    path = tmp_path / "grid.txt"
    path.write_bytes(GRID.encode("utf-16-le"))
    result = run("solve", path)
    assert result.returncode == 0, said(result)
    assert "unique solution" in said(result)


def test_over_the_size_cap(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with open(path, "wb") as stream:
        stream.truncate(65 * 1024 * 1024)  # sparse: costs no disk
    result = run("steps", path)
    assert result.returncode == 2
    assert "the file is 65.0 MiB; files are read up to 64 MiB" in said(result)


def test_opensudoku_games_are_read_as_they_are_asked_for(tmp_path: Path) -> None:
    path = tmp_path / "many.opensudoku"
    game = f'<game data="{P.replace(".", "0")}"/>\n'
    path.write_text("<opensudoku><name>Many</name>\n" + game * 20_000 + "</opensudoku>\n")
    result = run("hint", "--puzzle", "20000", path)
    assert result.returncode == 0, said(result)
    result = run("hint", "--puzzle", "20001", path)
    assert result.returncode == 2
    assert "there is no puzzle 20001: the file holds 20000 puzzles" in said(result)


BOMB = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<opensudoku><name>&lol9;</name><game data="&lol9;"/></opensudoku>
"""


@pytest.mark.parametrize(
    "text",
    [
        BOMB,
        '<?xml version="1.0"?>\n<!DOCTYPE o SYSTEM "file:///etc/passwd">\n<opensudoku/>',
        # Past the first chunk, where a check of the head alone would not look.
        "<opensudoku>" + " " * 2_000_000 + '<!DOCTYPE x [<!ENTITY a "b">]></opensudoku>',
    ],
    ids=["billion-laughs", "external", "late"],
)
def test_xml_declarations_are_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bomb.opensudoku"
    path.write_text(text)
    result = run("solve", path)
    assert result.returncode == 2
    text_said = said(result)
    assert "DOCTYPE" in text_said or "not well-formed" in text_said


def test_the_puzzle_count_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine.formats import collection, opensudoku

    monkeypatch.setattr(collection, "MAX_PUZZLES", 3)
    monkeypatch.setattr(opensudoku, "MAX_PUZZLES", 3)
    path = tmp_path / "five.txt"
    path.write_text(f"{P}\n" * 5)
    lines = open_puzzles(path)
    items = list(lines)
    assert len(items) == 4
    assert isinstance(items[3], FormatError)
    assert "only the first" in items[3].reason
    assert lines.count == 4
    game = f'<game data="{P.replace(".", "0")}"/>'
    xml = open_bytes(f"<opensudoku>{game * 5}</opensudoku>".encode(), "x.opensudoku")
    assert xml.count == 4
    with pytest.raises(FormatError, match="only the first"):
        xml.record(3)


# -- what a file says -----------------------------------------------------------------


def test_a_long_title_is_cut(tmp_path: Path) -> None:
    path = tmp_path / "title.txt"
    path.write_text(f"{P} # {'T' * 60_000}\n")
    record = open_puzzles(path).record(0)
    assert len(record.title) == MAX_TITLE
    assert record.title.endswith("\u2026")
    result = run("solve", path)
    assert result.returncode == 0
    assert max(len(line) for line in result.stdout.splitlines()) < MAX_TITLE + 100


def test_a_title_cannot_drive_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "title.txt"
    path.write_bytes(f"{P} # \x1b[2J\x1b]0;owned\x07 Nice\n".encode())
    result = run("solve", path)
    assert result.returncode == 0
    assert b"\x1b" not in result.stdout and b"\x07" not in result.stdout
    assert b"Nice" in result.stdout


def test_a_jigsaw_line_with_wrong_region_sizes_is_refused(tmp_path: Path) -> None:
    layout = list("".join(str(cell // 9) for cell in range(81)))
    layout[8] = "1"  # region 0 gives r1c9 to region 1: 8 and 10 cells
    path = tmp_path / "jigsaw.txt"
    path.write_text(f"{'.' * 81} {''.join(layout)}\n")
    result = run("solve", path)
    assert result.returncode == 2
    assert f"{path}:1:83: region '0' has 8 cells; each region needs 9" in said(result)


def test_a_solution_after_the_givens_is_no_layout() -> None:
    solution = "635421987942876351187593624821369745764285193593147268379654812418932576256718439"
    record = open_bytes(f"{P} {solution}\n".encode(), "x.txt").record(0)
    assert not record.puzzle.shape.is_jigsaw


# -- the command line -----------------------------------------------------------------


@pytest.mark.parametrize("command", ["rate", "solve"])
def test_a_name_that_is_not_utf8_with_an_escape_sequence(tmp_path: Path, command: str) -> None:
    path = os.fsencode(tmp_path) + b"/p\xff\x1b[2J.txt"
    with open(path, "wb") as stream:
        stream.write(GRID.encode())
    result = run(command, path)
    assert result.returncode == 0, said(result)
    assert b"\x1b" not in result.stdout + result.stderr
    assert b"p\\xff\\x1b[2J.txt" in result.stdout


@pytest.mark.parametrize(
    "args",
    [["frob"], ["--windowed", "frob"], ["--size", "800x600", "slove", "p.txt"]],
)
def test_a_word_that_is_no_command_nor_file(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    text = said(result)
    assert "is neither a command nor a file or folder" in text
    assert "solve, generate, hint, rate, steps" in text


def test_the_solution_limit_has_a_ceiling(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("." * 81 + "\n")
    result = run("solve", "--all", "--limit", "100000000", path)
    assert result.returncode == 2
    assert "expected a whole number from 1 to 1,000" in said(result)


def test_the_limit_ceiling_is_the_solvers() -> None:
    """The CLI repeats the solver's ceiling so that --help need not import it."""
    from game.cli.solve import MAX_LIMIT
    from game.engine.solver import MAX_SOLUTIONS

    assert MAX_LIMIT == MAX_SOLUTIONS


# -- names on the terminal ------------------------------------------------------------


@settings(max_examples=60)
@given(st.text())
def test_shown_names_are_printable_and_encodable(name: str) -> None:
    text = shown(name)
    assert text.isprintable()
    text.encode("utf-8")  # strict: no lone surrogate survives


@settings(max_examples=60)
@given(st.binary(min_size=1).filter(lambda b: b"/" not in b and b"\x00" not in b))
def test_shown_file_names_from_bytes(raw: bytes) -> None:
    text = shown(os.fsdecode(raw))
    assert text.isprintable()
    assert all(ord(char) >= 0x20 for char in text)
    if raw.isascii() and all(0x20 <= byte < 0x7F and byte != 0x5C for byte in raw):
        assert text == raw.decode()


@settings(max_examples=60)
@given(st.text(), st.text())
def test_different_names_look_different(first: str, second: str) -> None:
    if first != second:
        assert shown(first) != shown(second)


def test_pipes_are_no_regular_files_to_the_picker(fifo: Path) -> None:
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert file_problem(str(fifo)) is not None


def test_too_large_errors_are_format_errors() -> None:
    assert issubclass(FileTooLargeError, FormatError)


@settings(max_examples=60)
@given(st.sampled_from([4, 9]), st.data())
def test_first_clash_is_the_first_conflict(size: int, data: st.DataObject) -> None:
    from game.engine.formats.build import classic_shape, first_clash
    from game.engine.rules import conflicts

    shape = classic_shape(size)
    givens = tuple(data.draw(st.lists(st.integers(0, size), min_size=size**2, max_size=size**2)))
    found = conflicts(shape, givens)
    assert first_clash(shape, givens) == (found[0].cells if found else ())


@pytest.mark.parametrize(
    "text",
    [
        "<opensudoku><name>Box</name><folder name='Easy \u202eone'>"
        + f'<game data="{P.replace(".", "0")}"/>' * 3
        + f'<game data="{"1" * 81}"/></folder></opensudoku>',
        f"Grid 01\n{GRID}Grid 02\n{GRID}\n" + "1 2 3 4 5 6 7 8 9\n" * 9,
        f"{GRID}\n{GRID}\n{GRID}",
    ],
    ids=["xml", "titled-grids", "grids"],
)
def test_titles_without_building_puzzles_match_the_records(text: str) -> None:
    opened = open_bytes(text.encode(), "t.txt")
    titles = opened.titles()
    assert len(titles) == opened.count
    for item, title in zip(opened, titles, strict=True):
        if not isinstance(item, ValueError):  # a bad puzzle's title is "" or as written
            assert title == item.title
