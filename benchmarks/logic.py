"""Logic benchmark: what the hint engine solves, how fast hints come, how scores rank.

Run on demand (not a test; the full run takes several minutes)::

    .venv/bin/python benchmarks/logic.py                 # everything
    .venv/bin/python benchmarks/logic.py --limit 200     # first 200 of each set
    .venv/bin/python benchmarks/logic.py --jobs 2 --se 500

It prints one table with, per puzzle set (the hard classic sets in the shared data):

- how many puzzles the logic engine solves, how many without the last resort
  (forcing chains and trial), how many needed it and how many such steps;
- wrong steps: placements or removals that disagree with the solution (must be 0);
- next-hint latency: the time of :func:`next_step` at every position along each
  puzzle's logical path (median, 99th percentile, maximum), which is what a player
  asking for a hint at that point waits.  It is measured as CPU time, so other
  work on a shared machine does not inflate it; the wall-clock 99th percentile is
  printed beside it;

The same walk runs on the rated Sudoku Exchange bank's puzzles that Sudoku
Explainer puts at 8.0 to 9.2 (``--hard`` of them, spread evenly over the file),
the issue's measure of the repertoire gap (HoDoKu solves about 57 % of them
without a last resort); the table adds their median :func:`rating.rate` time.

Last, the Spearman rank correlation between our score (:func:`rating.rate`) and
the published Sudoku Explainer ratings of ``--se`` puzzles of that bank from line
``--se-from`` on (by default beyond the first 2,000, which tuned the scale; ties
get average ranks; stdlib only).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import solver  # noqa: E402
from game.engine.logic import CandidateGrid, next_step  # noqa: E402
from game.engine.logic.rating import rate  # noqa: E402
from game.engine.shape import Shape  # noqa: E402

BENCH = ROOT.parent / "shared" / "data" / "bench"
SETS = (
    "norvig_top95.txt",
    "tdoku_puzzles3_magictour_top1465.txt",
    "tdoku_17clue_sample1000.txt",
)
RATED = "sudoku_exchange_diabolical_se_rated.txt"
SHAPE = Shape.classic(9)


@dataclass
class Walk:
    """One puzzle's logical path as the benchmark saw it."""

    solved: bool
    last_resort_steps: int
    wrong_steps: int
    latencies: list[float]
    walls: list[float]
    score: float
    techniques: Counter[str] = field(default_factory=Counter)


def parse(line: str) -> list[int]:
    return [0 if ch in ".0" else int(ch) for ch in line[:81]]


def walk(line: str) -> Walk:
    """Follow the simplest path, timing every next-step call and checking every step."""
    grid = parse(line)
    solution = solver.solve(SHAPE, grid)
    assert solution is not None, line
    position = CandidateGrid.from_grid(SHAPE, grid)
    latencies = []
    walls = []
    wrong = 0
    last_resort = 0
    score = 0.0
    techniques: Counter[str] = Counter()
    while not position.is_solved():
        wall = time.perf_counter()
        start = time.process_time()
        step = next_step(position)
        latencies.append(time.process_time() - start)
        walls.append(time.perf_counter() - wall)
        if step is None:
            break
        techniques[step.technique] += 1
        last_resort += step.last_resort
        score = max(score, step.rating)
        wrong += sum(solution[c] != d for c, d in step.placements)
        wrong += sum(solution[c] == d for c, d in step.eliminations)
        position = position.apply(step.placements, step.eliminations)
    return Walk(position.is_solved(), last_resort, wrong, latencies, walls, score, techniques)


def se_score(line: str) -> float:
    return rate(SHAPE, parse(line)).score


def rate_time(line: str) -> float:
    """CPU seconds :func:`rate` takes on one puzzle (what ``main.py rate`` spends)."""
    start = time.process_time()
    rate(SHAPE, parse(line))
    return time.process_time() - start


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rho: Pearson's correlation of the ranks, ties sharing their mean rank."""
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / math.sqrt(vx * vy) if vx and vy else 0.0


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[rank - 1]


def read(name: str, limit: int | None, every: int) -> list[str]:
    lines = [line.strip() for line in (BENCH / name).read_text().splitlines() if line.strip()]
    return lines[::every][:limit]


def read_rated(count: int, start: int = 0) -> list[tuple[str, float]]:
    rows = []
    for line in (BENCH / RATED).read_text().splitlines()[start : start + count]:
        _hash, puzzle, rating = line.split()
        rows.append((puzzle, float(rating)))
    return rows


