"""Drawing a form: the card, its title, every line, the notes, the focus and the hover.

Reads a :class:`~.form_layout.FormLayout`, the :class:`~.forms.Form`'s focus and
hover, and what the scene shows (:class:`Shown`), and changes nothing.  The
looks are written once here: the focused line sits on a soft band and its part
wears the accent ring (only once the keyboard is used), the hovered part
lightens, a chosen option is tinted and bold, a part that cannot be used greys.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ..kit import (
    Colour,
    Palette,
    Style,
    Text,
    draw_button,
    draw_card,
    draw_veil,
    elide,
    mix,
    wrap_lines,
)
from .layout import NOTE_SPACING, FormLayout, LinePlace
from .model import Buttons, Choice, Control, Form, FormSpec, Switch


class Shown(Protocol):
    """What a scene shows on its form, beyond the spec."""

    def value(self, key: str) -> object: ...

    def enabled(self, key: str, value: object) -> bool: ...

    def note(self, key: str) -> tuple[str, bool]:
        """The words of note ``key``, and whether they say something is wrong."""

    def style(self, key: str, value: object) -> Style | None:
        """A button's look when the scene has its own say (a chip waiting for a key)."""

    def tint(self, stop: int) -> Colour | None:
        """A band behind line ``stop`` (the Keys page's conflict), or None."""


