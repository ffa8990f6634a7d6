"""The board's side panel: header with timer, number pad, action buttons, status.

Like the board, the panel is drawn from a value: the scene builds a
:class:`PanelModel` (labels, counts, which buttons are on or dim, the message)
and :class:`PanelView` only paints it, so tests can check the model.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from ...engine.logic.step import Area, Role
from ...engine.symbols import symbol
from ...session.play import Game, NoteKind, Settings
from ..input import Action, KeyMap
from ..kit import (
    Palette,
    Style,
    Text,
    draw_button,
    draw_lines,
    elide,
    fill_aligned,
    mix,
    wrap_lines,
)
from . import role_marks
from .deduction_view import area_colour
from .layout import BoardLayout, note_grid
from .steps_view import StepsCard, draw_steps_card
from .tiles import corner_spots


@dataclass(frozen=True)
class PadKey:
    digit: int
    remaining: int
    style: Style


@dataclass(frozen=True)
class ActionKey:
    name: str
    label: str
    style: Style
    tooltip: str


@dataclass(frozen=True)
class LegendItem:
    """One line of the hint card's key to its picture: a swatch and what it means.

    ``shape`` is how the swatch is drawn, as on the board: ``"ring"`` (a circled
    candidate), ``"cell"`` (a tinted cell), ``"strike"`` (a struck candidate),
    ``"target"`` (the digit placed) or ``"outline"`` (an area, ``area`` set).
    """

    words: str
    shape: str
    role: Role | None = None
    area: Area | None = None


@dataclass(frozen=True)
class HintCard:
    """The deduction's name and explanation, shown over the pad and buttons."""

    title: str
    body: str
    apply_label: str
    legend: tuple[LegendItem, ...] = ()


@dataclass(frozen=True)
class PanelModel:
    title: str  # the level or the puzzle's title
    subtitle: str  # the kind of grid
    detail: str  # mistakes and hints, e.g. "Mistakes 1/3 · Hints 2"
    timer: str  # "" when hidden
    pad: tuple[PadKey, ...]
    actions: tuple[ActionKey, ...]
    status: str
    status_error: bool
    notes_mode: bool
    hover: str | int | None
    card: HintCard | None = None
    steps: StepsCard | None = None  # stepping through the solution: the pad gives way
    tooltip: str = ""  # what the hovered button does and its key, drawn beside it
    note_kind: NoteKind = NoteKind.CANDIDATE  # what notes mode and Shift+digit write
    guess: str = ""  # the open what-if guess and its keys, over the status line
    guess_level: int = 0


HINT_BUTTONS = ("hint-apply", "hint-close")

BUTTONS: dict[str, tuple[str, Action]] = {
    "undo": ("Undo", Action.UNDO),
    "redo": ("Redo", Action.REDO),
    "erase": ("Erase", Action.ERASE),
    "notes": ("Notes", Action.NOTES_MODE),
    "fill": ("Fill notes", Action.FILL_NOTES),
    "check": ("Check", Action.CHECK),
    "hint": ("Hint", Action.HINT),
    "steps": ("Steps", Action.STEPS),
    "solve": ("Solve", Action.SOLVE),
    "menu": ("Pause", Action.BACK),
}
"""Action button name -> (label, action): a button does what its key does."""


NOTE_LABELS = {
    NoteKind.CANDIDATE: "Notes",
    NoteKind.CORNER: "Corner notes",
    NoteKind.CENTRE: "Centre notes",
}
"""The Notes button's label: the kind of note notes mode (and Shift+digit) writes."""


def detail_text(game: Game, settings: Settings, notes_mode: bool) -> str:
    """The counters under the clock; mistakes only when the player wants them counted."""
    parts = []
    mistakes = mistakes_text(game, settings)
    if mistakes:
        parts.append(mistakes)
    if game.hints_used:
        parts.append(f"Hints {game.hints_used}")
    if notes_mode:
        parts.append(f"{NOTE_LABELS[settings.note_kind]} mode")
    return " · ".join(parts)


def mistakes_text(game: Game, settings: Settings) -> str:
    """The mistake counter in true words, or "" where mistakes are not counted.

    Nothing without a single solution (no digit is a mistake then) or when the player
    neither set a limit nor asked to see the count.  A limit lowered below the count
    ends the game only at the next mistake (the game's rule), so it says so rather
    than "4/3".
    """
    if not game.counts_mistakes:
        return ""
    made, limit = game.mistakes, settings.mistake_limit
    if not limit:
        shown = settings.show_mistakes or settings.show_mistake_counter
        return f"Mistakes {made}" if shown else ""
    if made >= limit and not game.over:
        return f"Mistakes {made} (limit {limit} from the next)"
    return f"Mistakes {made}/{limit}"


