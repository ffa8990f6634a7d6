"""OpenSudoku XML: versions 1 and 2, cell data versions, and refusing entity attacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.errors import FormatError, InvalidPuzzleError, PuzzleError
from game.engine.formats import open_puzzles, parse_text
from game.engine.formats.detect import parse_document
from game.engine.puzzle import PuzzleRecord

from .formats_helpers import only

P = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
ZERO = P.replace(".", "0")


def cells(version: int, newline: str = "\n") -> str:
    """``data`` for P in a given version: every empty cell noted {1, 2}; r1c1 an entry 6."""
    parts = []
    for index, char in enumerate(P):
        value = "6" if index == 0 else "0" if char == "." else char
        editable = "1" if char == "." else "0"
        note = "-" if value != "0" else ("1,2," if version == 1 else "3")
        middle = {1: [note], 2: [note], 3: [note], 4: [note, "0"], 5: [note, "0", "0"]}[version]
        parts.append("|".join([value, *middle, editable]) + "|")
    return f"version: {version}{newline}" + "".join(parts)


def v2(data: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<opensudoku serializer="2">\n'
        f'<folder name="Mine" created="1">\n<game created="1" state="1" time="9" data="{data}"/>\n'
        "</folder>\n</opensudoku>\n"
    )


def test_version_1_plain_data() -> None:
    text = f'<opensudoku>\n  <name>Easy</name>\n  <game data="{ZERO}" />\n</opensudoku>'
    document = parse_document(text)
    assert (document.kind, document.title) == ("OpenSudoku XML", "Easy")
    (record,) = document.records
    assert isinstance(record, PuzzleRecord)
    assert str(record.puzzle) == P
    assert record.entries is None and record.notes is None
    assert record.line == 3
    assert record.title == "Easy"


@pytest.mark.parametrize("version", [1, 2, 3, 4, 5])
def test_cell_data_versions(version: int) -> None:
    record = only(v2(cells(version)))
    assert str(record.puzzle) == "." + P[1:]
    assert record.entries is not None and record.entries[0] == 6
    assert record.notes is not None
    assert record.notes[0] == 0  # filled by the entry
    assert record.notes[2] == 0b11  # {1, 2}
    assert record.notes[1] == 0  # the given 3
    assert record.title == "Mine"
    assert record.extra == {"created": "1", "state": "1", "time": "9"}


def test_data_with_normalised_newline_and_double_bars() -> None:
    # An XML writer that did not escape the newline leaves a blank after parsing;
    # version 2 files sometimes doubled the bar before "editable".
    data = cells(2, newline=" ").replace("|1|", "||1|")
    assert only(v2(data)).entries is not None
    assert only(v2(cells(1, newline="&#10;"))).entries is not None


def test_billion_laughs_is_refused_before_parsing() -> None:
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
        + "".join(
            f' <!ENTITY lol{i} "{f"&lol{i - 1};" * 10 if i > 1 else "&lol;" * 10}">\n'
            for i in range(1, 10)
        )
        + "]>\n<opensudoku>&lol9;</opensudoku>\n"
    )
    with pytest.raises(FormatError) as caught:
        parse_text(bomb)
    # Refused at the declaration (line 2), before any parser saw an entity.
    assert caught.value.line == 2
    assert "refused" in caught.value.reason and "DOCTYPE" in caught.value.reason


def test_entity_declarations_and_external_entities_are_refused() -> None:
    for text in (
        '<!ENTITY x "y"><opensudoku/>',
        '<!doctype opensudoku SYSTEM "http://example.com/x.dtd"><opensudoku/>',
    ):
        with pytest.raises(FormatError, match="refused"):
            parse_text(text)


def test_deep_nesting_fails_fast(tmp_path: Path) -> None:
    path = tmp_path / "deep.xml"
    path.write_bytes(b"<opensudoku>" + b"<a>" * 200_000 + b"</a>" * 200_000 + b"</opensudoku>")
    with pytest.raises(FormatError, match="deeper than 32 levels"):
        open_puzzles(path)


def test_broken_xml_is_located() -> None:
    with pytest.raises(FormatError) as caught:
        parse_text(f'<opensudoku>\n<game data="{ZERO}"/>\n<game data="1"\n</opensudoku>')
    assert caught.value.line == 4
    assert caught.value.reason.startswith("not well-formed XML")


def test_other_xml_and_empty_collections() -> None:
    with pytest.raises(FormatError, match=r"not an OpenSudoku collection \(<html>\)"):
        parse_text("<html><body/></html>")
    with pytest.raises(FormatError, match="holds no <game"):
        parse_text("<opensudoku><name>x</name></opensudoku>")


def test_bad_games_are_errors_in_the_list() -> None:
    clash = "33" + ZERO[2:]
    text = (
        "<opensudoku>\n"
        f'<game data="{ZERO[:80]}"/>\n'
        f'<game data="{clash}"/>\n'
        '<game data="version: 9\n1|2|3|"/>\n'
        f'<game data="{ZERO}"/>\n'
        "</opensudoku>\n"
    )
    items = parse_text(text)
    assert isinstance(items[3], PuzzleRecord)
    short, conflict, version = items[0], items[1], items[2]
    assert isinstance(short, FormatError) and isinstance(version, FormatError)
    assert str(short) == "line 2: the game data has 80 cells; a 9x9 grid needs 81"
    assert isinstance(conflict, InvalidPuzzleError)
    assert conflict.line == 3 and conflict.index == 1
    assert str(version) == "line 4: unknown OpenSudoku data version 9"


def test_bad_cell_data() -> None:
    data = cells(1).replace("1,2,", "1,x,", 1)
    (error,) = parse_text(v2(data))
    assert isinstance(error, PuzzleError)
    assert error.reason == "note 'x' is no digit 1-9"
    (error,) = parse_text(v2(cells(3).replace("0|3|1|", "0|999|1|", 1)))
    assert isinstance(error, PuzzleError)
    assert error.reason == "notes '999' are not a number 0-511"
    (error,) = parse_text(v2(cells(3).replace("3|-|0|", "3|-|2|", 1)))
    assert isinstance(error, PuzzleError)
    assert str(error) == "line 4: r1c2 of the game data is not value|notes|editable|"


GAME = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."


@pytest.mark.parametrize(
    "xml",
    [
        # Zero-width characters inside the data string are no cells.
        f'<opensudoku><name>Web</name><game data="{chr(0x200B).join(GAME)}"/></opensudoku>',
        # A second BOM before the declaration, and one between elements.
        f'\ufeff\ufeff<?xml version="1.0"?>\ufeff<opensudoku><name>Web\u2060</name>'
        f'<game data="{GAME[:40]}\ufeff{GAME[40:]}"/></opensudoku>',
        # A joiner inside an element name, which expat would refuse.
        f'<opensudoku><name>Web</name><ga\u200dme data="{GAME}"/></opensudoku>',
    ],
)
@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_invisible_characters_in_xml_are_ignored(tmp_path: Path, xml: str, encoding: str) -> None:
    path = tmp_path / "web.opensudoku"
    path.write_bytes(xml.encode(encoding))
    opened = open_puzzles(path)
    (record,) = list(opened)
    assert isinstance(record, PuzzleRecord), record
    assert str(record.puzzle) == GAME
    assert opened.title == "Web"
    (item,) = parse_text(xml)
    assert isinstance(item, PuzzleRecord) and str(item.puzzle) == GAME


def test_invisible_characters_cut_between_chunks_are_dropped() -> None:
    from game.engine.formats.source import visible_chunks

    data = ("<a>" + "\u200b1\ufeff2\u00ad" * 50 + "</a>").encode()
    for size in (1, 2, 3, 5, 7):
        chunks = [data[i : i + size] for i in range(0, len(data), size)]
        assert b"".join(visible_chunks(chunks)) == ("<a>" + "12" * 50 + "</a>").encode()
