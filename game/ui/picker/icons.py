"""Small pictures drawn with lines, for rows that have no grid: a folder, the way up, a bad file.

Drawn from the palette at any size (no image files), so they follow the theme
and stay crisp from 800x600 to 4K.
"""

from __future__ import annotations

import pygame

from ...session.picker import Icon
from ..kit import Palette, mix


def draw_icon(surface: pygame.Surface, icon: Icon, box: pygame.Rect, p: Palette) -> None:
    """A folder, a way up, an unreadable file, or a placeholder, drawn in ``box``."""
    w = box.w
    line = max(1, w // 22)
    if icon is Icon.WAITING:
        pygame.draw.rect(surface, mix(p.cell_tint, p.surface, 0.4), box)
        return
    if icon in (Icon.FOLDER, Icon.PARENT):
        body = pygame.Rect(0, 0, round(w * 0.78), round(w * 0.56))
        body.center = (box.centerx, box.centery + w // 16)
        tab = pygame.Rect(body.x, body.y - w // 9, round(w * 0.32), w // 6)
        fill = mix(p.accent, p.surface, 0.78)
        edge = mix(p.accent, p.surface, 0.25)
        radius = max(2, w // 18)
        pygame.draw.rect(surface, fill, tab, border_radius=radius)
        pygame.draw.rect(surface, edge, tab, line, border_radius=radius)
        pygame.draw.rect(surface, fill, body, border_radius=radius)
        pygame.draw.rect(surface, edge, body, line, border_radius=radius)
        if icon is Icon.PARENT:
            cx, cy = body.center
            arm = body.h // 3
            width = max(2, w // 14)
            pygame.draw.line(surface, edge, (cx, cy + arm), (cx, cy - arm), width)
            pygame.draw.line(surface, edge, (cx - arm, cy), (cx, cy - arm), width)
            pygame.draw.line(surface, edge, (cx + arm, cy), (cx, cy - arm), width)
        return
    # An unreadable file: a page with a folded corner and a cross.
    page = pygame.Rect(0, 0, round(w * 0.6), round(w * 0.76))
    page.center = box.center
    fold = page.w // 3
    colour = p.disabled
    points = [
        page.topleft,
        (page.right - fold, page.y),
        (page.right, page.y + fold),
        page.bottomright,
        page.bottomleft,
    ]
    pygame.draw.polygon(surface, mix(p.surface_alt, p.surface, 0.5), points)
    pygame.draw.polygon(surface, colour, points, line)
    pygame.draw.lines(
        surface,
        colour,
        False,
        [
            (page.right - fold, page.y),
            (page.right - fold, page.y + fold),
            (page.right, page.y + fold),
        ],
        line,
    )
    cx, cy = page.centerx, page.centery + fold // 3
    arm = page.w // 5
    width = max(2, w // 16)
    cross = mix(p.error, p.surface, 0.3)
    pygame.draw.line(surface, cross, (cx - arm, cy - arm), (cx + arm, cy + arm), width)
    pygame.draw.line(surface, cross, (cx - arm, cy + arm), (cx + arm, cy - arm), width)
