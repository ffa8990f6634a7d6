"""``main.py solve [--json] [--all] [--limit N] FILE...``: solve every puzzle of every file.

For each puzzle: its solution and whether it is unique, one of several, or absent.
A puzzle with no or several solutions is an answer, not an error.  A file or puzzle
that cannot be read is reported (on stdout as a result, on stderr as
``FILE[:LINE[:COL]]: reason``) and the run goes on; the exit status is then 2,
else 0.

``--json`` prints one object per line::

    {"file": "x.txt", "index": 0, "size": 9, "givens": "53..7....", "regions": "000111222...",
     "status": "unique", "solution": "534678912..."}

``givens`` holds the clues only (never a player's entries), ``regions`` the 0-based
region id of each cell, ``solution`` the first solution found or null.  With
``--all`` a ``"solutions"`` list holds every solution found.  The search stops at
``--limit`` solutions: 2 by default (enough to tell unique from multiple), 10
with ``--all``; it always looks for at least 2 and at most :data:`MAX_LIMIT` (each
solution is kept until it is printed, so the ceiling bounds memory).  The search
has a budget (about a second): a grid so open that it neither finds two solutions
nor proves there are none within it has ``"status": "undecided"`` (with the
solution it found, if one).  ``-`` reads standard input.  Errors print
``{"file": ..., "index": i or null, "error": reason}``.

Imports of the engine happen inside :func:`run` so ``main.py --help`` stays quick.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, TextIO

from .files import shown
from .numbers import whole_number

if TYPE_CHECKING:
    from game.engine.errors import PuzzleError
    from game.engine.puzzle import PuzzleRecord

DEFAULT_LIMIT = 2
"""Solutions searched for without ``--all``: enough to tell unique from multiple."""

DEFAULT_ALL_LIMIT = 10
"""Solutions searched for (and listed) with ``--all``."""

MAX_LIMIT = 1_000
"""Highest ``--limit``: the solutions are held in memory (and printed) together.

