"""Puzzles over several lines: decorated grids, other sizes, jigsaw blocks, Euler files, errors."""

from __future__ import annotations

import pytest

from game.engine.errors import FormatError, InvalidPuzzleError
from game.engine.formats import parse_text
from game.engine.formats.detect import parse_document
from game.engine.puzzle import PuzzleRecord
from game.engine.shape import Shape
from game.engine.symbols import SYMBOLS

from .formats_helpers import error_of, only

P = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
ROWS = [P[i * 9 : i * 9 + 9] for i in range(9)]
COURSE = "001111222000011222003411122033445552333444555633344558667774588666778888666777788"
COURSE_ROWS = [COURSE[i * 9 : i * 9 + 9] for i in range(9)]
COURSE_VALUES = ".8......11....63.........4....3.8.7.....8.....7.1.2....5.........79....43......1."
VALUE_ROWS = [COURSE_VALUES[i * 9 : i * 9 + 9] for i in range(9)]


def test_nine_lines_with_any_line_ending() -> None:
    for ending in ("\n", "\r\n", "\r"):
        assert str(only(ending.join(ROWS)).puzzle) == P
        assert str(only(ending.join(ROWS) + ending + ending).puzzle) == P


def test_mixed_line_endings() -> None:
    text = "\n".join(ROWS[:3]) + "\r\n" + "\r".join(ROWS[3:6]) + "\r\n" + "\n".join(ROWS[6:])
    assert str(only(text).puzzle) == P


def test_decorated_grid_with_frame_and_colons() -> None:
    lines = ["+-------+-------+-------+"]
    for i, row in enumerate(ROWS):
        lines.append("| " + " : ".join(" ".join(row[b * 3 : b * 3 + 3]) for b in range(3)) + " |")
        if i in (2, 5, 8):
            lines.append("+-------+-------+-------+")
    record = only("\n".join(lines))
    assert str(record.puzzle) == P
    assert record.line == 2


def test_grid_rows_may_end_in_comments_and_titles_come_before() -> None:
    text = "Puzzle of the day\n# from a book\n" + "\n".join(
        f"{row}  # row {i}" for i, row in enumerate(ROWS)
    )
    record = only(text)
    assert record.title == "Puzzle of the day"
    assert record.line == 3


def test_any_text_with_exactly_81_digits() -> None:
    numbers = ", ".join(P.replace(".", "0"))
    record = only(f"puzzle = [{numbers}]\n")
    assert str(record.puzzle) == P


def test_several_grids_in_one_file() -> None:
    other = P[::-1]
    text = "\n".join(ROWS) + "\n\n" + "\n".join(other[i * 9 : i * 9 + 9] for i in range(9)) + "\n"
    document = parse_document(text)
    assert document.kind == "grids"
    assert [str(item.puzzle) for item in document.records if isinstance(item, PuzzleRecord)] == [
        P,
        other,
    ]


def test_one_bad_grid_of_several_is_an_error_in_the_list() -> None:
    bad = "33" + P[2:]
    text = "\n".join(ROWS) + "\n" + "\n".join(bad[i * 9 : i * 9 + 9] for i in range(9)) + "\n"
    text += "\n".join(ROWS) + "\n"
    items = parse_text(text)
    assert isinstance(items[0], PuzzleRecord) and isinstance(items[2], PuzzleRecord)
    error = items[1]
    assert isinstance(error, InvalidPuzzleError)
    assert (error.index, error.line, error.column) == (1, 10, 2)


# -- other sizes ---------------------------------------------------------------------------


def test_four_by_four() -> None:
    record = only("1 . | . .\n. . | 3 .\n----+----\n. 4 | . .\n. . | . 2\n")
    assert record.puzzle.size == 4
    assert record.puzzle.shape.box == (2, 2)
    assert record.puzzle.givens == (1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2)


def test_six_by_six_has_two_by_three_boxes() -> None:
    record = only("12....\n......\n......\n......\n......\n.....6\n")
    assert record.puzzle.shape.box == (2, 3)
    error = error_of("12....\n..1...\n......\n......\n......\n.....6\n")
    assert (
        str(error)
        == "line 2, column 3: conflicting givens: 1 appears 2 times in box 1 (r1c1, r2c3)"
    )
    # r2c1 and r3c2 are in different boxes of a 6x6 grid: no conflict.
    assert only("......\n3.....\n.3....\n......\n......\n......\n").puzzle.clue_count == 2


