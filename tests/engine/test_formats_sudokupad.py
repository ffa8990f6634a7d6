"""SudokuPad links: f-puzzles payloads, scl/ctc JSON read where it states rules, drawings
refused, short links that need a server refused with the link form to use."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.engine.errors import FormatError, PuzzleError
from game.engine.formats.fpuzzles import parse_fpuzzles
from game.engine.formats.links import parse_link
from game.engine.formats.lzstring import compress_to_base64, compress_to_encoded_uri_component
from game.engine.formats.solo import parse_solo
from game.engine.formats.sudokupad import decompress, parse_sudokupad, unzip
from game.engine.rules import AntiKnight, Cage, Diagonal, DisjointGroups, ExtraRegion, Negative

from .formats_helpers import error_of, only
from .variant_helpers import fpuzzles_entries, scl_link, zip_sudokupad

KILLER_4 = "2x2k:p,__aa___acaa_aa_,6_7_7d5a8_7e"
SOLUTION_4 = "4123324114322314"  # not this killer's; only metadata here


def boxes(n: int = 4, h: int = 2, w: int = 2) -> list[list[list[int]]]:
    return [
        [[br * h + r, bc * w + c] for r in range(h) for c in range(w)]
        for br in range(n // h)
        for bc in range(n // w)
    ]


def killer_json() -> dict[str, Any]:
    """The 4x4 Solo killer, as SudokuPad JSON (cages with ``unique: true``)."""
    puzzle = parse_solo(KILLER_4).puzzle
    cages = [
        {
            "cells": [[cell // 4, cell % 4] for cell in rule.members],
            "value": str(rule.total),
            "unique": True,
        }
        for rule in puzzle.constraints
        if isinstance(rule, Cage)
    ]
    return {
        "id": "test",
        "cellSize": 50,
        "cells": [[{} for _ in range(4)] for _ in range(4)],
        "regions": boxes(),
        "cages": [*cages, {"value": "title: Little killer"}, {"value": "author: Test"}],
        "metadata": {"rules": "Killer\nrules.", "solution": SOLUTION_4},
    }


def test_an_scl_killer_reads_as_the_same_puzzle_as_its_solo_id() -> None:
    record = only(scl_link(killer_json()))
    solo = parse_solo(KILLER_4).puzzle
    assert record.puzzle.shape is solo.shape
    assert set(record.puzzle.constraints) == set(solo.constraints)
    assert record.title == "Little killer"
    assert record.extra == {"author": "Test", "rules": "Killer rules.", "solution": SOLUTION_4}


def test_the_zipper_is_undone_exactly() -> None:
    data = killer_json()
    data["cells"][0][0] = {"value": 4}
    data["cages"].append({"value": "note: it's {so}, [right]: t"})
    zipped = zip_sudokupad(data)
    assert "ce:" in zipped and '"' not in zipped
    assert json.loads(unzip(zipped)) == _long(data)
    # SudokuPad's own quirk, kept: a double quote in a text comes back single.
    quoted = {"cells": [[{}] * 4] * 4, "cages": [{"value": 'say "hi"'}]}
    assert json.loads(unzip(zip_sudokupad(quoted)))["cages"][0]["value"] == "say 'hi'"


def _long(data: Any) -> Any:
    # Zipping turns numeric strings into numbers and drops empty lists; nothing else.
    if isinstance(data, list):
        return [_long(item) for item in data]
    if isinstance(data, dict):
        return {k: _long(v) for k, v in data.items() if v != []}
    if isinstance(data, str) and data.isdigit():
        return int(data)
    return data


def test_givens_globals_diagonals_and_extra_regions() -> None:
    data = killer_json()
    data["cages"] = [{"cells": [[0, 0], [1, 1], [2, 2], [3, 3]], "style": "extraregion"}]
    data["cells"][0][1] = {"value": "3"}
    data["global"] = ["antiknight", "antiratio", "antidifference", "antixv", "disjoint"]
    data["lines"] = [{"wayPoints": [[0, 4], [4, 0]], "color": "#34BBE6"}]
    rules = only(scl_link(data)).puzzle
    assert rules.givens[1] == 3
    assert set(rules.constraints) == {
        ExtraRegion((0, 5, 10, 15)),
        AntiKnight(),
        Negative("kropki", frozenset()),
        Negative("xv", frozenset()),
        DisjointGroups.of(4, 2, 2),
        Diagonal.of(4, anti=True),
    }


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"lines": [{"wayPoints": [[0.5, 0.5], [1.5, 0.5]]}]}, "draws 1 line"),
        ({"arrows": [{"wayPoints": [[0, 0], [1, 1]]}] * 2}, "draws 2 arrows"),
        ({"overlays": [{"center": [1, 1]}]}, "draws 1 overlay"),
        ({"underlays": [{"center": [1, 1]}]}, "draws 1 underlay"),
        ({"foglight": [[0, 0]]}, "draws 'foglight'"),
        ({"global": ["antisomething"]}, "does not know the rule 'antisomething'"),
        ({"regions": boxes()[:3]}, "r3c3 is in no region"),
        ({"regions": []}, "defines no regions"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "unique": False, "value": 3}]}, "1 cage without"),
        ({"cages": [{"cells": [[0, 0], [0, 9]], "value": 3}]}, "outside the 4x4 grid"),
        ({"cages": [{"cells": [[0, 0], [0, 2]], "value": 4}]}, "is not connected"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "value": "?"}]}, "is not a cage sum"),
        ({"cells": [[{}] * 4] * 3}, "sizes 4 to 25"),
    ],
)
def test_what_scl_only_draws_or_gets_wrong_is_refused(change: dict[str, Any], words: str) -> None:
    data = {**killer_json(), **change}
    error = error_of(scl_link(data))
    assert words in error.reason
    assert error.line == 1


def test_a_real_scl_link_with_dots_is_refused_with_the_way_out() -> None:
    # "Parity Fish" by Marty Sears (Sudoku-Bench): kropki dots drawn as overlays.
    link = (Path(__file__).parent / "data" / "variants" / "parity-fish-scl.txt").read_text().strip()
    error = error_of(link)
    assert "draws 21 overlays" in error.reason
    assert "f-puzzles" in error.reason


def test_fpuzzles_payloads_on_sudokupad(shared_data: Path) -> None:
    entry = fpuzzles_entries(shared_data)[3]
    payload = entry["url"].split("?load=", 1)[1]
    expected = parse_fpuzzles(entry["fpuzzles"]).puzzle
    for link in (
        "https://sudokupad.app/fpuzzles" + payload,
        "https://beta.sudokupad.app/fpuz" + payload,
        "sudokupad.app/fpuzzles" + payload,
        "https://app.crackingthecryptic.com/sudoku/fpuzzles" + payload,
        "https://sudokupad.app/sudoku?puzzleid=fpuzzles" + payload.replace("+", "%2B"),
        "fpuzzles" + payload,
    ):
        assert only(link).puzzle == expected, link


def test_a_collapsed_double_slash_is_repaired() -> None:
    text = "~\u00fc\u00fc>\u00fc\u00ff\u00ff\u00fe\u00fe\u00fe\u00fe>"
    packed = compress_to_base64(text)
    assert "//" in packed  # a web server may turn it into "/"
    assert decompress(packed.replace("//", "/")) == text


def test_uri_safe_payloads_read() -> None:
    text = json.dumps(killer_json())
    assert decompress(compress_to_encoded_uri_component(text) + "$") != ""


@pytest.mark.parametrize(
    ("link", "words"),
    [
        ("https://sudokupad.app/abcdef1234", "this game is offline"),
        ("https://sudokupad.app/sudoku/abcdef1234", "https://sudokupad.app/fpuzzles"),
        ("https://f-puzzles.com/?id=abc123", "https://f-puzzles.com/?load="),
        ("https://f-puzzles.com/", "without ?load="),
        ("https://sudokupad.app/scfAAAAAAAAAAAAAAAAAAAAAAA", "scf links are not read"),
        ("https://sudokupad.app/sclAAAAAAAAAAAAAAAAAAAA", "the SudokuPad data is broken"),
    ],
)
def test_links_that_carry_no_puzzle_say_so(link: str, words: str) -> None:
    error = error_of(link)
    assert isinstance(error, FormatError)
    assert words in error.reason


def test_other_sites_hold_no_puzzle() -> None:
    with pytest.raises(FormatError, match=r"example\.com holds no puzzle"):
        parse_link("https://example.com/puzzle")


def test_parse_sudokupad_refuses_non_objects() -> None:
    with pytest.raises(PuzzleError, match="JSON object"):
        parse_sudokupad([1, 2])
