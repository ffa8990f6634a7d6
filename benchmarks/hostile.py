"""Hostile-input benchmark: every command on every nasty input, each in its own process.

python benchmarks/hostile.py [--root DIR] [--timeout S] [--only NAME,...] [--keep DIR]

Builds the inputs at full size in a temporary folder (15 MB text files, a 14 MB
OpenSudoku file of 150,000 games, 64 MiB collections, a FIFO ...), then runs
``main.py`` of ``--root`` (default: this checkout) once per case and prints a
table: exit status, wall time, peak resident memory (``ru_maxrss`` from
``os.wait4``) and the first words the command said.  ``--root`` lets the same
cases run on an older checkout, for before/after numbers.

``cpu s`` (user + system time of the process) is the steadier number on a
shared machine, where wall time also counts waiting for a core.

Every process gets an address-space limit (``--memory``, 4 GiB by default) so a
runaway case ends with a MemoryError instead of taking the machine, and a wall
clock limit (``--timeout``), after which it is killed and shown as ``TIMEOUT``.
Targets: every case under 10 s and 500 MB; the special files under 1 s; reading
any file up to the caps under 5 s and 300 MB.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import select
import shutil
import signal
import string
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
MB = 1_000_000

SUMMARISE = """
import os, sys
from game.session.puzzles.library import summarise
folder = sys.argv[1]
for name in sorted(os.listdir(folder)):
    summary = summarise(os.path.join(folder, name))
    print(name, summary.kind or '-', summary.count, summary.problem[:60])