def test_twelve_by_twelve() -> None:
    rows = ["1.........BC"] + ["." * 12] * 11
    record = only("\n".join(rows))
    assert record.puzzle.shape.box == (3, 4)
    assert record.puzzle.givens[10:12] == (11, 12)


def test_sixteen_by_sixteen_in_both_alphabets() -> None:
    one_based = ["123456789ABCDEFG"] + ["." * 16] * 15
    zero_based = ["0123456789ABCDEF"] + ["." * 16] * 15
    first = only("\n".join(one_based))
    second = only("\n".join(zero_based))
    assert first.puzzle == second.puzzle
    assert first.puzzle.givens[:16] == tuple(range(1, 17))


def test_sixteen_by_sixteen_with_zero_for_empty() -> None:
    rows = ["1000000000000000", "0G00000000000000"] + ["0" * 16] * 14
    record = only("\n".join(rows))
    assert record.puzzle.clue_count == 2
    assert record.puzzle.givens[17] == 16


def test_sixteen_by_sixteen_as_numbers() -> None:
    rows = [" ".join(str(n) for n in range(1, 17))] + [" ".join(["0"] * 16)] * 15
    record = only("\n".join(rows))
    assert record.puzzle.givens[:16] == tuple(range(1, 17))


def test_digit_too_big_for_the_size() -> None:
    error = error_of("1...\n..5.\n....\n....\n")
    assert str(error) == "line 2, column 3: '5' is not a digit of a 4x4 grid (1-4, '.' for empty)"


def test_sixteen_lines_of_small_digits_are_4x4_puzzles_if_they_clash_as_one_grid() -> None:
    line = "1.3.....2......."
    document = parse_document("\n".join([line] * 16) + "\n")
    assert document.kind == "one-line collection"
    assert len(document.records) == 16
    sparse = ["1" + "." * 15] + ["." * 16] * 15
    assert parse_document("\n".join(sparse) + "\n").kind == "grid"


# -- jigsaw blocks ---------------------------------------------------------------------------


def test_comp3258_map_both_final_newline_forms() -> None:
    text = "\n".join(COURSE_ROWS + VALUE_ROWS)
    for variant in (text, text + "\n", text.replace("\n", "\r\n") + "\r\n"):
        document = parse_document(variant)
        assert document.kind == "COMP3258 jigsaw map"
        (record,) = document.records
        assert isinstance(record, PuzzleRecord)
        assert record.puzzle.shape == Shape.from_regions(COURSE)
        assert str(record.puzzle) == COURSE_VALUES


def test_swapped_blocks_are_detected_by_content() -> None:
    document = parse_document("\n".join(VALUE_ROWS + COURSE_ROWS) + "\n")
    assert document.kind == "jigsaw grid (values first)"
    (record,) = document.records
    assert isinstance(record, PuzzleRecord)
    assert record.puzzle.shape == Shape.from_regions(COURSE)
    assert str(record.puzzle) == COURSE_VALUES


def test_letter_labels_and_blank_separated_blocks() -> None:
    letters = [row.translate(str.maketrans("012345678", "abcdefghi")) for row in COURSE_ROWS]
    record = only("\n".join(letters) + "\n\n" + "\n".join(VALUE_ROWS) + "\n")
    assert record.puzzle.shape == Shape.from_regions(COURSE)


def test_token_rows_after_a_size_line() -> None:
    values = [" ".join("-" if c == "." else c for c in row) for row in VALUE_ROWS]
    labels = [" ".join(str(int(c) + 1) for c in row) for row in COURSE_ROWS]
    for header in ("9 9\n", "9\n\n", ""):
        record = only(header + "\n".join(values) + "\n\n" + "\n".join(labels))
        assert record.puzzle.shape == Shape.from_regions(COURSE)
        assert str(record.puzzle) == COURSE_VALUES


def test_two_value_blocks_are_two_classic_grids() -> None:
    document = parse_document("\n".join(ROWS + ROWS) + "\n")
    assert document.kind == "grids"
    assert len(document.records) == 2


