"""Typed moves: ``479``, ``4 7 9``, ``(4,7,9)`` or ``r4c7 9`` put 9 at r4c7.

Lenient on input (brackets, commas, spaces, ``=``), strict on meaning: rows and
columns are 1-based ASCII numbers within the grid and the digit is a symbol of
the grid (letters above 9).  Errors are sentences for the status line.
"""

from __future__ import annotations

import re

from ...engine.symbols import digit_of

_CELL_FORM = re.compile(r"r([0-9]{1,2})\s*c([0-9]{1,2})\s*[=:\s]?\s*([0-9A-Za-z])")


class TypedMoveError(ValueError):
    """The text is not a move on this grid; the message says why."""


def parse_typed_move(text: str, size: int) -> tuple[int, int]:
    """(cell, digit) for ``text`` on a grid of ``size``; raises TypedMoveError."""
    cleaned = text.strip().lower().strip("()[]{} ")
    if not cleaned:
        raise TypedMoveError("Type a row, a column and a digit, e.g. 4 7 9.")
    match = _CELL_FORM.fullmatch(cleaned)
    if match:
        parts = list(match.groups())
    else:
        parts = [p for p in re.split(r"[\s,;=]+", cleaned) if p]
        if len(parts) == 1 and len(parts[0]) == 3 and size <= 9:
            parts = list(parts[0])
    if len(parts) != 3:
        raise TypedMoveError(f"“{text.strip()}” is not a move: type row, column and digit.")
    row = _number(parts[0], size, "row")
    column = _number(parts[1], size, "column")
    digit = digit_of(parts[2], size)
    if digit is None:
        raise TypedMoveError(f"“{parts[2]}” is not a digit of a {size}×{size} grid.")
    return (row - 1) * size + column - 1, digit


def _number(part: str, size: int, what: str) -> int:
    # ASCII only: str.isdigit() would also accept other scripts' digits.
    if not re.fullmatch(r"[0-9]{1,2}", part) or not 1 <= int(part) <= size:
        raise TypedMoveError(f"The {what} must be a number from 1 to {size}, not “{part}”.")
    return int(part)
