"""The game's own saved games (``.sudoku``): the puzzle and the position, for pickers.

A saved game is a JSON object with ``"format": "sudoku-game"`` (the full format,
with its move list, counters and versions, belongs to the session layer:
:mod:`game.session.keep.savegame`).  Besides the move list, every save writes two
fields explicitly so that readers which cannot replay moves still see the game:

- ``"puzzle"``: ``{"size": 9, "givens": "53..7....", "regions": "000111222..."}``:
  ``size`` ``N``; ``givens`` ``N*N`` symbols (``1-9`` then ``A-P``, ``.`` or ``0``
  empty); ``regions`` ``N*N`` region labels (optional: classic boxes when absent);
  ``constraints`` a variant's rules (optional: none when absent), one object per
  constraint (see "a variant's constraints" below).
- ``"current"``: ``{"entries": "..4......", "notes": {"r1c2": "125"}}``: the
  player's entries in the same symbols (``.`` where none, always on givens) and the
  notes per cell name (optional, empty when absent).

These two fields keep their meaning in every version of the format, so this
reader ignores ``version``.  It is also where both layers turn those fields into
values and back (:func:`puzzle_fields`, :func:`read_puzzle`, :func:`position_fields`,
:func:`read_position`), so the save writer and this reader cannot drift apart.

Policy: strict on the structure (a wrong type or length is a :class:`FormatError`
naming the field, e.g. ``puzzle.givens: 80 symbols; a 9x9 grid needs 81``),
lenient on whitespace around the JSON and a byte-order mark.  A file is only
taken for a saved game when its text starts with ``{`` and carries the format
tag (:func:`looks_like_native`), so no other format can be mistaken for one.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
import types
import typing
from collections.abc import Sequence
from typing import Any

from ..errors import FormatError, InvalidPuzzleError
from ..puzzle import Puzzle, PuzzleRecord
from ..rules import RULE_TYPES, Constraint
from ..shape import Shape
from ..symbols import cell_name, digit_of, digits_text, grid_string
from .build import clean

FORMAT_TAG = "sudoku-game"
"""The value of ``"format"`` in every saved game."""

KIND = "Sudoku saved game"
"""The ``kind`` of a :class:`~.collection.PuzzleFile` holding a saved game."""

_TAG = re.compile(r'"format"\s*:\s*"sudoku-game"')
_CELL = re.compile(r"r([0-9]{1,2})c([0-9]{1,2})")  # ASCII only, as in move texts
_SNIPPET = 40


def looks_like_native(text: str) -> bool:
    """Whether ``text`` is a saved game: a JSON object carrying the format tag."""
    return text.lstrip("\ufeff \t\r\n").startswith("{") and _TAG.search(text) is not None


def parse_native(text: str) -> PuzzleRecord:
    """The puzzle of a saved game with its current entries and notes.

    :raises PuzzleError: a :class:`FormatError` for bad JSON or fields, an
        :class:`InvalidPuzzleError` for a puzzle that breaks the rules.
    """
    data = load_object(text)
    if data.get("format") != FORMAT_TAG:
        raise FormatError(f"'format' is {snippet(data.get('format'))}, not {FORMAT_TAG!r}")
    puzzle = read_puzzle(data.get("puzzle"))
    entries, notes = read_position(data.get("current", {}), puzzle, "current")
    origin = data.get("origin")
    title = ""
    extra: dict[str, str] = {}
    if isinstance(origin, dict):
        if isinstance(origin.get("title"), str):
            title = origin["title"]
        if isinstance(origin.get("level"), str):
            extra["level"] = origin["level"]
    for key in ("status", "saved"):
        if isinstance(data.get(key), str):
            extra[key] = data[key]
    elapsed = finite_number(data.get("elapsed"))
    if elapsed is not None and elapsed >= 0:
        extra["elapsed"] = f"{elapsed:.0f}"
    try:
        return PuzzleRecord(
            puzzle,
            entries=entries if any(entries) else None,
            notes=notes if any(notes) else None,
            title=clean(title),
            extra={key: clean(value) for key, value in extra.items()},
        )
    except InvalidPuzzleError as error:
        raise InvalidPuzzleError(f"current: {error.reason}") from None


def load_object(text: str) -> dict[str, Any]:
    """The JSON object of ``text``; FormatError (located) if it is not one."""
    try:
        data = json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as error:
        raise FormatError(
            f"not valid JSON ({error.msg})", line=error.lineno, column=error.colno
        ) from None
    except RecursionError:
        raise FormatError("the JSON is nested too deeply") from None
    except ValueError as error:  # e.g. an integer too long to convert
        raise FormatError(f"not valid JSON ({error})") from None
    if not isinstance(data, dict):
        raise FormatError(f"the JSON is {_kind(data)}, not an object")
    return data


# -- the puzzle ---------------------------------------------------------------------------


def puzzle_fields(puzzle: Puzzle) -> dict[str, Any]:
    """The ``"puzzle"`` field of a save: size, givens, region labels and a variant's
    constraints (left out when it has none, as in every save before variants)."""
    fields: dict[str, Any] = {
        "size": puzzle.size,
        "givens": grid_string(puzzle.givens),
        "regions": puzzle.shape.region_labels(),
    }
    if puzzle.constraints:
        fields["constraints"] = constraint_fields(puzzle.constraints, puzzle.size)
    return fields


def read_puzzle(value: object) -> Puzzle:
    """The puzzle described by a ``"puzzle"`` field; PuzzleError naming the bad part."""
    if not isinstance(value, dict):
        raise FormatError(f"puzzle: expected an object, found {_kind(value)}")
    size = value.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or not 4 <= size <= 25:
        raise FormatError(f"puzzle.size: {snippet(size)} is not a grid size (4 to 25)")
    cells = size * size
    regions = value.get("regions")
    try:
        if regions is None:
            shape = Shape.classic(size)
        elif isinstance(regions, str) and len(regions) == cells:
            # Regions in pieces are kept: f-puzzles lets a setter paint them so, the
            # game plays them, and a save must load whatever the game played.
            shape = Shape.from_regions(list(regions), size, connected=False)
        else:
            raise FormatError(f"puzzle.regions: expected {cells} region labels")
    except InvalidPuzzleError as error:
        raise InvalidPuzzleError(f"puzzle.regions: {error.reason}") from None
    givens = read_grid(value.get("givens"), size, "puzzle.givens")
    rules = value.get("constraints")
    constraints = () if rules is None else read_constraints(rules, size, "puzzle.constraints")
    try:
        return Puzzle(shape, givens, constraints)
    except InvalidPuzzleError as error:
        raise InvalidPuzzleError(f"puzzle: {error.reason}") from None


def read_grid(value: object, size: int, field: str) -> tuple[int, ...]:
    """``N*N`` symbols as digits (``.`` and ``0`` empty); FormatError naming ``field``."""
    cells = size * size
    if not isinstance(value, str) or len(value) != cells:
        found = f"{len(value)} symbols" if isinstance(value, str) else _kind(value)
        raise FormatError(f"{field}: {found}; a {size}x{size} grid needs {cells} symbols")
    digits = []
    for cell, char in enumerate(value):
        if char in ".0":
            digits.append(0)
            continue
        digit = digit_of(char, size)
        if digit is None:
            raise FormatError(
                f"{field}: {char!r} at {cell_name(cell, size)} is not a digit of a "
                f"{size}x{size} grid"
            )
        digits.append(digit)
    return tuple(digits)


# -- a position: entries and notes ------------------------------------------------------------


def position_fields(entries: Sequence[int], notes: Sequence[int], size: int) -> dict[str, Any]:
    """A position as JSON: entries as symbols, notes by cell name (empty cells left out)."""
    marks = {cell_name(cell, size): digits_text(mask) for cell, mask in enumerate(notes) if mask}
    return {"entries": grid_string(list(entries)), "notes": marks}


def read_position(
    value: object, puzzle: Puzzle, field: str
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Entries and notes from a :func:`position_fields` value (both may be absent).

    Entries on givens are refused, since they would hide what the puzzle says.
    """
    size = puzzle.size
    cells = size * size
    if not isinstance(value, dict):
        raise FormatError(f"{field}: expected an object, found {_kind(value)}")
    raw = value.get("entries")
    entries = (0,) * cells if raw is None else read_grid(raw, size, f"{field}.entries")
    for cell, (given, entry) in enumerate(zip(puzzle.givens, entries, strict=True)):
        if given and entry:
            raise FormatError(f"{field}.entries: {cell_name(cell, size)} is a given")
    marks = value.get("notes", {})
    if not isinstance(marks, dict):
        raise FormatError(f"{field}.notes: expected an object, found {_kind(marks)}")
    notes = [0] * cells
    for name, digits in marks.items():
        cell = read_cell(name, size, f"{field}.notes")
        if not isinstance(digits, str):
            raise FormatError(f"{field}.notes.{name}: expected digits, found {_kind(digits)}")
        mask = 0
        for char in digits:
            digit = digit_of(char, size)
            if digit is None:
                raise FormatError(
                    f"{field}.notes.{name}: {char!r} is not a digit of a {size}x{size} grid"
                )
            mask |= 1 << (digit - 1)
        notes[cell] = mask
    return entries, tuple(notes)


