"""Small drawing helpers and the one reusable widget, a column of buttons.

Buttons are drawn from their state each time (a rounded rectangle and cached
text are cheap); :class:`ButtonColumn` gives the menus, pause, win and lose cards
the same keyboard focus, hover and click behaviour.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from ..input import Action, Command, Intent, Pointer, PointerKind
from .text import Text
from .theme import Colour, Palette, mix


class Style(enum.Enum):
    NORMAL = "normal"
    PRIMARY = "primary"  # the main choice of a card
    TOGGLED = "toggled"  # a mode that is on (notes), the active digit
    DIM = "dim"  # a finished digit: still usable, visibly done
    DISABLED = "disabled"


def button_colours(palette: Palette, style: Style, hovered: bool) -> tuple[Colour, Colour, Colour]:
    """(fill, border, text) of a button."""
    p = palette
    if style is Style.PRIMARY:
        fill = mix(p.accent, p.text, 0.12) if hovered else p.accent
        return fill, fill, p.accent_text
    if style is Style.TOGGLED:
        fill = mix(p.accent, p.surface, 0.78)
        return (mix(fill, p.accent, 0.1) if hovered else fill), p.accent, p.accent
    if style is Style.DISABLED:
        return p.surface, mix(p.border, p.surface, 0.4), p.disabled
    fill = p.surface_alt if hovered else p.surface
    text = p.disabled if style is Style.DIM else p.text
    return fill, p.border, text


def draw_button(
    surface: pygame.Surface,
    text: Text,
    palette: Palette,
    rect: pygame.Rect,
    label: str,
    *,
    style: Style = Style.NORMAL,
    hovered: bool = False,
    focused: bool = False,
    size: int | None = None,
    bold: bool = False,
    backdrop: Colour | None = None,
) -> None:
    """A rounded button with a centred label that always fits.

    ``backdrop`` is the colour around the button (the window's background unless
    the button sits on a card): buttons are cached as opaque pictures, one per
    look, so a panel of eighteen buttons costs eighteen blits.
    """
    backdrop = backdrop or palette.background
    key = (label, rect.size, style, hovered, focused, size, bold, palette.name, backdrop)
    image = _buttons.get(key)
    if image is None:
        drawn = _draw_button(text, palette, rect.size, label, style, hovered, focused, size, bold)
        # Flattened onto the backdrop: opaque blits are the cheap ones.
        image = pygame.Surface(drawn.get_size())
        image.fill(backdrop)
        image.blit(drawn, (0, 0))
        if pygame.display.get_surface() is not None:
            image = image.convert()
        if len(_buttons) > 600:
            _buttons.clear()
        _buttons[key] = image
    surface.blit(image, image.get_rect(center=rect.center))


_buttons: dict[tuple[object, ...], pygame.Surface] = {}
_RING = 4  # room around a button for the keyboard focus ring


def _draw_button(
    text: Text,
    palette: Palette,
    size_px: tuple[int, int],
    label: str,
    style: Style,
    hovered: bool,
    focused: bool,
    size: int | None,
    bold: bool,
) -> pygame.Surface:
    width, height = size_px
    image = pygame.Surface((width + 2 * _RING, height + 2 * _RING), pygame.SRCALPHA)
    rect = pygame.Rect(_RING, _RING, width, height)
    fill, border, ink = button_colours(palette, style, hovered and style is not Style.DISABLED)
    radius = max(4, min(rect.h, rect.w) // 5)
    pygame.draw.rect(image, fill, rect, border_radius=radius)
    pygame.draw.rect(image, border, rect, max(1, rect.h // 40), border_radius=radius)
    if focused:
        ring = rect.inflate(2 * _RING - 2, 2 * _RING - 2)
        pygame.draw.rect(
            image, palette.accent, ring, max(2, rect.h // 22), border_radius=radius + 3
        )
    want = size or max(MIN_LABEL, round(rect.h * 0.36))
    room = rect.w - max(8, rect.h // 3)
    fitted = text.fit_size(label, want, room, bold)
    if fitted < MIN_LABEL:
        # Too long for one line at a readable size: two lines, if the button is tall
        # enough, rather than type under 12 px ("Corner notes" on a small window).
        at = max(MIN_LABEL, min(want, (rect.h - 4) * 10 // 23))
        lines = text.wrap(label, at, room, bold)
        if len(lines) == 2 and 2 * round(at * 1.15) <= rect.h - 2:
            step = round(at * 1.15)
            top = rect.centery - step + (step - text.font(at, bold).get_height()) // 2
            for index, line in enumerate(lines):
                line_image = text.render(line, at, ink, bold)
                image.blit(
                    line_image, line_image.get_rect(midtop=(rect.centerx, top + index * step))
                )
            return image
    label_image = text.render(label, fitted, ink, bold)
    image.blit(label_image, label_image.get_rect(center=rect.center))
    return image


MIN_LABEL = 12
"""Pixels: a button's label is never drawn smaller when two lines can hold it (LOOK.md)."""


