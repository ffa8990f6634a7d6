"""A cell's notes laid out and drawn: candidates in their fixed grid, corner notes in a
ring round the edge, centre notes in the middle, all three in one cell without overlap.

The layout, one cell at a time:

- candidates alone take the fixed 3x3 grid (below a cage's sum when the cell has one);
- corner notes hug the corners and edges' middles (SudokuPad's places), clear of a
  cage's sum and of dots on the cell's edges; beside candidates they keep their ring
  when the block inside it still holds a grid of 12 px digits, and the candidates then
  take that block;
- centre notes alone sit in a row (or two) in the middle;
- where candidates share the cell with centre notes (or with corner notes and there
  is no room for the ring), those notes join the candidates' grid at their digit's
  place, in the player's pencil (blue, bold) rather than the candidates' grey:
  a centre note framed in a rounded box, a corner note with a notch in its place's
  top-left corner.  Every digit then keeps its one place and the size the grid
  allows (12 px at least from 800x600 up), where shrinking a band of centre notes
  between candidate rows would have taken them under the floor on every board
  below 1920x1080.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...engine.symbols import symbol
from ...session.play import candidate_colour
from ..kit import Colour, Palette, Text, mix
from . import role_marks
from .layout import BoardGeometry, note_grid, note_size
from .looks import CellLook
from .rules import SPOTS, RulePainter
from .shapes import draw_shape, tint

CORNER_SPOTS = SPOTS
"""Where corner notes go, in SudokuPad's order: the four corners, then the middles
of the top, bottom, left and right edges (fractions of the cell)."""

Glyph = Callable[[str, int, Colour, bool], pygame.Surface]
"""A digit cropped to its ink, cached: (text, size, colour, bold) -> surface."""


def note_corner_spots(count: int, labelled: bool, covered: int = 0) -> list[tuple[float, float]]:
    """:func:`corner_spots` for a cell whose places may be taken: by a label in the
    top-left corner (``labelled``), or by dots and circles on its edges (``covered``,
    bit k for ``CORNER_SPOTS[k]``).  Notes take the free places in SudokuPad's order,
    then, only when there are more notes than free places, the covered ones (a
    ninth note beside a label goes on the left edge under it)."""
    if not labelled and not covered:
        return corner_spots(count)
    if count > len(CORNER_SPOTS):
        return corner_spots(count)  # big grids: every place is needed
    taken = {CORNER_SPOTS[k] for k in range(len(CORNER_SPOTS)) if covered >> k & 1}
    if labelled:
        taken.add((0.0, 0.0))
    free = [s for s in CORNER_SPOTS if s not in taken]
    rest = [s for s in CORNER_SPOTS if s in taken and s != (0.0, 0.0)]
    spots = (free + rest + [(0.0, 0.0)])[:count]
    # In ascending digit order the places read as SudokuPad's: corners first.
    order = {spot: k for k, spot in enumerate(CORNER_SPOTS)}
    return sorted(spots, key=order.__getitem__)


def corner_spots(count: int) -> list[tuple[float, float]]:
    """Where ``count`` corner notes go, in ascending digit order (fractions of the cell).

    Up to eight, SudokuPad's places; more (grids above 9x9) run along the top and
    bottom edges, with one at the middle of each side.
    """
    if count <= len(CORNER_SPOTS):
        return list(CORNER_SPOTS[:count])
    top = (count - 2 + 1) // 2
    bottom = count - 2 - top
    spots = [(k / (top - 1), 0.0) for k in range(top)]
    spots += [(0.0, 0.5), (1.0, 0.5)]
    spots += [(k / max(1, bottom - 1), 1.0) for k in range(bottom)]
    return spots


def _spot(area: pygame.Rect, digit: int, rows: int, columns: int) -> pygame.Rect:
    """Note ``digit``'s spot when ``area`` is divided into ``rows`` x ``columns``."""
    row, column = divmod(digit - 1, columns)
    width, height = area.w / columns, area.h / rows
    left, top = round(area.x + column * width), round(area.y + row * height)
    right, bottom = round(area.x + (column + 1) * width), round(area.y + (row + 1) * height)
    return pygame.Rect(left, top, right - left, bottom - top)


