"""The path line on screen: the field over the header, and a card dropped below it.

The card says what the line last learned: why a path was refused (in the error
colour, right under what was typed), the names Tab found (each clickable), a
look-up that takes a while, or else how the line is used.  It floats over the
list instead of pushing it down, as a file manager's completion pop-up does, so
nothing jumps when the line opens.  :func:`arrange` is geometry only (the scene
hit-tests with it); drawing reads the :class:`~...session.picker.path_line.PathLine`
and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...session.picker import SEPARATORS, Icon, PathLine
from ..kit import Palette, Text, TextField, draw_card, draw_field, mix
from .icons import draw_icon
from .layout import PickerLayout
from .places_view import Renderer

HINT = "Tab completes  ·  Enter goes there  ·  Esc closes"
PLACEHOLDER = "Type a folder or file path"
SHOW_WAITING = 0.3
"""Seconds a look-up runs before the card says so (a quick one shows nothing)."""

MAX_PROBLEM_LINES = 3


@dataclass(frozen=True)
class Dropdown:
    """The card under the line, its row height, and one rectangle per listed choice."""

    card: pygame.Rect
    row: int
    choices: tuple[pygame.Rect, ...] = ()

    def choice_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the choice under ``pos``, or None."""
        return next((i for i, rect in enumerate(self.choices) if rect.collidepoint(pos)), None)


def rows_of(line: PathLine) -> int:
    """Rows of text the card holds (a problem counts one row per line it wraps to)."""
    if line.problem:
        return 1
    if line.choices:
        return len(line.choices) + (1 if line.more else 0)
    return 1


def arrange(layout: PickerLayout, line: PathLine, problem_rows: int = 1) -> Dropdown:
    """Where the card and its choices go for ``line`` (``problem_rows``: wrapped lines)."""
    u = layout.unit
    row = max(layout.detail_size + 8, round(0.48 * u))
    pad = round(0.18 * u)
    rows = problem_rows if line.problem else rows_of(line)
    field = layout.line
    card = pygame.Rect(field.x, field.bottom + round(0.1 * u), field.w, rows * row + 2 * pad)
    choices: tuple[pygame.Rect, ...] = ()
    if line.choices and not line.problem:
        choices = tuple(
            pygame.Rect(card.x + pad // 2, card.y + pad + k * row, card.w - pad, row)
            for k in range(len(line.choices))
        )
    return Dropdown(card, row, choices)


def draw_line(
    surface: pygame.Surface,
    text: Text,
    view: Renderer,
    layout: PickerLayout,
    line: PathLine,
    field: TextField,
    p: Palette,
    hovered: int | None,
) -> None:
    """The field with what is typed, and the card with what the line says."""
    draw_field(
        surface, text, p, layout.line, field, placeholder=PLACEHOLDER, error=bool(line.problem)
    )
    u = layout.unit
    size = layout.detail_size + 1
    pad = round(0.18 * u)
    wrapped: list[str] = []
    if line.problem:
        wrapped = text.wrap(line.problem, size, layout.line.w - 2 * pad)[:MAX_PROBLEM_LINES]
    drop = arrange(layout, line, max(1, len(wrapped)))
    card = drop.card
    draw_card(surface, p, card, max(6, u // 8))
    x = card.x + pad
    y = card.y + pad
    if wrapped:
        for part in wrapped:
            image = view.render(part, size, p.error)
            surface.blit(image, image.get_rect(midleft=(x, y + drop.row // 2)))
            y += drop.row
        return
    if line.choices:
        radius = max(3, u // 12)
        for index, (choice, rect) in enumerate(zip(line.choices, drop.choices, strict=True)):
            if index == hovered:
                pygame.draw.rect(surface, p.surface_alt, rect, border_radius=radius)
            side = round(drop.row * 0.72)
            box = pygame.Rect(x, 0, side, side)
            box.centery = rect.centery
            folder = choice.endswith(SEPARATORS)
            if folder:
                draw_icon(surface, Icon.FOLDER, box, p)
            else:
                _page(surface, box, p.text_dim)
            left = box.right + pad // 2
            fitted = view.fit(choice, size, rect.right - pad // 2 - left, where="middle")
            image = view.render(fitted, size, p.text)
            surface.blit(image, image.get_rect(midleft=(left, rect.centery)))
        if line.more:
            more = f"and {line.more:,} more: type a letter or two, then Tab"
            image = view.render(view.fit(more, size, card.w - 2 * pad), size, p.text_dim)
            y = card.y + pad + len(line.choices) * drop.row
            surface.blit(image, image.get_rect(midleft=(x, y + drop.row // 2)))
        return
    words = line.waiting if line.waiting and line.waited >= SHOW_WAITING else HINT
    colour = mix(p.text_dim, p.surface, 0.1)
    image = view.render(view.fit(words, size, card.w - 2 * pad), size, colour)
    surface.blit(image, image.get_rect(midleft=(x, y + drop.row // 2)))


def _page(surface: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A file: a page with a folded corner, in outline."""
    page = pygame.Rect(0, 0, round(box.w * 0.62), round(box.h * 0.8))
    page.center = box.center
    fold = page.w // 3
    points = [
        page.topleft,
        (page.right - fold, page.y),
        (page.right, page.y + fold),
        page.bottomright,
        page.bottomleft,
    ]
    pygame.draw.polygon(surface, colour, points, max(1, box.w // 14))
