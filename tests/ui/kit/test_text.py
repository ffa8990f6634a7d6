"""The text renderer: any Python string drawn without an exception, cut and wrapped to fit,
in work linear in its length (counted in characters measured, never timed)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.ui.kit.text import (
    ELLIPSIS,
    MAX_CHARS,
    MAX_WIDTH,
    REPLACEMENT,
    Text,
    Where,
    displayable,
)

INK = (20, 20, 20)

# Every code point, lone surrogates included (they are what undecodable file names
# become), weighted towards spaces, line breaks and the awkward few.
awkward = st.sampled_from(
    [" ", " ", "\n", "\t", "\r", "\x00", "\udce9", "\ud800", "\u200b", "\u0301", "\ufeff", "😀"]
)
anything = st.text(
    st.one_of(st.characters(exclude_categories=()), awkward, st.sampled_from("abc xyz")),
    max_size=300,
)
long_words = st.builds(
    lambda word, n, rest: word * n + rest,
    st.text(st.characters(exclude_categories=()), min_size=1, max_size=3),
    st.integers(0, 400),
    anything,
)


@pytest.fixture(scope="module")
def text() -> Text:
    return Text()


def fits(text: Text, line: str, size: int, width: int, bold: bool = False) -> bool:
    return text.measure(line, size, bold)[0] <= width


def squeezed(value: str) -> str:
    return "".join(value.split())


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(anything, long_words),
    st.integers(6, 40),
    st.integers(-20, 600),
    st.booleans(),
    st.none() | st.integers(0, 5),
)
def test_wrapping_any_string_fits_keeps_every_character_and_is_linear(
    text: Text, value: str, size: int, width: int, bold: bool, max_lines: int | None
) -> None:
    text.work = 0
    lines = text.wrap(value, size, width, bold, max_lines)
    work = text.work
    for line in lines:
        line.encode("utf-8")  # nothing a font cannot take is left
        assert fits(text, line, size, max(width, 0), bold) or len(line) == 1
    if max_lines is None:
        assert squeezed("".join(lines)) == squeezed(displayable(value))
    else:
        assert len(lines) <= max_lines
    # Characters measured: linear, whatever the text.  The worst constant is a glyph
    # wider than the line: its advance, then up to four one-character widths.
    assert work <= 12 * len(value) + 16


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(anything, long_words),
    st.integers(6, 40),
    st.integers(-20, 600),
    st.sampled_from(["end", "middle", "start"]),
)
@example(value="T" + "0" * 24 + ":III))!!!!!ms\u0300\u030000", size=8, width=175, where="end")
def test_cutting_any_string_fits_and_keeps_its_ends(
    text: Text, value: str, size: int, width: int, where: Where
) -> None:
    text.work = 0
    line = text.cut(value, size, width, where=where)
    # Linear, plus a binary search of whole-line measurements where the font's shaping
    # disagrees with its advances by more than a few characters (combining marks).
    looked_at = min(len(value), MAX_CHARS)
    assert text.work <= 6 * looked_at + 32 + looked_at * looked_at.bit_length()
    line.encode("utf-8")
    assert fits(text, line, size, max(width, 0))
    whole = displayable(value)
    if line in ("", whole):
        return  # nothing fits, or everything does
    assert ELLIPSIS in line
    if where == "end":
        assert whole.startswith(line[:-1])
    elif where == "start":
        assert whole.endswith(line[1:])
    else:
        assert any(
            whole.startswith(line[:i]) and whole.endswith(line[i + 1 :])
            for i, char in enumerate(line)
            if char == ELLIPSIS
        )


@settings(max_examples=200, deadline=None)
@given(anything, st.integers(6, 60), st.booleans(), st.none() | st.integers(-5, 400))
def test_rendering_any_string_never_raises_and_stays_in_bounds(
    text: Text, value: str, size: int, bold: bool, width: int | None
) -> None:
    image = text.render(value, size, INK, bold, width)
    assert image.get_width() <= (MAX_WIDTH if width is None else max(width, 0))
    assert text.image(value, size, INK, bold, width).get_size() == image.get_size()
    text.measure(value, size, bold)
    text.fit_size(value, size, 200, bold)


def test_an_undecodable_file_name_is_drawn_with_replacement_characters(text: Text) -> None:
    name = "caf\udce9 \udcff.txt"
    assert text.cut(name, 16, 1000) == f"caf{REPLACEMENT} {REPLACEMENT}.txt"
    assert text.render(name, 16, INK).get_width() > 0
    assert text.wrap(name, 16, 1000) == [f"caf{REPLACEMENT} {REPLACEMENT}.txt"]


def test_text_of_no_width_renders_as_nothing(text: Text) -> None:
    for value in ("\u200b", "\ufeff", "\U000e0001", "", "\x00"):
        assert text.render(value, 16, INK).get_width() <= text.measure(REPLACEMENT, 16)[0]


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda n: "x" * n, id="one long word"),
        pytest.param(lambda n: "word " * (n // 5), id="many short words"),
        pytest.param(lambda n: "\u0301" * n, id="characters of no width"),
    ],
)
def test_wrapping_twice_the_text_costs_twice_the_work(
    text: Text, make: Callable[[int], str]
) -> None:
    def work(n: int) -> int:
        text.work = 0
        text.wrap(make(n), 16, 300)
        return text.work

    small, large = work(30_000), work(60_000)  # a 60 KB title took 88 s before
    assert large <= 2.1 * small
    assert large <= 4 * 60_000


def test_a_huge_title_costs_what_the_screen_shows(text: Text) -> None:
    title = "t" * 15_000_000  # the 15 MB title that froze the menu
    text.work = 0
    image = text.render(title, 20, INK)
    assert image.get_width() <= MAX_WIDTH
    assert text.work <= 4 * MAX_CHARS
    text.work = 0
    lines = text.wrap(title, 20, 400, max_lines=3)
    assert len(lines) == 3 and lines[-1].endswith(ELLIPSIS)
    assert text.work <= 4 * 3 * 400  # three lines' worth, not fifteen million


def test_ordinary_text_wraps_between_words(text: Text) -> None:
    wide = text.wrap("The quick brown fox\n\njumps", 16, 10_000)
    assert wide == ["The quick brown fox", "", "jumps"]
    width = text.measure("The quick brown", 16)[0]
    assert text.wrap("The quick brown fox", 16, width) == ["The quick brown", "fox"]
    assert text.wrap("  ", 16, 100) == [""]
    assert text.wrap("a b c d", 16, 100, max_lines=0) == []


def test_cuts_put_the_ellipsis_where_asked(text: Text) -> None:
    name = "a very long puzzle collection name.sudoku"
    width = text.measure(name, 16)[0] // 2
    end = text.cut(name, 16, width)
    middle = text.cut(name, 16, width, where="middle")
    start = text.cut(name, 16, width, where="start")
    assert end.endswith(ELLIPSIS) and name.startswith(end[:-1])
    assert start.startswith(ELLIPSIS) and name.endswith(start[1:])
    assert ELLIPSIS in middle and middle.endswith(".sudoku") and middle.startswith("a ")
    assert text.cut(name, 16, 1) == ""  # not even "…" fits


def test_the_cache_keeps_one_surface_per_text(text: Text) -> None:
    before = len(text)
    first = text.render("cached", 18, INK)
    assert text.render("cached", 18, INK) is first
    assert len(text) == before + 1
    assert isinstance(first, pygame.Surface)
