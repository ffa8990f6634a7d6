"""A deduction's picture over the board: chain links and outlined areas.

Drawn on top of the composed board (not in the cell tiles) while a hint or a step
is shown in full.  Links join candidates (a grouped end is drawn from the middle
of its cells); areas outline groups of cells (an ALS, a fish's base and cover sets,
a grouped node, a colouring cluster) with a line along the group's outer edges,
each kind told by its line's pattern as well as its colour, and several areas
told apart by their inset (two levels, both clear of the notes), each with a
short label ("A", "base r1") on a corner.  Areas told apart by colour alone would
fail colour-blind eyes, so each ALS carries its letter and a colouring cluster's
second colour is dashed.

What the step is about stays in sight: no line crosses a candidate the step names
(lines break round them), and a label goes on the first corner where it covers
none of them and no other label, inside the board.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ...engine.logic.step import Area, AreaKind, Link, Role, Step
from ..kit import Colour, Palette, Text, mix
from .layout import BoardGeometry
from .looks import CellLook

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


Circle = tuple[float, float, float]
"""A keep-out disc: (x, y, radius) round a candidate the step names."""


def draw_deduction(
    surface: pygame.Surface,
    step: Step,
    geometry: BoardGeometry,
    palette: Palette,
    text: Text,
    looks: Sequence[CellLook] = (),
) -> list[pygame.Rect]:
    """Areas first (under), then links, then the areas' labels, for ``step`` drawn on
    ``geometry``; the labels' rectangles.

    No line crosses a candidate the step names (a mark, a removal, a link's end):
    lines break round them.  Labels sit where they cover none of those candidates
    and no other label, inside the board; given the cells' ``looks``, where it covers
    the fewest digits and notes of any kind.
    """
    keep = keep_out(step, geometry)
    for order, area in enumerate(step.areas):
        _draw_area(surface, area, order, geometry, palette, keep)
    draw_links(surface, step, geometry, palette, keep)
    placed: list[pygame.Rect] = []
    for order, area in enumerate(step.areas):
        label = area_label(area)
        if label and area.cells:
            colour = area_colour(area, palette)
            box = _draw_label(
                surface, label, area, order, colour, geometry, palette, text, keep, placed, looks
            )
            placed.append(box)
    return placed


def mentioned(step: Step) -> set[tuple[int, int]]:
    """Every candidate ``step`` names: its marked candidates, removals and links' ends."""
    found = {(m.cell, m.digit) for m in step.marks if m.digit is not None}
    found |= set(step.eliminations)
    for link in step.links:
        for end, cells in ((link.source, link.source_cells), (link.target, link.target_cells)):
            found |= {(cell, end[1]) for cell in (cells or (end[0],))}
    return found


def keep_out(step: Step, geometry: BoardGeometry) -> list[Circle]:
    """A disc round each candidate ``step`` names, as large as its mark's ring."""
    discs = []
    for cell, digit in sorted(mentioned(step)):
        spot = geometry.note_rect(cell, digit)
        x, y = spot.center
        discs.append((float(x), float(y), min(spot.w, spot.h) * 0.5 + 1))
    return discs


def _inset(area: Area, order: int, width: int) -> int:
    """How far inside its cells an area's outline runs: one of two levels, both in the
    margin between the cell's edge and its notes, so outlines cross no candidate.

    A fish's base sets take the outer level and its cover sets the inner one, so the
    two never run on one line; other areas alternate.
    """
    level = {AreaKind.BASE: 0, AreaKind.COVER: 1}.get(area.kind, order % 2)
    return max(1, width // 2) + level * (width + 1)


def _draw_area(
    surface: pygame.Surface,
    area: Area,
    order: int,
    geometry: BoardGeometry,
    palette: Palette,
    keep: list[Circle],
) -> None:
    cells = set(area.cells)
    if not cells:
        return
    n, size = geometry.size, geometry.cell
    colour = area_colour(area, palette)
    width = max(2, size // 18)
    inset = _inset(area, order, width)
    dashed = dashed_area(area)

    def line(start: tuple[float, float], end: tuple[float, float]) -> None:
        _line(surface, colour, start, end, width, dashed, avoid=keep)

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
                line(start, end)
        # Inside the area, close the gap the inset leaves between neighbours.
        if column + 1 < n and cell + 1 in cells:
            bridge = geometry.cell_rect(cell + 1).inflate(-2 * inset, -2 * inset)
            for y, y2 in ((rect.top, bridge.top), (rect.bottom, bridge.bottom)):
                if (y == rect.top and (row == 0 or cell - n not in cells)) or (
                    y == rect.bottom and (row == n - 1 or cell + n not in cells)
                ):
                    line((rect.right, y), (bridge.left, y2))
        if row + 1 < n and cell + n in cells:
            bridge = geometry.cell_rect(cell + n).inflate(-2 * inset, -2 * inset)
            for x, x2 in ((rect.left, bridge.left), (rect.right, bridge.right)):
                if (x == rect.left and (column == 0 or cell - 1 not in cells)) or (
                    x == rect.right and (column == n - 1 or cell + 1 not in cells)
                ):
                    line((x, rect.bottom), (x2, bridge.top))


def _draw_label(
    surface: pygame.Surface,
    label: str,
    area: Area,
    order: int,
    colour: Colour,
    geometry: BoardGeometry,
    palette: Palette,
    text: Text,
    keep: list[Circle],
    placed: list[pygame.Rect],
    looks: Sequence[CellLook],
) -> pygame.Rect:
    """A small tag on a corner of the area's outline; the rectangle it took.

    The first corner, in the area's reading order, where the tag covers none of the
    step's candidates and no other tag; always inside the board.  Failing that (a
    crowded picture), the corner where it covers the fewest.
    """
    size = max(12, round(geometry.cell * 0.2))
    image = text.render(label, size, palette.accent_text, True)
    pad = max(2, size // 5)
    box = image.get_rect().inflate(2 * pad, pad)
    board = geometry.rect
    inset = _inset(area, order, max(2, geometry.cell // 18))
    best: tuple[int, pygame.Rect] | None = None
    for spot in label_spots(box.size, sorted(area.cells), inset, geometry):
        clashes = 100 * sum(_touches(spot, disc) for disc in keep)
        clashes += 100 * sum(spot.colliderect(other) for other in placed)
        clashes += _covered(spot, geometry, looks)  # digits and notes under it
        if best is None or clashes < best[0]:
            best = (clashes, spot)
        if not clashes:
            break
    assert best is not None
    box = best[1].clamp(board)
    pygame.draw.rect(surface, mix(colour, (0, 0, 0), 0.1), box, border_radius=max(2, pad))
    surface.blit(image, image.get_rect(center=box.center))
    return box


def label_spots(
    size: tuple[int, int], cells: list[int], inset: int, geometry: BoardGeometry
) -> list[pygame.Rect]:
    """Where an area's tag may go, best first: across each corner of each cell's
    outline (top left first, as a title reads), each kept inside the board."""
    w, h = size
    board = geometry.rect
    spots = []
    for cell in cells:
        rect = geometry.cell_rect(cell).inflate(-2 * inset, -2 * inset)
        for x, y in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
            spot = pygame.Rect(0, 0, w, h)
            spot.left = x - h // 3 if x == rect.left else x + h // 3 - w
            spot.top = y - h // 2
            spots.append(spot.clamp(board))
    return spots


def _covered(rect: pygame.Rect, geometry: BoardGeometry, looks: Sequence[CellLook]) -> int:
    """What ``rect`` hides of the cells under it: three for a digit, one a note (without
    ``looks``, the middle of every cell counts as a digit)."""
    n, size = geometry.size, geometry.cell
    first_column = max(0, (rect.left - geometry.x) // size)
    last_column = min(n - 1, (rect.right - geometry.x) // size)
    first_row = max(0, (rect.top - geometry.y) // size)
    last_row = min(n - 1, (rect.bottom - geometry.y) // size)
    count = 0
    for row in range(first_row, last_row + 1):
        for column in range(first_column, last_column + 1):
            cell = row * n + column
            look = looks[cell] if cell < len(looks) else None
            if look is None or look.digit or look.target:
                x, y = geometry.cell_rect(cell).center
                count += 3 * _touches(rect, (float(x), float(y), size * 0.3))
                continue
            for digit in range(1, n + 1):
                if (look.notes | look.corner | look.centre) >> (digit - 1) & 1:
                    spot = geometry.note_rect(cell, digit)
                    disc = (float(spot.centerx), float(spot.centery), min(spot.w, spot.h) * 0.35)
                    count += _touches(rect, disc)
    return count


def _touches(rect: pygame.Rect, disc: Circle) -> bool:
    """Whether ``rect`` covers any of the disc."""
    x, y, r = disc
    nearest_x = min(max(x, rect.left), rect.right)
    nearest_y = min(max(y, rect.top), rect.bottom)
    return (nearest_x - x) ** 2 + (nearest_y - y) ** 2 < r * r


def _line(
    surface: pygame.Surface,
    colour: Colour,
    start: tuple[float, float],
    end: tuple[float, float],
    width: int,
    dashed: bool,
    dash: float | None = None,
    avoid: list[Circle] | None = None,
) -> None:
    """A line, solid or in dashes of ``dash`` pixels (by default from the width),
    broken where it would cross a disc of ``avoid`` (a candidate the step names)."""
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    if length < 1:
        return
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    pieces = [(0.0, length)]
    if dashed:
        dash = dash if dash is not None else max(4.0, width * 2.5)
        pieces = []
        travelled = 0.0
        while travelled < length:
            pieces.append((travelled, min(length, travelled + dash)))
            travelled += 2 * dash
    for disc in avoid or ():
        gap = _crossing(start, (ux, uy), length, disc, width / 2)
        if gap is not None:
            pieces = [part for piece in pieces for part in _without(piece, gap)]
    for a, b in pieces:
        if b - a >= 1:
            pygame.draw.line(
                surface,
                colour,
                (start[0] + ux * a, start[1] + uy * a),
                (start[0] + ux * b, start[1] + uy * b),
                width,
            )


def _crossing(
    start: tuple[float, float],
    direction: tuple[float, float],
    length: float,
    disc: Circle,
    half: float,
) -> tuple[float, float] | None:
    """The stretch (distances along the line) inside ``disc`` grown by ``half`` (the
    line's half width), or None when the line passes clear of it."""
    x, y, r = disc
    r += half
    along = (x - start[0]) * direction[0] + (y - start[1]) * direction[1]
    across = abs((x - start[0]) * direction[1] - (y - start[1]) * direction[0])
    if across >= r:
        return None
    half_chord = math.sqrt(r * r - across * across)
    a, b = along - half_chord, along + half_chord
    if b <= 0 or a >= length:
        return None
    return (a, b)


def _without(piece: tuple[float, float], gap: tuple[float, float]) -> list[tuple[float, float]]:
    """``piece`` minus ``gap`` (both stretches along one line)."""
    a, b = piece
    g0, g1 = gap
    if g1 <= a or g0 >= b:
        return [piece]
    return [part for part in ((a, min(b, g0)), (max(a, g1), b)) if part[1] > part[0]]


def _end(
    link_end: tuple[int, int], cells: tuple[int, ...], geometry: BoardGeometry
) -> tuple[float, float]:
    """Where a link ends: the candidate's note spot, or the middle of a grouped end."""
    digit = link_end[1]
    spots = [geometry.note_rect(cell, digit).center for cell in (cells or (link_end[0],))]
    return (sum(x for x, _ in spots) / len(spots), sum(y for _, y in spots) / len(spots))


def draw_links(
    surface: pygame.Surface,
    step: Step,
    geometry: BoardGeometry,
    palette: Palette,
    keep: list[Circle] | None = None,
) -> None:
    """A chain's links as lines between candidates: strong solid, weak dashed, with
    arrows; broken round the other candidates the step names (``keep``)."""
    width = max(2, geometry.cell // 22)
    for link in step.links:
        _draw_link(surface, link, geometry, palette, width, keep or [])


def _draw_link(
    surface: pygame.Surface,
    link: Link,
    geometry: BoardGeometry,
    palette: Palette,
    width: int,
    keep: list[Circle],
) -> None:
    spot = geometry.note_rect(*link.source)
    colour = palette.role(Role.PIVOT) if link.strong else palette.role(Role.OFF)
    # The line runs between the candidates' rings (as drawn by the tiles).
    ring = min(spot.w, spot.h) * 0.47 + 1
    start = _end(link.source, link.source_cells, geometry)
    end = _end(link.target, link.target_cells, geometry)
    # The link's own ends are met by its gap; every other named candidate is avoided.
    ends = {
        geometry.note_rect(cell, digit).center
        for (cell, digit), cells in (
            (link.source, link.source_cells),
            (link.target, link.target_cells),
        )
        for cell in (cells or (cell,))
    }
    avoid = [disc for disc in keep if (disc[0], disc[1]) not in ends]
    _arrow(
        surface,
        colour,
        start,
        end,
        width,
        dashed=not link.strong,
        head=geometry.cell / 7,
        gap=ring,
        avoid=avoid,
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
    avoid: list[Circle] | None = None,
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
    _line(surface, colour, a, shaft, width, dashed, dash=max(4.0, head * 0.8), avoid=avoid)
    left = (b[0] - ux * head - uy * head * 0.55, b[1] - uy * head + ux * head * 0.55)
    right = (b[0] - ux * head + uy * head * 0.55, b[1] - uy * head - ux * head * 0.55)
    pygame.draw.polygon(surface, colour, [b, left, right])