def draw_card(surface: pygame.Surface, palette: Palette, rect: pygame.Rect, radius: int) -> None:
    """A raised card: a soft shadow and the surface colour."""
    shadow = rect.move(0, max(2, radius // 3))
    pygame.draw.rect(
        surface, mix(palette.background, palette.text, 0.12), shadow, border_radius=radius
    )
    pygame.draw.rect(surface, palette.surface, rect, border_radius=radius)
    pygame.draw.rect(surface, palette.border, rect, 1, border_radius=radius)


def fill_aligned(surface: pygame.Surface, colour: Colour, rect: pygame.Rect) -> pygame.Rect:
    """Fill ``rect`` widened leftwards to a 16-pixel boundary; the rectangle filled.

    For the same ``memset`` reason as ``board_view.board_pad``: rows starting 16,
    32 or 48 bytes past a cache line fill many times slower on AMD Zen CPUs.  Only
    for areas with plain background to their left.
    """
    left = rect.x - rect.x % 16
    area = pygame.Rect(left, rect.y, rect.right - left, rect.h)
    surface.fill(colour, area)
    return area


_veils: dict[tuple[tuple[int, int], tuple[int, int, int, int]], pygame.Surface] = {}


def draw_veil(surface: pygame.Surface, palette: Palette) -> None:
    """Dim everything drawn so far, behind an overlay card."""
    key = (surface.get_size(), palette.shade)
    veil = _veils.get(key)
    if veil is None:
        _veils.clear()
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill(palette.shade)
        _veils[key] = veil
    surface.blit(veil, (0, 0))


def draw_scrollbar(
    surface: pygame.Surface, palette: Palette, view: pygame.Rect, scroll: int, content_h: int
) -> None:
    """A thin bar at ``view``'s right edge: where the part shown sits in the whole.

    ``scroll`` is how far the content is scrolled and ``content_h`` its height, in
    pixels; nothing is drawn when everything shows.
    """
    if content_h <= view.h:
        return
    width = max(4, view.w // 160)
    bar = pygame.Rect(view.right - width, view.y, width, view.h)
    pygame.draw.rect(surface, palette.border, bar, border_radius=width // 2)
    length = max(width * 3, round(view.h * view.h / content_h))
    top = view.y + round((view.h - length) * scroll / max(1, content_h - view.h))
    pygame.draw.rect(
        surface, palette.text_dim, (bar.x, top, width, length), border_radius=width // 2
    )


def draw_spinner(
    surface: pygame.Surface, colour: Colour, centre: tuple[int, int], radius: int, phase: float
) -> None:
    """An indeterminate progress ring: eight dots, one bright, turning with ``phase``."""
    for k in range(8):
        angle = (k / 8 + phase) * 2 * math.pi
        fade = ((k / 8) + 0.2) / 1.2
        dot = max(2, round(radius * 0.16 * (0.6 + 0.4 * fade)))
        x = centre[0] + radius * math.cos(angle)
        y = centre[1] + radius * math.sin(angle)
        pygame.draw.circle(surface, mix(colour, (128, 128, 128), 0.7 * (1 - fade)), (x, y), dot)


@dataclass
class Item:
    key: str
    label: str
    enabled: bool = True
    primary: bool = False


@dataclass
class ButtonColumn:
    """Buttons stacked in a card, chosen by click, Enter, or arrows/Tab to move focus."""

    items: list[Item]
    rects: list[pygame.Rect] = field(default_factory=list)
    focus: int = -1  # keyboard focus; -1 until the keyboard is used
    hover: int = -1

    def place(self, rect: pygame.Rect, row: int, gap: int) -> None:
        """Lay the buttons out from the top of ``rect``, ``row`` pixels tall each."""
        self.rects = [
            pygame.Rect(rect.x, rect.y + i * (row + gap), rect.w, row)
            for i in range(len(self.items))
        ]

    def handle(self, intent: Intent) -> str | bool | None:
        """The chosen key, True if only the picture changed, or None if not for us."""
        if isinstance(intent, Pointer):
            index = self._at(intent.pos)
            if intent.kind is PointerKind.MOVE or intent.kind is PointerKind.LEAVE:
                if index != self.hover:
                    self.hover = index
                    return True
                return None
            if intent.kind is PointerKind.PRESS and intent.button == 1 and index >= 0:
                item = self.items[index]
                return item.key if item.enabled else None
            return None
        if isinstance(intent, Command):
            if intent.action in (Action.MOVE_DOWN, Action.NEXT):
                self._step(1)
                return True
            if intent.action in (Action.MOVE_UP, Action.PREVIOUS):
                self._step(-1)
                return True
            if intent.action is Action.CONFIRM:
                index = self.focus if self.focus >= 0 else self._default()
                if index >= 0 and self.items[index].enabled:
                    return self.items[index].key
        return None

    def draw(self, surface: pygame.Surface, text: Text, palette: Palette) -> None:
        for index, (item, rect) in enumerate(zip(self.items, self.rects, strict=True)):
            style = Style.PRIMARY if item.primary else Style.NORMAL
            if not item.enabled:
                style = Style.DISABLED
            draw_button(
                surface,
                text,
                palette,
                rect,
                item.label,
                style=style,
                hovered=index == self.hover,
                focused=index == self.focus,
                size=round(rect.h * 0.38),
                backdrop=palette.surface,
            )

    def _at(self, pos: tuple[int, int]) -> int:
        return next((i for i, r in enumerate(self.rects) if r.collidepoint(pos)), -1)

    def _default(self) -> int:
        return next((i for i, item in enumerate(self.items) if item.primary and item.enabled), -1)

    def _step(self, delta: int) -> None:
        enabled = [i for i, item in enumerate(self.items) if item.enabled]
        if not enabled:
            return
        if self.focus not in enabled:
            start = self._default()
            self.focus = start if start >= 0 and delta > 0 else enabled[0 if delta > 0 else -1]
            return
        position = enabled.index(self.focus)
        self.focus = enabled[(position + delta) % len(enabled)]


def wrap_lines(text: Text, message: str, size: int, width: int, limit: int) -> list[str]:
    """``message`` wrapped to ``width``, at most ``limit`` lines (the last ends in …)."""
    lines = text.wrap(message, size, width)
    if len(lines) > limit:
        lines = lines[:limit]
        lines[-1] = lines[-1].rstrip(" .,") + "…"
    return lines


def draw_lines(
    surface: pygame.Surface,
    text: Text,
    lines: Sequence[str],
    pos: tuple[int, int],
    size: int,
    colour: Colour,
    *,
    bold: bool = False,
    centred: bool = False,
    width: int = 0,
    spacing: float = 1.3,
) -> int:
    """Draw lines of text from ``pos`` down; returns the y below the last line."""
    x, y = pos
    step = round(size * spacing)
    for line in lines:
        image = text.render(line, size, colour, bold)
        if centred:
            surface.blit(image, (x + (width - image.get_width()) // 2, y))
        else:
            surface.blit(image, (x, y))
        y += step
    return y
