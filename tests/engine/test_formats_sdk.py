"""SadMan .sdk sections and HoDoKu pencil-mark grids: givens, entries and notes kept apart."""

from __future__ import annotations

import pytest

from game.engine.errors import FormatError, InvalidPuzzleError
from game.engine.formats import parse_text
from game.engine.formats.hodoku import looks_like_pm_grid

from .formats_helpers import error_of, only

P = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
ROWS = [P[i * 9 : i * 9 + 9] for i in range(9)]
SOLUTION = "635421987942876351187593624821369745764285193593147268379654812418932576256718439"


def sdk(state: list[str] | None = None, marks: list[str] | None = None) -> str:
    lines = ["#A me", "#D test", "[Puzzle]", *ROWS]
    if state is not None:
        lines += ["[State]", *state]
    if marks is not None:
        lines += ["[PencilMarks]", *marks]
    return "\n".join([*lines, "[Colours]", ""])


def test_state_digits_are_entries() -> None:
    state = list(ROWS)
    state[0] = SOLUTION[:9]
    record = only(sdk(state))
    assert str(record.puzzle) == P
    assert record.entries is not None
    assert record.entries[:9] == (6, 0, 5, 0, 2, 1, 9, 8, 7)
    assert record.line == 4


def test_state_may_omit_givens_but_not_contradict_them() -> None:
    state = list(ROWS)
    state[0] = "........."  # the given 3 and 4 missing: lenient
    assert only(sdk(state)).entries is None
    state[0] = ".5......."  # r1c2 is the given 3
    error = error_of(sdk(state))
    assert isinstance(error, InvalidPuzzleError)
    assert str(error) == (
        "line 14, column 2: the [State] section puts 5 on r1c2, which holds the given 3"
    )


def test_pencil_marks_become_notes_of_empty_cells() -> None:
    marks = [",".join(["12"] * 9)] + [",".join([""] * 9)] * 8
    record = only(sdk(marks=marks))
    assert record.notes is not None
    assert record.notes[0] == 0b11
    assert record.notes[1] == 0  # r1c2 holds a given: marks there are dropped
    assert record.notes[9] == 0


def test_pencil_mark_errors() -> None:
    error = error_of(sdk(marks=[",".join([""] * 9)] * 8))
    assert str(error) == "line 21: the [PencilMarks] section has 8 rows; the puzzle has 9"
    error = error_of(sdk(marks=[",".join([""] * 8)] + [",".join([""] * 9)] * 8))
    assert str(error) == "line 14: found 8 comma-separated cells in this row; a row has 9"
    error = error_of(sdk(marks=[",1a," + "," * 6] + [",".join([""] * 9)] * 8))
    assert str(error) == "line 14, column 3: 'a' is no candidate of a 9x9 grid"


def test_section_errors() -> None:
    assert str(error_of("[Puzzle]\n[State]\n")) == "line 1: the [Puzzle] section holds no grid"
    error = error_of(sdk(state=ROWS[:8]))
    assert str(error) == ("line 21: the [State] section has 8 rows of 9 cells; a 9x9 grid needs 9")
    rows = list(ROWS)
    rows[2] = rows[2] + "."
    text = "[Puzzle]\n" + "\n".join(rows)
    assert str(error_of(text)) == "line 4: found 10 cells in this row; the other rows have 9"


def test_headers_without_sections() -> None:
    record = only("#Aauthor\n#L Hard\n" + "\n".join(ROWS))
    assert record.extra == {"author": "author", "level": "Hard"}
    assert str(record.puzzle) == P


# -- HoDoKu pencil-mark grids ------------------------------------------------------------

PM_ROWS = [
    "| 1  2  3  | 4  5  6  | 7  8  9  |",
    "| 4  5  6  | 7  8  9  | 1  2  3  |",
    "| 7  8  9  | 1  2  3  | 4  5  6  |",
    "| 2  1  4  | 3  6  5  | 8  9  7  |",
    "| 3  6  5  | 8  9  7  | 2  1  4  |",
    "| 8  9  7  | 2  1  4  | 3  6  5  |",
    "| 5  3  1  | 6  4  2  | 9  7  8  |",
    "| 6  4  2  | 9  7  8  | 5  3  1  |",
    "| 9  7  8  | 5  3  1  | 6  4  2  |",
]


def pm(rows: list[str]) -> str:
    border = ".----------.----------.----------."
    middle = ":----------+----------+----------:"
    bottom = "'----------'----------'----------'"
    return "\n".join([border, *rows[:3], middle, *rows[3:6], middle, *rows[6:], bottom]) + "\n"


def test_pm_grid_single_digits_are_givens_unless_a_peer_lists_them() -> None:
    rows = list(PM_ROWS)
    rows[0] = (
        "| 13 2  3  | 4  5  6  | 7  8  9  |"  # r1c1 unsolved {1,3}; r1c3's 3 is a lone candidate
    )
    record = only(pm(rows))
    assert record.puzzle.givens[0] == 0
    assert record.notes is not None and record.notes[0] == 0b101
    # r1c3 shows a single 3, but its peer r1c1 still lists 3: it is unsolved.
    assert record.puzzle.givens[2] == 0 and record.notes[2] == 0b100
    assert record.puzzle.givens[1] == 2


def test_pm_grid_with_a_short_row() -> None:
    rows = list(PM_ROWS)
    rows[4] = "| 36 6  5  | 8  9  7  | 2  1  |"
    (error,) = parse_text(pm(rows))
    assert isinstance(error, FormatError)
    assert str(error) == "line 7: found 8 cells in this row; a pencil-mark grid has 9"


@pytest.mark.parametrize("row", ["| 12 21 3 | 4 5 6 | 7 8 9 |", "| 12 0 3 | 4 5 6 | 7 8 9 |"])
def test_groups_that_are_no_candidates_mean_no_pm_grid(row: str) -> None:
    # Candidates are written as increasing digits 1-9; anything else is another format.
    rows = list(PM_ROWS)
    rows[1] = "| 45 5  6  | 7  8  9  | 1  2  3  |"
    assert looks_like_pm_grid(pm(rows).splitlines())
    rows[0] = row
    assert not looks_like_pm_grid(pm(rows).splitlines())
    # Without any group of candidates it is an ordinary decorated grid.
    assert not looks_like_pm_grid(pm(PM_ROWS).splitlines())
