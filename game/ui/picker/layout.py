"""Every rectangle of the picker, computed from the window size alone.

One unit ``u`` sizes margins, rows and type, so 800x600 and 4K look alike, only
larger.  Landscape windows show the list with a preview pane to its right;
portrait windows put the preview below the list.  The shortcuts (places) make
a narrow column left of the list, as in file managers; at 800x600 it takes
width from the preview rather than from the list, whose names matter more.
The path line, while open, covers the heading and the filter (typing goes to
it then).  Pure geometry with hit testing, so tests can click rows without
drawing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pygame import Rect


@dataclass(frozen=True)
class PickerLayout:
    """The picker screen for one window size."""

    width: int
    height: int
    unit: int
    landscape: bool
    back: Rect  # the Back button
    heading: Rect  # title and path, between Back and the filter field
    filter: Rect
    clear: Rect  # the filter's clear button (inside the field, at its right)
    list: Rect  # the list's card
    rows: Rect  # where rows scroll, inside the card
    row_height: int
    scrollbar: Rect  # the track, at the card's right edge
    preview: Rect
    play: Rect  # the preview's action button
    footer: Rect
    places: Rect  # the shortcuts' column, left of the list
    place_height: int  # one shortcut (a recent folder takes a line more)
    line: Rect  # the path line, over the heading and the filter while it is open
    title_size: int
    name_size: int
    detail_size: int
    small_size: int

    @property
    def rows_fit(self) -> float:
        """How many rows the list shows, counting a partly visible one as a fraction."""
        return self.rows.h / self.row_height

    def row_rect(self, position: int, top: float) -> Rect:
        """The row at list ``position`` when the list is scrolled to ``top``."""
        y = self.rows.y + round((position - top) * self.row_height)
        return Rect(self.rows.x, y, self.rows.w, self.row_height)

    def row_at(self, pos: tuple[int, int], top: float) -> int | None:
        """The list position under ``pos`` (maybe past the end: the caller checks), or None."""
        if not self.rows.collidepoint(pos):
            return None
        return math.floor(top + (pos[1] - self.rows.y) / self.row_height)


def picker_layout(width: int, height: int) -> PickerLayout:
    """The layout for a window of ``width`` x ``height``."""
    width, height = max(width, 320), max(height, 240)
    landscape = width >= height
    # Portrait windows are narrow for their height: a larger unit for the same width,
    # since the preview goes below the list instead of beside it.
    fit = min(width / 20, height / 12.5) if landscape else min(width / 15, height / 18)
    u = max(32, round(fit))
    margin = round(0.35 * u)
    header = round(1.25 * u)
    footer_h = round(0.62 * u)
    control = round(0.72 * u)

    top_y = margin + (header - control) // 2
    back = Rect(margin, top_y, round(1.9 * u), control)
    filter_w = min(round(6.5 * u), round(0.36 * width))
    field = Rect(width - margin - filter_w, top_y, filter_w, control)
    clear = Rect(field.right - control, field.y, control, control)
    heading_x = back.right + round(0.35 * u)
    heading = Rect(heading_x, margin, max(0, field.x - round(0.35 * u) - heading_x), header)

    body_top = margin + header + round(0.15 * u)
    footer = Rect(margin, height - margin - footer_h, width - 2 * margin, footer_h)
    body_h = footer.y - round(0.15 * u) - body_top
    gap = margin
    # Beside a preview the list needs most of the width; alone (portrait) it can spare more.
    places_w = round(min(3.9 * u, (0.185 if landscape else 0.26) * width))
    left = margin + places_w + gap // 2  # the column needs no card, so half a gap
    room = width - margin - left
    if landscape:
        preview_w = round(min(max(room * 0.36, 5 * u), 9 * u))
        list_rect = Rect(left, body_top, room - gap - preview_w, body_h)
        preview = Rect(list_rect.right + gap, body_top, preview_w, body_h)
    else:
        preview_h = round(min(body_h * 0.36, 5.2 * u))
        list_rect = Rect(left, body_top, room, body_h - gap - preview_h)
        preview = Rect(margin, list_rect.bottom + gap, width - 2 * margin, preview_h)
    places = Rect(margin, body_top, places_w, list_rect.h)
    line = Rect(heading.x, top_y, field.right - heading.x, control)

    inset = max(4, round(0.12 * u))
    bar_w = max(6, round(0.14 * u))
    rows = Rect(
        list_rect.x + inset,
        list_rect.y + inset,
        list_rect.w - 3 * inset - bar_w,
        list_rect.h - 2 * inset,
    )
    scrollbar = Rect(rows.right + inset, rows.y, bar_w, rows.h)
    row_height = max(40, round(1.15 * u))

    pad = round(0.35 * u)
    play_h = round(0.8 * u)
    if landscape:
        play = Rect(preview.x + pad, preview.bottom - pad - play_h, preview.w - 2 * pad, play_h)
    else:
        play_w = min(round(4.5 * u), preview.w // 2)
        play = Rect(preview.right - pad - play_w, preview.bottom - pad - play_h, play_w, play_h)

    return PickerLayout(
        width=width,
        height=height,
        unit=u,
        landscape=landscape,
        back=back,
        heading=heading,
        filter=field,
        clear=clear,
        list=list_rect,
        rows=rows,
        row_height=row_height,
        scrollbar=scrollbar,
        preview=preview,
        play=play,
        footer=footer,
        places=places,
        place_height=max(28, round(0.66 * u)),
        line=line,
        title_size=max(16, round(0.42 * u)),
        name_size=max(13, round(0.29 * u)),
        detail_size=max(12, round(0.225 * u)),
        small_size=max(11, round(0.21 * u)),
    )


@dataclass(frozen=True)
class Pointing:
    """What the pointer is over: a row position, a shortcut, a choice, or a control by name."""

    row: int | None = None
    control: str = ""  # "back", "clear", "play", "scrollbar", "path" (the heading)
    place: int | None = None  # a shortcut, by its index among the places
    choice: int | None = None  # a name Tab found, under the path line