def pad_keys(size: int, shown: Mapping[int, int], active: int) -> tuple[PadKey, ...]:
    """One key per digit with how many are left (``shown``: digit -> cells showing it)."""
    keys = []
    for digit in range(1, size + 1):
        remaining = max(0, size - shown.get(digit, 0))
        if digit == active:
            style = Style.TOGGLED
        elif remaining == 0:
            style = Style.DIM
        else:
            style = Style.NORMAL
        keys.append(PadKey(digit, remaining, style))
    return tuple(keys)


def action_keys(
    game: Game, keymap: KeyMap, notes_mode: bool, steps_open: bool = False
) -> tuple[ActionKey, ...]:
    """The action buttons: modes on or off, undo and redo enabled or not, shortcuts."""
    keys = []
    for name, (label, action) in BUTTONS.items():
        if name == "notes":
            label = NOTE_LABELS[game.settings.note_kind]
        style = Style.NORMAL
        if (name == "notes" and notes_mode) or (name == "steps" and steps_open):
            style = Style.TOGGLED
        elif (name == "undo" and not game.can_undo()) or (name == "redo" and not game.can_redo()):
            style = Style.DISABLED
        shortcut = keymap.shortcut(action, game.size)
        keys.append(ActionKey(name, label, style, f"{label}  ·  {shortcut}" if shortcut else label))
    return tuple(keys)


def hint_card_rect(layout: BoardLayout) -> pygame.Rect:
    """Where the hint card goes: over the pad, the action buttons and the status line.

    All of the panel below the header, as the step card: an explanation needs the room
    to stay at 12 px or more on a small window, and a player reading a deduction is
    not typing digits (the keys still place them).
    """
    top = layout.pad[0].y if layout.pad else layout.actions["undo"].y
    return pygame.Rect(layout.panel.x, top, layout.panel.w, layout.panel.bottom - top)


def hint_button_rects(layout: BoardLayout) -> dict[str, pygame.Rect]:
    card = hint_card_rect(layout)
    u = layout.unit
    height = round(0.62 * u)
    pad = round(0.22 * u)
    width = (card.w - 3 * pad) // 2
    y = card.bottom - pad - height
    return {
        "hint-apply": pygame.Rect(card.x + pad, y, width, height),
        "hint-close": pygame.Rect(card.right - pad - width, y, width, height),
    }


class PanelView:
    """Paints the panel in two parts, each only when what it shows changed.

    The header (with the clock) changes every second, the rest on moves and hovers;
    redrawing them apart keeps a clock tick to a few thousand pixels.
    """

    def __init__(self, text: Text) -> None:
        self.text = text
        self._header: object = None
        self._body: object = None

    def draw(
        self,
        surface: pygame.Surface,
        palette: Palette,
        layout: BoardLayout,
        model: PanelModel,
        full: bool,
    ) -> list[pygame.Rect]:
        """Draw what changed (everything if ``full``); the rectangles drawn."""
        drawn = []
        header = (
            (layout, palette, model.title, model.subtitle, model.detail, model.timer),
            model.hover == "menu",
        )
        if full or header != self._header:
            drawn.append(fill_aligned(surface, palette.background, layout.header))
            _draw_header(surface, self.text, palette, layout, model)
            self._header = header
        body = (
            (layout, palette, model.pad, model.actions, model.status, model.status_error),
            (model.notes_mode, model.hover, model.card, model.steps, model.tooltip),
            (model.note_kind, model.guess, model.guess_level),
        )
        if full or body != self._body:
            drawn.append(fill_aligned(surface, palette.background, body_rect(layout)))
            _draw_body(surface, self.text, palette, layout, model)
            self._body = body
        return drawn


def body_rect(layout: BoardLayout) -> pygame.Rect:
    """The panel below its header: pad, buttons and status line."""
    panel, header = layout.panel, layout.header
    return pygame.Rect(panel.x, header.bottom, panel.w, panel.bottom - header.bottom)


