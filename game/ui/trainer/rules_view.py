"""A variant's constraints drawn quietly over a trainer board: what a killer or a
thermometer drill needs to be read at all.

The game's board does not draw constraints yet (issue 21); the trainer and the
technique pages show variant positions, so they draw the few kinds their positions
use, in the grid's own dim colours so a step's marks and outlines stay the loudest
thing on the board:

- killer cages: a dashed outline inset in their cells, the total in a small tag at
  the first cell's top-left corner;
- thermometers and arrows: a translucent bulb and tube under nothing else;
- kropki dots (white or black) and X / V marks on the edge between their cells.

Other rules are told by the step's words (and the position's source line).
"""

from __future__ import annotations

import pygame

from ...engine.logic.grid import CandidateGrid
from ...engine.puzzle import Puzzle
from ...engine.rules import XV, Arrow, Cage, Kropki, RuleSet, Thermometer
from ...session.play import PuzzleKind
from ..board import BoardGeometry
from ..kit import Palette, Text, mix

LINE_ALPHA = 70
"""How much a thermometer's or an arrow's tube covers the cells under it (of 255)."""


def draw_rules(
    surface: pygame.Surface,
    rules: RuleSet | None,
    geometry: BoardGeometry,
    palette: Palette,
    text: Text,
) -> None:
    """Draw ``rules``' cages, tubes and dots on a board drawn at ``geometry``."""
    if rules is None or not rules.constraints:
        return
    overlay: pygame.Surface | None = None
    for rule in rules.constraints:
        if isinstance(rule, Thermometer | Arrow):
            if overlay is None:
                overlay = pygame.Surface(geometry.rect.size, pygame.SRCALPHA)
            _tube(overlay, rule, geometry, palette)
    if overlay is not None:
        surface.blit(overlay, geometry.rect.topleft)
    for rule in rules.constraints:
        if isinstance(rule, Cage):
            _cage(surface, rule, geometry, palette, text)
        elif isinstance(rule, Kropki | XV):
            _edge_mark(surface, rule, geometry, palette, text)


def position_kind(position: CandidateGrid) -> PuzzleKind:
    """The kind of puzzle a position belongs to, its rules included: ``Killer 9×9``."""
    rules = position.rules
    shape = position.shape
    if rules is None or not rules.constraints:
        return PuzzleKind.of(shape, None)
    return PuzzleKind.of(Puzzle(shape, (0,) * shape.cells, rules.constraints), None)


def _centre(geometry: BoardGeometry, cell: int, local: bool = False) -> tuple[int, int]:
    rect = geometry.cell_rect(cell)
    if local:
        return rect.centerx - geometry.x, rect.centery - geometry.y
    return rect.center


def _tube(
    overlay: pygame.Surface, rule: Thermometer | Arrow, geometry: BoardGeometry, palette: Palette
) -> None:
    colour = (*palette.line_thick[:3], LINE_ALPHA)
    cell = geometry.cell
    bulb: tuple[int, ...]
    path: tuple[int, ...]
    if isinstance(rule, Thermometer):
        bulb, path = (rule.members[0],), rule.members
    else:
        bulb, path = rule.bulb, (rule.bulb[-1], *rule.shaft)
    width = max(3, round(cell * 0.22))
    points = [_centre(geometry, c, True) for c in path]
    if len(points) > 1:
        pygame.draw.lines(overlay, colour, False, points, width)
        for point in points[1:-1]:
            pygame.draw.circle(overlay, colour, point, width // 2)
    radius = round(cell * 0.36)
    for c in bulb:
        centre = _centre(geometry, c, True)
        if isinstance(rule, Thermometer):
            pygame.draw.circle(overlay, colour, centre, radius)
        else:
            pygame.draw.circle(overlay, colour, centre, radius, max(2, width // 2))


def _cage(
    surface: pygame.Surface, cage: Cage, geometry: BoardGeometry, palette: Palette, text: Text
) -> None:
    cells = set(cage.members)
    n, size = geometry.size, geometry.cell
    colour = mix(palette.text_dim, palette.line_thin, 0.3)
    inset = max(3, round(size * 0.07))
    dash = max(3, size // 12)
    for cell in cells:
        rect = geometry.cell_rect(cell)
        row, column = divmod(cell, n)
        left, top = rect.left + inset, rect.top + inset
        right, bottom = rect.right - inset - 1, rect.bottom - inset - 1
        up = row > 0 and cell - n in cells
        down = row < n - 1 and cell + n in cells
        west = column > 0 and cell - 1 in cells
        east = column < n - 1 and cell + 1 in cells
        # Each edge runs to the cell's border where the cage continues that way.
        x0 = rect.left if west else left
        x1 = rect.right if east else right
        y0 = rect.top if up else top
        y1 = rect.bottom if down else bottom
        if not up:
            _dashes(surface, colour, (x0, top), (x1, top), dash)
        if not down:
            _dashes(surface, colour, (x0, bottom), (x1, bottom), dash)
        if not west:
            _dashes(surface, colour, (left, y0), (left, y1), dash)
        if not east:
            _dashes(surface, colour, (right, y0), (right, y1), dash)
    if cage.total is None:
        return
    first = min(cells)
    label = str(cage.total)
    type_size = max(12, round(size * 0.17))
    image = text.render(label, type_size, palette.text, True)
    rect = geometry.cell_rect(first)
    spot = image.get_rect(topleft=(rect.left + 2, rect.top + 1))
    pygame.draw.rect(surface, palette.cell, spot.inflate(2, 0))
    surface.blit(image, spot)


def _dashes(
    surface: pygame.Surface,
    colour: tuple[int, ...],
    start: tuple[int, int],
    end: tuple[int, int],
    dash: int,
) -> None:
    (x0, y0), (x1, y1) = start, end
    length = max(abs(x1 - x0), abs(y1 - y0))
    if length <= 0:
        return
    at = 0
    while at < length:
        stop = min(length, at + dash)
        a = (x0 + (x1 - x0) * at // length, y0 + (y1 - y0) * at // length)
        b = (x0 + (x1 - x0) * stop // length, y0 + (y1 - y0) * stop // length)
        pygame.draw.line(surface, colour, a, b, 1)
        at += dash * 2


def _edge_mark(
    surface: pygame.Surface,
    rule: Kropki | XV,
    geometry: BoardGeometry,
    palette: Palette,
    text: Text,
) -> None:
    a, b = _centre(geometry, rule.first), _centre(geometry, rule.second)
    centre = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    size = geometry.cell
    if isinstance(rule, Kropki):
        radius = max(4, round(size * 0.1))
        fill = palette.line_thick if rule.black else palette.cell
        pygame.draw.circle(surface, fill, centre, radius)
        pygame.draw.circle(surface, palette.line_thick, centre, radius, max(1, radius // 4))
        return
    label = "X" if rule.total == 10 else "V"
    type_size = max(12, round(size * 0.26))
    image = text.render(label, type_size, palette.text, True)
    spot = image.get_rect(center=centre)
    pygame.draw.rect(surface, palette.cell, spot.inflate(4, 0), border_radius=3)
    surface.blit(image, spot)
