"""Thumbnails of puzzles: small grid pictures, drawn on demand and kept within a byte budget.

A row's thumbnail is a few dozen pixels, too small for digits, so givens are dots;
the preview's is large enough for digits.  Jigsaw regions get the board's thick
borders and alternating tint (the same :func:`~game.ui.board.looks.region_tints`), so a
layout reads at a glance even at 40 pixels.

Pictures are cached per (puzzle, size, theme) in an LRU bounded by bytes: at 4K a
row thumbnail is about 150x150 pixels (90 KB) and the preview 1100x1100 (5 MB),
so the budget keeps a couple of screenfuls and a few previews, and the whole
cache stays a small part of the app's memory.  Drawing happens on the main
thread (pygame surfaces are not shared with workers); the view limits how many
are drawn per frame.
"""

from __future__ import annotations

import functools
from dataclasses import replace

import pygame

from ...engine.shape import Shape
from ...engine.symbols import symbol
from ...session.picker import Lru
from ...session.puzzles import Sketch
from ..board import BoardGeometry, RuleMarks, RulePainter, region_tints, rule_marks
from ..kit import Colour, Palette, Text, mix

BUDGET = 24 * 1024 * 1024
"""Bytes of thumbnails kept (24 MiB: at 4K a preview is 5 MB, a row's picture 90 KB)."""

DIGITS_FROM = 20
"""Cells at least this many pixels wide show digits; smaller ones show dots."""


def _weight(image: pygame.Surface) -> int:
    return image.get_width() * image.get_height() * 4


class Thumbnails:
    """Drawn grid pictures per (puzzle, pixel size, theme), least recently used dropped first."""

    def __init__(self, text: Text, budget: int = BUDGET) -> None:
        self.text = text
        self._cache: Lru[tuple[str, int, str], pygame.Surface] = Lru(budget, _weight)
        self.drawn = 0  # pictures drawn so far (tests count work with it)

    def get(self, sketch: Sketch, side: int, palette: Palette) -> pygame.Surface | None:
        """The cached picture, or None when it still has to be drawn."""
        return self._cache.get((sketch.ident, side, palette.name))

    def draw(self, sketch: Sketch, side: int, palette: Palette) -> pygame.Surface:
        """The picture, drawn now if it is not cached."""
        key = (sketch.ident, side, palette.name)
        found = self._cache.get(key)
        if found is None:
            found = draw_grid(sketch, side, palette, self.text)
            self._cache.put(key, found)
            self.drawn += 1
        return found

    @property
    def bytes(self) -> int:
        return self._cache.weight

    def clear(self) -> None:
        self._cache.clear()


@functools.lru_cache(maxsize=64)
def _tints(size: int, regions: bytes) -> tuple[int, ...]:
    return region_tints(Shape.from_regions(regions, size))


