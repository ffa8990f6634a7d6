"""Open and large grids: every engine command, each case in its own process, timed.

Run on demand (not a test):

    .venv/bin/python benchmarks/open_grids.py [--repo DIR] [--only TEXT] [--timeout S]

Writes the case files to a temporary folder, then runs ``python main.py COMMAND
FILE`` for each case as a child process of the checkout ``--repo`` (default: this
one; point it at a checkout of an older commit to compare), and prints per case the
wall time, its CPU time (the machine may be shared), the peak resident memory of
the child (both from ``os.wait4``), its exit status and what it answered.
Targets: every case under 10 s and 500 MB.  A case still running at ``--timeout``
seconds (default 150) is killed and shown as such; with ``--memory MB`` each child
also gets an address-space limit.

The grids are made here, from nothing but arithmetic and a fixed seed, so the same
files are used whatever code is measured:

- empty 16x16 and 25x25 classic grids;
- a 16x16 classic grid with a few clues (several solutions);
- a 25x25 classic grid with half of a pattern solution's cells given (the solver's
  depth-first search finds no solution in 50,000 branch points);
- 25x25 classic puzzles with one solution: one that singles solve and one dug
  to 300 clues (these two are made with this checkout's generator parts);
- 25x25 jigsaw layouts (classic boxes reshaped by random swaps of border cells,
  always connected) with one clue; the same with 12 and 40 layouts in one file;
- 12 and 40 25x25 jigsaw layouts with the same clues, an Easy classic puzzle's,
  each layout made by swapping only cells of the same digit of its solution, so
  every puzzle has that solution; and the same with that solution less 150 cells
  (what singles solve at once: the cost there is the tables of every layout);
- a 25x25 jigsaw without solution whose contradiction no single shows: three cells
  of row 1 left with the same two digits.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SYMBOLS = ".123456789ABCDEFGHIJKLMNOP"
LABELS = "0123456789ABCDEFGHIJKLMNOP"


def box_dims(n: int) -> tuple[int, int]:
    rows = max(r for r in range(1, int(n**0.5) + 1) if n % r == 0)
    return rows, n // rows


def classic_regions(n: int) -> list[int]:
    rows, cols = box_dims(n)
    per_band = n // cols
    return [(c // n // rows) * per_band + (c % n) // cols for c in range(n * n)]


def classic_solution(n: int) -> list[int]:
    """The pattern solution: row ``r`` is the first row shifted by its band and row."""
    rows, cols = box_dims(n)
    return [(cols * (r % rows) + r // rows + c) % n + 1 for r in range(n) for c in range(n)]


def connected(cells: set[int], n: int) -> bool:
    todo = set(cells)
    stack = [todo.pop()]
    while stack:
        cell = stack.pop()
        row, col = divmod(cell, n)
        for nr, nc in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            other = nr * n + nc
            if 0 <= nr < n and 0 <= nc < n and other in todo:
                todo.remove(other)
                stack.append(other)
    return not todo


def jigsaw_regions(
    n: int,
    seed: int,
    swaps: int = 400,
    keep_columns: int = 0,
    solution: list[int] | None = None,
) -> list[int]:
    """Classic boxes reshaped by ``swaps`` exchanges of border cells (regions stay
    connected and of size ``n``); columns below ``keep_columns`` are left alone, and
    with a classic ``solution`` only cells of the same digit change places, so it
    stays a solution of the new layout."""
    rng = random.Random(seed)
    regions = classic_regions(n)
    done = 0
    while done < swaps:
        a = rng.randrange(n * n)
        b = rng.choice([a - n, a + n, a - 1, a + 1])
        if not 0 <= b < n * n or (b % n != a % n and b // n != a // n):
            continue
        if min(a % n, b % n) < keep_columns or regions[a] == regions[b]:
            continue
        ra, rb = regions[a], regions[b]
        # a moves to rb; some cell c of rb next to ra moves to ra.
        options = [
            c
            for c in range(n * n)
            if regions[c] == rb
            and c != b
            and c % n >= keep_columns
            and (solution is None or solution[c] == solution[a])
            and any(
                0 <= d < n * n and regions[d] == ra and (d % n == c % n or d // n == c // n)
                for d in (c - n, c + n, c - 1, c + 1)
            )
        ]
        if not options:
            continue
        c = rng.choice(options)
        regions[a], regions[c] = rb, ra
        cells_a = {x for x in range(n * n) if regions[x] == ra}
        cells_b = {x for x in range(n * n) if regions[x] == rb}
        if connected(cells_a, n) and connected(cells_b, n):
            done += 1
        else:
            regions[a], regions[c] = ra, rb
    return regions


def line(givens: list[int], regions: list[int] | None = None) -> str:
    text = "".join(SYMBOLS[d] for d in givens)
    if regions is not None:
        text += " " + "".join(LABELS[g] for g in regions)
    return text + "\n"


def no_solution_givens(n: int) -> list[int]:
    """Row 1's first three cells can only hold 1 or 2: see the module docstring."""
    givens = [0] * (n * n)
    for row in range(1, n - 1):
        for column, shift in ((0, 0), (1, 5), (2, 10)):
            givens[row * n + column] = 3 + (row - 1 + shift) % (n - 2)
    return givens


