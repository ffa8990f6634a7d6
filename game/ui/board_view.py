"""Cell looks to pixels, with caches so a frame costs a few blits.

Three layers, as in Tatham's front ends:

- *tiles*: one small surface per distinct :class:`~.looks.CellLook`, drawn once and
  kept (an ordinary board has a few dozen distinct looks);
- the *lines*: thin cell lines and thick region borders on a colour-keyed
  transparent surface, built once per size, shape and theme;
- the *board*: a surface holding the composed grid.  :meth:`BoardView.draw` blits
  only the tiles whose look changed since the last frame, re-lays the lines over
  them, then puts the board on the screen in one blit.

Everything is rebuilt by :meth:`BoardView.configure` after a resize or theme change.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ..engine.logic.step import Role, Step
from ..engine.shape import Shape
from ..engine.symbols import symbol
from .layout import BoardGeometry, note_grid
from .looks import LEVELS, CellLook, Fill
from .text import Text
from .theme import Colour, Palette, mix

_KEY = (255, 0, 255)  # colour key of the lines layer; never a line colour


def new_surface(size: tuple[int, int], alpha: bool = False) -> pygame.Surface:
    """A surface in the display's pixel format when there is a display (faster blits)."""
    flags = pygame.SRCALPHA if alpha else 0
    surface = pygame.Surface(size, flags)
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha() if alpha else surface.convert()
    return surface