def read_cell(text: object, size: int, field: str) -> int:
    """The cell named ``r4c7`` (1-based); FormatError naming ``field`` otherwise."""
    match = _CELL.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise FormatError(f"{field}: {snippet(text)} is not a cell name like 'r4c7'")
    row, column = int(match.group(1)), int(match.group(2))
    if not (1 <= row <= size and 1 <= column <= size):
        raise FormatError(f"{field}: {text} is outside a {size}x{size} grid")
    return (row - 1) * size + column - 1


# -- a variant's constraints ----------------------------------------------------------
#
# A variant puzzle's rules, as ``puzzle.constraints`` of a save, exactly: f-puzzles
# JSON cannot hold every constraint the engine reads (an XV mark of another total, a
# negative rule for one mark alone, a diagonal that is not a main one).  One object
# per constraint, in the puzzle's order: ``"type"`` is the registry name, and each
# field of the constraint follows under its own name.  Cells are written as players
# name them (``r4c7``; several as one string, ``"r1c1 r1c2 r2c2"``)::
#
#     [{"type": "cage", "members": "r1c1 r1c2", "total": 9},
#      {"type": "kropki", "first": "r5c5", "second": "r5c6", "black": true},
#      {"type": "negative", "rule": "kropki", "marked": ["r5c5 r5c6"]},
#      {"type": "anti-knight"}]
#
# The fields are read from the constraint classes themselves (their dataclass fields
# and types), so a type added to the registry is saved with no code here; the round
# trip test over RULE_TYPES fails first if a new field's type has no form yet.
# Strict: a missing or mistyped field, an unknown type, a cell outside the grid or a
# number out of range is a FormatError naming the field
# (``puzzle.constraints[3].members: 'r1c0' is not a cell name like 'r4c7'``); what
# the rules themselves refuse (a cage that is not connected) is checked where the
# puzzle is built.

