"""Variant logic benchmark: what the hints solve on killers and X puzzles, and how fast.

Run on demand (not a test; a full run takes a minute or two)::

    .venv/bin/python benchmarks/variant_logic.py                # Solo's puzzles + 40 synthetic
    .venv/bin/python benchmarks/variant_logic.py --synthetic 0  # Solo's alone
    .venv/bin/python benchmarks/variant_logic.py --techniques

It prints, per set (every puzzle of ``shared/data/variants/solo.tsv`` by kind and
Solo's own grade, killers, X, jigsaw, jigsaw X and killer X; the f-puzzles of
``fpuzzles.jsonl`` by their first rule; givens-free 9x9 killers whose cages are cut at
random from known solutions and kept when they have one solution; and, with
``--generated K``, K puzzles of each generated kind with fixed seeds: classic and
jigsaw killers, thermo, arrow, kropki, XV):

- how many the hints solve by patterns alone (no forcing chain, no trial);
- wrong steps: a placement or removal that disagrees with the solution (must be 0),
  counted over the hint's step *and* every step each variant technique finds at
  every position of the path (``checked`` says how many steps that was);
- next-hint latency: CPU time of :func:`find_step` at every position of each
  puzzle's path (median, 99th percentile, worst), what a player asking for a hint
  there waits;

the median CPU time of :func:`rate` on the 9x9 killers, and a table of Solo's grade
against our level (:func:`rate`) on Solo's killers and X puzzles.  Targets (issue 22):
every puzzle Solo grades up to Advanced solved by patterns; hint median under 5 ms,
p99 under 100 ms, worst under 500 ms; ``rate`` median under 300 ms.

Solo IDs are read by the game's own reader (``game.engine.formats.solo``).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import solver  # noqa: E402
from game.engine.formats.fpuzzles import parse_fpuzzles  # noqa: E402
from game.engine.formats.solo import parse_solo  # noqa: E402
from game.engine.generator import GenerationFailed, generate  # noqa: E402
from game.engine.logic import CandidateGrid, Step  # noqa: E402
from game.engine.logic.path import find_step, steps_of  # noqa: E402
from game.engine.logic.rating import rate  # noqa: E402
from game.engine.logic.registry import Level, all_techniques  # noqa: E402
from game.engine.rules import RuleSet  # noqa: E402
from game.engine.shape import Shape  # noqa: E402
from tests.engine.variant_helpers import random_cages  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
GRADES = ("Trivial", "Basic", "Intermediate", "Advanced", "Extreme", "Unreasonable")


@dataclass(frozen=True)
class Case:
    """One puzzle: the set it counts in, its rules, givens and solution."""

    group: str
    rules: RuleSet
    givens: tuple[int, ...]
    solution: tuple[int, ...]


@dataclass
class Walk:
    """One puzzle's path as the benchmark saw it."""

    solved: bool
    wrong: int
    latencies: list[float]
    techniques: Counter[str] = field(default_factory=Counter)
    checked: int = 0


def _wrong(step: Step, solution: Sequence[int]) -> int:
    return sum(solution[c] != d for c, d in step.placements) + sum(
        solution[c] == d for c, d in step.eliminations
    )


def walk(case: Case, every: bool = True) -> Walk:
    """Follow the hints' path, timing every next-step call and checking every step
    (with ``every``, also every step each variant technique finds at each position)."""
    position = CandidateGrid.from_grid(case.rules.shape, list(case.givens), rules=case.rules)
    latencies = []
    wrong = 0
    checked = 0
    techniques: Counter[str] = Counter()
    variant = [t for t in all_techniques() if t.variant_only]
    while not position.is_solved():
        start = time.process_time()
        step = find_step(position, unique=True).step
        latencies.append(time.process_time() - start)
        if every:
            for technique in variant:
                for found in steps_of(position, technique):
                    wrong += _wrong(found, case.solution)
                    checked += 1
        if step is None or step.last_resort:
            break
        techniques[step.technique] += 1
        wrong += _wrong(step, case.solution)
        checked += 1
        position = position.apply(step.placements, step.eliminations)
    return Walk(position.is_solved(), wrong, latencies, techniques, checked)


def solo_cases(data: Path) -> list[Case]:
    """Solo's killers and X puzzles, grouped by kind and Solo's grade."""
    cases = []
    for row in csv.DictReader((data / "variants" / "solo.tsv").open(), delimiter="\t"):
        puzzle = parse_solo(row["solo_id"]).puzzle
        solution = tuple(int(c) for c in row["solution"])
        grade = row["solo_difficulty"]
        cases.append(Case(f"solo {row['kind']} {grade}", puzzle.rules, puzzle.givens, solution))
    order = {g: i for i, g in enumerate(GRADES)}
    cases.sort(key=lambda c: (c.group.split()[1], order.get(c.group.split()[-1], 9)))
    return cases


