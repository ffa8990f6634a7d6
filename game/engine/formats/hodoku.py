"""HoDoKu's two text forms: library lines and pencil-mark grids.

**Library line** ``:technique:candidates:givens:deleted:eliminations:placements:extra``
(the header of HoDoKu's ``reglib-1.4.txt`` documents it).  In ``givens`` a digit is a
given, ``+d`` a digit the solver or player *placed* (read as an entry, never a
given), ``.`` or ``0`` empty.  ``deleted`` lists candidates as ``dRC`` triples
(digit, row, column).  HoDoKu defines givens plus deleted candidates as equivalent to
a pencil-mark grid, so when ``deleted`` is not empty the record's notes are exactly
that grid: for each empty cell, the digits its peers allow, minus the deleted ones.
With nothing deleted there are no notes (none are invented).  The other fields go
to ``extra`` (``technique``, ``candidates``, ``eliminations``, ``placements``,
``extra``); the title is the technique code.  Fields after ``givens`` are optional.

**Pencil-mark grid**: 81 blank-separated groups inside ``.---.``/``:---+``/``'---'``
borders, each group an unsolved cell's candidates or a solved cell's digit.  The
grid does not say which solved cells were clues, so solved cells are read as
givens, and every multi-digit group becomes that cell's notes.  HoDoKu writes an
unsolved cell with one candidate left the same way as a solved cell; they are told
apart by their peers: a placed digit is no candidate of any peer, while a lone
candidate usually still is.  So *a single-digit group is a given unless a peer
lists that digit among its candidates*; then it is an unsolved cell whose note is
that one digit.  (A lone candidate that no peer lists is forced anyway; reading it
as a given can only add a clue the position already implies.)
"""

from __future__ import annotations

import re
from itertools import pairwise

from ..errors import FormatError
from ..puzzle import PuzzleRecord
from ..rules import candidates
from .build import classic_shape, make_record
from .cells import unknown

_FIELDS = ("technique", "candidates", "givens", "deleted", "eliminations", "placements", "extra")
_DIGITS_1_9 = frozenset("123456789")
_TOKEN = re.compile(r"[^\s|]+")
_BORDER = re.compile(r"\s*[-+.:'*|=]*--[-+.:'*|=]*\s*")


def is_library_line(text: str) -> bool:
    """Whether ``text`` is a HoDoKu library line: ``:`` first, then at least 3 more fields."""
    return text.lstrip().startswith(":") and text.count(":") >= 4


def parse_library_line(text: str, line: int, index: int = 0) -> PuzzleRecord:
    """One library line as a record; errors carry ``line`` and the column."""
    start = len(text) - len(text.lstrip())
    parts = text.rstrip().split(":")[1:]
    if len(parts) < 3:
        raise FormatError(
            "a HoDoKu library line needs :technique:candidates:givens: at least", line=line
        )
    column = start + 2  # 1-based column of the first field
    offsets = []
    for part in parts:
        offsets.append(column)
        column += len(part) + 1
    fields = dict(zip(_FIELDS, parts[: len(_FIELDS)], strict=False))
    shape = classic_shape(9)
    givens, entries, where = _library_givens(fields["givens"], line, offsets[2])
    notes = None
    deleted = fields.get("deleted", "").strip()
    if deleted:
        removed = _library_deleted(deleted, line, offsets[3])
        position = tuple(g or e for g, e in zip(givens, entries, strict=True))
        allowed = candidates(shape, position)
        notes = tuple(mask & ~gone for mask, gone in zip(allowed, removed, strict=True))
    extra = {
        key: value.strip() for key, value in fields.items() if key not in ("givens", "deleted")
    }
    return make_record(
        shape,
        givens,
        lambda cell: where.get(cell, (None, None)),
        entries=entries,
        notes=notes,
        title=fields["technique"],
        index=index,
        line=line,
        extra=extra,
    )


