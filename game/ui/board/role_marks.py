"""Hint roles told by shape as well as colour: one mark style per role.

A hint rings the candidates it is about in its role's colour.  So that the roles
read without hue (colour-blind eyes, the high-contrast theme, a dim screen), each
role also has an outline of its own: a circle or a square, drawn thin, thick,
dotted or solid (a solid mark holds its digit inverted, in the fill colour).
Roles that share a colour in the light theme share a style, and roles drawn
together in one step never do (a cover set and pincers share the thin square:
no step has both):

- chains: true (thick circle), false (dotted circle);
- wings: pivot (solid circle), pincers (thin square), the focus (thick circle);
- fish and locked sets: pattern (thin circle), cover (thin square), fin (solid
  square), the focus (thick circle);
- colouring: one colour (thin circle), the other (solid circle).

A whole cell a hint marks is filled with the role's tint and gets the same shape
as a small badge in its top-left corner (the top-right one is the wrong-entry
mark's).  The board's tiles and the hint card's key both draw with these
functions, so the key shows exactly what the board does.

Roads not taken: a letter per role ("P", "F") is one more thing to read in a
cell already holding a digit; diamonds and triangles were tried on paper, but
they cut into the digit they surround at note size, where circles and squares
leave it whole.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

import pygame

from ...engine.logic.step import Role
from ..kit import Colour, Palette


class Outline(enum.Enum):
    CIRCLE = "circle"
    SQUARE = "square"


class Stroke(enum.Enum):
    THIN = "thin"
    THICK = "thick"
    DOTTED = "dotted"
    SOLID = "solid"  # filled with the role's colour, the digit inverted


@dataclass(frozen=True)
class MarkStyle:
    """How one role's mark is drawn, apart from its colour."""

    outline: Outline
    stroke: Stroke


ROLE_STYLES: dict[Role, MarkStyle] = {
    Role.FOCUS: MarkStyle(Outline.CIRCLE, Stroke.THICK),
    Role.ON: MarkStyle(Outline.CIRCLE, Stroke.THICK),
    Role.PATTERN: MarkStyle(Outline.CIRCLE, Stroke.THIN),
    Role.COLOUR_A: MarkStyle(Outline.CIRCLE, Stroke.THIN),
    Role.OFF: MarkStyle(Outline.CIRCLE, Stroke.DOTTED),
    Role.WRONG: MarkStyle(Outline.CIRCLE, Stroke.DOTTED),
    Role.PIVOT: MarkStyle(Outline.CIRCLE, Stroke.SOLID),
    Role.COLOUR_B: MarkStyle(Outline.CIRCLE, Stroke.SOLID),
    Role.COVER: MarkStyle(Outline.SQUARE, Stroke.THIN),
    Role.PINCER: MarkStyle(Outline.SQUARE, Stroke.THIN),
    Role.FIN: MarkStyle(Outline.SQUARE, Stroke.SOLID),
}
"""Every role's style (a test checks that every role has one)."""


def style_of(role: Role) -> MarkStyle:
    """The style a role's mark is drawn in."""
    return ROLE_STYLES.get(role, MarkStyle(Outline.CIRCLE, Stroke.THIN))


def ink(role: Role, palette: Palette) -> Colour:
    """The colour of a digit inside a role's mark: the role's, or its tint on a solid mark."""
    if style_of(role).stroke is Stroke.SOLID:
        return palette.role_fill(role)
    return palette.role(role)


def stroke_width(stroke: Stroke, base: int) -> int:
    """The outline's width for a ``base`` (thin) width.

    Thick is one and a half times thin, at least a pixel more: heavier at a glance,
    yet clear of the digit inside (twice as heavy cut into it at note size).
    """
    return max(base + 1, round(base * 1.5)) if stroke is Stroke.THICK else base


def draw_mark(
    surface: pygame.Surface,
    role: Role,
    centre: tuple[float, float],
    radius: float,
    palette: Palette,
    base: int,
) -> None:
    """A role's mark round a point: its tint inside, its outline in its style.

    ``radius`` is the circle's; a square is drawn a little smaller so that both
    cover about the same area.  ``base`` is the thin stroke's width.
    """
    style = style_of(role)
    colour = palette.role(role)
    fill = colour if style.stroke is Stroke.SOLID else palette.role_fill(role)
    width = stroke_width(style.stroke, base)
    cx, cy = centre
    if style.outline is Outline.SQUARE:
        half = radius * 0.9
        rect = pygame.Rect(0, 0, round(2 * half), round(2 * half))
        rect.center = (round(cx), round(cy))
        corner = max(1, round(half * 0.15))
        pygame.draw.rect(surface, fill, rect, border_radius=corner)
        if style.stroke is Stroke.DOTTED:
            _dotted_square(surface, colour, rect, width)
        elif style.stroke is not Stroke.SOLID:
            pygame.draw.rect(surface, colour, rect, width, border_radius=corner)
        return
    point = (round(cx), round(cy))
    pygame.draw.circle(surface, fill, point, round(radius))
    if style.stroke is Stroke.DOTTED:
        _dotted_circle(surface, colour, (cx, cy), radius - width / 2, width)
    elif style.stroke is not Stroke.SOLID:
        pygame.draw.circle(surface, colour, point, round(radius), width)


def draw_badge(
    surface: pygame.Surface, role: Role, corner: tuple[int, int], size: int, palette: Palette
) -> None:
    """A whole cell's mark: the role's shape, ``size`` pixels across, at ``corner``
    (its top-left), so a tinted cell says its role without its hue."""
    radius = size / 2
    base = max(1, round(size / 10))
    draw_mark(surface, role, (corner[0] + radius, corner[1] + radius), radius, palette, base)


def _dotted_circle(
    surface: pygame.Surface,
    colour: Colour,
    centre: tuple[float, float],
    radius: float,
    width: int,
) -> None:
    # Dots rather than dashed arcs: pygame's thick arcs leave pinholes at note size.
    # Dots of about the thin stroke's radius, a little more than a dot apart: at
    # badge size six of them, at note size seven or eight (more read as a line).
    dot = max(1, round(width * 0.8))
    count = max(6, round(2 * math.pi * radius / (dot * 4.5)))
    for k in range(count):
        angle = 2 * math.pi * k / count
        x = centre[0] + radius * math.cos(angle)
        y = centre[1] + radius * math.sin(angle)
        pygame.draw.circle(surface, colour, (round(x), round(y)), dot)


def _dotted_square(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int) -> None:
    dot = max(1, round(width * 0.6))
    step = max(3, round(dot * 4.5))
    inner = rect.inflate(-width, -width)
    for x in range(inner.left, inner.right + 1, step):
        for y in (inner.top, inner.bottom):
            pygame.draw.circle(surface, colour, (x, y), dot)
    for y in range(inner.top, inner.bottom + 1, step):
        for x in (inner.left, inner.right):
            pygame.draw.circle(surface, colour, (x, y), dot)
