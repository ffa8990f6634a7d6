"""Build the trainer's variant positions: ``assets/trainer/variant_positions.txt``.

Run on demand (a few minutes)::

    .venv/bin/python benchmarks/make_variant_trainer.py            # writes the asset
    .venv/bin/python benchmarks/make_variant_trainer.py --check    # counts, writes nothing

Real positions only, as for the classic catalogue (``benchmarks/make_trainer.py``):
puzzles the generator makes with fixed seeds (classic and jigsaw killers,
thermometers, arrows, kropki dots, XV, X, windoku, jigsaw X), walked along the hint's
path; a position is kept when the step a hint gives there is one of the variant techniques (the cage
and sum steps, the rule steps).  Techniques the generated puzzles rarely need first
(hidden cages, cage subsets) also come from givens-free killers cut at random from
random solutions (classic and jigsaw, fixed seed), kept only when they have one
solution.  Up to ``--per`` positions per technique, at most two from one puzzle,
picked alternately from classic and jigsaw grids where both have them.  The format
is :mod:`game.session.trainer.exemplars`'s (a fifth field carries the constraints as
f-puzzles JSON).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import solver  # noqa: E402
from game.engine.generation.grids import random_solution  # noqa: E402
from game.engine.generation.layouts import random_layout  # noqa: E402
from game.engine.generator import GenerationFailed, generate  # noqa: E402
from game.engine.logic import CandidateGrid  # noqa: E402
from game.engine.logic.path import find_step  # noqa: E402
from game.engine.logic.registry import Level, all_techniques  # noqa: E402
from game.engine.rules import RuleSet  # noqa: E402
from game.engine.shape import Shape  # noqa: E402
from game.session.trainer.exemplars import HEADER, format_line  # noqa: E402
from tests.engine.variant_helpers import random_cages  # noqa: E402

OUT = ROOT / "assets" / "trainer" / "variant_positions.txt"
KINDS = (
    "killer",
    "jigsaw,killer",
    "thermo",
    "arrow",
    "kropki",
    "xv",
    "x",
    "windoku",
    "jigsaw,x",
    "whisper",
    "renban",
    "palindrome",
    "between",
    "little-killer",
    "sandwich",
    "quadruple",
)
LEVELS = (Level.MEDIUM,)
PER_PUZZLE = 2


def walk(rules: RuleSet, givens: tuple[int, ...]) -> Iterator[tuple[CandidateGrid, str, int]]:
    """Every position of the hint's path with the technique a hint gives there."""
    position = CandidateGrid.from_grid(rules.shape, list(givens), rules=rules)
    index = 0
    while not position.is_solved():
        step = find_step(position).step
        if step is None or step.last_resort:
            return
        yield position, step.technique, index
        position = position.apply(step.placements, step.eliminations)
        index += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--per", type=int, default=12, help="positions per technique")
    parser.add_argument("--seeds", type=int, default=6, help="seeds per kind")
    parser.add_argument("--random", type=int, default=2000, help="random-cage killers")
    parser.add_argument("--check", action="store_true", help="count only, write nothing")
    parser.add_argument(
        "--kinds", default=";".join(KINDS), help="generated kinds, joined by ';' (default: all)"
    )
    args = parser.parse_args()
    wanted = {t.name for t in all_techniques() if t.variant_only}
    # Candidates per technique and grid ("classic", "jigsaw"), picked alternately at the end.
    pools: dict[str, dict[str, list[str]]] = {}
    start = time.time()

    def offer(rules: RuleSet, givens: tuple[int, ...], source: str) -> None:
        taken: Counter[str] = Counter()
        grid = rules.shape.variant
        for position, technique, index in walk(rules, givens):
            if technique not in wanted or taken[technique] >= PER_PUZZLE:
                continue
            pool = pools.setdefault(technique, {}).setdefault(grid, [])
            if len(pool) >= args.per:
                continue
            pool.append(format_line(technique, position, f"{source} step {index}"))
            taken[technique] += 1

    for kind in args.kinds.split(";"):
        for level in LEVELS:
            for seed in range(1, args.seeds + 1):
                try:
                    made = generate(kind, 9, level, seed=seed)
                except (GenerationFailed, ValueError):
                    continue
                source = f"generated {kind} 9 {level.label.lower()} seed {seed}"
                offer(made.puzzle.rules, made.puzzle.givens, source)
                print(f"{time.time() - start:6.0f}s {source}", file=sys.stderr)
    # Rare steps: givens-free killers cut at random from generated solutions.
    rng = random.Random(22)
    solutions = []
    for _ in range(6):
        for shape in (Shape.classic(9), random_layout(9, rng)):
            solutions.append((shape, random_solution(shape, rng)))
    for number in range(args.random):
        shape, solution = rng.choice(solutions)
        cages = random_cages(solution, rng, rng.randint(3, 5), smallest=2)
        if number % 2:  # some cells left uncaged: more innies, hidden cages and subsets
            cages = tuple(cage for cage in cages if rng.random() < 0.85)
        rules = RuleSet(shape, cages)
        if solver.settle(rules, [0] * shape.cells).status is not solver.Status.UNIQUE:
            continue
        offer(rules, (0,) * shape.cells, f"random-cage {shape.variant} killer {number} seed 22")
    kept: dict[str, list[str]] = {}
    grids: dict[str, Counter[str]] = {}
    for technique, by_grid in pools.items():
        chosen = kept.setdefault(technique, [])
        counts = grids.setdefault(technique, Counter())
        queues = [list(by_grid.get("classic", [])), list(by_grid.get("jigsaw", []))]
        turn = 0
        while len(chosen) < args.per and any(queues):
            queue = queues[turn % 2] or queues[(turn + 1) % 2]
            chosen.append(queue.pop(0))
            counts["jigsaw" if "| jigsaw " in chosen[-1] else "classic"] += 1
            turn += 1
    order = [t.name for t in all_techniques() if t.name in kept]
    text = [HEADER, "# Built by benchmarks/make_variant_trainer.py; format in exemplars.py."]
    for name in order:
        counts = grids[name]
        text.append(
            f"# {name}: {len(kept[name])} ({counts['classic']} classic, {counts['jigsaw']} jigsaw)"
        )
        text.extend(kept[name])
    missing = sorted(wanted - set(kept))
    for name in order:
        print(f"{len(kept[name]):4} {name}")
    print(f"none for: {', '.join(missing)}")
    if not args.check:
        OUT.write_text("\n".join(text) + "\n", encoding="utf-8")
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