def dug(n: int, seed: int, floor: int, *, easy: bool) -> list[int]:
    """A classic puzzle with one solution: clues of a random solution removed in a
    random order while singles still solve it (``easy``) or it stays unique, down to
    ``floor`` clues."""
    sys.path.insert(0, str(ROOT))
    from game.engine import solver
    from game.engine.generation.grading import singles_solve
    from game.engine.generation.grids import random_solution
    from game.engine.shape import Shape

    shape = Shape.classic(n)
    rng = random.Random(seed)
    givens = list(random_solution(shape, rng))
    order = list(range(n * n))
    rng.shuffle(order)
    left = n * n
    for cell in order:
        if left <= floor:
            break
        digit, givens[cell] = givens[cell], 0
        if easy:
            keep = singles_solve(shape, givens) is not None
        else:
            keep = solver.settle(shape, givens, work=20_000).status is solver.Status.UNIQUE
        if keep:
            left -= 1
        else:
            givens[cell] = digit
    return givens


def solved_grid(givens: list[int]) -> list[int]:
    """The solution of a classic 25x25 puzzle that singles solve."""
    sys.path.insert(0, str(ROOT))
    from game.engine.generation.grading import singles_solve
    from game.engine.shape import Shape

    found = singles_solve(Shape.classic(25), givens)
    assert found is not None
    return list(found)


def make_cases(folder: Path) -> list[tuple[str, list[str]]]:
    """Write the grids; the cases as (name, main.py arguments)."""
    files: dict[str, str] = {}
    files["empty16.txt"] = line([0] * 256)
    files["empty25.txt"] = line([0] * 625)
    rng = random.Random(16)
    near = [0] * 256
    solution16 = classic_solution(16)
    for cell in rng.sample(range(256), 10):
        near[cell] = solution16[cell]
    files["near16.txt"] = line(near)
    rng = random.Random(25)
    half = classic_solution(25)
    for cell in rng.sample(range(625), 312):
        half[cell] = 0
    files["half25.txt"] = line(half)
    files["easy25.txt"] = line(dug(25, 3, 0, easy=True))
    files["unique25.txt"] = line(dug(25, 3, 300, easy=False))
    one = [0] * 625
    one[0] = 1
    files["jigsaw25-one-clue.txt"] = line(one, jigsaw_regions(25, 1))
    files["jigsaw25-none.txt"] = line(no_solution_givens(25), jigsaw_regions(25, 2, keep_columns=5))
    files["jigsaw25x12.txt"] = "".join(line(one, jigsaw_regions(25, 100 + k)) for k in range(12))
    files["jigsaw25x40.txt"] = "".join(line(one, jigsaw_regions(25, 100 + k)) for k in range(40))
    solved = dug(25, 5, 0, easy=True)
    full = solved_grid(solved)
    layouts = [jigsaw_regions(25, 200 + k, swaps=150, solution=full) for k in range(40)]
    files["solvable25x12.txt"] = "".join(line(solved, layout) for layout in layouts[:12])
    files["solvable25x40.txt"] = "".join(line(solved, layout) for layout in layouts)
    rng = random.Random(26)
    nearly = list(full)
    for cell in rng.sample(range(625), 150):
        nearly[cell] = 0
    files["nearly-full25x12.txt"] = "".join(line(nearly, layout) for layout in layouts[:12])
    files["nearly-full25x40.txt"] = "".join(line(nearly, layout) for layout in layouts)
    for name, text in files.items():
        (folder / name).write_text(text)

    def f(name: str) -> str:
        return str(folder / name)

    cases: list[tuple[str, list[str]]] = []
    for name in ("empty16.txt", "empty25.txt"):
        for command in ("hint", "rate", "steps"):
            cases.append((f"{command} {name}", [command, f(name)]))
        cases.append((f"solve --json {name}", ["solve", "--json", f(name)]))
    for command in ("hint", "rate", "steps"):
        cases.append((f"{command} near16.txt", [command, f("near16.txt")]))
    for name in ("half25.txt", "easy25.txt", "unique25.txt"):
        for command in ("hint", "rate", "steps"):
            cases.append((f"{command} {name}", [command, f(name)]))
    for name in ("jigsaw25-one-clue.txt", "jigsaw25-none.txt"):
        cases.append((f"solve --json {name}", ["solve", "--json", f(name)]))
        for command in ("hint", "rate", "steps"):
            cases.append((f"{command} {name}", [command, f(name)]))
    listing = ["solve", "--all", "--limit", "100", f("empty25.txt")]
    cases.append(("solve --all --limit 100 empty25.txt", listing))
    for stem in ("jigsaw25", "solvable25", "nearly-full25"):
        for name in (f"{stem}x12.txt", f"{stem}x40.txt"):
            cases.append((f"rate {name}", ["rate", f(name)]))
    cases.append(
        (
            "generate 16x16 medium",
            ["generate", "--size", "16", "--difficulty", "medium", "--seed", "7"],
        )
    )
    return cases


