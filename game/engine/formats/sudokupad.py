"""SudokuPad's own puzzle JSON (``scl…``/``ctc…`` links): what it states, read exactly.

A SudokuPad link carries lz-string base64 data (:func:`decompress`; SudokuPad
also repairs links whose ``//`` a web server collapsed to ``/``, and so does
this).  Behind ``scl``/``ctc`` is SudokuPad's puzzle JSON, usually "zipped"
(:func:`unzip`: property names shortened, ``cells`` to ``ce``, ``regions`` to
``re``, ``cages`` to ``ca``, ``value`` to ``v``, ...; key quotes dropped;
``true``/``false`` as ``t``/``f``; empty objects left out; ``"`` and ``'``
swapped; colours shortened).

SudokuPad's JSON is mostly a drawing; the rules live in the setter's text.  What
it states exactly, this reads:

- ``cells``: the grid; a cell's ``value`` is a given;
- ``regions``: lists of ``[row, column]`` (0-based) covering the grid;
- ``cages``: a cage with cells and ``unique`` not false is a killer cage, its
  ``value`` (a whole number) its sum; a cage whose ``value`` is
  ``"title: …"``, ``"author: …"``, ``"rules: …"`` or ``"solution: …"`` and no cells
  is metadata (as is a ``metadata`` object); ``style: "extraregion"`` cages are
  extra regions; SudokuPad's disjoint-group cages go with ``global``;
- ``global``: ``antiknight``, ``antiking``, ``nonconsecutive``, ``disjoint``,
  ``antiratio``, ``antidifference``, ``antixv`` (no unmarked neighbours in that
  relation; with no marks drawn, see below);
- ``lines`` from one grid corner to the opposite one: a diagonal that holds every
  digit once (the only way SudokuPad draws an X-Sudoku diagonal).

Everything else is a drawing whose rule SudokuPad does not state: other lines,
arrows, overlays (dots, circles, clue numbers), underlays (shaded cells, bulbs),
cages with ``unique: false`` or another style, fog of war.  A puzzle holding any
of them is refused with a message counting what it draws and pointing to the
f-puzzles form of the link, which states rules: reading the rest would silently
drop rules.  Cell coordinates may also be written ``"r1c1"``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import FormatError, InvalidPuzzleError
from ..puzzle import PuzzleRecord
from ..rules import (
    AntiKing,
    AntiKnight,
    Cage,
    Constraint,
    Diagonal,
    DisjointGroups,
    ExtraRegion,
    Negative,
    NonConsecutive,
)
from ..shape import Shape, box_dims
from ..symbols import SYMBOLS
from .lzstring import LZStringError, decompress_from_base64, decompress_from_encoded_uri_component
from .variants import checked, need, plural, variant_record

KIND = "SudokuPad JSON"

PROPERTIES = {
    "color": "c",
    "cages": "ca",
    "center": "ct",
    "borderColor": "c1",
    "backgroundColor": "c2",
    "cells": "ce",
    "cellSize": "cs",
    "arrows": "a",
    "overlays": "o",
    "underlays": "u",
    "width": "w",
    "height": "h",
    "value": "v",
    "videos": "vd",
    "lines": "l",
    "rounded": "r",
    "regions": "re",
    "fontSize": "fs",
    "thickness": "th",
    "headLength": "hl",
    "wayPoints": "wp",
    "title": "t",
    "text": "te",
    "duration": "d",
    "d": "d2",
}
"""SudokuPad's property zipping (its ``PuzzleZipper.propMap``): long name to short."""

_UNZIP = {short: long for long, short in PROPERTIES.items()}
_QUOTED = re.compile(r'("(?:[^"]|\\"])*")')  # SudokuPad's own pattern, quirks and all
_MARKER = re.compile(r'"__\{S([0-9]+)\}__"')
_META = re.compile(r"([^: ]+):\s*(.+)", re.S)
_RC = re.compile(r"[Rr]([0-9]{1,2})[Cc]([0-9]{1,2})")
_GLOBALS = ("antiknight", "antiking", "nonconsecutive", "disjoint")
_NEGATIVE = {"antiratio": "black", "antidifference": "white", "antixv": "xv"}
_IGNORED = frozenset({"id", "cellSize", "metadata", "settings", "videos", "duration", "d"})
_DRAWN = ("lines", "arrows", "overlays", "underlays")
_MAX_FIXES = 400


