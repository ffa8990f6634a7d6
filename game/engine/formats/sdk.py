"""SadMan Software's ``.sdk``: header lines, then ``[Puzzle]``, ``[State]``, ``[PencilMarks]``.

Leniency policy:

- Header lines ``#A author``, ``#D description``, ``#L level`` ... (with or without a
  blank after the letter, SudoCue style) go to ``extra`` under readable names; the
  description (else the comment) becomes the title.
- Without sections the grid after the headers is the puzzle (the minimal ``.sdk``).
- ``[Puzzle]`` holds the givens.  ``[State]`` is the player's position: its digits
  on cells that are not givens become *entries*, never givens; a digit that
  contradicts a given is an error, a given missing from the state is ignored.
- ``[PencilMarks]``: one line per row of comma-separated candidate digits; they
  become notes of the cells that are empty in the position (marks under a digit
  are meaningless and dropped).
- Other sections (``[Colours]`` ...) are ignored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import FormatError, InvalidPuzzleError
from ..puzzle import PuzzleRecord
from ..symbols import cell_name, digit_of, symbol
from .build import classic_shape, make_record
from .cells import read_digits
from .grids import one_grid, row_cells, row_locator

_SECTION = re.compile(r"\s*\[([A-Za-z]+)\]\s*")
_HEADER = re.compile(r"#([A-Z])\s?(.*)")
_NAMES = {
    "A": "author",
    "B": "date",
    "C": "comment",
    "D": "description",
    "H": "hints",
    "L": "level",
    "N": "number",
    "R": "rating",
    "S": "source",
    "U": "url",
}


def is_section(text: str) -> bool:
    """Whether ``text`` is a section line such as ``[Puzzle]``."""
    return _SECTION.fullmatch(text) is not None


def has_sdk_headers(lines: Sequence[str]) -> bool:
    """Whether the text has SadMan sections or starts with ``#X`` header lines."""
    for text in lines:
        if is_section(text):
            return True
    for text in lines:
        stripped = text.strip()
        if not stripped:
            continue
        return _HEADER.fullmatch(stripped) is not None
    return False


def parse_sdk(lines: Sequence[str]) -> PuzzleRecord:
    """The one puzzle of an ``.sdk`` text, with its progress and notes."""
    extra: dict[str, str] = {}
    sections: dict[str, tuple[int, list[str]]] = {}
    current = ""
    sections[current] = (1, [])
    for number, text in enumerate(lines, 1):
        stripped = text.strip()
        match = _SECTION.fullmatch(text)
        if match:
            current = match.group(1).lower()
            sections[current] = (number + 1, [])
            continue
        header = _HEADER.fullmatch(stripped)
        if header and current == "":
            extra[_NAMES.get(header.group(1), header.group(1))] = header.group(2).strip()
            sections[current][1].append("")
            continue
        sections[current][1].append(text)
    if "puzzle" in sections:
        first, puzzle_lines = sections["puzzle"]
        what = "the [Puzzle] section"
    else:
        first, puzzle_lines = sections[""]
        what = "the file"
    rows, size = one_grid(puzzle_lines, first, what)
    try:
        shape = classic_shape(size)
    except InvalidPuzzleError as error:
        raise InvalidPuzzleError(error.reason, line=rows[0].line) from None
    where = row_locator(rows)
    givens = read_digits(row_cells(rows), size, where)
    entries = None
    if "state" in sections:
        entries = _entries(sections["state"], givens, size)
    notes = None
    if "pencilmarks" in sections:
        position = (
            givens
            if entries is None
            else tuple(g or e for g, e in zip(givens, entries, strict=True))
        )
        notes = _notes(sections["pencilmarks"], position, size)
    title = extra.get("description") or extra.get("comment") or ""
    return make_record(
        shape,
        givens,
        where,
        entries=entries,
        notes=notes,
        title=title,
        line=rows[0].line,
        extra=extra,
    )


def _entries(section: tuple[int, list[str]], givens: tuple[int, ...], size: int) -> tuple[int, ...]:
    first, lines = section
    rows, width = one_grid(lines, first, "the [State] section")
    if width != size:
        raise FormatError(
            f"the [State] section is {width}x{width}; the puzzle is {size}x{size}", line=first
        )
    where = row_locator(rows)
    state = read_digits(row_cells(rows), size, where)
    entries = []
    for cell, (given, digit) in enumerate(zip(givens, state, strict=True)):
        if given and digit and digit != given:
            line, column = where(cell)
            raise InvalidPuzzleError(
                f"the [State] section puts {symbol(digit)} on {cell_name(cell, size)}, "
                f"which holds the given {symbol(given)}",
                line=line,
                column=column,
            )
        entries.append(0 if given else digit)
    return tuple(entries)


def _notes(section: tuple[int, list[str]], position: tuple[int, ...], size: int) -> tuple[int, ...]:
    first, lines = section
    rows = [(number, text) for number, text in enumerate(lines, first) if text.strip()]
    if len(rows) != size:
        raise FormatError(
            f"the [PencilMarks] section has {len(rows)} rows; the puzzle has {size}",
            line=rows[-1][0] if rows else first,
        )
    notes = []
    for row, (number, text) in enumerate(rows):
        fields = text.split(",")
        if len(fields) != size:
            raise FormatError(
                f"found {len(fields)} comma-separated cells in this row; a row has {size}",
                line=number,
            )
        column = 1
        for offset, part in enumerate(fields):
            mask = 0
            for index, char in enumerate(part):
                if char in " \t":
                    continue
                digit = digit_of(char, size)
                if digit is None:
                    raise FormatError(
                        f"{char!r} is no candidate of a {size}x{size} grid",
                        line=number,
                        column=column + index,
                    )
                mask |= 1 << (digit - 1)
            notes.append(0 if position[row * size + offset] else mask)
            column += len(part) + 1
    return tuple(notes)
