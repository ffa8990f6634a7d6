"""A plain-text killer format: a cage map, then the sums (the game's own design).

Example (a 4x4 killer)::

    # killer
    AABB
    CDDB
    CEEF
    GGHF
    A=3 B=8 C=7 D=7
    E=5 F=6 G=7 H=1
    givens: ....2...........

- The map: ``N`` rows of ``N`` cage labels (``N`` from 4 to 25; blanks between
  labels are allowed and ignored).  A label is any visible ASCII character but
  ``.`` (a cell in no cage), ``=``, ``,`` and ``#``; cells with the same label
  form one cage, which must be orthogonally connected and at most ``N`` cells.
  Labels are case-sensitive (``a`` and ``A`` are two cages).
- Then the sums: ``label=sum`` pairs, as many per line as wanted, separated by
  blanks or commas.  A cage without a sum is a cage whose digits do not repeat.
- Optionally a line ``givens:`` followed by the ``N*N`` cells in reading order
  (``1-9`` then ``A``... for larger grids; ``.`` or ``0`` empty).
- Blank lines and lines starting with ``#`` are skipped anywhere.

The grid has the classic boxes of its size.  A sum that cannot be made, a cage in
pieces, a label with a sum but no cells or a repeated sum are refused at their
line and column.  :func:`format_killer` writes this form back (labels ``A-Z``,
``a-z``, ``0-9``, then punctuation, in reading order of each cage's first cell).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import FormatError, InvalidPuzzleError
from ..puzzle import Puzzle, PuzzleRecord
from ..rules import Cage, Constraint
from ..shape import Shape
from ..symbols import digit_of, grid_string
from .variants import NotWritable, checked, variant_record

KIND = "killer cage map"

LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$%&()*+-/;<>?@[]^_{|}~"
"""Labels :func:`format_killer` uses, in order."""

_SUMS = re.compile(r"(?:[!-~]\s*=\s*[0-9]+[\s,]*)+")
_PAIR = re.compile(r"([!-~])\s*=\s*([0-9]+)")
_GIVENS = re.compile(r"givens\s*:\s*(\S*)\s*", re.I)
_NOT_LABELS = frozenset(".=,#")
_SNIFF_LINES = 80


def _content(lines: Sequence[str]) -> list[tuple[int, str]]:
    """The lines that count, numbered from 1: no blanks, no ``#`` comments."""
    return [
        (number, line.strip())
        for number, line in enumerate(lines, 1)
        if line.strip() and not line.strip().startswith("#")
    ]


def _is_sum_line(line: str) -> bool:
    return bool(_SUMS.fullmatch(line)) and line[0] not in _NOT_LABELS


def looks_like_killer(text: str) -> bool:
    """Whether ``text`` is a killer cage map: ``N`` rows of labels and sum lines."""
    lines = _content(text[:65536].splitlines()[: _SNIFF_LINES * 2])
    if not any(_is_sum_line(line) for _, line in lines):
        return False
    rows = [line for _, line in lines if not _is_sum_line(line) and not _GIVENS.fullmatch(line)]
    if not 4 <= len(rows) <= 25:
        return False
    return all(len("".join(row.split())) == len(rows) for row in rows)


