"""Plain-English pieces the technique explanations share: cell lists and removals.

Every explanation names cells the way players read them (``r4c7``) and lists
removals grouped by digit, so the wording is the same whichever technique speaks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..symbols import cell_name, symbol


def and_list(words: Sequence[str]) -> str:
    """``["a"]`` -> ``"a"``; ``["a", "b", "c"]`` -> ``"a, b and c"``."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" and {words[-1]}"


def or_list(words: Sequence[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b or c"``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" or {words[-1]}"


def cells_text(cells: Iterable[int], size: int) -> str:
    """The cells in reading order as ``r5c1, r5c2 and r5c3``."""
    return and_list([cell_name(cell, size) for cell in sorted(cells)])


def digits_text(digits: Iterable[int], joiner: str = "and") -> str:
    """The digits in increasing order as ``3, 5 and 7`` (or ``... or 7``)."""
    words = [symbol(d) for d in sorted(set(digits))]
    return and_list(words) if joiner == "and" else or_list(words)


def removal_text(eliminations: Iterable[tuple[int, int]], size: int) -> str:
    """``remove 7 from r5c7 and r5c9`` for a set of ``(cell, digit)`` eliminations.

    Digits that leave exactly the same cells are named together ("remove 3 and 5
    from r1c4"); groups are joined with semicolons, smallest digit first.
    """
    by_digit: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        by_digit.setdefault(digit, []).append(cell)
    groups: dict[tuple[int, ...], list[int]] = {}
    for digit in sorted(by_digit):
        groups.setdefault(tuple(sorted(set(by_digit[digit]))), []).append(digit)
    parts = [
        f"{digits_text(digits)} from {cells_text(cells, size)}" for cells, digits in groups.items()
    ]
    return "remove " + "; ".join(parts) if parts else ""


def plural(count: int, word: str) -> str:
    """``plural(1, "cell")`` -> ``"1 cell"``; ``plural(3, "cell")`` -> ``"3 cells"``."""
    return f"{count} {word}{'' if count == 1 else 's'}"
