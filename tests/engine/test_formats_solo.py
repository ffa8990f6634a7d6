"""Simon Tatham's Solo game IDs: every shared ID reads to its solution and re-encodes
byte for byte; Solo's own refusals; writing classic, X, jigsaw and killer puzzles."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.errors import FormatError, InvalidPuzzleError, PuzzleError
from game.engine.formats.solo import format_solo, parse_solo
from game.engine.formats.variants import NotWritable
from game.engine.puzzle import Puzzle
from game.engine.rules import Cage, Diagonal, Thermometer
from game.engine.shape import Shape

from .formats_helpers import only
from .variant_helpers import solo_rows, solution_of

X_ID = "3x3x:8_4_6a9a1l7e9b9d8c8a1a3a5c5d4b6e2l2a7a4_1_5"
KILLER_4 = "2x2k:p,__aa___acaa_aa_,6_7_7d5a8_7e"


def test_every_shared_id_reads_validates_and_reencodes(shared_data: Path) -> None:
    rows = solo_rows(shared_data)
    kinds: dict[str, int] = {}
    for row in rows:
        puzzle = parse_solo(row["solo_id"]).puzzle
        assert puzzle.rules.is_solution(solution_of(row["solution"]), puzzle.givens), row
        assert format_solo(puzzle) == row["solo_id"]
        kinds[row["kind"]] = kinds.get(row["kind"], 0) + 1
    assert len(rows) == 85
    assert set(kinds) >= {"killer-9x9", "x-9x9", "jigsaw-9x9", "jigsaw-x-9x9", "killer-x-9x9"}


def test_the_examples_read() -> None:
    x = parse_solo(X_ID).puzzle
    assert set(x.constraints) == {Diagonal.of(9), Diagonal.of(9, anti=True)}
    assert x.shape is Shape.classic(9)
    killer = only(KILLER_4).puzzle
    assert not any(killer.givens)
    totals = [c.total for c in killer.constraints if isinstance(c, Cage)]
    assert sorted(t for t in totals if t is not None) == [5, 6, 7, 7, 7, 8]


def test_block_shapes() -> None:
    # "2x3": blocks 2 rows tall and 3 wide, the usual 6x6; "3x2" is the transpose.
    assert parse_solo("2x3:" + "z" + "j").puzzle.shape is Shape.classic(6)
    tall = parse_solo("3x2:zj").puzzle.shape
    assert tall.is_jigsaw and tall.regions[:2] == (0, 0) and tall.regions[12] == 0


def test_symmetry_and_difficulty_letters_are_ignored_as_solo_does() -> None:
    assert parse_solo("3x3r2dt:" + X_ID.split(":")[1]).puzzle.constraints == ()


@pytest.mark.parametrize(
    ("text", "words", "column"),
    [
        ("3x3#12345", "random seed", None),
        ("3x3", "no ':'", None),
        ("3x3:zzzc!", "invalid character '!'", 9),
        ("3x3:zzzd", "too much data", 8),
        ("3x3:zzz", "not enough data to fill the grid (78 of 81 cells)", 8),
        ("3x3:zzzb10", "10 is out of range (1-9)", 9),
        ("3x3q:zzzc", "unknown parameter 'q'", None),
        ("7x7:a", "a 49x49 grid is not supported", None),
        ("4x4k:a", "killer grids are at most 9x9", None),
        ("2x2k:p", "expected the killer cages after a comma", 7),
        ("2x2k:p,__aa___acaa_aa_", "expected the killer clues", 23),
        ("2x2k:p,__aa___acaa_aa_,6_7_7d5a8_7e,", "unexpected data at the end", 36),
        ("2x2k:p,__aa___acaa_aa,6_7_7d5a8_7e", "not enough data in the walls", 22),
        ("2x2k:p,__aa___acaa_aa_,6_7_7d5a8e", "not enough data to fill", None),
        ("2x2k:p,__aa___acaa_aa_,6_7_7d5a8_7_1d", "has 2 clues", None),
        ("2x2k:p,__aa___acaa_aa_,6_7_7d5a8f", "has no clue", None),
        ("2x2k:p," + "_" * 25 + ",1o", "a block of 1 cells is too small", 8),
        ("4j:p,x", "a block of 16 cells is too big", 6),
        ("4j:p," + "_" * 25, "too many distinct blocks", 6),
        ("2x2k:p,x,1o", "a block of 16 cells is too big (at most 4)", 8),
    ],
)
def test_bad_ids_are_refused_where_they_go_wrong(text: str, words: str, column: int | None) -> None:
    with pytest.raises(PuzzleError) as caught:
        parse_solo(text)
    assert words in caught.value.reason
    if column is not None:
        assert caught.value.column == column


def test_givens_that_clash_are_invalid() -> None:
    with pytest.raises(InvalidPuzzleError):
        parse_solo("2x2:1a1m")


def test_a_seed_in_a_file_is_one_bad_line() -> None:
    with pytest.raises(FormatError):
        only("3x3#123")


# -- writing ---------------------------------------------------------------------


def test_classic_and_jigsaw_round_trip() -> None:
    classic = Puzzle.from_string("1" + "." * 15)
    assert format_solo(classic) == "2x2:1o"
    assert parse_solo(format_solo(classic)).puzzle == classic
    jigsaw = Puzzle.from_string("." * 15 + "4", regions="0001021122312333")
    text = format_solo(jigsaw)
    assert text.startswith("4j:o4,")
    assert parse_solo(text).puzzle == jigsaw


def test_long_runs_use_z_as_solo_reads_it() -> None:
    # Rows of a 9x9 as regions: 26 or more open edges in a row run in the walls.
    puzzle = Puzzle.from_string("." * 80 + "1", regions="".join(str(r) * 9 for r in range(9)))
    text = format_solo(puzzle)
    assert "z" in text.split(",")[1]
    assert parse_solo(text).puzzle == puzzle


@pytest.mark.parametrize(
    ("rules", "reason"),
    [
        ((Diagonal.of(4),), "both diagonals"),
        ((Thermometer((0, 1)),), "no thermometer rule"),
        ((Cage((0, 1), 3),), "cover the whole grid"),
        ((Cage((0, 1), None),), "has a sum"),
    ],
)
def test_what_solo_cannot_hold_is_refused(rules: tuple[object, ...], reason: str) -> None:
    puzzle = Puzzle(Shape.classic(4), (0,) * 16, rules)  # type: ignore[arg-type]
    with pytest.raises(NotWritable, match=reason):
        format_solo(puzzle)