def _draw_header(
    surface: pygame.Surface, text: Text, p: Palette, layout: BoardLayout, model: PanelModel
) -> None:
    u = layout.unit
    header = layout.header
    # What is being played on the left, the clock and counters on the right.
    title_size = max(13, round(u * 0.34))
    small = max(11, round(u * 0.22))
    pause = layout.actions["menu"]
    _draw_pause(surface, p, pause, model.hover == "menu")
    timer_w = header.right - pause.x + round(u * 0.2)
    if model.timer:
        image = text.render(model.timer, max(14, round(u * 0.42)), p.text, False)
        rect = image.get_rect(midright=(pause.x - round(u * 0.16), pause.centery))
        surface.blit(image, rect)
        timer_w = header.right - rect.x + round(u * 0.2)
    title_w = header.w - timer_w
    # A long title (a file's comment) shrinks a little, then is cut short: a title
    # shrunk to fit whole would be too small to read beside the clock.
    size = max(text.fit_size(model.title, title_size, title_w, True), round(title_size * 0.75))
    title = elide(text, model.title, size, title_w, True)
    surface.blit(text.render(title, size, p.text, True), (header.x, header.y))
    subtitle = text.render(
        model.subtitle, text.fit_size(model.subtitle, small, title_w), p.text_dim
    )
    surface.blit(subtitle, (header.x, header.y + round(u * 0.52)))
    if model.detail:
        width = header.w - subtitle.get_width() - round(u * 0.2)
        detail = text.render(model.detail, text.fit_size(model.detail, small, width), p.text_dim)
        surface.blit(detail, detail.get_rect(topright=(header.right, header.y + round(u * 0.52))))