def grid_metrics(size: int, side: int) -> tuple[int, int, int]:
    """(cell, thin line, thick line) in whole pixels for a grid of ``size`` in ``side`` pixels.

    Small pictures keep their region lines at a pixel or two (thicker would eat
    the cells); large ones follow the board's proportions.
    """
    rough = max(2, side // size)
    steps = ((5, 1), (16, 2), (40, 3))
    thick = next((width for below, width in steps if rough < below), max(3, round(rough / 14)))
    cell = max(2, (side - thick) // size)
    thin = 1 if cell >= 5 else 0
    return cell, thin, thick


_CLEAR = (255, 0, 254)
"""The colour key of a picture's margin round the grid, where clues outside it go: the
margin is transparent, so a row's background (selected, hovered) shows through."""


def draw_grid(sketch: Sketch, side: int, palette: Palette, text: Text) -> pygame.Surface:
    """A ``side`` x ``side`` picture of the puzzle's grid, regions and givens, and of its
    clues outside the grid (little killer and sandwich sums) once they can be read."""
    n = sketch.size
    cell, thin, thick = grid_metrics(n, side)
    clues = _outside(sketch, side)
    span, left, top = n, 0, 0
    if clues is not None:  # a cell's room on each side that has clues, as on the board
        up, right, down, leftward = (int(room) for room in clues.room)
        span = n + max(up + down, leftward + right)
        left, top = leftward, up
        cell = max(2, (side - thick) // span)
    grid = cell * n
    # The picture is the grid and its frame, nothing around it but the clues' room:
    # rows blit it onto whatever their background is (selected, hovered).
    outer = grid + thick
    pad = thick // 2
    whole = cell * span + thick
    picture = pygame.Surface((whole, whole))
    if pygame.display.get_surface() is not None:
        picture = picture.convert()
    if clues is not None:
        picture.fill(_CLEAR)
        picture.set_colorkey(_CLEAR)
    image = picture.subsurface((left * cell, top * cell, outer, outer))
    p = palette
    image.fill(p.cell)
    regions = sketch.regions
    tints = _tints(n, regions) if regions is not None else None
    shades = (
        p.cell,
        p.cell_tint,
        mix(p.cell, p.cell_tint, 0.5),
        mix(p.cell_tint, p.line_thin, 0.35),
    )
    if tints is not None:
        for index, tint in enumerate(tints):
            if tint:
                row, column = divmod(index, n)
                image.fill(shades[tint], (pad + column * cell, pad + row * cell, cell, cell))
    if thin:
        line = mix(p.line_thin, p.cell, 0.25)
        for k in range(1, n):
            image.fill(line, (pad + k * cell, pad, thin, grid))
            image.fill(line, (pad, pad + k * cell, grid, thin))
    rules = _rules(sketch, cell, p, text)
    if rules is not None:
        rules.draw(image, pad, under=True)
    _draw_givens(image, sketch, sketch.givens, p.given, cell, pad, p, text)
    if sketch.entries is not None:  # a saved game: the player's digits too, in their ink
        _draw_givens(image, sketch, sketch.entries, p.entry, cell, pad, p, text)
    if rules is not None:
        rules.draw(image, pad, under=False)
    _draw_borders(image, sketch, cell, pad, thick, p.line_thick)
    if rules is not None:
        rules.draw_points(image, pad)
    if clues is not None:
        _draw_clues(picture, clues, cell, (left * cell + pad, top * cell + pad), p, text)
    return picture


def _outside(sketch: Sketch, side: int) -> RuleMarks | None:
    """The puzzle's marks when it has clues outside the grid and the picture is large
    enough to read them (cells of :data:`DIGITS_FROM` pixels, room included)."""
    if not sketch.constraints:
        return None
    marks = rule_marks(sketch.constraints, sketch.size)
    if not marks.outside:
        return None
    up, right, down, left = (int(room) for room in marks.room)
    span = sketch.size + max(up + down, left + right)
    return marks if side // span >= DIGITS_FROM else None


def _draw_clues(
    picture: pygame.Surface,
    marks: RuleMarks,
    cell: int,
    origin: tuple[int, int],
    palette: Palette,
    text: Text,
) -> None:
    """The sums outside the grid, drawn by the board's rule painter at this cell size;
    their background is keyed out so only the ink lands on the transparent margin."""
    painter = RulePainter(text)
    painter.configure(BoardGeometry(0, 0, cell, marks.size), palette)
    for clue in marks.outside:
        piece, (x, y) = painter.clue_piece(clue)
        piece.set_colorkey(palette.background)
        picture.blit(piece, (origin[0] + x, origin[1] + y))


RULES_FROM = 8
"""Cells at least this many pixels wide show the puzzle's constraints (lines, cages,
dots); a cage's sum and the clues outside the grid need :data:`DIGITS_FROM` (the
picture then leaves them a cell's room, as the board does)."""


class _SmallRules:
    """The board's rule painter at a picture's cell size (see :mod:`..board.rules`)."""

    def __init__(self, marks: RuleMarks, cell: int, palette: Palette, text: Text) -> None:
        self.marks = marks
        self.cell = cell
        self.palette = palette
        self.painter = RulePainter(text)
        self.painter.configure(BoardGeometry(0, 0, cell, marks.size), palette)

    def draw(self, image: pygame.Surface, pad: int, under: bool) -> None:
        cell, n = self.cell, self.marks.size
        for index, marks in enumerate(self.marks.cells):
            if marks is None:
                continue
            if not under and cell < DIGITS_FROM:
                marks = replace(marks, cage_sum="")
            row, column = divmod(index, n)
            tile = image.subsurface((pad + column * cell, pad + row * cell, cell, cell))
            behind = tuple(tile.get_at((cell // 2, 0)))[:3]
            if under:
                self.painter.under(tile, marks, behind)  # type: ignore[arg-type]
            else:
                self.painter.over(tile, marks, behind)  # type: ignore[arg-type]

    def draw_points(self, image: pygame.Surface, pad: int) -> None:
        for mark in self.marks.points:
            piece, (x, y) = self.painter.point_piece(mark)
            image.blit(piece, (pad + x, pad + y))


def _rules(sketch: Sketch, cell: int, palette: Palette, text: Text) -> _SmallRules | None:
    if not sketch.constraints or cell < RULES_FROM:
        return None
    marks = rule_marks(sketch.constraints, sketch.size)
    return _SmallRules(marks, cell, palette, text)


def _draw_givens(
    image: pygame.Surface,
    sketch: Sketch,
    digits: bytes,
    ink: Colour,
    cell: int,
    pad: int,
    palette: Palette,
    text: Text,
) -> None:
    """``digits`` (givens, or a save's entries) in ``ink``: glyphs, dots or shading by size."""
    n = sketch.size
    if cell >= DIGITS_FROM:
        size = round(cell * 0.6)
        for index, digit in enumerate(digits):
            if digit:
                row, column = divmod(index, n)
                glyph = text.render(symbol(digit), size, ink, ink == palette.given)
                centre = (pad + column * cell + cell // 2 + 1, pad + row * cell + cell // 2 + 1)
                image.blit(glyph, glyph.get_rect(center=centre))
        return
    if cell < 5:
        # Too small for dots: given cells are shaded, which reads as the pattern.
        shade = mix(ink, palette.cell, 0.55)
        inset = 1 if cell >= 4 else 0
        for index, digit in enumerate(digits):
            if digit:
                row, column = divmod(index, n)
                x, y = pad + column * cell + inset, pad + row * cell + inset
                image.fill(shade, (x, y, cell - inset, cell - inset))
        return
    dot = max(2, round(cell * 0.4))
    colour: Colour = ink
    for index, digit in enumerate(digits):
        if digit:
            row, column = divmod(index, n)
            x = pad + column * cell + (cell - dot + 1) // 2
            y = pad + row * cell + (cell - dot + 1) // 2
            if dot <= 3:
                image.fill(colour, (x, y, dot, dot))
            else:
                pygame.draw.circle(image, colour, (x + dot / 2, y + dot / 2), dot / 2)


def _draw_borders(
    image: pygame.Surface, sketch: Sketch, cell: int, pad: int, thick: int, colour: Colour
) -> None:
    """Region borders per cell edge, so jigsaw outlines follow the regions; then the frame."""
    n = sketch.size
    grid = cell * n
    regions = sketch.regions if sketch.regions is not None else _box_regions(n)
    half = thick // 2
    for row in range(n):
        for column in range(n):
            here = row * n + column
            x, y = pad + column * cell, pad + row * cell
            if column and regions[here] != regions[here - 1]:
                image.fill(colour, (x - half, y - half, thick, cell + thick))
            if row and regions[here] != regions[here - n]:
                image.fill(colour, (x - half, y - half, cell + thick, thick))
    outer = grid + thick
    image.fill(colour, (0, 0, outer, thick))
    image.fill(colour, (0, outer - thick, outer, thick))
    image.fill(colour, (0, 0, thick, outer))
    image.fill(colour, (outer - thick, 0, thick, outer))


@functools.lru_cache(maxsize=8)
def _box_regions(size: int) -> bytes:
    return bytes(Shape.classic(size).regions)
