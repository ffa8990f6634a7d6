"""How digits and cells are written for people: ``1-9`` then ``A, B, ...``, and ``r4c7``.

Only ASCII ``0-9`` and ``A-Z`` are symbols: ``str.isdigit()`` and ``int()`` also accept
digits of other scripts (``'５'``), so file text never goes through them.
"""

from __future__ import annotations

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
"""Symbol of digit ``d`` is ``SYMBOLS[d - 1]``; enough for the largest size, 25."""

EMPTY = "."
"""How an empty cell is written in every canonical form."""

_CHARACTERS = EMPTY + SYMBOLS  # by digit, 0 (empty) first
_TO_TEXT = _CHARACTERS.encode("ascii").ljust(256, b"\xff")  # by byte: a digit's symbol
_DIGIT_OF = {ch: i + 1 for i, ch in enumerate(SYMBOLS)}
_DIGIT_OF.update({ch.lower(): d for ch, d in list(_DIGIT_OF.items()) if ch.isalpha()})


def symbol(digit: int) -> str:
    """The character for ``digit`` (``0`` is written as ``.``)."""
    return SYMBOLS[digit - 1] if digit else EMPTY


def digit_of(char: str, size: int) -> int | None:
    """The digit ``char`` stands for in a grid of ``size``, or None if it is no digit.

    Letters are case-insensitive. ``'0'`` is not a digit here: callers decide
    whether it means empty (most formats) or a symbol (``0-F`` 16x16 files).
    """
    digit = _DIGIT_OF.get(char)
    if digit is None or digit > size:
        return None
    return digit


def grid_string(grid: tuple[int, ...] | list[int]) -> str:
    """One line, one character per cell, ``.`` for empty."""
    # Through bytes: four times faster than joining characters, for `solve --json`
    # on collections of 150,000 puzzles.  A digit with no symbol becomes a byte
    # that is not ASCII, so decoding refuses it with a ValueError.
    return bytes(grid).translate(_TO_TEXT).decode("ascii")


def cell_name(cell: int, size: int) -> str:
    """The 1-based name players read, e.g. ``r4c7``."""
    row, column = divmod(cell, size)
    return f"r{row + 1}c{column + 1}"


def digits_text(mask: int) -> str:
    """A digit set as text, e.g. ``{2,7}`` -> ``"27"`` (symbols for digits above 9)."""
    return "".join(SYMBOLS[d] for d in range(mask.bit_length()) if mask >> d & 1)


def a_symbol(digit: int) -> str:
    """The digit with its English article: ``"a 5"``, ``"an 8"``, ``"an F"``."""
    text = symbol(digit)
    return f"{'an' if text in _AN_SOUNDS else 'a'} {text}"


_AN_SOUNDS = frozenset("8AEFHILMNORSX")
