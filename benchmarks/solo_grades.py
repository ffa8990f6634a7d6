"""Killer levels beside Simon Tatham's Solo grades on the same puzzles (issue 20).

Run on demand (not a test)::

    .venv/bin/python benchmarks/solo_grades.py                   # Solo's puzzles, our rate
    .venv/bin/python benchmarks/solo_grades.py --solo /tmp/solosolver --count 5 --seed 2000

1. Every puzzle of ``../shared/data/variants/solo.tsv`` (killers Solo generated and
   graded, with X, jigsaw and killer-X ones), read by the game's own Solo reader and
   rated by :func:`rate` under its rules: one cross table per kind, Solo's grade
   (rows) against our level (columns).
2. With ``--solo PATH``: killers our generator makes at each level (``--count`` per
   level from the seeds ``--seed``, ``--seed + 1`` ...; ``--variant jigsaw,killer``
   for jigsaw killers), written as Solo game IDs and graded by Solo's own standalone
   solver (``PATH -g ID``): our level (rows) against Solo's grade (columns).
3. Under each table, the agreement: the share of puzzles whose pair falls on the
   monotone map :data:`PROPOSED` (Easy ~ Trivial/Basic, Medium ~ Intermediate, Hard ~
   Advanced, Expert ~ Extreme, Extreme ~ Unreasonable), the best monotone map the
   data allows and its share, and Kendall's tau-b (1: same order, 0: unrelated).

Solo's grader prints two grades for a killer: the "Difficulty rating" (Trivial,
Basic, Intermediate, Advanced, Extreme, Unreasonable: the hardest *classic* step
Solo needed) and a "Killer difficulty".  The tables use the first.  The second says
little: Solo tries its hardest killer step (sums of cages against whole houses,
"Advanced") before the easier ones, so it reports Advanced for nearly every
givens-free killer; the footnote counts it anyway.

What a run found (2026-11-26, Solo x-sheep/puzzles ab54d125, ``--count 5 --seed
2000``): Solo's 9x9 killers, Trivial to Advanced by Solo, all rate Medium here but
one (Basic, Easy): our rater needs cage logic (Medium) on any givens-free killer,
while Solo's grade counts only its classic steps, so on killers the fitting map is
Solo Trivial..Advanced ~ our Medium (98%); on X puzzles the grades agree in order
(tau-b 0.90).  Our generated killers: Easy ones are Solo Trivial; above Easy, Solo
calls most of them "Ambiguous" (14 of 25), though our exact solver finds one
solution: ``solosolver -v`` shows its "killer single-square cage" step placing
several digits in one square, a fault of Solo's solver on larger cages that its
own puzzles never reach.  Those verdicts say nothing about difficulty.

Solo's grader is never a dependency.  To build it (outside the project), from a
checkout of Simon Tatham's puzzles or a fork (x-sheep/puzzles was used)::

    git --git-dir=/path/to/puzzles.git archive HEAD | tar -x -C /tmp/solo-src
    cd /tmp/solo-src && gcc -O2 -DSTANDALONE_SOLVER solo.c malloc.c misc.c random.c \
        divvy.c dsf.c tree234.c sort.c drawing.c draw-poly.c stubs.c -lm -o /tmp/solosolver

``stubs.c`` defines the four front-end functions the objects name but the
standalone program never calls::

    #include <stdio.h>
    #include <stdlib.h>
    #include "puzzles.h"
    void fatal(const char *fmt, ...) { fputs(fmt, stderr); exit(1); }
    void frontend_default_colour(frontend *fe, float *out) { out[0] = out[1] = out[2] = 0.8F; }
    char *midend_rewrite_statusbar(midend *me, const char *text) { return dupstr(text); }
    void check_abort(void) {}

Upstream's CMake build (``cliprogram(solosolver ...)``) needs none of this.  The
x-sheep fork's ``puzzles.h`` declares ``enum { COLOURPRESET_ENTRY, ... }
colourpreset_type;`` (a variable, not a tag), which gcc refuses; write it ``enum
colourpreset_type { ... };``.  The fork's ``solo.c`` differs from upstream only in
its user interface (preferences, pencil marks, colours); the solver is the same.

Solo's IDs cannot hold a one-cell cage (its cages have 2 to n cells and cover the
grid), which our generator makes: :func:`solo_writable` writes the same puzzle with
that cell a given inside a neighbouring cage it sees (see there).  Solo's grader then
places that digit from the start instead of by its "single square cage" step, which
is not part of the "Difficulty rating".  A puzzle that cannot be written so is
counted as ``unwritable``.
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import itertools
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))  # the neighbours' helpers, as a script sees them

from variant_generator import measure  # noqa: E402
from variant_logic import GRADES  # noqa: E402

from game.engine.formats.solo import format_solo, parse_solo  # noqa: E402
from game.engine.formats.variants import NotWritable  # noqa: E402
from game.engine.logic.rating import rate  # noqa: E402
from game.engine.logic.registry import Level  # noqa: E402
from game.engine.puzzle import Puzzle  # noqa: E402
from game.engine.rules import Cage  # noqa: E402
from game.engine.symbols import cell_name  # noqa: E402

DATA = ROOT.parent / "shared" / "data"

PROPOSED: dict[str, Level] = {
    "Trivial": Level.EASY,
    "Basic": Level.EASY,
    "Intermediate": Level.MEDIUM,
    "Advanced": Level.HARD,
    "Extreme": Level.EXPERT,
    "Unreasonable": Level.EXTREME,
}
"""The map the issue suggests from Solo's grade to our level; monotone."""

