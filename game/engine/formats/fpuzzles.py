"""f-puzzles JSON, the interchange format of variant Sudoku, read and written.

An f-puzzles puzzle is a JSON object: ``size``, ``grid`` (``size`` rows of cell
objects ``{value, given, region}``), ``title``, ``author``, ``ruleset``, global
booleans (``diagonal+``, ``diagonal-``, ``antiknight``, ``antiking``,
``disjointgroups``, ``nonconsecutive``), ``negative`` (``["ratio", "difference",
"xv"]``: every dot or XV mark is given) and one array per constraint type
(:data:`READERS`).  Cells are 1-based ``"R1C1"``; a clue outside the grid (little
killer, sandwich) sits on row or column ``0`` or ``size + 1``.  It travels as a
``.json`` file or inside ``https://f-puzzles.com/?load=<lz-string base64>``
(:func:`load_payload`) and SudokuPad's ``fpuzzles…`` links.

Reading policy (the conventions of f-puzzles and of rangsk's solvers, which read
this format):

- A grid cell's ``value`` with ``given: true`` is a clue; without it, the
  player's entry.  ``region`` (0-based) overrides the default box; ``null``
  (a cell in no region) is refused, as is a non-empty ``givenPencilMarks``.
- A little killer, sandwich or killer cage with an empty value carries no sum
  (the cage stays a no-repeat cage; the others are dropped: f-puzzles draws
  them without a rule).  A value that is not a whole number is refused.
- Kropki: ``difference`` dots must have difference 1 and ``ratio`` dots ratio 2
  (other values are refused).  ``nonconsecutive`` or ``negative: ["difference"]``
  make every unmarked neighbour pair non-consecutive; pairs with any dot, white
  or black, are exempt.  ``negative: ["ratio"]`` does the same for ratio 2, and
  ``negative: ["xv"]`` for sums 5 and 10 (pairs with an X or V are exempt).
- Arrows: the bulb is ``cells`` in the order listed (a pill reads as a number);
  each line of ``lines`` is one arrow, its shaft the line without bulb cells.
  Whispers differ by ``value`` (default ``ceil(size / 2)``: German whispers).
- Cosmetic keys (:data:`DRAWN`: ``line``, ``rectangle``, ``circle``, ``text``,
  ``cage``, cell colours) carry no rule in f-puzzles: they are ignored, and the
  record's ``extra["drawn"]`` says what was left out ("4 lines, 1 text"), since a
  setter sometimes states a rule only in a drawing.  Solver settings and
  metadata (:data:`META`) are ignored; ``title``, ``author`` and ``ruleset``
  become the record's title and ``extra`` fields.
- Any other key with content (``xsum``, ``skyscraper``, ``fogofwar``, ...) is
  refused with a message naming it: a rule the game does not know is never
  silently dropped.  Keys whose value is empty (``[]``, ``false``, ``null``) are
  ignored.

Errors are :class:`~game.engine.errors.FormatError` (wrong JSON or shape) or
:class:`~game.engine.errors.InvalidPuzzleError` (a rule that cannot hold), their
reason starting with the field: ``killercage[3].cells[1]: "R10C1" is outside the
9x9 grid``.

Writing (:func:`to_fpuzzles`, :func:`format_fpuzzles`, :func:`fpuzzles_link`) is
canonical: compact JSON, keys in a fixed order, every constraint the format can
hold; a puzzle it cannot hold raises :class:`~.variants.NotWritable`.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..errors import FormatError, InvalidPuzzleError
from ..puzzle import Puzzle, PuzzleRecord
from ..rules import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    Between,
    Cage,
    Clone,
    Constraint,
    Diagonal,
    DisjointGroups,
    ExtraRegion,
    Extreme,
    Kropki,
    LittleKiller,
    Negative,
    NonConsecutive,
    Palindrome,
    Parity,
    Quadruple,
    Renban,
    Sandwich,
    Thermometer,
    Whisper,
)
from ..shape import Shape
from .lzstring import LZStringError, compress_to_base64, decompress_from_base64
from .variants import NotWritable, checked, need, plural, variant_record

KIND = "f-puzzles JSON"
LINK = "https://f-puzzles.com/?load="

META = frozenset(
    {
        "size",
        "grid",
        "title",
        "author",
        "ruleset",
        "solution",
        "disabledlogic",
        "truecandidatesoptions",
        "highlightConflicts",
        "metadata",
    }
)
"""Keys that say nothing about the rules (solver settings, texts, the solution)."""

DRAWN = ("line", "rectangle", "circle", "text", "cage")
"""f-puzzles' cosmetic tools: drawings with no rule of their own."""

