"""The rule layer to pixels: constraint marks drawn the way SudokuPad players read them.

:class:`RulePainter` draws, at the board's geometry and palette:

- inside a cell's tile (:meth:`under`, before the digits and notes): the shade of an
  extra region (flat) or a clone (hatched), diagonals, thermometers (a wide tube and a
  filled bulb), arrows (a ring and a thin shaft with its head), renban (a wide solid
  band), whispers (a wide band with a hollow core), palindromes (a band with beads),
  between lines (a thin line with end circles), even squares and odd circles, and a
  minimum's inward or maximum's outward chevrons;
- over it (:meth:`over`, after the notes, which are laid out to leave room): the
  cage's dashed outline, inset, and its sum in the first cell's corner on its own
  background;
- pieces over the grid lines (:meth:`point_piece`): kropki dots (white: a ring;
  black: a disc), X and V letters on a plate, quadruple circles with their digits;
- outside the grid (:meth:`clue_piece`): little killer sums with their arrow and
  sandwich sums.

Every colour mixes the palette's ink into the tile's own background, so marks follow
the theme and stay under the highlight the cell has; every kind also differs by
shape, never by hue alone.  A broken rule takes the palette's error colour *and* a
shape change: a cage's dashes close into a solid line and its sum is underlined, a
line is cut into dashes, a dot, letter, circle or cell shape is slashed, an outside
sum is struck through.
"""

from __future__ import annotations

import math

import pygame

from ...kit import Colour, Palette, Text, mix
from ..layout import BoardGeometry
from .marks import (
    BOTTOM,
    BOTTOM_LEFT,
    BOTTOM_RIGHT,
    CORNERS,
    LEFT,
    RIGHT,
    TOP,
    TOP_LEFT,
    TOP_RIGHT,
    WAYS,
    CellMarks,
    End,
    LinePart,
    OutsideClue,
    PointMark,
)

LINE_HUES: dict[str, tuple[Colour, float]] = {
    "renban": ((150, 60, 200), 0.55),
    "whisper": ((40, 170, 70), 0.6),
    "palindrome": ((120, 120, 130), 0.5),
    "between": ((90, 140, 200), 0.55),
}
"""Each line's hue and how strongly it tints the cell (SudokuPad's customary colours)."""

LINE_WIDTHS = {
    "thermometer": 0.3,
    "arrow": 0.05,
    "renban": 0.3,
    "whisper": 0.26,
    "palindrome": 0.2,
    "between": 0.08,
}
"""Line widths as fractions of a cell: a shape difference besides each line's hue."""


def _point(size: int, fx: float, fy: float) -> tuple[float, float]:
    return (fx * size, fy * size)


