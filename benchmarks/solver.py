"""Solver benchmark: how fast and how surely the exact solver settles real puzzles.

Run on demand (not a test):

    .venv/bin/python benchmarks/solver.py [FILE ...] [--limit N] [--against REV]
                                          [--hodoku PYTHON] [--skip-sets]

It prints three tables.

1. **In process**, per set: :func:`solver.settle` counting to two, as ``solve``,
   ``hint``, ``rate`` and the game call it.  Columns: puzzles read, how many came
   back unique, several, none and undecided, how many answers were *wrong* (a
   solution that fails the independent ``rules.is_solution``, or two listed
   solutions that are the same grid), and the median, 99th-percentile and worst
   milliseconds per puzzle.  Without files it uses the public sets in
   ``../shared/data/bench`` (``--limit`` puzzles of each, default 10,000).
2. **Whole process against an earlier commit**: ``main.py solve --json FILE`` on
   the forum-hardest 1106 set, magictour top1465, the 17-clue sample and the first
   2,000 of forum-hardest 1905 11+, CPU milliseconds per puzzle with process start
   included (user plus system time of the child and what it waited for, from
   ``os.wait4``), for this checkout and for ``--against REV`` side by side (the
   least of two runs each, taking turns), with their ratio, and the statuses this
   checkout answered (every solution checked).
3. With ``--hodoku PYTHON`` (the interpreter of a throwaway virtual environment
   with ``hodoku-py`` installed, never a dependency of the game): the summed
   ``Generator().validate`` times of HoDoKu's pure-Python port
   (``HODOKU_NO_ACCEL=1``) on top95, Norvig's hardest, the 17-clue sample and
   forum hardest, against our whole-process CPU on the same files.

**Comparing two commits.**  ``--against REV`` (default ``a02338d``, the last commit
before the search had a budget, when these sets were fast) checks REV out into a
temporary ``git worktree`` and runs the same commands there, so both columns come
from one run on one machine and the ratio is what to read: above 1.0 this checkout
is slower.  Before committing a change to the solver, run it with
``--against HEAD`` (the change against what it changes) and name both commits and
the ratios in the commit message or closing note.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from worktree import checkout  # noqa: E402

from game.engine import solver  # noqa: E402
from game.engine.errors import PuzzleError  # noqa: E402
from game.engine.formats import open_puzzles  # noqa: E402
from game.engine.puzzle import Puzzle  # noqa: E402
from game.engine.rules import is_solution  # noqa: E402

BENCH = ROOT.parent / "shared" / "data" / "bench"
DEFAULT_SETS = [
    "norvig_easy50.txt",
    "norvig_top95.txt",
    "norvig_hardest.txt",
    "norvig_hard1_multi.txt",
    "tdoku_17clue_sample1000.txt",
    "tdoku_puzzles3_magictour_top1465.txt",
    "tdoku_puzzles6_forum_hardest_1106.txt",
    "tdoku_puzzles7_serg_benchmark.txt",
    "norvig_sudoku10k.txt",
    "royle_17clue_49151.txt",
    "tdoku_puzzles5_forum_hardest_1905_11plus.txt",
    "sudoku_exchange_diabolical_se_rated.txt",
]
WHOLE_PROCESS_SETS = [
    ("tdoku_puzzles6_forum_hardest_1106.txt", None),
    ("tdoku_puzzles3_magictour_top1465.txt", None),
    ("tdoku_17clue_sample1000.txt", None),
    ("tdoku_puzzles5_forum_hardest_1905_11plus.txt", 2_000),
]
HODOKU_SETS = [
    "norvig_top95.txt",
    "norvig_hardest.txt",
    "tdoku_17clue_sample1000.txt",
    "tdoku_puzzles6_forum_hardest_1106.txt",
]
BEFORE_THE_BUDGET = "a02338d"


def load(path: Path, limit: int | None) -> list[Puzzle]:
    puzzles = []
    for item in open_puzzles(path):
        if isinstance(item, PuzzleError):
            continue
        puzzles.append(item.puzzle)
        if limit is not None and len(puzzles) >= limit:
            break
    return puzzles


def wrong(puzzle: Puzzle, found: tuple[tuple[int, ...], ...]) -> bool:
    """Whether an answer lists a grid that is no solution, or one grid twice."""
    if not all(is_solution(puzzle.shape, s, puzzle.givens) for s in found):
        return True
    return len(set(found)) != len(found)


def measure(puzzles: list[Puzzle]) -> tuple[Counter[str], list[float]]:
    for puzzle in puzzles[:1]:  # build the shape's tables outside the timing
        solver.settle(puzzle.shape, puzzle.givens)
    verdicts: Counter[str] = Counter()
    times = []
    for puzzle in puzzles:
        start = time.perf_counter()
        analysis = solver.settle(puzzle.shape, puzzle.givens)
        times.append(time.perf_counter() - start)
        verdicts[analysis.status.value] += 1
        verdicts["wrong"] += wrong(puzzle, analysis.solutions)
    return verdicts, sorted(times)


def in_process(files: list[Path], limit: int) -> None:
    header = (
        f"{'set':46} {'puzzles':>7} {'unique':>7} {'several':>7} {'none':>5} "
        f"{'undecided':>9} {'wrong':>5} {'median ms':>9} {'p99 ms':>7} {'max ms':>7}"
    )
    print("settle() in process, counting to two")
    print(header)
    print("-" * len(header))
    for path in files:
        puzzles = load(path, limit)
        if not puzzles:
            print(f"{path.name:46} (no puzzles read)")
            continue
        verdicts, times = measure(puzzles)
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(
            f"{path.name:46} {len(puzzles):>7} {verdicts['unique']:>7} "
            f"{verdicts['multiple']:>7} {verdicts['none']:>5} {verdicts['undecided']:>9} "
            f"{verdicts['wrong']:>5} {statistics.median(times) * 1000:>9.2f} "
            f"{p99 * 1000:>7.2f} {times[-1] * 1000:>7.1f}"
        )


# As on a player's machine, Python keeps the modules it compiled: a process that
# compiles the whole game first spends 50 ms doing it (some shells set
# PYTHONDONTWRITEBYTECODE), which is not the solver's time.
CACHED = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def process_cpu(repo: Path, arguments: list[str]) -> tuple[float, str]:
    """CPU seconds of ``main.py ARGUMENTS`` run in ``repo``, and what it printed.

    The first call for a checkout compiles its modules; :func:`warm` makes that call.
    """
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen(
            [sys.executable, str(repo / "main.py"), *arguments],
            cwd=repo,
            stdout=out,
            stderr=subprocess.DEVNULL,
            env=CACHED,
        )
        _pid, _status, usage = os.wait4(child.pid, 0)
        child.returncode = 0  # reaped by wait4; keep Popen from waiting again
        out.seek(0)
        text = out.read().decode(errors="replace")
    return usage.ru_utime + usage.ru_stime, text


def answers(text: str, puzzles: list[Puzzle]) -> Counter[str]:
    """The statuses ``solve --json`` printed, with each solution checked."""
    tally: Counter[str] = Counter()
    for line in text.splitlines():
        record = json.loads(line)
        status = record.get("status", "error")
        tally[status] += 1
        index = record.get("index")
        solution = record.get("solution")
        if isinstance(index, int) and index < len(puzzles) and isinstance(solution, str):
            puzzle = puzzles[index]
            grid = Puzzle.from_string(solution, regions=puzzle.shape.regions).givens
            tally["wrong"] += not is_solution(puzzle.shape, grid, puzzle.givens)
    return tally


def sample_file(folder: Path, name: str, count: int | None) -> tuple[Path, list[Puzzle]]:
    """The set ``name`` (its first ``count`` lines when given) and its puzzles."""
    source = BENCH / name
    if count is None:
        return source, load(source, None)
    lines = [x for x in source.read_text().splitlines() if x.strip()][:count]
    path = folder / f"first{count}-{name}"
    path.write_text("\n".join(lines) + "\n")
    return path, load(path, None)


def whole_process(rev: str) -> dict[str, float]:
    """Table 2; returns this checkout's CPU seconds per set, for table 3."""
    ours: dict[str, float] = {}
    header = f"{'set':46} {'puzzles':>7} {'ms/puzzle':>9} {rev[:12]:>12} {'ratio':>6}"
    header += "  answers (this checkout)"
    print(f"\n`main.py solve --json FILE`, CPU per puzzle, process start included, against {rev}")
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory() as scratch, checkout(rev) as other:
        warm(ROOT)
        warm(other)
        for name, count in WHOLE_PROCESS_SETS:
            if not (BENCH / name).exists():
                continue
            path, puzzles = sample_file(Path(scratch), name, count)
            cpu, before, text = paired_cpu(ROOT, other, ["solve", "--json", str(path)])
            ours[name] = cpu
            tally = ", ".join(f"{k} {v}" for k, v in sorted(tally_items(answers(text, puzzles))))
            label = name if count is None else f"{name} (first {count})"
            print(
                f"{label:46} {len(puzzles):>7} {cpu / len(puzzles) * 1000:>9.2f} "
                f"{before / len(puzzles) * 1000:>12.2f} {cpu / before:>6.2f}  {tally}"
            )
    return ours


