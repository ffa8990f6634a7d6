"""A cell's look to a tile: drawing that reads only the :class:`~.looks.CellLook`.

:class:`TilePainter` draws one tile per distinct look (digit, given, notes of every
kind, colours and their shapes, cues, hint roles) at the geometry and palette in
force, with a cache of rendered glyphs; :class:`~.view.BoardView` keeps the tiles
and composes the board from them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ...engine.logic.step import Role
from ...engine.symbols import symbol
from ...session.play import candidate_colour
from ..kit import Colour, Palette, Text, contrast, mix
from . import role_marks
from .layout import BoardGeometry, note_grid
from .looks import LEVELS, CellLook, Edge, Fill, Lit

TINT = 0.36
"""How strongly a player's colour tints a cell: the digits on it must still read."""


CORNER_SPOTS: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (1.0, 0.0),
    (0.0, 1.0),
    (1.0, 1.0),
    (0.5, 0.0),
    (0.5, 1.0),
    (0.0, 0.5),
    (1.0, 0.5),
)
"""Where corner notes go, in SudokuPad's order: the four corners, then the middles
of the top, bottom, left and right edges (fractions of the cell)."""


SHAPES = ("circle", "square", "diamond", "triangle", "nabla", "hexagon", "plus", "star")
"""Each of the player's colours also has a shape (colour 1 a circle ...): the mark in
a coloured cell's corner and the disc behind a coloured candidate take it, so two
colours never differ by hue alone."""


def tint(cell: Colour, paint: Colour, ink: Colour) -> Colour:
    """``cell`` tinted with ``paint``: :data:`TINT` strong, less if the entries' ``ink``
    would then read at under 3:1 (a dark paint such as black on a light theme)."""
    strength = TINT
    colour = mix(cell, paint, strength)
    while strength > 0.12 and contrast(colour, ink) < 3.0:
        strength -= 0.03
        colour = mix(cell, paint, strength)
    return colour


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


def shape_points(name: str, centre: tuple[float, float], radius: float) -> list[tuple[int, int]]:
    """The outline of one of :data:`SHAPES` around ``centre`` (a circle has none)."""
    cx, cy = centre
    r = radius

    def at(angles: Sequence[float], radii: Sequence[float]) -> list[tuple[int, int]]:
        return [
            (round(cx + rr * math.cos(math.radians(a))), round(cy + rr * math.sin(math.radians(a))))
            for a, rr in zip(angles, radii, strict=True)
        ]

    if name == "square":
        side = r * 0.86
        return at((225, 315, 45, 135), (side * math.sqrt(2),) * 4)
    if name == "diamond":
        return at((270, 0, 90, 180), (r,) * 4)
    if name == "triangle":
        return at((270, 30, 150), (r * 1.08,) * 3)
    if name == "nabla":
        return at((90, 210, 330), (r * 1.08,) * 3)
    if name == "hexagon":
        return at(tuple(range(0, 360, 60)), (r,) * 6)
    if name == "plus":
        w = r * 0.42
        return [
            (round(cx + x), round(cy + y))
            for x, y in (
                (-w, -r), (w, -r), (w, -w), (r, -w), (r, w), (w, w),
                (w, r), (-w, r), (-w, w), (-r, w), (-r, -w), (-w, -w),
            )
        ]  # fmt: skip
    if name == "star":
        angles = [270 + 36 * k for k in range(10)]
        return at(angles, [r * 1.1 if k % 2 == 0 else r * 0.48 for k in range(10)])
    return []


def draw_shape(
    surface: pygame.Surface,
    colour_index: int,
    fill: Colour,
    centre: tuple[float, float],
    radius: float,
    edge: Colour | None = None,
    width: int = 1,
) -> None:
    """Colour ``colour_index``'s shape, filled, with an optional outline."""
    name = SHAPES[(colour_index - 1) % len(SHAPES)]
    points = shape_points(name, centre, radius)
    if not points:
        at = (round(centre[0]), round(centre[1]))
        pygame.draw.circle(surface, fill, at, round(radius))
        if edge is not None:
            pygame.draw.circle(surface, edge, at, round(radius), width)
        return
    pygame.draw.polygon(surface, fill, points)
    if edge is not None:
        pygame.draw.polygon(surface, edge, points, width)


def new_surface(size: tuple[int, int], alpha: bool = False) -> pygame.Surface:
    """A surface in the display's pixel format when there is a display (faster blits)."""
    flags = pygame.SRCALPHA if alpha else 0
    surface = pygame.Surface(size, flags)
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha() if alpha else surface.convert()
    return surface


