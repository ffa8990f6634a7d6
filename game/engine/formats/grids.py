"""Puzzles drawn over several lines: plain and decorated grids, jigsaw blocks, digits in any text.

One reader covers the 9-line ``.sdk``, Simple Sudoku ``.ss``, pretty grids, list
syntax, Project Euler files, COMP3258 jigsaw maps and the other jigsaw encodings,
because they differ only in decoration.  Leniency policy:

- Skipped: blank lines, ``#`` comments (whole lines, or the end of a row),
  *separator* lines (only ``- = + * | : ' .`` with a run like ``--``: ``------+------``,
  ``*-----------*``, ``.---.``), a leading size line (``9``, ``9 9`` or ``9x9``), and
  *title* lines (words such as ``Grid 01``; see :func:`.lines.is_title_text`), which
  become the title of the next grid.
- In a row, ``| : , ; [ ] ( ) { } + " '`` are decoration; what remains, split at
  blanks, are the cells: every character is a cell (``53..7....``, ``5 3 0 | 0 7 0``,
  ``[5,3,0, 0,7,0]``), except that rows of blank-separated *numbers* with some
  ``10``..``25`` (``1 16 0 3 ...``) are read number by number.
- Rows of ``W`` cells: ``W`` rows are one grid; ``2W`` rows are a jigsaw layout and
  its values in either order, told apart by content (:mod:`.jigsaw`), or two grids
  when neither block is a layout; ``k*W`` rows are ``k`` grids.
- Rows that are not all of one width from 4 to 25 (a list on one line, words
  around the numbers) are one grid read in order if their cells number ``N*N``,
  or failing that if their ASCII digits alone do (``N <= 9``, ``0`` empty: "any
  text with exactly 81 digits").
- Everything else is refused with the count that is wrong and where.

Cost: a text is first cut by its :func:`outline` (the line and cell count of each
row, a few bytes a row), and each grid is read from its own lines when it is
asked for, so a file of 10,000 grids costs its lines, not 10,000 records.  Text
without a grid's shape is read as one grid only up to :data:`_FLAT_MAX` cells;
the whole text is capped at :data:`.source.GRIDS_CAP`.
"""

from __future__ import annotations

import enum
import math
import re
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..errors import FormatError, InvalidPuzzleError, PuzzleError
from ..puzzle import PuzzleRecord
from ..shape import MAX_SIZE, MIN_SIZE
from ..symbols import SYMBOLS
from .build import classic_shape, make_record
from .cells import Locate, read_digits
from .jigsaw import Order, block_order, is_layout, layout_shape
from .lines import cell_count_reason, is_title_text
from .records import Item, Records

SEPARATOR = re.compile(r"\s*[-=+*|:'.]*(?:--|==)[-=+*|:'.]*\s*")
_SIZE_LINE = re.compile(r"\s*([0-9]{1,2})(?:\s*[xX* ]\s*([0-9]{1,2}))?\s*")
_DECORATION = str.maketrans({char: " " for char in "|:,;[](){}+\"'"})
_TOKEN = re.compile(r"\S+")
_NUMBER = re.compile(r"[0-9]{1,2}")
_EULER_TITLE = re.compile(r"\s*grid\s*[0-9]+\s*", re.IGNORECASE)
_TITLE_MAX_CELLS = 4
_ASCII_DIGITS = frozenset("0123456789")
_WALL_PIECES = re.compile(r"\s*---(?:\s+---)*\s*")


def is_separator(text: str) -> bool:
    """Whether ``text`` is a separator line of a decorated grid."""
    return SEPARATOR.fullmatch(text) is not None


@dataclass
class Row:
    """One row of cells as read: the characters and the column of each."""

    line: int
    cells: list[str]
    columns: list[int]
    packed: bool  # written as one run of characters, like ``001111222``


@dataclass
class GridText:
    """The rows and titles of a text, decoration removed."""

    rows: list[Row] = field(default_factory=list)
    titles: list[tuple[int, str]] = field(default_factory=list)


