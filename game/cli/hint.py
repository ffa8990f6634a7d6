"""``main.py hint [--json] [--puzzle N] FILE``: the next step for a puzzle or a saved game.

The position is the file's puzzle, or the saved position when the file carries
the player's entries and notes.  As in the game, the player's work is checked
first: a wrong entry or a note that leaves out the answer is the hint.  Then the
next logical step, from the notes when the player keeps them.

Human output: the technique, the explanation, and the placements and removals in
``r4c7`` form.  ``--json`` prints one object::

    {"technique": "Pointing", "placements": [[row, col, digit], ...],
     "eliminations": [[row, col, digit], ...], "explanation": "...",
     "kind": "step", "unique": true}

Rows and columns are 1-based.  ``kind`` is ``step``, ``mistake``, ``notes``,
``solved``, ``stuck``, ``no-solution``, ``several-solutions`` or ``undecided``;
without a step, ``technique`` is null and ``explanation`` says why.  A puzzle with
several solutions (or whose count the solver could not settle within its limit) is
hinted with the pattern steps only: no uniqueness technique, no last resort; when
none applies the hint says so.  Exit status 0; 1 when the puzzle has no solution,
several, or a count the solver could not settle (the hint is still printed); 2
(with ``FILE[:LINE[:COL]]: reason`` on stderr) for bad usage or a file that cannot
be read (the table is :data:`game.cli.exits.STATUSES`).
``--technique NAME [--all]`` lists where one technique applies instead
(:mod:`game.cli.technique`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .position import add_file_arguments


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options on ``parser``."""
    add_file_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the hint as a JSON object")
    parser.add_argument(
        "--technique",
        metavar="NAME",
        help="show where this technique applies instead of the next step (e.g. X-Wing)",
    )
    parser.add_argument(
        "--all", action="store_true", help="with --technique: every instance, not only the first"
    )


def run(args: argparse.Namespace) -> int:
    """Print the hint for the file's puzzle; the exit status."""
    from .exits import INCOMPLETE, OK, USAGE

    if args.technique is not None:
        from . import technique

        return technique.run(args)
    if args.all:
        print("main.py hint: error: --all goes with --technique NAME", file=sys.stderr)
        return USAGE
    from game.engine.errors import PuzzleError
    from game.engine.logic.hint import find_hint

    from .files import shown
    from .position import load, step_lines, uniqueness_note

    try:
        position = load(args.file, args.puzzle)
    except PuzzleError as error:
        print(error.located(shown(args.file)), file=sys.stderr)
        return USAGE
    status = OK if position.unique else INCOMPLETE
    record = position.record
    shape = position.shape
    note = uniqueness_note(position)
    if position.solutions == 0:
        kind, step, message = "no-solution", None, note or ""
    else:
        cells = shape.cells
        hint = find_hint(
            shape,
            record.puzzle.givens,
            record.entries or (0,) * cells,
            record.notes or (0,) * cells,
            position.solution,
            unique=position.unique,
            status=position.status,
            rules=record.puzzle.rules,
        )
        kind, step, message = hint.kind, hint.step, hint.message
    if args.json:
        result: dict[str, Any] = (
            step.to_json(shape)
            if step is not None
            else {"technique": None, "placements": [], "eliminations": [], "explanation": message}
        )
        result["kind"] = kind
        result["unique"] = position.unique
        print(json.dumps(result))
        return status
    if note and position.solutions > 1:
        print(note)
    if step is None:
        print(message)
        return status
    print(step.technique)
    print(step.explanation)
    for line in step_lines(shape, step):
        print(line)
    return status
