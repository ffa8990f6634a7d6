"""Build the technique trainer's catalogue ``assets/trainer/positions.txt``, or check it.

Run on demand (a build takes several minutes; the jigsaw puzzles dominate)::

    .venv/bin/python benchmarks/make_trainer.py --jobs 2   # rebuild the file
    .venv/bin/python benchmarks/make_trainer.py --check    # verify the file as it is
    .venv/bin/python benchmarks/make_trainer.py --add Skyscraper   # top one technique up

A position is kept for technique T when T is the step a hint gives there: the
builder walks the solve path of a puzzle (:func:`solve_path` always takes the
simplest step) and asks :func:`find_step` again at the position before each step,
so a step the path's shared budget chose differently is never recorded.  Sources,
in this order: the bundled library (classic and jigsaw 9x9, 6x6), then puzzles
from :func:`generate_unrated` with fixed seeds (:data:`STREAMS`).  From each
puzzle at most one position per technique is kept (chosen by a seeded draw among
that technique's steps, so singles are not always the opening move), and a
technique stops collecting once its buckets are full (:data:`CAPS`), so common
techniques take the first puzzles and rare ones take what the streams give.

The sources are walked in batches in a fixed order and the stopping rule counts
positions, not time, so a rebuild with the same version of the game gives the
same file.  The file format is documented in :mod:`game.session.trainer.exemplars`.

``--add TECHNIQUE ...`` tops those techniques up to :data:`TOTAL` positions
without rebuilding the rest: the lines already in the file stay as they are and
the new ones go at the end of their technique's group.  It walks the library and
then streams of its own (:data:`ADD_STREAMS`, fixed seeds, so the same file and
game give the same additions), and besides positions where the technique is the
hint's step it keeps *marked* ones: the technique's own finder
(:func:`steps_named`) finds it there, but a hint gives a simpler step of the same
level first (a Skyscraper where a Sashimi X-Wing comes first; a position where a
single comes first would teach little; ``--below 1`` allows a hint one level
down, for a Siamese Finned X-Wing whose Finned X-Wing a hint gives first).  A
marked line names that simpler technique (``Skyscraper (hint: Sashimi X-Wing)``);
a position where the technique is the hint's step is preferred when a puzzle has
both.

``--check`` reads the file as the game does and verifies every line by the
technique's own finder: an unmarked line still gives its technique as the
simplest step, and a marked one has steps of the technique's own finder, with
the named technique still the hint there.  It prints positions per technique
(all, marked, classic 9x9, jigsaw 9x9, 6x6) and the file's size.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
import zlib
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.formats import open_puzzles  # noqa: E402
from game.engine.generator import generate_unrated  # noqa: E402
from game.engine.logic import (  # noqa: E402
    CandidateGrid,
    Technique,
    all_techniques,
    solve_path,
    steps_named,
)
from game.engine.logic.grid import given_cells  # noqa: E402
from game.engine.logic.path import find_step  # noqa: E402
from game.engine.logic.registry import get as technique_named  # noqa: E402
from game.engine.puzzle import Puzzle, PuzzleRecord  # noqa: E402
from game.session.trainer.exemplars import HEADER, format_line, parse_line  # noqa: E402

TARGET = ROOT / "assets" / "trainer" / "positions.txt"

CAPS = {"classic": 7, "jigsaw": 7, "small": 2}
"""Most positions per technique from classic 9x9, jigsaw 9x9 and 6x6 puzzles."""

TOTAL = 12
"""Most positions per technique in all."""

LIBRARY_FILES = (
    *(f"classic/{n}" for n in ("1-easy", "2-medium", "3-hard", "4-expert", "5-extreme")),
    *(f"jigsaw/{n}" for n in ("1-easy", "2-medium", "3-hard", "4-expert", "5-extreme")),
    "other-sizes/classic-6x6",
    "other-sizes/jigsaw-6x6",
    "single/classic-9x9-expert",
    "single/jigsaw-9x9-hard",
    "single/classic-6x6-hard",
)
"""Library files walked first (4x4 has only singles; 16x16 positions are too big to drill)."""


@dataclass(frozen=True)
class Stream:
    """Generated puzzles ``generate_unrated(variant, size, seed=first + k)``, ``k < count``."""

    variant: str
    size: int
    first: int
    count: int


STREAMS = (
    Stream("classic", 9, 10_000_000, 4000),
    Stream("jigsaw", 9, 20_000_000, 1200),
    Stream("classic", 6, 30_000_000, 200),
    Stream("jigsaw", 6, 40_000_000, 300),
)

ADD_STREAMS = (
    Stream("classic", 9, 50_000_000, 3000),
    Stream("jigsaw", 9, 60_000_000, 1000),
    Stream("classic", 6, 70_000_000, 200),
    Stream("jigsaw", 6, 80_000_000, 200),
)
"""The generated puzzles ``--add`` walks after the library (none of :data:`STREAMS`'s)."""

BATCH = 32

Job = tuple[str, str, int]  # ("library", file, line) or (variant, size-as-text, seed)


@dataclass(frozen=True)
class Found:
    technique: str
    bucket: str
    line: str


def bucket_of(puzzle_shape_size: int, jigsaw: bool) -> str:
    if puzzle_shape_size != 9:
        return "small"
    return "jigsaw" if jigsaw else "classic"


# -- walking one puzzle (in a worker) ----------------------------------------------


def _puzzle_of(job: Job) -> tuple[Puzzle, str]:
    kind, what, number = job
    if kind == "library":
        for item in open_puzzles(ROOT / "puzzles" / what):
            if isinstance(item, PuzzleRecord) and (item.line or 1) == number:
                return item.puzzle, f"puzzles/{what}:{number}"
        raise LookupError(f"{what}:{number}")
    made = generate_unrated(kind, int(what), seed=number)
    return made.puzzle, f"generated {kind} {what}x{what} seed {number}"


def walk(job: Job) -> list[Found]:
    """One position per technique on this puzzle's solve path, each re-checked by a hint."""
    puzzle, source = _puzzle_of(job)
    shape = puzzle.shape
    grid = CandidateGrid.from_grid(shape, puzzle.givens, givens=given_cells(puzzle.givens))
    path = solve_path(grid)
    at: dict[str, list[tuple[int, CandidateGrid]]] = {}
    for index, step in enumerate(path.steps):
        at.setdefault(step.technique, []).append((index, grid))
        grid = grid.apply(step.placements, step.eliminations)
    draw = random.Random(zlib.crc32(source.encode()))
    bucket = bucket_of(shape.size, shape.is_jigsaw)
    found = []
    for name, places in at.items():
        index, position = places[draw.randrange(len(places))]
        hint = find_step(position).step
        if hint is None or hint.technique != name:
            continue
        found.append(Found(name, bucket, format_line(name, position, f"{source} step {index + 1}")))
    return found


def walk_for(names: tuple[str, ...], below: int, job: Job) -> list[Found]:
    """At most one position per technique of ``names`` on this puzzle's solve path:
    where the technique is the hint's step if there is one, else a marked position
    (see the module docstring) whose hint is at most ``below`` levels below the
    technique's, each re-checked by a hint and by the technique's finder.
    """
    puzzle, source = _puzzle_of(job)
    shape = puzzle.shape
    grid = CandidateGrid.from_grid(shape, puzzle.givens, givens=given_cells(puzzle.givens))
    path = solve_path(grid)
    wanted = [technique_named(name) for name in names]
    draw = random.Random(zlib.crc32(source.encode()))
    bucket = bucket_of(shape.size, shape.is_jigsaw)
    plain: dict[str, list[tuple[int, CandidateGrid]]] = {}
    marked: dict[str, list[tuple[int, CandidateGrid]]] = {}
    for index, step in enumerate(path.steps):
        level = _level(step.technique)
        for found in wanted:
            if step.technique == found.name:
                plain.setdefault(found.name, []).append((index, grid))
            elif level >= found.level - below and steps_named(grid, found.name):
                marked.setdefault(found.name, []).append((index, grid))
        grid = grid.apply(step.placements, step.eliminations)
    kept = []
    for found in wanted:
        line = _pick(found, plain.get(found.name, []), draw, source, mark=False)
        if line is None:
            line = _pick(found, marked.get(found.name, []), draw, source, mark=True)
        if line is not None:
            kept.append(Found(found.name, bucket, line))
    return kept


def _level(name: str) -> int:
    try:
        return technique_named(name).level
    except KeyError:
        return 0


def _pick(
    found: Technique,
    places: list[tuple[int, CandidateGrid]],
    draw: random.Random,
    source: str,
    mark: bool,
) -> str | None:
    """The line of one of ``places`` drawn at random whose hint (a fresh search)
    still fits: the technique itself, or with ``mark`` another one."""
    order = list(places)
    draw.shuffle(order)
    for index, position in order:
        hint = find_step(position).step
        if hint is None:
            continue
        where = f"{source} step {index + 1}"
        if not mark and hint.technique == found.name:
            return format_line(found.name, position, where)
        if mark and hint.technique != found.name:
            return format_line(found.name, position, where, hint.technique)
    return None


# -- building ----------------------------------------------------------------------


def jobs(limit: int | None, streams: tuple[Stream, ...] = STREAMS) -> Iterator[Job]:
    for name in LIBRARY_FILES:
        for item in open_puzzles(ROOT / "puzzles" / f"{name}.txt"):
            if isinstance(item, PuzzleRecord):
                yield ("library", f"{name}.txt", item.line or 1)
    # Streams interleaved, so the jigsaw positions come in while classic ones do.
    counts = [stream.count if limit is None else min(limit, stream.count) for stream in streams]
    for k in range(max(counts)):
        for stream, count in zip(streams, counts, strict=True):
            if k < count:
                yield (stream.variant, str(stream.size), stream.first + k)


def build(workers: int, limit: int | None) -> None:
    names = [found.name for found in all_techniques()]
    kept: dict[str, list[Found]] = {name: [] for name in names}
    started = time.monotonic()
    walked = 0

    def wants(found: Found) -> bool:
        have = kept[found.technique]
        in_bucket = sum(1 for f in have if f.bucket == found.bucket)
        return len(have) < TOTAL and in_bucket < CAPS[found.bucket]

    pending = jobs(limit)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        while True:
            batch = [job for _, job in zip(range(BATCH), pending, strict=False)]
            if not batch:
                break
            for results in pool.map(walk, batch):
                walked += 1
                for found in results:
                    if wants(found):
                        kept[found.technique].append(found)
            if walked % (BATCH * 10) == 0:
                short = sum(1 for name in names if len(kept[name]) < TOTAL)
                print(
                    f"{walked} puzzles, {time.monotonic() - started:.0f} s, "
                    f"{short} techniques short",
                    file=sys.stderr,
                    flush=True,
                )
    write(kept)
    print(
        f"{walked} puzzles walked in {time.monotonic() - started:.0f} s (wall clock)",
        file=sys.stderr,
    )


def write(kept: dict[str, list[Found]]) -> None:
    """The file: the header, then each technique's group, simplest technique first."""
    lines = [
        HEADER,
        "# Built by benchmarks/make_trainer.py; format in game/session/trainer/exemplars.py.",
    ]
    for found in all_techniques():
        have = kept.get(found.name, [])
        if not have:
            continue
        lines.append(f"# {found.name}: {_split(have)}")
        lines.extend(item.line for item in have)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_kept() -> dict[str, list[Found]]:
    """The file's positions by technique, in file order, as :func:`build` keeps them."""
    kept: dict[str, list[Found]] = {}
    lines = TARGET.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0] != HEADER:
        raise SystemExit(f"{TARGET}: no header line {HEADER!r}; rebuild it")
    for number, text in enumerate(lines[1:], start=2):
        if not text.strip() or text.startswith("#"):
            continue
        entry = parse_line(text, number)
        bucket = bucket_of(entry.shape.size, entry.shape.is_jigsaw)
        kept.setdefault(entry.technique, []).append(Found(entry.technique, bucket, text))
    return kept