CELL_FIELDS = frozenset(
    {"members", "bulb", "shaft", "first", "second", "cell", "exempt", "groups", "marked"}
)
"""Fields that hold cells (one, a tuple, a set, groups or pairs of them)."""

NEGATIVE_RULES = ("kropki", "xv", "white", "black", "x", "v")
"""The marks a negative rule may complete (see :class:`~game.engine.rules.Negative`)."""


def constraint_fields(constraints: Sequence[Constraint], size: int) -> list[dict[str, Any]]:
    """The constraints as JSON-ready objects (see the module docstring)."""
    return [_write(rule, size) for rule in constraints]


def read_constraints(value: object, size: int, field: str) -> tuple[Constraint, ...]:
    """Constraints from :func:`constraint_fields`' output; FormatError naming the field."""
    if not isinstance(value, list):
        raise FormatError(f"{field}: expected a list of constraints, found {_kind(value)}")
    return tuple(_read(item, size, f"{field}[{i}]") for i, item in enumerate(value))


# -- writing --------------------------------------------------------------------------


def _write(rule: Constraint, size: int) -> dict[str, Any]:
    out: dict[str, Any] = {"type": rule.kind}
    for name, hint in _FIELDS[rule.kind]:
        value = getattr(rule, name)
        out[name] = _cells_out(value, hint, size) if name in CELL_FIELDS else _plain_out(value)
    return out


def _cells_out(value: Any, hint: object, size: int) -> object:
    if hint is int:
        return cell_name(value, size)
    items = sorted(value) if isinstance(value, frozenset) else list(value)
    if typing.get_args(hint)[0] is not int:  # groups or pairs: one string each
        return [" ".join(cell_name(c, size) for c in group) for group in items]
    return " ".join(cell_name(c, size) for c in items)