"""
"""What the picker does to list a folder: summarise every file in it."""


@dataclass
class Case:
    """One run of ``main.py`` (or of a Python snippet, for the picker's reading)."""

    name: str
    args: list[str | bytes]
    stdin: bytes | None = None
    env: dict[str, str] = field(default_factory=dict)
    script: str | None = None  # run ``python -c script args`` instead of main.py


@dataclass
class Outcome:
    status: str
    wall: float
    cpu: float
    peak_mb: float
    said: str


def relabelled(count: int, seed: int = 1) -> list[str]:
    """``count`` puzzles: one puzzle with its digits renamed at random (seeded)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        order = list("123456789")
        rng.shuffle(order)
        found.append(PUZZLE.translate(str.maketrans("123456789", "".join(order))))
    return found


def grid_text(line: str) -> str:
    return "".join(line[row * 9 : row * 9 + 9] + "\n" for row in range(9))


def write_repeated(path: Path, unit: bytes, size: int) -> None:
    with open(path, "wb") as stream:
        block = unit * max(1, (1 << 20) // len(unit))
        written = 0
        while written + len(block) <= size:
            stream.write(block)
            written += len(block)
        stream.write(unit * ((size - written) // len(unit)))


def make_inputs(folder: Path) -> dict[str, Path]:
    """Every input file, at full size."""
    files: dict[str, Path] = {}

    def put(name: str, data: bytes) -> Path:
        path = folder / name
        path.write_bytes(data)
        files[name] = path
        return path

    put("p.txt", grid_text(PUZZLE).encode())
    put("p.sdk", b"#ASadMan\n#DA test\n" + grid_text(PUZZLE).encode())
    empty = "." * 81
    put("empty.txt", (empty + "\n").encode())
    put("title.txt", f"{PUZZLE} # {'T' * 60_000}\n".encode())
    layout = list("".join(str(cell // 9) for cell in range(81)))
    layout[8] = "1"  # row 0 (region 0) loses r1c9 to region 1: 8 and 10 cells
    put("jigsaw-8-10.txt", f"{'.' * 81} {''.join(layout)}\n".encode())
    bad_name = folder / os.fsdecode(b"p\xff\x1b[2J.txt")
    bad_name.write_bytes(grid_text(PUZZLE).encode())
    files["bad-name"] = bad_name

    big = folder / "big"
    big.mkdir()
    write_repeated(big / "lines-15mb.txt", b"1 2 3 4 5 6 7 8 9\n", 15 * MB)
    files["lines-15mb"] = big / "lines-15mb.txt"
    rng = random.Random(7)
    alphabet = string.printable.encode()
    chunk = bytes(rng.choice(alphabet) for _ in range(1 << 20))
    with open(big / "random-15mb.txt", "wb") as stream:
        for _ in range(15 * MB // len(chunk)):
            stream.write(chunk)
    files["random-15mb"] = big / "random-15mb.txt"
    games = relabelled(1000)
    with open(big / "games-150k.opensudoku", "w", encoding="utf-8") as text_stream:
        text_stream.write(
            '<?xml version="1.0" encoding="utf-8"?>\n<opensudoku>\n<name>Big</name>\n'
        )
        for number in range(150_000):
            data = games[number % len(games)].replace(".", "0")
            text_stream.write(f'<game data="{data}" />\n')
        text_stream.write("</opensudoku>\n")
    files["games-150k"] = big / "games-150k.opensudoku"
    write_repeated(big / "grids-15mb.txt", grid_text(PUZZLE).encode() + b"\n", 15 * MB)
    files["grids-15mb"] = big / "grids-15mb.txt"

    caps = folder / "caps"
    caps.mkdir()
    lines = "".join(f"{line}\n" for line in relabelled(1000)).encode()
    write_repeated(caps / "collection-64mib.txt", lines, 64 * 1024 * 1024 - len(lines))
    files["collection-64mib"] = caps / "collection-64mib.txt"
    small = b"1234341221434321\n"  # 4x4 puzzles, 17 bytes a line: the most lines per MiB
    write_repeated(caps / "small-64mib.txt", small, 64 * 1024 * 1024 - 1024)
    files["small-64mib"] = caps / "small-64mib.txt"
    with open(caps / "over-cap.txt", "wb") as stream:
        stream.truncate(65 * 1024 * 1024)
    files["over-cap"] = caps / "over-cap.txt"

    fifo = folder / "fifo"
    os.mkfifo(fifo)
    files["fifo"] = fifo
    make_cap_inputs(caps)
    return files


def make_cap_inputs(caps: Path) -> None:
    """Files just under the caps of the formats read whole (made if missing)."""
    grids = caps / "grids-1mib.txt"
    if not grids.exists():
        block = b"".join(grid_text(line).encode() + b"\n" for line in relabelled(100))
        write_repeated(grids, block, 1024 * 1024 - len(block))
    lines = caps / "lines-1mib.txt"
    if not lines.exists():
        write_repeated(lines, b"1 2 3 4 5 6 7 8 9\n" * 9, 1024 * 1024 - 200)
    utf16 = caps / "utf16-16mib.txt"
    if not utf16.exists():
        text = "".join(f"{line}\r\n" for line in relabelled(1000))
        data = text.encode("utf-16-le")
        with open(utf16, "wb") as stream:
            stream.write(b"\xff\xfe")
            for _ in range((16 * 1024 * 1024 - 2) // len(data)):
                stream.write(data)


def cases(files: dict[str, Path]) -> list[Case]:
    def p(name: str) -> str:
        return str(files[name])

    pipe = files["p.txt"].read_bytes()
    sdk = files["p.sdk"].read_bytes()
    found = [Case(f"fifo {command}", [command, p("fifo")]) for command in COMMANDS]
    found += [
        Case("frob (not a command)", ["frob"], env={"SDL_VIDEODRIVER": "dummy"}),
        Case("hint /dev/stdin (pipe)", ["hint", "/dev/stdin"], stdin=pipe),
        Case("rate /dev/stdin (pipe)", ["rate", "/dev/stdin"], stdin=pipe),
        Case("solve /dev/stdin (pipe)", ["solve", "/dev/stdin"], stdin=pipe),
        Case("steps /dev/stdin .sdk", ["steps", "/dev/stdin"], stdin=sdk),
        Case("solve - (stdin)", ["solve", "-"], stdin=pipe),
        Case("solve lines 15 MB", ["solve", p("lines-15mb")]),
        Case("solve random 15 MB", ["solve", p("random-15mb")]),
        Case("solve grids 15 MB", ["solve", p("grids-15mb")]),
        Case("hint grid 100000 of 15 MB", ["hint", "--puzzle", "100000", p("grids-15mb")]),
        Case("solve --json XML 150k", ["solve", "--json", p("games-150k")]),
        Case("hint XML game 150000", ["hint", "--puzzle", "150000", p("games-150k")]),
        Case("solve 60 KB title", ["solve", p("title.txt")]),
        Case("solve jigsaw 8/10", ["solve", p("jigsaw-8-10.txt")]),
        # Strict UTF-8 output, as under a real UTF-8 locale (C.UTF-8 is lenient).
        Case("rate non-UTF-8 name", ["rate", os.fsencode(files["bad-name"])], env=STRICT),
        Case("solve non-UTF-8 name", ["solve", os.fsencode(files["bad-name"])], env=STRICT),
        Case("solve --limit 1e8", ["solve", "--all", "--limit", "100000000", p("empty.txt")]),
        Case("solve --limit 10000", ["solve", "--all", "--limit", "10000", p("empty.txt")]),
        Case("hint 64 MiB, last", ["hint", "--puzzle", "800000", p("collection-64mib")]),
        Case("hint 64 MiB 4x4, 1000000", ["hint", "--puzzle", "1000000", p("small-64mib")]),
        Case("solve over the cap", ["solve", p("over-cap")]),
        Case("hint grid 11000 of 1 MiB", ["hint", "--puzzle", "11000", p("grids-1mib")]),
        Case("solve --json lines 1 MiB", ["solve", "--json", p("lines-1mib")]),
        Case("hint UTF-16 16 MiB, last", ["hint", "--puzzle", "100000", p("utf16-16mib")]),
        Case("picker: 15 MB files", [str(files["lines-15mb"].parent)], script=SUMMARISE),
        Case("picker: cap files", [str(files["over-cap"].parent)], script=SUMMARISE),
    ]
    return found


COMMANDS = ("solve", "hint", "rate", "steps")
STRICT = {"PYTHONIOENCODING": "utf-8"}


def run(case: Case, root: Path, timeout: float, memory: int) -> Outcome:
    """Run one case; its exit status, wall time, peak RSS and first words."""
    if case.script is not None:
        argv: list[str | bytes] = [sys.executable, "-c", case.script, *case.args]
    else:
        argv = [sys.executable, str(root / "main.py"), *case.args]
    env = {**os.environ, "LC_ALL": "C.UTF-8", "PYTHONPATH": str(root), **case.env}

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        return _run(case, argv, root, env, limit, out, err, timeout)


def _run(
    case: Case,
    argv: list[str | bytes],
    root: Path,
    env: dict[str, str],
    limit: Callable[[], None],
    out: IO[bytes],
    err: IO[bytes],
    timeout: float,
) -> Outcome:
    read_end, write_end = os.pipe() if case.stdin is not None else (None, None)
    start = time.perf_counter()
    process = subprocess.Popen(
        argv,
        cwd=root,
        env=env,
        stdin=read_end if read_end is not None else subprocess.DEVNULL,
        stdout=out,
        stderr=err,
        preexec_fn=limit,  # the limit must be set in the child
        start_new_session=True,
    )
    if read_end is not None and write_end is not None:
        os.close(read_end)
        data = case.stdin or b""
        threading.Thread(target=_feed, args=(write_end, data), daemon=True).start()
    status = ""
    rusage = None
    while True:
        pid, code, rusage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() - start > timeout:
            os.killpg(process.pid, signal.SIGKILL)
            pid, code, rusage = os.wait4(process.pid, 0)
            status = "TIMEOUT"
            break
        select.select([], [], [], 0.02)
    wall = time.perf_counter() - start
    process.returncode = 0  # reaped above; keep Popen from waiting again
    if not status:
        status = str(os.waitstatus_to_exitcode(code))
    said = _first_words(err) or _first_words(out)
    if b"Traceback" in _all(err):
        said = "TRACEBACK " + _last_line(err)
    cpu = rusage.ru_utime + rusage.ru_stime
    return Outcome(status, wall, cpu, rusage.ru_maxrss / 1024, said)


def _feed(fd: int, data: bytes) -> None:
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
    except OSError:
        pass


def _all(stream: IO[bytes]) -> bytes:
    stream.seek(0)
    data: bytes = stream.read()
    return data


def _first_words(stream: IO[bytes]) -> str:
    for line in _all(stream).decode("utf-8", "backslashreplace").splitlines():
        if line.strip():
            return line.strip()
    return ""


def _last_line(stream: IO[bytes]) -> str:
    lines = [line for line in _all(stream).decode("utf-8", "replace").splitlines() if line]
    return lines[-1] if lines else ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout whose main.py runs")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a kill")
    parser.add_argument("--memory", type=int, default=4096, help="address-space limit, MiB")
    parser.add_argument("--only", default="", help="comma-separated parts of case names")
    parser.add_argument("--keep", type=Path, help="build the inputs here and keep them")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="hostile-"))
    folder.mkdir(parents=True, exist_ok=True)
    marker = folder / "fifo"
    files = _existing(folder) if marker.exists() else make_inputs(folder)
    if marker.exists():
        make_cap_inputs(folder / "caps")
        files = _existing(folder)
    wanted = [part for part in args.only.split(",") if part]

    def chosen(case: Case) -> bool:
        return not wanted or any(part in case.name for part in wanted)

    print(f"{'case':28} {'exit':>7} {'wall s':>7} {'cpu s':>6} {'peak MB':>8}  said")
    try:
        for case in cases(files):
            if not chosen(case):
                continue
            outcome = run(case, args.root.resolve(), args.timeout, args.memory << 20)
            said = outcome.said.encode("ascii", "backslashreplace").decode()[:70]
            print(
                f"{case.name:28} {outcome.status:>7} {outcome.wall:7.2f} {outcome.cpu:6.2f} "
                f"{outcome.peak_mb:8.0f}  {said}",
                flush=True,
            )
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


def _existing(folder: Path) -> dict[str, Path]:
    """The inputs of an earlier ``--keep`` run, found again by name."""
    files = {path.name: path for path in folder.iterdir() if path.is_file()}
    for sub in ("big", "caps"):
        for path in (folder / sub).iterdir():
            files[path.stem] = path
    files["fifo"] = folder / "fifo"
    bad = [path for path in folder.iterdir() if b"\xff" in os.fsencode(path.name)]
    files["bad-name"] = bad[0]
    return files


if __name__ == "__main__":
    sys.exit(main())