def parse_killer(text: str) -> PuzzleRecord:
    """The puzzle of a killer cage map.

    :raises PuzzleError: located at the line (and column) of the problem.
    """
    lines = _content(text.splitlines())
    rows: list[tuple[int, str]] = []
    sums: list[tuple[int, str]] = []
    givens_line: tuple[int, str] | None = None
    for number, line in lines:
        if _is_sum_line(line):
            sums.append((number, line))
        elif _GIVENS.fullmatch(line):
            if givens_line is not None:
                raise FormatError("a second givens line", line=number)
            givens_line = (number, _GIVENS.fullmatch(line)[1])  # type: ignore[index]
        elif sums or givens_line:
            raise FormatError(
                "a map row after the sums: the map comes first", line=number, column=1
            )
        else:
            rows.append((number, line))
    n = len(rows)
    if not 4 <= n <= 25:
        raise FormatError(
            f"the cage map has {n} rows; it needs 4 to 25", line=rows[0][0] if rows else None
        )
    labels: list[str] = []
    for number, row in rows:
        cells = [(column, char) for column, char in enumerate(row, 1) if not char.isspace()]
        if len(cells) != n:
            raise FormatError(
                f"the row has {len(cells)} cage labels; the map needs {n}", line=number
            )
        for column, char in cells:
            if char in _NOT_LABELS - {"."} or not "!" <= char <= "~":
                raise FormatError(f"{char!r} cannot be a cage label", line=number, column=column)
            labels.append(char)
    totals: dict[str, int] = {}
    for number, line in sums:
        for match in _PAIR.finditer(line):
            label, total = match[1], int(match[2])
            if label in totals:
                raise FormatError(
                    f"cage {label} has a second sum", line=number, column=match.start() + 1
                )
            if label not in labels:
                raise FormatError(
                    f"no cage is labelled {label}", line=number, column=match.start() + 1
                )
            totals[label] = total
    givens = [0] * (n * n)
    if givens_line is not None:
        number, cells_text = givens_line
        if len(cells_text) != n * n:
            raise FormatError(
                f"the givens line has {len(cells_text)} cells; the grid has {n * n}", line=number
            )
        for cell, char in enumerate(cells_text):
            if char in ".0":
                continue
            digit = digit_of(char, n)
            if digit is None:
                raise FormatError(f"{char!r} is not a digit of a {n}x{n} grid", line=number)
            givens[cell] = digit
    members: dict[str, list[int]] = {}
    for cell, label in enumerate(labels):
        if label != ".":
            members.setdefault(label, []).append(cell)
    constraints: list[Constraint] = []
    for label, members_of in members.items():
        cage = Cage(tuple(members_of), totals.get(label))
        try:
            constraints.append(checked(cage, n, f"cage {label}"))
        except InvalidPuzzleError as error:
            error.line = rows[members_of[0] // n][0]
            raise
    try:
        shape = Shape.classic(n)
    except InvalidPuzzleError as error:
        raise InvalidPuzzleError(error.reason, line=rows[0][0]) from None
    return variant_record(shape, givens, constraints, line=rows[0][0])


def format_killer(puzzle: Puzzle) -> str:
    """The killer cage map of ``puzzle``: map rows, sum lines, a givens line if any.

    :raises NotWritable: for jigsaw grids, rules other than cages, overlapping
        cages, or more cages than :data:`LABELS`.
    """
    n = puzzle.size
    if puzzle.shape.box is None:
        raise NotWritable("the killer cage map holds classic grids only")
    cages = [rule for rule in puzzle.constraints if isinstance(rule, Cage)]
    if len(cages) != len(puzzle.constraints):
        raise NotWritable("the killer cage map holds cages only")
    if len(cages) > len(LABELS):
        raise NotWritable(f"the killer cage map holds at most {len(LABELS)} cages")
    grid = ["."] * (n * n)
    order = sorted(cages, key=lambda cage: min(cage.members))
    lines = []
    for label, cage in zip(LABELS, order, strict=False):
        for cell in cage.members:
            if grid[cell] != ".":
                raise NotWritable("two cages share a cell")
            grid[cell] = label
    for row in range(n):
        lines.append("".join(grid[row * n : row * n + n]))
    pairs = [
        f"{label}={cage.total}"
        for label, cage in zip(LABELS, order, strict=False)
        if cage.total is not None
    ]
    for start in range(0, len(pairs), n):
        lines.append(" ".join(pairs[start : start + n]))
    if any(puzzle.givens):
        lines.append("givens: " + grid_string(puzzle.givens))
    return "\n".join(lines) + "\n"
