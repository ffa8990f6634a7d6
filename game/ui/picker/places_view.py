"""The shortcuts column: where each place goes on screen, and how it is drawn.

:func:`arrange` is geometry alone (the scene hit-tests with it, tests click
with it); :func:`draw_places` reads the :class:`~...session.picker.shortcuts.Place`
values and changes nothing.  The column has no card of its own: it sits on the
window's background like a file manager's sidebar, so the list stays the one
raised surface to look at.  The place the picker shows is highlighted.
Recent folders take two lines (the name, then where it is), since two
folders called ``classic`` are common among puzzle collections.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from ...session.picker import Icon, Place, PlaceKind
from ..kit import Palette, mix
from .icons import draw_icon
from .layout import PickerLayout

RECENT_TITLE = "Recent"


@dataclass(frozen=True)
class Arranged:
    """The places that fit the column, each with its rectangle, and the Recent title's."""

    rects: tuple[tuple[Place, pygame.Rect], ...]
    title: pygame.Rect | None  # above the first recent folder

    def at(self, pos: tuple[int, int]) -> int | None:
        """The index (into the places) of the shortcut under ``pos``, or None."""
        return next((i for i, (_, rect) in enumerate(self.rects) if rect.collidepoint(pos)), None)


def arrange(layout: PickerLayout, places: Sequence[Place]) -> Arranged:
    """Where each place goes, top down; recent folders that do not fit are left out."""
    column = layout.places
    h = layout.place_height
    y = column.y
    rects: list[tuple[Place, pygame.Rect]] = []
    title = None
    for place in places:
        if place.kind is PlaceKind.RECENT:
            if title is None:
                y += round(h * 0.35)
                title = pygame.Rect(column.x, y, column.w, round(h * 0.75))
                y = title.bottom
            height = round(h * 1.45)
        else:
            height = h
        if y + height > column.bottom:
            break
        rects.append((place, pygame.Rect(column.x, y, column.w, height)))
        y += height + max(1, h // 14)
    if title is not None and not any(p.kind is PlaceKind.RECENT for p, _ in rects):
        title = None
    return Arranged(tuple(rects), title)


class Renderer(Protocol):
    """What the column needs from the view: cached, elided text (see PickerView)."""

    def render(
        self, text: str, size: int, colour: tuple[int, int, int], bold: bool = False
    ) -> pygame.Surface: ...

    def fit(
        self, text: str, size: int, width: int, bold: bool = False, where: str = "end"
    ) -> str: ...


def draw_places(
    surface: pygame.Surface,
    view: Renderer,
    layout: PickerLayout,
    places: Sequence[Place],
    folder: str,
    p: Palette,
    hovered: int | None,
) -> None:
    """The column for ``places``; the one leading to ``folder`` (shown now) highlighted."""
    arranged = arrange(layout, places)
    u = layout.unit
    size = layout.name_size
    small = layout.detail_size
    if arranged.title is not None:
        image = view.render(RECENT_TITLE, small, p.text_dim, True)
        x = arranged.title.x + round(u * 0.18)
        surface.blit(image, image.get_rect(midleft=(x, arranged.title.centery)))
    current = next((i for i, (pl, _) in enumerate(arranged.rects) if pl.leads_to(folder)), None)
    radius = max(4, u // 10)
    for index, (place, rect) in enumerate(arranged.rects):
        if index == current:
            pygame.draw.rect(
                surface, mix(p.selected, p.background, 0.55), rect, border_radius=radius
            )
        elif index == hovered:
            pygame.draw.rect(
                surface, mix(p.surface_alt, p.background, 0.3), rect, border_radius=radius
            )
            pygame.draw.rect(surface, p.border, rect, 1, border_radius=radius)
        side = round(layout.place_height * 0.56)
        pad = round(u * 0.18)
        icon = pygame.Rect(rect.x + pad, 0, side, side)
        x = icon.right + round(u * 0.16)
        room = rect.right - pad // 2 - x
        bold = index == current
        where = "middle" if place.kind is PlaceKind.RECENT else "end"
        label = view.render(view.fit(place.label, size, room, bold, where), size, p.text, bold)
        if place.kind is PlaceKind.RECENT and place.where:
            fitted = view.fit(place.where, small, room, where="start")
            below = view.render(fitted, small, p.text_dim)
            gap = round(u * 0.03)
            y = rect.centery - (label.get_height() + gap + below.get_height()) // 2
            surface.blit(label, (x, y))
            surface.blit(below, (x, y + label.get_height() + gap))
            icon.centery = y + label.get_height() // 2
        else:
            surface.blit(label, label.get_rect(midleft=(x, rect.centery)))
            icon.centery = rect.centery
        _icon(surface, place.kind, icon, p, p.accent if index == current else p.text_dim)


def _icon(
    surface: pygame.Surface,
    kind: PlaceKind,
    box: pygame.Rect,
    p: Palette,
    colour: tuple[int, int, int],
) -> None:
    """A small line picture per kind of place, drawn at any size in the theme's colours."""
    w = box.w
    line = max(1, w // 11)
    if kind is PlaceKind.RECENT:
        draw_icon(surface, Icon.FOLDER, box.inflate(w // 5, w // 5), p)
        return
    if kind is PlaceKind.PUZZLES:  # a little grid
        grid = box.inflate(-w // 8, -w // 8)
        pygame.draw.rect(surface, colour, grid, line + 1, border_radius=max(1, w // 10))
        for k in (1, 2):
            x = grid.x + grid.w * k // 3
            y = grid.y + grid.h * k // 3
            pygame.draw.line(surface, colour, (x, grid.y), (x, grid.bottom - 1), line)
            pygame.draw.line(surface, colour, (grid.x, y), (grid.right - 1, y), line)
        return
    if kind is PlaceKind.SAVES:  # a bookmark ribbon: a game kept
        top, bottom = box.y + w // 10, box.bottom - w // 10
        left, right = box.x + w * 2 // 9, box.right - w * 2 // 9
        points = [
            (left, top),
            (right, top),
            (right, bottom),
            (box.centerx, bottom - w // 4),
            (left, bottom),
        ]
        pygame.draw.polygon(surface, colour, points, line + 1)
        return
    # Home: a house.
    roof_y = box.y + w // 8
    wall = pygame.Rect(box.x + w // 5, box.y + w * 4 // 9, w * 3 // 5, w * 4 // 9)
    pygame.draw.line(
        surface, colour, (box.x + w // 12, wall.y + w // 10), (box.centerx, roof_y), line + 1
    )
    pygame.draw.line(
        surface, colour, (box.centerx, roof_y), (box.right - w // 12, wall.y + w // 10), line + 1
    )
    pygame.draw.lines(
        surface,
        colour,
        False,
        [wall.topleft, wall.bottomleft, wall.bottomright, wall.topright],
        line + 1,
    )
