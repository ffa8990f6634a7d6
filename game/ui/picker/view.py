"""Drawing the picker: header, rows, scroll bar, preview and status line.

The view reads the browser's row descriptions (:class:`~.browser.Row`,
:class:`~.browser.Details`) and never changes them; what it keeps are caches of
what it drew (thumbnails, elided strings).  Only rows on screen are drawn, and at
most :data:`THUMBS_PER_FRAME` new thumbnails per frame, so neither a 49,000-row
collection nor the first look at a folder of large jigsaws costs a long frame;
rows still waiting for their picture show a quiet placeholder and
:attr:`PickerView.pending` asks the scene for another frame.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...session.picker import Browser, Details, Icon, Lru, Place, Row
from ...session.puzzles import EntryKind
from ..kit import Colour, Palette, Style, Text, TextField, Where, draw_button, draw_card, mix
from .bars_view import draw_footer, draw_header
from .icons import draw_icon
from .layout import PickerLayout, Pointing
from .line_view import draw_line
from .places_view import draw_places
from .thumbs import Thumbnails

THUMBS_PER_FRAME = 12
"""New row thumbnails drawn per frame at most (the preview's counts as one)."""

STATUS_WIDTH = "✓ Solved · 88:88"
"""The status column is at least this wide, so level badges line up row under row."""

TEXT_BUDGET = 12 * 1024 * 1024
"""Bytes of rendered text the view keeps (names, details, chips)."""


def _bytes(image: pygame.Surface) -> int:
    return image.get_width() * image.get_height() * 4


class PickerView:
    """Draws a :class:`Browser` in a :class:`PickerLayout` (see the module docstring)."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.thumbs = Thumbnails(text)
        self._fitted: Lru[tuple[str, int, int, bool, str], str] = Lru(4000)
        self._texts: Lru[tuple[str, int, Colour, bool], pygame.Surface] = Lru(TEXT_BUDGET, _bytes)
        self.pending = False  # some thumbnail on screen still waits to be drawn
        self.rows_drawn = 0  # rows drawn in the last frame (tests count work with it)
        self.thumbs_drawn = 0  # thumbnails drawn in the last frame
        self._budget = 0

    # -- the frame --------------------------------------------------------------------

    def draw(
        self,
        surface: pygame.Surface,
        layout: PickerLayout,
        browser: Browser,
        palette: Palette,
        pointing: Pointing,
        places: Sequence[Place] = (),
        field: TextField | None = None,
        path_key: str = "",
    ) -> None:
        """The frame; ``field`` edits the path line while it is open, ``path_key`` opens it."""
        self.pending = False
        self.rows_drawn = 0
        self._budget = THUMBS_PER_FRAME
        before = self.thumbs.drawn
        surface.fill(palette.background)
        line = browser.line if field is not None else None
        draw_header(self, surface, layout, browser, palette, pointing, line is None)
        self._preview(surface, layout, browser, palette, pointing)  # first: it gets a picture
        self._list(surface, layout, browser, palette, pointing)
        draw_places(surface, self, layout, places, browser.folder.path, palette, pointing.place)
        draw_footer(self, surface, layout, browser, palette, path_key)
        if line is not None and field is not None:  # last: its card floats over the list
            draw_line(surface, self.text, self, layout, line, field, palette, pointing.choice)
        self.thumbs_drawn = self.thumbs.drawn - before

    def restyle(self) -> None:
        """Theme or size changed: pictures of the old look are of no more use."""
        self.thumbs.clear()
        self._fitted.clear()
        self._texts.clear()

    # -- header -----------------------------------------------------------------------

    # -- the list ---------------------------------------------------------------------

    def _list(
        self,
        surface: pygame.Surface,
        layout: PickerLayout,
        browser: Browser,
        p: Palette,
        pointing: Pointing,
    ) -> None:
        u = layout.unit
        draw_card(surface, p, layout.list, max(8, u // 6))
        state = browser.state
        if state.count == 0:
            message = browser.empty_message()
            if message:
                self._message(surface, layout.list, message, layout, p)
            return
        clip = surface.get_clip()
        surface.set_clip(layout.rows)
        for position in state.visible():
            rect = layout.row_rect(position, state.top)
            row = browser.row(position)
            selected = position == state.selected
            hovered = pointing.row == position
            self._row(surface, layout, rect, row, p, selected, hovered)
            self.rows_drawn += 1
        surface.set_clip(clip)
        self._scrollbar(surface, layout, browser, p, pointing)

    def _row(
        self,
        surface: pygame.Surface,
        layout: PickerLayout,
        rect: pygame.Rect,
        row: Row,
        p: Palette,
        selected: bool,
        hovered: bool,
    ) -> None:
        u = layout.unit
        radius = max(4, u // 10)
        if selected:
            pygame.draw.rect(surface, mix(p.selected, p.surface, 0.45), rect, border_radius=radius)
            bar = pygame.Rect(rect.x, rect.y + rect.h // 5, max(3, u // 16), rect.h * 3 // 5)
            pygame.draw.rect(surface, p.accent, bar, border_radius=bar.w // 2)
        elif hovered:
            pygame.draw.rect(surface, p.surface_alt, rect, border_radius=radius)
        else:
            line = mix(p.border, p.surface, 0.45)
            surface.fill(line, (rect.x + radius, rect.bottom - 1, rect.w - 2 * radius, 1))
        pad = round(rect.h * 0.11)
        side = rect.h - 2 * pad
        box = pygame.Rect(rect.x + pad + max(3, u // 16), rect.y + pad, side, side)
        self._thumbnail(surface, box, row, p)
        x = box.right + round(u * 0.3)
        right = rect.right - round(u * 0.25)
        right = self._chips(surface, layout, row, right, rect.centery, p)
        room = max(20, right - round(u * 0.25) - x)
        greyed = bool(row.problem)
        name = self._line(
            row.name, layout.name_size, p.text_dim if greyed else p.text, room, where="middle"
        )
        detail_text = row.problem or row.detail
        detail_colour = mix(p.error, p.text_dim, 0.35) if greyed else p.text_dim
        detail = self._line(detail_text, layout.detail_size, detail_colour, room)
        gap = round(u * 0.05)
        total = name.get_height() + gap + detail.get_height()
        y = rect.centery - total // 2
        surface.blit(name, (x, y))
        surface.blit(detail, (x, y + name.get_height() + gap))

    def _chips(
        self,
        surface: pygame.Surface,
        layout: PickerLayout,
        row: Row,
        right: int,
        centre: int,
        p: Palette,
    ) -> int:
        """The status and level on the row's right; returns the x left of them."""
        u = layout.unit
        size = layout.small_size
        if row.status:
            if row.status.startswith("Solved"):
                colour, text = _solved(p), "✓ " + row.status
            elif row.status == "In progress":
                colour, text = p.accent, row.status
            else:
                colour, text = p.text_dim, row.status
            image = self.render(text, size, colour)
            surface.blit(image, image.get_rect(midright=(right, centre)))
            # A column as wide as a usual "Solved" time, so the levels line up.
            column = max(image.get_width(), self.text.measure(STATUS_WIDTH, size)[0])
            right -= column + round(u * 0.3)
        if row.badge:
            image = self.render(row.badge, size, p.error if row.warning else p.text, True)
            pill = image.get_rect().inflate(round(size * 1.1), round(size * 0.5))
            pill.midright = (right, centre)
            fill = p.error_fill if row.warning else mix(p.surface_alt, p.border, 0.25)
            pygame.draw.rect(surface, fill, pill, border_radius=pill.h // 2)
            surface.blit(image, image.get_rect(center=pill.center))
            right = pill.x - round(u * 0.2)
        return right

    def _thumbnail(self, surface: pygame.Surface, box: pygame.Rect, row: Row, p: Palette) -> None:
        if row.sketch is not None:
            if row.icon is Icon.COLLECTION:
                # Cards stacked behind the first puzzle: this row holds many.
                step = max(2, box.w // 16)
                front = pygame.Rect(box.x, box.y + 2 * step, box.w - 2 * step, box.h - 2 * step)
                for k in (2, 1):
                    behind = front.move(step * k, -step * k)
                    pygame.draw.rect(surface, p.cell, behind)
                    pygame.draw.rect(surface, mix(p.border, p.text_dim, 0.2 * k), behind, 1)
                box = front
            image = self._picture(row, box.w, p)
            if image is not None:
                surface.blit(image, image.get_rect(center=box.center))
                return
            pygame.draw.rect(surface, mix(p.cell_tint, p.surface, 0.4), box)
            return
        draw_icon(surface, row.icon, box, p)

    def _picture(self, row: Row, side: int, p: Palette) -> pygame.Surface | None:
        assert row.sketch is not None
        image = self.thumbs.get(row.sketch, side, p)
        if image is None:
            if self._budget <= 0:
                self.pending = True
                return None
            self._budget -= 1
            image = self.thumbs.draw(row.sketch, side, p)
        return image

    def _scrollbar(
        self,
        surface: pygame.Surface,
        layout: PickerLayout,
        browser: Browser,
        p: Palette,
        pointing: Pointing,
    ) -> None:
        state = browser.state
        track = layout.scrollbar
        if state.count <= state.rows:
            return
        pygame.draw.rect(
            surface, mix(p.surface_alt, p.surface, 0.3), track, border_radius=track.w // 2
        )
        thumb = scroll_thumb(track, state.top, state.rows, state.count)
        colour = p.text_dim if pointing.control == "scrollbar" else mix(p.border, p.text_dim, 0.45)
        pygame.draw.rect(surface, colour, thumb, border_radius=track.w // 2)

    def _message(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        message: str,
        layout: PickerLayout,
        p: Palette,
    ) -> None:
        size = layout.name_size
        lines = self.text.wrap(message, size, area.w - 2 * layout.unit)[:4]
        step = round(size * 1.4)
        y = area.centery - step * len(lines) // 2
        for line in lines:
            image = self.render(line, size, p.text_dim)
            surface.blit(image, image.get_rect(midtop=(area.centerx, y)))
            y += step

    # -- the preview ------------------------------------------------------------------

    def _preview(
        self,
        surface: pygame.Surface,
        layout: PickerLayout,
        browser: Browser,
        p: Palette,
        pointing: Pointing,
    ) -> None:
        u = layout.unit
        card = layout.preview
        draw_card(surface, p, card, max(8, u // 6))
        details = browser.details()
        if details is None:
            return
        pad = round(0.35 * u)
        inner = card.inflate(-2 * pad, -2 * pad)
        if layout.landscape:
            side = min(inner.w, round(inner.h * 0.5))
            picture = pygame.Rect(0, 0, side, side)
            picture.midtop = (inner.centerx, inner.y)
            text_area = pygame.Rect(inner.x, picture.bottom + pad, inner.w, 0)
            text_area.h = layout.play.y - pad // 2 - text_area.y
        else:
            side = inner.h
            picture = pygame.Rect(inner.x, inner.y, side, side)
            text_area = pygame.Rect(
                picture.right + pad, inner.y, inner.right - picture.right - pad, 0
            )
            text_area.h = layout.play.y - pad // 2 - text_area.y
        self._big_picture(surface, picture, details, browser, p)
        self._detail_text(surface, text_area, details, layout, p)
        if details.action:
            draw_button(
                surface,
                self.text,
                p,
                layout.play,
                details.action,
                style=Style.PRIMARY,
                hovered=pointing.control == "play",
                size=layout.name_size,
                backdrop=p.surface,
            )

    def _big_picture(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        details: Details,
        browser: Browser,
        p: Palette,
    ) -> None:
        if box.w < 8 or box.h < 8:
            return
        if details.sketch is not None:
            image = self.thumbs.get(details.sketch, box.w, p)
            if image is None and self._budget > 0:
                self._budget -= 1
                image = self.thumbs.draw(details.sketch, box.w, p)
            if image is not None:
                surface.blit(image, image.get_rect(center=box.center))
            else:
                self.pending = True
                pygame.draw.rect(surface, mix(p.cell_tint, p.surface, 0.4), box)
            return
        icon = Icon.BAD if details.problem else _icon_of(browser)
        small = box.inflate(-box.w // 2, -box.h // 2)
        draw_icon(surface, icon, small, p)

    def _detail_text(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        details: Details,
        layout: PickerLayout,
        p: Palette,
    ) -> None:
        if area.w < 20 or area.h < 10:
            return
        u = layout.unit
        y = area.y
        size = layout.name_size + max(1, u // 24)
        for line in self.text.wrap(details.title, size, area.w, bold=True)[:2]:
            image = self._line(line, size, p.text, area.w, bold=True)
            surface.blit(image, (area.x, y))
            y += round(size * 1.3)
        y += round(u * 0.1)
        small = layout.detail_size + 1
        step = round(small * 1.45)
        for line in details.lines:
            if y + step > area.bottom:
                return
            image = self._line(line, small, p.text_dim, area.w, where="middle")
            surface.blit(image, (area.x, y))
            y += step
        for message in (details.warning, details.problem):
            if not message:
                continue
            y += round(u * 0.1)
            for line in self.text.wrap(message, small, area.w):
                if y + step > area.bottom:
                    return
                image = self.render(line, small, p.error)
                surface.blit(image, (area.x, y))
                y += step

    # -- the status line --------------------------------------------------------------

    # -- text -------------------------------------------------------------------------

    def _line(
        self,
        text: str,
        size: int,
        colour: Colour,
        width: int,
        *,
        bold: bool = False,
        where: str = "end",
    ) -> pygame.Surface:
        """``text`` rendered to fit ``width``, elided with … at its end, middle or start."""
        return self.render(self.fit(text, size, width, bold, where), size, colour, bold)

    def render(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        """Text from the picker's own cache, bounded by bytes.

        The app's text cache counts entries, which suits a board's few strings; a
        picker scrolling 49,000 rows at 4K renders thousands of distinct names of
        100 KB each, so it keeps its own, least recently used dropped first.
        """
        key = (text, size, colour, bold)
        found = self._texts.get(key)
        if found is None:
            # Through the renderer, which draws any string (an undecodable file name's
            # lone surrogates become U+FFFD) and bounds its length, uncached there.
            found = self.text.image(text, size, colour, bold)
            self._texts.put(key, found)
        return found

    def fit(self, text: str, size: int, width: int, bold: bool = False, where: str = "end") -> str:
        key = (text, size, width, bold, where)
        found = self._fitted.get(key)
        if found is None:
            found = elide(self.text, text, size, width, bold, where)
            self._fitted.put(key, found)
        return found


def elide(text: Text, line: str, size: int, width: int, bold: bool, where: str) -> str:
    """``line`` shortened with … (at its ``end``, ``middle`` or ``start``) to fit ``width``."""
    if width <= 0:
        return ""
    place: Where = "start" if where == "start" else "middle" if where == "middle" else "end"
    return text.cut(line, size, width, bold, place) or "…"


def scroll_thumb(track: pygame.Rect, top: float, rows: float, count: int) -> pygame.Rect:
    """The scroll bar's thumb for a list of ``count`` rows showing ``rows`` from ``top``."""
    length = max(track.w * 3, round(track.h * min(1.0, rows / max(1, count))))
    room = max(1.0, count - rows)
    y = track.y + round((track.h - length) * min(1.0, top / room))
    return pygame.Rect(track.x, y, track.w, length)


def _solved(p: Palette) -> Colour:
    from ...engine.logic.step import Role

    return p.role(Role.FOCUS)


def _icon_of(browser: Browser) -> Icon:
    entry = browser.selected_entry() if browser.collection is None else None
    if entry is None:
        return Icon.WAITING
    return {EntryKind.PARENT: Icon.PARENT, EntryKind.FOLDER: Icon.FOLDER}.get(
        entry.kind, Icon.WAITING
    )
