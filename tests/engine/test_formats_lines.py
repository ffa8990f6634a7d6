"""One puzzle per line: plain, commented, CSV, comma lists, fields, jigsaw pairs, HoDoKu lines."""

from __future__ import annotations

import pytest

from game.engine.errors import FormatError, InvalidPuzzleError
from game.engine.formats import parse_text
from game.engine.formats.lines import LineContext, csv_columns, parse_line
from game.engine.puzzle import PuzzleRecord
from game.engine.rules import candidates
from game.engine.shape import Shape
from game.engine.symbols import grid_string

from .formats_helpers import error_of, only

P = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
JIGSAW = "3...6....5..9.2.3..57.4............67..5....86.....1......7.41..9.7.5..3........2"
LAYOUT = "000333333100334434100554444100544666111555666122577666122557777122887787222888888"


@pytest.mark.parametrize(
    "line",
    [
        P,
        P.replace(".", "0"),
        P.replace(".", "*"),
        P.replace(".", "_"),
        P.replace(".", "x"),
        P + "   ",
        "  " + P,
        P + " # a comment",
        P + "#comment",
        P + ",label,poster,9.1",
        ",".join(P),
        ",".join(P.replace(".", "-")),
        ",".join(c if c != "." else "" for c in P),
        " ".join(P.replace(".", "0")),
        "0a1b2c3d4e5f " + P.replace(".", "0") + "  5.5",
        "id\t" + P + "\t9.1",
    ],
)
def test_one_line_variants(line: str) -> None:
    record = only(line + "\n")
    assert str(record.puzzle) == P


def test_trailing_comment_is_the_title() -> None:
    assert only(P + " # ssts fcv(0) s\n").title == "ssts fcv(0) s"


def test_csv_columns_from_header() -> None:
    text = "My list\n#!sudoku -c1,PuzzleR,Label,Poster,ER\n" + P + ",No. 1,me,\n"
    record = only(text)
    assert record.title == "No. 1"
    assert record.extra == {"Label": "No. 1", "Poster": "me", "ER": ""}
    assert record.line == 3
    assert csv_columns("#!sudoku -c1,PuzzleR,Label") == ("PuzzleR", "Label")
    assert csv_columns("# a comment") is None


def test_csv_without_header_names_fields_by_position() -> None:
    record = parse_line(P + ",a,b", 1)
    assert record.extra == {"field 2": "a", "field 3": "b"}


def test_blank_separated_extra_fields() -> None:
    record = parse_line("hash " + P + " 7.2", 4, 3)
    assert record.extra == {"field 1": "hash", "field 3": "7.2"}
    assert record.index == 3 and record.line == 4


def test_collection_skips_comments_blank_lines_and_counts_lines() -> None:
    text = f"# header\n\n{P}\n# section\n\n{P.replace('.', '0')}\r\n\r\n"
    items = parse_text(text)
    assert [item.line for item in items if isinstance(item, PuzzleRecord)] == [3, 6]
    assert [item.index for item in items if isinstance(item, PuzzleRecord)] == [0, 1]


def test_jigsaw_pair_on_one_line() -> None:
    record = only(f"{JIGSAW} {LAYOUT}\n")
    assert record.puzzle.shape == Shape.from_regions(LAYOUT)
    assert record.puzzle.shape.is_jigsaw


def test_jigsaw_pair_with_letter_labels() -> None:
    letters = LAYOUT.translate(str.maketrans("012345678", "ABCDEFGHI"))
    assert only(f"{JIGSAW} {letters}\n").puzzle.shape == Shape.from_regions(LAYOUT)


def test_a_solution_after_the_givens_is_an_extra_field_not_a_layout() -> None:
    solution = "389461527516982734957243861824159376731596248643827195265378419492715683178634952"
    record = parse_line(f"{JIGSAW} {LAYOUT} {solution}", 1)
    assert record.extra == {"field 3": solution}
    classic = parse_line(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179 "
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        1,
    )
    assert not classic.puzzle.shape.is_jigsaw


# -- other sizes -------------------------------------------------------------------------


def test_small_and_large_sizes_on_one_line() -> None:
    assert only("1.3.....2.......\n").puzzle.size == 4
    assert only("1.3.....2..........................6\n").puzzle.size == 6
    sixteen = "1.3.G" + "." * 251
    assert only(sixteen + "\n").puzzle.givens[4] == 16
    zero_based = "0.3.F" + "." * 251
    record = only(zero_based + "\n")
    assert record.puzzle.givens[:5] == (1, 0, 4, 0, 16)


