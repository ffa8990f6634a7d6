"""Cell characters: which characters are digits, which mean "empty", and what to say if neither.

One policy for every text format:

- Digits are ``1-9`` then the letters ``A-P`` (either case) up to the grid's size;
  only ASCII counts (``str.isdigit()`` would accept ``'５'``).
- Empty is ``.``, ``0``, ``*``, ``-``, ``_`` or ``x`` (all seen in the wild).  Formats
  that use one of them as decoration remove it before cells are read.
- Grids of 10 or more use either ``1-9A..`` or ``0-9A..`` (16x16 files often hold
  ``0-F``).  ``0`` is read as a symbol (``0`` stands for 1, ``F`` for 16) when the
  ``1-9A..`` form is impossible: the grid's last symbol (``G`` for 16x16) is absent,
  ``0`` is present, and either another empty marker such as ``.`` is present or ``0``
  occurs no more than ``N`` times (a symbol can, an empty marker in a puzzle rarely does).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from ..errors import FormatError
from ..symbols import SYMBOLS, digit_of

EMPTY_MARKS = frozenset(".0*-_xX")
"""Characters that mean an empty cell (``0`` only while it is not a symbol)."""

_OTHER_EMPTY = EMPTY_MARKS - {"0"}

CELL_CHARS = frozenset("0123456789" + SYMBOLS + SYMBOLS.lower()) | EMPTY_MARKS
"""Every character that can stand for a cell in some grid size."""

_ZERO_BASED = {ch: i + 1 for i, ch in enumerate("0123456789ABCDEFGHIJKLMNO")}
_ZERO_BASED.update({ch.lower(): d for ch, d in list(_ZERO_BASED.items()) if ch.isalpha()})

Locate = Callable[[int], tuple[int | None, int | None]]
"""Maps a cell index to the (line, column) it was read from, for messages."""


def describe(char: str) -> str:
    """How a character is named in messages: ``'z'``, or the byte that was not UTF-8."""
    if "\udc80" <= char <= "\udcff":
        return f"byte 0x{ord(char) - 0xDC00:02x}, which is not UTF-8 text"
    return repr(char)


def unknown(char: str) -> str:
    """The reason for a character that is no cell of any grid."""
    if "\udc80" <= char <= "\udcff":
        return describe(char)
    return f"unknown character {char!r}"


def zero_is_symbol(chars: Sequence[str], size: int) -> bool:
    """Whether ``0`` is a symbol (``0-F`` style) rather than an empty cell here."""
    if size < 10:
        return False
    last = SYMBOLS[size - 1]
    zeros = 0
    other_empty = False
    for char in chars:
        if char == "0":
            zeros += 1
        elif char.upper() == last:
            return False
        elif char in _OTHER_EMPTY:
            other_empty = True
    return zeros > 0 and (other_empty or zeros <= size)


def read_digits(chars: Sequence[str], size: int, where: Locate) -> tuple[int, ...]:
    """The digits (``0`` empty) that ``chars`` stand for in a grid of ``size``.

    Raises :class:`FormatError` at the first character that is neither a digit of
    this size nor an empty mark, located with ``where``.
    """
    zero_based = zero_is_symbol(chars, size)
    table = _table(size, zero_based)
    digits = tuple([table.get(char, -1) for char in chars])
    if -1 in digits:
        cell = digits.index(-1)
        line, column = where(cell)
        raise FormatError(bad_symbol(chars[cell], size, zero_based), line=line, column=column)
    return digits


@functools.lru_cache(maxsize=64)
def _table(size: int, zero_based: bool) -> dict[str, int]:
    """Character -> digit (0 empty) for a grid of ``size``; anything else is no cell."""
    table = {char: 0 for char in EMPTY_MARKS}
    if zero_based:
        del table["0"]
        table.update({char: digit for char, digit in _ZERO_BASED.items() if digit <= size})
    else:
        for char in CELL_CHARS:
            digit = digit_of(char, size)
            if digit is not None:
                table[char] = digit
    return table


def bad_symbol(char: str, size: int, zero_based: bool = False) -> str:
    """Why ``char`` is no digit of a grid of ``size``."""
    if char not in CELL_CHARS:
        return unknown(char)
    alphabet = (
        f"0-{'0123456789ABCDEFGHIJKLMNO'[size - 1]}" if zero_based else f"1-{SYMBOLS[size - 1]}"
    )
    return f"{char!r} is not a digit of a {size}x{size} grid ({alphabet}, '.' for empty)"
