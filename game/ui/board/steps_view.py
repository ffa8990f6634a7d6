"""The step panel: one step of the solution, its buttons, and the "everywhere" commands.

While stepping through the solution the panel below its header becomes this
card: which step of how many, the technique, its explanation, Previous / Next /
Apply / Close (in the side panel one row, Apply between icons, so that at 800x600
the explanation has about eight lines rather than four), and one button per
"apply everywhere" command.  It takes the
number pad's place, since a player reading a deduction is not typing digits (the
keys still place them).  Drawn from a :class:`StepsCard` value, with its
geometry computed from the board layout alone so clicks hit-test without drawing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...session.board import StepsView
from ..kit import (
    Colour,
    Palette,
    Style,
    Text,
    button_grid,
    draw_button,
    draw_lines,
    draw_scrollbar,
    mix,
    wrap_lines,
)
from .layout import BoardLayout

NAV = ("step-previous", "step-next", "step-apply", "step-close")
"""The card's own buttons, in reading order."""

NAV_LABELS = {
    "step-previous": "Previous",
    "step-next": "Next",
    "step-close": "Close",
}

ICON_LABELS = {
    "step-previous": "◀",
    "step-next": "▶",
    "step-close": "✕",
}
"""The side panel's labels: its buttons in one row of icons round Apply (each says
its name and key on hover), so the explanation keeps the room of a second row."""


@dataclass(frozen=True)
class CommandKey:
    """A button of the card that runs a command: its name, label, look and tooltip."""

    name: str
    label: str
    style: Style
    tooltip: str


@dataclass(frozen=True)
class StepsCard:
    """Everything the step panel paints."""

    view: StepsView
    everywhere: tuple[CommandKey, ...]  # name "everywhere-…", label, style, tooltip
    tips: tuple[tuple[str, str], ...]  # nav button name -> tooltip with its key
    message: str  # the board's status line, shown in the card
    message_error: bool


@dataclass(frozen=True)
class StepsGeometry:
    card: pygame.Rect
    text: pygame.Rect  # the explanation's room, shared with the message under it
    nav: dict[str, pygame.Rect]
    everywhere_label: pygame.Rect
    everywhere: tuple[pygame.Rect, ...]
    pad: int
    unit: int
    icons: bool  # the nav buttons in one row of icons round Apply (the side panel)


