"""The picker's bars: the header (back, the heading or path, the filter) and the footer
(the status line and the keys), drawn through the view's cached text.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ...session.picker import Browser
from ..kit import Colour, Palette, Text, draw_button, mix
from .layout import PickerLayout, Pointing


class BarDrawer(Protocol):
    """What the bars need from :class:`~.view.PickerView`: its text and cached lines."""

    text: Text

    def render(
        self, text: str, size: int, colour: Colour, bold: bool = False
    ) -> pygame.Surface: ...

    def _line(
        self,
        text: str,
        size: int,
        colour: Colour,
        width: int,
        *,
        bold: bool = False,
        where: str = "end",
    ) -> pygame.Surface: ...


def draw_header(
    view: BarDrawer,
    surface: pygame.Surface,
    layout: PickerLayout,
    browser: Browser,
    p: Palette,
    pointing: Pointing,
    heading_shown: bool = True,
) -> None:
    u = layout.unit
    draw_button(
        surface,
        view.text,
        p,
        layout.back,
        "‹  Back",
        hovered=pointing.control == "back",
        size=layout.detail_size + 1,
    )
    if not heading_shown:  # the path line covers the heading and the filter
        return
    heading = layout.heading
    collection = browser.collection
    if collection is not None:
        title = collection.entry.name
        where = browser.folder.path
    else:
        title = "Open a puzzle"
        where = browser.folder.path
    title_image = view._line(title, layout.title_size, p.text, heading.w, bold=True, where="middle")
    # The path opens the path line when clicked, as a file manager's path bar does.
    path_colour = p.accent if pointing.control == "path" else p.text_dim
    path_image = view._line(_home(where), layout.detail_size, path_colour, heading.w, where="start")
    gap = round(u * 0.06)
    total = title_image.get_height() + gap + path_image.get_height()
    y = heading.centery - total // 2
    surface.blit(title_image, (heading.x, y))
    surface.blit(path_image, (heading.x, y + title_image.get_height() + gap))
    draw_filter(view, surface, layout, browser, p, pointing)


def draw_filter(
    view: BarDrawer,
    surface: pygame.Surface,
    layout: PickerLayout,
    browser: Browser,
    p: Palette,
    pointing: Pointing,
) -> None:
    field = layout.filter
    radius = field.h // 2
    active = bool(browser.filter)
    pygame.draw.rect(surface, p.surface, field, border_radius=radius)
    edge = p.accent if active else p.border
    pygame.draw.rect(surface, edge, field, 2 if active else 1, border_radius=radius)
    icon = field.h // 2
    cx, cy = field.x + radius, field.centery
    ring = max(4, icon * 5 // 12)
    width = max(2, icon // 9)
    glass = (cx - ring // 4, cy - ring // 4)
    pygame.draw.circle(surface, p.text_dim, glass, ring, width)
    reach = round(ring * 0.7)
    start = (glass[0] + reach, glass[1] + reach)
    pygame.draw.line(
        surface, p.text_dim, start, (start[0] + ring // 2, start[1] + ring // 2), width + 1
    )
    x = cx + radius
    room = (layout.clear.x if active else field.right - radius // 2) - x
    size = layout.detail_size + 1
    if active:
        image = view._line(browser.filter, size, p.text, room - 6, where="start")
        surface.blit(image, image.get_rect(midleft=(x, field.centery)))
        caret = x + image.get_width() + 2
        half = size * 6 // 10
        pygame.draw.line(surface, p.accent, (caret, cy - half), (caret, cy + half), 2)
        clear = layout.clear
        hovered = pointing.control == "clear"
        if hovered:
            pygame.draw.circle(surface, p.surface_alt, clear.center, clear.h * 3 // 8)
        arm = clear.h // 7
        colour = p.text if hovered else p.text_dim
        ccx, ccy = clear.center
        pygame.draw.line(surface, colour, (ccx - arm, ccy - arm), (ccx + arm, ccy + arm), 2)
        pygame.draw.line(surface, colour, (ccx - arm, ccy + arm), (ccx + arm, ccy - arm), 2)
    else:
        hint = "Type a puzzle number" if browser.collection is not None else "Type to filter"
        image = view._line(hint, size, p.disabled, room)
        surface.blit(image, image.get_rect(midleft=(x, field.centery)))


def draw_footer(
    view: BarDrawer,
    surface: pygame.Surface,
    layout: PickerLayout,
    browser: Browser,
    p: Palette,
    path_key: str = "",
) -> None:
    footer = layout.footer
    u = layout.unit
    size = layout.small_size
    message, fraction = browser.progress()
    x = footer.x + round(u * 0.1)
    hint = _hints(browser, path_key)
    hint_image: pygame.Surface | None = view.render(hint, size, p.text_dim)
    if fraction is not None:
        bar = pygame.Rect(x, 0, round(u * 2.4), max(4, u // 12))
        bar.centery = footer.centery
        pygame.draw.rect(surface, mix(p.border, p.background, 0.3), bar, border_radius=bar.h // 2)
        done = bar.copy()
        done.w = max(bar.h, round(bar.w * fraction))
        pygame.draw.rect(surface, p.accent, done, border_radius=bar.h // 2)
        x = bar.right + round(u * 0.25)
    text = browser.note or message or _totals(browser)
    room = footer.right - x - (hint_image.get_width() if hint_image else 0) - round(u * 0.5)
    if room < u * 3:  # a narrow window: the hints give way to what is happening
        hint_image = None
        room = footer.right - x
    colour = p.accent if browser.note else p.text_dim
    image = view._line(text, size, colour, room)
    surface.blit(image, image.get_rect(midleft=(x, footer.centery)))
    if hint_image is not None:
        surface.blit(hint_image, hint_image.get_rect(midright=(footer.right, footer.centery)))


def _hints(browser: Browser, path_key: str = "") -> str:
    back = "Esc clears" if browser.filter else "Esc back"
    up = "Backspace up" if not browser.filter else "Backspace erases"
    path = f"{path_key} path  ·  " if path_key else ""
    return f"{path}Enter open  ·  {up}  ·  {back}"


def _totals(browser: Browser) -> str:
    collection = browser.collection
    state = browser.state
    if collection is not None:
        shown = state.count
        total = collection.count
        return f"{shown:,} of {total:,} puzzles" if shown != total else f"{total:,} puzzles"
    page = browser.folder
    folders, files = page.folders, page.listed_files
    if page.filter:
        return f"{state.count:,} of {folders + files:,} match"
    parts = []
    if folders:
        parts.append(f"{folders:,} folder" + ("s" if folders != 1 else ""))
    if files:
        parts.append(f"{files:,} file" + ("s" if files != 1 else ""))
    return "  ·  ".join(parts)


def _home(path: str) -> str:
    import os

    home = os.path.expanduser("~")
    if home not in ("", "/") and (path == home or path.startswith(home + os.sep)):
        return "~" + path[len(home) :]
    return path