def _digits(mask: int, size: int) -> list[int]:
    return [d for d in range(1, size + 1) if mask >> (d - 1) & 1]


class NotePainter:
    """Lays out and draws the three kinds of notes in a tile (see the module)."""

    def __init__(self, text: Text, glyph: Glyph, rules: RulePainter) -> None:
        self.text = text
        self.glyph = glyph
        self.rules = rules
        self.geometry: BoardGeometry | None = None
        self.palette: Palette | None = None

    def configure(self, geometry: BoardGeometry, palette: Palette) -> None:
        self.geometry, self.palette = geometry, palette

    # -- the layout -------------------------------------------------------------------

    def ring(self, look: CellLook) -> bool:
        """Whether the corner notes keep their ring round the candidates' grid."""
        return bool(look.notes and look.corner) and self.inner_block(look) is not None

    def joined(self, look: CellLook) -> tuple[int, int]:
        """The (centre, corner) notes drawn in the candidates' grid, not in their own
        places: those beside candidates that have no room of their own."""
        if not look.notes:
            return 0, 0
        return look.centre, 0 if self.ring(look) else look.corner

    def in_grid(self, look: CellLook) -> int:
        """The digits that take a place in the candidates' grid (bitmask)."""
        centre, corner = self.joined(look)
        return look.notes | centre | corner

    def spots(self, look: CellLook) -> tuple[list[pygame.Rect], int]:
        """Each place of the candidates' grid in the tile (digit ``d``'s is ``[d - 1]``;
        a 7x7 grid's 3x3 has two places no digit takes), and the notes' font size.

        About a third of a digit and 12 px at least, made smaller only where a digit's
        ink would not fit its spot (a spot shortened by a cage's sum, a big grid's
        small cells)."""
        geometry = self.geometry
        assert geometry is not None
        rows, columns = note_grid(geometry.size)
        places = range(1, rows * columns + 1)
        font = note_size(geometry)
        block = self.inner_block(look) if look.corner and look.notes else None
        if block is not None:
            spots = [_spot(block, digit, rows, columns) for digit in places]
        else:
            spots = [geometry.note_spot(digit, self._labelled(look)) for digit in places]
        height = min(spot.h for spot in spots)
        width = min(spot.w for spot in spots)
        bold = any(self.joined(look))  # the pencil's digits are bold, a little wider
        # The ink (not the font's line) must fit its spot, with a pixel to spare: a 12 px
        # digit is about 9 px tall, so 12 px notes fit even the 800x600 board's spots.
        while font > 7 and (
            self._ink_height(font) + 1 > height
            or self.glyph("8", font, (0, 0, 0), bold).get_width() + 1 > width
        ):
            font -= 1
        return spots, font

    def inner_block(self, look: CellLook) -> pygame.Rect | None:
        """The block inside the ring of corner notes, if digits of 12 px fit it in rows."""
        geometry = self.geometry
        assert geometry is not None
        size = geometry.cell
        band = self.ring_band(look)
        top = max(band, geometry.label_bottom + 1) if self._labelled(look) else band
        rows, _ = note_grid(geometry.size)
        block = pygame.Rect(band, top, size - band - band, size - band - top)
        if block.w <= 0 or block.h < rows * (self._ink_height(12) + 1):
            return None
        return block

    def ring_band(self, look: CellLook) -> int:
        """How far the ring of corner notes reaches in from the cell's sides."""
        geometry = self.geometry
        assert geometry is not None
        size = geometry.cell
        font = self.corner_font(size, bin(look.corner).count("1"))
        return geometry.content + self._ink_height(font) + max(1, size // 40)

    def corner_font(self, size: int, count: int) -> int:
        """Corner notes' size: at least 12 px on every 9x9 board from 800x600 up; more
        notes in a row (big grids) shrink to fit the edge."""
        geometry = self.geometry
        assert geometry is not None
        room = size - 2 * geometry.content
        across = max(1, sum(1 for _, y in corner_spots(count) if y == 0.0))
        font = max(12, round(size * 0.19))
        while font > 7 and across * self.text.measure("8", font, True)[0] * 1.35 > room:
            font -= 1
        return font

    def _ink_height(self, font: int) -> int:
        return self.glyph("8", font, (0, 0, 0), True).get_height()

    def _labelled(self, look: CellLook) -> bool:
        return look.rules is not None and look.rules.labelled

    # -- drawing ----------------------------------------------------------------------

    def draw(self, tile: pygame.Surface, look: CellLook) -> None:
        """Every note of ``look`` in ``tile`` (a cell without a digit)."""
        if look.notes:
            self._draw_grid(tile, look)
        centre, corner = self.joined(look)
        if look.corner and not corner:
            self._draw_corner(tile, look)
        if look.centre and not centre:
            self._draw_centre(tile, look)

    def _draw_grid(self, tile: pygame.Surface, look: CellLook) -> None:
        """The candidates' grid: candidates in grey, with a hint's marks, strikes and
        the player's colours; centre and corner notes that joined it in pencil."""
        geometry, p = self.geometry, self.palette
        assert geometry is not None and p is not None
        size = geometry.cell
        spots, font = self.spots(look)
        roles = dict(look.note_roles)
        centre, corner = self.joined(look)
        # Beside corner notes, the candidates step back (lighter), so the notes the
        # player wrote last in this cell are the ones that read first.
        plain = mix(p.note, p.cell, 0.45) if look.corner or look.centre else p.note
        for digit in _digits(self.in_grid(look), geometry.size):
            spot = spots[digit - 1]
            cx, cy = spot.center
            radius = round(min(spot.w, spot.h) * 0.47)
            role = roles.get(digit)
            bit = 1 << (digit - 1)
            if role is None and (centre | corner) & bit:
                self._draw_joined(tile, look, digit, spot, font, bool(centre & bit))
                continue
            painted = candidate_colour(look.marks, digit)
            if painted:
                paint = p.paint(painted)
                draw_shape(
                    tile, painted, tint(p.cell, paint, p.note), (cx, cy), radius, paint,
                    max(1, size // 45),
                )  # fmt: skip
            struck = look.struck & bit
            colour = plain
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

    def _draw_joined(
        self,
        tile: pygame.Surface,
        look: CellLook,
        digit: int,
        spot: pygame.Rect,
        font: int,
        centre: bool,
    ) -> None:
        """A centre or corner note in the candidates' grid: the pencil's digit, and its
        kind told by shape: a centre note boxed, a corner note notched."""
        p, geometry = self.palette, self.geometry
        assert p is not None and geometry is not None
        glyph = self._pencil(look, digit, font)
        place = glyph.get_rect(center=spot.center)
        self._backdrop(tile, look, digit, place)
        line = mix(p.entry, p.cell, 0.35)
        if centre:
            box = place.inflate(4, 2).clip(spot)
            pygame.draw.rect(tile, line, box, 1, max(1, box.h // 4))
        else:
            notch = max(3, spot.w // 4)
            x, y = spot.x, spot.y
            pygame.draw.polygon(tile, line, [(x, y), (x + notch, y), (x, y + notch)])
        tile.blit(glyph, place)

    def _pencil(self, look: CellLook, digit: int, font: int) -> pygame.Surface:
        """A corner or centre note's glyph: bold, in the entries' blue (candidate notes
        are grey and regular); the digit in focus on a soft disc, as candidates are."""
        p = self.palette
        assert p is not None
        colour = p.accent if digit == look.strong_note else mix(p.entry, p.note, 0.25)
        return self.glyph(symbol(digit), font, colour, True)

    def _backdrop(self, tile: pygame.Surface, look: CellLook, digit: int, at: pygame.Rect) -> None:
        """The soft disc behind a corner or centre note of the digit in focus."""
        p = self.palette
        assert p is not None
        if digit == look.strong_note:
            radius = round(max(at.w, at.h) * 0.62)
            pygame.draw.circle(tile, mix(p.same_digit, p.accent, 0.18), at.center, radius)

    def _draw_corner(self, tile: pygame.Surface, look: CellLook) -> None:
        """Corner notes: small digits hugging the cell's corners and edges (SudokuPad),
        inside the selection frame, and clear of a cage's sum in the top-left corner
        (the notes there move to the next free places, as SudokuPad does)."""
        geometry = self.geometry
        assert geometry is not None
        size = geometry.cell
        digits = _digits(look.corner, geometry.size)
        labelled = self._labelled(look)
        covered = look.rules.covered if look.rules is not None else 0
        spots = note_corner_spots(len(digits), labelled, covered)
        inset = geometry.content
        room = size - 2 * inset
        font = self.corner_font(size, len(digits))
        below = geometry.label_bottom + 1
        gap = max(2, size // 16)
        beside = self.rules.label_right(look.rules.cage_sum) + gap if look.rules and labelled else 0
        for digit, (fx, fy) in zip(digits, spots, strict=True):
            glyph = self._pencil(look, digit, font)
            top = inset + fy * (room - glyph.get_height())
            left = inset + fx * (room - glyph.get_width())
            if labelled and fx == 0.0 and fy < 1.0:
                top = max(top, below)  # the left edge's spots stay below the label
            elif labelled and fy == 0.0:
                left = max(left, beside)  # the top edge's, right of it
            place = glyph.get_rect(topleft=(round(left), round(top)))
            self._backdrop(tile, look, digit, place)
            tile.blit(glyph, place)

    def _draw_centre(self, tile: pygame.Surface, look: CellLook) -> None:
        """Centre notes: the digits in a row in the middle, smaller as there are more,
        or in two rows when that lets them be larger.  Every digit gets the same slot,
        so a row reads evenly whatever its digits."""
        geometry = self.geometry
        assert geometry is not None
        size = geometry.cell
        numbers = _digits(look.centre, geometry.size)
        inset = geometry.content
        room = size - 2 * inset
        if look.corner:  # a row keeps clear of the corner notes at the edges' middles
            room -= 2 * max(1, round(size * 0.14))
        font = max(12, round(size * 0.22))

        def slot(at: int) -> int:
            return self.glyph("8", at, (0, 0, 0), True).get_width() + max(1, at // 7)

        def largest(longest: int, limit: int) -> int:
            at = font
            while at > 7 and longest * slot(at) > limit:
                at -= 1
            return at

        half = (len(numbers) + 1) // 2
        one = largest(len(numbers), room)
        # Two rows once one row would be smaller (from five digits or so): the
        # rows then take the cell's whole width, clear of the corners above them.
        two = largest(half, size - 2 * inset) if half > 1 else 0
        rows = [numbers] if one >= two else [numbers[:half], numbers[half:]]
        font = max(one, two)
        step = slot(font)
        height = self.glyph("8", font, (0, 0, 0), True).get_height()
        gap = max(2, height // 3)
        top = (size - len(rows) * height - (len(rows) - 1) * gap) / 2
        for index, row in enumerate(rows):
            left = (size - len(row) * step) / 2
            y = round(top + index * (height + gap))
            for k, digit in enumerate(row):
                glyph = self._pencil(look, digit, font)
                place = glyph.get_rect(midbottom=(round(left + (k + 0.5) * step), y + height))
                self._backdrop(tile, look, digit, place)
                tile.blit(glyph, place)
