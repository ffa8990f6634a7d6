"""From digits read off a file to a :class:`PuzzleRecord`, with errors pointing into the file.

:class:`Puzzle` and :class:`PuzzleRecord` already say *what* is wrong (which unit,
which digit); this module adds *where*: the line and column of the cell that makes
the conflict, so a player can find it in an editor.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from ..errors import InvalidPuzzleError
from ..puzzle import Puzzle, PuzzleRecord
from ..shape import Shape
from .cells import Locate
from .source import MAX_TITLE


@functools.lru_cache(maxsize=32)
def classic_shape(size: int) -> Shape:
    """:meth:`Shape.classic`, remembered: collections ask for the same shape per line."""
    return Shape.classic(size)


def no_location(cell: int) -> tuple[int | None, int | None]:
    """A :data:`Locate` for text without useful positions."""
    return None, None


def make_puzzle(shape: Shape, givens: tuple[int, ...], where: Locate) -> Puzzle:
    """The puzzle, or :class:`InvalidPuzzleError` located at the repeated given."""
    try:
        return Puzzle(shape, givens)
    except InvalidPuzzleError as error:
        # Point at the later of the clashing cells: reading in order, that is where
        # the clash becomes visible.
        cells = first_clash(shape, givens)
        line, column = where(cells[-1]) if cells else (None, None)
        raise InvalidPuzzleError(error.reason, line=line, column=column) from None


def first_clash(shape: Shape, givens: tuple[int, ...]) -> tuple[int, ...]:
    """The cells of the first conflict :func:`~game.engine.rules.conflicts` would list.

    The first unit with a repeated digit, its smallest repeated digit, the cells in
    unit order; found without listing every conflict, which for a grid of repeats
    (a file of ``1 2 3 4 5 6 7 8 9`` lines) costs more than the rest of its reading.
    """
    for members in shape.units:
        seen = 0
        repeated = 0
        for cell in members:
            bit = 1 << givens[cell]
            if seen & bit:
                repeated |= bit
            seen |= bit
        repeated &= ~1  # empty cells repeat freely
        if repeated:
            digit = (repeated & -repeated).bit_length() - 1
            return tuple(cell for cell in members if givens[cell] == digit)
    return ()


def make_record(
    shape: Shape,
    givens: tuple[int, ...],
    where: Locate,
    *,
    entries: tuple[int, ...] | None = None,
    notes: tuple[int, ...] | None = None,
    title: str = "",
    index: int = 0,
    line: int | None = None,
    extra: Mapping[str, str] | None = None,
) -> PuzzleRecord:
    """A record whose errors carry the line (and column) they come from."""
    puzzle = make_puzzle(shape, givens, where)
    if entries is not None and not any(entries):
        entries = None
    if notes is not None and not any(notes):
        notes = None
    try:
        return PuzzleRecord(
            puzzle,
            entries=entries,
            notes=notes,
            title=clean(title),
            index=index,
            line=line,
            extra={key: clean(value) for key, value in (extra or {}).items()},
        )
    except InvalidPuzzleError as error:
        raise InvalidPuzzleError(error.reason, line=line) from None


def clean(text: str) -> str:
    """Text fit to print: at most :data:`.source.MAX_TITLE` characters, ends stripped.

    Bytes that were not UTF-8 and control characters (a terminal's escape
    sequences, tabs, bidirectional overrides) become U+FFFD; a longer text is cut
    with an ellipsis, so a 60 KB comment cannot swamp a screen or a terminal.
    """
    return clean_title(text)


def clean_title(text: str) -> str:
    """:func:`clean` under the name the collection readers use for titles."""
    if len(text) > MAX_TITLE * 2:
        text = text[: MAX_TITLE * 2]  # cut first: the rest is never shown
    text = _UNPRINTABLE.sub("\ufffd", text.strip().replace("\t", " "))
    if len(text) > MAX_TITLE:
        text = text[: MAX_TITLE - 1].rstrip() + "\u2026"
    return text


_UNPRINTABLE = re.compile(
    "[\udc80-\udcff\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
"""Undecodable bytes, C0 and C1 controls, and the bidirectional controls."""