def read_hard(count: int) -> list[str]:
    """``count`` puzzles rated 8.0 to 9.2, spread evenly over the whole bank."""
    rows = read_rated(10**6)
    hard = [p for p, r in rows if 8.0 <= r <= 9.2]
    every = max(1, len(hard) // count) if count else 1
    return hard[::every][:count]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--limit", type=int, default=None, help="puzzles per set (default all)")
    parser.add_argument("--every", type=int, default=1, help="take every k-th puzzle")
    parser.add_argument("--se", type=int, default=2000, help="rated puzzles to correlate")
    parser.add_argument(
        "--se-from", type=int, default=2000, help="first rated line to correlate (0-based)"
    )
    parser.add_argument(
        "--hard", type=int, default=400, help="SE 8.0-9.2 puzzles to walk (0: none)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--skip-sets", action="store_true", help="only the correlation")
    parser.add_argument("--techniques", action="store_true", help="print technique counts")
    args = parser.parse_args(argv)
    if not BENCH.is_dir():
        sys.exit(f"shared data not found at {BENCH}")

    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        rows = []
        all_latencies: list[float] = []
        all_walls: list[float] = []
        used: Counter[str] = Counter()
        hard_times: list[float] = []
        if not args.skip_sets:
            sets = [
                (name.removesuffix(".txt"), read(name, args.limit, args.every)) for name in SETS
            ]
            if args.hard:
                hard = read_hard(args.hard)
                sets.append(("se_rated 8.0-9.2", hard))
                hard_times = sorted(pool.map(rate_time, hard, chunksize=4))
            for name, lines in sets:
                started = time.perf_counter()
                walks = list(pool.map(walk, lines, chunksize=4))
                elapsed = time.perf_counter() - started
                latencies = sorted(t for w in walks for t in w.latencies)
                walls = sorted(t for w in walks for t in w.walls)
                all_latencies.extend(latencies)
                all_walls.extend(walls)
                for w in walks:
                    used.update(w.techniques)
                rows.append(
                    (
                        name,
                        len(walks),
                        sum(w.solved for w in walks),
                        sum(w.solved and not w.last_resort_steps for w in walks),
                        sum(w.last_resort_steps > 0 for w in walks),
                        sum(w.last_resort_steps for w in walks),
                        sum(w.wrong_steps for w in walks),
                        len(latencies),
                        statistics.median(latencies) * 1000,
                        percentile(latencies, 0.99) * 1000,
                        latencies[-1] * 1000,
                        percentile(walls, 0.99) * 1000,
                        elapsed,
                    )
                )
        se_rows = read_rated(args.se, args.se_from)
        started = time.perf_counter()
        ours = list(pool.map(se_score, [p for p, _r in se_rows], chunksize=8))
        se_elapsed = time.perf_counter() - started

    header = (
        f"{'set':<38}{'n':>6}{'solved':>8}{'logic':>8}{'logic%':>8}{'LR puz':>8}"
        f"{'LR steps':>9}{'wrong':>7}{'hints':>8}{'med ms':>8}{'p99 ms':>8}{'max ms':>9}"
        f"{'wall p99':>9}{'time s':>8}"
    )
    if rows:
        print(header)
        print("-" * len(header))
        for name, n, solved, logic, lr_puz, lr_steps, wrong, hints, med, p99, top, wp99, t in rows:
            print(
                f"{name:<38}{n:>6}{solved:>8}{logic:>8}{100 * logic / n:>7.1f}%{lr_puz:>8}"
                f"{lr_steps:>9}{wrong:>7}{hints:>8}{med:>8.2f}{p99:>8.1f}{top:>9.0f}"
                f"{wp99:>9.1f}{t:>8.0f}"
            )
        all_latencies.sort()
        all_walls.sort()
        print("-" * len(header))
        print(
            f"{'all positions':<38}{'':>6}{'':>8}{'':>8}{'':>8}{'':>8}{'':>9}{'':>7}"
            f"{len(all_latencies):>8}{statistics.median(all_latencies) * 1000:>8.2f}"
            f"{percentile(all_latencies, 0.99) * 1000:>8.1f}{all_latencies[-1] * 1000:>9.0f}"
            f"{percentile(all_walls, 0.99) * 1000:>9.1f}"
        )
        print("(latencies in ms of CPU time per next_step call; LR = last resort)")
        if hard_times:
            print(
                f"rate() on {len(hard_times)} SE 8.0-9.2 puzzles: median "
                f"{statistics.median(hard_times) * 1000:.0f} ms, p90 "
                f"{percentile(hard_times, 0.9) * 1000:.0f} ms, max {hard_times[-1] * 1000:.0f} ms "
                "(CPU)"
            )
        print()
    if args.techniques and used:
        print("Steps by technique (puzzle sets):")
        for name, count in used.most_common():
            print(f"  {name:<32}{count:>8}")
        print()
    if not se_rows:
        return
    theirs = [r for _p, r in se_rows]
    print(
        f"Spearman rho, our score vs Sudoku Explainer, {len(se_rows)} of {RATED} "
        f"from line {args.se_from + 1}: "
        f"{spearman(ours, theirs):.3f}  ({se_elapsed:.0f} s, "
        f"{sum(1 for s in ours if s >= 7.5)} of ours at 7.5 or more)"
    )
    by_se: dict[float, list[float]] = {}
    for mine, published in zip(ours, theirs, strict=True):
        by_se.setdefault(published, []).append(mine)
    print("  SE rating: count, our median score")
    print(
        "  "
        + "  ".join(
            f"{r:.1f}:{len(v)},{statistics.median(v):.1f}" for r, v in sorted(by_se.items())
        )
    )


if __name__ == "__main__":
    main()
