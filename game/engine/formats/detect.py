"""Which format a text is in, decided by its content (a file name is never consulted).

The tests run in this order; the first that matches decides:

1. A JSON object with ``"format": "sudoku-game"``: the game's own saved game
   (:mod:`.native`).
1b. A variant text (:func:`.links.looks_like_variant`): an f-puzzles or SudokuPad
   JSON object, lines of puzzle links and Solo game IDs, or a killer cage map.
2. XML (first non-blank character ``<``): OpenSudoku.
3. ``[Puzzle]``-style sections, or ``#A``-style header lines first: SadMan ``.sdk``.
4. A pencil-mark grid (rows of candidate groups only): HoDoKu.
5. One puzzle per line (:func:`collection_layout`): one-line collections, CSV,
   HoDoKu library lines, ``givens regions`` jigsaw lines.  A text whose rows form
   a square block (``N`` rows of ``N`` cells, or ``2N``) is a grid instead, so a
   16x16 grid is not read as sixteen 4x4 puzzles (if it holds only ``1-4`` and
   clashes as a 16x16 grid, it is sixteen puzzles).
6. Everything else goes to the grid reader (:mod:`.grids`): plain and decorated
   grids, Project Euler files, jigsaw blocks and "any text with N*N digits".
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..errors import FileTooLargeError, FormatError, PuzzleError
from ..puzzle import PuzzleRecord
from ..rules import conflicts
from .build import classic_shape, clean
from .grids import read_grids, scan
from .hodoku import is_library_line, looks_like_pm_grid, parse_pm_grid
from .lines import (
    LineContext,
    csv_columns,
    holds_puzzle,
    is_header_line,
    is_puzzle_line,
    parse_line,
)
from .native import KIND as NATIVE_KIND
from .native import looks_like_native, parse_native
from .records import Item, Records
from .source import (
    GRIDS_CAP,
    Joins,
    check_line_lengths,
    decode,
    explain_invisible,
    find_joins,
    looks_like_xml,
    mib,
    sniff_encoding,
    split_lines,
)

_HEADER_LINES_MAX = 5
_SNIFF_LINES = 5
_SNIFF_MAX_LINES = 1000
"""Lines looked at to decide whether a text is a collection (its first puzzles are enough)."""


@dataclass(frozen=True)
class Collection:
    """How to read a one-puzzle-per-line text: lines to skip, CSV names, a title."""

    kind: str
    header_lines: int
    title: str
    context: LineContext


@dataclass(frozen=True)
class Document:
    """A parsed text: its kind, an optional collection title and its puzzles.

    ``records`` may be a :class:`~.records.Records`, whose puzzles are parsed when
    they are read.
    """

    kind: str
    title: str
    records: Sequence[Item]


def collection_layout(lines: Sequence[str]) -> Collection | None:
    """How to read ``lines`` as one puzzle per line, or None if they are not that.

    Leading title lines (before the first puzzle line, at most five, made of words:
    ``HardestDatabase110626``) are skipped and give the collection's title.  A
    ``#!sudoku`` comment names the CSV columns.
    """
    header_lines = 0
    title = ""
    columns: tuple[str, ...] = ()
    candidates: list[str] = []
    for number, text in enumerate(lines[:_SNIFF_MAX_LINES], 1):
        stripped = text.strip()
        if stripped.startswith("#"):
            columns = csv_columns(stripped) or columns
            continue
        if not is_puzzle_line(text):
            continue
        if not candidates and number <= _HEADER_LINES_MAX and is_header_line(text):
            header_lines = number
            title = title or stripped
            continue
        candidates.append(text)
        if len(candidates) == _SNIFF_LINES:
            break
    if not any(holds_puzzle(text) for text in candidates):
        return None
    if not is_library_line(candidates[0]) and _is_square_block(lines[header_lines:]):
        return None
    first = candidates[0]
    if is_library_line(first):
        kind = "HoDoKu library"
    elif columns or ("," in first and "\t" not in first and not _is_comma_list(first)):
        kind = "CSV collection"
    else:
        kind = "one-line collection"
    return Collection(kind, header_lines, clean(title), LineContext(columns))


def _is_comma_list(text: str) -> bool:
    fields = text.split("#", 1)[0].split(",")
    return len(fields) >= 16 and all(len(field.strip()) <= 1 for field in fields)


def _is_square_block(lines: Sequence[str]) -> bool:
    """Whether the rows form one ``N x N`` grid or two stacked (``2N`` rows)."""
    rows = scan(lines[: _SQUARE_MAX_LINES + 1]).rows if len(lines) <= _SQUARE_MAX_LINES else []
    if not rows:
        return False
    widths = {len(row.cells) for row in rows}
    if len(widths) != 1:
        return False
    width = widths.pop()
    if width > 25 or len(rows) not in (width, 2 * width):
        return False
    cells = [char for row in rows for char in row.cells]
    if width == 16 and len(rows) == 16 and _SMALL_CELLS.issuperset(cells):
        # Sixteen lines of sixteen cells using only 1-4: a 16x16 grid or sixteen 4x4
        # puzzles.  Stacked 4x4 puzzles almost always repeat a digit in a column of
        # the big grid, so a clash means puzzles; a clean grid stays a grid.
        digits = [0 if char in ".0*-_xX" else ord(char) - 48 for char in cells]
        return not conflicts(classic_shape(16), digits)
    return True


_SMALL_CELLS = frozenset("1234.0*-_xX")
_SQUARE_MAX_LINES = 4 * 25 * 3
"""A text of more lines is no single grid, even with a title and a border on every row."""


def parse_document(text: str) -> Document:
    """Every puzzle of ``text``, with the kind of text it was.

    Raises :class:`PuzzleError` for problems with the text as a whole (unknown
    format, wrong cell count); problems of single puzzles are errors in the list,
    with ``index`` set.
    """
    if looks_like_native(text):
        return Document(NATIVE_KIND, "", [_single(lambda: parse_native(text))])
    from .links import looks_like_variant

    if looks_like_variant(text):
        # Before the line-length check: an f-puzzles JSON or link may be one long line.
        from .links import variant_document

        kind, items = variant_document(text)
        return Document(kind, "", items)
    # The XML and .sdk readers are imported only for such files: the command line
    # starts faster for everything else.
    if looks_like_xml(text):
        from .opensudoku import parse_opensudoku

        name, records = parse_opensudoku(text)
        return Document("OpenSudoku XML", name, records)
    try:
        document = _parse_lines(text)
    except PuzzleError as error:
        raise explain_invisible(error, text, _parse_lines) from None
    joins = find_joins(text)
    if not joins:
        return document
    return Document(document.kind, document.title, _explained(document.records, text, joins))


def _explained(records: Sequence[Item], text: str, joins: Joins) -> Records:
    """``records`` whose errors name the invisible character behind them, if one is.

    See :func:`.source.explain_invisible`; the text with blanks for such characters
    is read again (once) only when a puzzle fails.
    """
    separated: list[Sequence[Item]] = []

    def reread(index: int) -> Callable[[str], object]:
        def read(blanks: str) -> PuzzleRecord:
            if not separated:
                separated.append(_parse_lines(blanks).records)
            other = separated[0]
            item = other[index] if index < len(other) else FormatError("no such puzzle")
            if isinstance(item, PuzzleError):
                raise item
            return item

        return read

    def build(index: int) -> PuzzleRecord:
        item = records[index]
        if isinstance(item, PuzzleError):
            raise explain_invisible(item, text, reread(index), joins=joins)
        return item

    return Records(len(records), build, getattr(records, "title", None))


def _parse_lines(text: str) -> Document:
    """:func:`parse_document` for the formats read line by line (all but JSON and XML)."""
    lines = split_lines(text)
    check_line_lengths(lines)
    if not any(line.strip() for line in lines):
        raise FormatError("the file is empty")
    if len(text) > GRIDS_CAP:
        # Only a collection is read past this size: the other formats take a text
        # apart as a whole, and no real grid, .sdk or pencil-mark file is this big.
        layout = collection_layout(lines)
        if layout is None:
            raise FileTooLargeError(
                f"the text is {len(text) / (1024 * 1024):.1f} MiB and not one puzzle per "
                f"line; grids drawn over several lines are read up to {mib(GRIDS_CAP)}"
            )
        return Document(layout.kind, layout.title, read_collection(lines, layout))
    if any(line.lstrip()[:1] in ("#", "[") for line in lines):
        from .sdk import has_sdk_headers, parse_sdk

        if has_sdk_headers(lines):
            return Document("SadMan .sdk", "", [_single(lambda: parse_sdk(lines))])
    if looks_like_pm_grid(lines):
        return Document("HoDoKu pencil-mark grid", "", [_single(lambda: parse_pm_grid(lines))])
    layout = collection_layout(lines)
    if layout is not None:
        return Document(layout.kind, layout.title, read_collection(lines, layout))
    kind, records = read_grids(lines)
    return Document(kind, "", records)


def _single(parse: Callable[[], PuzzleRecord]) -> PuzzleRecord | PuzzleError:
    """A one-puzzle format's record, or its error as the file's puzzle 0."""
    try:
        return parse()
    except PuzzleError as error:
        error.index = 0
        return error


def read_collection(lines: Sequence[str], layout: Collection) -> Records:
    """Every puzzle line of a collection held in memory, each parsed when it is read."""
    numbers = array("Q")  # 0-based line of each puzzle: 8 bytes a puzzle
    for number, text in enumerate(lines):
        if number >= layout.header_lines and is_puzzle_line(text):
            numbers.append(number)

    def build(index: int) -> PuzzleRecord:
        number = numbers[index]
        return parse_line(lines[number], number + 1, index, layout.context)

    return Records(len(numbers), build)


def parse_text(text: str, name: str = "") -> list[PuzzleRecord | PuzzleError]:
    """Every puzzle in ``text``; see :func:`parse_document` for what raises.

    ``name`` (a file name, say) is stored as the errors' ``path``.
    """
    try:
        records = list(parse_document(text).records)
    except PuzzleError as error:
        error.path = error.path or name or None
        raise
    for item in records:
        if isinstance(item, PuzzleError):
            item.path = item.path or name or None
    return records


def parse_bytes(data: bytes, name: str = "") -> list[PuzzleRecord | PuzzleError]:
    """Every puzzle in the bytes of a file: the encoding is sniffed as for files."""
    encoding = sniff_encoding(data)
    try:
        text = decode(data[encoding.bom :], encoding)
    except PuzzleError as error:
        error.path = name or None
        raise
    return parse_text(text, name)