Pair = tuple[str, Level]
"""One puzzle: Solo's grade and our level."""


# -- Solo's grader ------------------------------------------------------------------


def parse_grades(output: str) -> tuple[str, str | None]:
    """Solo's grade and killer grade (None for a puzzle without cages) from what
    ``solosolver -g`` prints, each as its first word (``"Advanced"``).

    :raises ValueError: when the output holds no difficulty rating.
    """
    grade = killer = None
    for line in output.splitlines():
        label, colon, text = line.partition(":")
        words = text.split()
        if not colon or not words:
            continue
        if label.strip() == "Difficulty rating":
            grade = words[0]
        elif label.strip() == "Killer difficulty":
            killer = words[0]
    if grade is None:
        raise ValueError(f"no difficulty rating in Solo's output: {output.strip()[:200]!r}")
    return grade, killer


def solo_writable(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` as Solo can hold it: the same puzzle (same solutions) with every
    cage 2 to n cells and every cell in a cage.

    Solo's cages have 2 to n cells and cover the grid; our generator makes one-cell
    cages.  Such a cage is the given it amounts to, and a given cell outside every
    cage joins an orthogonal neighbour's cage (its total grows by the digit) when it
    sees every cell of that cage, or pairs with a neighbouring given cell outside
    every cage (two adjacent cells always see each other): the cage's no-repeat
    rule then adds nothing the rows, columns and regions do not already say.

    :raises NotWritable: when some cell can only join a cage it does not see, or
        holds neither a cage nor a given.
    """
    n = puzzle.size
    peers = puzzle.shape.peer_sets
    givens = list(puzzle.givens)
    cages: list[tuple[list[int], int]] = []
    others = []
    for rule in puzzle.constraints:
        if isinstance(rule, Cage) and len(rule.members) == 1 and rule.total is not None:
            givens[rule.members[0]] = rule.total
        elif isinstance(rule, Cage) and rule.total is not None:
            cages.append((list(rule.members), rule.total))
        else:
            others.append(rule)
    if not any(isinstance(rule, Cage) for rule in puzzle.constraints):
        return puzzle
    owner = {cell: k for k, (members, _total) in enumerate(cages) for cell in members}
    for cell in range(n * n):
        if cell in owner:
            continue
        if not givens[cell]:
            raise NotWritable(f"{cell_name(cell, n)} holds neither a cage nor a given")
        row, column = divmod(cell, n)
        steps = ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))
        around = [r * n + c for r, c in steps if 0 <= r < n and 0 <= c < n]
        joined = False
        for other in around:
            k = owner.get(other)
            if k is None and givens[other]:
                cages.append(([cell, other], givens[cell] + givens[other]))
                owner[cell] = owner[other] = len(cages) - 1
            elif k is not None and len(cages[k][0]) < n and peers[cell] >= set(cages[k][0]):
                members, total = cages[k]
                cages[k] = ([*members, cell], total + givens[cell])
                owner[cell] = k
            else:
                continue
            joined = True
            break
        if not joined:
            raise NotWritable(f"{cell_name(cell, n)} joins no cage without a new rule")
    rules = [Cage(tuple(sorted(members)), total) for members, total in cages]
    return dataclasses.replace(puzzle, givens=tuple(givens), constraints=(*others, *rules))


def solo_grade(binary: str, solo_id: str, timeout: float) -> tuple[str, str | None]:
    """Solo's grades of one game ID (``"timeout"`` or ``"error"`` when it gives none)."""
    try:
        done = subprocess.run(
            [binary, "-g", solo_id], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return "timeout", None
    try:
        return parse_grades(done.stdout)
    except ValueError:
        print(f"  Solo refused {solo_id}: {done.stderr.strip()}", file=sys.stderr)
        return "error", None


def solo_solution(binary: str, solo_id: str, size: int, timeout: float) -> tuple[int, ...] | None:
    """The grid Solo's solver prints for ``solo_id`` (no ``-g``), None if it prints
    no whole ``size`` x ``size`` grid."""
    try:
        done = subprocess.run([binary, solo_id], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    digits = tuple(int(ch) for ch in done.stdout if ch.isdigit())
    return digits if len(digits) == size * size and 0 not in digits else None


def repeats_in_cage(puzzle: Puzzle, grid: Sequence[int]) -> bool:
    """Does ``grid`` repeat a digit inside one of ``puzzle``'s cages?"""
    return any(
        len({grid[c] for c in rule.members}) < len(rule.members)
        for rule in puzzle.constraints
        if isinstance(rule, Cage)
    )


# -- agreement ----------------------------------------------------------------------


def agreement(pairs: Sequence[Pair], mapping: Mapping[str, Level]) -> float:
    """The share of ``pairs`` whose level is the one ``mapping`` gives Solo's grade."""
    if not pairs:
        return 0.0
    return sum(mapping.get(grade) is level for grade, level in pairs) / len(pairs)


def best_mapping(pairs: Sequence[Pair]) -> tuple[dict[str, Level], float]:
    """The monotone map from the grades seen to our levels that most pairs agree
    with (ties go to the one closest to :data:`PROPOSED`), and its share."""
    seen = [grade for grade in GRADES if any(g == grade for g, _ in pairs)]
    best: tuple[float, int, dict[str, Level]] = (-1.0, 0, {})
    # Non-decreasing maps are exactly the sorted tuples of levels.
    for levels in itertools.combinations_with_replacement(list(Level), len(seen)):
        mapping = dict(zip(seen, levels, strict=True))
        share = agreement(pairs, mapping)
        distance = sum(abs(int(mapping[g]) - int(PROPOSED[g])) for g in seen)
        if (share, -distance) > (best[0], best[1]):
            best = (share, -distance, mapping)
    return best[2], max(best[0], 0.0)


def kendall_tau_b(pairs: Sequence[tuple[int, int]]) -> float:
    """Kendall's tau-b of paired ranks: 1 same order, -1 reversed, 0 unrelated
    (NaN when either side is constant)."""
    concordant = discordant = ties_x = ties_y = 0
    for (x1, y1), (x2, y2) in itertools.combinations(pairs, 2):
        dx, dy = x1 - x2, y1 - y2
        if dx == 0 and dy == 0:
            continue
        if dx == 0:
            ties_x += 1
        elif dy == 0:
            ties_y += 1
        elif (dx > 0) == (dy > 0):
            concordant += 1
        else:
            discordant += 1
    denominator = ((concordant + discordant + ties_x) * (concordant + discordant + ties_y)) ** 0.5
    return (concordant - discordant) / denominator if denominator else float("nan")


def footnote(pairs: Sequence[Pair]) -> list[str]:
    """The agreement lines printed under a table."""
    graded = [(g, level) for g, level in pairs if g in PROPOSED]
    if not graded:
        return ["  no graded puzzle"]
    mapping, share = best_mapping(graded)
    fitted = ", ".join(f"{g}->{level.label}" for g, level in mapping.items())
    order = {g: i for i, g in enumerate(GRADES)}
    tau = kendall_tau_b([(order[g], int(level)) for g, level in graded])
    lines = [
        f"  agreement with the proposed map (Easy~Trivial/Basic, Medium~Intermediate, "
        f"Hard~Advanced, Expert~Extreme, Extreme~Unreasonable): "
        f"{agreement(graded, PROPOSED):.0%} of {len(graded)}",
        f"  best monotone map for these puzzles: {fitted}: {share:.0%}",
        f"  Kendall tau-b (Solo's grade vs our level): {tau:.2f}",
    ]
    if len(graded) < len(pairs):
        lines.append(f"  {len(pairs) - len(graded)} without a Solo grade (left out above)")
    return lines


# -- tables -------------------------------------------------------------------------


def table(
    title: str, rows: Sequence[str], columns: Sequence[str], cells: Mapping[tuple[str, str], int]
) -> None:
    """Counts of (row, column) with totals; empty cells blank."""
    width = max(12, *(len(r) for r in rows))
    print(title)
    print(f"  {'':{width}} " + " ".join(f"{c:>12}" for c in columns) + f" {'total':>6}")
    for row in rows:
        counts = [cells.get((row, column), 0) for column in columns]
        shown = " ".join(f"{c or '':>12}" for c in counts)
        print(f"  {row:{width}} {shown} {sum(counts):>6}")


def solo_table(title: str, pairs: Sequence[Pair]) -> None:
    """Solo's grade (rows) against our level (columns)."""
    grades = [g for g in GRADES if any(p[0] == g for p in pairs)]
    grades += sorted({g for g, _ in pairs} - set(grades))
    cells = Counter((grade, level.label) for grade, level in pairs)
    table(title, grades, [level.label for level in Level], cells)
    for line in footnote(pairs):
        print(line)


def ours_table(title: str, pairs: Sequence[Pair]) -> None:
    """Our level (rows) against Solo's grade (columns)."""
    grades = list(GRADES) + sorted({g for g, _ in pairs} - set(GRADES))
    cells = Counter((level.label, grade) for grade, level in pairs)
    table(title, [level.label for level in Level], grades, cells)
    for line in footnote(pairs):
        print(line)


# -- the two halves -----------------------------------------------------------------


def rate_solo_puzzles(data: Path) -> dict[str, list[Pair]]:
    """Solo's grade and our level of every puzzle in ``solo.tsv``, by kind."""
    by_kind: dict[str, list[Pair]] = {}
    with (data / "variants" / "solo.tsv").open(encoding="utf-8") as lines:
        for row in csv.DictReader(lines, delimiter="\t"):
            puzzle = parse_solo(row["solo_id"]).puzzle
            rules = puzzle.rules if puzzle.constraints else None
            level = rate(puzzle.shape, puzzle.givens, rules=rules).level
            by_kind.setdefault(row["kind"], []).append((row["solo_difficulty"], level))
    return by_kind


def grade_ours(
    binary: str,
    variant: str,
    levels: Iterable[Level],
    count: int,
    seed: int,
    attempts: int,
    timeout: float,
    show_ids: bool,
) -> tuple[list[Pair], Counter[str]]:
    """Solo's grades of ``count`` puzzles our generator makes at each level, and
    notes: the count of each killer grade Solo gave, and of "Ambiguous" verdicts
    whose grid (the one Solo's solver prints) repeats a digit in a cage."""
    pairs: list[Pair] = []
    notes: Counter[str] = Counter()
    for level in levels:
        row = measure(variant, 9, level, count, seed, attempts)
        if row.failed:
            print(f"  {level.label}: {row.failed} of {count} not generated", file=sys.stderr)
        if row.misrated:
            print(f"  {level.label}: {row.misrated} re-rated at another level", file=sys.stderr)
        for made in row.made:
            try:
                solo_id = format_solo(solo_writable(made.puzzle))
            except NotWritable as error:
                print(f"  {level.label}: not written for Solo: {error}", file=sys.stderr)
                pairs.append(("unwritable", level))
                continue
            grade, killer_grade = solo_grade(binary, solo_id, timeout)
            if grade == "Ambiguous":
                grid = solo_solution(binary, solo_id, made.puzzle.size, timeout)
                if grid is not None and repeats_in_cage(made.puzzle, grid):
                    notes["Ambiguous, its grid repeating a digit in a cage"] += 1
            pairs.append((grade, level))
            notes[f"killer difficulty {killer_grade or '-'}"] += 1
            if show_ids:
                print(f"  {level.label:8} {grade:13} {solo_id}", flush=True)
        print(f"  {level.label}: {len(row.made)} graded", file=sys.stderr, flush=True)
    return pairs, notes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the shared data folder")
    parser.add_argument("--solo", metavar="PATH", help="Solo's standalone solver (solosolver)")
    parser.add_argument("--variant", default="killer", help="what to generate (with --solo)")
    parser.add_argument("--levels", default="easy,medium,hard,expert,extreme")
    parser.add_argument("--count", type=int, default=5, help="puzzles per level")
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--max-attempts", type=int, default=100)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per Solo grade")
    parser.add_argument("--show-ids", action="store_true", help="print each Solo game ID")
    parser.add_argument("--no-corpus", action="store_true", help="skip solo.tsv")
    args = parser.parse_args(argv)
    try:
        levels = [Level.parse(word) for word in args.levels.split(",")]
    except ValueError as error:
        parser.error(str(error))
    if args.solo and not Path(args.solo).is_file():
        parser.error(f"no Solo solver at {args.solo}")

    if not args.no_corpus:
        if not (args.data / "variants" / "solo.tsv").is_file():
            print(f"shared data not found at {args.data} (use --data)", file=sys.stderr)
            return 2
        by_kind = rate_solo_puzzles(args.data)
        killers = [p for kind, pairs in by_kind.items() if "killer" in kind for p in pairs]
        solo_table("Solo's killers (all sizes, killer-X too): Solo's grade x our level", killers)
        for kind, pairs in by_kind.items():
            print()
            solo_table(f"solo.tsv {kind}: Solo's grade x our level", pairs)

    if args.solo:
        print()
        pairs, notes = grade_ours(
            args.solo,
            args.variant,
            levels,
            args.count,
            args.seed,
            args.max_attempts,
            args.timeout,
            args.show_ids,
        )
        ours_table(
            f"our 9x9 {args.variant} (seeds {args.seed}..{args.seed + args.count - 1} per level): "
            "our level x Solo's grade",
            pairs,
        )
        print("  Solo's other verdicts: " + ", ".join(f"{k}: {n}" for k, n in notes.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
