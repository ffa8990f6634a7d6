"""Test helpers for the formats package: the one record, or the one error, a text gives."""

from __future__ import annotations

from game.engine.errors import PuzzleError
from game.engine.formats import parse_text
from game.engine.puzzle import PuzzleRecord


def only(text: str) -> PuzzleRecord:
    """The single puzzle ``text`` holds (fails the test otherwise)."""
    (item,) = parse_text(text)
    assert isinstance(item, PuzzleRecord), item
    return item


def error_of(text: str) -> PuzzleError:
    """The error for ``text``, whether the whole text or its one puzzle is refused."""
    try:
        items = parse_text(text)
    except PuzzleError as error:
        return error
    (item,) = items
    assert isinstance(item, PuzzleError), item
    return item
