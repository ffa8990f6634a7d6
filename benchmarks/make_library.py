"""Build the bundled puzzle library ``puzzles/`` with the game's generator, or check it.

Run on demand (the full build takes several minutes; Extreme puzzles dominate)::

    .venv/bin/python benchmarks/make_library.py            # rebuild every file
    .venv/bin/python benchmarks/make_library.py --check    # verify the files as they are
    .venv/bin/python benchmarks/make_library.py --check --reproduce

Every puzzle comes from :func:`~game.engine.generator.generate` with a fixed seed
(:data:`FILES` lists each file's kind, levels, counts and first seed), so a rebuild
with the same version of the game gives the same files.  New techniques change
ratings: then a rebuild gives new puzzles, and ``--check`` says which labels no
longer hold.

``--check`` reads every file through :func:`~game.engine.formats.open_puzzles`, as
the game does, and verifies that each puzzle has exactly one solution, that the
rater gives it the level on its label (the ``# Level score seed S`` comment of a
collection line, or the file name of a single-puzzle file), and that no puzzle
appears twice.  ``--reproduce`` also makes each puzzle again from its seed.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import solver  # noqa: E402
from game.engine.formats import format_puzzle, open_puzzles  # noqa: E402
from game.engine.generator import RatedPuzzle, generate  # noqa: E402
from game.engine.logic.rating import rate  # noqa: E402
from game.engine.logic.registry import Level  # noqa: E402
from game.engine.puzzle import Puzzle, PuzzleRecord  # noqa: E402

LIBRARY = ROOT / "puzzles"
E, M, H, X, XX = Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.EXTREME


@dataclass(frozen=True)
class LibraryFile:
    """One file of the library: where it goes, what it holds, and its seeds.

    Puzzle ``k`` of level ``L`` gets seed ``first_seed + 1000 * L + k`` (skipping
    seeds whose puzzle is already in the file), so files never share a seed.
    ``single`` files hold one puzzle in its multi-line canonical form.
    """

    path: str
    variant: str
    size: int
    levels: tuple[tuple[Level, int], ...]
    first_seed: int
    single: bool = False

    def seeds(self, level: Level) -> Iterator[int]:
        start = self.first_seed + 1000 * int(level)
        return iter(range(start, start + 1000))


def _per_level(count: int, levels: tuple[Level, ...]) -> tuple[tuple[Level, int], ...]:
    return tuple((level, count) for level in levels)


FILES: tuple[LibraryFile, ...] = (
    *(
        LibraryFile(
            f"classic/{int(level)}-{level.name.lower()}.txt",
            "classic",
            9,
            ((level, 20 if level is XX else 30),),
            1_000_000,
        )
        for level in Level
    ),
    *(
        LibraryFile(
            f"jigsaw/{int(level)}-{level.name.lower()}.txt",
            "jigsaw",
            9,
            ((level, 20 if level is XX else 30),),
            2_000_000,
        )
        for level in Level
    ),
    LibraryFile("other-sizes/classic-4x4.txt", "classic", 4, ((E, 20),), 3_000_000),
    LibraryFile(
        "other-sizes/classic-6x6.txt", "classic", 6, _per_level(10, (E, M, H, X)), 4_000_000
    ),
    LibraryFile(
        "other-sizes/jigsaw-6x6.txt", "jigsaw", 6, _per_level(8, (E, M, H, X, XX)), 5_000_000
    ),
    LibraryFile("other-sizes/classic-16x16.txt", "classic", 16, _per_level(10, (E, M)), 6_000_000),
    LibraryFile("single/classic-9x9-expert.txt", "classic", 9, ((X, 1),), 7_000_000, True),
    LibraryFile("single/jigsaw-9x9-hard.txt", "jigsaw", 9, ((H, 1),), 7_100_000, True),
    LibraryFile("single/classic-16x16-easy.txt", "classic", 16, ((E, 1),), 7_200_000, True),
    LibraryFile("single/classic-6x6-hard.txt", "classic", 6, ((H, 1),), 7_300_000, True),
)


# -- building ----------------------------------------------------------------------


def _make(job: tuple[str, int, Level, int]) -> RatedPuzzle:
    variant, size, level, seed = job
    return generate(variant, size, level, seed=seed)


def build(jobs: int) -> None:
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for spec in FILES:
            made: list[RatedPuzzle] = []
            for level, count in spec.levels:
                seeds = spec.seeds(level)
                while sum(1 for p in made if p.level is level) < count:
                    need = count - sum(1 for p in made if p.level is level)
                    batch = [(spec.variant, spec.size, level, next(seeds)) for _ in range(need)]
                    for puzzle in pool.map(_make, batch):
                        if all(p.puzzle != puzzle.puzzle for p in made):
                            made.append(puzzle)
            path = LIBRARY / spec.path
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_single(made[0]) if spec.single else _collection(spec, made))
            print(f"{spec.path}: {len(made)} puzzles", file=sys.stderr, flush=True)


def _single(made: RatedPuzzle) -> str:
    return format_puzzle(made.puzzle)


def _collection(spec: LibraryFile, made: list[RatedPuzzle]) -> str:
    from game.cli.generate import as_line

    kind = f"{spec.variant.capitalize()} {spec.size}x{spec.size}"
    levels = ", ".join(f"{count} {level.label}" for level, count in spec.levels)
    form = "81 cells" if spec.size == 9 else f"{spec.size * spec.size} cells"
    if spec.variant == "jigsaw":
        form += " then the region of each cell (0-based ids)"
    header = [
        f"# {kind} Sudoku: {levels}.",
        f"# One puzzle per line: {form}, '.' for empty.",
        "# Comment: level, score (Sudoku Explainer scale), seed. Made by the game's",
        "# generator (benchmarks/make_library.py); see puzzles/README.md.",
    ]
    return "\n".join(header) + "\n" + "".join(as_line(p) + "\n" for p in made)


# -- checking ----------------------------------------------------------------------

_LABEL = re.compile(r"^(?P<level>[A-Za-z]+) (?P<score>[0-9.]+) seed (?P<seed>[0-9]+)$")


def check(reproduce: bool) -> int:
    problems: list[str] = []
    seen: dict[Puzzle, str] = {}
    total = 0
    listed = {spec.path: spec for spec in FILES}
    found_files = sorted(p.relative_to(LIBRARY).as_posix() for p in LIBRARY.rglob("*.txt"))
    for name in sorted(set(listed) - set(found_files)):
        problems.append(f"{name}: missing")
    for name in found_files:
        spec = listed.get(name)
        if spec is None:
            problems.append(f"{name}: not made by this script")
            continue
        records: list[PuzzleRecord] = []
        for item in open_puzzles(LIBRARY / name):
            if isinstance(item, PuzzleRecord):
                records.append(item)
            else:
                problems.append(f"{name}: {item}")
        expected = sum(count for _, count in spec.levels)
        if len(records) != expected:
            problems.append(f"{name}: {len(records)} puzzles, expected {expected}")
        for record in records:
            where = f"{name}:{record.line}" if record.line else name
            total += 1
            problems.extend(_check_record(spec, record, where, reproduce))
            if record.puzzle in seen:
                problems.append(f"{where}: the same puzzle as {seen[record.puzzle]}")
            seen[record.puzzle] = where
        print(f"{name}: {len(records)} puzzles checked", file=sys.stderr, flush=True)
    for problem in problems:
        print(problem)
    print(f"{total} puzzles in {len(found_files)} files; {len(problems)} problems")
    return 1 if problems else 0


def _check_record(
    spec: LibraryFile, record: PuzzleRecord, where: str, reproduce: bool
) -> list[str]:
    puzzle = record.puzzle
    problems = []
    if puzzle.shape.variant != spec.variant or puzzle.size != spec.size:
        problems.append(f"{where}: a {puzzle.shape.variant} {puzzle.size}x{puzzle.size} puzzle")
    if solver.count_solutions(puzzle.shape, puzzle.givens) != 1:
        return problems + [f"{where}: not exactly one solution"]
    rating = rate(puzzle.shape, puzzle.givens)
    if spec.single:
        level, score, seed = spec.levels[0][0], None, None
    else:
        label = _LABEL.match(record.title)
        if label is None:
            return problems + [f"{where}: no 'Level score seed S' comment: {record.title!r}"]
        level = Level.parse(label["level"])
        score, seed = float(label["score"]), int(label["seed"])
    if rating.level is not level:
        problems.append(f"{where}: labelled {level.label}, rated {rating.level.label}")
    elif score is not None and rating.score != score:
        problems.append(f"{where}: labelled score {score}, rated {rating.score}")
    if reproduce and seed is not None:
        again = generate(spec.variant, spec.size, level, seed=seed)
        if again.puzzle != puzzle:
            problems.append(f"{where}: seed {seed} no longer makes this puzzle")
    return problems


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="verify the files, change nothing")
    parser.add_argument("--reproduce", action="store_true", help="with --check: remake each")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for a build")
    args = parser.parse_args(argv)
    if args.check:
        return check(args.reproduce)
    build(args.jobs)
    return check(False)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
