"""``main.py steps [--puzzle N] FILE``: the whole logical solution path, step by step.

Starts from the file's puzzle, or from the saved position when the file carries
the player's entries (a wrong entry is pointed out instead of solved around).
Each step is numbered, with its technique, its explanation, and what it places
and removes; the last line says whether logic solved the puzzle, with the level
and score the rater gives the path.  A puzzle with several solutions (or whose
count the solver could not settle within its limit) is walked with the pattern
steps only, and the last line says why the path stops; a path that reaches its
work limit says so too.  Exit status 0; 1 when the puzzle has no solution,
several, or a count the solver could not settle; 2 (with ``FILE[:LINE[:COL]]:
reason`` on stderr) when the file cannot be read (the table is
:data:`game.cli.exits.STATUSES`).
"""

from __future__ import annotations

import argparse
import sys

from .position import Position, add_file_arguments


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options on ``parser``."""
    add_file_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Print the solution path of the file's puzzle; the exit status."""
    from game.engine.errors import PuzzleError

    from .exits import INCOMPLETE, OK, USAGE
    from .files import shown
    from .position import load

    try:
        position = load(args.file, args.puzzle)
    except PuzzleError as error:
        print(error.located(shown(args.file)), file=sys.stderr)
        return USAGE
    _print_path(position)
    return OK if position.unique else INCOMPLETE


def _print_path(position: Position) -> None:
    from game.engine.logic import CandidateGrid, Level, solve_path
    from game.engine.logic.grid import given_cells
    from game.engine.logic.hint import find_mistake
    from game.engine.logic.registry import all_techniques
    from game.engine.solver import Status

    from .position import step_lines, uniqueness_note

    record = position.record
    shape = position.shape
    note = uniqueness_note(position)
    if note:
        print(note)
    if position.solutions == 0:
        return
    cells = shape.cells
    mistake = find_mistake(
        shape,
        record.puzzle.givens,
        record.entries or (0,) * cells,
        (0,) * cells,
        position.solution,
    )
    if mistake is not None:
        print(mistake.message)
        return
    if all(record.grid):
        print("The puzzle is solved.")
        return
    path = solve_path(
        CandidateGrid.from_grid(
            shape,
            record.grid,
            givens=given_cells(record.puzzle.givens),
            rules=record.puzzle.rules,
        ),
        unique=position.unique,
        include_last_resort=position.unique,
    )
    width = len(str(len(path.steps)))
    for number, step in enumerate(path.steps, 1):
        indent = " " * (width + 2)
        print(f"{number:>{width}}. {step.technique}: {step.explanation}")
        for line in step_lines(shape, step):
            print(f"{indent}{line}")
    levels = {t.name: t.level for t in all_techniques()}
    level = max((levels.get(s.technique, Level.EXTREME) for s in path.steps), default=Level.EASY)
    score = max((s.rating for s in path.steps), default=0.0)
    count = len(path.steps)
    if path.solved and not path.used_last_resort:
        print(f"Solved by logic in {count} steps: {level.label}, score {score:.1f}.")
    elif path.solved:
        print(f"Solved in {count} steps, with trial: Extreme, score {score:.1f}.")
    elif position.status is Status.UNDECIDED:
        print(f"Stopped after {count} steps: no pattern step is left (see above).")
    elif not position.unique:
        print(
            f"Stopped after {count} steps: no pattern step is left, and the puzzle has "
            "several solutions, so only a guess could go on."
        )
    elif not path.complete:
        print(f"Stopped after {count} steps: the logic reached its work limit.")
    else:
        print(f"Stuck after {count} steps: no technique the game knows applies.")
