"""A deduction's picture over the board: chain links and outlined areas.

Drawn on top of the composed board (not in the cell tiles) while a hint or a step
is shown in full.  Links join candidates (a grouped end is drawn from the middle
of its cells); areas outline groups of cells (an ALS, a fish's base and cover sets,
a grouped node, a colouring cluster) with a line along the group's outer edges,
each kind told by its line's pattern as well as its colour, and several areas
nested by their inset, with a short label ("A", "base r1") in a corner.  Areas
told apart by colour alone would fail colour-blind eyes, so each ALS carries its
letter and a colouring cluster's second colour is dashed.
"""

from __future__ import annotations

import math

import pygame

from ...engine.logic.step import Area, AreaKind, Link, Role, Step
from ..kit import Colour, Palette, Text, mix
from .layout import BoardGeometry

AREA_ROLES: dict[AreaKind, Role] = {
    AreaKind.BASE: Role.PATTERN,
    AreaKind.COVER: Role.COVER,
    AreaKind.GROUP: Role.PIVOT,
    AreaKind.POSITION: Role.FOCUS,
}
"""The role colour each kind of area borrows (ALS and clusters cycle their own)."""

ALS_ROLES = (Role.PATTERN, Role.PIVOT, Role.COVER, Role.FIN, Role.FOCUS)
"""Colours for ALS A, B, C...: distinct and shared with the role marks' legend."""


def area_colour(area: Area, palette: Palette) -> Colour:
    """The outline's colour: by kind, and by index among ALSs and clusters."""
    if area.kind is AreaKind.ALS:
        return palette.role(ALS_ROLES[area.index % len(ALS_ROLES)])
    if area.kind is AreaKind.CLUSTER:
        return palette.role(Role.COLOUR_A if area.index % 2 == 0 else Role.COLOUR_B)
    return palette.role(AREA_ROLES.get(area.kind, Role.PATTERN))


def dashed_kind(kind: AreaKind) -> bool:
    """Cover sets and grouped nodes are dashed: told apart from bases by shape too."""
    return kind in (AreaKind.COVER, AreaKind.GROUP)


def dashed_area(area: Area) -> bool:
    """Whether ``area``'s outline is dashed: by kind, and a cluster's second colour."""
    return dashed_kind(area.kind) or (area.kind is AreaKind.CLUSTER and area.index % 2 == 1)


def area_label(area: Area) -> str:
    """The tag in the area's corner: its own, or for an ALS its letter ("A", "B", ...).

    The ALSs of a step differ in colour; the letter tells them apart without it.
    """
    if area.label or area.kind is not AreaKind.ALS:
        return area.label
    return chr(ord("A") + area.index % 26)


def draw_deduction(
    surface: pygame.Surface, step: Step, geometry: BoardGeometry, palette: Palette, text: Text
) -> None:
    """Areas first (under), then links (over), for ``step`` drawn on ``geometry``."""
    for order, area in enumerate(step.areas):
        _draw_area(surface, area, order, geometry, palette, text)
    draw_links(surface, step, geometry, palette)


