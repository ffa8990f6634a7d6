"""``main.py hint --technique NAME [--all] [--json] FILE``: where one technique applies.

"Where is the X-Wing here?": every step one technique finds at the file's
position (``--all``), or the first.  The position is the file's puzzle with the
player's entries, and its candidates are the file's own when it carries them
(HoDoKu and Simple Sudoku pencil-mark grids, HoDoKu library lines with deleted
candidates, ``.sdk`` ``[PencilMarks]``, OpenSudoku notes, saved games), less
digits a peer already holds; a cell without notes gets every legal digit.
Without notes, every empty cell gets every legal digit.

Human output: ``X-Wing: 2 found`` then each step's explanation, placements and
removals.  ``--json`` prints one object::

    {"technique": "X-Wing", "count": 2, "unique": true, "candidates": "file",
     "steps": [{"technique": "X-Wing", "placements": [], "eliminations": [[r, c, d]],
                "explanation": "..."}, ...]}

``candidates`` is ``"file"`` when the file's notes were used, else ``"computed"``.
An unknown technique name prints the known ones (exit status 2); a file that
cannot be read is status 2 too.  A uniqueness technique on a puzzle with several
solutions finds nothing and says why.  Finding nothing is an answer (status 0);
a puzzle with no solution, several, or an unsettled count gives status 1, as
every command does (:data:`game.cli.exits.STATUSES`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.logic import CandidateGrid
    from game.engine.puzzle import PuzzleRecord


def run(args: argparse.Namespace) -> int:
    """List the steps of ``args.technique``; the exit status."""
    from game.engine.errors import PuzzleError
    from game.engine.logic.path import steps_of
    from game.engine.logic.registry import all_techniques, get

    from .exits import INCOMPLETE, OK, USAGE
    from .files import shown
    from .position import load, step_lines

    try:
        technique = get(args.technique.strip())
    except KeyError:
        names = ", ".join(found.name for found in all_techniques())
        print(
            f"main.py hint: error: unknown technique {args.technique[:60]!r}; known: {names}",
            file=sys.stderr,
        )
        return USAGE
    try:
        position = load(args.file, args.puzzle)
    except PuzzleError as error:
        print(error.located(shown(args.file)), file=sys.stderr)
        return USAGE
    status = OK if position.unique else INCOMPLETE
    grid, from_file = candidate_grid(position.record)
    blocked = technique.needs_unique and not position.unique
    steps = [] if blocked or position.solutions == 0 else steps_of(grid, technique)
    if not args.all:
        steps = steps[:1]
    shape = position.shape
    if args.json:
        result = {
            "technique": technique.name,
            "count": len(steps),
            "unique": position.unique,
            "candidates": "file" if from_file else "computed",
            "steps": [step.to_json(shape) for step in steps],
        }
        print(json.dumps(result))
        return status
    if blocked:
        print(f"{technique.name} needs a puzzle with one solution; this one has not.")
    found = f"{len(steps)} found" if args.all else ("found" if steps else "not found")
    print(f"{technique.name}: {found}")
    for number, step in enumerate(steps, 1):
        print(f"{number}. {step.explanation}" if args.all else step.explanation)
        for line in step_lines(shape, step):
            print(f"   {line}")
    return status


def candidate_grid(record: PuzzleRecord) -> tuple[CandidateGrid, bool]:
    """The position of ``record`` with its candidates; True when they are the file's notes."""
    from game.engine.logic import CandidateGrid
    from game.engine.rules import candidates

    shape = record.puzzle.shape
    grid = record.grid
    legal = candidates(shape, grid)
    notes = record.notes
    if notes is None:
        return CandidateGrid(
            shape, grid, [0 if v else c for v, c in zip(grid, legal, strict=True)]
        ), False
    cands = [
        0 if value else (note & ok if note else ok)
        for value, note, ok in zip(grid, notes, legal, strict=True)
    ]
    return CandidateGrid(shape, grid, cands), True
