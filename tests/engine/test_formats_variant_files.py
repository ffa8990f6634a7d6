"""Variant puzzles wherever the engine opens text: files (.json, link lists, Solo IDs,
cage maps), standard input's bytes and strings, with located errors per line."""

from __future__ import annotations

import json
from pathlib import Path

from game.engine.errors import FormatError, PuzzleError
from game.engine.formats import open_bytes, open_puzzles, parse_bytes, parse_text
from game.engine.puzzle import PuzzleRecord

from .test_formats_killer import EXAMPLE
from .variant_helpers import fpuzzles_entries, solo_rows

X_ID = "3x3x:8_4_6a9a1l7e9b9d8c8a1a3a5c5d4b6e2l2a7a4_1_5"


def test_a_json_file_opens_as_f_puzzles(shared_data: Path, tmp_path: Path) -> None:
    entry = fpuzzles_entries(shared_data)[0]
    path = tmp_path / "thermo.json"
    path.write_text(json.dumps(entry["fpuzzles"], indent=1), encoding="utf-8")
    opened = open_puzzles(path)
    assert (opened.kind, opened.count) == ("f-puzzles JSON", 1)
    assert opened.record(0).title == entry["title"]


def test_a_long_one_line_json_file_is_not_refused_for_its_line(tmp_path: Path) -> None:
    grid = [[{"value": 0} for _ in range(9)] for _ in range(9)]
    data = {"size": 9, "grid": grid, "title": "x" * 70_000}
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert open_puzzles(path).record(0).title.startswith("xxx")


def test_a_file_of_links_reads_one_puzzle_a_line(shared_data: Path, tmp_path: Path) -> None:
    urls = [entry["url"] for entry in fpuzzles_entries(shared_data)]
    solo = [row["solo_id"] for row in solo_rows(shared_data)]
    lines = ["# my variants", "", *urls, *solo, "not a link", "https://sudokupad.app/abc"]
    path = tmp_path / "links.txt"
    path.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8-sig")
    opened = open_puzzles(path)
    assert opened.kind == "puzzle links"
    items = list(opened)
    assert len(items) == len(urls) + len(solo) + 2
    assert all(isinstance(item, PuzzleRecord) for item in items[:-2])
    bad, offline = items[-2:]
    assert (
        isinstance(bad, FormatError) and bad.line == len(lines) - 1 and bad.index == len(items) - 2
    )
    assert isinstance(offline, FormatError) and "offline" in offline.reason
    assert offline.located(str(path)).startswith(f"{path}:{len(lines)}: ")


def test_single_links_and_ids_have_their_own_kind(tmp_path: Path) -> None:
    assert open_bytes(X_ID.encode()).kind == "Solo game ID"
    assert open_bytes(b"https://sudokupad.app/abcdef\n").kind == "SudokuPad link"
    path = tmp_path / "killer.txt"
    path.write_text(EXAMPLE, encoding="utf-8")
    assert open_puzzles(path).kind == "killer cage map"


def test_strings_and_bytes_read_links() -> None:
    (record,) = parse_text("  " + X_ID + "  \n")
    assert isinstance(record, PuzzleRecord)
    (again,) = parse_bytes(X_ID.encode("utf-16"))
    assert isinstance(again, PuzzleRecord) and again.puzzle == record.puzzle


def test_classic_texts_still_read_as_before() -> None:
    line = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
    (record,) = parse_text(line)
    assert isinstance(record, PuzzleRecord) and record.puzzle.constraints == ()
    (listed,) = parse_text(json.dumps([[int(c) if c != "." else 0 for c in line]]))
    assert isinstance(listed, PuzzleRecord)


def test_an_address_of_another_site_above_a_grid_is_no_link() -> None:
    line = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
    (record,) = parse_text("http://www.sudokuwiki.org/sudoku.htm\n" + line + "\n")
    assert isinstance(record, PuzzleRecord)


def test_json_that_is_no_puzzle_is_refused() -> None:
    try:
        items = parse_text('{"size": 9, "cells": 3}')
    except PuzzleError as error:
        assert "SudokuPad" in str(error) or "cells" in str(error)
    else:
        assert isinstance(items[0], PuzzleError)
    try:
        parse_text('{"grid": [1, 2}')
    except FormatError as error:
        assert error.line == 1 and "not valid JSON" in error.reason


def test_the_canonical_writers_keep_variants(shared_data: Path) -> None:
    from game.engine.formats import format_collection, format_puzzle
    from game.engine.formats.fpuzzles import parse_fpuzzles

    puzzles = [parse_fpuzzles(entry["fpuzzles"]).puzzle for entry in fpuzzles_entries(shared_data)]
    (record,) = parse_text(format_puzzle(puzzles[0]))
    assert isinstance(record, PuzzleRecord) and record.puzzle == puzzles[0]
    items = parse_text(format_collection(puzzles))
    assert [item.puzzle for item in items if isinstance(item, PuzzleRecord)] == puzzles


def test_the_readme_examples_read_as_one_puzzle() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Variant puzzles") :]
    blocks = section.split("```")
    forms = blocks[1].strip().splitlines()
    cage_map = blocks[3].strip() + "\n"
    assert len(forms) == 4
    puzzles = []
    for text in [*forms, cage_map]:
        (record,) = parse_text(text)
        assert isinstance(record, PuzzleRecord), text
        puzzles.append(record.puzzle)
    assert all(puzzle == puzzles[0] for puzzle in puzzles)
    assert len(puzzles[0].constraints) == 6