def steps_geometry(layout: BoardLayout, count: int = 6) -> StepsGeometry:
    """Where everything of the step card goes, for ``count`` everywhere buttons."""
    u = layout.unit
    panel = layout.panel
    top = layout.pad[0].y if layout.pad else layout.header.bottom
    card = pygame.Rect(panel.x, top, panel.w, panel.bottom - top)
    pad = round(0.22 * u)
    inner = card.inflate(-2 * pad, -2 * pad)
    wide = inner.w > 6 * u  # portrait: the panel spans the board's width
    gap = round(0.14 * u)
    columns = 3 if wide else 2
    rows = -(-count // columns)
    # Tall enough for a label on two lines of 12 px (see _draw_everywhere) when the
    # panel is narrow: a long label then wraps rather than shrink under 12 px.
    row_h = max(round(0.5 * u), 30)
    bottom = inner.bottom
    grid_h = rows * row_h + (rows - 1) * round(0.1 * u)
    grid_top = bottom - grid_h
    cell_w = (inner.w - (columns - 1) * gap) / columns
    everywhere = tuple(
        pygame.Rect(
            round(inner.x + (i % columns) * (cell_w + gap)),
            grid_top + (i // columns) * (row_h + round(0.1 * u)),
            round(cell_w),
            row_h,
        )
        for i in range(count)
    )
    label = pygame.Rect(inner.x, grid_top - round(0.36 * u), inner.w, round(0.3 * u))
    nav_h = max(round(0.6 * u), 30)
    nav_top = label.y - round(0.3 * u) - nav_h
    if wide:
        nav = button_grid(NAV, inner.x, nav_top, inner.w, 4, nav_h, gap)
    else:
        nav = _icon_row(inner.x, nav_top, inner.w, nav_h, gap)
    text_top = inner.y + round(0.95 * u)
    text = pygame.Rect(inner.x, text_top, inner.w, max(0, nav_top - gap - text_top))
    return StepsGeometry(card, text, nav, label, everywhere, pad, u, not wide)


def _icon_row(x: int, y: int, width: int, height: int, gap: int) -> dict[str, pygame.Rect]:
    """Previous, Next, Apply and Close in one row: square icons, Apply the rest."""
    square = height  # icons need no more: Apply keeps its words on one line
    apply_w = width - 3 * square - 3 * gap
    lefts = (x, x + square + gap, x + 2 * (square + gap), x + 2 * (square + gap) + apply_w + gap)
    widths = (square, square, apply_w, square)
    return {
        name: pygame.Rect(left, y, w, height)
        for name, left, w in zip(NAV, lefts, widths, strict=True)
    }


def small_size(unit: int) -> int:
    """The step card's small type (the counter, the message, the everywhere label)."""
    return max(12, round(unit * 0.21))


def _tip(card: StepsCard, hover: str | int | None) -> str:
    tip = dict(card.tips).get(str(hover), "")
    return tip or next((k.tooltip for k in card.everywhere if k.name == hover), "")


def explanation_room(
    text: Text, g: StepsGeometry, card: StepsCard, hover: str | int | None
) -> tuple[pygame.Rect, list[str]]:
    """The explanation's room in the step card, and the message lines under it.

    The message (a tooltip, the status line or the flow's note) sits under the
    explanation, at the bottom of their shared room; the explanation gets the rest.
    """
    small = small_size(g.unit)
    message = _tip(card, hover) or card.message or card.view.note
    lines = wrap_lines(text, message, small, g.text.w, 2) if message else []
    room = g.text.copy()
    if lines:
        room.h -= len(lines) * round(small * 1.25) + round(g.unit * 0.12)
    return room, lines


def steps_button_rects(layout: BoardLayout, count: int = 6) -> dict[str, pygame.Rect]:
    """The nav buttons by name (for hit-testing; everywhere buttons come separately)."""
    return steps_geometry(layout, count).nav


def draw_steps_card(
    surface: pygame.Surface,
    text: Text,
    p: Palette,
    layout: BoardLayout,
    card: StepsCard,
    hover: str | int | None,
    scroll: int = 0,
    keys: tuple[str, str] = ("", ""),
) -> None:
    """Paint the step card (the panel under its header); ``scroll`` and ``keys`` as
    :func:`draw_explanation` takes them."""
    g = steps_geometry(layout, len(card.everywhere))
    u = g.unit
    view = card.view
    fill = mix(p.surface, p.unit_hint, 0.6)
    radius = max(6, u // 6)
    pygame.draw.rect(surface, fill, g.card, border_radius=radius)
    pygame.draw.rect(surface, p.border, g.card, 1, border_radius=radius)
    x, y = g.card.x + g.pad, g.card.y + g.pad
    width = g.card.w - 2 * g.pad
    small = small_size(u)
    counter = text.render(view.counter, small, p.text_dim, False, width)
    surface.blit(counter, (x, y))
    title_size = max(12, text.fit_size(view.title, max(13, round(u * 0.32)), width, True))
    title = text.render(view.title, title_size, p.text, True, width)
    surface.blit(title, (x, y + round(u * 0.34)))
    room, lines = explanation_room(text, g, card, hover)
    if lines:
        step = round(small * 1.25)
        error = card.message_error and not _tip(card, hover) and card.message
        colour = p.error if error else p.text_dim
        top = g.text.bottom - len(lines) * step
        draw_lines(surface, text, lines, (g.text.x, top), small, colour, spacing=1.25)
    draw_explanation(surface, text, p, room, g.unit, view.body, scroll, keys)
    labels = {
        **(ICON_LABELS if g.icons else NAV_LABELS),
        "step-apply": view.apply_label,
    }
    enabled = {
        "step-previous": view.can_previous,
        "step-next": view.can_next,
        "step-apply": view.can_apply,
        "step-close": True,
    }
    size = max(12, round(g.nav["step-next"].h * 0.38))
    for name, rect in g.nav.items():
        icon = g.icons and name != "step-apply"
        size_here = max(size, round(rect.h * 0.45)) if icon else size  # a glyph: larger
        style = Style.NORMAL if enabled[name] else Style.DISABLED
        if name == "step-apply" and enabled[name]:
            style = Style.PRIMARY
        draw_button(
            surface,
            text,
            p,
            rect,
            labels[name],
            style=style,
            hovered=hover == name,
            size=size_here,
            backdrop=fill,
        )
    pygame.draw.line(
        surface,
        p.border,
        (g.card.x + g.pad, g.everywhere_label.y - round(u * 0.14)),
        (g.card.right - g.pad, g.everywhere_label.y - round(u * 0.14)),
    )
    label = text.render("Apply everywhere", small, p.text_dim, True)
    surface.blit(label, label.get_rect(midleft=g.everywhere_label.midleft))
    if g.everywhere:
        _draw_everywhere(surface, text, p, g, card, hover, fill)


def _draw_everywhere(
    surface: pygame.Surface,
    text: Text,
    p: Palette,
    g: StepsGeometry,
    card: StepsCard,
    hover: str | int | None,
    fill: Colour,
) -> None:
    """The "apply everywhere" buttons, one label size for all; a label too long for
    its button at 12 px goes on two lines (:func:`draw_button`) rather than shrink."""
    first = g.everywhere[0]
    room = first.w - first.h // 3
    want = max(12, round(first.h * 0.4))
    size = max(12, min(text.fit_size(key.label, want, room) for key in card.everywhere))
    for key, rect in zip(card.everywhere, g.everywhere, strict=True):
        draw_button(
            surface,
            text,
            p,
            rect,
            key.label,
            style=key.style,
            hovered=hover == key.name,
            size=size,
            backdrop=fill,
        )


@dataclass(frozen=True)
class ExplanationFit:
    """An explanation laid out in its room: type size, lines, and how many show at once.

    When the lines do not all fit, the last row of the room is a cue ("more below")
    and ``page`` lines of words show above it, scrolled by whole lines.
    """

    size: int
    lines: tuple[str, ...]
    page: int  # lines of words shown at once
    line_height: int

    @property
    def overflows(self) -> bool:
        return len(self.lines) > self.page

    @property
    def last(self) -> int:
        """The largest scroll, in lines (0 when everything shows)."""
        return max(0, len(self.lines) - self.page)


SCROLL_BAR = 6
"""Room kept at the right of an explanation that scrolls, for its bar."""


def fit_explanation(text: Text, body: str, room: pygame.Rect, unit: int) -> ExplanationFit:
    """``body`` in ``room`` at a reading size: shrunk a little to fit whole, never below
    the panel's own reading size, and past that scrolled rather than cut (the
    conclusion, at the end, must stay reachable)."""
    size = max(12, round(unit * 0.24))
    smallest = max(12, round(unit * 0.2))
    lines = text.wrap(body, size, room.w)
    while size > smallest and len(lines) * round(size * 1.3) > room.h:
        size -= 1
        lines = text.wrap(body, size, room.w)
    step = round(size * 1.3)
    rows = max(1, room.h // step)
    if len(lines) <= rows:
        return ExplanationFit(size, tuple(lines), rows, step)
    lines = text.wrap(body, size, room.w - SCROLL_BAR - max(4, size // 2))
    return ExplanationFit(size, tuple(lines), max(1, rows - 1), step)


def draw_explanation(
    surface: pygame.Surface,
    text: Text,
    p: Palette,
    room: pygame.Rect,
    unit: int,
    body: str,
    scroll: int | None = None,
    keys: tuple[str, str] = ("", ""),
) -> int:
    """The explanation, as large as fits its room.  Returns the y below it (the step
    panel, the hint card and the trainer share it).

    With ``scroll`` (lines from the top), words that do not fit scroll: a bar at
    the right says where the lines shown sit, and the last row says that there is
    more or that this is the end, naming ``keys`` (the keys that page down and up).  Without it (the
    trainer), past a readable size (12 px) the rest is cut short.
    """
    if scroll is None:
        size = max(12, round(unit * 0.24))
        smallest = max(12, round(unit * 0.16))
        lines = text.wrap(body, size, room.w)
        while size > smallest and len(lines) * round(size * 1.3) > room.h:
            size -= 1
            lines = text.wrap(body, size, room.w)
        limit = max(1, room.h // round(size * 1.3))
        lines = wrap_lines(text, body, size, room.w, limit)
        return draw_lines(surface, text, lines, room.topleft, size, p.text)
    fit = fit_explanation(text, body, room, unit)
    if not fit.overflows:
        return draw_lines(surface, text, fit.lines, room.topleft, fit.size, p.text)
    first = max(0, min(scroll, fit.last))
    shown = fit.lines[first : first + fit.page]
    y = draw_lines(surface, text, shown, room.topleft, fit.size, p.text)
    at_end = first >= fit.last
    down, up = keys
    if at_end:
        cue = f"▲ The end · {up} goes back" if up else "▲ The end · scroll back"
    else:
        cue = f"▼ More · {down} or scroll" if down else "▼ More · scroll"
    image = text.render(cue, fit.size, p.accent if not at_end else p.text_dim, False, room.w)
    surface.blit(image, (room.x, y))
    track = pygame.Rect(room.right - SCROLL_BAR, room.y, SCROLL_BAR, fit.page * fit.line_height)
    height = len(fit.lines) * fit.line_height
    draw_scrollbar(surface, p, track, first * fit.line_height, height)
    return y + fit.line_height