def _plain_out(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


# -- reading --------------------------------------------------------------------------


_BY_KIND = {entry.name: entry.constraint for entry in RULE_TYPES.values()}


def _read(item: object, size: int, where: str) -> Constraint:
    if not isinstance(item, dict):
        raise FormatError(f"{where}: expected an object, found {_kind(item)}")
    kind = item.get("type")
    if not isinstance(kind, str) or kind not in _BY_KIND:
        known = ", ".join(_BY_KIND)
        raise FormatError(f"{where}.type: {snippet(kind)} is not a constraint type ({known})")
    cls = _BY_KIND[kind]
    fields = _FIELDS[kind]
    extra = set(item) - {"type"} - {name for name, _ in fields}
    if extra:
        raise FormatError(f"{where}: a {kind} has no field {sorted(extra)[0]!r}")
    values: dict[str, Any] = {}
    for name, hint in fields:
        at = f"{where}.{name}"
        if name not in item:
            if _optional(hint):
                values[name] = None
                continue
            raise FormatError(f"{at}: missing")
        raw = item[name]
        values[name] = (
            _cells_in(raw, hint, size, at)
            if name in CELL_FIELDS
            else _plain_in(raw, hint, size, at)
        )
    if kind == "negative" and values["rule"] not in NEGATIVE_RULES:
        raise FormatError(
            f"{where}.rule: {snippet(values['rule'])} is not one of {', '.join(NEGATIVE_RULES)}"
        )
    return cls(**values)


def _cells_in(raw: object, hint: object, size: int, at: str) -> object:
    origin = typing.get_origin(hint)
    if hint is int:
        return read_cell(raw, size, at)
    args = typing.get_args(hint)
    inner = args[0] if args else int
    if inner is int:  # tuple[int, ...] or frozenset[int]: one string of names
        cells = _names(raw, size, at)
        return frozenset(cells) if origin is frozenset else cells
    if not isinstance(raw, list):
        raise FormatError(f"{at}: expected a list of cell groups, found {_kind(raw)}")
    groups = [_names(group, size, f"{at}[{i}]") for i, group in enumerate(raw)]
    if origin is frozenset:  # pairs of cells
        for i, group in enumerate(groups):
            if len(group) != 2:
                raise FormatError(f"{at}[{i}]: expected two cells, found {len(group)}")
        return frozenset((a, b) for a, b in groups)
    return tuple(groups)


def _names(raw: object, size: int, at: str) -> tuple[int, ...]:
    if not isinstance(raw, str):
        raise FormatError(f"{at}: expected cell names like 'r1c1 r1c2', found {_kind(raw)}")
    return tuple(read_cell(name, size, at) for name in raw.split())


def _plain_in(raw: object, hint: object, size: int, at: str) -> object:
    if _optional(hint):
        if raw is None:
            return None
        hint = int
    if hint is bool:
        if not isinstance(raw, bool):
            raise FormatError(f"{at}: expected true or false, found {snippet(raw)}")
        return raw
    if hint is int:
        return _number(raw, size, at)
    if hint is str:
        if not isinstance(raw, str):
            raise FormatError(f"{at}: expected a word, found {_kind(raw)}")
        return raw
    if typing.get_origin(hint) is tuple:  # digits (a quadruple's)
        if not isinstance(raw, list) or not raw:
            raise FormatError(f"{at}: expected a list of digits, found {snippet(raw)}")
        digits = tuple(_number(d, size, at) for d in raw)
        if any(not 1 <= d <= size for d in digits):
            raise FormatError(f"{at}: digits run from 1 to {size}")
        return digits
    raise FormatError(f"{at}: this game cannot read that field")  # a new field's type


def _number(raw: object, size: int, at: str) -> int:
    # Totals, gaps and digits: whole numbers no larger than every cell's largest digit.
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw <= size**3:
        raise FormatError(
            f"{at}: expected a whole number from 0 to {size**3}, found {snippet(raw)}"
        )
    return raw


def _fields_of(cls: type[Constraint]) -> tuple[tuple[str, object], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))  # type: ignore[arg-type]


_FIELDS = {name: _fields_of(cls) for name, cls in _BY_KIND.items()}
"""Per constraint type, its fields and their types, read once from the classes."""


def _optional(hint: object) -> bool:
    return isinstance(hint, types.UnionType) and type(None) in typing.get_args(hint)


# -- messages ----------------------------------------------------------------------------------


def snippet(value: object) -> str:
    """A short repr of a JSON value for messages (long values are cut)."""
    text = repr(value)
    return text if len(text) <= _SNIPPET else text[: _SNIPPET - 3] + "..."


def finite_number(value: object) -> float | None:
    """A JSON number as a finite float; None for anything else (NaN, huge, not a number)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    try:
        number = float(value)
    except OverflowError:  # an integer beyond the float range
        return None
    return number if math.isfinite(number) else None


def _kind(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "true or false"}
    if value is None:
        return "null"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return "a number"
    return names.get(type(value), type(value).__name__)


__all__ = [
    "FORMAT_TAG",
    "KIND",
    "constraint_fields",
    "finite_number",
    "load_object",
    "looks_like_native",
    "parse_native",
    "position_fields",
    "puzzle_fields",
    "read_cell",
    "read_constraints",
    "read_grid",
    "read_position",
    "read_puzzle",
    "snippet",
]
