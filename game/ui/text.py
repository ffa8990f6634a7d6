"""Fonts and rendered text, cached per (text, size, colour, weight).

Rendering a string with FreeType costs far more than blitting it, and a Sudoku
screen shows the same few strings again and again, so every rendered surface is
kept.  The cache is bounded (digits at every size and colour are a few hundred
entries) and cleared when the window size changes, since sizes follow the window.

The game ships DejaVu Sans in ``assets/fonts`` so text looks the same on every
machine; if those files are missing it falls back to pygame's built-in font
rather than failing to start.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from .theme import Colour

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"
FONT_DIR = ASSETS / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"


class Text:
    """Fonts by (size, bold) and rendered strings, both cached."""

    def __init__(self, max_entries: int = 4096) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._rendered: OrderedDict[tuple[str, int, Colour, bool], pygame.Surface] = OrderedDict()
        self._max = max_entries
        self.missing_font = not (REGULAR.is_file() and BOLD.is_file())

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font at ``size`` pixels (never below 6, where nothing is readable)."""
        size = max(6, int(size))
        key = (size, bold)
        found = self._fonts.get(key)
        if found is None:
            path = BOLD if bold else REGULAR
            if path.is_file():
                found = pygame.font.Font(path, size)
            else:  # the assets are missing: pygame's own font still reads
                found = pygame.font.Font(None, round(size * 1.3))
                found.set_bold(bold)
            self._fonts[key] = found
        return found

    def render(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        """``text`` anti-aliased on a transparent background."""
        key = (text, max(6, int(size)), colour, bold)
        found = self._rendered.get(key)
        if found is not None:
            self._rendered.move_to_end(key)
            return found
        found = self.font(size, bold).render(text, True, colour)
        self._rendered[key] = found
        if len(self._rendered) > self._max:
            self._rendered.popitem(last=False)
        return found

    def measure(self, text: str, size: int, bold: bool = False) -> tuple[int, int]:
        return self.font(size, bold).size(text)

    def fit_size(self, text: str, size: int, width: int, bold: bool = False) -> int:
        """The largest size up to ``size`` at which ``text`` fits ``width`` pixels."""
        while size > 8 and self.measure(text, size, bold)[0] > width:
            size = max(8, int(size * 0.9))
        return size

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """``text`` broken into lines no wider than ``width`` (paragraphs on newlines)."""
        font = self.font(size, bold)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split():
                trial = f"{line} {word}" if line else word
                if font.size(trial)[0] <= width:
                    line = trial
                    continue
                if line:
                    lines.append(line)
                # A word wider than the line (a long file name) breaks anywhere.
                while font.size(word)[0] > width and len(word) > 1:
                    cut = len(word) - 1
                    while cut > 1 and font.size(word[:cut])[0] > width:
                        cut -= 1
                    lines.append(word[:cut])
                    word = word[cut:]
                line = word
            lines.append(line)
        return lines

    def clear(self) -> None:
        """Forget rendered text (after a resize every size changes anyway)."""
        self._rendered.clear()

    def __len__(self) -> int:
        return len(self._rendered)


def blit_centred(surface: pygame.Surface, image: pygame.Surface, centre: tuple[int, int]) -> None:
    surface.blit(image, image.get_rect(center=centre))