def add(names: list[str], workers: int, limit: int | None, below: int = 0) -> int:
    """Top ``names`` up to :data:`TOTAL` positions each, keeping every line already there."""
    try:
        wanted = tuple(technique_named(name).name for name in names)
    except KeyError as error:
        print(f"unknown technique {error}", file=sys.stderr)
        return 2
    kept = read_kept()
    seen = {found.line.split(" | ")[2] for items in kept.values() for found in items}
    before = {name: len(kept.get(name, [])) for name in wanted}
    started = time.monotonic()
    walked = 0

    def wants(found: Found) -> bool:
        have = kept.setdefault(found.technique, [])
        in_bucket = sum(1 for f in have if f.bucket == found.bucket)
        return len(have) < TOTAL and in_bucket < CAPS[found.bucket]

    def short() -> tuple[str, ...]:
        return tuple(name for name in wanted if len(kept.get(name, [])) < TOTAL)

    pending = jobs(limit, ADD_STREAMS)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        while short():
            batch = [job for _, job in zip(range(BATCH), pending, strict=False)]
            if not batch:
                break
            for results in pool.map(functools.partial(walk_for, short(), below), batch):
                walked += 1
                for found in results:
                    cells = found.line.split(" | ")[2]
                    if cells not in seen and wants(found):
                        seen.add(cells)
                        kept[found.technique].append(found)
            if walked % (BATCH * 10) == 0:
                print(
                    f"{walked} puzzles, {time.monotonic() - started:.0f} s, "
                    + ", ".join(f"{name} {len(kept.get(name, []))}" for name in wanted),
                    file=sys.stderr,
                    flush=True,
                )
    write(kept)
    for name in wanted:
        print(f"{name}: {before[name]} -> {len(kept.get(name, []))}", file=sys.stderr)
    print(
        f"{walked} puzzles walked in {time.monotonic() - started:.0f} s (wall clock)",
        file=sys.stderr,
    )
    return 0