def run_case(
    repo: Path, arguments: list[str], timeout: float, memory_mb: int | None
) -> tuple[float, float, float, str, str]:
    """Wall and CPU seconds, peak resident MB, exit status text and the answer."""

    def limit() -> None:
        if memory_mb is not None:
            cap = memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    preexec: Callable[[], None] = limit
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, str(repo / "main.py"), *arguments],
            cwd=repo,
            stdout=out,
            stderr=err,
            preexec_fn=preexec,
        )
        deadline = start + timeout
        killed = False
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                child.send_signal(signal.SIGKILL)
                _pid, status, usage = os.wait4(child.pid, 0)
                killed = True
                break
            time.sleep(0.02)
        wall = time.perf_counter() - start
        child.returncode = 0  # reaped by wait4; keep Popen from waiting again
        out.seek(0)
        err.seek(0)
        text = out.read().decode(errors="replace")
        errors = err.read().decode(errors="replace")
    if killed:
        verdict = "killed"
    elif os.WIFSIGNALED(status):
        verdict = f"signal {os.WTERMSIG(status)}"
    else:
        verdict = str(os.WEXITSTATUS(status))
    if "Traceback" in errors:
        verdict += " TRACEBACK"
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_maxrss / 1024, verdict, summary(text, errors)[:90]


def summary(text: str, errors: str) -> str:
    """What a run answered, in a few words: a JSON line's verdict, or the last line."""
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    if not lines:
        return errors.strip().splitlines()[-1] if errors.strip() else ""
    if lines[0].startswith("{"):
        words = []
        for row in lines:
            try:
                value = json.loads(row)
            except ValueError:
                continue
            words.append(
                " ".join(
                    str(value[key])
                    for key in ("status", "kind", "level", "score", "error")
                    if key in value
                )
            )
        counts = Counter(words)
        return "; ".join(f"{n} x {w}" if n > 1 else w for w, n in counts.items())
    if len(lines) > 3 and lines[0].startswith(("==", "1.", " 1.")):
        return lines[-1]
    if all(", puzzle " in row for row in lines):
        counts = Counter(row.split(": ", 1)[1][:50] for row in lines)
        return "; ".join(f"{n} x {w}" if n > 1 else w for w, n in counts.items())
    if lines[0].startswith("The ") and len(lines) > 1:
        return lines[-1]  # a note about the solution count, then the answer
    return lines[-1] if lines[0][:2].strip().rstrip(".").isdigit() else lines[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=ROOT, help="checkout to measure")
    parser.add_argument("--only", default="", help="run only cases whose name contains this")
    parser.add_argument("--timeout", type=float, default=150.0, help="seconds before a kill")
    parser.add_argument("--memory", type=int, default=None, help="address-space limit, MB")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cases = make_cases(Path(tmp))
        print(f"{'case':40} {'wall s':>7} {'cpu s':>6} {'peak MB':>8} {'exit':>6}  answer")
        for name, arguments in cases:
            if args.only not in name:
                continue
            wall, cpu, peak, verdict, answer = run_case(
                args.repo, arguments, args.timeout, args.memory
            )
            print(
                f"{name:40} {wall:7.1f} {cpu:6.1f} {peak:8.0f} {verdict:>6}  {answer}", flush=True
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
