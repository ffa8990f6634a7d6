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
from .notes import corner_spots
from .steps_view import (
    ExplanationFit,
    StepsCard,
    draw_explanation,
    draw_steps_card,
    explanation_room,
    fit_explanation,
    steps_geometry,
)


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
    scroll: int = 0  # lines the card's explanation is scrolled by (see draw_explanation)
    page_keys: tuple[str, str] = ("", "")  # the keys that page it down and up
    notice: str = ""  # a lasting word at the status line's foot (notes too small to read)


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


def detail_text(
    game: Game, settings: Settings, notes_mode: bool, filter_digit: int = 0, bivalue: bool = False
) -> str:
    """The counters under the clock (mistakes only when the player wants them counted),
    and the modes on: notes, the one-digit filter, the two-candidate light."""
    parts = []
    mistakes = mistakes_text(game, settings)
    if mistakes:
        parts.append(mistakes)
    if game.hints_used:
        parts.append(f"Hints {game.hints_used}")
    if notes_mode:
        parts.append(f"{NOTE_LABELS[settings.note_kind]} mode")
    if filter_digit:
        parts.append(f"Only {symbol(filter_digit)}s")
    if bivalue:
        parts.append("Pairs lit")
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


def hint_text_room(layout: BoardLayout) -> pygame.Rect:
    """The hint card's room for its explanation (and the key under it): between the
    title and the buttons."""
    rect = hint_card_rect(layout)
    u = layout.unit
    pad = round(0.22 * u)
    title_size = max(12, round(u * 0.28))
    top = rect.y + pad + round(title_size * 1.5)
    bottom = hint_button_rects(layout)["hint-apply"].y - pad // 2
    return pygame.Rect(rect.x + pad, top, rect.w - 2 * pad, max(0, bottom - top))


def explanation_fit(text: Text, layout: BoardLayout, model: PanelModel) -> ExplanationFit | None:
    """How the open card's explanation sits in its room (None: no card is open), so
    the scene knows how far Page Down and the wheel may scroll it."""
    if model.steps is not None:
        geometry = steps_geometry(layout, len(model.steps.everywhere))
        room, _ = explanation_room(text, geometry, model.steps, model.hover)
        return fit_explanation(text, model.steps.view.body, room, layout.unit)
    if model.card is not None:
        return fit_explanation(text, model.card.body, hint_text_room(layout), layout.unit)
    return None


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
            (model.note_kind, model.guess, model.guess_level, model.scroll, model.page_keys),
            model.notice,
        )
        if full or body != self._body:
            drawn.append(fill_aligned(surface, palette.background, body_rect(layout)))
            _draw_body(surface, self.text, palette, layout, model)
            self._body = body
        return drawn


