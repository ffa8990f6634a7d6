"""Typed moves: lenient forms, strict meaning, messages for the status line."""

from __future__ import annotations

import pytest

from game.session.board.typed_moves import TypedMoveError, parse_typed_move


@pytest.mark.parametrize(
    "text", ["479", "4 7 9", "(4,7,9)", " 4, 7, 9 ", "r4c7 9", "r4c7=9", "[4 7 9]"]
)
def test_forms_of_the_same_move(text: str) -> None:
    assert parse_typed_move(text, 9) == (3 * 9 + 6, 9)


def test_sixteen_needs_separators_and_takes_letters() -> None:
    assert parse_typed_move("10 12 G", 16) == (9 * 16 + 11, 16)
    assert parse_typed_move("1 1 a", 16) == (0, 10)
    with pytest.raises(TypedMoveError):
        parse_typed_move("111", 16)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "Type a row"),
        ("47", "not a move"),
        ("0 7 9", "row must be"),
        ("4 10 9", "column must be"),
        ("4 7 x", "not a digit"),
        ("٤ 7 9", "row must be"),
    ],
)
def test_errors_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(TypedMoveError, match=words):
        parse_typed_move(text, 9)
