"""Every cue on the board has a shape or a weight as well as a colour.

Checked in pixels, theme by theme: the selected cell's frame, the same digit's
frame, a hint role's badge on a whole cell, and the role marks round notes, whose
*outlines alone* (the pixels in the role's colour, hue thrown away) must differ
between roles that one step draws together.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.engine.logic.step import Role
from game.engine.shape import Shape
from game.ui.board.layout import board_layout
from game.ui.board.looks import CellLook, Fill
from game.ui.board.role_marks import ROLE_STYLES, Outline, Stroke, draw_badge, draw_mark, style_of
from game.ui.board.view import BoardView
from game.ui.kit.text import Text
from game.ui.kit.theme import LIGHT, PALETTES, Colour, Palette

from .kit.test_theme import TOGETHER

ALL = list(PALETTES.values())
IDS = [p.name for p in ALL]


@pytest.fixture(autouse=True)
def _window() -> None:
    pygame.display.set_mode((1280, 800))


def _view(palette: Palette) -> BoardView:
    view = BoardView(Text())
    view.configure(board_layout(1280, 800, 9).board, Shape.classic(9), palette)
    return view


def _count(surface: pygame.Surface, colour: Colour) -> int:
    width, height = surface.get_size()
    return sum(
        1 for x in range(width) for y in range(height) if surface.get_at((x, y))[:3] == colour
    )


# -- selection and same digit --------------------------------------------------------


@pytest.mark.parametrize("palette", ALL, ids=IDS)
def test_the_selected_cell_has_a_thick_frame(palette: Palette) -> None:
    view = _view(palette)
    size = view.geometry.cell if view.geometry else 0
    selected = view.tile(CellLook(digit=5, fill=Fill.SELECTED))
    plain = view.tile(CellLook(digit=5))
    # Along the middle of the left edge: the frame, several pixels thick.
    row = [selected.get_at((x, size // 2))[:3] for x in range(size // 4)]
    assert row.count(palette.selected_frame) >= 3
    assert _count(plain, palette.selected_frame) == 0 or palette.selected_frame in (
        palette.entry,  # the digit may share the colour; the frame is still the cue
        palette.given,
    )


@pytest.mark.parametrize("palette", ALL, ids=IDS)
def test_the_same_digit_has_a_thin_frame_apart_from_the_selection(palette: Palette) -> None:
    view = _view(palette)
    size = view.geometry.cell if view.geometry else 0
    same = view.tile(CellLook(digit=5, fill=Fill.SAME))
    selected = view.tile(CellLook(digit=5, fill=Fill.SELECTED))
    row = [same.get_at((x, size // 2))[:3] for x in range(size // 4)]
    thin = row.count(palette.same_frame)
    thick = [selected.get_at((x, size // 2))[:3] for x in range(size // 4)].count(
        palette.selected_frame
    )
    assert 1 <= thin < thick  # told by weight: a thin line, not the selection's bar
    # Not at the selection frame's place: the same-digit frame sits further in.
    first_same = row.index(palette.same_frame)
    first_selected = [selected.get_at((x, size // 2))[:3] for x in range(size // 4)].index(
        palette.selected_frame
    )
    assert first_same > first_selected


def test_a_cell_without_a_highlight_has_no_frame() -> None:
    view = _view(LIGHT)
    size = view.geometry.cell if view.geometry else 0
    for fill in (Fill.PLAIN, Fill.PEER, Fill.UNIT):
        tile = view.tile(CellLook(digit=5, fill=fill))
        row = [tile.get_at((x, size // 2))[:3] for x in range(size // 4)]
        assert LIGHT.selected_frame not in row and LIGHT.same_frame not in row, fill


# -- hint roles ------------------------------------------------------------------------


def test_every_role_has_a_style() -> None:
    assert set(ROLE_STYLES) == set(Role)


def test_roles_drawn_together_differ_in_style() -> None:
    for group in TOGETHER:
        styles = {role: style_of(role) for role in group}
        for a, b in itertools.combinations(group, 2):
            if LIGHT.role(a) != LIGHT.role(b):  # the same meaning may keep one look
                assert styles[a] != styles[b], (a, b)


def test_roles_of_one_colour_share_one_style() -> None:
    # Shape and colour tell the same story: roles the light theme paints alike
    # (the focus and a chain's true end, say) are drawn alike.
    for a, b in itertools.combinations(Role, 2):
        if LIGHT.role(a) == LIGHT.role(b):
            assert style_of(a) == style_of(b), (a, b)


def _outline(role: Role, palette: Palette, radius: int = 12) -> frozenset[tuple[int, int]]:
    """The pixels of a role's mark drawn in the role's colour: its shape, hue discarded."""
    side = 4 * radius
    surface = pygame.Surface((side, side))
    surface.fill(palette.cell)
    draw_mark(surface, role, (side / 2, side / 2), radius, palette, 2)
    colour = palette.role(role)
    return frozenset(
        (x, y) for x in range(side) for y in range(side) if surface.get_at((x, y))[:3] == colour
    )


@pytest.mark.parametrize("palette", ALL, ids=IDS)
def test_role_marks_drawn_together_differ_in_shape_alone(palette: Palette) -> None:
    for group in TOGETHER:
        for a, b in itertools.combinations(group, 2):
            if style_of(a) == style_of(b):
                continue
            one, other = _outline(a, palette), _outline(b, palette)
            # A disc and a square of about its area differ in a sixth of their
            # pixels, all at the corners, where the eye looks; the same shape
            # drawn twice would differ in none.
            differ = len(one ^ other) / len(one | other)
            assert differ > 0.15, (palette.name, a, b, differ)


def test_mark_styles_draw_what_they_say() -> None:
    p = LIGHT
    thin, thick = _outline(Role.PATTERN, p), _outline(Role.FOCUS, p)
    assert len(thick) > 1.3 * len(thin)  # 3 px against 2
    solid = _outline(Role.PIVOT, p)
    assert (24, 24) in solid and (24, 24) not in thin  # filled to the middle
    dotted = _outline(Role.OFF, p)
    assert 0 < len(dotted) < len(thin)  # a ring with gaps
    square = _outline(Role.COVER, p)
    corner = (24 + 9, 24 + 9)  # inside a square of half-side 10.8, outside a circle of 12
    assert corner in square and corner not in thin
    assert style_of(Role.COVER).outline is Outline.SQUARE
    assert style_of(Role.PIVOT).stroke is Stroke.SOLID


@pytest.mark.parametrize("palette", ALL, ids=IDS)
def test_a_hint_cell_carries_its_role_badge(palette: Palette) -> None:
    view = _view(palette)
    size = view.geometry.cell if view.geometry else 0
    for role in (Role.PIVOT, Role.FIN, Role.FOCUS):
        tile = view.tile(CellLook(digit=7, role=role))
        corner = tile.subsurface((0, 0, size // 3, size // 3))
        assert _count(corner, palette.role(role)) > 0, role
    # Selected: the badge sits inside the selection frame.
    tile = view.tile(CellLook(digit=7, role=Role.PATTERN, fill=Fill.SELECTED))
    corner = tile.subsurface((0, 0, size // 3, size // 3))
    assert _count(corner, palette.role(Role.PATTERN)) > 0
    assert _count(corner, palette.selected_frame) > 0
    # A placement's cell has its target's ring instead: no badge to crowd it.
    tile = view.tile(CellLook(target=4, role=Role.FOCUS))
    corner = tile.subsurface((0, 0, size // 5, size // 5))
    assert _count(corner, palette.role(Role.FOCUS)) == 0


def test_a_badge_is_the_mark_in_small() -> None:
    surface = pygame.Surface((20, 20))
    surface.fill(LIGHT.cell)
    draw_badge(surface, Role.FIN, (2, 2), 16, LIGHT)
    assert surface.get_at((10, 10))[:3] == LIGHT.role(Role.FIN)  # solid square
    assert surface.get_at((4, 4))[:3] != LIGHT.cell  # square: its corner is drawn
    assert surface.get_at((19, 19))[:3] == LIGHT.cell


@pytest.mark.parametrize("palette", ALL, ids=IDS)
def test_a_note_in_a_solid_mark_is_inverted(palette: Palette) -> None:
    view = _view(palette)
    tile = view.tile(CellLook(notes=0b1, note_roles=((1, Role.PIVOT),)))
    ink = palette.role_fill(Role.PIVOT)
    assert _count(tile, ink) > 0  # the digit, in the tint, on the role's colour
    assert _count(tile, palette.role(Role.PIVOT)) > 0


# -- deduction outlines ----------------------------------------------------------------


def test_areas_told_apart_by_colour_also_differ_without_it() -> None:
    from game.engine.logic.step import Area, AreaKind
    from game.ui.board.deduction_view import area_colour, area_label, dashed_area

    first, second = Area((0, 1), AreaKind.ALS, 0), Area((9, 10), AreaKind.ALS, 1)
    assert area_colour(first, LIGHT) != area_colour(second, LIGHT)
    assert (area_label(first), area_label(second)) == ("A", "B")  # letters, unasked
    assert area_label(Area((0,), AreaKind.ALS, 2, label="C")) == "C"
    assert area_label(Area((0,), AreaKind.BASE)) == ""
    one, other = Area((0,), AreaKind.CLUSTER, 0), Area((1,), AreaKind.CLUSTER, 1)
    assert area_colour(one, LIGHT) != area_colour(other, LIGHT)
    assert dashed_area(one) != dashed_area(other)  # the second colour is dashed
    assert dashed_area(Area((0,), AreaKind.COVER)) and not dashed_area(Area((0,), AreaKind.BASE))
