"""lz-string: exact on real f-puzzles links, round trips for any text, refusals for bad data."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.formats.lzstring import (
    BASE64,
    LZStringError,
    compress_to_base64,
    compress_to_encoded_uri_component,
    decompress_from_base64,
    decompress_from_encoded_uri_component,
)

from .variant_helpers import fpuzzles_entries

# Outputs of the JavaScript original (lz-string 1.4.4, node) for these inputs.
KNOWN = [
    ("", "Q==="),
    ("hello", "BYUwNmD2Q==="),
]


@pytest.mark.parametrize(("text", "packed"), KNOWN)
def test_known_vectors(text: str, packed: str) -> None:
    assert compress_to_base64(text) == packed
    assert decompress_from_base64(packed) == text


def test_every_real_link_decodes_to_its_json_and_recompresses_exactly(
    shared_data: Path,
) -> None:
    entries = fpuzzles_entries(shared_data)
    assert len(entries) >= 39
    for entry in entries:
        payload = entry["url"].split("?load=", 1)[1]
        text = decompress_from_base64(payload)
        assert json.loads(text) == entry["fpuzzles"], entry["title"]
        # f-puzzles compressed exactly this text: the bits match the JavaScript coder.
        assert compress_to_base64(text) == payload, entry["title"]


# Any JavaScript string: astral characters (two UTF-16 units) and lone surrogates too.
TEXT = st.text(
    alphabet=st.one_of(
        st.characters(codec="utf-8"),
        st.sampled_from(list('{}[]":,R1C9 ') + ["\ud800", "\udfff", "😀", "é", "€"]),
    ),
    max_size=400,
)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_base64_round_trip(text: str) -> None:
    packed = compress_to_base64(text)
    assert len(packed) % 4 == 0
    assert decompress_from_base64(packed) == text


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_uri_safe_round_trip(text: str) -> None:
    packed = compress_to_encoded_uri_component(text)
    assert set(packed) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$")
    assert decompress_from_encoded_uri_component(packed) == text


def test_a_plus_turned_blank_by_a_query_string_still_reads() -> None:
    text = next(t for t in (f"R{k}C{k}" * k for k in range(1, 60)) if "+" in _uri(t))
    packed = _uri(text)
    assert decompress_from_encoded_uri_component(packed.replace("+", " ")) == text


def _uri(text: str) -> str:
    return compress_to_encoded_uri_component(text)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("", "no data"),
        ("BYUw!mD2Q===", "not in lz-string's base64 alphabet"),
        ("BYUwNm", "ends before its end marker"),
        ("BYUw////", "past the 8 it has"),
    ],
)
def test_bad_data_is_refused_with_a_reason(data: str, words: str) -> None:
    with pytest.raises(LZStringError, match=words):
        decompress_from_base64(data)


def test_output_is_capped() -> None:
    packed = compress_to_base64("a" * 5000)
    with pytest.raises(LZStringError, match="over 1,000 characters"):
        decompress_from_base64(packed, limit=1000)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=BASE64, max_size=300))
def test_random_base64_decodes_or_is_refused(data: str) -> None:
    with contextlib.suppress(LZStringError):
        decompress_from_base64(data, limit=100_000)
