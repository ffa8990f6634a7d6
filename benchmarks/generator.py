"""Generator benchmark: time per puzzle and how often candidates hit the level, per kind.

Run on demand (not a test; the full run takes several minutes)::

    .venv/bin/python benchmarks/generator.py                          # 9x9, every level
    .venv/bin/python benchmarks/generator.py --count 50 --levels easy,medium
    .venv/bin/python benchmarks/generator.py --variants jigsaw --sizes 6,9 --extreme-count 3

For each variant, size and level it makes ``--count`` puzzles (``--extreme-count``
for Extreme, which is slow) from the seeds ``--seed``, ``--seed + 1``, ... and
prints one table row:

- ``median`` and ``p95``: seconds per delivered puzzle (95th percentile by the
  nearest-rank method), by the wall clock, or CPU time with ``--cpu``;
- ``1st hit``: the share of puzzles whose *first* candidate was at the level;
- ``hit``: the share of candidates that were at the level (delivered puzzles
  over candidates made), and ``cand``: candidates per puzzle on average;
- ``ok``: the share of requests that delivered a puzzle at the level (100 % unless
  the attempt budget ran out), each checked again here with the solver
  (unique) and the rater (level) unless ``--no-verify``;
- ``drift``: candidates the generator's early-exit grading passed but the full
  rater did not (must be 0: the grading follows the rater's own path).

Seeds are fixed, so two runs make the same puzzles and differ only in time.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import solver  # noqa: E402
from game.engine.generator import (  # noqa: E402
    GenerationFailed,
    available_levels,
    search,
)
from game.engine.logic.rating import rate  # noqa: E402
from game.engine.logic.registry import Level  # noqa: E402


@dataclass
class Row:
    """The measurements of one variant, size and level."""

    variant: str
    size: int
    level: Level
    times: list[float] = field(default_factory=list)
    candidates: list[int] = field(default_factory=list)
    failed: int = 0
    wrong: int = 0
    drift: int = 0

    def cells(self) -> list[str]:
        made = len(self.times)
        asked = made + self.failed
        times = sorted(self.times)
        first = sum(1 for c in self.candidates if c == 1)
        return [
            f"{self.variant} {self.size}x{self.size}",
            self.level.label,
            str(made),
            f"{statistics.median(times):.3f}" if times else "-",
            f"{times[max(0, math.ceil(0.95 * made) - 1)]:.3f}" if times else "-",
            _share(first, made),
            _share(made, sum(self.candidates)),
            f"{statistics.mean(self.candidates):.1f}" if self.candidates else "-",
            _share(made - self.wrong, asked),
            str(self.drift),
        ]


HEADER = ["kind", "level", "n", "median s", "p95 s", "1st hit", "hit", "cand", "ok", "drift"]


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def measure(
    variant: str,
    size: int,
    level: Level,
    count: int,
    first_seed: int,
    verify: bool,
    clock: Callable[[], float] = time.perf_counter,
) -> Row:
    row = Row(variant, size, level)
    for seed in range(first_seed, first_seed + count):
        start = clock()
        try:
            found = search(variant, size, level, seed=seed)
        except GenerationFailed:
            row.failed += 1
            continue
        row.times.append(clock() - start)
        row.candidates.append(found.candidates)
        row.drift += found.disagreements
        if verify:
            puzzle = found.puzzle.puzzle
            unique = solver.count_solutions(puzzle.shape, puzzle.givens) == 1
            if not unique or rate(puzzle.shape, puzzle.givens).level is not level:
                row.wrong += 1
    return row


def table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [
        "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |" for r in rows
    ]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="classic,jigsaw")
    parser.add_argument("--sizes", default="9", help="comma-separated sizes (default 9)")
    parser.add_argument("--levels", default=",".join(level.name.lower() for level in Level))
    parser.add_argument("--count", type=int, default=20, help="puzzles per level (default 20)")
    parser.add_argument("--extreme-count", type=int, default=5, help="puzzles for Extreme")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--no-verify", action="store_true", help="skip the independent check")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time by this process's CPU time, not the wall clock (on a shared machine)",
    )
    args = parser.parse_args(argv)
    levels = [Level.parse(word) for word in args.levels.split(",")]
    rows = [HEADER]
    for variant in args.variants.split(","):
        for size in (int(word) for word in args.sizes.split(",")):
            offered = available_levels(variant, size)
            for level in levels:
                if level not in offered:
                    continue
                count = args.extreme_count if level is Level.EXTREME else args.count
                clock = time.process_time if args.cpu else time.perf_counter
                row = measure(variant, size, level, count, args.seed, not args.no_verify, clock)
                rows.append(row.cells())
                print(" | ".join(rows[-1]), file=sys.stderr, flush=True)
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