ROUNDS = 2
"""Runs of each command per checkout in :func:`paired_cpu`."""


def paired_cpu(ours: Path, other: Path, arguments: list[str]) -> tuple[float, float, str]:
    """The least CPU seconds of ``main.py ARGUMENTS`` over :data:`ROUNDS` runs in each
    checkout, taking turns and swapping who goes first, and what this one printed.

    One run each, this checkout first, read 12-16 % slower on two sets where four
    alternating runs read 0.99: the machine's speed drifts within a run of a few
    seconds, so the order and a single sample decided the ratio.
    """
    times: dict[Path, list[float]] = {ours: [], other: []}
    text = ""
    for turn in range(ROUNDS):
        for repo in (ours, other) if turn % 2 == 0 else (other, ours):
            cpu, printed = process_cpu(repo, arguments)
            times[repo].append(cpu)
            if repo is ours:
                text = printed
    return min(times[ours]), min(times[other]), text


def warm(repo: Path) -> None:
    """Run ``solve --json`` once in ``repo`` so that its modules are compiled and cached."""
    process_cpu(repo, ["solve", "--json", str(BENCH / HODOKU_SETS[1])])


def tally_items(tally: Counter[str]) -> list[tuple[str, int]]:
    return [(k, v) for k, v in tally.items() if v or k == "wrong"]


