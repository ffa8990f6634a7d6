"""One puzzle per line: the collections (``.sdm``, ``.txt``, CSV) and everything a line can hold.

A *puzzle line* is any line that is not blank and does not start with ``#``.
Leniency policy for one line:

- ``:...`` is a HoDoKu library line (see :mod:`.hodoku`).
- A ``#`` ends the puzzle part; the rest is a comment and becomes the title.
- Tab-separated fields if the line has a tab; otherwise comma-separated fields if
  it has a comma; otherwise blank-separated fields.
- ``N*N`` one-character comma fields (``5,-,-,3,...``) or ``N*N`` one-character
  blank-separated fields are the cells themselves.
- CSV: the first field is the puzzle, the other fields go to ``extra`` under the
  names of a ``#!sudoku -c1,Puzzle,Label,...`` header when the file has one (a
  ``Label``/``Title``/``Name`` column also becomes the title).
- Tabs or blanks: the first field of ``N*N`` cell characters is the puzzle (so an
  id or hash may come first); a field right after it of the same length that is a
  *layout* (see :mod:`.jigsaw`) makes the puzzle a jigsaw; other fields go to
  ``extra`` as ``field 1``, ``field 2`` ... (1-based positions on the line).
- Sizes: any ``N*N`` length with ``4 <= N <= 25``; cells as in :mod:`.cells`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import FormatError, InvalidPuzzleError
from ..puzzle import PuzzleRecord
from ..shape import MAX_SIZE, MIN_SIZE
from .build import classic_shape, make_record
from .cells import CELL_CHARS, read_digits, unknown
from .hodoku import is_library_line, parse_library_line
from .jigsaw import layout_shape, looks_like_labels

_SQUARES = {n * n: n for n in range(MIN_SIZE, MAX_SIZE + 1)}
_COMMON_SIZES = (4, 6, 8, 9, 12, 16, 25)
_BLANKS = re.compile(r"[^ \t\r\f\v]+")
_WORD = re.compile(r"[A-Za-z]{3,}")
_TITLE_COLUMNS = ("label", "title", "name")


@dataclass(frozen=True)
class LineContext:
    """What a collection's header tells about its lines: CSV column names."""

    columns: tuple[str, ...] = ()


NO_CONTEXT = LineContext()


def is_puzzle_line(text: str) -> bool:
    """Whether a line of a collection holds a puzzle (not blank, not a ``#`` comment)."""
    stripped = text.strip()
    return bool(stripped) and not stripped.startswith("#")


def csv_columns(comment: str) -> tuple[str, ...] | None:
    """Column names from a ``#!sudoku -c1,PuzzleR,Label,...`` header, or None."""
    stripped = comment.strip()
    if not stripped.lower().startswith("#!sudoku"):
        return None
    names = stripped[len("#!sudoku") :].strip().split(",")
    if names and names[0].startswith("-"):
        names = names[1:]
    return tuple(name.strip() for name in names)


def is_title_text(text: str) -> bool:
    """Whether ``text`` reads as words (a title), not as cells of any grid.

    A word of three or more letters that uses a letter no grid uses (``q-z`` but
    ``x``) or mixes cases (``Grid``, ``Easy``, ``HardestDatabase``).
    """
    for word in _WORD.findall(text):
        if any(char in "qrstuvwyzQRSTUVWYZ" for char in word):
            return True
        if not word.isupper() and not word.islower():
            return True
    return False


def is_header_line(text: str) -> bool:
    """Whether a line before a collection's first puzzle is a title line to skip."""
    return is_puzzle_line(text) and not holds_puzzle(text) and is_title_text(text)


def holds_puzzle(text: str) -> bool:
    """Whether ``text`` is plausibly one whole puzzle on one line (for detection)."""
    if is_library_line(text):
        return True
    body = text.split("#", 1)[0]
    if "\t" not in body and "," in body:
        fields = body.split(",")
        if len(fields) in _SQUARES and all(len(field.strip()) <= 1 for field in fields):
            return True
        return _is_grid_text(fields[0].strip())
    fields = body.split("\t") if "\t" in body else _BLANKS.findall(body)
    if len(fields) in _SQUARES and all(len(field) == 1 for field in fields):
        return True
    return any(_is_grid_text(field.strip()) for field in fields)


def _is_grid_text(text: str) -> bool:
    return len(text) in _SQUARES and CELL_CHARS.issuperset(text)


@dataclass(frozen=True)
class _Field:
    text: str
    column: int  # 1-based column of the first character


def _split(body: str, separator: str | None) -> list[_Field]:
    if separator is None:
        return [_Field(m.group(), m.start() + 1) for m in _BLANKS.finditer(body)]
    fields = []
    column = 1
    for part in body.split(separator):
        stripped = part.strip()
        lead = len(part) - len(part.lstrip())
        fields.append(_Field(stripped, column + lead))
        column += len(part) + 1
    return fields