def fpuzzles_cases(data: Path) -> list[Case]:
    """The real f-puzzles variant puzzles, grouped by their first rule."""
    cases = []
    with (data / "variants" / "fpuzzles.jsonl").open(encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            entry = json.loads(line)
            puzzle = parse_fpuzzles(entry["fpuzzles"]).puzzle
            solution = tuple(int(c, 36) for c in entry["solution"])
            first = entry["types"][0] if entry["types"] else "classic"
            cases.append(Case(f"fpuzzles {first}", puzzle.rules, puzzle.givens, solution))
    cases.sort(key=lambda c: c.group)
    return cases


GENERATED = ("killer", "jigsaw,killer", "thermo", "arrow", "kropki", "xv")


def generated_cases(count: int, seed: int) -> list[Case]:
    """``count`` Medium 9x9 puzzles of each generated kind, seeds ``seed``, ``seed + 1`` ..."""
    cases = []
    for kind in GENERATED:
        for k in range(count):
            try:
                made = generate(kind, 9, Level.MEDIUM, seed=seed + k)
            except (GenerationFailed, ValueError):
                continue
            rules = made.puzzle.rules
            cases.append(Case(f"generated {kind}", rules, made.puzzle.givens, made.solution))
    return cases


def synthetic_cases(solutions: Sequence[tuple[int, ...]], count: int, seed: int) -> list[Case]:
    """Givens-free 9x9 killers cut at random from ``solutions``, each with one solution."""
    rng = random.Random(seed)
    shape = Shape.classic(9)
    cases: list[Case] = []
    tries = 0
    while len(cases) < count and tries < count * 20:
        tries += 1
        solution = rng.choice(solutions)
        rules = RuleSet(shape, random_cages(solution, rng, rng.randint(3, 5), smallest=2))
        if solver.settle(rules, [0] * 81).status is solver.Status.UNIQUE:
            cases.append(Case("synthetic killer-9x9", rules, (0,) * 81, solution))
    return cases


def rate_time(case: Case) -> float:
    """CPU seconds :func:`rate` takes on one puzzle."""
    start = time.process_time()
    rate(case.rules.shape, case.givens, rules=case.rules)
    return time.process_time() - start


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[rank - 1]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the shared data folder")
    parser.add_argument("--synthetic", type=int, default=40, help="synthetic killers")
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--techniques", action="store_true", help="print technique counts")
    parser.add_argument("--generated", type=int, default=0, help="generated puzzles per kind")
    parser.add_argument("--no-fpuzzles", action="store_true", help="leave out fpuzzles.jsonl")
    parser.add_argument(
        "--hint-only", action="store_true", help="check the hint's steps only (faster)"
    )
    args = parser.parse_args(argv)
    if not (args.data / "variants" / "solo.tsv").is_file():
        sys.exit(f"shared data not found at {args.data} (use --data)")
    cases = solo_cases(args.data)
    solutions = sorted({c.solution for c in cases if len(c.solution) == 81})
    cases += synthetic_cases(solutions, args.synthetic, args.seed)
    if not args.no_fpuzzles:
        cases += fpuzzles_cases(args.data)
    if args.generated:
        cases += generated_cases(args.generated, args.seed)

    all_techniques()  # loaded before timing: the first hint should not pay for imports
    groups: dict[str, list[Walk]] = {}
    used: Counter[str] = Counter()
    every: list[float] = []
    for case in cases:
        result = walk(case, every=not args.hint_only)
        groups.setdefault(case.group, []).append(result)
        used.update(result.techniques)
        every.extend(result.latencies)

    print(
        f"{'set':38} {'solved':>9} {'wrong':>6} {'checked':>8} {'hint med':>9} {'p99':>8} "
        f"{'worst':>8}"
    )
    for group, walks in groups.items():
        times = sorted(t for w in walks for t in w.latencies)
        solved = sum(w.solved for w in walks)
        print(
            f"{group:38} {solved:>4}/{len(walks):<4} {sum(w.wrong for w in walks):>6} "
            f"{sum(w.checked for w in walks):>8} "
            f"{1000 * statistics.median(times):>7.2f}ms {1000 * percentile(times, 0.99):>6.1f}ms "
            f"{1000 * max(times):>6.1f}ms"
        )
    every.sort()
    print(
        f"{'all':38} {sum(w.solved for ws in groups.values() for w in ws):>4}/"
        f"{sum(len(ws) for ws in groups.values()):<4} "
        f"{sum(w.wrong for ws in groups.values() for w in ws):>6} "
        f"{sum(w.checked for ws in groups.values() for w in ws):>8} "
        f"{1000 * statistics.median(every):>7.2f}ms {1000 * percentile(every, 0.99):>6.1f}ms "
        f"{1000 * max(every):>6.1f}ms"
    )
    killers = [c for c in cases if "killer-9x9" in c.group]
    rates = sorted(rate_time(c) for c in killers)
    print(
        f"rate on {len(killers)} 9x9 killers: median {1000 * statistics.median(rates):.0f} ms, "
        f"worst {1000 * rates[-1]:.0f} ms"
    )
    grade_table(cases)
    if args.techniques:
        for name, count in used.most_common():
            print(f"  {count:7} {name}")


def grade_table(cases: Sequence[Case]) -> None:
    """Solo's grade against our level (:func:`rate`), per kind of Solo puzzle."""
    table: dict[tuple[str, str], Counter[str]] = {}
    for case in cases:
        if not case.group.startswith("solo "):
            continue
        _solo, kind, grade = case.group.split()
        rating = rate(case.rules.shape, case.givens, rules=case.rules)
        level = rating.level.label if rating.solved_by_logic else "not solved"
        table.setdefault((kind, grade), Counter())[level] += 1
    levels = [level.label for level in Level] + ["not solved"]
    print()
    print(f"{'Solo kind, grade':32} " + " ".join(f"{name:>10}" for name in levels))
    for (kind, grade), counts in table.items():
        row = " ".join(f"{counts.get(name, 0) or '':>10}" for name in levels)
        print(f"{kind + ' ' + grade:32} {row}")


if __name__ == "__main__":
    main()