def notice_lines(
    text: Text, layout: BoardLayout, notice: str
) -> tuple[int, list[str], pygame.Rect] | None:
    """The board's lasting notice under the grid, if the margin there holds it: its type
    size, lines and the rectangle they take (None: no room, the status line says it)."""
    if not notice:
        return None
    size = max(12, round(layout.unit * 0.2))
    board = layout.board.rect
    top = board.bottom + layout.board.thick + max(2, size // 3)
    room = layout.height - top - 2
    if layout.panel.top > board.bottom:  # portrait: the panel is right under the grid
        room = layout.panel.top - top
    lines = text.wrap(notice, size, board.w, max_lines=2)
    height = len(lines) * round(size * 1.25)
    if height > room or lines[-1].endswith("…"):
        return None
    return size, lines, pygame.Rect(board.x, top, board.w, height)


def draw_notice(
    surface: pygame.Surface, text: Text, p: Palette, layout: BoardLayout, notice: str
) -> None:
    """The notice under the grid (see :func:`notice_lines`), centred."""
    found = notice_lines(text, layout, notice)
    if found is not None:
        size, lines, rect = found
        draw_lines(
            surface,
            text,
            lines,
            rect.topleft,
            size,
            p.accent,
            centred=True,
            width=rect.w,
            spacing=1.25,
        )


def body_rect(layout: BoardLayout) -> pygame.Rect:
    """The panel below its header: pad, buttons and status line."""
    panel, header = layout.panel, layout.header
    return pygame.Rect(panel.x, header.bottom, panel.w, panel.bottom - header.bottom)


def _draw_header(
    surface: pygame.Surface, text: Text, p: Palette, layout: BoardLayout, model: PanelModel
) -> None:
    """What is being played on the left, the clock and pause on the right; under them
    the kind of grid and the counters.

    A long title (the daily puzzle's, a file's comment) first shrinks a little, then
    goes on two lines beside the clock rather than being cut; only a title longer
    than two lines (a file's whole comment) loses its end.
    """
    u = layout.unit
    header = layout.header
    title_size = max(13, round(u * 0.34))
    small = max(12, round(u * 0.22))
    pause = layout.actions["menu"]
    _draw_pause(surface, p, pause, model.hover == "menu")
    timer_w = header.right - pause.x + round(u * 0.2)
    if model.timer:
        image = text.render(model.timer, max(14, round(u * 0.42)), p.text, False)
        rect = image.get_rect(midright=(pause.x - round(u * 0.16), pause.centery))
        surface.blit(image, rect)
        timer_w = header.right - rect.x + round(u * 0.2)
    title_w = header.w - timer_w
    size = text.fit_size(model.title, title_size, title_w, True)
    floor = max(13, round(title_size * 0.75))
    if size >= floor:
        surface.blit(text.render(model.title, size, p.text, True), header.topleft)
        y = header.y + max(round(u * 0.52), round(size * 1.25))
    else:
        size = max(12, round(title_size * 0.7))
        head, dot, tail = model.title.partition(" · ")
        # "Daily puzzle · 26 Nov" breaks at its dot when both halves fit a line.
        if dot and all(text.measure(part, size, True)[0] <= title_w for part in (head, dot + tail)):
            lines = [head, "· " + tail]
        else:
            lines = text.wrap(model.title, size, title_w, True, max_lines=2)
        y = draw_lines(surface, text, lines, header.topleft, size, p.text, bold=True, spacing=1.15)
        y += round(size * 0.15)
    subtitle = text.render(model.subtitle, small, p.text_dim, False, header.w)
    surface.blit(subtitle, (header.x, y))
    if model.detail:
        detail = text.render(model.detail, small, p.text_dim, False, header.w)
        if subtitle.get_width() + round(u * 0.2) + detail.get_width() > header.w:
            y += round(small * 1.25)  # no room beside the subtitle: a line of its own
        surface.blit(detail, detail.get_rect(topright=(header.right, y)))


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
        draw_steps_card(
            surface, text, p, layout, model.steps, model.hover, model.scroll, model.page_keys
        )
        return
    if model.card is not None:
        _draw_card(surface, text, p, layout, model)
        return
    _draw_pad(surface, text, p, layout, model)
    # One label size for every button, the largest at which the longest fits.
    first = layout.actions["undo"]
    size = max(
        12,
        min(
            text.fit_size(key.label, max(12, round(first.h * 0.36)), first.w - first.h // 3)
            for key in model.actions
        ),
    )  # a label too long at 12 px goes on two lines (draw_button)
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
            csize = max(12, round(min(rect.h, rect.w) * 0.2))
            image = text.render(count, csize, p.text_dim if key.remaining else p.disabled)
            inset = max(3, round(rect.h * 0.08))
            surface.blit(image, image.get_rect(topright=(rect.right - inset - 1, rect.y + inset)))


def _draw_status(
    surface: pygame.Surface, text: Text, p: Palette, layout: BoardLayout, model: PanelModel
) -> None:
    rect = _draw_tooltip(surface, text, p, layout, model)
    size = max(12, round(layout.unit * 0.23))
    if model.guess and rect.h > 0:
        rect = _draw_guess(surface, text, p, rect, model, size)
    if model.notice and rect.h > 0:
        # At the foot of the status line, kept while it holds (the status above it
        # changes with every move).
        step = round(size * 1.3)
        notice = text.wrap(model.notice, size, rect.w, max_lines=max(1, rect.h // step))
        top = rect.bottom - len(notice) * step
        draw_lines(surface, text, notice, (rect.x, top), size, p.accent)
        rect = pygame.Rect(rect.x, rect.y, rect.w, max(0, top - rect.y - step // 3))
    message = model.status
    if not message or rect.h <= 0:
        return
    size, spacing, lines = fit_status(text, message, rect, size)
    colour = p.error if model.status_error else p.text_dim
    centred = not layout.landscape
    draw_lines(
        surface, text, lines, rect.topleft, size, colour, centred=centred, width=rect.w,
        spacing=spacing,
    )  # fmt: skip


def fit_status(
    text: Text, message: str, rect: pygame.Rect, size: int
) -> tuple[int, float, list[str]]:
    """The status line's size, line spacing and lines: a long message (the warning a
    puzzle with several solutions opens with) shrinks to 12 px and packs its lines
    a little closer rather than lose its end; only past that is it cut."""
    for spacing in (1.3, 1.15):
        at = size
        while True:
            lines = text.wrap(message, at, rect.w)
            if len(lines) * round(at * spacing) <= rect.h or at <= 12:
                break
            at -= 1
        if len(lines) * round(at * spacing) <= rect.h:
            return at, spacing, lines
    limit = max(1, rect.h // round(at * spacing))
    return at, spacing, wrap_lines(text, message, at, rect.w, limit)


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
) -> pygame.Rect:
    """The hovered button's tooltip, under the action buttons, at the top of the status
    line, as near under the button as the panel allows.  Returns the status line's
    room left below it.

    Under the grid of buttons, not above the button: there it covered the button of
    the row above (the gap between rows is a fraction of a tooltip).  And on a line of
    its own: the status line keeps the answer to the last click under it.
    """
    status = layout.status
    button = layout.actions.get(str(model.hover))
    if not model.tooltip or button is None or model.hover == "menu" or status.h <= 0:
        return status
    size = max(12, round(layout.unit * 0.2))
    image = text.render(model.tooltip, size, p.text, False, status.w)
    pad = max(3, size // 3)
    box = image.get_rect().inflate(2 * pad, pad)
    box.midtop = (button.centerx, status.y)
    box.clamp_ip(status)
    pygame.draw.rect(surface, p.surface_alt, box, border_radius=max(3, pad))
    pygame.draw.rect(surface, p.border, box, 1, border_radius=max(3, pad))
    surface.blit(image, image.get_rect(center=box.center))
    below = box.bottom + pad
    return pygame.Rect(status.x, below, status.w, max(0, status.bottom - below))


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
    room = hint_text_room(layout)
    fitted = max(12, text.fit_size(card.title, title_size, room.w, True))
    surface.blit(text.render(card.title, fitted, p.text, True, room.w), (x, y))
    buttons = hint_button_rects(layout)
    fit = fit_explanation(text, card.body, room, u)
    below = draw_explanation(surface, text, p, room, u, card.body, model.scroll, model.page_keys)
    if not fit.overflows:  # the key to the picture, while there is room under the words
        legend_top = below + round(u * 0.3)
        draw_legend(surface, text, p, card.legend, (x, legend_top), room.w, room.bottom, u)
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
