"""Names for "Save as": what works on Windows, macOS and Linux, with clear refusals."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.session.keep.filenames import MAX_CHARS, validate_save_name


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Evening game", "Evening game.sudoku"),
        ("evening.sudoku", "evening.sudoku"),
        ("Loud.SUDOKU", "Loud.SUDOKU"),
        ("dots.in.name", "dots.in.name.sudoku"),
        ("数独 ü 🧩", "数独 ü 🧩.sudoku"),
        (" leading space", " leading space.sudoku"),
        ("console", "console.sudoku"),  # only the exact device names are reserved
        ("COM10", "COM10.sudoku"),
        ("x" * MAX_CHARS, "x" * MAX_CHARS + ".sudoku"),
    ],
)
def test_good_names_get_the_extension(text: str, name: str) -> None:
    result = validate_save_name(text)
    assert result.ok and result.name == name and result.message == ""


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "Type a name"),
        ("   ", "Type a name"),
        ("x" * (MAX_CHARS + 1), f"101 characters long; use at most {MAX_CHARS}"),
        ("🧩" * 70, "too long for a file name"),  # 70 characters, 280 bytes
        ("a/b", "cannot contain /"),
        ("a\\b", "cannot contain \\"),
        ('what? "now" <x>|y:z*', 'cannot contain " * : < > ? |'),
        ("tab\there", "control characters"),
        ("line\nbreak", "control characters"),
        ("trailing dot.", "cannot end with a dot or a space"),
        ("trailing space ", "cannot end with a dot or a space"),
        (".", "is not a file name"),
        ("..", "is not a file name"),
        (".sudoku", "Type a name before .sudoku"),
        ("CON", "CON is a reserved device name"),
        ("con.sudoku", "CON is a reserved device name"),
        ("Nul.txt", "NUL is a reserved device name"),
        ("lpt9", "LPT9 is a reserved"),
        ("COM1.backup.sudoku", "COM1 is a reserved"),
        ("aux ", "cannot end with a dot or a space"),
    ],
)
def test_bad_names_say_what_to_change(text: str, words: str) -> None:
    result = validate_save_name(text)
    assert not result.ok and result.name == "" and result.path is None
    assert words in result.message


def test_with_a_folder_it_gives_the_path_and_whether_it_exists(tmp_path: Path) -> None:
    first = validate_save_name("mine", tmp_path)
    assert first.path == tmp_path / "mine.sudoku" and not first.exists
    (tmp_path / "mine.sudoku").write_text("{}")
    assert validate_save_name("mine", tmp_path).exists


@given(st.text(max_size=120))
def test_every_accepted_name_can_be_created(text: str) -> None:
    result = validate_save_name(text)
    if result.ok:
        assert result.name.endswith((".sudoku", ".SUDOKU")) or result.name.lower().endswith(
            ".sudoku"
        )
        assert "/" not in result.name and "\x00" not in result.name
        assert len(result.name.encode("utf-8")) <= 255
    else:
        assert result.message.endswith(".")