class TilePainter:
    """Draws cell tiles from looks alone (see the module docstring)."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.geometry: BoardGeometry | None = None
        self.palette: Palette | None = None
        self._glyphs: dict[tuple[str, int, Colour, bool], pygame.Surface] = {}

    def configure(self, geometry: BoardGeometry, palette: Palette) -> None:
        """New size or colours: every glyph is rendered anew."""
        self.geometry, self.palette = geometry, palette
        self._glyphs.clear()

    def background(self, look: CellLook) -> Colour:
        p = self.palette
        assert p is not None
        base = (
            p.cell,
            p.cell_tint,
            mix(p.cell, p.cell_tint, 0.5),
            mix(p.cell_tint, p.line_thin, 0.35),
        )[look.tint]
        # The filters' light, under the player's colour and every highlight; the
        # bivalue yellow only as strong as the notes on it still read.
        if look.lit is Lit.DIGIT:
            base = mix(base, p.same_digit, 0.7)
        elif look.lit is Lit.PAIR:
            base = tint(base, p.paint(4), p.note)
        if look.colour:
            # The player's colour is under everything: a highlight mixes into it
            # rather than hiding it, so a coloured cell stays coloured when chosen.
            base = tint(base, p.paint(look.colour), p.entry)
            strength = 0.55
        else:
            strength = 1.0
        if look.role is not None:
            colour = mix(base, p.role_fill(look.role), strength)
        elif look.fill is Fill.SELECTED:
            colour = mix(base, p.selected, strength)
        elif look.fill is Fill.CHOSEN:
            colour = mix(base, p.selected, 0.45 * strength)
        elif look.fill is Fill.SAME:
            colour = mix(base, p.same_digit, strength)
        elif look.fill is Fill.UNIT:
            colour = mix(base, p.unit_hint, strength)
        elif look.fill is Fill.PEER:
            colour = mix(base, p.peer, 0.85 * strength)
        else:
            colour = base
        if look.glow:
            colour = mix(colour, p.glow, 0.85 * look.glow / LEVELS)
        if look.flash:
            colour = mix(colour, p.error_fill, look.flash / LEVELS)
        return colour

    def draw_tile(self, look: CellLook) -> pygame.Surface:
        geometry, p = self.geometry, self.palette
        assert geometry is not None and p is not None
        size = geometry.cell
        tile = new_surface((size, size))
        tile.fill(self.background(look))
        centre = (size // 2, size // 2)
        if look.colour:
            self._draw_colour_mark(tile, look, size)
        if look.digit:
            self._draw_digit(tile, look, size, centre)
        elif look.target:
            self._draw_target(tile, look.target, size, centre)
        else:
            if look.notes or look.marks:
                self._draw_notes(tile, look, size)
            if look.corner:
                self._draw_corner(tile, look, size)
            if look.centre:
                self._draw_centre(tile, look, size)
        self._draw_cues(tile, look, size)
        if look.wrong:
            # A corner triangle: the cue for "Check found this wrong", distinct from
            # the conflict underline so it does not depend on colour.
            t = max(5, size // 5)
            pygame.draw.polygon(tile, p.error, [(size - t, 0), (size, 0), (size, t)])
        if look.outline:
            self._draw_outline(tile, look.outline, size)
        return tile

    def _inset(self, size: int) -> int:
        """Room kept free along a tile's edges, where the grid lines fall."""
        geometry = self.geometry
        assert geometry is not None
        return max(2, geometry.thick // 2 + max(1, round(size * 0.03)))

    def _draw_outline(self, tile: pygame.Surface, edges: Edge, size: int) -> None:
        """The outline around several chosen cells: inside the grid lines, in the accent."""
        p = self.palette
        assert p is not None
        width = max(2, round(size / 18))
        a = self._inset(size) - 1
        b = size - a - width
        if Edge.TOP in edges:
            tile.fill(p.accent, (a, a, size - 2 * a, width))
        if Edge.BOTTOM in edges:
            tile.fill(p.accent, (a, b, size - 2 * a, width))
        if Edge.LEFT in edges:
            tile.fill(p.accent, (a, a, width, size - 2 * a))
        if Edge.RIGHT in edges:
            tile.fill(p.accent, (b, a, width, size - 2 * a))

    def _draw_colour_mark(self, tile: pygame.Surface, look: CellLook, size: int) -> None:
        """The colour's shape, small, in a corner the corner notes leave free.

        The bottom-right corner, unless four or more corner notes take it; then the
        first free middle of an edge; with eight corner notes there is no room and
        the tint alone says the colour.
        """
        p = self.palette
        assert p is not None
        used = set(corner_spots(bin(look.corner).count("1"))) if look.corner else set()
        spot = next(
            (s for s in ((1.0, 1.0), (0.5, 1.0), (1.0, 0.5), (0.0, 0.5)) if s not in used), None
        )
        if spot is None:
            return
        radius = max(5.0, size * 0.085)
        inset = self._inset(size) + radius + max(1, size // 40)
        cx = inset + spot[0] * (size - 2 * inset)
        cy = inset + spot[1] * (size - 2 * inset)
        # Outlined in whichever of the theme's ink and paper stands off the tinted
        # cell, so the shape reads on light and dark themes alike.
        behind = self.background(look)
        edge = max((p.given, p.cell), key=lambda ink: contrast(ink, behind))
        draw_shape(
            tile, look.colour, p.paint(look.colour), (cx, cy), radius, edge, max(1, size // 50)
        )

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
        if look.from_solution or look.revealed:  # digits the game put there
            return p.role(Role.FOCUS)
        if look.preview:  # placed by an earlier step of the path, not on the board yet
            return mix(p.entry, p.cell, 0.45)
        if look.ink:
            return p.ink(look.ink)
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
        if look.revealed:
            # A folded corner at the bottom right: "the game put this digit here", told
            # by shape as well as colour (the top corners are the ink's and Check's).
            fold = max(5, size // 5)
            inset = self._inset(size) + max(1, size // 30)
            right, bottom = size - inset, size - inset
            corner = [(right, bottom - fold), (right, bottom), (right - fold, bottom)]
            pygame.draw.polygon(tile, colour, corner)
        if look.ink:
            # The guess's level as a small number in the top-left corner: the ink's
            # cue that does not rely on colour (the top-right is Check's mark).
            ink = p.ink(look.ink)
            badge = self.glyph(str(look.ink), max(12, round(size * 0.2)), ink, True)
            inset = self._inset(size) + max(1, size // 30)
            tile.blit(badge, (inset, inset))

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
        # Beside corner or centre notes, the candidates step back (lighter), so the
        # notes the player wrote last in this cell are the ones that read first.
        plain = mix(p.note, p.cell, 0.45) if look.corner or look.centre else p.note
        for digit in range(1, n + 1):
            row, column = divmod(digit - 1, columns)
            cx = round(inset + (column + 0.5) * width)
            cy = round(inset + (row + 0.5) * height)
            radius = round(min(width, height) * 0.47)
            if not look.notes >> (digit - 1) & 1:
                continue  # a colour stays with its candidate, shown only with it
            painted = candidate_colour(look.marks, digit)
            if painted:
                paint = p.paint(painted)
                draw_shape(
                    tile, painted, tint(p.cell, paint, p.note), (cx, cy), radius, paint,
                    max(1, size // 45),
                )  # fmt: skip
            role = roles.get(digit)
            struck = look.struck >> (digit - 1) & 1
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

    def _draw_corner(self, tile: pygame.Surface, look: CellLook, size: int) -> None:
        """Corner notes: small digits hugging the cell's corners and edges (SudokuPad)."""
        geometry = self.geometry
        assert geometry is not None
        digits = [d for d in range(1, geometry.size + 1) if look.corner >> (d - 1) & 1]
        spots = corner_spots(len(digits))
        inset = self._inset(size)
        room = size - 2 * inset
        # At least 12 px on every 9x9 board from 800x600 up; more notes in a row
        # (big grids) shrink to fit the edge.
        across = max(1, sum(1 for _, y in spots if y == 0.0))
        font = max(12, round(size * 0.19))
        while font > 7 and across * self.text.measure("8", font, True)[0] * 1.35 > room:
            font -= 1
        for digit, (fx, fy) in zip(digits, spots, strict=True):
            glyph = self._pencil(look, digit, font)
            place = glyph.get_rect(
                topleft=(
                    round(inset + fx * (room - glyph.get_width())),
                    round(inset + fy * (room - glyph.get_height())),
                )
            )
            self._backdrop(tile, look, digit, place)
            tile.blit(glyph, place)

    def _draw_centre(self, tile: pygame.Surface, look: CellLook, size: int) -> None:
        """Centre notes: the digits in a row in the middle, smaller as there are more,
        or in two rows when that lets them be larger.  Every digit gets the same slot,
        so a row reads evenly whatever its digits."""
        geometry = self.geometry
        assert geometry is not None
        numbers = [d for d in range(1, geometry.size + 1) if look.centre >> (d - 1) & 1]
        inset = self._inset(size)
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

    def glyph(self, text: str, size: int, colour: Colour, bold: bool) -> pygame.Surface:
        """A digit cropped to its ink, so centring it centres what the eye sees."""
        key = (text, size, colour, bold)
        found = self._glyphs.get(key)
        if found is None:
            rendered = self.text.font(size, bold).render(text, True, colour)
            found = rendered.subsurface(rendered.get_bounding_rect()).copy()
            self._glyphs[key] = found
        return found
