"""The rule layer: every constraint drawn, notes clear of the cage sum, rules on screen."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.engine.rules import constraints as c
from game.engine.rules.registry import RULE_TYPES
from game.engine.shape import Shape
from game.session.play import Game
from game.ui.board.layout import board_layout
from game.ui.board.looks import CellLook
from game.ui.board.notes import CORNER_SPOTS, note_corner_spots
from game.ui.board.rules import CellMarks, rule_marks
from game.ui.board.rules.marks import BOTTOM, BOTTOM_RIGHT, LEFT, RIGHT, TOP, TOP_LEFT
from game.ui.board.scene import BoardScene
from game.ui.board.view import BoardView
from game.ui.input.actions import Action, Command
from game.ui.kit.text import Text
from game.ui.kit.theme import COLOUR_BLIND, DARK, HIGH_CONTRAST, LIGHT
from game.ui.screens.help import HelpScene
from game.ui.screens.rules import RulesCard

from ..conftest import MakeDriver, start_board, variant_prepared
from .rule_samples import every_rule

N = 9


def at(row: int, column: int) -> int:
    return (row - 1) * N + column - 1


# -- marks: the geometry ----------------------------------------------------------


def test_every_drawn_rule_type_puts_marks_on_the_board() -> None:
    puzzle = every_rule()
    drawn = {name for name, entry in RULE_TYPES.items() if entry.drawing != "none"}
    assert drawn <= set(puzzle.rules.kinds())  # the sample really has them all
    marks = rule_marks(puzzle.constraints, N)
    cells = [m for m in marks.cells if m is not None]
    seen = set()
    for m in cells:
        if m.shade:
            seen.add("clone" if m.shade == "clone" else "extra-region")
        if m.diagonals:
            seen.add("diagonal")
        if m.caged:
            seen.add("cage")
        if m.shape:
            seen.add("parity" if m.shape in ("even", "odd") else "extreme")
        for part in m.lines:
            seen.add({"whisper": "whisper", "thermometer": "thermometer"}.get(part.kind, part.kind))
    seen |= {"kropki" for p in marks.points if p.kind in ("white", "black")}
    seen |= {"xv" for p in marks.points if p.kind == "xv"}
    seen |= {"quadruple" for p in marks.points if p.kind == "quad"}
    seen |= {"little-killer" for clue in marks.outside if clue.way >= 0}
    seen |= {"sandwich" for clue in marks.outside if clue.way < 0}
    assert drawn <= seen, drawn - seen
    # Rules with nothing to draw are said in words.
    assert set(marks.words) == {n for n, e in RULE_TYPES.items() if e.drawing == "none"}


def test_a_cage_outline_follows_its_cells_and_its_sum_sits_in_the_first_cell() -> None:
    # An L: r1c1, r1c2, r2c1.
    marks = rule_marks((c.Cage((at(1, 2), at(1, 1), at(2, 1)), 15),), N)
    first, right, below = marks.cells[at(1, 1)], marks.cells[at(1, 2)], marks.cells[at(2, 1)]
    assert first is not None and right is not None and below is not None
    assert first.cage_sum == "15" and not right.cage_sum and not below.cage_sum
    # Its right and bottom neighbours are in the cage; the outline turns round r2c2.
    assert first.cage == TOP | LEFT | BOTTOM_RIGHT
    assert right.cage == TOP | RIGHT | BOTTOM
    assert below.cage == LEFT | RIGHT | BOTTOM
    assert marks.cells[at(2, 2)] is None
    # Inner corners: a 2x2 cage minus one cell turns round it.
    ell = rule_marks((c.Cage((at(1, 1), at(1, 2), at(2, 1)), None),), N)
    square = rule_marks((c.Cage((at(1, 1), at(1, 2), at(2, 1), at(2, 2)), 10),), N)
    assert [m.cage & 0xF0 for m in ell.cells if m is not None] == [BOTTOM_RIGHT, 0, 0]
    assert not any(m.cage & 0xF0 for m in square.cells if m is not None)
    three = rule_marks((c.Cage((at(1, 2), at(2, 1), at(2, 2)), 10),), N)
    corner = three.cells[at(2, 2)]
    assert corner is not None and corner.cage & TOP_LEFT and not corner.cage & (TOP | LEFT)


def test_lines_arrows_and_outside_clues_are_placed_where_players_read_them() -> None:
    thermo = c.Thermometer((at(2, 2), at(2, 3), at(3, 4)))
    arrow = c.Arrow((at(5, 5),), (at(5, 6), at(6, 7)))
    little = c.LittleKiller((at(1, 2), at(2, 3), at(3, 4)), 12)
    sandwich = c.Sandwich(tuple(at(4, k) for k in range(1, 10)), 7)
    column = c.Sandwich(tuple(at(r, 6) for r in range(1, 10)), 0)
    marks = rule_marks((thermo, arrow, little, sandwich, column), N)
    bulb = marks.cells[at(2, 2)]
    assert bulb is not None and [e.kind for e in bulb.ends] == ["bulb"]
    middle = marks.cells[at(2, 3)]
    assert middle is not None and middle.lines[0].ways == 1 << 6 | 1 << 3  # W and SE
    head = marks.cells[at(6, 7)]
    assert head is not None and any(e.kind == "head" and e.ways == 1 << 3 for e in head.ends)
    circle = marks.cells[at(5, 5)]
    assert circle is not None and any(e.kind == "circle" for e in circle.ends)
    clues = {(clue.row, clue.column): clue for clue in marks.outside}
    assert clues[(-1, 0)].text == "12" and clues[(-1, 0)].way == 3  # points SE into the grid
    assert clues[(3, -1)].text == "7" and clues[(-1, 5)].text == "0"
    assert marks.room == (True, False, False, True)  # above and left of the grid


def test_broken_rules_are_marked_in_their_marks() -> None:
    cage = c.Cage((at(1, 1), at(1, 2)), 3)
    dot = c.Kropki(at(5, 5), at(5, 6), True)
    marks = rule_marks((cage, dot), N, frozenset({0, 1}))
    first = marks.cells[at(1, 1)]
    assert first is not None and first.cage_broken
    assert marks.points[0].broken
    assert rule_marks((cage, dot), N) != marks  # a change the board sees


# -- the session's query and the looks ---------------------------------------------


def test_the_game_lists_broken_constraints_and_their_digits_are_marked() -> None:
    prepared = variant_prepared()
    game = Game(prepared.puzzle, solution=prepared.solution, solvability=prepared.solvability)
    assert game.on_board.broken_rules() == ()
    cage = next(r for r in prepared.puzzle.constraints if isinstance(r, c.Cage))
    index = prepared.puzzle.constraints.index(cage)
    a, b = cage.members
    for cell in (a, b):
        if not game.givens[cell]:
            game.place(cell, 9 if cell == a else 8)
    broken = dict(game.on_board.broken_rules())
    assert index in broken and set(broken[index]) <= {a, b}


def test_the_board_draws_a_variant_and_marks_a_broken_cage(make_driver: MakeDriver) -> None:
    driver = make_driver()
    prepared = variant_prepared()
    start_board(driver, prepared)
    assert isinstance(driver.top, RulesCard)  # the rules come first
    assert driver.top.sentences == prepared.puzzle.rules.sentences()
    driver.key(pygame.K_RETURN)
    scene = driver.top
    assert isinstance(scene, BoardScene)
    looks = scene.looks()
    cage = next(r for r in prepared.puzzle.constraints if isinstance(r, c.Cage))
    first = looks[min(cage.members)].rules
    assert first is not None and first.cage_sum == str(cage.total) and not first.cage_broken
    assert not any(prepared.puzzle.givens[cell] for cell in cage.members)
    empty = cage.members[0]
    for cell in cage.members:  # a repeat, and a sum over the total
        scene.game.place(cell, 9)
    scene._sync()
    looks = scene.looks()
    marks = looks[min(cage.members)].rules
    assert marks is not None and marks.cage_broken
    assert looks[empty].conflict  # the digit carries the non-colour cue (underline)
    # Room for the clues outside the grid: the little killer above, the sandwich left.
    board = scene.layout.board
    assert board.y - board.cell >= 0 and board.x - board.cell >= 0
    assert board.x - board.cell >= 0
    driver.step()
    clue_rects = scene.board_view.clue_rects
    assert clue_rects and all(not r.colliderect(scene.layout.panel) for r in clue_rects)


def test_help_on_a_variant_board_says_its_rules(make_driver: MakeDriver) -> None:
    driver = make_driver()
    prepared = variant_prepared()
    start_board(driver, prepared)
    driver.key(pygame.K_ESCAPE)
    driver.app.apply(driver.top.handle(Command(Action.HELP)))
    driver.step()
    assert isinstance(driver.top, HelpScene)
    assert "cage" in driver.top.rules and "thermometer" in driver.top.rules


# -- the layout of a cell: notes, sum, frame, colour --------------------------------


@pytest.mark.parametrize("window", [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)])
def test_notes_keep_clear_of_the_cage_sum_and_the_selection_frame(
    window: tuple[int, int],
) -> None:
    pygame.display.set_mode((64, 64))
    geometry = board_layout(*window, N, labelled=frozenset({0})).board
    inside = geometry.content
    for digit in range(1, 10):
        plain = geometry.note_spot(digit, False)
        under_sum = geometry.note_spot(digit, True)
        assert plain.x >= inside and plain.y >= inside  # the frame covers no note
        assert plain.right <= geometry.cell - inside and plain.bottom <= geometry.cell - inside
        assert under_sum.top > geometry.label_bottom  # the sum covers no note
    # The label's box, as the painter draws it, is no taller than the geometry says.
    view = BoardView(Text())
    view.configure(geometry, Shape.classic(N), LIGHT)
    tile = view.tile(CellLook(notes=0b111111111, rules=CellMarks(caged=True, cage_sum="45")))
    ink_rows = [
        y
        for y in range(geometry.content, geometry.label_bottom + 1)
        if any(tile.get_at((x, y))[:3] != LIGHT.cell for x in range(geometry.content, 40))
    ]
    assert ink_rows  # the sum is drawn
    # Each candidate's ink stays inside its spot, so spots that do not meet never overlap.
    font = view.painter.notes.spots(CellLook(notes=1, rules=CellMarks(cage_sum="7")))[1]
    glyph = view.painter.glyph("8", font, (0, 0, 0), False)
    spot = geometry.note_spot(1, True)
    assert glyph.get_height() <= spot.h and glyph.get_width() <= spot.w


def test_a_colour_shape_never_covers_a_candidate() -> None:
    pygame.display.set_mode((64, 64))
    geometry = board_layout(1920, 1080, N).board
    view = BoardView(Text())
    view.configure(geometry, Shape.classic(N), LIGHT)
    base = CellLook(notes=0b111111111)
    plain = view.tile(base)
    painted = view.tile(CellLook(notes=0b111111111, colour=2))
    painter = view.painter
    spots, font = painter.notes.spots(base)
    for digit in range(1, 10):
        glyph = painter.glyph(str(digit), font, (0, 0, 0), False)
        box = glyph.get_rect(center=spots[digit - 1].center)
        # Where candidate ink is, the coloured tile shows the same ink (tinted cell
        # aside): no shape pixel lands on a digit's pixel.
        for x in range(box.left, box.right):
            for y in range(box.top, box.bottom):
                ink = plain.get_at((x, y))[:3] != LIGHT.cell
                if ink:
                    assert painted.get_at((x, y))[:3] != LIGHT.paints[1], (digit, x, y)
    # Without candidate 9 the shape takes 9's spot.
    spot9 = spots[8]
    open9 = view.tile(CellLook(notes=0b011111111, colour=2))
    assert any(
        open9.get_at((x, spot9.centery))[:3] == LIGHT.paints[1]
        for x in range(spot9.left, spot9.right)
    )


def test_corner_notes_skip_the_cage_sum_and_centre_notes_join_the_candidates() -> None:
    pygame.display.set_mode((64, 64))
    geometry = board_layout(1280, 800, N).board
    view = BoardView(Text())
    view.configure(geometry, Shape.classic(N), LIGHT)
    caged = CellMarks(caged=True, cage_sum="12")
    with_sum = view.tile(CellLook(corner=0b1, rules=caged))
    without = view.tile(CellLook(rules=caged))
    # Note 1 is not in the label's corner: above the label's bottom the tiles agree.
    for y in range(geometry.label_bottom):
        for x in range(geometry.cell // 2):
            assert with_sum.get_at((x, y)) == without.get_at((x, y))
    notes = view.painter.notes
    assert notes.joined(CellLook(notes=0b111, centre=0b1000)) == (0b1000, 0)
    assert notes.in_grid(CellLook(notes=0b111, centre=0b1000)) == 0b1111
    assert notes.joined(CellLook(notes=0b111)) == (0, 0)
    assert notes.joined(CellLook(centre=0b1000)) == (0, 0), "alone, centre notes keep the middle"


@pytest.mark.parametrize("palette", [LIGHT, DARK, COLOUR_BLIND, HIGH_CONTRAST])
def test_every_mark_draws_something_in_every_theme(palette: object) -> None:
    pygame.display.set_mode((64, 64))
    geometry = board_layout(1280, 800, N).board
    view = BoardView(Text())
    view.configure(geometry, Shape.classic(N), palette)  # type: ignore[arg-type]
    marks = rule_marks(every_rule().constraints, N)
    blank = view.tile(CellLook())
    for cell, m in enumerate(marks.cells):
        if m is not None and replace(m, covered=0) != CellMarks():
            tile = view.tile(CellLook(rules=m))
            differs = any(
                tile.get_at((x, y)) != blank.get_at((x, y))
                for x in range(0, geometry.cell, 3)
                for y in range(0, geometry.cell, 3)
            )
            assert differs, (cell, m)
    painter = view.painter.rules
    for point in marks.points:
        piece, _ = painter.point_piece(point)
        assert piece.get_bounding_rect().w > 0
    for clue in marks.outside:
        piece, _ = painter.clue_piece(clue)
        assert piece.get_at(piece.get_rect().center) is not None


def test_corner_notes_go_round_dots_on_the_cells_edges() -> None:
    dot = c.Kropki(at(1, 1), at(1, 2), False)  # on r1c1's right edge, r1c2's left
    quad = c.Quadruple((at(1, 1), at(1, 2), at(2, 1), at(2, 2)), (1, 2))
    marks = rule_marks((dot, quad), N)
    left, right = marks.cells[at(1, 1)], marks.cells[at(1, 2)]
    assert left is not None and right is not None
    right_middle, bottom_right = CORNER_SPOTS.index((1.0, 0.5)), CORNER_SPOTS.index((1.0, 1.0))
    assert left.covered == 1 << right_middle | 1 << bottom_right
    five = note_corner_spots(5, False, left.covered)
    assert (1.0, 1.0) not in five and (1.0, 0.5) not in five and len(set(five)) == 5
    # With more notes than free places, covered places are used last.
    assert len(set(note_corner_spots(8, True, left.covered))) == 8


def test_a_broken_mark_differs_by_shape_not_only_by_colour() -> None:
    """Drawn in grey (as a colour-blind player may see it), broken and kept marks differ."""
    pygame.display.set_mode((64, 64))
    geometry = board_layout(1280, 800, N).board
    view = BoardView(Text())
    view.configure(geometry, Shape.classic(N), LIGHT)
    thermo = c.Thermometer((at(1, 1), at(1, 2), at(1, 3)))
    for broken in (frozenset(), frozenset({0})):
        marks = rule_marks((thermo,), N, broken).cells[at(1, 2)]
        tile = view.tile(CellLook(rules=marks))
        grey = pygame.transform.grayscale(tile)
        if not broken:
            kept = grey
    # The tube is cut across where it is broken: some pixels on its axis turn to the cell.
    y = geometry.cell // 2
    row_kept = [kept.get_at((x, y))[:3] for x in range(geometry.cell)]
    row_broken = [grey.get_at((x, y))[:3] for x in range(geometry.cell)]
    background = pygame.transform.grayscale(view.tile(CellLook())).get_at((1, 1))[:3]
    assert row_kept.count(background) < row_broken.count(background)


@pytest.mark.parametrize(
    "window", [(800, 600), (1280, 800), (1920, 1080), (3840, 2160), (600, 900)]
)
def test_the_layout_leaves_room_for_clues_outside_the_grid(window: tuple[int, int]) -> None:
    room = (True, True, True, True)
    layout = board_layout(*window, N, room)
    board = layout.board
    outside = board.rect.inflate(2 * board.cell, 2 * board.cell)
    assert pygame.Rect(0, 0, *window).contains(outside)
    assert not outside.colliderect(layout.panel)
    plain = board_layout(*window, N).board
    assert board.cell < plain.cell  # the grid gave up a row and column of cells


def test_a_steps_picture_draws_the_positions_constraints() -> None:
    """The technique reference's and the hint's picture of a killer step shows its cages,
    drawn by the board's rule layer (sums included), not a bare grid."""
    from game.engine.logic.grid import CandidateGrid
    from game.session.trainer.exemplars import examples
    from game.ui.board import StepPicture

    example = next(e for e in examples("Cage Combinations") if e.step is not None)
    position, step = example.position, example.step
    assert position.rules is not None and step is not None
    bare = CandidateGrid(position.shape, position.values, position.cands, givens=position.givens)
    pygame.display.set_mode((64, 64))
    picture = StepPicture(Text())
    rect = pygame.Rect(10, 10, 500, 500)
    surfaces = []
    for grid in (position, bare):
        surface = pygame.Surface((520, 520))
        picture.draw(surface, rect, grid, step, LIGHT)
        surfaces.append(surface)
        assert (picture.view.rules is not None) == (grid is position)
    picture.draw(pygame.Surface((520, 520)), rect, position, step, LIGHT)
    marks = picture.view.rules
    assert marks is not None
    sums = {m.cage_sum for m in marks.cells if m is not None and m.cage_sum}
    cages = [r for r in position.rules.constraints if isinstance(r, c.Cage)]
    assert sums == {str(cage.total) for cage in cages if cage.total}
    assert pygame.image.tobytes(surfaces[0], "RGB") != pygame.image.tobytes(surfaces[1], "RGB")
