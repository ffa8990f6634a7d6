"""f-puzzles JSON and links: every real puzzle reads to its solution, every rule, located
refusals, and writing back (JSON and ?load= link) to the same puzzle."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from game.engine.errors import FormatError, InvalidPuzzleError, PuzzleError
from game.engine.formats import parse_text
from game.engine.formats.fpuzzles import (
    format_fpuzzles,
    fpuzzles_link,
    parse_fpuzzles,
    parse_json_text,
    record_fields,
    to_fpuzzles,
)
from game.engine.formats.lzstring import compress_to_base64
from game.engine.formats.variants import NotWritable
from game.engine.puzzle import Puzzle, PuzzleRecord
from game.engine.rules import (
    XV,
    Arrow,
    Cage,
    Diagonal,
    Extreme,
    Kropki,
    LittleKiller,
    Negative,
    NonConsecutive,
    Parity,
    Sandwich,
    Whisper,
)
from game.engine.shape import Shape

from .formats_helpers import error_of, only
from .variant_helpers import fpuzzles_entries, solution_of


def blank(size: int = 9, **keys: Any) -> dict[str, Any]:
    """An f-puzzles object with an empty grid and the given keys."""
    return {"size": size, "grid": [[{} for _ in range(size)] for _ in range(size)], **keys}


def read(data: dict[str, Any]) -> PuzzleRecord:
    return parse_fpuzzles(data)


def refusal(data: object) -> PuzzleError:
    with pytest.raises(PuzzleError) as caught:
        parse_fpuzzles(data)
    return caught.value


# -- the real puzzles -----------------------------------------------------------


def test_every_shared_puzzle_reads_and_its_solution_keeps_every_rule(shared_data: Path) -> None:
    entries = fpuzzles_entries(shared_data)
    for entry in entries:
        record = parse_fpuzzles(entry["fpuzzles"])
        puzzle = record.puzzle
        assert puzzle.size == entry["size"]
        solution = solution_of(entry["solution"])
        assert puzzle.rules.is_solution(solution, puzzle.givens), entry["title"]
        assert record.title == entry["fpuzzles"].get("title", "")
    assert len(entries) == 39


def test_every_shared_link_reads_as_its_json(shared_data: Path) -> None:
    for entry in fpuzzles_entries(shared_data):
        (item,) = parse_text(entry["url"])
        assert isinstance(item, PuzzleRecord)
        assert item.puzzle == parse_fpuzzles(entry["fpuzzles"]).puzzle


def test_every_shared_puzzle_writes_back_to_itself(shared_data: Path) -> None:
    for entry in fpuzzles_entries(shared_data):
        record = parse_fpuzzles(entry["fpuzzles"])
        text = format_fpuzzles(record.puzzle, **record_fields(record))
        again = parse_json_text(text)
        assert again.puzzle == record.puzzle, entry["title"]
        assert again.title == record.title
        link = fpuzzles_link(record.puzzle, **record_fields(record))
        assert link.startswith("https://f-puzzles.com/?load=")
        assert only(link).puzzle == record.puzzle


def test_cosmetic_drawings_are_noted_not_read(shared_data: Path) -> None:
    entries = {entry["title"]: entry for entry in fpuzzles_entries(shared_data)}
    record = parse_fpuzzles(entries["Alien"]["fpuzzles"])
    assert record.extra["drawn"] == "12 lines, 1 text"
    assert record.extra["author"] == "Lisztes"
    assert "German Whisper" in record.extra["rules"]
    assert "\n" not in record.extra["rules"]


# -- every key ---------------------------------------------------------------------


def test_givens_entries_and_regions() -> None:
    data = blank(6)
    data["grid"][0][0] = {"value": 1, "given": True}
    data["grid"][0][1] = {"value": 2}  # no "given": the player's digit
    record = read(data)
    assert record.puzzle.givens[0] == 1 and record.puzzle.givens[1] == 0
    assert record.entries is not None and record.entries[1] == 2
    assert record.puzzle.shape is Shape.classic(6)


def test_partial_regions_share_numbers_with_default_boxes() -> None:
    # f-puzzles writes "region" only where it differs from the default box, and
    # numbers both alike: a cell marked region 1 joins box 1.
    data = blank(4)
    for r in range(4):
        for c in range(4):
            data["grid"][r][c]["region"] = [0, 0, 1, 1][c] + 2 * (r // 2)
    del data["grid"][0][0]["region"]
    assert read(data).puzzle.shape is Shape.classic(4)
    data["grid"][1][1]["region"] = 1
    data["grid"][0][2]["region"] = 0
    shape = read(data).puzzle.shape
    assert shape.is_jigsaw and shape.regions[5] == shape.regions[3]


def test_prime_sizes_default_to_rows_as_regions() -> None:
    shape = read(blank(5)).puzzle.shape
    assert all(shape.regions[r * 5 + c] == shape.regions[r * 5] for r in range(5) for c in range(5))


def test_a_region_in_pieces_is_read() -> None:
    data = blank(4)
    layout = ["0011", "2011", "0233", "2233"]
    for r in range(4):
        for c in range(4):
            data["grid"][r][c]["region"] = int(layout[r][c])
    shape = read(data).puzzle.shape
    assert shape.regions[0] == shape.regions[8] != shape.regions[4]


def test_globals() -> None:
    record = read(blank(**{"diagonal+": True, "diagonal-": True, "antiknight": True}))
    assert Diagonal.of(9, anti=True) in record.puzzle.constraints
    assert Diagonal.of(9) in record.puzzle.constraints
    assert any(r.kind == "anti-knight" for r in record.puzzle.constraints)
    assert read(blank(nonconsecutive=True)).puzzle.constraints == (NonConsecutive(),)


def test_cages_with_and_without_sums() -> None:
    record = read(
        blank(killercage=[{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R9C9"]}])
    )
    assert record.puzzle.constraints == (Cage((0, 1), 3), Cage((80,), None))


def test_little_killer_points_from_its_clue_along_its_direction() -> None:
    entry = {"cell": "R0C4", "direction": "DL", "value": "17"}
    (rule,) = read(blank(littlekillersum=[entry])).puzzle.constraints
    assert rule == LittleKiller((9 * 0 + 2, 9 * 1 + 1, 9 * 2 + 0), 17)
    # No number: an arrow drawn without a rule.
    assert read(blank(littlekillersum=[{**entry, "value": ""}])).puzzle.constraints == ()


def test_sandwich_clues_name_their_row_or_column() -> None:
    rules = read(blank(sandwichsum=[{"cell": "R0C2", "value": "5"}, {"cell": "R3C10", "value": 0}]))
    assert rules.puzzle.constraints == (
        Sandwich(tuple(range(1, 81, 9)), 5),
        Sandwich(tuple(range(18, 27)), 0),
    )


def test_arrows_with_pill_bulbs_and_several_lines() -> None:
    entry = {"cells": ["R1C1", "R1C2"], "lines": [["R1C2", "R2C3", "R3C4"], ["R1C1", "R2C1"]]}
    assert read(blank(arrow=[entry])).puzzle.constraints == (
        Arrow((0, 1), (11, 21)),
        Arrow((0, 1), (9,)),
    )


def test_whisper_gap_defaults_to_half_the_size() -> None:
    line = {"lines": [["R1C1", "R1C2"]]}
    assert read(blank(whispers=[line])).puzzle.constraints == (Whisper((0, 1), 5),)
    assert read(blank(6, whispers=[line])).puzzle.constraints == (Whisper((0, 1), 3),)
    dutch = {**line, "value": "4"}
    assert read(blank(whispers=[dutch])).puzzle.constraints == (Whisper((0, 1), 4),)


def test_dots_xv_and_their_negative_rules() -> None:
    dots: dict[str, Any] = {
        "difference": [{"cells": ["R1C1", "R1C2"]}],
        "ratio": [{"cells": ["R2C1", "R2C2"], "value": "2"}],
        "xv": [{"cells": ["R3C1", "R3C2"], "value": "X"}],
    }
    marked = frozenset({(0, 1), (9, 10)})
    rules = read(blank(**dots, negative=["ratio", "difference", "xv"])).puzzle.constraints
    assert Kropki(0, 1, False) in rules and Kropki(9, 10, True) in rules
    assert XV(18, 19, 10) in rules
    assert Negative("kropki", marked) in rules
    assert Negative("xv", frozenset({(18, 19)})) in rules
    # nonconsecutive with dots: dotted pairs are exempt, as in rangsk's solvers.
    rules = read(blank(**dots, nonconsecutive=True)).puzzle.constraints
    assert Negative("white", marked) in rules and NonConsecutive() not in rules
    rules = read(blank(**dots, negative=["ratio"])).puzzle.constraints
    assert Negative("black", marked) in rules


def test_even_odd_and_fortress_minimum_maximum() -> None:
    data = blank(even=[{"cell": "R1C1"}], odd=[{"cell": "R1C2"}])
    data["maximum"] = [{"cell": "R5C5"}, {"cell": "R5C6"}]
    data["minimum"] = [{"cell": "R9C9"}]
    rules = read(data).puzzle.constraints
    assert Parity(0, True) in rules and Parity(1, False) in rules
    # Two maximum cells side by side are not compared with each other.
    assert Extreme(40, True, frozenset({41})) in rules
    assert Extreme(80, False, frozenset()) in rules


# -- refusals, located -------------------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "words"),
    [
        ({"xsum": [{"cell": "R0C1", "value": "10"}]}, "xsum: this game does not know"),
        (
            {"killercage": [{"cells": ["R1C1", "R10C1"]}]},
            'killercage[0].cells[1]: "R10C1" is outside',
        ),
        (
            {"killercage": [{"cells": ["R1C1", "R3C1"]}]},
            "killercage[0]: the cage at r1c1 is not connected",
        ),
        ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "18"}]}, "cannot add up to 18"),
        ({"killercage": [{"cells": ["R1C1"], "value": "1a"}]}, '"1a" is not a whole number'),
        ({"difference": [{"cells": ["R1C1", "R1C2"], "value": "2"}]}, "a difference dot of 2"),
        ({"ratio": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}, "a ratio dot of 3"),
        ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "L"}]}, '"L" is not X or V'),
        ({"negative": ["sum"]}, 'negative rule of "sum"'),
        ({"thermometer": [{"lines": [["R1C1", "R3C3"]]}]}, "does not run through touching cells"),
        ({"littlekillersum": [{"cell": "R1C1", "direction": "DR", "value": "5"}]}, "sits outside"),
        (
            {"littlekillersum": [{"cell": "R0C0", "direction": "UP", "value": "5"}]},
            "UL, UR, DL, DR",
        ),
        ({"arrow": [{"cells": ["R1C1"], "lines": [["R1C1"]]}]}, "needs a shaft"),
        ({"antiknight": "yes"}, "antiknight: needs true or false"),
        ({"killercage": {"cells": []}}, "killercage: needs a list"),
    ],
)
def test_bad_constraints_are_refused_naming_the_field(keys: dict[str, Any], words: str) -> None:
    error = refusal(blank(**keys))
    assert words in error.reason


def test_empty_unknown_keys_and_cosmetics_are_fine() -> None:
    record = read(
        blank(xsum=[], text=[{"cells": ["R1C1"], "value": "hi"}], line=[{"lines": [["R1C1"]]}])
    )
    assert record.puzzle.constraints == ()
    assert record.extra["drawn"] == "1 line, 1 text"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "is a JSON object"),
        ({"size": "9"}, 'size: "9" is not a grid size'),
        ({"size": 3, "grid": []}, "sizes 4 to 25"),
        ({"size": 4, "grid": [[{}] * 4] * 3}, "grid: needs 4 rows"),
        ({"size": 4, "grid": [[{}] * 4] * 3 + [[{}] * 3]}, "grid[3]: needs 4 cells"),
    ],
)
def test_wrong_shapes_are_refused(data: object, words: str) -> None:
    assert words in refusal(data).reason


def test_grid_cells_are_checked() -> None:
    data = blank(4)
    data["grid"][1][2] = {"value": 7, "given": True}
    assert refusal(data).reason == "grid[1][2].value: 7 is outside 1-4"
    data["grid"][1][2] = {"region": None}
    assert "grid[1][2].region: a cell in no region" in refusal(data).reason
    data["grid"][1][2] = {"givenPencilMarks": [1, 2]}
    assert "givenPencilMarks" in refusal(data).reason
    data["grid"][1][2] = {"value": 1, "given": True}
    data["grid"][1][3] = {"value": 1, "given": True}
    assert isinstance(refusal(data), InvalidPuzzleError)


def test_json_syntax_errors_are_located() -> None:
    error = error_of('{"size": 9,\n  "grid": [\n  oops]}')
    assert isinstance(error, FormatError)
    assert (error.line, error.column) == (3, 3)


def test_a_broken_link_is_refused() -> None:
    error = error_of("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCALhNAbO8QEEBXAc0LDQ")
    assert "the f-puzzles data is broken" in error.reason
    error = error_of("https://f-puzzles.com/?load=" + compress_to_base64("[1, 2"))
    assert "not valid JSON" in error.reason


def test_percent_encoded_links_read() -> None:
    data = blank(4, killercage=[{"cells": ["R1C1", "R1C2"], "value": "3"}])
    payload = compress_to_base64(json.dumps(data))
    link = "https://f-puzzles.com/?load=" + payload.replace("+", "%2B").replace("/", "%2F")
    assert only(link).puzzle == read(data).puzzle


# -- writing ---------------------------------------------------------------------


def test_written_json_is_canonical() -> None:
    puzzle = Puzzle(Shape.classic(4), (1,) + (0,) * 15, (Cage((0, 1), 3),))
    assert format_fpuzzles(puzzle, title="T") == (
        '{"size":4,"title":"T","grid":[[{"value":1,"given":true},{},{},{}],'
        "[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
        '"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}\n'
    )


def test_a_jigsaw_writes_every_region() -> None:
    labels = "0011001122332323"
    with pytest.raises(InvalidPuzzleError):
        Shape.from_regions(list(labels))  # pieces: only f-puzzles reading allows them
    shape = Shape.from_regions(list("0001021122312333"))
    out = to_fpuzzles(Puzzle(shape, (0,) * 16))
    assert all("region" in cell for row in out["grid"] for cell in row)
    assert parse_fpuzzles(out).puzzle.shape == shape


@pytest.mark.parametrize(
    "rule",
    [
        Negative("x", frozenset()),
        Diagonal((0, 10, 20), False),
        LittleKiller((0, 1), 3),
        Sandwich((0, 1, 2), 3),
        Extreme(0, True, frozenset({1})),
    ],
)
def test_rules_f_puzzles_cannot_hold_are_refused(rule: Any) -> None:
    puzzle = Puzzle(Shape.classic(9), (0,) * 81, (rule,))
    with pytest.raises(NotWritable):
        to_fpuzzles(puzzle)


def test_non_consecutive_with_dots_is_not_written_as_the_global() -> None:
    puzzle = Puzzle(Shape.classic(9), (0,) * 81, (NonConsecutive(), Kropki(0, 1, True)))
    with pytest.raises(NotWritable):
        to_fpuzzles(puzzle)


def test_reading_does_not_change_the_object() -> None:
    data = blank(killercage=[{"cells": ["R1C1", "R1C2"], "value": "3"}])
    before = copy.deepcopy(data)
    read(data)
    assert data == before