HODOKU_SCRIPT = """
import sys, time
from hodoku.api import Generator
generator = Generator()
total = 0.0
for line in open(sys.argv[1]):
    text = line.strip()[:81]
    if len(text) != 81:
        continue
    start = time.perf_counter()
    generator.validate(text.replace("0", "."))
    total += time.perf_counter() - start
print(total)
"""


def against_hodoku(python: str) -> None:
    header = f"{'set':46} {'puzzles':>7} {'hodoku s':>9} {'ours s':>7} {'times faster':>12}"
    print("\nHoDoKu's pure-Python validator (summed solve times) against our whole process")
    print(header)
    print("-" * len(header))
    environment = dict(os.environ, HODOKU_NO_ACCEL="1")
    warm(ROOT)
    for name in HODOKU_SETS:
        path = BENCH / name
        if not path.exists():
            continue
        puzzles = load(path, None)
        theirs = float(
            subprocess.run(
                [python, "-c", HODOKU_SCRIPT, str(path)],
                check=True,
                capture_output=True,
                text=True,
                env=environment,
            ).stdout.split()[-1]
        )
        ours, _ = process_cpu(ROOT, ["solve", "--json", str(path)])
        print(f"{name:46} {len(puzzles):>7} {theirs:>9.2f} {ours:>7.2f} {theirs / ours:>12.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="puzzle files (default: bench sets)")
    parser.add_argument("--limit", type=int, default=10_000, help="puzzles per set (default 10000)")
    parser.add_argument(
        "--against", default=BEFORE_THE_BUDGET, help="the commit to compare with (table 2)"
    )
    parser.add_argument("--hodoku", metavar="PYTHON", help="a Python with hodoku-py (table 3)")
    parser.add_argument("--skip-sets", action="store_true", help="leave out table 1")
    args = parser.parse_args()
    files = args.files or [BENCH / name for name in DEFAULT_SETS if (BENCH / name).exists()]
    if not files:
        print("no puzzle files given and no shared bench data found", file=sys.stderr)
        return 2
    if not args.skip_sets:
        in_process(files, args.limit)
    if (BENCH / WHOLE_PROCESS_SETS[0][0]).exists():
        whole_process(args.against)
    if args.hodoku:
        against_hodoku(args.hodoku)
    return 0


if __name__ == "__main__":
    sys.exit(main())
