"""Fonts and rendered text: any Python string drawn safely, cut or wrapped in linear time.

Every string the game draws should pass through :meth:`Text.render` (cached) or
:meth:`Text.image` (uncached, for views with caches of their own).  Both accept
*any* ``str``: a file name that was not valid UTF-8 reaches Python with lone
surrogates, which FreeType cannot encode, and a NUL makes pygame raise; both are
drawn as U+FFFD (see :func:`displayable`).  Both also bound what they draw: a
line is cut with "…" to the width given, or to :data:`MAX_WIDTH` pixels and
:data:`MAX_CHARS` characters without one, so a 15 MB title costs a few
kilobytes of surface, not gigabytes.

Cutting (:meth:`Text.cut`) and wrapping (:meth:`Text.wrap`) measure each
character's advance once (cached per font) and add them up, then measure each
finished line once with the font to confirm it fits (kerning can shift a line
by a pixel or two).  The work is therefore linear in the text's length (where
shaping and advances disagree by more than a few characters, as combining marks
can, a binary search of whole-line measurements adds a logarithmic factor); the
obvious loops (try one character fewer and measure again) are quadratic, and on
a 60 KB word cubic: 88 seconds for one title.  :attr:`Text.work` counts the
characters measured, so tests can check that bound without a clock.

Rendering a string with FreeType costs far more than blitting it, and a Sudoku
screen shows the same few strings again and again, so every rendered surface is
kept.  The cache is bounded (digits at every size and colour are a few hundred
entries) and cleared when the window size changes, since sizes follow the window.

The game ships DejaVu Sans in ``assets/fonts`` (found by :mod:`game.resources`)
so text looks the same on every machine; if those files are missing it falls
back to pygame's built-in font rather than failing to start.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Literal

import pygame

from ...resources import bundled
from .theme import Colour

ASSETS = bundled("assets")
FONT_DIR = ASSETS / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

ELLIPSIS = "…"
REPLACEMENT = "\ufffd"

MAX_CHARS = 4096
"""Most characters one line draws; no screen holds more (4K at 6 px is about 1,300)."""

MAX_WIDTH = 8192
"""Widest line drawn when the caller gives no width, in pixels (twice a 4K screen)."""

MAX_SIZE = 1000
"""Largest font size, in pixels; sizes derive from the window, so this is a guard."""

Where = Literal["end", "middle", "start"]
"""Where :meth:`Text.cut` puts the "…": a title loses its end, a path its middle."""

_UNDRAWABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
"""Control characters (tab and newline are handled apart) and lone surrogates."""

_BREAKS = re.compile("\r\n|[\r\u2028\u2029\x85]")
_MIDDLE_TAIL = 12
"""Characters kept after the "…" of a middle cut: a file's extension and a bit more."""

_ADVANCES = 65536
"""Characters whose advance is remembered per font before the table starts over."""


def displayable(text: str, *, lines: bool = False) -> str:
    """``text`` with nothing a font cannot take: every other character kept as it is.

    Lone surrogates (undecodable file names) and control characters become U+FFFD;
    a tab becomes a space; line breaks become ``"\\n"`` when ``lines``, else spaces.
    Linear in the length of ``text``.
    """
    text = _BREAKS.sub("\n", text).replace("\t", " ")
    if not lines:
        text = text.replace("\n", " ")
    return _UNDRAWABLE.sub(REPLACEMENT, text)


def _bounded(text: str, where: Where) -> str:
    """At most :data:`MAX_CHARS` characters of ``text``, cut where ``where`` says."""
    if len(text) <= MAX_CHARS:
        return text
    keep = MAX_CHARS - 1
    if where == "start":
        return ELLIPSIS + text[len(text) - keep :]
    if where == "middle":
        return text[: keep - _MIDDLE_TAIL] + ELLIPSIS + text[len(text) - _MIDDLE_TAIL :]
    return text[:keep] + ELLIPSIS