def _draw_pause(surface: pygame.Surface, p: Palette, rect: pygame.Rect, hovered: bool) -> None:
    """The pause button: a rounded square with two bars, drawn rather than a glyph."""
    fill = p.surface_alt if hovered else p.surface
    radius = max(4, rect.h // 5)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, p.border, rect, max(1, rect.h // 40), border_radius=radius)
    bar_w = max(2, round(rect.w * 0.13))
    bar_h = round(rect.h * 0.44)
    gap = max(2, round(rect.w * 0.12))
    for dx in (-gap // 2 - bar_w, gap - gap // 2):
        bar = pygame.Rect(rect.centerx + dx, rect.centery - bar_h // 2, bar_w, bar_h)
        pygame.draw.rect(surface, p.text, bar, border_radius=max(1, bar_w // 3))


def _draw_body(
    surface: pygame.Surface, text: Text, p: Palette, layout: BoardLayout, model: PanelModel
) -> None:
    if model.steps is not None:
        draw_steps_card(surface, text, p, layout, model.steps, model.hover)
        return
    if model.card is not None:
        _draw_card(surface, text, p, layout, model)
        return
    _draw_pad(surface, text, p, layout, model)
    # One label size for every button, the largest at which the longest fits.
    first = layout.actions["undo"]
    size = min(
        text.fit_size(key.label, max(11, round(first.h * 0.36)), first.w - first.h // 3)
        for key in model.actions
    )
    for key in model.actions:
        if key.name not in layout.actions or key.name == "menu":  # in the header
            continue
        draw_button(
            surface,
            text,
            p,
            layout.actions[key.name],
            key.label,
            style=key.style,
            hovered=model.hover == key.name,
            size=size,
        )
    _draw_status(surface, text, p, layout, model)


def _draw_pad(
    surface: pygame.Surface, text: Text, p: Palette, layout: BoardLayout, model: PanelModel
) -> None:
    for key, rect in zip(model.pad, layout.pad, strict=False):
        fill_style = key.style
        draw_button(surface, text, p, rect, "", style=fill_style, hovered=model.hover == key.digit)
        ink = {
            Style.TOGGLED: p.accent,
            Style.DIM: p.disabled,
            Style.DISABLED: p.disabled,
        }.get(fill_style, p.entry)
        if model.notes_mode:
            # The pad types notes: each digit sits small where that kind of note
            # goes in a cell (its spot, a corner, the middle), so the mode and the
            # kind show on every button.
            rows, columns = note_grid(len(model.pad))
            inner = rect.inflate(-rect.w // 4, -rect.h // 4)
            size = round(min(inner.w / columns, inner.h / rows) * 0.95)
            glyph = text.render(symbol(key.digit), size, ink, True)
            if model.note_kind is NoteKind.CORNER:
                fx, fy = corner_spots(1)[0]
                place = glyph.get_rect(topleft=(inner.x, inner.y))
                place.x += round(fx * (inner.w - place.w))
                place.y += round(fy * (inner.h - place.h))
            elif model.note_kind is NoteKind.CENTRE:
                place = glyph.get_rect(center=rect.center)
            else:
                row, column = divmod(key.digit - 1, columns)
                centre = (
                    round(inner.x + (column + 0.5) * inner.w / columns),
                    round(inner.y + (row + 0.5) * inner.h / rows),
                )
                place = glyph.get_rect(center=centre)
            surface.blit(glyph, place)
        else:
            size = round(min(rect.h, rect.w * 0.9) * 0.58)
            glyph = text.render(symbol(key.digit), size, ink, True)
            surface.blit(glyph, glyph.get_rect(center=rect.center))
        if key.remaining >= 0 and not model.notes_mode:  # notes use the whole button
            count = str(key.remaining) if key.remaining else "✓"
            csize = max(9, round(min(rect.h, rect.w) * 0.2))
            image = text.render(count, csize, p.text_dim if key.remaining else p.disabled)
            inset = max(3, round(rect.h * 0.08))
            surface.blit(image, image.get_rect(topright=(rect.right - inset - 1, rect.y + inset)))


def _draw_status(
    surface: pygame.Surface, text: Text, p: Palette, layout: BoardLayout, model: PanelModel
) -> None:
    rect = layout.status
    _draw_tooltip(surface, text, p, layout, model)
    size = max(12, round(layout.unit * 0.23))
    if model.guess and rect.h > 0:
        rect = _draw_guess(surface, text, p, rect, model, size)
    message = model.status
    if not message or rect.h <= 0:
        return
    limit = max(1, rect.h // round(size * 1.3))
    lines = wrap_lines(text, message, size, rect.w, limit)
    colour = p.error if model.status_error else p.text_dim
    if layout.landscape:
        draw_lines(surface, text, lines, rect.topleft, size, colour)
    else:
        draw_lines(surface, text, lines, rect.topleft, size, colour, centred=True, width=rect.w)


def _draw_guess(
    surface: pygame.Surface,
    text: Text,
    p: Palette,
    rect: pygame.Rect,
    model: PanelModel,
    size: int,
) -> pygame.Rect:
    """The open guess over the status line, in its ink: a badge with its level and the
    keys that end it.  Returns what is left of the status line below it."""
    ink = p.ink(model.guess_level)
    height = round(size * 1.75)
    band = pygame.Rect(rect.x, rect.y, rect.w, min(height, rect.h))
    radius = max(4, height // 3)
    pygame.draw.rect(surface, mix(p.background, ink, 0.12), band, border_radius=radius)
    pygame.draw.rect(surface, ink, band, max(1, size // 10), border_radius=radius)
    badge = text.render(str(model.guess_level), size, p.accent_text, True)
    side = max(badge.get_width(), badge.get_height()) + size // 2
    disc = pygame.Rect(0, 0, side, side)
    disc.midleft = (band.x + size // 2, band.centery)
    pygame.draw.ellipse(surface, ink, disc)
    surface.blit(badge, badge.get_rect(center=disc.center))
    room = band.right - disc.right - size
    words = elide(text, model.guess, text.fit_size(model.guess, size, room), room)
    image = text.render(words, text.fit_size(words, size, room), p.text, False)
    surface.blit(image, image.get_rect(midleft=(disc.right + size // 2, band.centery)))
    gap = round(size * 0.45)
    return pygame.Rect(rect.x, band.bottom + gap, rect.w, max(0, rect.bottom - band.bottom - gap))


def _draw_tooltip(
    surface: pygame.Surface, text: Text, p: Palette, layout: BoardLayout, model: PanelModel
) -> None:
    """The hovered button's tooltip: a small label just above the button.

    Above, not in the status line: the status line keeps the answer to the last
    click while the pointer rests on the button that gave it.
    """
    button = layout.actions.get(str(model.hover))
    if not model.tooltip or button is None or model.hover == "menu":
        return
    size = max(12, round(layout.unit * 0.2))
    image = text.render(model.tooltip, size, p.text, False)
    pad = max(3, size // 3)
    box = image.get_rect().inflate(2 * pad, pad)
    box.midbottom = (button.centerx, button.y - max(2, pad // 2))
    box.clamp_ip(layout.panel)
    pygame.draw.rect(surface, p.surface_alt, box, border_radius=max(3, pad))
    pygame.draw.rect(surface, p.border, box, 1, border_radius=max(3, pad))
    surface.blit(image, image.get_rect(center=box.center))


def _draw_card(
    surface: pygame.Surface, text: Text, p: Palette, layout: BoardLayout, model: PanelModel
) -> None:
    card = model.card
    assert card is not None
    rect = hint_card_rect(layout)
    u = layout.unit
    radius = max(6, u // 6)
    card_fill = mix(p.surface, p.unit_hint, 0.6)
    pygame.draw.rect(surface, card_fill, rect, border_radius=radius)
    pygame.draw.rect(surface, p.border, rect, 1, border_radius=radius)
    pad = round(0.22 * u)
    title_size = max(12, round(u * 0.28))
    x, y = rect.x + pad, rect.y + pad
    title = text.render(
        card.title, text.fit_size(card.title, title_size, rect.w - 2 * pad, True), p.text, True
    )
    surface.blit(title, (x, y))
    y += round(title_size * 1.5)
    buttons = hint_button_rects(layout)
    room = buttons["hint-apply"].y - pad // 2 - y
    size = max(12, round(u * 0.24))
    lines = text.wrap(card.body, size, rect.w - 2 * pad)
    while size > 12 and len(lines) * round(size * 1.3) > room:
        size -= 1
        lines = text.wrap(card.body, size, rect.w - 2 * pad)
    limit = max(1, room // round(size * 1.3))
    lines = wrap_lines(text, card.body, size, rect.w - 2 * pad, limit)
    draw_lines(surface, text, lines, (x, y), size, p.text)
    legend_top = y + len(lines) * round(size * 1.3) + round(u * 0.3)
    draw_legend(surface, text, p, card.legend, (x, legend_top), rect.w - 2 * pad, room + y, u)
    draw_button(
        surface,
        text,
        p,
        buttons["hint-apply"],
        card.apply_label,
        style=Style.PRIMARY,
        hovered=model.hover == "hint-apply",
        backdrop=card_fill,
    )
    draw_button(
        surface,
        text,
        p,
        buttons["hint-close"],
        "Close",
        hovered=model.hover == "hint-close",
        backdrop=card_fill,
    )


def legend_size(u: int) -> tuple[int, int]:
    """The key's type size and line height for a unit ``u``."""
    size = max(12, round(u * 0.2))
    return size, round(size * 1.6)


def draw_legend(
    surface: pygame.Surface,
    text: Text,
    p: Palette,
    legend: tuple[LegendItem, ...],
    at: tuple[int, int],
    width: int,
    bottom: int,
    u: int,
) -> None:
    """The key to the picture, one swatch and a few words a line, while there is room.

    Shared by the hint card and the technique reference, so both key a step's
    picture alike; the heading and each item take one line of :func:`legend_size`.
    """
    size, line = legend_size(u)
    x, y = at
    swatch = round(size * 1.2)
    if legend and y + line <= bottom:
        head = text.render("On the board", size, p.text_dim, True)
        surface.blit(head, (x, y))
        y += line
    for item in legend:
        if y + line > bottom:
            return
        box = pygame.Rect(x, y + (line - swatch) // 2 - size // 4, swatch, swatch)
        colour = (
            area_colour(item.area, p) if item.area is not None else p.role(item.role or Role.FOCUS)
        )
        stroke = max(2, swatch // 8)
        if item.shape == "ring":
            # The board's own mark for the role: its shape says what its hue says.
            role_marks.draw_mark(
                surface, item.role or Role.FOCUS, box.center, swatch / 2, p, max(1, swatch // 10)
            )
        elif item.shape == "cell":
            pygame.draw.rect(surface, p.role_fill(item.role or Role.FOCUS), box)
            pygame.draw.rect(surface, p.border, box, 1)
            role_marks.draw_badge(
                surface, item.role or Role.FOCUS, (box.x + 2, box.y + 2), round(swatch * 0.6), p
            )
        elif item.shape == "strike":
            glyph = text.render("4", round(swatch * 0.8), mix(p.note, p.cell, 0.3), False)
            surface.blit(glyph, glyph.get_rect(center=box.center))
            r = swatch * 0.4
            cx, cy = box.center
            pygame.draw.line(surface, p.error, (cx - r, cy + r), (cx + r, cy - r), stroke)
        elif item.shape == "target":
            pygame.draw.circle(surface, colour, box.center, swatch // 2, stroke)
        else:  # an area's outline
            pygame.draw.rect(surface, colour, box, stroke, border_radius=stroke)
        words = elide(text, item.words, size, width - swatch - size)
        image = text.render(words, size, p.text, False)
        surface.blit(image, image.get_rect(midleft=(box.right + size // 2, box.centery)))
        y += line