def scan(
    lines: Sequence[str],
    first_line: int = 1,
    *,
    numeric: bool | None = None,
    size_line: bool = True,
) -> GridText:
    """Rows and titles of ``lines`` (numbered from ``first_line``).

    ``numeric`` says whether rows are read number by number (None: decide from
    these lines); ``size_line`` whether a first line like ``9x9`` is skipped
    (False for a slice from the middle of a text).
    """
    found = GridText()
    raw: list[tuple[int, list[re.Match[str]]]] = []
    seen_content = not size_line
    for number, text in enumerate(lines, first_line):
        kind, body = _classify(text, seen_content)
        if kind is _Line.SKIP:
            continue
        seen_content = True
        if kind is _Line.SIZE:
            continue
        if kind is _Line.TITLE:
            found.titles.append((number, body.strip()))
            continue
        tokens = list(_TOKEN.finditer(body.translate(_DECORATION)))
        if tokens:
            raw.append((number, tokens))
    if numeric is None:
        numeric = _numeric(
            [len(tokens) for _, tokens in raw], (t.group() for _, ts in raw for t in ts)
        )
    for number, tokens in raw:
        if numeric:
            cells = [_number_symbol(t.group(), number, t.start() + 1) for t in tokens]
            columns = [t.start() + 1 for t in tokens]
        else:
            cells = []
            columns = []
            for token in tokens:
                cells.extend(token.group())
                columns.extend(range(token.start() + 1, token.end() + 1))
        found.rows.append(Row(number, cells, columns, packed=len(tokens) == 1))
    return found


class _Line(enum.Enum):
    """What one line of a grid text is."""

    SKIP = "blank, comment or separator"
    SIZE = "a leading size line"
    TITLE = "a title"
    ROW = "a row of cells"


def _classify(text: str, seen_content: bool) -> tuple[_Line, str]:
    """The kind of ``text`` and its body (the part before a ``#`` comment)."""
    body = text.split("#", 1)[0]
    if not body or body.isspace():
        return _Line.SKIP, body
    # The separator pattern needs a run like "--" or "==": test for it first, cheaply.
    if ("--" in body or "==" in body) and is_separator(body):
        return _Line.SKIP, body
    if not seen_content and _is_size_line(body):
        return _Line.SIZE, body
    if _is_title(body):
        return _Line.TITLE, body
    return _Line.ROW, body


@dataclass
class Outline:
    """Where the rows of a grid text are and how many cells each has, without the cells.

    What :func:`read_grids` needs to cut a text into grids, at a few bytes a row
    (a :class:`Row` costs hundreds): the line of each row, its cell count, and
    the lines of the titles.  Grids are then read from their own lines on demand.
    """

    lines: array[int] = field(default_factory=lambda: array("Q"))
    widths: array[int] = field(default_factory=lambda: array("Q"))
    titles: array[int] = field(default_factory=lambda: array("Q"))
    numeric: bool = False


def outline(lines: Sequence[str], first_line: int = 1) -> Outline:
    """The :class:`Outline` of ``lines``: rows and cell counts as :func:`scan` finds them."""
    found = Outline()
    tokens_per_row = array("Q")
    chars_per_row = array("Q")
    maybe_numeric = True
    seen_content = False
    for number, text in enumerate(lines, first_line):
        kind, body = _classify(text, seen_content)
        if kind is _Line.SKIP:
            continue
        seen_content = True
        if kind is _Line.SIZE:
            continue
        if kind is _Line.TITLE:
            found.titles.append(number)
            continue
        tokens = body.translate(_DECORATION).split()
        if not tokens:
            continue
        found.lines.append(number)
        tokens_per_row.append(len(tokens))
        chars_per_row.append(sum(map(len, tokens)))
        if maybe_numeric:
            maybe_numeric = len(tokens) >= 10 and len(tokens) == tokens_per_row[0]
    if maybe_numeric and len(found.lines):
        found.numeric = _numeric(
            list(tokens_per_row),
            (
                token
                for number in found.lines
                for token in lines[number - first_line]
                .split("#", 1)[0]
                .translate(_DECORATION)
                .split()
            ),
        )
    found.widths = tokens_per_row if found.numeric else chars_per_row
    return found


