"""``main.py rate [--json] FILE...``: how hard each puzzle is for a person.

For every puzzle of every file: its level (Easy .. Extreme), its score on the
Sudoku Explainer scale (the hardest step of the simplest logical path), the
techniques that path used, and whether logic alone solved it.  Ratings are of
the puzzle's givens, whatever progress a file carries.  A puzzle with several
solutions is rated without the uniqueness techniques; one with no solution
cannot be rated and is reported as an error.

``--json`` prints one object per line::

    {"file": "x.txt", "index": 0, "level": "Hard", "score": 4.2,
     "techniques": {"Hidden Single": 31, "X-Wing": 1}, "solved_by_logic": true,
     "unique": true}

Errors print ``{"file": ..., "index": i or null, "error": reason}`` (on stdout,
in order) and ``FILE[:LINE[:COL]]: reason`` on stderr; the run goes on and the
exit status is 2 at the end, else 0.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING

from .files import shown

if TYPE_CHECKING:
    from game.engine.errors import PuzzleError
    from game.engine.puzzle import PuzzleRecord


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options on ``parser``."""
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="puzzle files, any format (- for standard input)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object per puzzle")


def run(args: argparse.Namespace) -> int:
    """Rate every puzzle of ``args.files``; 0 if every one was rated, else 2."""
    report = _Report(json_lines=args.json)
    try:
        for path in args.files:
            _rate_file(path, report)
        sys.stdout.flush()
    except BrokenPipeError:
        # `rate big.txt | head`: the reader went away; stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 2 if report.failed else 0


def _rate_file(path: str, report: _Report) -> None:
    from game.engine.errors import InvalidPuzzleError, PuzzleError
    from game.engine.logic.rating import rate
    from game.engine.solver import count_solutions

    from .files import open_file

    try:
        for item in open_file(path):
            if isinstance(item, PuzzleError):
                report.error(path, item)
                continue
            puzzle = item.puzzle
            count = count_solutions(puzzle.shape, puzzle.givens, limit=2)
            if count == 0:
                error = InvalidPuzzleError("the puzzle has no solution, so it cannot be rated")
                error.index = item.index
                error.line = item.line
                report.error(path, error)
                continue
            rating = rate(puzzle.shape, puzzle.givens, unique=count == 1)
            report.result(path, item, rating.to_json(), unique=count == 1)
    except PuzzleError as error:
        report.error(path, error)


class _Report:
    """Writes results and errors in the chosen style; remembers whether any failed."""

    def __init__(self, *, json_lines: bool) -> None:
        self.json_lines = json_lines
        self.failed = False

    def error(self, path: str, error: PuzzleError) -> None:
        self.failed = True
        if self.json_lines:
            print(json.dumps({"file": path, "index": error.index, "error": str(error)}))
        else:
            name = shown(path)
            where = f"{name}, puzzle {error.index + 1}" if error.index is not None else name
            print(f"{where}: cannot rate: {error}")
        sys.stdout.flush()
        print(error.located(shown(path)), file=sys.stderr)

    def result(
        self, path: str, record: PuzzleRecord, rating: dict[str, object], *, unique: bool
    ) -> None:
        if self.json_lines:
            print(json.dumps({"file": path, "index": record.index, **rating, "unique": unique}))
            return
        techniques = rating["techniques"]
        assert isinstance(techniques, dict)
        used = ", ".join(f"{name} {count}" for name, count in techniques.items())
        how = "solved by logic" if rating["solved_by_logic"] else "logic alone does not solve it"
        several = "; several solutions" if not unique else ""
        print(
            f"{shown(path)}, puzzle {record.index + 1}: {rating['level']} {rating['score']} "
            f"({how}{several}; {rating['steps']} steps: {used or 'none'})"
        )
