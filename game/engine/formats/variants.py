"""What the variant readers share: checked constraints and records with located errors.

The variant formats (f-puzzles JSON, SudokuPad links, Solo game IDs, killer cage
maps) build a :class:`~game.engine.puzzle.Puzzle` with constraints.  Every
constraint is checked on its own first (:func:`checked`), so a message names the
field or line it came from as well as what is wrong ("killercage[3]: the cage at
r1c1 is not connected"), instead of only the whole puzzle's first problem.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import FormatError, InvalidPuzzleError, PuzzleError
from ..puzzle import Puzzle, PuzzleRecord
from ..rules import Constraint
from ..rules.constraints import check
from ..shape import Shape
from .build import clean


def checked(rule: Constraint, size: int, where: str) -> Constraint:
    """``rule``, or :class:`InvalidPuzzleError` saying ``where: what is wrong``."""
    try:
        check(rule, size)
    except InvalidPuzzleError as error:
        raise InvalidPuzzleError(f"{where}: {error.reason}") from None
    return rule


def variant_record(
    shape: Shape,
    givens: Sequence[int],
    constraints: Sequence[Constraint],
    *,
    entries: Sequence[int] | None = None,
    title: str = "",
    extra: dict[str, str] | None = None,
    line: int | None = None,
    index: int = 0,
) -> PuzzleRecord:
    """The record of a variant puzzle; its errors carry ``line``."""
    try:
        puzzle = Puzzle(shape, tuple(givens), tuple(constraints))
        kept = tuple(entries) if entries is not None and any(entries) else None
        return PuzzleRecord(
            puzzle,
            entries=kept,
            title=clean(title),
            index=index,
            line=line,
            extra={key: clean(value) for key, value in (extra or {}).items() if value},
        )
    except PuzzleError as error:
        error.line = error.line if error.line is not None else line
        raise


def plural(count: int, word: str) -> str:
    """``1 line``, ``3 lines``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def need(condition: bool, where: str, reason: str) -> None:
    """Raise :class:`FormatError` ``where: reason`` unless ``condition`` holds."""
    if not condition:
        raise FormatError(f"{where}: {reason}" if where else reason)


class NotWritable(ValueError):
    """The puzzle has a rule the format being written cannot hold (the reason says which)."""
