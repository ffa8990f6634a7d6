"""The player's colours as shapes as well as tints: each colour has a shape, so two
colours never differ by hue alone; and the tint a colour gives a cell."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ..kit import Colour, contrast, mix

TINT = 0.36
"""How strongly a player's colour tints a cell: the digits on it must still read."""


SHAPES = ("circle", "square", "diamond", "triangle", "nabla", "hexagon", "plus", "star")
"""Each of the player's colours also has a shape (colour 1 a circle ...): the mark in
a coloured cell's corner and the disc behind a coloured candidate take it, so two
colours never differ by hue alone."""


def tint(cell: Colour, paint: Colour, ink: Colour) -> Colour:
    """``cell`` tinted with ``paint``: :data:`TINT` strong, less if the entries' ``ink``
    would then read at under 3:1 (a dark paint such as black on a light theme)."""
    strength = TINT
    colour = mix(cell, paint, strength)
    while strength > 0.12 and contrast(colour, ink) < 3.0:
        strength -= 0.03
        colour = mix(cell, paint, strength)
    return colour


def shape_points(name: str, centre: tuple[float, float], radius: float) -> list[tuple[int, int]]:
    """The outline of one of :data:`SHAPES` around ``centre`` (a circle has none)."""
    cx, cy = centre
    r = radius

    def at(angles: Sequence[float], radii: Sequence[float]) -> list[tuple[int, int]]:
        return [
            (round(cx + rr * math.cos(math.radians(a))), round(cy + rr * math.sin(math.radians(a))))
            for a, rr in zip(angles, radii, strict=True)
        ]

    if name == "square":
        side = r * 0.86
        return at((225, 315, 45, 135), (side * math.sqrt(2),) * 4)
    if name == "diamond":
        return at((270, 0, 90, 180), (r,) * 4)
    if name == "triangle":
        return at((270, 30, 150), (r * 1.08,) * 3)
    if name == "nabla":
        return at((90, 210, 330), (r * 1.08,) * 3)
    if name == "hexagon":
        return at(tuple(range(0, 360, 60)), (r,) * 6)
    if name == "plus":
        w = r * 0.42
        return [
            (round(cx + x), round(cy + y))
            for x, y in (
                (-w, -r), (w, -r), (w, -w), (r, -w), (r, w), (w, w),
                (w, r), (-w, r), (-w, w), (-r, w), (-r, -w), (-w, -w),
            )
        ]  # fmt: skip
    if name == "star":
        angles = [270 + 36 * k for k in range(10)]
        return at(angles, [r * 1.1 if k % 2 == 0 else r * 0.48 for k in range(10)])
    return []


def draw_shape(
    surface: pygame.Surface,
    colour_index: int,
    fill: Colour,
    centre: tuple[float, float],
    radius: float,
    edge: Colour | None = None,
    width: int = 1,
) -> None:
    """Colour ``colour_index``'s shape, filled, with an optional outline."""
    name = SHAPES[(colour_index - 1) % len(SHAPES)]
    points = shape_points(name, centre, radius)
    if not points:
        at = (round(centre[0]), round(centre[1]))
        pygame.draw.circle(surface, fill, at, round(radius))
        if edge is not None:
            pygame.draw.circle(surface, edge, at, round(radius), width)
        return
    pygame.draw.polygon(surface, fill, points)
    if edge is not None:
        pygame.draw.polygon(surface, edge, points, width)