_CELL = re.compile(r"[Rr]([0-9]{1,3})[Cc]([0-9]{1,3})")
_NUMBER = re.compile(r"-?[0-9]{1,6}")
_DIRECTIONS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}
_GLOBALS = ("diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "nonconsecutive")
_NEGATIVES = ("ratio", "difference", "xv")


def looks_like_fpuzzles(data: object) -> bool:
    """Whether a parsed JSON value is meant as an f-puzzles puzzle (an object with a
    ``grid`` or a ``size``)."""
    return isinstance(data, dict) and ("grid" in data or "size" in data)


def load_payload(payload: str) -> str:
    """The JSON text inside an f-puzzles ``?load=`` payload (lz-string base64).

    :raises FormatError: when it is not lz-string base64 data.
    """
    try:
        return decompress_from_base64(payload)
    except LZStringError as error:
        raise FormatError(f"the f-puzzles data is broken: {error}") from None


def parse_json_text(text: str, *, line: int | None = None, index: int = 0) -> PuzzleRecord:
    """The puzzle of an f-puzzles JSON text (a ``.json`` file or a decoded link).

    :raises PuzzleError: located at the JSON syntax error, or naming the field.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        if line is None:
            raise FormatError(
                f"not valid JSON: {error.msg}", line=error.lineno, column=error.colno
            ) from None
        raise FormatError(f"the f-puzzles data is not valid JSON: {error.msg}", line=line) from None
    except RecursionError:
        raise FormatError("the JSON is nested too deeply", line=line) from None
    return parse_fpuzzles(data, line=line, index=index)


def parse_fpuzzles(data: object, *, line: int | None = None, index: int = 0) -> PuzzleRecord:
    """The puzzle of a parsed f-puzzles object; errors carry ``line``."""
    try:
        return _Reader(data).record(line, index)
    except (FormatError, InvalidPuzzleError) as error:
        error.line = error.line if error.line is not None else line
        raise


# -- reading --------------------------------------------------------------------


class _Reader:
    """One f-puzzles object being read; methods raise located errors."""

    def __init__(self, data: object) -> None:
        need(isinstance(data, dict), "", "an f-puzzles puzzle is a JSON object")
        assert isinstance(data, dict)
        self.data: dict[str, Any] = data
        size = data.get("size")
        need(
            isinstance(size, int) and not isinstance(size, bool),
            "size",
            f"{_shown(size)} is not a grid size",
        )
        assert isinstance(size, int)
        need(4 <= size <= 25, "size", f"a {size}x{size} grid is not supported (sizes 4 to 25)")
        self.size = size

    # -- values ---------------------------------------------------------------------

    def cell(self, value: object, where: str, *, outside: bool = False) -> tuple[int, int]:
        """The 0-based (row, column) of ``"R1C1"``; ``outside`` allows the ring
        around the grid (rows and columns ``0`` and ``size + 1``)."""
        match = _CELL.fullmatch(value) if isinstance(value, str) else None
        need(match is not None, where, f'{_shown(value)} is not a cell like "R1C1"')
        assert match is not None
        row, column = int(match[1]) - 1, int(match[2]) - 1
        low, high = (-1, self.size) if outside else (0, self.size - 1)
        if not (low <= row <= high and low <= column <= high):
            raise InvalidPuzzleError(
                f"{where}: {_shown(value)} is outside the {self.size}x{self.size} grid"
            )
        return row, column

    def index(self, value: object, where: str) -> int:
        row, column = self.cell(value, where)
        return row * self.size + column

    def cells(self, entry: dict[str, Any], where: str, key: str = "cells") -> tuple[int, ...]:
        value = entry.get(key)
        need(isinstance(value, list) and value != [], f"{where}.{key}", "needs a list of cells")
        assert isinstance(value, list)
        return tuple(self.index(item, f"{where}.{key}[{k}]") for k, item in enumerate(value))

    def lines(self, entry: dict[str, Any], where: str) -> list[tuple[int, ...]]:
        value = entry.get("lines")
        need(isinstance(value, list) and value != [], f"{where}.lines", "needs a list of lines")
        assert isinstance(value, list)
        found = []
        for k, line in enumerate(value):
            here = f"{where}.lines[{k}]"
            need(isinstance(line, list) and line != [], here, "a line is a list of cells")
            found.append(tuple(self.index(item, f"{here}[{j}]") for j, item in enumerate(line)))
        return found

    def number(self, entry: dict[str, Any], where: str, key: str = "value") -> int | None:
        """A whole number written as a number or a string; None when empty or absent."""
        value = entry.get(key)
        if value is None or value == "":
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
            return int(value.strip())
        raise FormatError(f"{where}.{key}: {_shown(value)} is not a whole number")

    def entries(self, key: str) -> Iterator[tuple[str, dict[str, Any]]]:
        value = self.data.get(key)
        if value is None:
            return
        need(isinstance(value, list), key, "needs a list")
        assert isinstance(value, list)
        for k, entry in enumerate(value):
            where = f"{key}[{k}]"
            need(isinstance(entry, dict), where, "needs an object")
            yield where, entry

    # -- the puzzle -----------------------------------------------------------------

    def record(self, line: int | None, index: int) -> PuzzleRecord:
        shape, givens, entries = self.grid()
        constraints: list[Constraint] = []
        for key in self.data:
            if key in META or key in DRAWN or key in READERS or key in _GLOBALS:
                continue
            if key == "negative":
                continue
            if _empty(self.data[key]):
                continue
            raise FormatError(
                f"{key}: this game does not know the f-puzzles constraint {key!r}, "
                "so it cannot play the puzzle"
            )
        for key in _GLOBALS:
            value = self.data.get(key)
            need(value is None or isinstance(value, bool), key, "needs true or false")
        if self.data.get("diagonal+"):
            constraints.append(Diagonal.of(self.size, anti=True))
        if self.data.get("diagonal-"):
            constraints.append(Diagonal.of(self.size))
        if self.data.get("antiknight"):
            constraints.append(AntiKnight())
        if self.data.get("antiking"):
            constraints.append(AntiKing())
        if self.data.get("disjointgroups"):
            box = _default_box(self.size)
            need(box[0] > 1, "disjointgroups", f"a {self.size}x{self.size} grid has no boxes")
            constraints.append(DisjointGroups.of(self.size, *box))
        for key, read in READERS.items():
            for where, entry in self.entries(key):
                for rule in read(self, entry, where):
                    constraints.append(checked(rule, self.size, where))
        constraints.extend(self.negative_rules(constraints))
        extra = {
            "author": _text(self.data.get("author")),
            "rules": " ".join(_text(self.data.get("ruleset")).split()),
            "drawn": self.drawn(),
            "solution": self.solution(),
        }
        return variant_record(
            shape,
            givens,
            constraints,
            entries=entries,
            title=_text(self.data.get("title")),
            extra=extra,
            line=line,
            index=index,
        )

    def grid(self) -> tuple[Shape, list[int], list[int]]:
        n = self.size
        rows = self.data.get("grid")
        need(isinstance(rows, list) and len(rows) == n, "grid", f"needs {n} rows")
        assert isinstance(rows, list)
        givens = [0] * (n * n)
        entries = [0] * (n * n)
        labels: list[int] = []
        custom = False
        box_rows, box_columns = _default_box(n)
        for r, row in enumerate(rows):
            need(isinstance(row, list) and len(row) == n, f"grid[{r}]", f"needs {n} cells")
            assert isinstance(row, list)
            for c, cell in enumerate(row):
                where = f"grid[{r}][{c}]"
                need(isinstance(cell, dict), where, "needs an object")
                assert isinstance(cell, dict)
                digit = self.number(cell, where)
                if digit:  # 0 is written for an empty cell too
                    need(1 <= digit <= n, f"{where}.value", f"{digit} is outside 1-{n}")
                    if cell.get("given") is True:
                        givens[r * n + c] = digit
                    else:
                        entries[r * n + c] = digit
                marks = cell.get("givenPencilMarks")
                need(
                    _empty(marks),
                    f"{where}.givenPencilMarks",
                    "given pencil marks (digits a cell is limited to) are not supported",
                )
                if "region" in cell:
                    region = cell["region"]
                    need(
                        region is not None,
                        f"{where}.region",
                        "a cell in no region cannot be played here",
                    )
                    need(
                        isinstance(region, int) and not isinstance(region, bool),
                        f"{where}.region",
                        f"{_shown(region)} is not a region number",
                    )
                    labels.append(region)
                    custom = True
                else:
                    # f-puzzles numbers default boxes as regions: region 3 is box 3.
                    labels.append((r // box_rows) * box_rows + c // box_columns)
        try:
            if not custom and box_rows > 1:
                shape = Shape.classic(n)
            else:
                shape = Shape.from_regions(labels, n, connected=False)
        except InvalidPuzzleError as error:
            raise InvalidPuzzleError(f"grid: {error.reason}") from None
        return shape, givens, entries

    def negative_rules(self, rules: Sequence[Constraint]) -> list[Constraint]:
        """The negative rules of dots and XV, decided once every mark is known."""
        negative = self.data.get("negative")
        if negative is None:
            negative = []
        need(isinstance(negative, list), "negative", "needs a list of names")
        assert isinstance(negative, list)
        for k, name in enumerate(negative):
            need(
                name in _NEGATIVES,
                f"negative[{k}]",
                f"the negative rule of {_shown(name)} is not supported "
                f"(only {', '.join(_NEGATIVES)})",
            )
        dots = frozenset(_pair(r.first, r.second) for r in rules if isinstance(r, Kropki))
        marks = frozenset(_pair(r.first, r.second) for r in rules if isinstance(r, XV))
        white = "difference" in negative or self.data.get("nonconsecutive") is True
        black = "ratio" in negative
        found: list[Constraint] = []
        if white and black:
            found.append(Negative("kropki", dots))
        elif white and "difference" not in negative and not dots:
            found.append(NonConsecutive())  # the plain global rule: no dot to exempt
        elif white:
            found.append(Negative("white", dots))
        elif black:
            found.append(Negative("black", dots))
        if "xv" in negative:
            found.append(Negative("xv", marks))
        return found

    def drawn(self) -> str:
        """What the puzzle draws without a rule, for the record: ``"4 lines, 1 text"``."""
        parts = []
        for key in DRAWN:
            value = self.data.get(key)
            if isinstance(value, list) and value:
                parts.append(plural(len(value), key))
        rows = self.data.get("grid")
        coloured = 0
        if isinstance(rows, list):
            for row in rows:
                if isinstance(row, list):
                    coloured += sum(
                        1
                        for cell in row
                        if isinstance(cell, dict) and (cell.get("c") or cell.get("cArray"))
                    )
        if coloured:
            parts.append(plural(coloured, "coloured cell"))
        return ", ".join(parts)

    def solution(self) -> str:
        value = self.data.get("solution")
        n = self.size
        if isinstance(value, str):
            value = list(value.split(",") if "," in value else value)
        if not isinstance(value, list) or len(value) != n * n:
            return ""
        digits = []
        for item in value:
            number = item if isinstance(item, int) and not isinstance(item, bool) else None
            if isinstance(item, str) and item.isascii() and item.isdigit():
                number = int(item)
            if number is None or not 1 <= number <= n:
                return ""
            digits.append(number)
        from ..symbols import grid_string

        return grid_string(digits)


def _default_box(size: int) -> tuple[int, int]:
    """f-puzzles' default region: ``h`` rows by ``size / h`` columns, ``h`` the largest
    divisor of ``size`` up to its square root (``1`` for a prime: rows are regions)."""
    height = math.isqrt(size)
    while height > 1 and size % height:
        height -= 1
    return max(height, 1), size // max(height, 1)


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _empty(value: object) -> bool:
    return value is None or value is False or value == [] or value == {} or value == ""


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _shown(value: object) -> str:
    """A JSON value in a message, short: ``"R10C1"``, ``12``, ``[...]``."""
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "an object"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


# -- one reader per constraint key -------------------------------------------------

Read = Callable[[_Reader, dict[str, Any], str], list[Constraint]]


def _killer(reader: _Reader, entry: dict[str, Any], where: str) -> list[Constraint]:
    return [Cage(reader.cells(entry, where), reader.number(entry, where))]


def _ray(reader: _Reader, entry: dict[str, Any], where: str) -> tuple[int, ...]:
    """The cells a little killer clue points along, from its cell and direction."""
    n = reader.size
    row, column = reader.cell(entry.get("cell"), f"{where}.cell", outside=True)
    direction = entry.get("direction")
    need(
        direction in _DIRECTIONS,
        f"{where}.direction",
        f"{_shown(direction)} is not one of UL, UR, DL, DR",
    )
    assert isinstance(direction, str)
    inside = 0 <= row < n and 0 <= column < n
    need(not inside, f"{where}.cell", "a little killer clue sits outside the grid")
    dr, dc = _DIRECTIONS[direction]
    cells = []
    row, column = row + dr, column + dc
    while 0 <= row < n and 0 <= column < n:
        cells.append(row * n + column)
        row, column = row + dr, column + dc
    if not cells:
        raise InvalidPuzzleError(f"{where}: the little killer arrow points away from the grid")
    return tuple(cells)


def _little_killer(reader: _Reader, entry: dict[str, Any], where: str) -> list[Constraint]:
    cells = _ray(reader, entry, where)
    total = reader.number(entry, where)
    if not total:
        return []  # an arrow without a number: drawn, no rule
    return [LittleKiller(cells, total)]


def _sandwich(reader: _Reader, entry: dict[str, Any], where: str) -> list[Constraint]:
    n = reader.size
    row, column = reader.cell(entry.get("cell"), f"{where}.cell", outside=True)
    total = reader.number(entry, where)
    if total is None:
        return []
    if row in (-1, n) and 0 <= column < n:
        return [Sandwich(tuple(r * n + column for r in range(n)), total)]
    if column in (-1, n) and 0 <= row < n:
        return [Sandwich(tuple(row * n + c for c in range(n)), total)]
    raise InvalidPuzzleError(f"{where}.cell: a sandwich clue sits beside a row or column")


def _arrow(reader: _Reader, entry: dict[str, Any], where: str) -> list[Constraint]:
    bulb = reader.cells(entry, where)
    found: list[Constraint] = []
    for k, line in enumerate(reader.lines(entry, where)):
        shaft = tuple(cell for cell in line if cell not in bulb)
        need(bool(shaft), f"{where}.lines[{k}]", "an arrow needs a shaft outside its bulb")
        found.append(Arrow(bulb, shaft))
    return found


def _lines(kind: Callable[[tuple[int, ...]], Constraint]) -> Read:
    def read(reader: _Reader, entry: dict[str, Any], where: str) -> list[Constraint]:
        return [kind(line) for line in reader.lines(entry, where)]

    return read


def _whispers(reader: _Reader, entry: dict[str, Any], where: str) -> list[Constraint]:
    gap = reader.number(entry, where)
    if gap is None:
        gap = (reader.size + 1) // 2
    need(1 <= gap < reader.size, f"{where}.value", f"a whisper gap of {gap} is impossible")
    return [Whisper(line, gap) for line in reader.lines(entry, where)]


def _pair_cells(reader: _Reader, entry: dict[str, Any], where: str) -> tuple[int, int]:
    cells = reader.cells(entry, where)
    need(len(cells) == 2, f"{where}.cells", "a mark between cells names two cells")
    return cells[0], cells[1]


def _dot(black: bool) -> Read:
    def read(reader: _Reader, entry: dict[str, Any], where: str) -> list[Constraint]:
        first, second = _pair_cells(reader, entry, where)
        value = reader.number(entry, where)
        usual = 2 if black else 1
        if value is not None and value != usual:
            what = "ratio" if black else "difference"
            raise FormatError(
                f"{where}.value: a {what} dot of {value} is not supported "
                f"(only the kropki {what} of {usual})"
            )
        return [Kropki(first, second, black)]

    return read


def _xv(reader: _Reader, entry: dict[str, Any], where: str) -> list[Constraint]:
    first, second = _pair_cells(reader, entry, where)
    value = entry.get("value")
    letter = value.strip().upper() if isinstance(value, str) else value
    need(letter in ("X", "V"), f"{where}.value", f"{_shown(value)} is not X or V")
    return [XV(first, second, 10 if letter == "X" else 5)]


def _single(kind: Callable[[int], Constraint]) -> Read:
    def read(reader: _Reader, entry: dict[str, Any], where: str) -> list[Constraint]:
        return [kind(reader.index(entry.get("cell"), f"{where}.cell"))]

    return read


def _extreme(maximum: bool) -> Read:
    # A cell is compared only with neighbours that are not of its own kind.
    key = "maximum" if maximum else "minimum"

    def read(reader: _Reader, entry: dict[str, Any], where: str) -> list[Constraint]:
        others = frozenset(
            reader.index(other.get("cell"), f"{key}[{k}].cell")
            for k, other in enumerate(reader.data[key])
            if isinstance(other, dict)
        )
        cell = reader.index(entry.get("cell"), f"{where}.cell")
        return [Extreme(cell, maximum, _neighbours(cell, reader.size) & others)]

    return read


def _neighbours(cell: int, n: int) -> frozenset[int]:
    r, c = divmod(cell, n)
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return frozenset(nr * n + nc for nr, nc in steps if 0 <= nr < n and 0 <= nc < n)


def _extra_region(reader: _Reader, entry: dict[str, Any], where: str) -> list[Constraint]:
    return [ExtraRegion(reader.cells(entry, where))]


def _clone(reader: _Reader, entry: dict[str, Any], where: str) -> list[Constraint]:
    return [Clone(reader.cells(entry, where), reader.cells(entry, where, "cloneCells"))]


def _quadruple(reader: _Reader, entry: dict[str, Any], where: str) -> list[Constraint]:
    cells = reader.cells(entry, where)
    values = entry.get("values")
    need(isinstance(values, list) and values != [], f"{where}.values", "needs a list of digits")
    assert isinstance(values, list)
    digits = []
    for k, value in enumerate(values):
        digit = reader.number({"v": value}, f"{where}.values[{k}]", "v")
        need(
            digit is not None and 1 <= digit <= reader.size,
            f"{where}.values[{k}]",
            f"{_shown(value)} is not a digit",
        )
        assert digit is not None
        digits.append(digit)
    need(len(digits) <= len(cells), f"{where}.values", "more digits than cells")
    return [Quadruple(cells, tuple(digits))]


READERS: dict[str, Read] = {
    "killercage": _killer,
    "littlekillersum": _little_killer,
    "sandwichsum": _sandwich,
    "arrow": _arrow,
    "thermometer": _lines(Thermometer),
    "difference": _dot(black=False),
    "ratio": _dot(black=True),
    "xv": _xv,
    "even": _single(lambda cell: Parity(cell, True)),
    "odd": _single(lambda cell: Parity(cell, False)),
    "minimum": _extreme(maximum=False),
    "maximum": _extreme(maximum=True),
    "extraregion": _extra_region,
    "quadruple": _quadruple,
    "clone": _clone,
    "palindrome": _lines(Palindrome),
    "renban": _lines(Renban),
    "whispers": _whispers,
    "betweenline": _lines(Between),
}
"""Every constraint key read, in the order constraints are built."""


# -- writing --------------------------------------------------------------------


def to_fpuzzles(
    puzzle: Puzzle, *, title: str = "", author: str = "", rules: str = ""
) -> dict[str, Any]:
    """The f-puzzles object of ``puzzle``.

    :raises NotWritable: when a constraint has no f-puzzles form (a negative rule
        for X or V alone, a clone of cells f-puzzles cannot pair, ...).
    """
    n = puzzle.size
    shape = puzzle.shape
    out: dict[str, Any] = {"size": n}
    if title:
        out["title"] = title
    if author:
        out["author"] = author
    if rules:
        out["ruleset"] = rules
    default = _default_box(n)
    classic = shape.box is not None and shape.box == default
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            cell: dict[str, Any] = {}
            digit = puzzle.givens[r * n + c]
            if digit:
                cell["value"] = digit
                cell["given"] = True
            if not classic:
                cell["region"] = shape.regions[r * n + c]
            row.append(cell)
        grid.append(row)
    out["grid"] = grid

    def name(cell: int) -> str:
        return f"R{cell // n + 1}C{cell % n + 1}"

    def names(cells: Sequence[int]) -> list[str]:
        return [name(cell) for cell in cells]

    def add(key: str, entry: dict[str, Any]) -> None:
        out.setdefault(key, []).append(entry)

    dots = frozenset(_pair(r.first, r.second) for r in puzzle.constraints if isinstance(r, Kropki))
    marks = frozenset(_pair(r.first, r.second) for r in puzzle.constraints if isinstance(r, XV))
    negative: list[str] = []
    for rule in puzzle.constraints:
        if isinstance(rule, Diagonal):
            if rule != Diagonal.of(n, rule.anti):
                raise NotWritable("f-puzzles holds only the two main diagonals")
            out["diagonal+" if rule.anti else "diagonal-"] = True
        elif isinstance(rule, AntiKnight):
            out["antiknight"] = True
        elif isinstance(rule, AntiKing):
            out["antiking"] = True
        elif isinstance(rule, DisjointGroups):
            if default[0] < 2 or rule != DisjointGroups.of(n, *default):
                raise NotWritable("f-puzzles holds disjoint groups of its default boxes only")
            out["disjointgroups"] = True
        elif isinstance(rule, NonConsecutive):
            if dots:
                raise NotWritable(
                    "f-puzzles exempts dotted pairs from non-consecutive; this puzzle does not"
                )
            out["nonconsecutive"] = True
        elif isinstance(rule, Negative):
            wanted = {"kropki": ["ratio", "difference"], "white": ["difference"]}
            wanted.update({"black": ["ratio"], "xv": ["xv"]})
            names_ = wanted.get(rule.rule)
            marked = frozenset(_pair(a, b) for a, b in rule.marked)
            exempt = marks if rule.rule == "xv" else dots
            if names_ is None or marked != exempt:
                raise NotWritable(
                    f"f-puzzles cannot hold the negative {rule.rule} rule with these marks"
                )
            negative.extend(name_ for name_ in names_ if name_ not in negative)
        elif isinstance(rule, Cage):
            entry: dict[str, Any] = {"cells": names(rule.members)}
            if rule.total is not None:
                entry["value"] = str(rule.total)
            add("killercage", entry)
        elif isinstance(rule, LittleKiller):
            clue = _clue_of(rule.members, n)
            if clue is None:
                raise NotWritable("a little killer's cells are not a diagonal from the edge")
            clue_cell, direction = clue
            add(
                "littlekillersum",
                {
                    "cell": clue_cell,
                    "cells": names(rule.members),
                    "direction": direction,
                    "value": str(rule.total),
                },
            )
        elif isinstance(rule, Sandwich):
            add("sandwichsum", {"cell": _sandwich_clue(rule.members, n), "value": str(rule.total)})
        elif isinstance(rule, Arrow):
            start = next((b for b in rule.bulb if _touches(b, rule.shaft[0], n)), rule.bulb[0])
            add("arrow", {"cells": names(rule.bulb), "lines": [names((start, *rule.shaft))]})
        elif isinstance(rule, Thermometer | Palindrome | Renban | Between):
            line_key = {
                Thermometer: "thermometer",
                Palindrome: "palindrome",
                Renban: "renban",
                Between: "betweenline",
            }[type(rule)]
            add(line_key, {"lines": [names(rule.members)]})
        elif isinstance(rule, Whisper):
            add("whispers", {"lines": [names(rule.members)], "value": str(rule.gap)})
        elif isinstance(rule, Kropki):
            add(
                "ratio" if rule.black else "difference", {"cells": names((rule.first, rule.second))}
            )
        elif isinstance(rule, XV):
            if rule.total not in (5, 10):
                raise NotWritable(f"an XV mark of {rule.total} is neither X nor V")
            value = "X" if rule.total == 10 else "V"
            add("xv", {"cells": names((rule.first, rule.second)), "value": value})
        elif isinstance(rule, Parity):
            add("even" if rule.even else "odd", {"cell": name(rule.cell)})
        elif isinstance(rule, Extreme):
            kin = frozenset(
                r.cell
                for r in puzzle.constraints
                if isinstance(r, Extreme) and r.maximum == rule.maximum
            )
            if rule.exempt != _neighbours(rule.cell, n) & kin:
                raise NotWritable(
                    "f-puzzles compares a minimum or maximum cell with every neighbour "
                    "not of its kind; this puzzle exempts others"
                )
            add("maximum" if rule.maximum else "minimum", {"cell": name(rule.cell)})
        elif isinstance(rule, ExtraRegion):
            add("extraregion", {"cells": names(rule.members)})
        elif isinstance(rule, Quadruple):
            add("quadruple", {"cells": names(rule.members), "values": list(rule.digits)})
        elif isinstance(rule, Clone):
            add("clone", {"cells": names(rule.first), "cloneCells": names(rule.second)})
        else:
            raise NotWritable(f"f-puzzles has no form for a {rule.kind} rule")
    if negative:
        out["negative"] = negative
    return out


def format_fpuzzles(puzzle: Puzzle, *, title: str = "", author: str = "", rules: str = "") -> str:
    """The canonical f-puzzles JSON text of ``puzzle`` (compact, with a final newline)."""
    data = to_fpuzzles(puzzle, title=title, author=author, rules=rules)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def fpuzzles_link(puzzle: Puzzle, *, title: str = "", author: str = "", rules: str = "") -> str:
    """``https://f-puzzles.com/?load=…``: the JSON, lz-string compressed to base64."""
    data = to_fpuzzles(puzzle, title=title, author=author, rules=rules)
    return LINK + compress_to_base64(json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def record_fields(record: PuzzleRecord) -> dict[str, str]:
    """The keyword arguments that carry a record's texts into :func:`to_fpuzzles`."""
    return {
        "title": record.title,
        "author": record.extra.get("author", ""),
        "rules": record.extra.get("rules", ""),
    }


def _touches(a: int, b: int, n: int) -> bool:
    return max(abs(a // n - b // n), abs(a % n - b % n)) == 1


def _clue_of(members: Sequence[int], n: int) -> tuple[str, str] | None:
    """The clue cell and direction that point along ``members``, if any do."""
    row, column = divmod(members[0], n)
    for direction, (dr, dc) in _DIRECTIONS.items():
        clue_row, clue_column = row - dr, column - dc
        if 0 <= clue_row < n and 0 <= clue_column < n:
            continue
        cells = []
        r, c = row, column
        while 0 <= r < n and 0 <= c < n:
            cells.append(r * n + c)
            r, c = r + dr, c + dc
        if tuple(cells) == tuple(members):
            return f"R{clue_row + 1}C{clue_column + 1}", direction
    return None


def _sandwich_clue(members: Sequence[int], n: int) -> str:
    cells = sorted(members)
    for r in range(n):
        if cells == list(range(r * n, r * n + n)):
            return f"R{r + 1}C0"
    for c in range(n):
        if cells == list(range(c, n * n, n)):
            return f"R0C{c + 1}"
    raise NotWritable("a sandwich clue's cells are not a whole row or column")
