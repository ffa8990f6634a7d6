"""Hostile input for the variant readers: whatever arrives, the answer is a puzzle or a
PuzzleError, never another exception."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.errors import PuzzleError
from game.engine.formats import parse_bytes, parse_text
from game.engine.formats.fpuzzles import parse_fpuzzles
from game.engine.formats.killer import parse_killer
from game.engine.formats.links import parse_link
from game.engine.formats.lzstring import compress_to_base64
from game.engine.formats.solo import parse_solo
from game.engine.formats.sudokupad import parse_sudokupad, parse_sudokupad_text
from game.engine.puzzle import PuzzleRecord

from .variant_helpers import zip_sudokupad

CELLS = st.builds(lambda r, c: f"R{r}C{c}", st.integers(-1, 11), st.integers(-1, 11))
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 100),
    st.sampled_from(["", "5", "X", "V", "DL"]),
    CELLS,
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(
            st.sampled_from(
                [
                    "cells",
                    "cell",
                    "lines",
                    "value",
                    "values",
                    "direction",
                    "cloneCells",
                    "given",
                    "region",
                ]
            ),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=25,
)
KEYS = [
    "killercage", "littlekillersum", "sandwichsum", "arrow", "thermometer", "difference",
    "ratio", "xv", "even", "odd", "minimum", "maximum", "extraregion", "quadruple", "clone",
    "palindrome", "renban", "whispers", "betweenline", "negative", "diagonal+", "antiknight",
    "nonconsecutive", "disjointgroups", "line", "cage", "xsum",
]  # fmt: skip


def _grid(size: int) -> list[list[dict[str, Any]]]:
    return [[{} for _ in range(size)] for _ in range(size)]


def _accepts(parse: Any, *args: Any) -> None:
    with contextlib.suppress(PuzzleError):
        assert isinstance(parse(*args), PuzzleRecord)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([4, 6, 9]), st.dictionaries(st.sampled_from(KEYS), JSON, max_size=4))
def test_random_f_puzzles_objects(size: int, keys: dict[str, Any]) -> None:
    _accepts(parse_fpuzzles, {"size": size, "grid": _grid(size), **keys})


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_random_json_values(data: Any) -> None:
    _accepts(parse_fpuzzles, data)
    _accepts(parse_sudokupad, data)
    _accepts(parse_sudokupad, {"cells": _grid(4), "regions": data, "cages": data})


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz_,:xjk#", max_size=60))
def test_random_solo_ids(tail: str) -> None:
    _accepts(parse_solo, "3x3" + tail)
    _accepts(parse_solo, "2x2k:" + tail)
    _accepts(parse_solo, "4j:" + tail)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_random_links_and_payloads(tail: str) -> None:
    for start in (
        "https://f-puzzles.com/?load=",
        "https://sudokupad.app/",
        "sudokupad.app/scl",
        "fpuzzles",
    ):
        _accepts(parse_link, start + tail)
    _accepts(parse_link, "https://sudokupad.app/scl" + compress_to_base64(tail))
    _accepts(parse_link, "https://f-puzzles.com/?load=" + compress_to_base64(tail))
    _accepts(parse_sudokupad_text, tail)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["cells", "regions", "cages", "global", "lines", "metadata"]), JSON
    )
)
def test_random_zipped_sudokupad_objects(data: dict[str, Any]) -> None:
    with contextlib.suppress(ValueError):  # the test's zipper, not the reader, may refuse
        zipped = zip_sudokupad({"cells": _grid(4), **data})
        _accepts(parse_sudokupad_text, zipped)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["AABB", "ABAB", "A=3", "B=99", "givens: ", "1...", "#", "", "C", "=", "AA BB"]
        ),
        max_size=12,
    )
)
def test_random_cage_maps(lines: list[str]) -> None:
    text = "\n".join(lines)
    _accepts(parse_killer, text)
    with contextlib.suppress(PuzzleError):
        for item in parse_text(text):
            assert isinstance(item, PuzzleRecord | PuzzleError)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(['{"size":9,', '{"cells":', "3x3k:", "https://f-puzzles.com/?load=", "A=1\n"]),
    st.binary(max_size=300),
)
def test_variant_starts_with_random_bytes(start: str, data: bytes) -> None:
    with contextlib.suppress(PuzzleError):
        for item in parse_bytes(start.encode() + data):
            assert isinstance(item, PuzzleRecord | PuzzleError)


def test_deep_nesting_is_refused_not_crashed() -> None:
    deep = '{"size": 9, "grid": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with contextlib.suppress(PuzzleError):
        parse_text(deep)
    with contextlib.suppress(PuzzleError):
        parse_text(
            "https://f-puzzles.com/?load="
            + compress_to_base64(json.dumps({"a": 1})[:-1] + "[" * 5000)
        )