def _is_size_line(text: str) -> bool:
    match = _SIZE_LINE.fullmatch(text)
    if match is None:
        return False
    first, second = match.group(1), match.group(2)
    # int() is safe here: the pattern matched ASCII digits only.
    return MIN_SIZE <= int(first) <= MAX_SIZE and (second is None or second == first)


def _is_title(text: str) -> bool:
    if not is_title_text(text):
        return False
    letters_removed = re.sub(r"[A-Za-z]+", "", text)
    cells = sum(1 for char in letters_removed if char.isascii() and char.isalnum())
    return cells <= _TITLE_MAX_CELLS


def _numeric(counts: list[int], tokens: Iterable[str]) -> bool:
    """Whether rows are blank-separated numbers with some of 10 or more (big grids).

    ``counts`` holds the number of tokens of each row, ``tokens`` every token.
    """
    if not counts:
        return False
    widths = set(counts)
    if len(widths) != 1 or min(widths) < 10:
        return False
    big = False
    for text in tokens:
        if _NUMBER.fullmatch(text) is None or (len(text) > 1 and text[0] == "0"):
            return False
        big = big or len(text) > 1
    return big


def _number_symbol(text: str, line: int, column: int) -> str:
    value = int(text)  # safe: _NUMBER matched ASCII digits only
    if value > MAX_SIZE:
        raise FormatError(f"{value} is no digit of any grid size", line=line, column=column)
    return SYMBOLS[value - 1] if value else "."


def read_grids(lines: Sequence[str], first_line: int = 1) -> tuple[str, Sequence[Item]]:
    """Every grid in ``lines``, with the kind of text it was.

    Raises :class:`PuzzleError` when the text cannot be cut into grids; a grid that
    is cut out but invalid becomes an error in the list.  The text is cut from its
    :func:`outline`; each grid is read from its own lines when it is asked for.
    """
    shape = outline(lines, first_line)
    count = len(shape.lines)
    if not count:
        raise FormatError("no puzzle found")
    widths = Counter(shape.widths)
    width = shape.widths[0]
    if len(widths) == 1 and MIN_SIZE <= width <= MAX_SIZE:
        # Rows of one plausible width: grids, or a precise complaint about the count.
        if count % width == 0:
            if count == 2 * width:
                text = scan(lines, first_line)
                return _two_blocks(text.rows, width, text.titles)
            return _classic_grids(lines, first_line, shape, width)
    elif sum(shape.widths) <= _FLAT_MAX:
        text = scan(lines, first_line)
        found = _flat_grid_text(text.rows)
        if found is not None:
            cells, side = found
            try:
                title = _title_before(text.titles, text.rows[0].line)
                return "digits in text", [_flat_grid(cells, side, title)]
            except PuzzleError as error:
                error.index = 0
                return "digits in text", [error]
    if len(lines) <= _FLAT_MAX and _is_wall_drawing(lines):
        raise FormatError(
            "this is a jigsaw drawn as ASCII art (walls of '|' and '---'), which is not a "
            "supported format; save it as a COMP3258 map (region lines, then value lines)"
        )
    raise _shape_error(lines, first_line, shape, widths)


_FLAT_MAX = 10_000
"""Most cells (and lines) a text without a grid's shape may have to be read as one grid."""


def _flat_grid_text(rows: list[Row]) -> tuple[list[tuple[int, int, str]], int] | None:
    """Cells of rows without a grid's shape that still make one square grid, in order.

    All cells if they number ``N*N``; else the ASCII digits alone if they do
    ("any text with exactly 81 digits": words and symbols around the digits).
    """
    cells = [
        (row.line, column, char)
        for row in rows
        for char, column in zip(row.cells, row.columns, strict=True)
    ]
    side = math.isqrt(len(cells))
    if side * side == len(cells) and MIN_SIZE <= side <= MAX_SIZE:
        return cells, side
    digits = [cell for cell in cells if cell[2] in _ASCII_DIGITS]
    side = math.isqrt(len(digits))
    if side * side == len(digits) and MIN_SIZE <= side <= 9:
        return digits, side
    return None