def _split(found: list[Found]) -> str:
    parts = [f"{sum(1 for f in found if f.bucket == b)} {b}" for b in CAPS]
    return f"{len(found)} ({', '.join(parts)})"


# -- checking ----------------------------------------------------------------------


def check() -> int:
    problems: list[str] = []
    per: dict[str, list[str]] = {}
    marked: dict[str, int] = {}
    by_hint_only = 0
    lines = TARGET.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0] != HEADER:
        print(f"{TARGET}: no header line {HEADER!r}")
        return 1
    started = time.process_time()
    for number, text in enumerate(lines[1:], start=2):
        if not text.strip() or text.startswith("#"):
            continue
        try:
            entry = parse_line(text, number)
        except ValueError as error:
            problems.append(f"{TARGET.name}:{error}")
            continue
        problem, own = _verify(entry.technique, entry.simpler, entry.position)
        if problem:
            problems.append(f"{TARGET.name}:{number}: {problem}")
        if not own:
            by_hint_only += 1
        shape = entry.shape
        per.setdefault(entry.technique, []).append(bucket_of(shape.size, shape.is_jigsaw))
        if entry.simpler:
            marked[entry.technique] = marked.get(entry.technique, 0) + 1
    spent = time.process_time() - started
    print(f"{'technique':40} {'all':>4} {'mark':>4} {'9x9':>4} {'jig':>4} {'6x6':>4}")
    total = 0
    for found in all_techniques():
        if found.variant_only:
            continue  # assets/trainer/variant_positions.txt (make_variant_trainer.py)
        buckets = per.get(found.name, [])
        total += len(buckets)
        counts = [buckets.count(b) for b in CAPS]
        flag = "  (none)" if not buckets else "  (few)" if len(buckets) < 6 else ""
        print(
            f"{found.name:40} {len(buckets):4} {marked.get(found.name, 0):4} "
            f"{counts[0]:4} {counts[1]:4} {counts[2]:4}{flag}"
        )
    for problem in problems:
        print(problem)
    size = TARGET.stat().st_size
    print(
        f"{total} positions ({sum(marked.values())} marked), {len(per)} techniques, "
        f"{size / 1024:.0f} KiB; checked in {spent:.1f} s CPU; {len(problems)} problems"
    )
    print(
        f"{total - by_hint_only} positions have steps of the technique's own finder; "
        f"{by_hint_only} only the hint's step, which a broader finder names so"
    )
    return 1 if problems else 0


