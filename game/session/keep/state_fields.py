"""A board state in a save file: entries and candidate notes as the engine writes them,
plus the enthusiast's annotations, each written only where it is used.

``{"entries": "..4..", "notes": {"r1c4": "26"}, "corner": {"r2c2": "15"}, "centre":
{"r3c3": "48"}, "colours": {"r1c1": 3}, "marks": {"r1c4": {"2": 5}}, "ink": {"r5c5":
1}, "revealed": {"r4c4": 1}, "guesses": [{...}, ...]}``: the notes keep the engine's
form (digits as symbols by cell name), so the picker and older readers see entries
and candidate notes as ever; the rest are extra keys they ignore. ``guesses`` lists
the position where each open guess began, outermost first (each written without its
own ``guesses``, which are the ones before it): a save's ``current`` never needs
them (replaying rebuilds them), but a trimmed save's ``start`` does.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ...engine.errors import FormatError
from ...engine.formats.native import position_fields, read_cell, read_position
from ...engine.puzzle import Puzzle
from ...engine.symbols import cell_name, digit_of, digits_text
from ..play.state import COLOURS, BoardState, candidate_colour, with_candidate_colour


def state_fields(state: BoardState, size: int) -> dict[str, Any]:
    """``state`` as JSON-ready data (annotations only where present)."""
    data = position_fields(state.entries, state.notes, size)
    for name in ("corner", "centre"):
        masks = getattr(state, name)
        found = {cell_name(c, size): digits_text(m) for c, m in enumerate(masks) if m}
        if found:
            data[name] = found
    colours = {cell_name(c, size): k for c, k in enumerate(state.colours) if k}
    if colours:
        data["colours"] = colours
    marks: dict[str, dict[str, int]] = {}
    for cell, packed in enumerate(state.marks):
        if packed:
            painted = {
                str(d): candidate_colour(packed, d)
                for d in range(1, size + 1)
                if candidate_colour(packed, d)
            }
            marks[cell_name(cell, size)] = painted
    if marks:
        data["marks"] = marks
    ink = {cell_name(c, size): k for c, k in enumerate(state.ink) if k}
    if ink:
        data["ink"] = ink
    revealed = {cell_name(c, size): 1 for c, k in enumerate(state.revealed) if k}
    if revealed:
        data["revealed"] = revealed
    if state.guesses:
        data["guesses"] = [
            state_fields(dataclasses.replace(guess, guesses=()), size) for guess in state.guesses
        ]
    return data


def read_state(value: object, puzzle: Puzzle, field: str) -> BoardState:
    """The state written by :func:`state_fields`; FormatError naming what is wrong."""
    entries, notes = read_position(value, puzzle, field)
    assert isinstance(value, dict)  # read_position checked it
    size, cells = puzzle.size, puzzle.shape.cells
    extra: dict[str, tuple[int, ...]] = {}
    for name in ("corner", "centre"):
        masks = [0] * cells
        for cell, text in _items(value, name, field, size):
            if not isinstance(text, str):
                raise FormatError(f"{field}.{name}: expected digits, found {text!r}")
            for char in text:
                digit = digit_of(char, size)
                if digit is None:
                    raise FormatError(f"{field}.{name}: {char!r} is not a digit")
                masks[cell] |= 1 << (digit - 1)
        extra[name] = tuple(masks)
    colours = [0] * cells
    for cell, colour in _items(value, "colours", field, size):
        colours[cell] = _colour(colour, f"{field}.colours")
    marks = [0] * cells
    for cell, painted in _items(value, "marks", field, size):
        if not isinstance(painted, dict):
            raise FormatError(f"{field}.marks: expected digit -> colour, found {painted!r}")
        for digit_text, colour in painted.items():
            digit = digit_of(str(digit_text), size)
            if digit is None:
                raise FormatError(f"{field}.marks: {digit_text!r} is not a digit")
            packed = with_candidate_colour(marks[cell], digit, _colour(colour, f"{field}.marks"))
            marks[cell] = packed
    ink = [0] * cells
    for cell, level in _items(value, "ink", field, size):
        if not isinstance(level, int) or isinstance(level, bool) or not 0 <= level <= 99:
            raise FormatError(f"{field}.ink: expected a level from 0 to 99, found {level!r}")
        ink[cell] = level
    revealed = [0] * cells
    for cell, flag in _items(value, "revealed", field, size):
        if flag not in (0, 1) or isinstance(flag, bool):
            raise FormatError(f"{field}.revealed: expected 1, found {flag!r}")
        revealed[cell] = flag
    guesses: tuple[BoardState, ...] = ()
    written = value.get("guesses", [])
    if not isinstance(written, list) or len(written) > 99:
        raise FormatError(f"{field}.guesses: expected a list of positions, found {written!r}")
    for number, item in enumerate(written):
        outer = read_state(item, puzzle, f"{field}.guesses[{number}]")
        guesses = (*guesses, dataclasses.replace(outer, guesses=guesses))
    return BoardState(
        entries,
        notes,
        extra["corner"],
        extra["centre"],
        tuple(colours),
        tuple(marks),
        tuple(ink),
        guesses,
        tuple(revealed),
    )


def _items(value: dict[str, Any], name: str, field: str, size: int) -> list[tuple[int, Any]]:
    found = value.get(name, {})
    if not isinstance(found, dict):
        raise FormatError(f"{field}.{name}: expected an object, found {found!r}")
    return [(read_cell(key, size, f"{field}.{name}"), item) for key, item in found.items()]


def _colour(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < COLOURS:
        raise FormatError(f"{field}: expected a colour from 0 to {COLOURS - 1}, found {value!r}")
    return value
