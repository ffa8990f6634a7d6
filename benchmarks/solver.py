"""Solver benchmark: how fast the exact solver decides unique / multiple / none.

Run on demand (not a test):

    .venv/bin/python benchmarks/solver.py [FILE ...] [--limit N]

Without files it uses the public sets in ``../shared/data/bench`` when present.  Per
set it prints the puzzles read, how many were solved correctly (every solution
checked by the independent ``rules.is_solution``, two distinct ones for puzzles
with several), the median, 99th-percentile and maximum time per puzzle of the
count-to-two that ``main.py solve --json`` needs, puzzles per second, and the cost
of counting to two relative to a plain first-solution search.  It then times the
``main.py solve`` command, process start included, on the seed comma files.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import solver  # noqa: E402
from game.engine.errors import PuzzleError  # noqa: E402
from game.engine.formats import open_puzzles  # noqa: E402
from game.engine.puzzle import Puzzle  # noqa: E402
from game.engine.rules import is_solution  # noqa: E402

BENCH = ROOT.parent / "shared" / "data" / "bench"
SEEDS = ROOT.parent / "shared" / "data" / "seed-puzzles"
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


def load(path: Path, limit: int | None) -> list[Puzzle]:
    puzzles = []
    for item in open_puzzles(path):
        if isinstance(item, PuzzleError):
            continue
        puzzles.append(item.puzzle)
        if limit is not None and len(puzzles) >= limit:
            break
    return puzzles


def correct(puzzle: Puzzle, found: list[tuple[int, ...]]) -> bool:
    if not all(is_solution(puzzle.shape, s, puzzle.givens) for s in found):
        return False
    return len(set(found)) == len(found)


def measure(puzzles: list[Puzzle]) -> dict[str, float]:
    for puzzle in puzzles[:1]:  # build the shape's tables outside the timing
        solver.solutions(puzzle.shape, puzzle.givens, limit=1)
    times = []
    good = 0
    for puzzle in puzzles:
        start = time.perf_counter()
        found = solver.solutions(puzzle.shape, puzzle.givens, limit=2)
        times.append(time.perf_counter() - start)
        good += bool(found) and correct(puzzle, found)
    plain = time.perf_counter()
    for puzzle in puzzles:
        solver.solutions(puzzle.shape, puzzle.givens, limit=1)
    plain = time.perf_counter() - plain
    times.sort()
    total = sum(times)
    return {
        "puzzles": len(puzzles),
        "correct": good,
        "median": statistics.median(times) * 1000,
        "p99": times[min(len(times) - 1, int(len(times) * 0.99))] * 1000,
        "max": times[-1] * 1000,
        "rate": len(puzzles) / total if total else 0.0,
        "ratio": total / plain if plain else 0.0,
    }


def cli_wall_time(path: Path, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "solve", "--json", str(path)],
            check=False,
            capture_output=True,
        )
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="puzzle files (default: bench sets)")
    parser.add_argument("--limit", type=int, default=10_000, help="puzzles per set (default 10000)")
    args = parser.parse_args()
    files = args.files or [BENCH / name for name in DEFAULT_SETS if (BENCH / name).exists()]
    if not files:
        print("no puzzle files given and no shared bench data found", file=sys.stderr)
        return 2
    header = f"{'set':46} {'puzzles':>8} {'correct':>8} {'median ms':>10} {'p99 ms':>8} "
    header += f"{'max ms':>8} {'per s':>8} {'count2/solve':>13}"
    print(header)
    print("-" * len(header))
    for path in files:
        puzzles = load(path, args.limit)
        if not puzzles:
            print(f"{path.name:46} (no puzzles read)")
            continue
        row = measure(puzzles)
        print(
            f"{path.name:46} {row['puzzles']:>8.0f} {row['correct']:>8.0f} {row['median']:>10.2f} "
            f"{row['p99']:>8.2f} {row['max']:>8.2f} {row['rate']:>8.0f} {row['ratio']:>13.2f}"
        )
    comma = sorted(SEEDS.glob("fs-comma-*.txt")) if SEEDS.exists() else []
    if comma:
        print("\n`main.py solve --json FILE`, wall time including process start (best of 3):")
        for path in comma:
            print(f"  {path.name:28} {cli_wall_time(path) * 1000:7.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