def _library_givens(
    text: str, line: int, first_column: int
) -> tuple[tuple[int, ...], tuple[int, ...], dict[int, tuple[int | None, int | None]]]:
    givens: list[int] = []
    entries: list[int] = []
    where: dict[int, tuple[int | None, int | None]] = {}
    placed = False
    for offset, char in enumerate(text):
        column = first_column + offset
        if char == "+":
            placed = True
            continue
        if char in " \t":
            continue
        if char in ".0":
            digit = 0
        elif char in _DIGITS_1_9:
            digit = ord(char) - 48
        else:
            raise FormatError(unknown(char), line=line, column=column)
        where[len(givens)] = (line, column)
        givens.append(0 if placed else digit)
        entries.append(digit if placed else 0)
        placed = False
    if len(givens) != 81:
        raise FormatError(f"found {len(givens)} cells; a 9x9 grid needs 81", line=line)
    return tuple(givens), tuple(entries), where


def _library_deleted(text: str, line: int, first_column: int) -> list[int]:
    removed = [0] * 81
    for match in re.finditer(r"\S+", text):
        item = match.group()
        if len(item) != 3 or any(char not in _DIGITS_1_9 for char in item):
            raise FormatError(
                f"deleted candidate {item!r} is not digit, row, column (e.g. 436)",
                line=line,
                column=first_column + match.start(),
            )
        digit, row, column = (ord(char) - 48 for char in item)
        removed[(row - 1) * 9 + column - 1] |= 1 << (digit - 1)
    return removed


def is_border(text: str) -> bool:
    """Whether ``text`` is a border line of a pencil-mark grid (``.---.``, ``:---+``...)."""
    return _BORDER.fullmatch(text) is not None


def looks_like_pm_grid(lines: list[str]) -> bool:
    """Whether the text is a pencil-mark grid: only candidate groups between borders.

    Every group must be a strictly increasing run of digits 1-9 (how candidates are
    written), rows must hold several groups, and at least one group has two or more
    digits (otherwise it is an ordinary grid).
    """
    multi = False
    rows = 0
    for text in lines:
        if not text.strip() or is_border(text):
            continue
        groups = _TOKEN.findall(text)
        if len(groups) < 2:
            return False
        for group in groups:
            if any(char not in _DIGITS_1_9 for char in group):
                return False
            if any(a >= b for a, b in pairwise(group)):
                return False
            multi = multi or len(group) > 1
        rows += 1
        if rows > 9:
            return False  # a pencil-mark grid has 9 rows: stop before reading a whole file
    return multi and rows > 0


def parse_pm_grid(lines: list[str]) -> PuzzleRecord:
    """The pencil-mark grid as a record: single digits are givens, groups are notes."""
    givens: list[int] = []
    notes: list[int] = []
    where: dict[int, tuple[int | None, int | None]] = {}
    rows = 0
    first_line = None
    for number, text in enumerate(lines, 1):
        if not text.strip() or is_border(text):
            continue
        groups = list(_TOKEN.finditer(text))
        rows += 1
        first_line = first_line or number
        if len(groups) != 9:
            raise FormatError(
                f"found {len(groups)} cells in this row; a pencil-mark grid has 9", line=number
            )
        for match in groups:
            group = match.group()
            where[len(givens)] = (number, match.start() + 1)
            mask = 0
            for char in group:
                mask |= 1 << (ord(char) - 49)
            givens.append(ord(group) - 48 if len(group) == 1 else 0)
            notes.append(0 if len(group) == 1 else mask)
    if rows != 9:
        raise FormatError(f"found {rows} rows; a pencil-mark grid has 9")
    shape = classic_shape(9)
    for cell, digit in enumerate(givens):
        bit = 1 << (digit - 1) if digit else 0
        if bit and any(notes[peer] & bit for peer in shape.peers[cell]):
            givens[cell] = 0
            notes[cell] = bit
    return make_record(
        shape,
        tuple(givens),
        lambda cell: where.get(cell, (None, None)),
        notes=tuple(notes),
        line=first_line,
    )