def decompress(data: str) -> str:
    """The text of a SudokuPad payload: lz-string base64 (or its URI-safe form),
    repairing collapsed ``//``; data that is already JSON is returned as it is.

    :raises FormatError: when it is none of these.
    """
    if data.lstrip().startswith("{"):
        return data
    try:
        return decompress_from_base64(data)
    except LZStringError as error:
        first = error
    if "-" in data or "$" in data:
        try:
            return decompress_from_encoded_uri_component(data)
        except LZStringError:
            pass
    fixed = _fix_slashes(data)
    if fixed is not None:
        return fixed
    raise FormatError(f"the SudokuPad data is broken: {first}")


def _fix_slashes(data: str) -> str | None:
    """SudokuPad's repair: a web server may turn ``//`` into ``/``; try doubling one
    slash at a time (a bounded number of tries), keeping the first that decodes."""
    slashes = [k for k, char in enumerate(data) if char == "/"]
    for k in slashes[:_MAX_FIXES]:
        try:
            return decompress_from_base64(data[:k] + "/" + data[k:])
        except LZStringError:
            continue
    return None


def unzip(zipped: str) -> str:
    """SudokuPad's ``PuzzleZipper.unzip``: zipped text to JSON text with the long
    property names (colours are left short: no rule reads them).

    Text that already holds a ``"`` is taken for plain JSON, as SudokuPad does.

    :raises json.JSONDecodeError: when the text is not zipped JSON.
    :raises RecursionError: when it is nested too deeply.
    """
    text = zipped
    if '"' not in text:
        text = text.replace("\\'", "\u2019").replace("'", '"').replace("\u2019", "'")
    parts = _QUOTED.split(text)
    strings = parts[1::2]
    body = "".join(part if k % 2 == 0 else f'"__{{S{k // 2}}}__"' for k, part in enumerate(parts))
    body = re.sub(r"([,{\[])([a-zA-Z0-9]+):", r'\1"\2":', body)
    body = re.sub(r"([,{\[])(?=[,}\]])", r"\1_", body)
    body = body.replace("{_}", "{}")
    body = re.sub(r"([,{\[])_", r"\1{}", body)
    body = re.sub(r"(:)f([,}\]])", r"\1false\2", body)
    body = re.sub(r"(:)t([,}\]])", r"\1true\2", body)
    body = re.sub(r"(:)#0([,}\]])", r'\1"#000000"\2', body)
    body = re.sub(r"(:)#F([,}\]])", r'\1"#FFFFFF"\2', body)
    body = re.sub(r"(:)([0-9a-fA-F]{6})([,}\]])", r'\1"#\2"\3', body)
    body = _MARKER.sub(lambda m: strings[int(m[1])], body)
    return json.dumps(_long_names(json.loads(body)), ensure_ascii=False)


def _long_names(value: object) -> object:
    """The zipped property names replaced by SudokuPad's long ones, everywhere."""
    if isinstance(value, list):
        return [_long_names(item) for item in value]
    if isinstance(value, dict):
        return {_UNZIP.get(key, key): _long_names(item) for key, item in value.items()}
    return value


def parse_sudokupad_text(text: str, *, line: int | None = None, index: int = 0) -> PuzzleRecord:
    """The puzzle of SudokuPad JSON text, zipped or not."""
    try:
        try:
            data: object = _long_names(json.loads(text))
        except json.JSONDecodeError:
            data = json.loads(unzip(text))
    except json.JSONDecodeError as error:
        raise FormatError(
            f"the SudokuPad puzzle is not valid (zipped) JSON: {error.msg}", line=line
        ) from None
    except RecursionError:
        raise FormatError("the SudokuPad JSON is nested too deeply", line=line) from None
    return parse_sudokupad(data, line=line, index=index)


def parse_sudokupad(data: object, *, line: int | None = None, index: int = 0) -> PuzzleRecord:
    """The puzzle of SudokuPad's puzzle object (long property names)."""
    try:
        return _read(data, line, index)
    except (FormatError, InvalidPuzzleError) as error:
        error.line = error.line if error.line is not None else line
        raise