class BoardView:
    """Draws a board of cell looks; keeps tiles and the composed board between frames."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.geometry: BoardGeometry | None = None
        self.palette: Palette | None = None
        self.shape: Shape | None = None
        self._tiles: dict[CellLook, pygame.Surface] = {}
        self._glyphs: dict[tuple[str, int, Colour, bool], pygame.Surface] = {}
        self._lines: pygame.Surface | None = None
        self._board: pygame.Surface | None = None
        self._drawn: list[CellLook | None] = []
        self.pad = 0

    def configure(self, geometry: BoardGeometry, shape: Shape, palette: Palette) -> None:
        """Set the size, shape and colours; drops every cache if any of them changed."""
        if (geometry, shape, palette) == (self.geometry, self.shape, self.palette):
            return
        self.geometry = geometry
        self.shape = shape
        self.palette = palette
        self._tiles.clear()
        self._glyphs.clear()
        self.pad = geometry.thick
        side = geometry.side + 2 * self.pad
        self._board = new_surface((side, side))
        self._board.fill(palette.background)
        self._lines = self._draw_lines(geometry, shape, palette)
        self._drawn = [None] * shape.cells

    def invalidate(self) -> None:
        """Redraw every cell next frame (benchmarks; after the screen was lost)."""
        self._drawn = [None] * len(self._drawn)

    # -- frame ----------------------------------------------------------------------

    def draw(self, target: pygame.Surface, looks: Sequence[CellLook]) -> int:
        """Bring the board up to date with ``looks`` and blit it; cells redrawn."""
        geometry, board, lines = self.geometry, self._board, self._lines
        assert geometry is not None and board is not None and lines is not None
        n, cell, pad = geometry.size, geometry.cell, self.pad
        redrawn = 0
        for index, look in enumerate(looks):
            if self._drawn[index] == look:
                continue
            row, column = divmod(index, n)
            x, y = pad + column * cell, pad + row * cell
            board.blit(self.tile(look), (x, y))
            area = pygame.Rect(x - pad, y - pad, cell + 2 * pad, cell + 2 * pad)
            board.blit(lines, area.topleft, area)
            self._drawn[index] = look
            redrawn += 1
        target.blit(board, (geometry.x - pad, geometry.y - pad))
        return redrawn

    def tile(self, look: CellLook) -> pygame.Surface:
        """The picture of one cell with this look (cached)."""
        found = self._tiles.get(look)
        if found is None:
            if len(self._tiles) > 3000:  # a long game with many hint pictures
                self._tiles.clear()
            found = self._draw_tile(look)
            self._tiles[look] = found
        return found

    # -- tiles ----------------------------------------------------------------------

    def _background(self, look: CellLook) -> Colour:
        p = self.palette
        assert p is not None
        base = (
            p.cell,
            p.cell_tint,
            mix(p.cell, p.cell_tint, 0.5),
            mix(p.cell_tint, p.line_thin, 0.35),
        )[look.tint]
        if look.role is not None:
            colour = p.role_fill(look.role)
        elif look.fill is Fill.SELECTED:
            colour = p.selected
        elif look.fill is Fill.SAME:
            colour = p.same_digit
        elif look.fill is Fill.UNIT:
            colour = p.unit_hint
        elif look.fill is Fill.PEER:
            colour = mix(base, p.peer, 0.85)
        else:
            colour = base
        if look.glow:
            colour = mix(colour, p.glow, 0.85 * look.glow / LEVELS)
        if look.flash:
            colour = mix(colour, p.error_fill, look.flash / LEVELS)
        return colour

    def _draw_tile(self, look: CellLook) -> pygame.Surface:
        geometry, p = self.geometry, self.palette
        assert geometry is not None and p is not None
        size = geometry.cell
        tile = new_surface((size, size))
        tile.fill(self._background(look))
        centre = (size // 2, size // 2)
        if look.digit:
            self._draw_digit(tile, look, size, centre)
        elif look.target:
            self._draw_target(tile, look.target, size, centre)
        elif look.notes:
            self._draw_notes(tile, look, size)
        if look.wrong:
            # A corner triangle: the cue for "Check found this wrong", distinct from
            # the conflict underline so it does not depend on colour.
            t = max(5, size // 5)
            pygame.draw.polygon(tile, p.error, [(size - t, 0), (size, 0), (size, t)])
        return tile

    def _digit_colour(self, look: CellLook) -> Colour:
        p = self.palette
        assert p is not None
        if look.conflict or look.wrong:
            return p.error
        if look.from_solution:
            return p.role(Role.FOCUS)
        return p.given if look.given else p.entry

    def _draw_digit(
        self, tile: pygame.Surface, look: CellLook, size: int, centre: tuple[int, int]
    ) -> None:
        p = self.palette
        assert p is not None
        colour = self._digit_colour(look)
        glyph = self.glyph(symbol(look.digit), round(size * 0.6), colour, look.given)
        rect = glyph.get_rect(center=centre)
        tile.blit(glyph, rect)
        if look.conflict:
            # Underline: the conflict cue that does not rely on colour.
            thick = max(2, size // 18)
            width = max(rect.width + size // 8, size // 3)
            bar = pygame.Rect(0, 0, width, thick)
            bar.midtop = (centre[0], min(size - thick - 1, rect.bottom + max(2, size // 16)))
            pygame.draw.rect(tile, p.error, bar, border_radius=thick // 2)

    def _draw_target(
        self, tile: pygame.Surface, digit: int, size: int, centre: tuple[int, int]
    ) -> None:
        colour = self.palette.role(Role.FOCUS) if self.palette else (0, 0, 0)
        radius = round(size * 0.36)
        width = max(2, size // 22)
        pygame.draw.circle(tile, colour, centre, radius, width)
        glyph = self.glyph(symbol(digit), round(size * 0.46), colour, True)
        tile.blit(glyph, glyph.get_rect(center=centre))

    def _draw_notes(self, tile: pygame.Surface, look: CellLook, size: int) -> None:
        geometry, p = self.geometry, self.palette
        assert geometry is not None and p is not None
        n = geometry.size
        rows, columns = note_grid(n)
        inset = max(1, round(size * 0.06))
        width = (size - 2 * inset) / columns
        height = (size - 2 * inset) / rows
        font = round(min(width, height) * 0.74)
        roles = dict(look.note_roles)
        for digit in range(1, n + 1):
            if not look.notes >> (digit - 1) & 1:
                continue
            row, column = divmod(digit - 1, columns)
            cx = round(inset + (column + 0.5) * width)
            cy = round(inset + (row + 0.5) * height)
            radius = round(min(width, height) * 0.47)
            role = roles.get(digit)
            struck = look.struck >> (digit - 1) & 1
            colour = p.note
            bold = False
            if role is not None:
                colour = p.role(role)
                bold = True
                pygame.draw.circle(tile, p.role_fill(role), (cx, cy), radius)
                pygame.draw.circle(tile, colour, (cx, cy), radius, max(1, size // 40))
            elif digit == look.strong_note:
                colour = p.accent
                bold = True
                pygame.draw.circle(tile, mix(p.same_digit, p.accent, 0.18), (cx, cy), radius)
            if struck and role is None:
                colour = mix(p.note, p.cell, 0.3)
            glyph = self.glyph(symbol(digit), font, colour, bold)
            tile.blit(glyph, glyph.get_rect(center=(cx, cy)))
            if struck:
                r = radius * 0.8
                stroke = max(2, size // 30)
                pygame.draw.line(tile, p.error, (cx - r, cy + r), (cx + r, cy - r), stroke)

    def glyph(self, text: str, size: int, colour: Colour, bold: bool) -> pygame.Surface:
        """A digit cropped to its ink, so centring it centres what the eye sees."""
        key = (text, size, colour, bold)
        found = self._glyphs.get(key)
        if found is None:
            rendered = self.text.font(size, bold).render(text, True, colour)
            found = rendered.subsurface(rendered.get_bounding_rect()).copy()
            self._glyphs[key] = found
        return found

    # -- lines ----------------------------------------------------------------------

    def _draw_lines(
        self, geometry: BoardGeometry, shape: Shape, palette: Palette
    ) -> pygame.Surface:
        n, cell, pad = geometry.size, geometry.cell, self.pad
        side = geometry.side + 2 * pad
        layer = pygame.Surface((side, side))
        layer.fill(_KEY)
        thin, thick = geometry.thin, geometry.thick
        for k in range(1, n):
            at = pad + k * cell - thin // 2
            pygame.draw.rect(layer, palette.line_thin, (at, pad, thin, geometry.side))
            pygame.draw.rect(layer, palette.line_thin, (pad, at, geometry.side, thin))
        half = thick // 2
        regions = shape.regions
        for row in range(n):
            for column in range(n):
                cell_index = row * n + column
                x, y = pad + column * cell, pad + row * cell
                if column + 1 < n and regions[cell_index] != regions[cell_index + 1]:
                    pygame.draw.rect(
                        layer, palette.line_thick, (x + cell - half, y - half, thick, cell + thick)
                    )
                if row + 1 < n and regions[cell_index] != regions[cell_index + n]:
                    pygame.draw.rect(
                        layer, palette.line_thick, (x - half, y + cell - half, cell + thick, thick)
                    )
        outer = pygame.Rect(pad - half, pad - half, geometry.side + thick, geometry.side + thick)
        pygame.draw.rect(layer, palette.line_thick, outer, thick)
        layer.set_colorkey(_KEY)
        if pygame.display.get_surface() is not None:
            layer = layer.convert()
            layer.set_colorkey(_KEY)
        return layer


def draw_links(
    surface: pygame.Surface, step: Step, geometry: BoardGeometry, palette: Palette
) -> None:
    """A chain's links as lines between candidates: strong solid, weak dashed, with arrows."""
    width = max(2, geometry.cell // 22)
    for link in step.links:
        start = _note_centre(geometry, link.source)
        end = _note_centre(geometry, link.target)
        colour = palette.role(Role.PIVOT) if link.strong else palette.role(Role.OFF)
        _arrow(surface, colour, start, end, width, dashed=not link.strong, head=geometry.cell / 7)


def _note_centre(geometry: BoardGeometry, candidate: tuple[int, int]) -> tuple[float, float]:
    cell, digit = candidate
    rect = geometry.note_rect(cell, digit)
    return (rect.centerx, rect.centery)


def _arrow(
    surface: pygame.Surface,
    colour: Colour,
    start: tuple[float, float],
    end: tuple[float, float],
    width: int,
    dashed: bool,
    head: float,
) -> None:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    # Stop short of the candidates so their digits stay readable.
    gap = head * 0.9
    a = (start[0] + ux * gap, start[1] + uy * gap)
    b = (end[0] - ux * gap, end[1] - uy * gap)
    if dashed:
        dash = max(4.0, head * 0.8)
        travelled = 0.0
        total = math.hypot(b[0] - a[0], b[1] - a[1])
        while travelled < total:
            s = travelled
            e = min(total, travelled + dash)
            pygame.draw.line(
                surface,
                colour,
                (a[0] + ux * s, a[1] + uy * s),
                (a[0] + ux * e, a[1] + uy * e),
                width,
            )
            travelled += 2 * dash
    else:
        pygame.draw.line(surface, colour, a, b, width)
    left = (b[0] - ux * head - uy * head * 0.55, b[1] - uy * head + ux * head * 0.55)
    right = (b[0] - ux * head + uy * head * 0.55, b[1] - uy * head - ux * head * 0.55)
    pygame.draw.polygon(surface, colour, [b, left, right])