def _is_wall_drawing(lines: Sequence[str]) -> bool:
    """Whether the text draws region walls as ``---`` pieces between rows of ``|`` walls."""
    walls = sum(1 for text in lines if _WALL_PIECES.fullmatch(text) and text.strip() != text)
    framed = sum(1 for text in lines if text.lstrip().startswith("|"))
    return walls >= 2 and framed >= 2


def _shape_error(
    lines: Sequence[str], first_line: int, shape: Outline, widths: Counter[int]
) -> FormatError:
    """Why the rows are no grid: the row count, a row of the wrong width, or the cell count."""
    total = sum(shape.widths)
    width, _ = widths.most_common(1)[0]
    rows = shape.lines
    if not MIN_SIZE <= width <= MAX_SIZE:
        return FormatError(cell_count_reason(total), line=rows[0] if len(rows) == 1 else None)
    if len(widths) > 1:
        for line, cells in zip(rows, shape.widths, strict=True):
            if cells != width:
                return FormatError(
                    f"found {cells} cells in this row; the other rows have {width}", line=line
                )
    count = len(rows)
    if count > width:
        first = scan(
            lines[: rows[width - 1] - first_line + 1], first_line, numeric=shape.numeric
        ).rows
        if is_layout(_cells(first), width):
            values = count - width
            return FormatError(
                f"the jigsaw map has {values} rows of values after its {width} rows of "
                f"regions; it needs {width}",
                line=rows[2 * width] if values > width else rows[-1],
            )
    hint = f" (or {2 * width} for a jigsaw map: regions, then values)" if count > width else ""
    return FormatError(
        f"found {count} rows of {width} cells; a {width}x{width} grid needs {width} rows{hint}",
        line=rows[(count // width) * width] if count > width else None,
    )


def _cells(rows: Sequence[Row]) -> list[str]:
    return [char for row in rows for char in row.cells]


def _locator(rows: Sequence[Row]) -> Locate:
    width = len(rows[0].cells)

    def where(cell: int) -> tuple[int | None, int | None]:
        row = rows[cell // width]
        return row.line, row.columns[cell % width]

    return where


def _title_before(titles: list[tuple[int, str]], line: int, after: int = 0) -> str:
    found = [text for number, text in titles if after < number < line]
    return found[-1] if found else ""


def _classic_grids(
    lines: Sequence[str], first_line: int, shape: Outline, width: int
) -> tuple[str, Sequence[Item]]:
    """The grids of ``width`` rows each, read one by one from their own lines."""
    rows = shape.lines
    titles = shape.titles

    def title_between(after: int, before: int) -> str:
        # The last title line strictly between the previous grid and this one.
        slot = bisect_left(titles, before) - 1
        if slot < 0 or titles[slot] <= after:
            return ""
        return lines[titles[slot] - first_line].split("#", 1)[0].strip()

    def grid(index: int) -> PuzzleRecord:
        top = rows[index * width]
        bottom = rows[index * width + width - 1]
        previous = rows[index * width - 1] if index else 0
        block = scan(
            lines[top - first_line : bottom - first_line + 1],
            top,
            numeric=shape.numeric,
            size_line=False,
        ).rows
        return classic_grid(block, title=title_between(previous, top), index=index)

    def title(index: int) -> str:
        return title_between(rows[index * width - 1] if index else 0, rows[index * width])

    count = len(rows) // width
    if count == 1:
        return "grid", Records(1, grid, title)
    euler = len(titles) > 0 and all(
        _EULER_TITLE.fullmatch(lines[number - first_line].split("#", 1)[0]) for number in titles
    )
    return ("Project Euler grids" if euler else "grids"), Records(count, grid, title)


def _two_grids(
    rows: list[Row], width: int, titles: list[tuple[int, str]]
) -> tuple[str, list[Item]]:
    """Two classic grids stacked (their rows already read)."""
    results: list[Item] = []
    previous = 0
    for index, start in enumerate(range(0, len(rows), width)):
        block = rows[start : start + width]
        title = _title_before(titles, block[0].line, previous)
        previous = block[-1].line
        try:
            results.append(classic_grid(block, title=title, index=index))
        except PuzzleError as error:
            error.index = index
            results.append(error)
    euler = titles and all(_EULER_TITLE.fullmatch(text) for _, text in titles)
    return ("Project Euler grids" if euler else "grids"), results


def classic_grid(rows: Sequence[Row], *, title: str = "", index: int = 0) -> PuzzleRecord:
    """The classic grid drawn by ``rows`` (as many rows as cells per row)."""
    size = len(rows)
    try:
        shape = classic_shape(size)
    except InvalidPuzzleError as error:
        raise InvalidPuzzleError(error.reason, line=rows[0].line) from None
    where = _locator(rows)
    givens = read_digits(_cells(rows), size, where)
    return make_record(shape, givens, where, title=title, index=index, line=rows[0].line)


def _two_blocks(
    rows: list[Row], width: int, titles: list[tuple[int, str]]
) -> tuple[str, Sequence[Item]]:
    first, second = rows[:width], rows[width:]
    order = block_order(_cells(first), _cells(second), width)
    if order is Order.NO_LAYOUT:
        return _two_grids(rows, width, titles)
    regions, values = (first, second) if order is Order.REGIONS_FIRST else (second, first)
    comp3258 = (
        width == 9
        and order is Order.REGIONS_FIRST
        and all(row.packed for row in rows)
        and all(char in "0123456789" for char in _cells(regions))
    )
    kind = "COMP3258 jigsaw map" if comp3258 else f"jigsaw grid ({order.value})"
    try:
        shape = layout_shape(_cells(regions), width, _locator(regions), regions[0].line)
        where = _locator(values)
        givens = read_digits(_cells(values), width, where)
        title = _title_before(titles, rows[0].line)
        return kind, [make_record(shape, givens, where, title=title, line=rows[0].line)]
    except PuzzleError as error:
        error.index = 0
        return kind, [error]


def _flat_grid(cells: list[tuple[int, int, str]], size: int, title: str) -> PuzzleRecord:
    def where(cell: int) -> tuple[int | None, int | None]:
        line, column, _ = cells[cell]
        return line, column

    try:
        shape = classic_shape(size)
    except InvalidPuzzleError as error:
        raise InvalidPuzzleError(error.reason, line=cells[0][0]) from None
    givens = read_digits([char for _, _, char in cells], size, where)
    return make_record(shape, givens, where, title=title, line=cells[0][0])


def one_grid(lines: Sequence[str], first_line: int, what: str) -> tuple[list[Row], int]:
    """The rows of exactly one square grid in ``lines`` (for sections of other formats).

    ``what`` names the part in messages, e.g. ``"the [State] section"``.
    """
    rows = scan(lines, first_line).rows
    if not rows:
        raise FormatError(f"{what} holds no grid", line=first_line - 1 if first_line > 1 else None)
    width = len(rows[0].cells)
    for row in rows:
        if len(row.cells) != width:
            raise FormatError(
                f"found {len(row.cells)} cells in this row; the other rows have {width}",
                line=row.line,
            )
    if len(rows) != width:
        raise FormatError(
            f"{what} has {len(rows)} rows of {width} cells; a {width}x{width} grid needs {width}",
            line=rows[-1].line,
        )
    return rows, width


def row_locator(rows: Sequence[Row]) -> Locate:
    """Where each cell of a square grid of ``rows`` was read."""
    return _locator(rows)


def row_cells(rows: Sequence[Row]) -> list[str]:
    """The cell characters of ``rows`` in reading order."""
    return _cells(rows)
