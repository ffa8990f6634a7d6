"""OpenSudoku's ``.opensudoku`` XML: ``<game data="..."/>`` elements, version 1 and 2 files.

Version 1: ``<opensudoku><name>..</name>...<game data="81 digits"/>...``.  Version 2
(``serializer="2"``) wraps games in ``<folder name="..">`` elements.  A game's
``data`` is either 81 digits (``0`` empty; all digits are givens) or
``version: V`` followed by 81 cells ``value|notes|editable|`` (V = 1, 2, 3; V = 4
adds secondary marks, V = 5 also a colour before ``editable``).  A digit on a
non-editable cell is a given; on an editable cell it is the player's entry.  Notes
are ``1,2,5,`` or ``-`` in version 1 and a bitmask (bit ``d - 1`` for ``d``, as in
OpenSudoku's ``CellNote``) in later versions; the primary (corner) marks become
the record's notes.  Line breaks inside ``data`` may have become blanks (XML
attribute normalisation); blanks and a doubled ``|`` (a bug of version 2) are
tolerated.  Every ``<game>`` anywhere in the document is read, in order; the
title is the folder's or the collection's name.

Safety: the expat parser refuses a DOCTYPE the moment it starts (before any
entity can be declared), so entity expansion ("billion laughs") and external
entities cannot happen; elements nested deeper than :data:`MAX_DEPTH` are
refused as they are met.

Size: files are parsed incrementally, fed to expat in 1 MiB chunks (what
``xml.etree.ElementTree.iterparse`` does, but iterparse hides the expat parser
whose DOCTYPE handler does the refusing), and only each game's ``data`` string
is kept; a game becomes a record when it is read (:class:`~.records.Records`).
A file of 150,000 games costs tens of megabytes, not gigabytes.  Only the first
:data:`.source.MAX_PUZZLES` games are read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..errors import FormatError
from ..puzzle import PuzzleRecord
from ..symbols import cell_name
from .build import classic_shape, make_record
from .records import Item, Records
from .source import MAX_PUZZLES, too_many_puzzles, visible_chunks

MAX_DEPTH = 32
"""Deepest element nesting accepted (real files use 3)."""

_DECLARATION = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_VERSION = re.compile(r"\s*version\s*:\s*([0-9]+)\s")
_FIELDS_PER_CELL = {1: 3, 2: 3, 3: 3, 4: 4, 5: 5}
_DIGITS = frozenset("0123456789")


@dataclass(slots=True)
class _Game:
    data: str
    line: int
    title: str
    attributes: dict[str, str] | None  # None rather than an empty dict: 150,000 of them


@dataclass
class _Collector:
    games: list[_Game] = field(default_factory=list)
    depth: int = 0
    root: str = ""
    name: str = ""
    folder: str = ""
    in_name: bool = False
    overflow: int | None = None  # the line of the first game past MAX_PUZZLES


def parse_opensudoku(text: str) -> tuple[str, Sequence[Item]]:
    """The collection's name and every game of an OpenSudoku XML text."""
    declaration = _DECLARATION.search(text)
    if declaration:
        raise FormatError(
            f"the XML declares {declaration.group(1).upper()}; "
            "declarations are refused (they allow entity-expansion attacks)",
            line=text.count("\n", 0, declaration.start()) + 1,
        )
    return read_opensudoku([text.encode("utf-8", "surrogateescape")])


def read_opensudoku(chunks: Iterable[bytes]) -> tuple[str, Sequence[Item]]:
    """The collection's name and every game of an OpenSudoku file fed as UTF-8 ``chunks``.

    Invisible characters (:data:`.source.INVISIBLE`, a byte-order mark anywhere
    included) are dropped from the bytes before expat sees them, as every text
    reader drops them: in a game's ``data`` they are no cells, in a name or
    element name they are not seen.  Games are parsed into records when they are
    read.
    """
    collector = _parse(visible_chunks(chunks))
    if collector.root != "opensudoku":
        raise FormatError(f"an XML file, but not an OpenSudoku collection (<{collector.root}>)")
    if not collector.games:
        raise FormatError("the OpenSudoku file holds no <game data=...> element")
    games = collector.games
    overflow = collector.overflow

    def build(index: int) -> PuzzleRecord:
        if index == len(games):
            raise FormatError(too_many_puzzles(), line=overflow)
        return _record(games[index], index)

    def title(index: int) -> str:
        return games[index].title if index < len(games) else ""

    return collector.name.strip(), Records(len(games) + (overflow is not None), build, title)


