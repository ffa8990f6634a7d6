"""The drill screen's geometry and its side panel: the task, the verdict, the explanation.

The board goes where the game's board goes (:func:`~.layout.board_layout`: as
large as fits, the panel beside it in landscape and below it in portrait), so
the trainer looks like the game; the panel holds, from the top, the technique
and the run's tally, what to do, the verdict in a banner (its first word says
right, almost or wrong, so the colour is never the only cue), then the
explanation and the key to the picture once the round is over, and the buttons
at the bottom with a line of keys under them.

Pure geometry in :func:`trainer_layout` (tests hit-test buttons without
drawing); painting from a :class:`TrainerPanel` value in :func:`draw_trainer_panel`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ...session.trainer import Outcome
from ..board import BoardGeometry, LegendItem, board_layout, draw_explanation, draw_legend
from ..kit import (
    Colour,
    Palette,
    Style,
    Text,
    button_grid,
    draw_button,
    draw_lines,
    draw_spinner,
    mix,
    wrap_lines,
)

BUTTON_ROW = 0.62  # button height, in units
GAP = 0.14
KEYS_SEPARATOR = " · "


@dataclass(frozen=True)
class ButtonKey:
    """One panel button: its name (what a click does), words and look."""

    name: str
    label: str
    style: Style = Style.NORMAL


@dataclass(frozen=True)
class TrainerPanel:
    """Everything the panel paints (a value: tests read it without drawing)."""

    title: str  # the technique
    subtitle: str  # level, grid and position number
    tally: str
    task: str  # what to mark
    verdict: str  # the drill's last word ("" before the first submit)
    outcome: Outcome | None
    explanation: str  # the instance's, once the round is over
    legend: tuple[LegendItem, ...]
    buttons: tuple[ButtonKey, ...]
    keys: str  # the keys line under the buttons
    busy: bool = False  # a position is being prepared
    note: str = ""  # above the task: a simpler step a hint would give first ("" mostly)


@dataclass(frozen=True)
class TrainerLayout:
    """Where the board, the panel and the panel's buttons are."""

    board: BoardGeometry
    panel: pygame.Rect
    unit: int
    buttons: dict[str, pygame.Rect]
    text: pygame.Rect  # the room between the header and the buttons
    keys: pygame.Rect  # the keys line

    def button_at(self, pos: tuple[int, int]) -> str | None:
        return next((name for name, rect in self.buttons.items() if rect.collidepoint(pos)), None)


def keys_size(unit: int) -> int:
    """The keys line's type size (never under 12 px)."""
    return max(12, round(unit * 0.2))


def button_type(height: int) -> int:
    """A panel button's type size for its height (never under 12 px)."""
    return max(12, round(height * 0.4))


def wrap_keys(text: Text, keys: str, size: int, width: int) -> list[str]:
    """The keys line broken between its " · " parts, never inside one ("Esc back"
    split over two lines reads as two keys); a part wider than the line wraps alone."""
    lines: list[str] = []
    for part in keys.split(KEYS_SEPARATOR):
        joined = f"{lines[-1]}{KEYS_SEPARATOR}{part}" if lines else part
        if lines and text.measure(joined, size)[0] <= width:
            lines[-1] = joined
        else:
            lines += text.wrap(part, size, width)
    return lines