def _verify(technique: str, simpler: str, position: CandidateGrid) -> tuple[str, bool]:
    """What is wrong with a line's claim ("" if nothing), and whether the technique's own
    finder names steps there.

    A marked line needs the own finder's steps and the named technique as the hint;
    an unmarked one needs the technique as the hint (its step may come from a broader
    finder that names it by its form, an AIC that is a Grouped AIC: the drill counts
    the hint's step as an instance too, so that is no problem).
    """
    hint = find_step(position).step
    got = hint.technique if hint is not None else "nothing"
    own = bool(steps_named(position, technique))
    if not simpler:
        return ("" if got == technique else f"{technique} expected, a hint gives {got}"), own
    if not own:
        return f"{technique}'s finder finds nothing here", own
    if got != simpler:
        return f"marked 'hint: {simpler}', a hint gives {got}", own
    return "", own


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="verify the file, change nothing")
    parser.add_argument(
        "--add",
        nargs="+",
        metavar="TECHNIQUE",
        help=f"top these techniques up to {TOTAL} positions, keeping the rest of the file",
    )
    parser.add_argument(
        "--below",
        type=int,
        default=0,
        help="with --add: a marked position's hint may be this many levels below the technique's"
        " (a Siamese Finned X-Wing, a Hard level up from the Finned X-Wing a hint gives: 1)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for a build")
    parser.add_argument(
        "--limit", type=int, help="at most this many puzzles per generated stream (trial builds)"
    )
    args = parser.parse_args(argv)
    if args.check:
        return check()
    if args.add:
        status = add(args.add, args.jobs, args.limit, args.below)
        return status or check()
    build(args.jobs, args.limit)
    return check()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
