"""``main.py generate [--variant V[,V...]] [--size N] [--level L] ...``: new puzzles, printed.

Options: ``--variant NAME[,NAME...]`` (registry names: ``classic``, ``jigsaw``, ``x``,
``windoku``, ``disjoint``, ``anti-knight``, ``anti-king``, ``non-consecutive``,
``killer``, ``thermo``, ``arrow``, ``kropki``, ``xv``, ``whisper``, ``renban``,
``palindrome``, ``between``, ``little-killer``, ``sandwich``, ``quadruple``; e.g.
``jigsaw,x``),
``--size N``, ``--level LEVEL`` (alias ``--difficulty``),
``--symmetry none|180|mirror|90``, ``--count K``, ``--seed S``, ``--json``,
``--lines``, ``--format line|fpuzzles|solo``.
Prints new puzzles in the canonical forms of :mod:`game.engine.formats`, so the
output can be saved and opened in the game:

- one puzzle: its multi-line form (classic: ``N`` lines with ``.`` for empty;
  jigsaw: the COMP3258 map, layout lines then value lines) and nothing else on
  stdout, so ``generate > p.txt`` is a clean puzzle file; the level, score and
  seed go to stderr;
- several puzzles (or ``--lines``): a collection, one puzzle per line, each line
  ``givens[ regions] # Level score seed S`` (the bundled ``puzzles/`` form).

A variant puzzle's rules do not fit that line, so ``line`` output (the default)
prints a variant puzzle as one line of f-puzzles JSON, the form the game, f-puzzles
and SudokuPad all read, with the level, score and seed on stderr.
``--format fpuzzles`` prints every puzzle so, ``--format solo`` as a Simon
Tatham's Solo game ID (classic, jigsaw, X and killer only).  Both writers are
:func:`game.engine.formats.format_fpuzzles` and
:func:`game.engine.formats.format_solo`; a build without them says so and exits
with 2, and ``--json`` always works: it lists a variant's constraints too.

``--json`` prints one object per puzzle per line::

    {"size": 9, "givens": "..3.1....", "regions": "000111222...", "solution": "4539...",
     "level": "Hard", "score": 4.2, "seed": 12345}

and, for a variant, ``"variant": "jigsaw,killer"`` and ``"constraints"``: one
object per constraint, its registry ``type`` and its fields (0-based cells), e.g.
``{"type": "cage", "members": [0, 1], "total": 7}``.

``givens`` and ``solution`` hold ``N*N`` symbols (``.`` empty, ``1-9`` then ``A, B``
...), ``regions`` the 0-based region id of each cell (``0-9`` then ``A-Z``).

``--seed S`` makes the run reproducible: puzzle ``k`` (from 0) is made with seed
``S + k``, so each can be made again alone; every ``S + k`` must be a seed that
``--seed`` takes (at most :data:`MAX_SEED`).  Progress shows on stderr when it is
a terminal.  Bad arguments print a message on stderr and exit with 2; a search
that finds nothing exits with 1; Ctrl+C stops cleanly with 130 (the table is
:data:`game.cli.exits.STATUSES`).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from .numbers import whole_number

if TYPE_CHECKING:
    from game.engine.generator import RatedPuzzle
    from game.engine.puzzle import Puzzle
    from game.engine.rules import Constraint

LEVELS = ("easy", "medium", "hard", "expert", "extreme")
FORMATS = ("line", "fpuzzles", "solo")
SOLO_RULES = frozenset({"x", "killer"})
"""What Solo game IDs hold beyond classic and jigsaw grids."""
SYMMETRIES = ("none", "180", "mirror", "90")
MAX_COUNT = 10_000
MAX_SEED = 2**63 - 1
"""The highest seed: ``--seed S --count K`` labels seeds ``S`` to ``S+K-1``, and
each must be one that ``--seed`` takes, so the run is refused when ``S+K-1`` is
past this."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options on ``parser``."""
    parser.add_argument(
        "--variant",
        type=_variant,
        default="classic",
        metavar="NAME[,NAME...]",
        help="classic, jigsaw, x, windoku, disjoint, anti-knight, anti-king, "
        "non-consecutive, killer, thermo, arrow, kropki, xv, whisper, renban, "
        "palindrome, between, little-killer, sandwich, quadruple, or several joined by "
        "commas (jigsaw,x); default classic",
    )
    parser.add_argument(
        "--size",
        type=whole_number(4, 25),
        default=9,
        metavar="N",
        help="grid size: 4, 6, 9, 12 or 16 for classic, 6 or 9 for jigsaw (default 9)",
    )
    parser.add_argument(
        "--level",
        "--difficulty",
        dest="difficulty",
        type=_choice(LEVELS),
        default="medium",
        metavar="LEVEL",
        help=f"{', '.join(LEVELS)} (default medium)",
    )
    parser.add_argument(
        "--symmetry",
        type=_choice(SYMMETRIES),
        default=None,
        metavar="S",
        help=(
            "clue layout: none, 180, mirror or 90 (default 180 for classic, none for jigsaw,"
            " drawn constraints, Extreme variants and Expert X)"
        ),
    )
    parser.add_argument(
        "--count",
        type=whole_number(1, MAX_COUNT),
        default=1,
        metavar="K",
        help="how many puzzles (default 1)",
    )
    parser.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED),
        default=None,
        metavar="S",
        help=f"make the run reproducible: puzzle k gets seed S+k (S+k at most {MAX_SEED})",
    )
    parser.add_argument(
        "--format",
        type=_choice(FORMATS),
        default="line",
        metavar="F",
        help="line (the native forms; f-puzzles JSON for variants), fpuzzles or solo "
        "(default line)",
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON object per puzzle")
    output.add_argument(
        "--lines", action="store_true", help="one puzzle per line, even for a single puzzle"
    )


def _variant(text: str) -> str:
    from game.engine.generator import Kind

    try:
        return Kind.parse(text).name
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _choice(words: tuple[str, ...]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        word = text.strip().lower()
        if word not in words:
            raise argparse.ArgumentTypeError(f"expected one of {', '.join(words)}, not {text!r}")
        return word

    return parse


def run(args: argparse.Namespace) -> int:
    """Generate ``args.count`` puzzles; 0 on success, 1 if one was not found, 2 for bad requests."""
    from game.engine.generator import (
        GenerationFailed,
        Kind,
        Symmetry,
        check_request,
        generate,
    )
    from game.engine.logic.registry import Level

    from .exits import INCOMPLETE, OK, USAGE, Terminated

    level = Level.parse(args.difficulty)
    symmetry = Symmetry.parse(args.symmetry) if args.symmetry is not None else None
    try:
        check_request(args.variant, args.size, level)
    except ValueError as error:
        print(f"main.py generate: error: {error}", file=sys.stderr)
        return USAGE
    if args.seed is not None and args.seed + args.count - 1 > MAX_SEED:
        print(
            f"main.py generate: error: --seed {args.seed} with --count {args.count} would "
            f"label seeds up to {args.seed + args.count - 1}, past the highest seed "
            f"{MAX_SEED}; use --seed {MAX_SEED - args.count + 1} or lower",
            file=sys.stderr,
        )
        return USAGE
    kind = Kind.parse(args.variant)
    writer = None
    if not args.json and (args.format != "line" or not kind.plain):
        name = "format_solo" if args.format == "solo" else "format_fpuzzles"
        used = set(kind.rules) | ({kind.drawn} if kind.drawn else set())
        if args.format == "solo" and not used <= SOLO_RULES:
            print(
                f"main.py generate: error: Solo game IDs cannot hold {kind.name} puzzles "
                "(classic, jigsaw, x and killer only); use --format fpuzzles",
                file=sys.stderr,
            )
            return USAGE
        writer = _writer(name)
        if writer is None:
            what = "Solo game IDs" if args.format == "solo" else "f-puzzles JSON"
            print(
                f"main.py generate: error: this build cannot write {what} yet; use --json",
                file=sys.stderr,
            )
            return USAGE
    progress = _Progress(sys.stderr, args.count)
    one_grid = args.count == 1 and not args.lines and not args.json and writer is None
    try:
        for index in range(args.count):
            seed = args.seed + index if args.seed is not None else None
            progress.start(index)
            made = generate(
                args.variant,
                args.size,
                level,
                symmetry=symmetry,
                seed=seed,
                progress=progress.update,
            )
            progress.clear()
            if args.json:
                print(json.dumps(as_json(made)), flush=True)
            elif writer is not None:
                try:
                    text = writer(made.puzzle)
                except ValueError as error:  # the format cannot hold this puzzle
                    print(f"main.py generate: error: {error}", file=sys.stderr)
                    return USAGE
                print(text.rstrip("\n"), flush=True)
                print(describe(made), file=sys.stderr)
            elif one_grid:
                from game.engine.formats import format_puzzle

                sys.stdout.write(format_puzzle(made.puzzle))
                print(describe(made), file=sys.stderr)
            else:
                print(as_line(made), flush=True)
    except GenerationFailed as error:
        progress.clear()
        print(f"main.py generate: {error}", file=sys.stderr)
        return INCOMPLETE
    except (KeyboardInterrupt, Terminated):
        progress.clear()
        raise
    return OK


def _writer(name: str) -> Callable[[Puzzle], str] | None:
    """The formats module's writer ``name``, or None in a build without it."""
    from game.engine import formats

    found = getattr(formats, name, None)
    return found if callable(found) else None


def describe(made: RatedPuzzle) -> str:
    """``Hard 4.2 seed 12345``: what a collection line's comment says about a puzzle."""
    return f"{made.level.label} {made.score} seed {made.seed}"


def as_line(made: RatedPuzzle) -> str:
    """The puzzle as a collection line with its level, score and seed as the comment."""
    from game.engine.formats import format_line

    return f"{format_line(made.puzzle)} # {describe(made)}"


def as_json(made: RatedPuzzle) -> dict[str, object]:
    """The ``--json`` object of one puzzle."""
    from game.engine.symbols import grid_string

    puzzle = made.puzzle
    found: dict[str, object] = {
        "size": puzzle.size,
        "givens": grid_string(puzzle.givens),
        "regions": puzzle.shape.region_labels(),
        "solution": grid_string(made.solution),
        "level": made.level.label,
        "score": made.score,
        "seed": made.seed,
    }
    if puzzle.constraints:
        found["variant"] = made.variant
        found["constraints"] = [constraint_json(rule) for rule in puzzle.constraints]
    return found


def constraint_json(rule: Constraint) -> dict[str, object]:
    """A constraint as a JSON object: its registry type and its fields (sets sorted)."""
    from game.engine.rules import rule_type

    found: dict[str, object] = {"type": rule_type(rule).name}
    for field in dataclasses.fields(rule):  # type: ignore[arg-type]
        found[field.name] = _plain(getattr(rule, field.name))
    return found


def _plain(value: object) -> object:
    if isinstance(value, frozenset | set):
        return sorted(_plain(item) for item in value)  # type: ignore[type-var]
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


class _Progress:
    """A one-line progress display on stderr, shown only when it is a terminal."""

    def __init__(self, stream: TextIO, count: int) -> None:
        self._stream = stream
        self._count = count
        self._shown = stream.isatty()
        self._index = 0
        self._last = -1

    def start(self, index: int) -> None:
        self._index = index
        self._last = -1

    def update(self, fraction: float) -> bool:
        percent = int(fraction * 100)
        if self._shown and percent != self._last:
            self._last = percent
            which = f" {self._index + 1}/{self._count}" if self._count > 1 else ""
            self._stream.write(f"\rgenerating{which}: {percent:3d}%")
            self._stream.flush()
        return True

    def clear(self) -> None:
        if self._shown and self._last >= 0:
            self._stream.write("\r\033[K")
            self._stream.flush()
            self._last = -1