class RulePainter:
    """Draws constraint marks at one geometry and palette (see the module docstring)."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.geometry: BoardGeometry | None = None
        self.palette: Palette | None = None

    def configure(self, geometry: BoardGeometry, palette: Palette) -> None:
        self.geometry, self.palette = geometry, palette

    # -- inks ------------------------------------------------------------------------

    def _grey(self, behind: Colour, strength: float = 0.3) -> Colour:
        p = self.palette
        assert p is not None
        return mix(behind, p.given, strength)

    def _line_colour(self, part: LinePart | End, kind: str, behind: Colour) -> Colour:
        p = self.palette
        assert p is not None
        if part.broken:
            return mix(behind, p.error, 0.75)
        if kind in LINE_HUES:
            hue, strength = LINE_HUES[kind]
            return mix(behind, hue, strength)
        if kind == "arrow":
            return mix(behind, p.given, 0.55)
        return self._grey(behind, 0.27)

    # -- inside a tile ---------------------------------------------------------------

    def under(self, tile: pygame.Surface, marks: CellMarks, behind: Colour) -> None:
        """Shades, diagonals, lines, bulbs and cell shapes: under the digit and notes."""
        size = tile.get_width()
        if marks.shade:
            self._shade(tile, marks.shade, behind, size)
        if marks.diagonals:
            self._diagonals(tile, marks.diagonals, behind, size)
        if marks.shape:
            self._cell_shape(tile, marks, behind, size)
        for part in marks.lines:
            self._line(tile, part, behind, size)
        bulb = any(end.kind == "bulb" for end in marks.ends)
        for end in marks.ends:
            self._end(tile, end, behind, size, hollow=not bulb)

    def over(self, tile: pygame.Surface, marks: CellMarks, behind: Colour) -> None:
        """The cage's outline and sum: over everything else in the tile."""
        if marks.caged:
            self._cage(tile, marks, behind, tile.get_width())

    def _shade(self, tile: pygame.Surface, shade: str, behind: Colour, size: int) -> None:
        p = self.palette
        assert p is not None
        if shade == "region":
            # A flat shade, a touch darker than a jigsaw tint (it must read under highlights).
            tile.fill(mix(behind, p.given, 0.13))
            return
        # Clones: a light hatch, so they differ from extra regions by shape too.
        tile.fill(mix(behind, p.accent, 0.12))
        ink = mix(behind, p.accent, 0.32)
        step = max(4, size // 7)
        width = max(1, size // 40)
        for k in range(-size, size, step):
            pygame.draw.line(tile, ink, (k, size), (k + size, 0), width)

    def _diagonals(self, tile: pygame.Surface, which: int, behind: Colour, size: int) -> None:
        p = self.palette
        assert p is not None
        colour = mix(behind, p.accent, 0.55)
        width = max(1, round(size / 30))
        if which & 1:
            pygame.draw.line(tile, colour, (0, 0), (size, size), width)
        if which & 2:
            pygame.draw.line(tile, colour, (size - 1, 0), (-1, size), width)

    def _cell_shape(
        self, tile: pygame.Surface, marks: CellMarks, behind: Colour, size: int
    ) -> None:
        p = self.palette
        assert p is not None
        colour = mix(behind, p.error, 0.45) if marks.shape_broken else self._grey(behind, 0.2)
        c = size / 2
        if marks.shape == "even":
            side = round(size * 0.72)
            rect = pygame.Rect(0, 0, side, side)
            rect.center = (round(c), round(c))
            tile.fill(colour, rect)
            if marks.shape_broken:
                self._slash(tile, (c, c), side / 2)
        elif marks.shape == "odd":
            pygame.draw.circle(tile, colour, (round(c), round(c)), round(size * 0.37))
            if marks.shape_broken:
                self._slash(tile, (c, c), size * 0.37)
        else:
            # Four chevrons at the edges' middles, inside the grid lines: a maximum's
            # point outwards (bigger than its neighbours), a minimum's inwards.
            geometry = self.geometry
            assert geometry is not None
            ink = mix(behind, p.error, 0.8) if marks.shape_broken else self._grey(behind, 0.75)
            tile.fill(self._grey(behind, 0.1))
            half = max(4.0, size * 0.12)
            depth = max(3.0, geometry.frame * 1.0)
            at = geometry.edge + 0.5
            outward = marks.shape == "max"
            width = max(2, round(size / 36))
            for angle in (0, 90, 180, 270):
                # Drawn for the top edge, then turned about the centre.
                tip_y = at if outward else at + depth
                base_y = at + depth if outward else at
                points = [(c - half, base_y), (c, tip_y), (c + half, base_y)]
                turned = [_turn(x, y, c, angle) for x, y in points]
                pygame.draw.lines(tile, ink, False, turned, width)

    def _line(self, tile: pygame.Surface, part: LinePart, behind: Colour, size: int) -> None:
        colour = self._line_colour(part, part.kind, behind)
        width = max(2, round(size * LINE_WIDTHS[part.kind]))
        c = size / 2
        ways = [k for k in range(8) if part.ways >> k & 1]
        for k in ways:
            dy, dx = WAYS[k]
            _band(tile, colour, (c, c), (c + dx * c, c + dy * c), width)
            if part.broken:
                # Cut across at intervals: a broken line reads as a dashed one, a cue
                # of shape besides the colour (and nothing is added over the notes).
                step = max(6.0, size * 0.16)
                gap = max(2, round(size * 0.05))
                at = step * 0.6
                length = math.hypot(dx, dy) * c
                while at < length:
                    u = at / length
                    here = (c + dx * c * u, c + dy * c * u)
                    side = (-dy / math.hypot(dx, dy), dx / math.hypot(dx, dy))
                    half = width * 0.6 + 1
                    _band(
                        tile,
                        behind,
                        (here[0] - side[0] * half, here[1] - side[1] * half),
                        (here[0] + side[0] * half, here[1] + side[1] * half),
                        gap,
                    )
                    at += step
        for k, (cy, cx) in enumerate(CORNERS):
            if part.ways >> (8 + k) & 1:
                # The band of a diagonal line between the neighbours at this corner.
                x, y = cx * size, cy * size
                sx = -1 if cx == cy else 1  # at these corners the line runs anti-diagonally
                _band(tile, colour, (x - sx * width, y - width), (x + sx * width, y + width), width)
        if not ways:
            return
        if width > 3:
            pygame.draw.circle(tile, colour, (round(c), round(c)), width // 2)
        if part.kind == "whisper" and width > 6:
            # The hollow core: whispers read as a double line, renban as a solid band.
            core = max(2, width // 3)
            for k in ways:
                dy, dx = WAYS[k]
                _band(tile, behind, (c, c), (c + dx * c, c + dy * c), core)
            pygame.draw.circle(tile, behind, (round(c), round(c)), core // 2)
        elif part.kind == "palindrome":
            # A bead on each cell: palindromes read as a string of beads.
            radius = max(3, round(size * 0.13))
            pygame.draw.circle(tile, colour, (round(c), round(c)), radius)
            pygame.draw.circle(tile, behind, (round(c), round(c)), max(1, radius // 2))

    def _slash(self, tile: pygame.Surface, centre: tuple[float, float], radius: float) -> None:
        """A broken mark's cue that is not a colour: a slash across the mark itself,
        inside its outline, so it covers nothing the mark did not."""
        p = self.palette
        assert p is not None
        r = radius * 0.7
        width = max(2, round(radius / 6))
        x, y = centre
        pygame.draw.line(tile, p.error, (x - r, y + r), (x + r, y - r), width)

    def _end(
        self, tile: pygame.Surface, end: End, behind: Colour, size: int, hollow: bool = True
    ) -> None:
        """One end; ``hollow``: a ring's inside is cleared (not over a bulb)."""
        c = size / 2
        centre = (round(c), round(c))
        if end.kind == "bulb":
            colour = self._line_colour(end, "thermometer", behind)
            pygame.draw.circle(tile, colour, centre, round(size * 0.4))
        elif end.kind == "circle":
            colour = self._line_colour(end, "arrow", behind)
            width = max(2, round(size * 0.05))
            r = round(size * 0.4)
            if not end.ways:
                pygame.draw.circle(tile, behind, centre, r)
                pygame.draw.circle(tile, colour, centre, r, width)
            else:  # part of a pill: the outline runs on to the joined sides
                rect = pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r)
                if end.ways & 1 << 0:
                    rect.top = -width
                    rect.height += centre[1] - r + width
                if end.ways & 1 << 4:
                    rect.height = size + width - rect.top
                if end.ways & 1 << 6:
                    rect.width += rect.left + width
                    rect.left = -width
                if end.ways & 1 << 2:
                    rect.width = size + width - rect.left
                # Round only the corners between two open sides: a pill, not beads.
                up, down = end.ways & 1 << 0, end.ways & 1 << 4
                left, right = end.ways & 1 << 6, end.ways & 1 << 2
                corners = {
                    "border_top_left_radius": 0 if up or left else r,
                    "border_top_right_radius": 0 if up or right else r,
                    "border_bottom_left_radius": 0 if down or left else r,
                    "border_bottom_right_radius": 0 if down or right else r,
                }
                pygame.draw.rect(tile, behind, rect, 0, **corners)
                pygame.draw.rect(tile, colour, rect, width, **corners)
        elif end.kind == "end-circle":
            colour = self._line_colour(end, "between", behind)
            r = round(size * 0.4)
            if hollow:
                pygame.draw.circle(tile, behind, centre, r)
            pygame.draw.circle(tile, colour, centre, r, max(2, round(size * 0.045)))
        elif end.kind == "head":
            colour = self._line_colour(end, "arrow", behind)
            k = end.ways.bit_length() - 1
            dy, dx = WAYS[k]
            norm = math.hypot(dx, dy)
            ux, uy = dx / norm, dy / norm
            # The head points along the shaft, its tip short of the cell's centre.
            tip = (c + ux * size * 0.02, c + uy * size * 0.02)
            back = size * 0.2
            spread = size * 0.16
            wing_a = (tip[0] - ux * back - uy * spread, tip[1] - uy * back + ux * spread)
            wing_b = (tip[0] - ux * back + uy * spread, tip[1] - uy * back - ux * spread)
            width = max(2, round(size * 0.05))
            pygame.draw.lines(tile, colour, False, [wing_a, tip, wing_b], width)
            pygame.draw.circle(tile, colour, (round(tip[0]), round(tip[1])), width // 2)
        if end.broken and end.kind != "head":
            self._slash(tile, (c, c), size * 0.4)

    def _cage(self, tile: pygame.Surface, marks: CellMarks, behind: Colour, size: int) -> None:
        p, geometry = self.palette, self.geometry
        assert p is not None and geometry is not None
        a = geometry.cage_inset
        width = max(1, round(size / 48))
        if marks.cage_broken:
            colour, width = mix(behind, p.error, 0.9), width + 1
        else:
            colour = mix(behind, p.given, 0.8)
        b = size - a - width
        dash = max(2, round(size / 14))
        # Dashes on a grid that divides the cell, so they run on across cell edges;
        # a broken cage's line closes (solid): its cue besides the colour.
        period = size / max(1, round(size / (2 * dash)))

        def dashes(start: int, stop: int) -> list[tuple[int, int]]:
            if marks.cage_broken:
                return [(start, stop)]
            runs = []
            k = 0
            while k * period < stop:
                lo = max(start, round(k * period + period / 4))
                hi = min(stop, round(k * period + period / 4 + period / 2))
                if hi > lo:
                    runs.append((lo, hi))
                k += 1
            return runs

        bits = marks.cage
        top = a if bits & TOP else 0
        bottom = b + width if bits & BOTTOM else size
        left = a if bits & LEFT else 0
        right = b + width if bits & RIGHT else size
        if bits & TOP:
            for lo, hi in dashes(left, right):
                tile.fill(colour, (lo, a, hi - lo, width))
        if bits & BOTTOM:
            for lo, hi in dashes(left, right):
                tile.fill(colour, (lo, b, hi - lo, width))
        if bits & LEFT:
            for lo, hi in dashes(top, bottom):
                tile.fill(colour, (a, lo, width, hi - lo))
        if bits & RIGHT:
            for lo, hi in dashes(top, bottom):
                tile.fill(colour, (b, lo, width, hi - lo))
        # Inner corners: the outline turns round a cell outside the cage.
        for bit, (x, y) in (
            (TOP_LEFT, (0, 0)),
            (TOP_RIGHT, (b, 0)),
            (BOTTOM_RIGHT, (b, b)),
            (BOTTOM_LEFT, (0, b)),
        ):
            if bits & bit:
                h = a + width
                horizontal_x = 0 if x == 0 else b
                vertical_y = 0 if y == 0 else b
                tile.fill(colour, (horizontal_x, a if y == 0 else b, h, width))
                tile.fill(colour, (a if x == 0 else b, vertical_y, width, h))
        if marks.cage_sum:
            self._label(tile, marks, behind, colour)

    def _label(self, tile: pygame.Surface, marks: CellMarks, behind: Colour, line: Colour) -> None:
        """The cage's sum in the top-left corner, on the cell's own colour, over the
        outline's corner (SudokuPad's place for it); its box is the geometry's
        :attr:`~..layout.BoardGeometry.label_bottom` high, which the notes keep clear of."""
        p, geometry = self.palette, self.geometry
        assert p is not None and geometry is not None
        ink = p.error if marks.cage_broken else mix(behind, p.given, 0.92)
        glyph = _ink(self.text, marks.cage_sum, geometry.label_font, ink)
        x = geometry.edge
        pad = max(1, geometry.cell // 40)
        box = pygame.Rect(x, x, self.label_right(marks.cage_sum) - x, geometry.label_bottom - x)
        tile.fill(behind, box)
        tile.blit(glyph, glyph.get_rect(center=box.center))
        if marks.cage_broken:
            # Underlined as a conflicting digit is: the sum's cue besides its colour.
            tile.fill(p.error, (box.x + pad, box.bottom - 1, glyph.get_width(), max(1, pad)))

    def label_right(self, label: str) -> int:
        """Where a label's box ends, from the cell's left: notes on the top edge start
        to its right."""
        geometry = self.geometry
        assert geometry is not None
        glyph = _ink(self.text, label, geometry.label_font, (0, 0, 0))
        return geometry.edge + glyph.get_width() + 2 * max(1, geometry.cell // 40)

    # -- over the grid lines ---------------------------------------------------------

    def point_piece(self, mark: PointMark) -> tuple[pygame.Surface, tuple[int, int]]:
        """A dot, letter or circle on its own transparent surface, and where it goes
        (board pixels, from the grid's top left)."""
        p, geometry = self.palette, self.geometry
        assert p is not None and geometry is not None
        cell = geometry.cell
        # Floors keep marks legible on the board; a small picture (the picker's
        # preview) keeps their proportions instead.
        if mark.kind == "quad":
            # Small enough to leave the corner candidates alone on big boards, and
            # room for two rows of 12 px digits on small ones.
            radius = max(min(12, cell // 4), round(cell * 0.22))
        elif mark.kind == "xv":
            radius = max(min(7, cell // 5), round(cell * 0.17))
        else:
            radius = max(min(5, cell // 6), round(cell * 0.12))
        radius = max(2, radius)
        side = 2 * radius + 4
        piece = pygame.Surface((side, side), pygame.SRCALPHA)
        centre = (side // 2, side // 2)
        ink = p.error if mark.broken else p.given
        edge = max(1, round(cell / 45))
        if mark.kind == "white":
            pygame.draw.circle(piece, p.cell, centre, radius)
            pygame.draw.circle(piece, ink, centre, radius, edge + 1)
        elif mark.kind == "black":
            pygame.draw.circle(piece, ink, centre, radius)
        elif mark.kind == "xv":
            plate = pygame.Rect(0, 0, round(radius * 1.5), round(radius * 1.7))
            plate.center = centre
            pygame.draw.rect(piece, p.cell, plate, 0, max(2, radius // 3))
            if radius >= 6:
                glyph = _ink(self.text, mark.text, max(12, round(radius * 1.7)), ink, bold=True)
                piece.blit(glyph, glyph.get_rect(center=centre))
        elif mark.kind == "quad":
            pygame.draw.circle(piece, p.cell, centre, radius)
            pygame.draw.circle(piece, ink, centre, radius, edge)
            if radius >= 12:  # room for 12 px digits
                self._quad_digits(piece, mark.text, centre, radius, ink)
        if mark.broken:
            # Slashed within its own outline (a black dot's slash in the cells' colour).
            r = radius * 0.75
            width = max(2, round(radius / 4))
            x, y = centre
            ink = p.cell if mark.kind == "black" else p.error
            pygame.draw.line(piece, ink, (x - r, y + r), (x + r, y - r), width)
        x = round(mark.x * cell) - side // 2
        y = round(mark.y * cell) - side // 2
        return piece, (x, y)

    def _quad_digits(
        self, piece: pygame.Surface, text: str, centre: tuple[int, int], radius: int, ink: Colour
    ) -> None:
        """Up to four digits in two rows of two inside the circle."""
        rows = [text[:2], text[2:]] if len(text) > 2 else [text]
        font = max(12, round(radius * (0.78 if len(rows) > 1 else 0.95)))
        glyphs = [_ink(self.text, row, font, ink) for row in rows]
        gap = max(1, font // 8)
        height = sum(g.get_height() for g in glyphs) + gap * (len(glyphs) - 1)
        y = centre[1] - height / 2
        for glyph in glyphs:
            piece.blit(glyph, glyph.get_rect(midtop=(centre[0], round(y))))
            y += glyph.get_height() + gap

    # -- outside the grid ------------------------------------------------------------

    def clue_piece(self, clue: OutsideClue) -> tuple[pygame.Surface, tuple[int, int]]:
        """A little killer or sandwich sum drawn in its outside cell (opaque, on the
        window's background), and where it goes (board pixels from the grid's top left)."""
        p, geometry = self.palette, self.geometry
        assert p is not None and geometry is not None
        cell = geometry.cell
        piece = pygame.Surface((cell, cell))
        piece.fill(p.background)
        ink = p.error if clue.broken else p.text
        font = max(12, round(cell * 0.34))
        glyph = _ink(self.text, clue.text, font, ink, bold=True)
        c = cell / 2
        if clue.way < 0:
            piece.blit(glyph, glyph.get_rect(center=(round(c), round(c))))
        else:
            # The sum sits off the diagonal and a small arrow on it points into the grid.
            dy, dx = WAYS[clue.way]
            at = (c - dx * cell * 0.14, c - dy * cell * 0.14)
            piece.blit(glyph, glyph.get_rect(center=(round(at[0]), round(at[1]))))
            start = (c + dx * cell * 0.2, c + dy * cell * 0.2)
            tip = (c + dx * cell * 0.42, c + dy * cell * 0.42)
            width = max(2, cell // 30)
            pygame.draw.line(piece, ink, start, tip, width)
            ux, uy = dx / math.sqrt(2), dy / math.sqrt(2)
            back, spread = cell * 0.1, cell * 0.07
            left = (tip[0] - ux * back - uy * spread, tip[1] - uy * back + ux * spread)
            right = (tip[0] - ux * back + uy * spread, tip[1] - uy * back - ux * spread)
            pygame.draw.polygon(piece, ink, [tip, left, right])
        if clue.broken:
            # Struck through: the broken clue's cue besides its colour.
            rect = glyph.get_rect(center=piece.get_rect().center)
            y = rect.centery
            stroke = max(2, cell // 30)
            pygame.draw.line(piece, ink, (rect.left - 2, y), (rect.right + 2, y), stroke)
        return piece, (clue.column * cell, clue.row * cell)


def _ink(text: Text, words: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """Text cropped to its ink, so centring it centres what the eye sees."""
    rendered = text.render(words, size, colour, bold)
    return rendered.subsurface(rendered.get_bounding_rect())


def _turn(x: float, y: float, c: float, angle: int) -> tuple[float, float]:
    """(x, y) turned ``angle`` degrees (a multiple of 90) about (c, c)."""
    dx, dy = x - c, y - c
    for _ in range(angle // 90):
        dx, dy = -dy, dx
    return (c + dx, c + dy)


def _band(
    tile: pygame.Surface,
    colour: Colour,
    start: tuple[float, float],
    stop: tuple[float, float],
    width: int,
) -> None:
    """A straight band of ``width`` from ``start`` to ``stop`` (a filled quadrilateral:
    pygame's wide lines thin out on diagonals)."""
    (x0, y0), (x1, y1) = start, stop
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    nx, ny = -(y1 - y0) / length * width / 2, (x1 - x0) / length * width / 2
    points = [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]
    pygame.draw.polygon(tile, colour, points)