def draw_form(
    surface: pygame.Surface,
    text: Text,
    palette: Palette,
    layout: FormLayout,
    spec: FormSpec,
    form: Form,
    shown: Shown,
    *,
    opaque: bool,
) -> None:
    """The whole form: background (or a veil over the scenes below), card and contents."""
    if opaque:
        surface.fill(palette.background)
    else:
        draw_veil(surface, palette)
    draw_card(surface, palette, layout.card, max(8, layout.unit // 4))
    _draw_title(surface, text, palette, layout, spec)
    controls = spec.controls()
    for line in layout.lines:
        _draw_line(surface, text, palette, layout, controls[line.stop], line, form, shown, spec)
    notes = spec.notes()
    for key, rect in layout.notes.items():
        fixed = notes[key].words if key in notes else ""
        words, error = (fixed, False) if fixed else shown.note(key)
        centred = key in _edge_notes(spec)
        _draw_note(surface, text, palette, rect, words, error, layout.small, centred)
    if layout.scroll is not None:
        _draw_scrollbar(surface, palette, layout)


def _edge_notes(spec: FormSpec) -> set[str]:
    """Notes in the title's or the footer's line: centred on it, not hung from the top."""
    return {note.key for note in (spec.aside, spec.footnote) if note is not None}


def _draw_title(
    surface: pygame.Surface, text: Text, palette: Palette, layout: FormLayout, spec: FormSpec
) -> None:
    room = layout.title.w
    if spec.aside is not None and spec.aside.key in layout.notes:
        room = layout.notes[spec.aside.key].x - layout.title.x
    size = max(layout.text, text.fit_size(spec.title, layout.title_size, room, True))
    words = elide(text, spec.title, size, room, True)
    image = text.render(words, size, palette.text, True)
    surface.blit(image, image.get_rect(midleft=layout.title.midleft))


def _draw_line(
    surface: pygame.Surface,
    text: Text,
    palette: Palette,
    layout: FormLayout,
    control: Control,
    line: LinePlace,
    form: Form,
    shown: Shown,
    spec: FormSpec,
) -> None:
    p = palette
    footer = control is spec.footer
    focused = form.keyboard and form.focus[0] == line.stop
    backdrop = shown.tint(line.stop) or (p.surface_alt if focused and not footer else p.surface)
    if backdrop != p.surface:
        band = line.band.inflate(round(layout.unit * 0.3), round(layout.unit * 0.14))
        pygame.draw.rect(surface, backdrop, band, border_radius=max(4, layout.unit // 6))
    if control.label and line.label.w > 0:
        colour = p.text_dim if line.caption else p.text
        room = line.label.w - (0 if line.caption else round(layout.unit * 0.2))
        if isinstance(control, Buttons) and line.remark is not None:
            room = min(room, line.remark.x - line.label.x - round(layout.unit * 0.2))
        words = elide(text, control.label, layout.text, room)
        image = text.render(words, layout.text, colour)
        surface.blit(image, image.get_rect(midleft=line.label.midleft))
    if control.hint and line.hint is not None:
        image = text.render(control.hint, layout.small, p.text_dim, False, line.hint.w)
        surface.blit(image, image.get_rect(midleft=line.hint.midleft))
    if isinstance(control, Buttons) and line.remark is not None:
        image = text.render(control.remark, layout.small, p.error)
        surface.blit(image, image.get_rect(midright=line.remark.midright))
    if isinstance(control, Switch):
        rect = line.parts[0]
        on = bool(shown.value(control.key))
        hovered = form.hover == (line.stop, 0)
        _draw_switch(surface, p, rect, on, hovered, focused)
        return
    chosen = shown.value(control.key) if isinstance(control, Choice) else None
    for part, rect in enumerate(line.parts):
        label, style, bold = _part_look(control, part, chosen, shown)
        draw_button(
            surface,
            text,
            p,
            rect,
            label,
            style=style,
            hovered=form.hover == (line.stop, part),
            focused=focused and form.focus[1] == part,
            size=layout.text,
            bold=bold,
            backdrop=backdrop,
        )


def _part_look(
    control: Choice | Buttons, part: int, chosen: object, shown: Shown
) -> tuple[str, Style, bool]:
    """(words, style, bold) of one option or button."""
    if isinstance(control, Choice):
        value, label = control.options[part]
        if not shown.enabled(control.key, value):
            return label, Style.DISABLED, False
        on = value == chosen
        return label, Style.TOGGLED if on else Style.NORMAL, on
    button = control.buttons[part]
    style = shown.style(control.key, button.value)
    if style is None:
        style = Style.PRIMARY if button.primary else Style.NORMAL
        if not shown.enabled(control.key, button.value):
            style = Style.DISABLED
    return button.label, style, button.bold


def _draw_switch(
    surface: pygame.Surface,
    palette: Palette,
    rect: pygame.Rect,
    on: bool,
    hovered: bool,
    focused: bool,
) -> None:
    """An on/off pill; the knob's side, not just its colour, says which."""
    radius = rect.h // 2
    track = palette.accent if on else mix(palette.border, palette.text_dim, 0.35)
    if hovered:
        track = mix(track, palette.text, 0.15)
    if focused:
        ring = rect.inflate(6, 6)
        pygame.draw.rect(surface, palette.accent, ring, max(2, rect.h // 12), radius + 3)
    pygame.draw.rect(surface, track, rect, border_radius=radius)
    knob = radius - max(2, rect.h // 8)
    cx = rect.right - radius if on else rect.left + radius
    colour = palette.surface if on else (255, 255, 255)
    pygame.draw.circle(surface, colour, (cx, rect.centery), knob)


def _draw_note(
    surface: pygame.Surface,
    text: Text,
    palette: Palette,
    rect: pygame.Rect,
    words: str,
    error: bool,
    size: int,
    centred: bool,
) -> None:
    if not words or rect.w <= 0:
        return
    step = round(size * NOTE_SPACING)
    limit = max(1, rect.h // step)
    lines = wrap_lines(text, words, size, rect.w, limit)
    y = rect.centery - len(lines) * step // 2 if centred else rect.y
    colour = palette.error if error else palette.text_dim
    for line in lines:
        image = text.render(line, size, colour)
        surface.blit(image, (rect.x, y + (step - image.get_height()) // 2))
        y += step


def _draw_scrollbar(surface: pygame.Surface, palette: Palette, layout: FormLayout) -> None:
    """Where the view is in what scrolls: a thin thumb on a thin track."""
    scroll = layout.scroll
    assert scroll is not None
    track = scroll.track
    radius = track.w // 2
    pygame.draw.rect(surface, palette.border, track, border_radius=radius)
    height = max(track.w * 2, round(track.h * scroll.shown / scroll.total))
    top = track.y + round((track.h - height) * scroll.first / max(1, scroll.total - scroll.shown))
    thumb = pygame.Rect(track.x, top, track.w, height)
    pygame.draw.rect(surface, palette.text_dim, thumb, border_radius=radius)
