"""Cell looks to pixels, with caches so a frame costs a few blits.

Three layers, as in Tatham's front ends:

- *tiles*: one small surface per distinct :class:`~.looks.CellLook`, drawn once and
  kept (an ordinary board has a few dozen distinct looks);
- the *lines*: thin cell lines and thick region borders as a list of filled
  rectangles, built once per size, shape and theme (with, per cell, the ones that
  cross it);
- the *board*: a surface holding the composed grid.  :meth:`BoardView.draw` blits
  only the tiles whose look changed since the last frame, fills the lines that
  cross them again, then puts the board on the screen in one blit.

Everything is rebuilt by :meth:`BoardView.configure` after a resize or theme change.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..engine.logic.step import Role
from ..engine.shape import Shape
from ..engine.symbols import symbol
from . import role_marks
from .layout import BoardGeometry, note_grid
from .looks import LEVELS, CellLook, Fill
from .text import Text
from .theme import Colour, Palette, mix


def new_surface(size: tuple[int, int], alpha: bool = False) -> pygame.Surface:
    """A surface in the display's pixel format when there is a display (faster blits)."""
    flags = pygame.SRCALPHA if alpha else 0
    surface = pygame.Surface(size, flags)
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha() if alpha else surface.convert()
    return surface


def board_pad(geometry: BoardGeometry) -> int:
    """The margin around the cells in the composed board: room for the outer border.

    Odd on purpose.  Cells are an even number of pixels (see :mod:`.layout`), so
    every tile then lands at an odd x.  On AMD Zen CPUs glibc's ``memcpy`` (``rep
    movsb``) slows down about twentyfold when the destination sits 16, 32 or 48 bytes
    past a cache line, which is where 4-byte pixels at x = 4, 8, 12 (mod 16) land:
    measured with ``benchmarks/ui.py``, 81 tile blits took 6 ms at such offsets and
    0.2 ms at odd ones.
    """
    return geometry.thick | 1


