"""Variant solver benchmark: real variant puzzles read, solved, counted to two, and
timed beside OR-Tools CP-SAT.

Run on demand (not a test):

    .venv/bin/python benchmarks/variants.py [--cpsat PYTHON]

Reads every puzzle of ``../shared/data/variants/solo.tsv`` (Solo game IDs: killer,
X, jigsaw, killer-X) and ``fpuzzles.jsonl`` (f-puzzles JSON of every constraint
type) through the game's own readers, settles each under its rule set (count to two,
in process, as ``solve`` does) and prints per kind: puzzles, how many came back
unique with the recorded solution (``right``), the median and worst milliseconds.

With ``--cpsat PYTHON`` (the interpreter of a throwaway virtual environment with
``ortools`` installed, never a dependency of the game) the same puzzles are solved
and counted to two by CP-SAT with its default parameters, from a model built from
our rule set's tables (all-different houses, forbidden digit pairs, sums): a speed
comparison, not a second opinion on the rules (the recorded solutions, checked by
an independent model when the data set was made, are that).

Targets (issue 17): every puzzle unique with its solution within 10 s; median
under 20 ms and every puzzle under 1 s for 9x9 Killer, X, Windoku, Thermo, Arrow
and Kropki; at least as fast as CP-SAT at the median.
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import solver  # noqa: E402
from game.engine.formats.fpuzzles import parse_fpuzzles  # noqa: E402
from game.engine.formats.solo import parse_solo  # noqa: E402
from game.engine.puzzle import Puzzle  # noqa: E402
from game.engine.rules import Arrow, Cage, LittleKiller  # noqa: E402

VARIANTS = ROOT.parent / "shared" / "data" / "variants"


def corpus() -> list[tuple[str, Puzzle, tuple[int, ...]]]:
    """(kind, puzzle, recorded solution) for every shared variant puzzle."""
    found = []
    with (VARIANTS / "solo.tsv").open() as table:
        for row in csv.DictReader(table, delimiter="\t"):
            puzzle = parse_solo(row["solo_id"]).puzzle
            solution = Puzzle.from_string(row["solution"], regions=puzzle.shape.regions).givens
            found.append((f"solo {row['kind']}", puzzle, solution))
    with (VARIANTS / "fpuzzles.jsonl").open() as lines:
        for line in lines:
            entry = json.loads(line)
            puzzle = parse_fpuzzles(entry["fpuzzles"]).puzzle
            solution = tuple(int(c, 36) for c in entry["solution"])
            kind = "f-puzzles " + "+".join(entry["types"])
            found.append((kind, puzzle, solution))
    return found


def ours(puzzle: Puzzle) -> tuple[float, solver.Analysis]:
    start = time.perf_counter()
    analysis = solver.settle(puzzle.rules, puzzle.givens)
    return time.perf_counter() - start, analysis


def model(puzzle: Puzzle) -> dict[str, object]:
    """The rule set as plain data for the CP-SAT script."""
    rules = puzzle.rules
    n = rules.size
    sums: list[dict[str, object]] = []
    for rule in rules.constraints:
        if (isinstance(rule, Cage) and rule.total is not None) or isinstance(rule, LittleKiller):
            sums.append({"cells": list(rule.members), "total": rule.total})
        elif isinstance(rule, Arrow):
            sums.append({"cells": list(rule.shaft), "bulb": list(rule.bulb)})
    forbidden: dict[tuple[int, int], list[list[int]]] = defaultdict(list)
    for rule in rules.constraints:
        for a, x, b, y in rule.links(n):
            forbidden[(a, b)].append([x, y])
    return {
        "n": n,
        "givens": list(puzzle.givens),
        "allowed": list(rules.allowed),
        "houses": [list(h.cells) for h in rules.houses],
        "forbidden": [[a, b, pairs] for (a, b), pairs in forbidden.items()],
        "sums": sums,
        "narrowing": [type(r).__name__ for r in rules.narrowing],
    }


CPSAT_SCRIPT = r"""
import json, sys, time
from ortools.sat.python import cp_model
for line in sys.stdin:
    m = json.loads(line)
    n = m["n"]
    start = time.perf_counter()
    cp = cp_model.CpModel()
    x = [cp.NewIntVar(1, n, "c%d" % i) for i in range(n * n)]
    for i, g in enumerate(m["givens"]):
        if g:
            cp.Add(x[i] == g)
        allowed = [d for d in range(1, n + 1) if m["allowed"][i] >> (d - 1) & 1]
        if len(allowed) < n:
            cp.AddAllowedAssignments([x[i]], [[d] for d in allowed])
    for house in m["houses"]:
        cp.AddAllDifferent([x[c] for c in house])
    for a, b, pairs in m["forbidden"]:
        cp.AddForbiddenAssignments([x[a], x[b]], pairs)
    for s in m["sums"]:
        if "total" in s:
            cp.Add(sum(x[c] for c in s["cells"]) == s["total"])
        else:
            bulb = 0
            for c in s["bulb"]:
                bulb = bulb * 10 + x[c]
            cp.Add(sum(x[c] for c in s["cells"]) == bulb)
    solver = cp_model.CpSolver()
    found = 0
    status = solver.Solve(cp)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        found = 1
        first = [solver.Value(v) for v in x]
        diff = []
        for i, v in enumerate(x):
            b = cp.NewBoolVar("d%d" % i)
            cp.Add(v != first[i]).OnlyEnforceIf(b)
            cp.Add(v == first[i]).OnlyEnforceIf(b.Not())
            diff.append(b)
        cp.AddBoolOr(diff)
        if solver.Solve(cp) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            found = 2
    print(json.dumps({"count": found, "seconds": time.perf_counter() - start}), flush=True)