def parse_line(
    text: str, line: int, index: int = 0, context: LineContext = NO_CONTEXT
) -> PuzzleRecord:
    """The puzzle on one line of a collection; errors carry ``line`` and the column."""
    if is_library_line(text):
        return parse_library_line(text, line, index)
    body, _, comment = text.partition("#")
    separator = "\t" if "\t" in body else "," if "," in body else None
    fields = [field for field in _split(body, separator) if field.text or separator == ","]
    if separator == "," and len(fields) in _SQUARES and all(len(f.text) <= 1 for f in fields):
        return _cells_record(fields, line, index, comment)
    if separator is None and len(fields) in _SQUARES and all(len(f.text) == 1 for f in fields):
        return _cells_record(fields, line, index, comment)
    if separator == ",":
        return _csv_record(fields, line, index, comment, context)
    return _fields_record(fields, line, index, comment)


def _cells_record(fields: list[_Field], line: int, index: int, comment: str) -> PuzzleRecord:
    size = _SQUARES[len(fields)]
    chars = [field.text or "." for field in fields]
    columns = [field.column for field in fields]
    return _record(chars, columns, size, line, index, title=comment)


def _csv_record(
    fields: list[_Field], line: int, index: int, comment: str, context: LineContext
) -> PuzzleRecord:
    puzzle = fields[0]
    size = _size_of(puzzle, line)
    names = context.columns
    extra = {}
    title = comment
    for position, field in enumerate(fields[1:], 1):
        name = names[position] if position < len(names) else f"field {position + 1}"
        extra[name] = field.text
        if not title and name.lower() in _TITLE_COLUMNS:
            title = field.text
    columns = list(range(puzzle.column, puzzle.column + len(puzzle.text)))
    return _record(list(puzzle.text), columns, size, line, index, title=title, extra=extra)


def _fields_record(fields: list[_Field], line: int, index: int, comment: str) -> PuzzleRecord:
    found = next((i for i, f in enumerate(fields) if _is_grid_text(f.text)), None)
    if found is None:
        if not fields:
            raise FormatError("no puzzle on this line", line=line)
        # Explain the field most like a puzzle: the first made of cell characters.
        best = next((f for f in fields if CELL_CHARS.issuperset(f.text)), fields[0])
        raise _size_error(best, line)
    puzzle = fields[found]
    size = _SQUARES[len(puzzle.text)]
    layout = None
    extra = {}
    for position, field in enumerate(fields):
        if position == found:
            continue
        if position == found + 1 and _is_layout_attempt(field.text, size):
            layout = field
            continue
        extra[f"field {position + 1}"] = field.text
    columns = list(range(puzzle.column, puzzle.column + len(puzzle.text)))
    return _record(
        list(puzzle.text), columns, size, line, index, title=comment, extra=extra, layout=layout
    )


def _is_layout_attempt(text: str, size: int) -> bool:
    """Whether a field after the givens is a region layout, even a broken one.

    A layout whose regions have the wrong sizes (8 and 10 cells) is still one, and
    is refused with the region at fault; reading the givens as a classic puzzle
    instead would silently solve another puzzle.  A solution grid is told apart
    by its scattered digits, another puzzle by its empty cells
    (:func:`.jigsaw.looks_like_labels`).
    """
    return len(text) == size * size and looks_like_labels(text, size)


def _size_of(field: _Field, line: int) -> int:
    """The grid size of a one-line puzzle field, or the precise reason there is none."""
    if _is_grid_text(field.text):
        return _SQUARES[len(field.text)]
    raise _size_error(field, line)


def _size_error(field: _Field, line: int) -> FormatError:
    for offset, char in enumerate(field.text):
        if char not in CELL_CHARS:
            return FormatError(unknown(char), line=line, column=field.column + offset)
    return FormatError(cell_count_reason(len(field.text)), line=line)


def cell_count_reason(count: int) -> str:
    """``found 80 cells; a 9x9 grid needs 81``, naming the nearest common size."""
    if count == 0:
        return "no puzzle found"
    size = min(_COMMON_SIZES, key=lambda n: (abs(n * n - count), n))
    cells = "cell" if count == 1 else "cells"
    return f"found {count} {cells}; a {size}x{size} grid needs {size * size}"


def _record(
    chars: list[str],
    columns: list[int],
    size: int,
    line: int,
    index: int,
    *,
    title: str = "",
    extra: dict[str, str] | None = None,
    layout: _Field | None = None,
) -> PuzzleRecord:
    def where(cell: int) -> tuple[int | None, int | None]:
        return line, columns[cell]

    if layout is not None:
        start = layout.column

        def where_region(cell: int) -> tuple[int | None, int | None]:
            return line, start + cell

        shape = layout_shape(layout.text, size, where_region, line)
    else:
        try:
            shape = classic_shape(size)
        except InvalidPuzzleError as error:
            raise InvalidPuzzleError(error.reason, line=line) from None
    givens = read_digits(chars, size, where)
    return make_record(shape, givens, where, title=title, index=index, line=line, extra=extra or {})
