"""The game's icon, drawn with pygame: a blue tile holding a small grid.

``python -m game.ui.stage.icon`` writes ``assets/icon.png`` (committed); the app loads
that file and falls back to drawing the icon if the file is missing.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from ..kit import ASSETS

ICON_PATH = ASSETS / "icon.png"

_BLUE = (33, 99, 214)
_DEEP = (22, 70, 160)
_PAPER = (255, 255, 255)
_LINE = (190, 205, 230)
_FILLED = ((0, 0), (1, 1), (2, 2), (0, 2))  # (row, column) of the filled cells


def draw_icon(size: int = 256) -> pygame.Surface:
    """The icon at ``size`` pixels (drawn 4x larger and scaled down for smooth edges)."""
    big = size * 4
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = big // 5
    pygame.draw.rect(surface, _BLUE, (0, 0, big, big), border_radius=radius)
    margin = big // 7
    inner = pygame.Rect(margin, margin, big - 2 * margin, big - 2 * margin)
    pygame.draw.rect(surface, _PAPER, inner, border_radius=big // 16)
    cell = inner.w / 3
    for row, column in _FILLED:
        rect = pygame.Rect(
            round(inner.x + column * cell + cell * 0.18),
            round(inner.y + row * cell + cell * 0.18),
            round(cell * 0.64),
            round(cell * 0.64),
        )
        colour = _BLUE if (row, column) != (0, 2) else _DEEP
        pygame.draw.rect(surface, colour, rect, border_radius=round(cell * 0.16))
    width = max(4, big // 48)
    for k in (1, 2):
        offset = round(inner.x + k * cell)
        pygame.draw.line(
            surface, _LINE, (offset, inner.y + width), (offset, inner.bottom - width), width
        )
        offset = round(inner.y + k * cell)
        pygame.draw.line(
            surface, _LINE, (inner.x + width, offset), (inner.right - width, offset), width
        )
    return pygame.transform.smoothscale(surface, (size, size))


def load_icon() -> pygame.Surface:
    """The committed icon, or a freshly drawn one if the file is missing."""
    try:
        return pygame.image.load(str(ICON_PATH))
    except (pygame.error, FileNotFoundError):
        return draw_icon(64)


def main(argv: list[str]) -> int:
    target = Path(argv[0]) if argv else ICON_PATH
    pygame.image.save(draw_icon(256), str(target))
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