def test_region_of_the_wrong_size_is_located() -> None:
    rows = list(COURSE_ROWS)
    rows[0] = "001111221"  # one cell of region 2 given to region 1... and region 1 grows
    error = error_of("\n".join(rows + VALUE_ROWS))
    assert isinstance(error, InvalidPuzzleError)
    assert error.reason == "region '1' has 10 cells; each region needs 9"
    assert (error.line, error.column) == (1, 3)


def test_disconnected_region_message() -> None:
    rows = list(COURSE_ROWS)
    # Exchange r1c1 (region 0) with r5c9 (region 5): sizes stay 9, both are cut.
    rows[0] = "501111222"
    rows[4] = "333444550"
    error = error_of("\n".join(rows + VALUE_ROWS))
    assert isinstance(error, InvalidPuzzleError)
    assert error.reason == "region '5' is not connected (it falls into 2 pieces)"
    assert (error.line, error.column) == (1, 1)


def test_conflicting_values_in_a_jigsaw_region() -> None:
    values = list(VALUE_ROWS)
    values[0] = "18......."  # r1c1 = 1 shares region 0 with r2c1 = 1 ... and column 1
    error = error_of("\n".join(COURSE_ROWS + values))
    assert isinstance(error, InvalidPuzzleError)
    assert error.reason.startswith("conflicting givens: 1 appears 2 times in column 1")
    assert (error.line, error.column) == (11, 1)


def test_too_many_value_rows() -> None:
    error = error_of("\n".join(COURSE_ROWS + VALUE_ROWS + ["........."]))
    assert isinstance(error, FormatError)
    assert error.line == 19
    assert (
        error.reason
        == "the jigsaw map has 10 rows of values after its 9 rows of regions; it needs 9"
    )


def test_too_few_value_rows() -> None:
    error = error_of("\n".join(COURSE_ROWS + VALUE_ROWS[:8]))
    assert (
        error.reason
        == "the jigsaw map has 8 rows of values after its 9 rows of regions; it needs 9"
    )
    assert error.line == 17


# -- structural errors -------------------------------------------------------------------


def test_row_of_the_wrong_width() -> None:
    rows = list(ROWS)
    rows[3] = rows[3][:8]
    error = error_of("\n".join(rows))
    assert isinstance(error, FormatError)
    assert str(error) == "line 4: found 8 cells in this row; the other rows have 9"


def test_too_many_rows() -> None:
    error = error_of("\n".join(ROWS + ROWS[:1]))
    assert str(error) == (
        "line 10: found 10 rows of 9 cells; a 9x9 grid needs 9 rows "
        "(or 18 for a jigsaw map: regions, then values)"
    )


def test_too_few_rows() -> None:
    assert str(error_of("\n".join(ROWS[:8]))) == "found 8 rows of 9 cells; a 9x9 grid needs 9 rows"


def test_unknown_character_in_a_grid() -> None:
    rows = list(ROWS)
    rows[2] = rows[2][:6] + "?" + rows[2][7:]
    error = error_of("\n".join(rows))
    assert str(error) == "line 3, column 7: unknown character '?'"


def test_number_too_big_in_a_number_grid() -> None:
    rows = [" ".join(str(n) for n in range(1, 17))] * 15 + [" ".join(["30"] + ["0"] * 15)]
    error = error_of("\n".join(rows))
    assert str(error) == "line 16, column 1: 30 is no digit of any grid size"


def test_empty_and_comment_only_texts() -> None:
    assert str(error_of("")) == "the file is empty"
    assert str(error_of("\n \n")) == "the file is empty"
    assert str(error_of("# only a comment\n")) == "no puzzle found"


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16, 25])
def test_every_classic_size_as_rows(size: int) -> None:
    # Digit r+1 on the diagonal: no two givens share a unit.
    rows = ["".join(SYMBOLS[r] if c == r else "." for c in range(size)) for r in range(size)]
    record = only("\n".join(rows) + "\n")
    assert record.puzzle.shape == Shape.classic(size)
    assert [record.puzzle.givens[r * size + r] for r in range(size)] == list(range(1, size + 1))
