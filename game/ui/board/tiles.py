"""A cell's look to a tile: drawing that reads only the :class:`~.looks.CellLook`.

:class:`TilePainter` draws one tile per distinct look (digit, given, colours and
their shapes, cues, hint roles) at the geometry and palette in force, with a cache
of rendered glyphs; the notes of every kind are laid out and drawn by
:class:`~.notes.NotePainter`, the constraints by :class:`~.rules.RulePainter`, and
:class:`~.view.BoardView` keeps the tiles and composes the board from them.
"""

from __future__ import annotations

import pygame

from ...engine.logic.step import Role
from ...engine.symbols import symbol
from ..kit import Colour, Palette, Text, contrast, mix
from . import role_marks
from .layout import BoardGeometry, note_grid
from .looks import LEVELS, CellLook, Edge, Fill, Lit
from .notes import CORNER_SPOTS, NotePainter, note_corner_spots
from .rules import RulePainter
from .shapes import draw_shape, tint


def _colour_places(places: int, size: int) -> list[int]:
    """The note places a colour's shape may take, best first: the bottom-right corner,
    the other corners (the top-left last: a cage's sum lives there), then the rest
    from the bottom up; places a note of a digit could take come after empty ones."""
    _, columns = note_grid(size)
    corners = [places, places - columns + 1, columns, 1]
    rest = [d for d in range(places, 0, -1) if d not in corners]
    order = list(dict.fromkeys(corners + rest))
    return [d for d in order if d > size] + [d for d in order if d <= size]


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
        self.rules = RulePainter(text)
        self.notes = NotePainter(text, self.glyph, self.rules)

    def configure(self, geometry: BoardGeometry, palette: Palette) -> None:
        """New size or colours: every glyph is rendered anew."""
        self.geometry, self.palette = geometry, palette
        self._glyphs.clear()
        self.rules.configure(geometry, palette)
        self.notes.configure(geometry, palette)

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
        behind = self.background(look)
        tile.fill(behind)
        centre = (size // 2, size // 2)
        if look.rules is not None:
            self.rules.under(tile, look.rules, behind)
        if look.colour:
            self._draw_colour_mark(tile, look, size)
        if look.digit:
            self._draw_digit(tile, look, size, centre)
        elif look.target:
            self._draw_target(tile, look.target, size, centre)
        else:
            self.notes.draw(tile, look)
        self._draw_cues(tile, look, size)
        if look.rules is not None:
            self.rules.over(tile, look.rules, behind)
        if look.wrong:
            # A corner triangle: the cue for "Check found this wrong", distinct from
            # the conflict underline so it does not depend on colour.
            t = max(5, size // 5)
            pygame.draw.polygon(tile, p.error, [(size - t, 0), (size, 0), (size, t)])
        if look.outline:
            self._draw_outline(tile, look.outline, size)
        return tile

    def _labelled(self, look: CellLook) -> bool:
        return look.rules is not None and look.rules.labelled

    def _inset(self, size: int) -> int:
        """Room kept free along a tile's edges, where the grid lines fall."""
        geometry = self.geometry
        assert geometry is not None
        return max(2, geometry.thick // 2 + max(1, round(size * 0.03)))

    def _draw_outline(self, tile: pygame.Surface, edges: Edge, size: int) -> None:
        """The outline around several chosen cells: inside the grid lines, in the accent."""
        p = self.palette
        assert p is not None
        geometry = self.geometry
        assert geometry is not None
        width = geometry.frame  # in the selection frame's band: it covers no note
        a = geometry.edge
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
        """The colour's shape, small, where no note, label or digit is.

        Beside candidate notes: the spot of a candidate the cell does not show (9's
        first, the bottom-right corner), or, with all of them shown, the gap between
        the spots of 5, 6, 8 and 9.  Otherwise the bottom-right corner, unless corner
        notes take it; then the first free middle of an edge; with eight corner notes
        there is no room and the tint alone says the colour.
        """
        p, geometry = self.palette, self.geometry
        assert p is not None and geometry is not None
        radius = max(5.0, size * 0.085)
        centre: tuple[float, float] | None = None
        notes = self.notes
        shown = notes.in_grid(look) if not look.digit else 0
        if shown and not notes.ring(look):
            spots, font = notes.spots(look)
            places = _colour_places(len(spots), geometry.size)
            free = [d for d in places if not shown >> (d - 1) & 1]
            if free:
                spot = spots[free[0] - 1]
                centre = spot.center
                radius = min(radius, spot.w * 0.3, spot.h * 0.3)
            else:
                _, columns = note_grid(geometry.size)
                last = spots[-1]
                before = spots[-1 - columns - 1] if len(spots) > columns else spots[0]
                centre = ((before.centerx + last.centerx) / 2, (before.centery + last.centery) / 2)
                glyph = self.glyph("8", font, (0, 0, 0), False)
                gap = min(last.w - glyph.get_width(), last.h - glyph.get_height())
                radius = max(2.0, min(radius, gap / 2 - 1))
        else:
            covered = look.rules.covered if look.rules is not None else 0
            count = bin(look.corner).count("1")
            used = set(note_corner_spots(count, self._labelled(look), covered)) if count else set()
            used |= {CORNER_SPOTS[k] for k in range(len(CORNER_SPOTS)) if covered >> k & 1}
            spot_at = next(
                (s for s in ((1.0, 1.0), (0.5, 1.0), (1.0, 0.5), (0.0, 0.5)) if s not in used),
                None,
            )
            if spot_at is None:
                return
            if shown:  # candidates in the ring's middle: the shape stays in the ring
                radius = min(radius, max(3.0, (notes.ring_band(look) - geometry.content) / 3))
            inset = geometry.content + radius
            centre = (
                inset + spot_at[0] * (size - 2 * inset),
                inset + spot_at[1] * (size - 2 * inset),
            )
        # Outlined in whichever of the theme's ink and paper stands off the tinted
        # cell, so the shape reads on light and dark themes alike.
        behind = self.background(look)
        edge = max((p.given, p.cell), key=lambda ink: contrast(ink, behind))
        draw_shape(
            tile, look.colour, p.paint(look.colour), centre, radius, edge, max(1, size // 50)
        )

    def _draw_cues(self, tile: pygame.Surface, look: CellLook, size: int) -> None:
        """The shapes that say what the cell's tint says, so no cue is colour alone:
        a thick frame on the selected cell, a thin rounded one round the selected
        digit's cells, a hint role's badge in the top-left corner."""
        geometry, p = self.geometry, self.palette
        assert geometry is not None and p is not None
        edge = geometry.edge  # clear of the grid lines drawn over the edges
        area = pygame.Rect(0, 0, size, size)
        if look.fill is Fill.SELECTED:
            frame = area.inflate(-2 * edge, -2 * edge)
            pygame.draw.rect(tile, p.selected_frame, frame, geometry.frame, max(2, size // 20))
        elif look.fill is Fill.SAME:
            frame = area.inflate(-2 * (edge + max(2, size // 14)), -2 * (edge + max(2, size // 14)))
            pygame.draw.rect(tile, p.same_frame, frame, max(1, size // 36), size // 6)
        if look.role is not None and not look.target:  # a target's ring says it already
            badge = max(8, round(size * 0.2))
            at = edge + max(3, size // 16) + max(1, size // 40)  # inside a selection frame
            top = geometry.label_bottom + 1 if self._labelled(look) else at  # under a sum
            role_marks.draw_badge(tile, look.role, (at, top), badge, p)

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

    def glyph(self, text: str, size: int, colour: Colour, bold: bool) -> pygame.Surface:
        """A digit cropped to its ink, so centring it centres what the eye sees."""
        key = (text, size, colour, bold)
        found = self._glyphs.get(key)
        if found is None:
            rendered = self.text.font(size, bold).render(text, True, colour)
            found = rendered.subsurface(rendered.get_bounding_rect()).copy()
            self._glyphs[key] = found
        return found