def _read(data: object, line: int | None, index: int) -> PuzzleRecord:
    need(isinstance(data, dict), "", "a SudokuPad puzzle is a JSON object")
    assert isinstance(data, dict)
    rows = data.get("cells")
    need(isinstance(rows, list) and rows != [], "cells", "needs the rows of the grid")
    assert isinstance(rows, list)
    n = len(rows)
    need(4 <= n <= 25, "cells", f"a {n}x{n} grid is not supported (sizes 4 to 25)")
    givens = _givens(rows, n)
    metadata = _metadata(data)
    constraints: list[Constraint] = []
    drawn = _drawn(data, n, constraints)
    shape = _regions(data.get("regions"), n)
    constraints += _globals(data.get("global"), shape, n)
    constraints += _cages(data.get("cages"), n, metadata, drawn)
    for key, value in data.items():
        known = key in _IGNORED or key in _DRAWN or key in ("cells", "regions", "cages", "global")
        if not known and value not in (None, False, [], {}, ""):
            drawn.append(f"{key!r}")
    if drawn:
        raise FormatError(
            f"this SudokuPad puzzle draws {', '.join(drawn)}, whose rules SudokuPad does "
            "not state (only its rules text does); this game will not guess them. Open "
            "the puzzle in f-puzzles form (an f-puzzles.com/?load=… or "
            "sudokupad.app/fpuzzles… link), which states every rule"
        )
    solution = metadata.get("solution", "")
    extra = {
        "author": metadata.get("author", ""),
        "rules": " ".join(metadata.get("rules", "").split()),
        "solution": solution if _is_solution(solution, n) else "",
    }
    return variant_record(
        shape,
        givens,
        constraints,
        title=metadata.get("title", ""),
        extra=extra,
        line=line,
        index=index,
    )


def _givens(rows: list[Any], n: int) -> list[int]:
    givens = [0] * (n * n)
    for r, row in enumerate(rows):
        need(isinstance(row, list) and len(row) == n, f"cells[{r}]", f"needs {n} cells")
        assert isinstance(row, list)
        for c, cell in enumerate(row):
            if cell is None:
                continue
            where = f"cells[{r}][{c}]"
            need(isinstance(cell, dict), where, "needs an object")
            value = cell.get("value")
            if value is None or value == "":
                continue
            digit = _whole(value)
            need(
                digit is not None and 1 <= digit <= n,
                f"{where}.value",
                f"{value!r} is not a digit 1-{n}",
            )
            assert digit is not None
            givens[r * n + c] = digit
    return givens


def _whole(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and re.fullmatch(r"[0-9]{1,6}", value.strip()):
        return int(value.strip())
    return None


def _cell(value: object, n: int, where: str) -> int:
    """A cell written ``[row, column]`` (0-based) or ``"r1c1"``."""
    row = column = None
    if isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value):
        row, column = value
    elif isinstance(value, str) and _RC.fullmatch(value.strip()):
        match = _RC.fullmatch(value.strip())
        assert match is not None
        row, column = int(match[1]) - 1, int(match[2]) - 1
    need(row is not None and column is not None, where, f"{value!r} is not a cell")
    assert row is not None and column is not None
    if not (0 <= row < n and 0 <= column < n):
        raise InvalidPuzzleError(f"{where}: {value!r} is outside the {n}x{n} grid")
    return int(row) * n + int(column)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cells(value: object, n: int, where: str) -> tuple[int, ...]:
    need(isinstance(value, list), where, "needs a list of cells")
    assert isinstance(value, list)
    return tuple(_cell(item, n, f"{where}[{k}]") for k, item in enumerate(value))


def _regions(regions: object, n: int) -> Shape:
    need(
        isinstance(regions, list) and regions != [],
        "regions",
        "the puzzle defines no regions, so it is no Sudoku this game can play",
    )
    assert isinstance(regions, list)
    labels = [-1] * (n * n)
    for k, region in enumerate(regions):
        for cell in _cells(region, n, f"regions[{k}]"):
            if labels[cell] >= 0:
                raise InvalidPuzzleError(
                    f"regions[{k}]: r{cell // n + 1}c{cell % n + 1} is in two regions"
                )
            labels[cell] = k
    if -1 in labels:
        cell = labels.index(-1)
        raise InvalidPuzzleError(f"regions: r{cell // n + 1}c{cell % n + 1} is in no region")
    try:
        return Shape.from_regions(labels, n, connected=False)
    except InvalidPuzzleError as error:
        raise InvalidPuzzleError(f"regions: {error.reason}") from None