def trainer_layout(
    width: int,
    height: int,
    size: int,
    names: Sequence[str],
    keys_lines: int = 1,
    widest: float = 0.0,
) -> TrainerLayout:
    """The drill screen for a window of ``width`` x ``height`` and a grid of ``size``;
    ``keys_lines`` is how many lines the keys under the buttons take (they wrap), and
    ``widest`` the widest button label's width per pixel of type size."""
    base = board_layout(width, height, size)
    u = base.unit
    panel = base.panel
    row_h = round(BUTTON_ROW * u)
    gap = round(GAP * u)
    # Three buttons a row when their labels fit with some margin: two rows of
    # buttons rather than three leave the explanation room.
    need = widest * button_type(row_h) + max(12, 0.2 * u)
    columns = 3 if (panel.w - 2 * gap) / 3 >= need else 2
    rows = -(-len(names) // columns)
    keys_h = round(keys_size(u) * 1.3) * keys_lines + round(0.08 * u)
    keys = pygame.Rect(panel.x, panel.bottom - keys_h, panel.w, keys_h)
    grid_bottom = keys.y - gap
    grid_top = grid_bottom - rows * row_h - (rows - 1) * gap
    buttons = button_grid(names, panel.x, grid_top, panel.w, columns, row_h, gap)
    text = pygame.Rect(panel.x, panel.y, panel.w, max(0, grid_top - gap - panel.y))
    return TrainerLayout(base.board, panel, u, buttons, text, keys)


def verdict_colour(outcome: Outcome, p: Palette) -> Colour:
    """The banner's colour: the hint's green for right, the error red for wrong."""
    from ...engine.logic.step import Role

    return {
        Outcome.RIGHT: p.role(Role.FOCUS),
        Outcome.WRONG: p.error,
        Outcome.ALMOST: p.role(Role.PIVOT),
    }.get(outcome, p.accent)


def draw_trainer_panel(
    surface: pygame.Surface,
    text: Text,
    p: Palette,
    layout: TrainerLayout,
    panel: TrainerPanel,
    hover: str | None,
    spin: float = 0.0,
) -> None:
    """Paint the panel (its area is cleared first)."""
    u = layout.unit
    surface.fill(p.background, layout.panel)
    room = layout.text
    x, y, width = room.x, room.y, room.w
    title_size = text.fit_size(panel.title, max(14, round(u * 0.42)), width, True)
    surface.blit(text.render(panel.title, title_size, p.text, True), (x, y))
    y += round(title_size * 1.35)
    small = max(12, round(u * 0.22))
    for line, colour in ((panel.subtitle, p.text_dim), (panel.tally, p.text)):
        if line:
            size = text.fit_size(line, small, width)
            surface.blit(text.render(line, size, colour), (x, y))
            y += round(small * 1.4)
    y += round(u * 0.12)
    pygame.draw.line(surface, p.border, (x, y), (x + width, y))
    y += round(u * 0.2)
    body = max(12, round(u * 0.25))
    if panel.busy:
        words = text.render("Preparing a position…", body, p.text_dim)
        surface.blit(words, (x, y))
        draw_spinner(surface, p.accent, (x + width - body, y + body // 2), body // 2 + 2, spin)
        y += round(body * 1.6)
    elif panel.task:
        if panel.note:
            lines = wrap_lines(text, panel.note, body, width, 3)
            y = draw_lines(surface, text, lines, (x, y), body, p.accent)
            y += round(u * 0.12)
        lines = wrap_lines(text, panel.task, body, width, 5)
        y = draw_lines(surface, text, lines, (x, y), body, p.text)
        y += round(u * 0.12)
    if panel.verdict and panel.outcome is not None:
        y = _draw_banner(surface, text, p, panel, pygame.Rect(x, y, width, 0), body, u)
        y += round(u * 0.18)
    if panel.explanation:
        bottom = room.bottom
        area = pygame.Rect(x, y, width, max(0, bottom - y))
        legend_size = max(12, round(u * 0.2))
        row = round(legend_size * 1.6)
        whole = (len(panel.legend) + 1) * row + u // 8
        # The explanation comes first, the key to the picture after it: the key
        # takes what the explanation leaves when set no smaller than the key's own
        # type (its last lines cut if need be), or no room at all if that leaves
        # less than its heading and one line.
        wrapped = len(text.wrap(panel.explanation, legend_size, area.w)) * round(legend_size * 1.3)
        legend_h = min(whole, area.h - wrapped) if panel.legend else 0
        if legend_h < 2 * row:
            legend_h = 0
        area.h -= legend_h
        used = draw_explanation(surface, text, p, area, u, panel.explanation)
        if legend_h:
            at = (x, used + round(u * 0.12))
            draw_legend(surface, text, p, panel.legend, at, width, bottom, u)
    for key in panel.buttons:
        rect = layout.buttons.get(key.name)
        if rect is None:
            continue
        draw_button(
            surface,
            text,
            p,
            rect,
            key.label,
            style=key.style,
            hovered=hover == key.name and key.style is not Style.DISABLED,
            size=button_type(rect.h),
        )
    if panel.keys:
        size = keys_size(u)
        lines = wrap_keys(text, panel.keys, size, layout.keys.w)
        top = layout.keys.bottom - len(lines) * round(size * 1.3)
        draw_lines(surface, text, lines, (layout.keys.x, top), size, p.text_dim)


def _draw_banner(
    surface: pygame.Surface,
    text: Text,
    p: Palette,
    panel: TrainerPanel,
    at: pygame.Rect,
    size: int,
    u: int,
) -> int:
    """The verdict in a tinted box with a strong left edge; the y below it."""
    assert panel.outcome is not None
    colour = verdict_colour(panel.outcome, p)
    pad = max(6, round(u * 0.16))
    lines = text.wrap(panel.verdict, size, at.w - 2 * pad - pad // 2, bold=True, max_lines=6)
    height = len(lines) * round(size * 1.3) + 2 * pad - round(size * 0.3)
    box = pygame.Rect(at.x, at.y, at.w, height)
    radius = max(4, u // 8)
    pygame.draw.rect(surface, mix(p.surface, colour, 0.16), box, border_radius=radius)
    pygame.draw.rect(surface, colour, box, max(1, u // 40), border_radius=radius)
    edge = pygame.Rect(box.x, box.y, max(4, pad // 2), box.h)
    pygame.draw.rect(surface, colour, edge, border_radius=radius)
    draw_lines(surface, text, lines, (box.x + pad + pad // 2, box.y + pad), size, p.text, bold=True)
    return box.bottom
