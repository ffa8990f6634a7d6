"""Almost locked sets told and drawn: set names, outlines and candidate roles.

Every ALS technique names its sets the same way ("set A: r3c7 and r3c9, holding
3, 6 and 8"), outlines each as an :class:`Area` of kind ``ALS`` with the same
letter, and colours the candidates by what they do: the restricted commons that
join sets (``PIVOT``), the digit the step is about (``PINCER``), the other digits
of a set (``PATTERN``) and the candidates removed (``OFF``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..symbols import symbol
from .als import Als, digit_list
from .grid import CandidateGrid, cells_of
from .step import Area, AreaKind, Mark, Role
from .wording import and_list, cells_text


def label(position: int) -> str:
    """``A``, ``B``, ... for the sets of one step, in the order the explanation meets them."""
    return chr(ord("A") + position) if position < 26 else f"S{position + 1}"


def digits_word(mask: int) -> str:
    """``3, 6 and 8`` for a digit mask."""
    return and_list([symbol(d) for d in digit_list(mask)])


def set_text(als: Als, position: int, size: int) -> str:
    """``set A (r3c7 and r3c9, holding 3, 6 and 8)``; a single cell reads ``r3c7 (3 or 8)``."""
    if als.size == 1:
        cell = next(cells_of(als.cells))
        options = " or ".join(symbol(d) for d in digit_list(als.digits))
        return f"set {label(position)} ({cells_text([cell], size)}, {options})"
    return (
        f"set {label(position)} ({cells_text(cells_of(als.cells), size)}, "
        f"holding {digits_word(als.digits)})"
    )


def als_areas(sets: Sequence[Als]) -> tuple[Area, ...]:
    """An ``ALS`` area per set, indexed and lettered in order."""
    return tuple(
        Area(tuple(cells_of(als.cells)), AreaKind.ALS, i, als.digits, label(i))
        for i, als in enumerate(sets)
    )


def als_marks(
    grid: CandidateGrid,
    sets: Iterable[Als],
    links: int,
    focus: int,
    eliminations: Iterable[tuple[int, int]],
) -> tuple[Mark, ...]:
    """Candidate marks: ``links`` digits as PIVOT, ``focus`` digits as PINCER, the rest PATTERN.

    The removed candidates are marked OFF.  A cell in two sets is marked once.
    """
    marks: dict[tuple[int, int], Role] = {}
    for als in sets:
        for cell in cells_of(als.cells):
            for digit in digit_list(grid.cands[cell]):
                bit = 1 << (digit - 1)
                role = Role.PIVOT if links & bit else Role.PINCER if focus & bit else Role.PATTERN
                marks.setdefault((cell, digit), role)
    for cell, digit in eliminations:
        marks[(cell, digit)] = Role.OFF
    return tuple(Mark(cell, digit, role) for (cell, digit), role in marks.items())


def eliminations_of(targets: int, digit: int) -> tuple[tuple[int, int], ...]:
    """``(cell, digit)`` for every cell of the bitset ``targets``."""
    return tuple((cell, digit) for cell in cells_of(targets))
