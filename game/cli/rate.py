"""``main.py rate [--json] FILE...``: how hard each puzzle is for a person.

For every puzzle of every file: its level (Easy .. Extreme), its score on the
Sudoku Explainer scale (the hardest step of the simplest logical path), the
techniques that path used, and whether logic alone solved it.  Ratings are of
the puzzle's givens, whatever progress a file carries.  Only a puzzle with one
solution is rated: one with none or several (or whose count the solver could not
settle within its limit), or whose path reached the rater's work limit, is
reported as not rated, with the reason.

``--json`` prints one object per line::

    {"file": "x.txt", "index": 0, "level": "Hard", "score": 4.2,
     "techniques": {"Hidden Single": 31, "X-Wing": 1}, "solved_by_logic": true,
     "unique": true}

A puzzle that is not rated prints ``{"file": ..., "index": i, "rated": false,
"status": "multiple", "reason": "..."}`` (``status`` ``none``, ``multiple``,
``undecided`` or ``unique``).  Errors print ``{"file": ..., "index": i or null,
"error": reason}`` (on stdout, in order) and ``FILE[:LINE[:COL]]: reason`` on
stderr.  The run goes on; the exit status is 2 if anything could not be read, else
1 if some puzzle was not rated, else 0 (the table is :data:`game.cli.exits.STATUSES`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from .files import shown

if TYPE_CHECKING:
    from game.engine.errors import PuzzleError
    from game.engine.logic.rating import Unrated
    from game.engine.puzzle import PuzzleRecord


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options on ``parser``."""
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="puzzle files, any format (- for standard input)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object per puzzle")


def run(args: argparse.Namespace) -> int:
    """Rate every puzzle of ``args.files``; 0 if every one was rated, 1 if some could
    not be (a reason is printed), 2 if something could not be read."""
    from .exits import INCOMPLETE, OK, USAGE

    report = _Report(json_lines=args.json)
    for path in args.files:
        _rate_file(path, report)
    return USAGE if report.failed else INCOMPLETE if report.unrated else OK


def _rate_file(path: str, report: _Report) -> None:
    from game.engine.errors import PuzzleError
    from game.engine.logic.rating import Unrated, rate_puzzle

    from .files import open_file

    try:
        for item in open_file(path):
            if isinstance(item, PuzzleError):
                report.error(path, item)
                continue
            rating = rate_puzzle(item.puzzle)
            if isinstance(rating, Unrated):
                report.unrated_result(path, item, rating)
                continue
            report.result(path, item, rating.to_json(), unique=True)
    except PuzzleError as error:
        report.error(path, error)


class _Report:
    """Writes results and errors in the chosen style; remembers whether any failed."""

    def __init__(self, *, json_lines: bool) -> None:
        self.json_lines = json_lines
        self.failed = False
        self.unrated = False

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

    def unrated_result(self, path: str, record: PuzzleRecord, unrated: Unrated) -> None:
        self.unrated = True
        if self.json_lines:
            print(json.dumps({"file": path, "index": record.index, **unrated.to_json()}))
        else:
            print(f"{shown(path)}, puzzle {record.index + 1}: not rated: {unrated.reason}")

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