def _parse(chunks: Iterable[bytes]) -> _Collector:
    # Imported here: only XML files pay for expat.
    from xml.parsers import expat

    collector = _Collector()
    parser = expat.ParserCreate("UTF-8")

    def refuse(*_: object) -> int:
        raise FormatError(
            "the XML declares a DOCTYPE or entities; refused (they allow entity-expansion attacks)",
            line=parser.CurrentLineNumber,
        )

    def start(name: str, attributes: dict[str, str]) -> None:
        collector.depth += 1
        if collector.depth > MAX_DEPTH:
            raise FormatError(
                f"the XML nests elements deeper than {MAX_DEPTH} levels",
                line=parser.CurrentLineNumber,
            )
        if collector.depth == 1:
            collector.root = name
        elif name == "folder":
            collector.folder = attributes.get("name", "")
        elif name == "name" and collector.depth == 2:
            collector.in_name = True
        elif name == "game" and "data" in attributes:
            if len(collector.games) >= MAX_PUZZLES:
                if collector.overflow is None:
                    collector.overflow = parser.CurrentLineNumber
                return
            title = collector.folder or collector.name.strip()
            extra = {key: value for key, value in attributes.items() if key != "data"}
            collector.games.append(
                _Game(attributes["data"], parser.CurrentLineNumber, title, extra or None)
            )

    def end(name: str) -> None:
        collector.depth -= 1
        collector.in_name = False

    def characters(data: str) -> None:
        if collector.in_name and len(collector.name) < 1000:
            collector.name += data

    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.StartDoctypeDeclHandler = refuse
    try:
        for chunk in chunks:
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except expat.ExpatError as error:
        raise FormatError(
            f"not well-formed XML ({expat.ErrorString(error.code)})",
            line=error.lineno,
            column=error.offset + 1,
        ) from None
    return collector


def _record(game: _Game, index: int) -> PuzzleRecord:
    shape = classic_shape(9)

    def where(cell: int) -> tuple[int | None, int | None]:
        # Cells have no columns of their own: they are packed in one attribute.
        return game.line, None

    match = _VERSION.match(game.data + " ")
    if match is None:
        return make_record(
            shape,
            _plain(game.data, game.line),
            where,
            title=game.title,
            index=index,
            line=game.line,
            extra=game.attributes or {},
        )
    version = _number(match.group(1))
    per_cell = _FIELDS_PER_CELL.get(version)
    if per_cell is None:
        raise FormatError(f"unknown OpenSudoku data version {version}", line=game.line)
    fields = [part.strip() for part in game.data[match.end() :].split("|")]
    fields = [part for part in fields if part]
    if len(fields) != 81 * per_cell:
        raise FormatError(
            f"the game data has {len(fields) / per_cell:g} cells; a 9x9 grid needs 81",
            line=game.line,
        )
    givens: list[int] = []
    entries: list[int] = []
    notes: list[int] = []
    for cell in range(81):
        value, marks, *_, editable = fields[cell * per_cell : (cell + 1) * per_cell]
        if len(value) != 1 or value not in _DIGITS or editable not in ("0", "1"):
            raise FormatError(
                f"{cell_name(cell, 9)} of the game data is not value|notes|editable|",
                line=game.line,
            )
        digit = _number(value)
        given = digit if editable == "0" else 0
        givens.append(given)
        entries.append(0 if given else digit)
        notes.append(0 if digit else _notes(marks, version, game.line))
    return make_record(
        shape,
        tuple(givens),
        where,
        entries=tuple(entries),
        notes=tuple(notes),
        title=game.title,
        index=index,
        line=game.line,
        extra=game.attributes or {},
    )


_NO_SPACE = str.maketrans("", "", " \t\r\n")
_CELL_VALUE = {".": 0, **{str(d): d for d in range(10)}}
_CELL_CHARS = frozenset(_CELL_VALUE)
_CELL_BYTES = bytes(_CELL_VALUE.get(chr(byte), 0) for byte in range(256))


def _plain(data: str, line: int) -> tuple[int, ...]:
    cells = data.translate(_NO_SPACE)
    if not _CELL_CHARS.issuperset(cells):
        char = next(char for char in cells if char not in _CELL_CHARS)
        raise FormatError(f"the game data holds {char!r}; only digits 0-9", line=line)
    if len(cells) != 81:
        raise FormatError(f"the game data has {len(cells)} cells; a 9x9 grid needs 81", line=line)
    return tuple(cells.encode("ascii").translate(_CELL_BYTES))  # "0"-"9" and "." as digits


def _notes(marks: str, version: int, line: int) -> int:
    if marks == "-":
        return 0
    if version == 1:
        mask = 0
        for part in marks.split(","):
            if not part:
                continue
            if len(part) != 1 or part not in _DIGITS or part == "0":
                raise FormatError(f"note {part!r} is no digit 1-9", line=line)
            mask |= 1 << (ord(part) - 49)
        return mask
    if not marks or any(char not in _DIGITS for char in marks) or len(marks) > 3:
        raise FormatError(f"notes {marks!r} are not a number 0-511", line=line)
    mask = _number(marks)
    if mask > 511:
        raise FormatError(f"notes {marks!r} are not a number 0-511", line=line)
    return mask


def _number(text: str) -> int:
    """A number from ASCII digits already checked by the caller."""
    value = 0
    for char in text:
        value = value * 10 + ord(char) - 48
    return value