"""


def cpsat(python: str, models: list[dict[str, object]]) -> list[tuple[int, float]]:
    text = "".join(json.dumps(m) + "\n" for m in models)
    out = subprocess.run(
        [python, "-c", CPSAT_SCRIPT], input=text, capture_output=True, text=True, check=True
    ).stdout
    return [(r["count"], r["seconds"]) for r in map(json.loads, out.splitlines())]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cpsat", metavar="PYTHON", help="a Python with ortools installed")
    args = parser.parse_args()
    if not VARIANTS.exists():
        print("no shared variant data found", file=sys.stderr)
        return 2
    puzzles = corpus()
    rows: dict[str, list[tuple[float, bool, float, bool]]] = defaultdict(list)
    theirs: list[tuple[int, float]] | None = None
    if args.cpsat:
        theirs = cpsat(args.cpsat, [model(p) for _k, p, _s in puzzles])
    for i, (kind, puzzle, solution) in enumerate(puzzles):
        ours(puzzle)  # tables built outside the timing, as a second call finds them
        seconds, analysis = ours(puzzle)
        right = analysis.status is solver.Status.UNIQUE and analysis.solution == solution
        count, other = theirs[i] if theirs else (0, 0.0)
        rows[kind].append((seconds, right, other, count == 1))
    header = f"{'kind':52} {'puzzles':>7} {'right':>5} {'median ms':>9} {'max ms':>8}"
    if theirs:
        header += f" {'CP-SAT median ms':>16} {'CP-SAT max ms':>13} {'CP-SAT unique':>13}"
    print(header)
    print("-" * len(header))
    everything = []
    for kind in sorted(rows):
        entries = rows[kind]
        times = [e[0] for e in entries]
        everything.extend(entries)
        line = (
            f"{kind[:52]:52} {len(entries):>7} {sum(e[1] for e in entries):>5} "
            f"{statistics.median(times) * 1000:>9.1f} {max(times) * 1000:>8.1f}"
        )
        if theirs:
            cpsat_times = [e[2] for e in entries]
            line += (
                f" {statistics.median(cpsat_times) * 1000:>16.1f} {max(cpsat_times) * 1000:>13.1f} "
                f"{sum(bool(e[3]) for e in entries):>13}"
            )
        print(line)
    times = [e[0] for e in everything]
    print(
        f"\nall: {len(everything)} puzzles, {sum(e[1] for e in everything)} unique with the "
        f"recorded solution, median {statistics.median(times) * 1000:.1f} ms, "
        f"worst {max(times) * 1000:.0f} ms"
    )
    if theirs:
        cpsat_times = [e[2] for e in everything]
        print(
            f"CP-SAT: median {statistics.median(cpsat_times) * 1000:.1f} ms, "
            f"worst {max(cpsat_times) * 1000:.0f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
