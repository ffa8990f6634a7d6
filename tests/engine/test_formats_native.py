"""The engine's reader of the game's own saves: puzzle and position only, strict and located."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.errors import FormatError, InvalidPuzzleError, PuzzleError
from game.engine.formats import parse_bytes, parse_text
from game.engine.formats.detect import parse_document
from game.engine.formats.native import KIND, looks_like_native, parse_native
from game.engine.puzzle import PuzzleRecord

GIVENS = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def save(**fields: object) -> str:
    data: dict[str, object] = {
        "format": "sudoku-game",
        "version": 1,
        "puzzle": {"size": 9, "givens": GIVENS},
        "current": {"entries": "..4" + "." * 78, "notes": {"r1c4": "26", "r9c1": "3"}},
    }
    data.update(fields)
    return json.dumps(data, indent=2)


def test_a_minimal_save_reads_as_one_record_with_progress() -> None:
    document = parse_document(save(origin={"title": " Evening "}, version=7))
    assert document.kind == KIND
    [record] = document.records
    assert isinstance(record, PuzzleRecord)
    assert record.puzzle.shape.box == (3, 3)  # no "regions": classic
    assert record.entries is not None and record.entries[2] == 4
    assert record.notes is not None and record.notes[3] == 0b100010 and record.notes[72] == 0b100
    assert record.title == "Evening"  # any version: these fields never change meaning


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ('{"format": "sudoku-game", ', FormatError, "not valid JSON"),
        (save(puzzle={"size": 9, "givens": GIVENS[:-1]}), FormatError, "puzzle.givens: 80"),
        (save(puzzle={"size": 9, "givens": "55" + "." * 79}), InvalidPuzzleError, "conflicting"),
        (
            save(current={"entries": "5" + "." * 80}),
            FormatError,
            "current.entries: r1c1 is a given",
        ),
        (save(current={"notes": {"r1c10": "1"}}), FormatError, "r1c10 is outside a 9x9 grid"),
        (save(current={"notes": {"x": "1"}}), FormatError, "'x' is not a cell name"),
        (save(current={"notes": {"r2c2": "0"}}), FormatError, "'0' is not a digit"),
        (save(current=[]), FormatError, "current: expected an object, found a list"),
    ],
)
def test_bad_saves_are_located_errors(text: str, error: type[PuzzleError], words: str) -> None:
    with pytest.raises(error) as caught:
        parse_native(text)
    assert words in str(caught.value)


def test_json_errors_carry_line_and_column() -> None:
    with pytest.raises(FormatError) as caught:
        parse_native('{\n  "format": "sudoku-game",\n  "puzzle": [1,,]\n}')
    assert (caught.value.line, caught.value.column) == (3, 16)


def test_only_tagged_json_objects_count_as_saves() -> None:
    assert looks_like_native(" \ufeff" + save())
    assert not looks_like_native('["format", "sudoku-game"]')
    assert not looks_like_native('{"format": "sudoku-stats"}')
    assert not looks_like_native(GIVENS + ' # {"format": "sudoku-game"}')


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_bytes_after_the_tag_raise_only_puzzle_error(tail: bytes) -> None:
    with contextlib.suppress(PuzzleError):
        for item in parse_bytes(b'{"format": "sudoku-game", ' + tail):
            assert isinstance(item, (PuzzleRecord, PuzzleError))


pieces = st.sampled_from(
    [
        '"puzzle"',
        '"current"',
        '"size"',
        "9",
        "4",
        '"givens"',
        f'"{GIVENS}"',
        '"notes"',
        '"entries"',
        '"r1c1"',
        '"12"',
        "{",
        "}",
        "[",
        "]",
        ":",
        ",",
        "null",
        "true",
        '"regions"',
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(pieces, max_size=40).map(" ".join))
def test_json_made_of_meaningful_pieces_raises_only_puzzle_error(body: str) -> None:
    with contextlib.suppress(PuzzleError):
        for item in parse_text('{"format": "sudoku-game", ' + body):
            assert isinstance(item, (PuzzleRecord, PuzzleError))