class BoardView:
    """Draws a board of cell looks; keeps tiles and the composed board between frames."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.geometry: BoardGeometry | None = None
        self.palette: Palette | None = None
        self.shape: Shape | None = None
        self._tiles: dict[CellLook, pygame.Surface] = {}
        self._glyphs: dict[tuple[str, int, Colour, bool], pygame.Surface] = {}
        self._board: pygame.Surface | None = None
        self._segments: list[tuple[pygame.Rect, Colour]] = []
        self._cell_segments: list[list[tuple[pygame.Rect, Colour]]] = []
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
        self.pad = board_pad(geometry)
        side = geometry.side + 2 * self.pad
        self._board = new_surface((side, side))
        self._board.fill(palette.background)
        self._segments = self._line_segments(geometry, shape, palette)
        # Per cell, the parts of the lines inside it, in drawing order: redrawing a
        # cell touches its own pixels only, so it cannot disturb its neighbours.
        self._cell_segments = [
            [(rect.clip(area), colour) for rect, colour in self._segments if rect.colliderect(area)]
            for area in (self._cell_area(cell) for cell in range(shape.cells))
        ]
        self._drawn = [None] * shape.cells

    def invalidate(self) -> None:
        """Redraw every cell next frame (benchmarks; after the screen was lost)."""
        self._drawn = [None] * len(self._drawn)

    @property
    def screen_rect(self) -> pygame.Rect:
        """Where the composed board, border included, goes on the screen."""
        geometry = self.geometry
        assert geometry is not None
        side = geometry.side + 2 * self.pad
        return pygame.Rect(geometry.x - self.pad, geometry.y - self.pad, side, side)

    # -- frame ----------------------------------------------------------------------

    def draw(self, target: pygame.Surface, looks: Sequence[CellLook]) -> int:
        """Bring the board up to date with ``looks`` and blit it; cells redrawn."""
        changed = self.update(looks)
        self.blit(target)
        return changed

    def blit(self, target: pygame.Surface) -> None:
        """Put the composed board on ``target``."""
        assert self._board is not None
        target.blit(self._board, self.screen_rect)

    def update(self, looks: Sequence[CellLook]) -> int:
        """Redraw the cells whose look changed in the composed board; how many."""
        board = self._board
        assert board is not None
        changed = [i for i, look in enumerate(looks) if self._drawn[i] != look]
        if len(changed) == len(looks):
            board.fblits([(self.tile(look), self._cell_area(i)) for i, look in enumerate(looks)])
            for rect, colour in self._segments:
                board.fill(colour, rect)
        else:
            for index in changed:
                board.blit(self.tile(looks[index]), self._cell_area(index))
                # The lines inside the cell, thin before thick as in the full picture.
                for rect, colour in self._cell_segments[index]:
                    board.fill(colour, rect)
        for index in changed:
            self._drawn[index] = looks[index]
        return len(changed)

    def _cell_area(self, cell: int) -> pygame.Rect:
        geometry = self.geometry
        assert geometry is not None
        row, column = divmod(cell, geometry.size)
        size = geometry.cell
        return pygame.Rect(self.pad + column * size, self.pad + row * size, size, size)

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
        self._draw_cues(tile, look, size)
        if look.wrong:
            # A corner triangle: the cue for "Check found this wrong", distinct from
            # the conflict underline so it does not depend on colour.
            t = max(5, size // 5)
            pygame.draw.polygon(tile, p.error, [(size - t, 0), (size, 0), (size, t)])
        return tile

    def _draw_cues(self, tile: pygame.Surface, look: CellLook, size: int) -> None:
        """The shapes that say what the cell's tint says, so no cue is colour alone:
        a thick frame on the selected cell, a thin rounded one round the selected
        digit's cells, a hint role's badge in the top-left corner."""
        geometry, p = self.geometry, self.palette
        assert geometry is not None and p is not None
        edge = (geometry.thick + 1) // 2 + 1  # clear of the grid lines drawn over the edges
        area = pygame.Rect(0, 0, size, size)
        if look.fill is Fill.SELECTED:
            frame = area.inflate(-2 * edge, -2 * edge)
            pygame.draw.rect(tile, p.selected_frame, frame, max(3, size // 16), max(2, size // 20))
        elif look.fill is Fill.SAME:
            frame = area.inflate(-2 * (edge + max(2, size // 14)), -2 * (edge + max(2, size // 14)))
            pygame.draw.rect(tile, p.same_frame, frame, max(1, size // 36), size // 6)
        if look.role is not None and not look.target:  # a target's ring says it already
            badge = max(8, round(size * 0.2))
            at = edge + max(3, size // 16) + max(1, size // 40)  # inside a selection frame
            role_marks.draw_badge(tile, look.role, (at, at), badge, p)

    def _digit_colour(self, look: CellLook) -> Colour:
        p = self.palette
        assert p is not None
        if look.conflict or look.wrong:
            return p.error
        if look.from_solution:
            return p.role(Role.FOCUS)
        if look.preview:  # placed by an earlier step of the path, not on the board yet
            return mix(p.entry, p.cell, 0.45)
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
        if look.preview:
            # A dotted underline: "ahead of the board", told by shape as well as shade.
            dot = max(2, size // 22)
            y = min(size - dot - 1, rect.bottom + max(2, size // 16))
            for x in range(rect.x, rect.right + 1, 3 * dot):
                tile.fill(colour, (x, y, dot, dot))
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
        # About a third of a digit's size, as large as the note's spot allows, and no
        # smaller than 12 px where the spot has room (every 9x9 board from 800x600 up).
        font = round(min(min(width, height) * 0.92, max(12.0, size * 0.22)))
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
                colour = role_marks.ink(role, p)
                bold = True
                role_marks.draw_mark(tile, role, (cx, cy), radius, p, max(1, size // 40))
            elif digit == look.strong_note:
                colour = p.accent
                bold = True
                pygame.draw.circle(tile, mix(p.same_digit, p.same_frame, 0.18), (cx, cy), radius)
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

    @staticmethod
    def _line_segments(
        geometry: BoardGeometry, shape: Shape, palette: Palette
    ) -> list[tuple[pygame.Rect, Colour]]:
        """Every grid line as filled rectangles: thin cell lines first, then borders.

        A region border is drawn per cell edge so jigsaw outlines follow the regions;
        thick segments overlap by half their width at both ends to close corners.
        """
        n, cell = geometry.size, geometry.cell
        pad = board_pad(geometry)
        thin, thick = geometry.thin, geometry.thick
        half = thick // 2
        segments: list[tuple[pygame.Rect, Colour]] = []
        for k in range(1, n):
            at = pad + k * cell - thin // 2
            for j in range(n):
                segments.append((pygame.Rect(at, pad + j * cell, thin, cell), palette.line_thin))
                segments.append((pygame.Rect(pad + j * cell, at, cell, thin), palette.line_thin))
        regions = shape.regions
        for row in range(n):
            for column in range(n):
                here = row * n + column
                x, y = pad + column * cell, pad + row * cell
                if column == 0 or regions[here] != regions[here - 1]:
                    segments.append(
                        (pygame.Rect(x - half, y - half, thick, cell + thick), palette.line_thick)
                    )
                if row == 0 or regions[here] != regions[here - n]:
                    segments.append(
                        (pygame.Rect(x - half, y - half, cell + thick, thick), palette.line_thick)
                    )
                if column == n - 1:
                    segments.append(
                        (
                            pygame.Rect(x + cell - half, y - half, thick, cell + thick),
                            palette.line_thick,
                        )
                    )
                if row == n - 1:
                    segments.append(
                        (
                            pygame.Rect(x - half, y + cell - half, cell + thick, thick),
                            palette.line_thick,
                        )
                    )
        return segments