The engine's :data:`game.engine.solver.MAX_SOLUTIONS`, repeated here so that
``--help`` does not import the solver (a test keeps the two equal)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options on ``parser``."""
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="puzzle files, any format (- for standard input)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object per puzzle")
    parser.add_argument(
        "--all", action="store_true", help="list every solution found (up to --limit)"
    )
    parser.add_argument(
        "--limit",
        type=whole_number(1, MAX_LIMIT),
        default=None,
        metavar="N",
        help=f"stop after N solutions, 1 to {MAX_LIMIT:,} "
        f"(default {DEFAULT_LIMIT}, or {DEFAULT_ALL_LIMIT} with --all)",
    )


def run(args: argparse.Namespace) -> int:
    """Solve every puzzle of ``args.files``; the exit status (see :mod:`game.cli.exits`).

    2 if something could not be read, else 1 if some puzzle has no solution,
    several or an undecided count, else 0.
    """
    from .exits import INCOMPLETE, OK, USAGE, OutputError, Terminated

    limit = args.limit or (DEFAULT_ALL_LIMIT if args.all else DEFAULT_LIMIT)
    report = _Report(sys.stdout, sys.stderr, json_lines=args.json, show_all=args.all)
    try:
        for path in args.files:
            _solve_file(path, limit, report)
    except (KeyboardInterrupt, Terminated):
        with contextlib.suppress(OutputError):
            report.write_waiting()  # the answers found before the signal still go out
        raise
    report.flush()
    return USAGE if report.failed else INCOMPLETE if report.incomplete else OK


def _solve_file(path: str, limit: int, report: _Report) -> None:
    from game.engine.errors import PuzzleError

    from .workers import Task, settle_all

    def task_of(item: PuzzleRecord | PuzzleError) -> Task | None:
        if isinstance(item, PuzzleError):
            return None
        puzzle = item.puzzle
        # A classic or jigsaw puzzle travels as its shape, cheaper to send to a worker.
        return (puzzle.rules if puzzle.constraints else puzzle.shape, puzzle.givens)

    for item, answer in settle_all(_read(path), task_of, max(limit, 2)):
        if answer is None:
            assert isinstance(item, PuzzleError)
            report.error(path, item)
            continue
        assert not isinstance(item, PuzzleError)
        status, found = answer
        report.result(path, item, list(found[:limit]), len(found), limit, status)


def _read(path: str) -> Iterator[PuzzleRecord | PuzzleError]:
    """The file's puzzles and per-puzzle errors, then the error that ended the reading
    early, if one did: every problem becomes an item reported in its place."""
    from game.engine.errors import PuzzleError

    from .files import open_file

    try:
        yield from open_file(path)
    except PuzzleError as error:
        yield error
    except (OSError, ValueError, RecursionError, MemoryError) as error:
        # Last resort, so one strange file cannot end the run with a traceback;
        # every expected problem is a PuzzleError above.
        yield PuzzleError(f"internal error while reading this file ({error!r})")


FLUSH_EVERY = 0.1
"""Seconds JSON lines may wait to be written together.  One write per line costs a
system call each when output is unbuffered (``PYTHONUNBUFFERED``), a third of the
time on a 150,000-game file; a reader still sees answers within this delay."""


class _Report:
    """Writes results and errors in the chosen style; remembers whether any failed."""

    def __init__(self, out: TextIO, err: TextIO, *, json_lines: bool, show_all: bool) -> None:
        self.out = out
        self.err = err
        self.json_lines = json_lines
        self.show_all = show_all
        self.failed = False
        self.incomplete = False  # some puzzle without exactly one solution
        self._waiting: list[str] = []  # JSON lines not yet written
        self._written = time.monotonic()

    def flush(self) -> None:
        """Write what waits, then flush: before any other output, and at the end."""
        self.write_waiting()
        self.out.flush()
        self._written = time.monotonic()

    def write_waiting(self) -> None:
        """Hand the JSON lines that wait to the output stream."""
        if self._waiting:
            text = "".join(self._waiting)
            self._waiting.clear()
            self.out.write(text)

    def error(self, path: str, error: PuzzleError) -> None:
        self.failed = True
        if self.json_lines:
            self._json({"file": path, "index": error.index, "error": str(error)})
        else:
            name = shown(path)
            where = f"{name}, puzzle {error.index + 1}" if error.index is not None else name
            print(f"{where}: cannot read: {error}", file=self.out)
        self.flush()  # the answer on stdout comes before its message on stderr
        print(error.located(shown(path)), file=self.err)

    def result(
        self,
        path: str,
        record: PuzzleRecord,
        found: list[tuple[int, ...]],
        count: int,
        limit: int,
        status: str | None = None,
    ) -> None:
        from game.engine.symbols import grid_string

        puzzle = record.puzzle
        if status is None:
            status = "none" if count == 0 else "unique" if count == 1 else "multiple"
        if status != "unique":
            self.incomplete = True
        if self.json_lines:
            result: dict[str, object] = {
                "file": path,
                "index": record.index,
                "size": puzzle.size,
                "givens": grid_string(puzzle.givens),
                "regions": puzzle.shape.region_labels(),
                **({"rules": list(puzzle.rules.kinds())} if puzzle.constraints else {}),
                "status": status,
                "solution": grid_string(found[0]) if found else None,
            }
            if self.show_all:
                result["solutions"] = [grid_string(grid) for grid in found]
            self._json(result)
            return
        self._human(path, record, found, count, limit, status)

    def _human(
        self,
        path: str,
        record: PuzzleRecord,
        found: list[tuple[int, ...]],
        count: int,
        limit: int,
        status: str,
    ) -> None:
        from game.engine.formats import pretty

        shape = record.puzzle.shape
        line = f" (line {record.line})" if record.line is not None else ""
        title = f": {record.title}" if record.title else ""
        print(f"== {shown(path)}, puzzle {record.index + 1}{line}{title} ==", file=self.out)
        if status == "none":
            print(pretty(shape, record.puzzle.givens), file=self.out)
            print("no solution", file=self.out)
        elif status == "unique":
            print(pretty(shape, found[0]), file=self.out)
            print("unique solution", file=self.out)
        elif status == "undecided":
            print(pretty(shape, found[0] if found else record.puzzle.givens), file=self.out)
            what = "found one solution but" if found else "found no solution and"
            print(
                f"undecided: the search {what} could not settle the count within its limit",
                file=self.out,
            )
        else:
            listed = found if self.show_all else found[:1]
            for number, grid in enumerate(listed, 1):
                if len(listed) > 1:
                    print(f"solution {number}:", file=self.out)
                print(pretty(shape, grid), file=self.out)
            searched = max(limit, 2)
            more = f"at least {count}" if count >= searched else str(count)
            print(
                f"multiple solutions: found {more} (the search stops at {searched})",
                file=self.out,
            )
        print(file=self.out)

    def _json(self, value: dict[str, object]) -> None:
        import json

        self._waiting.append(json.dumps(value) + "\n")
        if time.monotonic() - self._written >= FLUSH_EVERY:
            self.flush()