class Text:
    """Fonts by (size, bold) and rendered strings, both cached; see the module."""

    def __init__(self, max_entries: int = 4096) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._advances: dict[tuple[int, bool], dict[str, int]] = {}
        self._rendered: OrderedDict[tuple[str, int, Colour, bool, int, str], pygame.Surface] = (
            OrderedDict()
        )
        self._max = max_entries
        self.missing_font = not (REGULAR.is_file() and BOLD.is_file())
        self.work = 0
        """Characters measured so far: the cost of cutting and wrapping, for tests."""

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font at ``size`` pixels (never below 6, where nothing is readable)."""
        key = (_size(size), bold)
        found = self._fonts.get(key)
        if found is None:
            path = BOLD if bold else REGULAR
            if path.is_file():
                found = pygame.font.Font(path, key[0])
            else:  # the assets are missing: pygame's own font still reads
                found = pygame.font.Font(None, round(key[0] * 1.3))
                found.set_bold(bold)
            self._fonts[key] = found
        return found

    # -- drawing ------------------------------------------------------------------------

    def render(
        self,
        text: str,
        size: int,
        colour: Colour,
        bold: bool = False,
        width: int | None = None,
        where: Where = "end",
    ) -> pygame.Surface:
        """``text`` anti-aliased on a transparent background, on one line, cached.

        Any string is drawn (see :func:`displayable`); one wider than ``width``
        pixels (default :data:`MAX_WIDTH`) is cut with "…" where ``where`` says.
        """
        line = _bounded(text, where)
        room = MAX_WIDTH if width is None else min(width, MAX_WIDTH)
        key = (line, _size(size), colour, bold, room, where)
        found = self._rendered.get(key)
        if found is not None:
            self._rendered.move_to_end(key)
            return found
        found = self.image(line, size, colour, bold, room, where)
        self._rendered[key] = found
        if len(self._rendered) > self._max:
            self._rendered.popitem(last=False)
        return found

    def image(
        self,
        text: str,
        size: int,
        colour: Colour,
        bold: bool = False,
        width: int | None = None,
        where: Where = "end",
    ) -> pygame.Surface:
        """What :meth:`render` draws, made afresh (for views that keep their own cache)."""
        room = MAX_WIDTH if width is None else min(width, MAX_WIDTH)
        line = self.cut(text, size, room, bold, where)
        font = self.font(size, bold)
        if not line or self._width(font, line) == 0:
            return font.render("", True, colour)  # pygame refuses text of no width
        return font.render(line, True, colour)

    # -- measuring ----------------------------------------------------------------------

    def measure(self, text: str, size: int, bold: bool = False) -> tuple[int, int]:
        """Width and height of ``text`` on one line, in pixels (any string; linear)."""
        font = self.font(size, bold)
        line = displayable(text)
        self.work += len(line)
        return font.size(line)

    def fit_size(self, text: str, size: int, width: int, bold: bool = False) -> int:
        """The largest size up to ``size`` at which ``text`` fits ``width`` pixels (8 at least)."""
        line = _bounded(text, "end")
        size = _size(size)
        while size > 8 and self.measure(line, size, bold)[0] > width:
            size = max(8, int(size * 0.9))
        return size

    def cut(
        self, text: str, size: int, width: int, bold: bool = False, where: Where = "end"
    ) -> str:
        """``text`` on one line, shortened with "…" (at its end, middle or start) to fit ``width``.

        "" when not even "…" fits.  Linear in the length of ``text`` (and never
        more than :data:`MAX_CHARS` of it is looked at).
        """
        line = displayable(_bounded(text, where))
        font = self.font(size, bold)
        width = max(0, width)
        if self._width(font, line) <= width:
            return line
        advance = self._advance_of(font, (_size(size), bold))
        room = width - advance(ELLIPSIS)
        if room < 0:
            return ""
        build: Callable[[int], str]
        if where == "start":
            keep = _fitting(reversed(line), advance, room)

            def build(count: int) -> str:
                return ELLIPSIS + line[len(line) - count :] if count else ELLIPSIS

        elif where == "middle":
            tail = _fitting(reversed(line[-_MIDDLE_TAIL:]), advance, room // 2)
            tail_width = sum(advance(char) for char in line[len(line) - tail :]) if tail else 0
            keep = _fitting(line, advance, room - tail_width)

            def build(count: int) -> str:
                end = line[len(line) - tail :] if tail else ""
                return line[:count] + ELLIPSIS + end

        else:
            keep = _fitting(line, advance, room)

            def build(count: int) -> str:
                return line[:count].rstrip() + ELLIPSIS

        return self._largest(font, build, keep, width)

    def wrap(
        self,
        text: str,
        size: int,
        width: int,
        bold: bool = False,
        max_lines: int | None = None,
    ) -> list[str]:
        """``text`` broken into lines no wider than ``width`` (paragraphs on newlines).

        Lines break between words; a word wider than the line (a long file name)
        breaks anywhere.  A line always holds at least one character, so a width
        narrower than one character gives one character per line.  With
        ``max_lines``, text beyond the last line is cut and that line ends in
        "…".  Any string; linear in its length.
        """
        font = self.font(size, bold)
        advance = self._advance_of(font, (_size(size), bold))
        width = max(0, width)
        lines: list[str] = []
        limit = max_lines if max_lines is not None else -1
        more = False
        for paragraph in displayable(text, lines=True).split("\n"):
            if len(lines) == limit:
                more = True
                break
            more = self._wrap_paragraph(paragraph, font, advance, width, lines, limit)
            if more:
                break
        if more and lines:
            lines[-1] = self.cut(lines[-1] + ELLIPSIS, size, width, bold)
        return lines

    def clear(self) -> None:
        """Forget rendered text (after a resize every size changes anyway)."""
        self._rendered.clear()

    def __len__(self) -> int:
        return len(self._rendered)

    # -- internals ----------------------------------------------------------------------

    def _width(self, font: pygame.font.Font, line: str) -> int:
        """The width of a displayable ``line``, counted in :attr:`work`."""
        self.work += len(line)
        return int(font.size(line)[0])

    def _advance_of(self, font: pygame.font.Font, key: tuple[int, bool]) -> Callable[[str], int]:
        """A function giving one character's width in ``font``, each measured once."""
        table = self._advances.setdefault(key, {})

        def advance(char: str) -> int:
            self.work += 1
            found = table.get(char)
            if found is None:
                if len(table) >= _ADVANCES:
                    table.clear()
                # The pen's advance, as the font lays out a line (a glyph's box
                # alone would count its overhang as width); the box if no glyph.
                [metrics] = font.metrics(char) or [None]
                found = int(metrics[4]) if metrics else int(font.size(char)[0])
                table[char] = found
            return found

        return advance

    def _largest(
        self, font: pygame.font.Font, build: Callable[[int], str], keep: int, width: int
    ) -> str:
        """``build(count)`` for the largest ``count`` up to ``keep`` that fits ``width``.

        ``keep`` comes from adding advances and is nearly always right; kerning
        and overhangs may ask for a character or two less.  After a few steps
        down it halves the range instead, so even a font that measures strangely
        costs a logarithmic number of measurements, not a linear one.
        """
        for _ in range(3):
            if self._width(font, build(keep)) <= width or keep == 0:
                break
            keep -= 1
        else:
            low, high = 0, keep
            while low < high:
                middle = (low + high + 1) // 2
                if self._width(font, build(middle)) <= width:
                    low = middle
                else:
                    high = middle - 1
            keep = low
        line = build(keep)
        return line if self._width(font, line) <= width else ""

    def _wrap_paragraph(
        self,
        paragraph: str,
        font: pygame.font.Font,
        advance: Callable[[str], int],
        width: int,
        lines: list[str],
        limit: int,
    ) -> bool:
        """Append ``paragraph``'s lines to ``lines``; whether text was left over at ``limit``.

        Each line scans forward adding advances until one does not fit; the line
        ends at the last space before that point, or there if the word is wider
        than the line.  The next line starts at that end, so a character is
        scanned at most twice: linear.  The font then measures the line once; if
        kerning made it a pixel too wide, the space before is tried (a few times
        at most), then a cut inside the word.
        """
        n = len(paragraph)
        if not paragraph.strip():
            lines.append("")
            return False
        start = 0
        while start < n:
            while start < n and paragraph[start].isspace():
                start += 1
            if start == n:
                break
            if len(lines) == limit:
                return True
            end, used = start, 0
            ends: list[int] = []  # where words end on this line
            while end < n:
                step = advance(paragraph[end])
                if used + step > width:
                    break
                used += step
                end += 1
                if end < n and paragraph[end].isspace() and not paragraph[end - 1].isspace():
                    ends.append(end)
            if end == n:
                ends.append(n)
            elif not ends:
                ends.append(max(end, start + 1))  # a word wider than the line: cut it
            build = _prefixes(paragraph, start)
            line = ""
            for stop in reversed(ends[-3:]):
                line = build(stop - start)
                if len(line) <= 1 or self._width(font, line) <= width:
                    break
            else:
                line = self._largest(font, build, len(line), width) or line[0]
            lines.append(line)
            start += len(line)
        return False


def _prefixes(text: str, start: int) -> Callable[[int], str]:
    """A function giving the first ``count`` characters of ``text`` from ``start``, stripped."""
    return lambda count: text[start : start + count].rstrip()


def _fitting(chars: Iterable[str], advance: Callable[[str], int], room: int) -> int:
    """How many of ``chars``, taken in order, fit ``room`` pixels by their advances."""
    used = count = 0
    for char in chars:
        used += advance(char)
        if used > room:
            break
        count += 1
    return count


def _size(size: int) -> int:
    return max(6, min(MAX_SIZE, int(size)))


def blit_centred(surface: pygame.Surface, image: pygame.Surface, centre: tuple[int, int]) -> None:
    surface.blit(image, image.get_rect(center=centre))


def elide(text: Text, line: str, size: int, width: int, bold: bool = False) -> str:
    """``line``, cut short with "…" if it is wider than ``width`` at ``size`` (linear)."""
    return text.cut(line, size, width, bold)


def clock_text(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` past an hour), the way the timer shows it."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"
