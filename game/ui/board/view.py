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

from ...engine.shape import Shape
from ..kit import Colour, Palette, Text
from .layout import BoardGeometry
from .looks import CellLook
from .tiles import TilePainter, new_surface

NEW_TILES = 100
"""Most tiles drawn anew in one frame.  A 25x25 board full of notes has over 300
distinct looks; drawing them all after a resize or theme change at 4K took more
than 100 ms of one frame.  Spread over frames, each costs 20 to 60 ms (a shared machine) and
the board fills in within four frames; a 9x9 board never has this many."""


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
        self.painter = TilePainter(text)
        self._board: pygame.Surface | None = None
        self._segments: list[tuple[pygame.Rect, Colour]] = []
        self._cell_segments: list[list[tuple[pygame.Rect, Colour]]] = []
        self._drawn: list[CellLook | None] = []
        self._areas: list[pygame.Rect] = []
        self.pad = 0
        self.pending = False
        """Whether some cells still wait for their tiles (see :meth:`update`)."""

    def configure(self, geometry: BoardGeometry, shape: Shape, palette: Palette) -> None:
        """Set the size, shape and colours; drops every cache if any of them changed."""
        if (geometry, shape, palette) == (self.geometry, self.shape, self.palette):
            return
        self.geometry = geometry
        self.shape = shape
        self.palette = palette
        self._tiles.clear()
        self.painter.configure(geometry, palette)
        self.pad = board_pad(geometry)
        side = geometry.side + 2 * self.pad
        self._board = new_surface((side, side))
        self._board.fill(palette.background)
        self._areas = [self._cell_area(cell) for cell in range(shape.cells)]
        self._segments = self._line_segments(geometry, shape, palette)
        self._cell_segments = self._split_by_cell(self._segments, geometry)
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
        """Bring the board up to date with ``looks``, whole, and blit it; cells redrawn.

        For pictures drawn once (the trainer, technique pages), so no tile waits.
        """
        changed = self.update(looks, new_tiles=len(looks))
        self.blit(target)
        return changed

    def blit(self, target: pygame.Surface) -> None:
        """Put the composed board on ``target``."""
        assert self._board is not None
        target.blit(self._board, self.screen_rect)

    def update(self, looks: Sequence[CellLook], new_tiles: int = NEW_TILES) -> int:
        """Redraw the cells whose look changed in the composed board; how many.

        At most ``new_tiles`` tiles not yet cached are drawn: the other cells get
        their background colour alone and wait for the next frames (:attr:`pending`).
        """
        board = self._board
        assert board is not None
        changed = [i for i, look in enumerate(looks) if self._drawn[i] != look]
        done: list[int] = []
        parts: list[tuple[pygame.Surface, pygame.Rect]] = []
        for index in changed:
            look, area = looks[index], self._areas[index]
            tile = self._tiles.get(look)
            if tile is None and new_tiles > 0:
                new_tiles -= 1
                tile = self.tile(look)
            if tile is None:
                board.fill(self.painter.background(look), area)  # its notes come next frame
            else:
                parts.append((tile, area))
                done.append(index)
        board.fblits(parts)
        if len(changed) == len(looks):
            for rect, colour in self._segments:
                board.fill(colour, rect)
        else:
            for index in changed:
                # The lines inside the cell, thin before thick as in the full picture.
                for rect, colour in self._cell_segments[index]:
                    board.fill(colour, rect)
        for index in done:
            self._drawn[index] = looks[index]
        self.pending = len(done) < len(changed)
        return len(changed)

    def _split_by_cell(
        self, segments: list[tuple[pygame.Rect, Colour]], geometry: BoardGeometry
    ) -> list[list[tuple[pygame.Rect, Colour]]]:
        """Per cell, the parts of the lines inside it, in drawing order: redrawing a
        cell touches its own pixels only, so it cannot disturb its neighbours.

        Each segment visits only the few cells its rectangle spans (found by
        division), not every cell: testing every segment against every cell cost a
        25x25 board 937,500 rectangle tests, 100 ms and more, at each resize.
        """
        n, size, pad = geometry.size, geometry.cell, self.pad
        per_cell: list[list[tuple[pygame.Rect, Colour]]] = [[] for _ in range(n * n)]
        for rect, colour in segments:
            first_column = max(0, (rect.left - pad) // size)
            last_column = min(n - 1, (rect.right - 1 - pad) // size)
            first_row = max(0, (rect.top - pad) // size)
            last_row = min(n - 1, (rect.bottom - 1 - pad) // size)
            for row in range(first_row, last_row + 1):
                for column in range(first_column, last_column + 1):
                    area = self._areas[row * n + column]
                    if rect.colliderect(area):
                        per_cell[row * n + column].append((rect.clip(area), colour))
        return per_cell

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
            found = self.painter.draw_tile(look)
            self._tiles[look] = found
        return found

    # -- tiles ----------------------------------------------------------------------

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