def _draw_area(
    surface: pygame.Surface,
    area: Area,
    order: int,
    geometry: BoardGeometry,
    palette: Palette,
    text: Text,
) -> None:
    cells = set(area.cells)
    if not cells:
        return
    n, size = geometry.size, geometry.cell
    colour = area_colour(area, palette)
    width = max(2, size // 18)
    inset = width + (order % 3) * (width + max(1, width // 2))
    dashed = dashed_area(area)
    for cell in cells:
        rect = geometry.cell_rect(cell).inflate(-2 * inset, -2 * inset)
        row, column = divmod(cell, n)
        edges = (
            (row == 0 or cell - n not in cells, rect.topleft, rect.topright),
            (row == n - 1 or cell + n not in cells, rect.bottomleft, rect.bottomright),
            (column == 0 or cell - 1 not in cells, rect.topleft, rect.bottomleft),
            (column == n - 1 or cell + 1 not in cells, rect.topright, rect.bottomright),
        )
        for outer, start, end in edges:
            if outer:
                _line(surface, colour, start, end, width, dashed)
        # Inside the area, close the gap the inset leaves between neighbours.
        if column + 1 < n and cell + 1 in cells:
            bridge = geometry.cell_rect(cell + 1).inflate(-2 * inset, -2 * inset)
            for y, y2 in ((rect.top, bridge.top), (rect.bottom, bridge.bottom)):
                if (y == rect.top and (row == 0 or cell - n not in cells)) or (
                    y == rect.bottom and (row == n - 1 or cell + n not in cells)
                ):
                    _line(surface, colour, (rect.right, y), (bridge.left, y2), width, dashed)
        if row + 1 < n and cell + n in cells:
            bridge = geometry.cell_rect(cell + n).inflate(-2 * inset, -2 * inset)
            for x, x2 in ((rect.left, bridge.left), (rect.right, bridge.right)):
                if (x == rect.left and (column == 0 or cell - 1 not in cells)) or (
                    x == rect.right and (column == n - 1 or cell + 1 not in cells)
                ):
                    _line(surface, colour, (x, rect.bottom), (x2, bridge.top), width, dashed)
    label = area_label(area)
    if label:
        _draw_label(surface, label, min(cells), inset, colour, geometry, palette, text)


def _draw_label(
    surface: pygame.Surface,
    label: str,
    cell: int,
    inset: int,
    colour: Colour,
    geometry: BoardGeometry,
    palette: Palette,
    text: Text,
) -> None:
    """A small tag at the area's first cell's top-left corner, on the outline."""
    size = max(12, round(geometry.cell * 0.2))
    image = text.render(label, size, palette.accent_text, True)
    pad = max(2, size // 5)
    box = image.get_rect().inflate(2 * pad, pad)
    corner = geometry.cell_rect(cell).inflate(-2 * inset, -2 * inset).topleft
    box.topleft = (corner[0] - box.h // 3, corner[1] - box.h // 2)
    pygame.draw.rect(surface, mix(colour, (0, 0, 0), 0.1), box, border_radius=max(2, pad))
    surface.blit(image, image.get_rect(center=box.center))


def _line(
    surface: pygame.Surface,
    colour: Colour,
    start: tuple[float, float],
    end: tuple[float, float],
    width: int,
    dashed: bool,
    dash: float | None = None,
) -> None:
    """A line, solid or in dashes of ``dash`` pixels (by default from the width)."""
    if not dashed:
        pygame.draw.line(surface, colour, start, end, width)
        return
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    if length < 1:
        return
    dash = dash if dash is not None else max(4.0, width * 2.5)
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    travelled = 0.0
    while travelled < length:
        a, b = travelled, min(length, travelled + dash)
        pygame.draw.line(
            surface,
            colour,
            (start[0] + ux * a, start[1] + uy * a),
            (start[0] + ux * b, start[1] + uy * b),
            width,
        )
        travelled += 2 * dash


def _end(
    link_end: tuple[int, int], cells: tuple[int, ...], geometry: BoardGeometry
) -> tuple[float, float]:
    """Where a link ends: the candidate's note spot, or the middle of a grouped end."""
    digit = link_end[1]
    spots = [geometry.note_rect(cell, digit).center for cell in (cells or (link_end[0],))]
    return (sum(x for x, _ in spots) / len(spots), sum(y for _, y in spots) / len(spots))


def draw_links(
    surface: pygame.Surface, step: Step, geometry: BoardGeometry, palette: Palette
) -> None:
    """A chain's links as lines between candidates: strong solid, weak dashed, with arrows."""
    width = max(2, geometry.cell // 22)
    for link in step.links:
        _draw_link(surface, link, geometry, palette, width)


def _draw_link(
    surface: pygame.Surface, link: Link, geometry: BoardGeometry, palette: Palette, width: int
) -> None:
    spot = geometry.note_rect(*link.source)
    colour = palette.role(Role.PIVOT) if link.strong else palette.role(Role.OFF)
    # The line runs between the candidates' rings (as drawn by the tiles).
    ring = min(spot.w, spot.h) * 0.47 + 1
    _arrow(
        surface,
        colour,
        _end(link.source, link.source_cells, geometry),
        _end(link.target, link.target_cells, geometry),
        width,
        dashed=not link.strong,
        head=geometry.cell / 7,
        gap=ring,
    )


def _arrow(
    surface: pygame.Surface,
    colour: Colour,
    start: tuple[float, float],
    end: tuple[float, float],
    width: int,
    *,
    dashed: bool,
    head: float,
    gap: float,
) -> None:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    room = length - 2 * gap
    if room < 2:  # neighbouring notes of one cell: their ring colours say enough
        return
    ux, uy = dx / length, dy / length
    head = min(head, room * 0.6)
    a = (start[0] + ux * gap, start[1] + uy * gap)
    b = (end[0] - ux * gap, end[1] - uy * gap)
    shaft = (b[0] - ux * head * 0.8, b[1] - uy * head * 0.8)
    _line(surface, colour, a, shaft, width, dashed, dash=max(4.0, head * 0.8))
    left = (b[0] - ux * head - uy * head * 0.55, b[1] - uy * head + ux * head * 0.55)
    right = (b[0] - ux * head + uy * head * 0.55, b[1] - uy * head - ux * head * 0.55)
    pygame.draw.polygon(surface, colour, [b, left, right])
