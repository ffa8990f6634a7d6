"""A one-line text field: the text, a caret, the editing keys, and how it is drawn.

The model (:class:`TextField`) is plain data changed by :meth:`~TextField.type`
and :meth:`~TextField.edit`, so tests type into it without a window; drawing
(:func:`draw_field`) reads it and changes nothing.  A field may start with a
*suggestion* (a proposed file name): it is shown selected, typing replaces it
whole, and any caret key keeps it for editing, as in every desktop dialog.

Paste reads the system clipboard through ``pygame.scrap`` (SDL's clipboard);
where there is none (the dummy video driver, a headless session) it pastes
nothing.  Only the first line of pasted text is taken: a name has one line.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..input import Edit
from .text import Text
from .theme import Palette, mix


def read_clipboard() -> str:
    """The clipboard's text, or "" when there is none or it cannot be read."""
    with contextlib.suppress(pygame.error, AttributeError):
        if pygame.display.get_init():
            return pygame.scrap.get_text() or ""
    return ""


@dataclass
class TextField:
    """The text being typed and where the caret is (0 = before the first character)."""

    text: str = ""
    caret: int = 0
    limit: int = 120
    suggested: bool = False
    """The text is a suggestion: shown selected, replaced by the first typed character."""

    @classmethod
    def suggesting(cls, text: str, limit: int = 120) -> TextField:
        return cls(text[:limit], len(text[:limit]), limit, suggested=bool(text))

    def type(self, typed: str) -> bool:
        """Insert typed (or pasted) text at the caret; whether anything changed."""
        typed = typed.splitlines()[0] if typed else ""
        typed = "".join(c for c in typed if c.isprintable())
        if self.suggested:
            self.text, self.caret, self.suggested = "", 0, False
            if not typed:
                return True
        room = self.limit - len(self.text)
        typed = typed[: max(0, room)]
        if not typed:
            return False
        self.text = self.text[: self.caret] + typed + self.text[self.caret :]
        self.caret += len(typed)
        return True

    def edit(self, edit: Edit, clipboard: Callable[[], str] = read_clipboard) -> bool:
        """Apply an editing key; whether the text or the caret changed.

        Enter and Esc are the dialog's business, not the field's: they change nothing.
        """
        if edit is Edit.PASTE:
            return self.type(clipboard())
        if edit is Edit.SELECT_ALL:
            # The suggestion state is exactly "all of it selected, typing replaces it".
            changed = bool(self.text) and not self.suggested
            self.suggested = bool(self.text)
            self.caret = len(self.text)
            return changed
        if self.suggested and edit in (Edit.BACKSPACE, Edit.DELETE):
            self.text, self.caret, self.suggested = "", 0, False
            return True
        before = (self.text, self.caret, self.suggested)
        self.suggested = self.suggested and edit not in _CARET_KEYS
        if edit is Edit.BACKSPACE and self.caret > 0:
            self.text = self.text[: self.caret - 1] + self.text[self.caret :]
            self.caret -= 1
        elif edit is Edit.DELETE:
            self.text = self.text[: self.caret] + self.text[self.caret + 1 :]
        elif edit is Edit.LEFT:
            self.caret = max(0, self.caret - 1)
        elif edit is Edit.RIGHT:
            self.caret = min(len(self.text), self.caret + 1)
        elif edit is Edit.HOME:
            self.caret = 0
        elif edit is Edit.END:
            self.caret = len(self.text)
        return (self.text, self.caret, self.suggested) != before


_CARET_KEYS = (Edit.LEFT, Edit.RIGHT, Edit.HOME, Edit.END)


def draw_field(
    surface: pygame.Surface,
    text: Text,
    palette: Palette,
    rect: pygame.Rect,
    field: TextField,
    *,
    placeholder: str = "",
    error: bool = False,
    focused: bool = True,
) -> None:
    """The field's box, its text (scrolled so the caret shows) and the caret."""
    p = palette
    radius = max(4, rect.h // 5)
    pygame.draw.rect(surface, p.cell, rect, border_radius=radius)
    edge = p.error if error else p.accent if focused else p.border
    pygame.draw.rect(surface, edge, rect, max(2, rect.h // 22), border_radius=radius)
    size = max(11, round(rect.h * 0.42))
    pad = max(6, rect.h // 4)
    inner = rect.inflate(-2 * pad, -4)
    if not field.text:
        if placeholder:
            image = text.render(placeholder, size, p.disabled)
            surface.blit(image, image.get_rect(midleft=inner.midleft))
        if focused:
            _caret(surface, p, inner.x, inner.centery, size)
        return
    caret_x = text.measure(field.text[: field.caret], size)[0]
    full_w = text.measure(field.text, size)[0]
    # Scroll only as far as the caret needs, so short names never move.
    shift = max(0, caret_x - inner.w + 2) if full_w > inner.w else 0
    clip = surface.get_clip()
    surface.set_clip(inner.clip(clip) if clip else inner)
    x = inner.x - shift
    if field.suggested:
        band = pygame.Rect(x - 2, inner.centery - size * 0.75, full_w + 4, size * 1.5)
        pygame.draw.rect(surface, mix(p.accent, p.cell, 0.72), band, border_radius=3)
    image = text.render(field.text, size, p.text)
    surface.blit(image, image.get_rect(midleft=(x, inner.centery)))
    if focused and not field.suggested:
        _caret(surface, p, x + caret_x, inner.centery, size)
    surface.set_clip(clip)


def _caret(surface: pygame.Surface, palette: Palette, x: int, y: int, size: int) -> None:
    half = round(size * 0.62)
    width = max(2, size // 14)
    pygame.draw.line(surface, palette.accent, (x, y - half), (x, y + half), width)
