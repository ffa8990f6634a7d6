"""What ``hint`` and ``steps`` share: one puzzle of a file, its solutions, and step text.

Reading goes through :mod:`game.engine.formats`; every failure to read becomes a
:class:`~game.engine.errors.PuzzleError` that the commands print as
``FILE[:LINE[:COL]]: reason`` on stderr (exit status 2).  Engine imports happen
inside the functions so that ``main.py --help`` stays quick.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .numbers import whole_number

if TYPE_CHECKING:
    from game.engine.logic import Step
    from game.engine.puzzle import PuzzleRecord
    from game.engine.shape import Shape
    from game.engine.solver import Status


def add_file_arguments(parser: argparse.ArgumentParser) -> None:
    """``FILE`` and ``--puzzle N`` (which puzzle of a collection, 1-based)."""
    parser.add_argument(
        "file", metavar="FILE", help="a puzzle file, any format (- for standard input)"
    )
    parser.add_argument(
        "--puzzle",
        type=whole_number(1),
        default=1,
        metavar="N",
        help="which puzzle of a collection to use (default 1, the first)",
    )


@dataclass(frozen=True)
class Position:
    """A puzzle as the file left it, with what the solver says about it."""

    record: PuzzleRecord
    solutions: int  # 0, 1 or 2 (2 meaning "two or more", or undecided)
    solution: tuple[int, ...] | None  # the unique solution, if there is one
    status: Status | None = None  # the solver's verdict (None: not asked)

    @property
    def unique(self) -> bool:
        return self.solutions == 1

    @property
    def shape(self) -> Shape:
        return self.record.puzzle.shape


def load(path: str, number: int) -> Position:
    """Puzzle ``number`` (1-based) of the file at ``path``.

    :raises PuzzleError: when the file or that puzzle cannot be read, or there is
        no such puzzle.
    """
    from game.engine.errors import FormatError
    from game.engine.logic import decide

    from .files import open_file

    puzzles = open_file(path)
    try:
        record = puzzles.record(number - 1)
    except IndexError:
        count = puzzles.count
        raise FormatError(
            f"there is no puzzle {number}: the file holds {count} "
            f"puzzle{'' if count == 1 else 's'}",
            path=path,
        ) from None
    # Bounded: an open 25x25 jigsaw is undecided in seconds rather than searched for hours.
    analysis = decide(record.puzzle.rules, record.puzzle.givens)
    count = 2 if analysis.count is None else analysis.count
    return Position(record, count, analysis.solution if count == 1 else None, analysis.status)


def uniqueness_note(position: Position) -> str | None:
    """Why the logic runs without uniqueness techniques (or cannot help), if it must."""
    from game.engine.solver import Status

    if position.solutions == 0:
        return "The puzzle has no solution."
    if position.status is Status.UNDECIDED:
        return (
            "The solver could not tell within its limit whether the puzzle has a solution, "
            "so the uniqueness techniques and the last resort are off and no entry can be "
            "called a mistake unless it clashes."
        )
    if position.solutions > 1:
        return (
            "The puzzle has more than one solution, so the uniqueness techniques are off "
            "and no entry can be called a mistake unless it clashes."
        )
    return None


def step_lines(shape: Shape, step: Step) -> list[str]:
    """The placements and removals of ``step`` as ``place r1c3=7`` / ``remove ...`` lines."""
    from game.engine.logic.wording import removal_text
    from game.engine.symbols import cell_name, symbol

    lines = []
    n = shape.size
    if step.placements:
        placed = ", ".join(f"{cell_name(c, n)}={symbol(d)}" for c, d in step.placements)
        lines.append(f"place {placed}")
    if step.eliminations:
        lines.append(removal_text(step.eliminations, n))
    return lines
