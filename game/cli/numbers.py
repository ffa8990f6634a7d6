"""The one reading of a number on the command line: ASCII digits, nothing else.

Every integer option (``--limit``, ``--puzzle``, ``--size``, ``--count``,
``--seed``, the game's ``--size WxH``) goes through :func:`whole_number`, so they
all accept the same spellings.  ``int()`` alone would also take ``+1``, ``1_0``,
`` 7 `` and the digits of other scripts (``٣``, ``３``): written by accident, say
by a keyboard in another layout, they would be read as a number the person
may not have meant, where one flag took them and another refused them.
Leading zeros are harmless and allowed.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

MAX_DIGITS = 19
"""Longest number read (2**63 - 1 has 19 digits); longer text is refused before
``int()`` spends time on it."""


def parse_whole(text: str) -> int | None:
    """``text`` as a whole number if it is written in ASCII digits only, else None."""
    if not text or len(text) > MAX_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number in ASCII digits from ``low`` to ``high``.

    ``high`` None means no bound but :data:`MAX_DIGITS`.  The error names the
    range and repeats (the start of) what was given.
    """

    def parse(text: str) -> int:
        value = parse_whole(text)
        if value is None or value < low or (high is not None and value > high):
            wanted = f"from {low:,} to {high:,}" if high is not None else f"of {low:,} or more"
            raise argparse.ArgumentTypeError(
                f"expected a whole number {wanted} in digits 0-9, not {text[:24]!r}"
            )
        return value

    return parse