# -- HoDoKu library lines ---------------------------------------------------------------


def test_library_line_with_placements_and_deletions() -> None:
    placed = "+" + P[0:0] + "6" + P[1:]  # r1c1 = 6 placed, not given
    record = parse_line(f":0100:1:{placed}:111 211:733::", 7, 2)
    assert record.puzzle.givens[0] == 0
    assert record.entries is not None and record.entries[0] == 6
    assert record.title == "0100"
    assert record.extra["eliminations"] == "733"
    assert record.notes is not None
    grid = record.grid
    allowed = candidates(record.puzzle.shape, grid)
    # r1c1 is filled; r1c2 holds the given 3; deletions hit only the listed cells.
    assert record.notes[0] == 0
    assert record.notes[2] == allowed[2]
    assert record.index == 2 and record.line == 7


def test_library_line_deleting_a_candidate() -> None:
    record = parse_line(f":0000:x:{P}:113:::", 1)
    assert record.notes is not None
    allowed = candidates(record.puzzle.shape, record.puzzle.givens)
    assert allowed[2] & 1  # 1 is a candidate of r1c3 by the rules...
    assert not record.notes[2] & 1  # ...but the library deleted it
    assert record.notes[4] == allowed[4]


def test_library_line_without_deletions_has_no_notes() -> None:
    assert parse_line(f":0000:x:{P}:::", 1).notes is None


# -- errors -------------------------------------------------------------------------------


def test_short_line() -> None:
    error = error_of("# c\n" + P[:80] + "\n")
    assert isinstance(error, FormatError)
    assert str(error) == "line 2: found 80 cells; a 9x9 grid needs 81"


def test_long_line_in_a_collection() -> None:
    items = parse_text(P + "\n" + P + "12\n")
    error = items[1]
    assert isinstance(error, FormatError)
    assert str(error) == "line 2: found 83 cells; a 9x9 grid needs 81"
    assert error.index == 1


def test_unknown_character_with_column() -> None:
    items = parse_text(P + "\n" + P[:6] + "?" + P[7:] + "\n")
    error = items[1]
    assert isinstance(error, FormatError)
    assert (error.line, error.column, error.reason) == (2, 7, "unknown character '?'")


def test_letter_in_a_9x9_line() -> None:
    error = error_of(P[:10] + "a" + P[11:] + "\n")
    assert str(error) == "line 1, column 11: 'a' is not a digit of a 9x9 grid (1-9, '.' for empty)"


def test_conflicting_givens_point_at_the_second_digit() -> None:
    line = "33" + P[2:]
    error = error_of(line + "\n")
    assert isinstance(error, InvalidPuzzleError)
    assert (
        str(error)
        == "line 1, column 2: conflicting givens: 3 appears 2 times in row 1 (r1c1, r1c2)"
    )


def test_conflict_after_a_leading_field_points_into_the_line() -> None:
    error = error_of("id\t33" + P[2:] + "\n")
    assert (error.line, error.column) == (1, 5)


def test_broken_jigsaw_layout_on_one_line() -> None:
    # Swap two labels so region 0 is cut in two (still 9 cells each).
    broken = list(LAYOUT)
    broken[0], broken[40] = broken[40], broken[0]
    error = error_of(f"{JIGSAW} {''.join(broken)}\n")
    assert isinstance(error, InvalidPuzzleError)
    assert error.line == 1
    assert error.reason.startswith("region '") and "is not connected" in error.reason
    assert error.column is not None and error.column > 82


def test_size_without_classic_boxes() -> None:
    error = error_of("1" + "." * 48 + "\n")
    assert str(error) == "line 1: there is no classic 7x7 grid"


def test_library_line_errors() -> None:
    with pytest.raises(FormatError, match="found 80 cells; a 9x9 grid needs 81"):
        parse_line(f":0000:x:{P[:80]}:::", 3)
    with pytest.raises(FormatError) as caught:
        parse_line(f":0000:x:{P}:1x3:::", 3)
    assert caught.value.column == 91  # after ":0000:x:", 81 cells and ":"
    with pytest.raises(FormatError) as caught:
        parse_line(f":0000:x:{P[:5]}?{P[6:]}:::", 3)
    assert (caught.value.column, caught.value.reason) == (14, "unknown character '?'")


def test_line_context_is_plain_data() -> None:
    assert LineContext(("a", "b")).columns == ("a", "b")
    assert grid_string(parse_line(P, 1).puzzle.givens) == P