def _globals(flags: object, shape: Shape, n: int) -> list[Constraint]:
    if flags is None:
        return []
    need(isinstance(flags, list), "global", "needs a list of names")
    assert isinstance(flags, list)
    found: list[Constraint] = []
    negative = set()
    for k, flag in enumerate(flags):
        if flag == "antiknight":
            found.append(AntiKnight())
        elif flag == "antiking":
            found.append(AntiKing())
        elif flag == "nonconsecutive":
            found.append(NonConsecutive())
        elif flag == "disjoint":
            dims = box_dims(n)
            need(dims is not None, f"global[{k}]", f"a {n}x{n} grid has no boxes")
            assert dims is not None
            found.append(DisjointGroups.of(n, *dims))
        elif flag in _NEGATIVE:
            negative.add(_NEGATIVE[str(flag)])
        else:
            raise FormatError(f"global[{k}]: this game does not know the rule {flag!r}")
    # No dot or XV mark can be read (they are drawings), so no pair is exempt.
    if {"white", "black"} <= negative:
        found.append(Negative("kropki", frozenset()))
    elif negative & {"white", "black"}:
        found.append(Negative(next(iter(negative & {"white", "black"})), frozenset()))
    if "xv" in negative:
        found.append(Negative("xv", frozenset()))
    return found


def _metadata(data: dict[str, Any]) -> dict[str, str]:
    found: dict[str, str] = {}
    meta = data.get("metadata")
    if isinstance(meta, dict):
        for key, value in meta.items():
            # Zipping turns a text of digits (a solution) into a number.
            if isinstance(value, int) and not isinstance(value, bool):
                value = str(value)
            if isinstance(value, str) and isinstance(key, str):
                found[key.lower()] = value
    cages = data.get("cages")
    for cage in cages if isinstance(cages, list) else []:
        if isinstance(cage, dict) and not cage.get("cells") and isinstance(cage.get("value"), str):
            match = _META.fullmatch(cage["value"].strip())
            if match:
                found.setdefault(match[1].lower(), match[2])
    return found


def _cages(cages: object, n: int, metadata: dict[str, str], drawn: list[str]) -> list[Constraint]:
    if cages is None:
        return []
    need(isinstance(cages, list), "cages", "needs a list")
    assert isinstance(cages, list)
    found: list[Constraint] = []
    unread = 0
    for k, cage in enumerate(cages):
        where = f"cages[{k}]"
        need(isinstance(cage, dict), where, "needs an object")
        assert isinstance(cage, dict)
        if not cage.get("cells"):
            continue  # metadata, or nothing
        if cage.get("type") == "disjoint" or cage.get("style") == "disjoint":
            continue  # drawn for the global disjoint rule
        cells = _cells(cage["cells"], n, f"{where}.cells")
        style = cage.get("style")
        if style == "extraregion":
            found.append(checked(ExtraRegion(cells), n, where))
            continue
        if cage.get("unique") is False or cage.get("hidden") or style not in (None, "killer"):
            unread += 1
            continue
        value = cage.get("value")
        total = _whole(value) if value not in (None, "") else None
        if value not in (None, "") and total is None:
            raise FormatError(f"{where}.value: {value!r} is not a cage sum")
        found.append(checked(Cage(cells, total), n, where))
    if unread:
        drawn.append(plural(unread, "cage") + " without the killer rule")
    return found


def _drawn(data: dict[str, Any], n: int, constraints: list[Constraint]) -> list[str]:
    """What the puzzle draws without a stated rule; corner-to-corner lines become
    diagonals (appended to ``constraints``)."""
    found = []
    lines = data.get("lines")
    other_lines = 0
    for entry in lines if isinstance(lines, list) else []:
        diagonal = _diagonal(entry, n)
        if diagonal is None:
            other_lines += 1
        elif diagonal not in constraints:
            constraints.append(diagonal)
    if other_lines:
        found.append(plural(other_lines, "line"))
    for key, word in (("arrows", "arrow"), ("overlays", "overlay"), ("underlays", "underlay")):
        value = data.get(key)
        if isinstance(value, list) and value:
            found.append(plural(len(value), word))
    return found


def _diagonal(entry: object, n: int) -> Diagonal | None:
    if not isinstance(entry, dict):
        return None
    points = entry.get("wayPoints")
    if not isinstance(points, list) or len(points) != 2:
        return None
    ends = {tuple(p) for p in points if isinstance(p, list) and len(p) == 2}
    if ends == {(0, 0), (n, n)}:
        return Diagonal.of(n)
    if ends == {(0, n), (n, 0)}:
        return Diagonal.of(n, anti=True)
    return None


def _is_solution(text: str, n: int) -> bool:
    """Whether ``text`` spells a full grid of digits ``1..n`` (SudokuPad's solution)."""
    return len(text) == n * n and all(ch in SYMBOLS[:n] for ch in text)
