"""The board for enthusiasts: many cells at once, three kinds of notes, colours, what-if
ink, savepoints, the first mistake, reveal, and the questions before giving a game up.

Driven with synthetic events (drags, Ctrl and Shift clicks, keys) and checked on
the models the scene computes: cell looks, the panel model, the scene on top.
"""

from __future__ import annotations

import itertools
import math

import pygame
import pytest

from game.engine.shape import Shape
from game.session.play import Phase
from game.session.play.state import NoteKind, candidate_colour
from game.ui.board.layout import board_layout
from game.ui.board.looks import CellLook, Edge, Fill
from game.ui.board.lose import LoseScene
from game.ui.board.notes import corner_spots
from game.ui.board.pause import PauseScene
from game.ui.board.scene import BoardScene
from game.ui.board.shapes import SHAPES, shape_points
from game.ui.board.view import BoardView
from game.ui.input.actions import Action, Command
from game.ui.input.gate import InputContext, Pointer, PointerKind, translate
from game.ui.input.keymap import DEFAULT_BINDINGS, KeyMap, letter_digits
from game.ui.kit.text import Text
from game.ui.kit.theme import DARK, LIGHT, PAINTS, Palette
from game.ui.screens.busy import BusyScene
from game.ui.screens.confirm import LEAVE_TITLE, SOLVE_TITLE, ConfirmScene
from game.ui.screens.menu import MenuScene
from game.ui.stage.destinations import Daily, OpenFile, OpenPuzzle
from game.ui.stage.scene_stack import Go, Reset

from ..conftest import SOLUTION, Driver, MakeDriver, answer, harmless_mistakes, start_board

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT
EMPTY_ROW_1 = (2, 3, 5, 6, 7, 8)  # the empty cells of r1 in the test puzzle


@pytest.fixture
def scene(driver: Driver) -> BoardScene:
    start_board(driver)
    top = driver.top
    assert isinstance(top, BoardScene)
    return top


def at(scene: BoardScene, cell: int) -> tuple[int, int]:
    return scene.layout.board.cell_rect(cell).center


def press(driver: Driver, pos: tuple[int, int], mod: int = 0, button: int = 1) -> None:
    driver.step(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, mod=mod))


def release(driver: Driver, pos: tuple[int, int], mod: int = 0, button: int = 1) -> None:
    driver.step(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, mod=mod))


def drag(driver: Driver, points: list[tuple[int, int]], mod: int = 0) -> None:
    """Press at the first point, move with the button held through the rest, release."""
    press(driver, points[0], mod)
    for point in points[1:]:
        driver.step(
            pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1, 0, 0))
        )
    release(driver, points[-1], mod)


def click(driver: Driver, pos: tuple[int, int], mod: int = 0) -> None:
    press(driver, pos, mod)
    release(driver, pos, mod)


def status(scene: BoardScene) -> str:
    return scene.panel_model().status


# -- the gate ------------------------------------------------------------------------------


def test_the_gate_tells_modifiers_on_clicks_and_drags_from_moves() -> None:
    keymap, context = KeyMap(), InputContext(size=9)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1, mod=CTRL | SHIFT)
    assert translate(down, keymap, context) == Pointer(
        PointerKind.PRESS, (5, 6), 1, ctrl=True, shift=True
    )
    plain = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 6), button=1, mod=0)
    assert translate(plain, keymap, context) == Pointer(PointerKind.RELEASE, (5, 6), 1)
    held = pygame.event.Event(pygame.MOUSEMOTION, pos=(7, 8), rel=(1, 1), buttons=(1, 0, 0))
    assert translate(held, keymap, context) == Pointer(PointerKind.MOVE, (7, 8), held=True)
    free = pygame.event.Event(pygame.MOUSEMOTION, pos=(7, 8), rel=(1, 1), buttons=(0, 0, 0))
    assert translate(free, keymap, context) == Pointer(PointerKind.MOVE, (7, 8))


def test_ctrl_digits_colour_and_ctrl_shift_digits_colour_candidates() -> None:
    keymap = KeyMap()
    assert keymap.resolve(pygame.K_3, CTRL, "3", 9) == Command(Action.COLOUR_3)
    assert keymap.resolve(pygame.K_KP3, CTRL, "3", 9) == Command(Action.COLOUR_3)
    assert keymap.resolve(pygame.K_0, CTRL, "0", 9) == Command(Action.COLOUR_NONE)
    assert keymap.resolve(pygame.K_3, CTRL | SHIFT, "#", 9) == Command(Action.CANDIDATE_COLOUR_3)
    assert keymap.resolve(pygame.K_3, SHIFT, "#", 9) == Command(Action.NOTE, 3)  # unchanged
    moved = KeyMap({"colour-3": ["f7"]})  # a colour key moves like any shortcut
    assert moved.resolve(pygame.K_F7, 0, "", 9) == Command(Action.COLOUR_3)
    assert moved.resolve(pygame.K_3, CTRL, "3", 9) is None


def test_new_default_keys_are_unique_and_survive_16x16() -> None:
    keymap = KeyMap()
    chords = [chord for chords in keymap.bindings.values() for chord in chords]
    assert len(chords) == len(set(chords)), "a default key does two things"
    letters = set(letter_digits(16))
    new = [a for a in DEFAULT_BINDINGS if a.value in NEW_ACTIONS]
    assert len(new) == len(NEW_ACTIONS)
    for action in new:
        assert keymap.table(16)[action] == keymap.table(9)[action], action
        assert not any(chord.letter in letters for chord in keymap.bindings[action]), action
    assert keymap.table(16)[Action.CHECK]  # Check's Ctrl+C is still free for it


NEW_ACTIONS = {
    "select-empty",
    "extend-up",
    "extend-down",
    "extend-left",
    "extend-right",
    "note-kind",
    *(f"colour-{k}" for k in range(1, 9)),
    "colour-none",
    *(f"candidate-colour-{k}" for k in range(1, 9)),
    "candidate-colour-none",
    "clear-colours",
    "guess",
    "commit-guess",
    "abandon-guess",
    "savepoint",
    "go-to-savepoint",
    "find-mistake",
    "reveal",
}


def test_help_shows_numbered_keys_as_one_row_until_one_moves() -> None:
    rows = dict(KeyMap().describe(9))
    assert rows["Colour cells (0: none)"] == "Ctrl+0–8, Ctrl+Num 0–8"
    assert rows["Colour the last digit's candidate"] == "Ctrl+Shift+0–8"
    assert rows["Choose cells as you move"] == "Shift+arrows"
    assert rows["Move"] == "Arrows, W/S/A/D"
    assert rows["What if: guess / keep / abandon"] == "Shift+X / X / Ctrl+X"
    moved = dict(KeyMap({"colour-3": ["f7"], "abandon-guess": []}).describe(9))
    assert "Colour cells (0: none)" not in moved
    assert moved[Action.GUESS.label] == "Shift+X" and Action.ABANDON_GUESS.label not in moved
    assert moved[Action.COLOUR_3.label] == "F7"
    assert moved[Action.COLOUR_4.label] == "Ctrl+4, Ctrl+Num 4"


# -- choosing many cells -------------------------------------------------------------------


def test_a_drag_chooses_the_cells_it_crosses(driver: Driver, scene: BoardScene) -> None:
    drag(driver, [at(scene, c) for c in (2, 3, 12, 13)])
    assert scene.play.selection == {2, 3, 12, 13}
    assert scene.play.cursor == 2  # the cursor stays where the drag began
    looks = scene.looks()
    assert looks[2].fill is Fill.SELECTED
    assert all(looks[c].fill is Fill.CHOSEN for c in (3, 12, 13))
    assert looks[2].outline == Edge.TOP | Edge.LEFT | Edge.BOTTOM
    assert looks[3].outline == Edge.TOP | Edge.RIGHT
    assert looks[12].outline == Edge.LEFT | Edge.BOTTOM
    assert looks[13].outline == Edge.TOP | Edge.RIGHT | Edge.BOTTOM
    assert looks[4].outline == Edge.NONE and looks[4].fill is Fill.PLAIN  # no peer tint
    assert status(scene) == "4 cells selected: a digit toggles its candidate notes in all of them."
    # The button up, moving on chooses nothing more.
    driver.move(at(scene, 14))
    assert scene.play.selection == {2, 3, 12, 13}


def test_a_move_without_the_button_is_no_drag(driver: Driver, scene: BoardScene) -> None:
    press(driver, at(scene, 2))
    driver.step(  # the button came up outside the window
        pygame.event.Event(pygame.MOUSEMOTION, pos=at(scene, 3), rel=(0, 0), buttons=(0, 0, 0))
    )
    driver.step(
        pygame.event.Event(pygame.MOUSEMOTION, pos=at(scene, 4), rel=(0, 0), buttons=(1, 0, 0))
    )
    assert not scene.play.selection and scene.play.cursor == 2


def test_ctrl_click_adds_and_removes_and_ctrl_drag_adds(driver: Driver, scene: BoardScene) -> None:
    click(driver, at(scene, 2))
    click(driver, at(scene, 20), CTRL)
    assert scene.play.selection == {2, 20}
    click(driver, at(scene, 30), CTRL)
    assert scene.play.selection == {2, 20, 30}
    click(driver, at(scene, 20), CTRL)
    assert scene.play.selection == {2, 30}
    drag(driver, [at(scene, c) for c in (40, 41, 42)], CTRL)
    assert scene.play.selection == {2, 30, 40, 41, 42}
    drag(driver, [at(scene, c) for c in (41, 42)], CTRL)  # begun on a chosen cell: removes
    assert scene.play.selection == {2, 30, 40}


def test_shift_click_chooses_a_rectangle(driver: Driver, scene: BoardScene) -> None:
    click(driver, at(scene, 10))
    click(driver, at(scene, 30), SHIFT)
    assert scene.play.selection == {10, 11, 12, 19, 20, 21, 28, 29, 30}


def test_a_plain_click_goes_back_to_one_cell(driver: Driver, scene: BoardScene) -> None:
    drag(driver, [at(scene, c) for c in (2, 3)])
    click(driver, at(scene, 50))
    assert not scene.play.selection and scene.play.cursor == 50
    assert scene.looks()[50].outline == Edge.NONE


def test_keys_choose_cells_and_esc_lets_go_before_pausing(
    driver: Driver, scene: BoardScene
) -> None:
    scene.play.select(0)
    driver.key(pygame.K_RIGHT, SHIFT)
    driver.key(pygame.K_DOWN, SHIFT)
    assert scene.play.selection == {0, 1, 9, 10}
    driver.key(pygame.K_a, CTRL, "\x01")
    empty = {c for c in range(81) if not scene.game.grid[c]}
    assert scene.play.selection == empty
    assert status(scene).startswith(f"{len(empty)} cells selected")
    driver.key(pygame.K_ESCAPE)
    assert not scene.play.selection and isinstance(driver.top, BoardScene)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)


def test_a_digit_on_every_empty_cell_is_one_move(driver: Driver, scene: BoardScene) -> None:
    driver.key(pygame.K_a, CTRL, "\x01")
    driver.key(pygame.K_n, 0, "n")  # many cells switched notes on: back to digits
    assert status(scene).endswith("a digit goes into all of them.")
    before = len(scene.game.history)
    driver.key(pygame.K_7)
    assert len(scene.game.history) == before + 1
    assert status(scene).endswith("a digit goes into all of them.")  # still says
    assert all(scene.game.grid[c] == 7 for c in scene.play.selection)
    driver.key(pygame.K_z, CTRL)
    assert len([c for c in range(81) if scene.game.grid[c] == 7]) < 10


# -- notes of three kinds ------------------------------------------------------------------


def test_the_note_kind_key_cycles_persists_and_shows(driver: Driver, scene: BoardScene) -> None:
    assert scene.panel_model().actions[3].label == "Notes"
    driver.key(pygame.K_m, 0, "m")
    assert driver.ctx.settings.note_kind is NoteKind.CORNER
    assert scene.game.settings.note_kind is NoteKind.CORNER
    model = scene.panel_model()
    assert model.note_kind is NoteKind.CORNER and model.actions[3].label == "Corner notes"
    assert "corner notes" in status(scene)
    scene.play.select(2)
    driver.key(pygame.K_4, SHIFT, "$")
    driver.key(pygame.K_m, 0, "m")
    driver.key(pygame.K_6, SHIFT, "^")
    look = scene.looks()[2]
    assert (look.corner, look.centre, look.notes) == (1 << 3, 1 << 5, 0)
    driver.key(pygame.K_n, 0, "n")
    assert "Centre notes mode" in scene.panel_model().detail
    driver.key(pygame.K_m, 0, "m")
    assert driver.ctx.settings.note_kind is NoteKind.CANDIDATE


def test_the_status_line_tells_the_kind_a_digit_writes_on_many_cells(
    driver: Driver, scene: BoardScene
) -> None:
    drag(driver, [at(scene, c) for c in (2, 3)])
    driver.key(pygame.K_m, 0, "m")
    assert status(scene) == "2 cells selected: a digit toggles its corner notes in all of them."
    driver.key(pygame.K_5)
    assert scene.game.state.corner[2] == scene.game.state.corner[3] == 1 << 4


def test_corner_and_centre_notes_leave_with_the_digit_and_the_step_ahead(
    driver: Driver, scene: BoardScene
) -> None:
    scene.game.marking.toggle_note(2, 1, NoteKind.CORNER)
    scene.game.marking.toggle_note(2, 2, NoteKind.CENTRE)
    scene.play.select(2)
    driver.key(pygame.K_4)
    look = scene.looks()[2]
    assert look.digit == 4 and not look.corner and not look.centre


def _ink(tile: pygame.Surface, background: tuple[int, int, int]) -> pygame.Rect:
    """The bounding box of everything in ``tile`` that is not ``background``."""
    xs, ys = [], []
    for x in range(tile.get_width()):
        for y in range(tile.get_height()):
            if tuple(tile.get_at((x, y)))[:3] != background:
                xs.append(x)
                ys.append(y)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@pytest.mark.parametrize("window", [(800, 600), (1280, 800)])
def test_corner_notes_hug_the_corner_and_centre_notes_sit_in_the_middle(
    window: tuple[int, int],
) -> None:
    pygame.display.set_mode(window)
    view = BoardView(Text())
    geometry = board_layout(*window, 9).board
    view.configure(geometry, Shape.classic(9), LIGHT)
    size = geometry.cell
    # Ink at least as tall as a 12 px digit (about 0.7 of the font size).
    smallest = 8
    corner = _ink(view.tile(CellLook(corner=1 << 7)), LIGHT.cell)
    assert corner.right < size / 3 and corner.bottom < size / 3
    assert corner.h >= smallest
    last = _ink(view.tile(CellLook(corner=0b111111111)), LIGHT.cell)
    assert last.w > size * 0.7 and last.h > size * 0.7  # all around the edge
    centre = _ink(view.tile(CellLook(centre=0b111111111)), LIGHT.cell)
    assert abs(centre.centerx - size / 2) <= 2 and abs(centre.centery - size / 2) <= 2
    assert centre.h >= 2 * smallest  # two rows of readable digits
    few = _ink(view.tile(CellLook(centre=0b11)), LIGHT.cell)
    assert few.h >= smallest and few.w < size / 2
    candidate = _ink(view.tile(CellLook(notes=1 << 7)), LIGHT.cell)
    assert candidate.centery > size / 2  # a candidate keeps its fixed spot (8: bottom middle)


def test_corner_spots_follow_sudokupad_and_stretch_for_big_grids() -> None:
    assert corner_spots(4) == [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
    assert corner_spots(6)[4:] == [(0.5, 0.0), (0.5, 1.0)]
    spots = corner_spots(16)
    assert len(set(spots)) == 16
    assert all(x in (0.0, 1.0) or y in (0.0, 1.0) for x, y in spots)


# -- colours -------------------------------------------------------------------------------


def test_ctrl_digits_colour_the_chosen_cells_and_ctrl_0_clears(
    driver: Driver, scene: BoardScene
) -> None:
    drag(driver, [at(scene, c) for c in (2, 3)])
    driver.key(pygame.K_3, CTRL, "3")
    looks = scene.looks()
    assert looks[2].colour == looks[3].colour == 3
    assert looks[2].fill is Fill.SELECTED  # the highlight and the colour both show
    driver.key(pygame.K_0, CTRL, "0")
    assert scene.looks()[2].colour == 0


def test_ctrl_shift_digits_colour_the_last_digits_candidate(
    driver: Driver, scene: BoardScene
) -> None:
    scene.play.select(2)
    driver.key(pygame.K_4)  # the last digit is now 4
    driver.key(pygame.K_BACKSPACE)
    driver.key(pygame.K_4, SHIFT, "$")
    driver.key(pygame.K_6, CTRL | SHIFT, "^")
    assert candidate_colour(scene.looks()[2].marks, 4) == 6
    assert candidate_colour(scene.game.state.marks[2], 4) == 6
    driver.key(pygame.K_BACKSPACE, CTRL | SHIFT)  # every colour goes
    assert not any(scene.game.state.marks) and status(scene) == "Colours cleared."
    driver.key(pygame.K_z, CTRL)
    assert candidate_colour(scene.game.state.marks[2], 4) == 6


def test_colours_are_told_apart_by_shape_as_well_as_hue() -> None:
    outlines = {name: shape_points(name, (50, 50), 10) for name in SHAPES}
    assert len(SHAPES) == len(PAINTS) == 8
    assert len({tuple(points) for points in outlines.values()}) == 8


# Machado, Oliveira and Fernandes (2009), full severity, in linear RGB.
DEFICIENCIES = {
    "protanopia": ((0.1523, 1.0526, -0.2049), (0.1145, 0.7863, 0.0992), (-0.0039, -0.0481, 1.052)),
    "deuteranopia": ((0.3673, 0.8606, -0.228), (0.2801, 0.6725, 0.0474), (-0.0118, 0.0429, 0.9689)),
    "tritanopia": ((1.2555, -0.0767, -0.1788), (-0.0784, 0.9308, 0.1476), (0.0047, 0.6914, 0.3039)),
}


def _linear(value: float) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


@pytest.mark.parametrize("palette", [LIGHT, DARK], ids=lambda p: p.name)
def test_the_paints_stay_apart_for_common_colour_blindness(palette: Palette) -> None:
    for name, matrix in DEFICIENCIES.items():
        seen = []
        for colour in palette.paints:
            linear = [_linear(v) for v in colour]
            simulated = tuple(
                min(1.0, max(0.0, sum(m * v for m, v in zip(row, linear, strict=True))))
                for row in matrix
            )
            seen.append(_lab(simulated))  # type: ignore[arg-type]
        closest = min(math.dist(a, b) for a, b in itertools.combinations(seen, 2))
        assert closest > 15, f"{name}: two colours {closest:.1f} apart (CIELAB)"


# -- what if -------------------------------------------------------------------------------


def test_guesses_write_in_their_ink_and_the_panel_names_the_keys(
    driver: Driver, scene: BoardScene
) -> None:
    scene.play.select(2)
    driver.key(pygame.K_x, SHIFT, "X")
    model = scene.panel_model()
    assert model.guess == "Guess 1 — X keeps, Ctrl+X abandons" and model.guess_level == 1
    driver.key(pygame.K_4)
    driver.key(pygame.K_x, SHIFT, "X")
    scene.play.select(3)
    driver.key(pygame.K_6)
    looks = scene.looks()
    assert (looks[2].ink, looks[3].ink) == (1, 2)
    assert scene.panel_model().guess.startswith("Guess 2")
    driver.key(pygame.K_x, CTRL, "\x18")  # abandon the inner guess
    assert scene.game.state.entries[3] == 0 and scene.game.what_if.guess_level == 1
    driver.key(pygame.K_x, 0, "x")  # keep the outer one
    assert scene.game.what_if.guess_level == 0 and scene.looks()[2].ink == 0
    assert scene.looks()[2].digit == 4 and scene.panel_model().guess == ""


def test_the_guess_line_names_rebound_keys(make_driver: MakeDriver) -> None:
    driver = make_driver(key_bindings={"commit-guess": ("f6",), "abandon-guess": ()})
    start_board(driver)
    scene = driver.top
    assert isinstance(scene, BoardScene)
    driver.key(pygame.K_x, SHIFT, "X")
    assert scene.panel_model().guess == "Guess 1 — F6 keeps"


def test_savepoints_find_mistake_and_reveal_by_key(driver: Driver, scene: BoardScene) -> None:
    game = scene.game
    cell, digit = harmless_mistakes(1)[0]
    first, second = [c for c in EMPTY_ROW_1 if c != cell][:2]
    scene.play.select(first)
    driver.key(pygame.K_0 + int(SOLUTION[first]))
    driver.key(pygame.K_p, 0, "p")
    assert "Savepoint 1" in game.what_if.savepoints
    scene.play.select(second)
    driver.key(pygame.K_0 + int(SOLUTION[second]))
    driver.key(pygame.K_p, SHIFT, "P")
    assert game.state.entries[second] == 0 and game.state.entries[first]
    scene.play.select(cell)
    driver.key(pygame.K_0 + digit)
    driver.key(pygame.K_m, CTRL, "\r")
    assert "again" in status(scene) and game.state.entries[cell] == digit
    driver.key(pygame.K_m, CTRL, "\r")
    assert game.state.entries[cell] == 0  # back to just before it
    scene.play.select(second)
    driver.key(pygame.K_h, SHIFT, "H")
    assert game.grid[second] == int(SOLUTION[second]) and not game.clean


def test_the_mistake_counter_shows_without_a_limit_when_asked(make_driver: MakeDriver) -> None:
    for wanted in (False, True):
        driver = make_driver(show_mistake_counter=wanted)
        start_board(driver)
        scene = driver.top
        assert isinstance(scene, BoardScene)
        cell, digit = harmless_mistakes(1)[0]
        scene.play.select(cell)
        driver.key(pygame.K_0 + digit)
        assert ("Mistakes 1" in scene.panel_model().detail) is wanted


# -- questions before a game is given up -----------------------------------------------------


def test_solve_asks_first(driver: Driver, scene: BoardScene) -> None:
    driver.key(pygame.K_s, CTRL | SHIFT)
    card = driver.top
    assert isinstance(card, ConfirmScene) and card.title == SOLVE_TITLE
    driver.key(pygame.K_RETURN)  # No is the default
    assert driver.top is scene and scene.game.phase is Phase.PLAYING
    driver.key(pygame.K_s, CTRL | SHIFT)
    answer(driver)
    assert scene.game.phase is Phase.SHOWN
    driver.run(2.5)
    assert isinstance(driver.top, LoseScene)


def _menu(driver: Driver) -> MenuScene:
    from game.ui.app import routes

    driver.app.apply(Reset((routes.menu(driver.ctx),)))
    driver.step()
    menu = driver.top
    assert isinstance(menu, MenuScene)
    return menu


def test_leaving_a_game_with_moves_asks_and_no_keeps_it(driver: Driver, scene: BoardScene) -> None:
    game = scene.game
    scene.play.select(2)
    driver.key(pygame.K_4)
    menu = _menu(driver)
    for key in ("daily", "new"):
        driver.app.apply(menu.choose(key))
        driver.step()
        if key == "new":  # the New game card first; the question comes as it generates
            assert not isinstance(driver.top, ConfirmScene)
            continue
        card = driver.top
        assert isinstance(card, ConfirmScene)
        assert (card.title, card.body) == (LEAVE_TITLE, "It counts as played.")
        answer(driver, yes=False)
        assert driver.top is menu
    assert driver.ctx.session.game is game and game.phase is Phase.PLAYING


def test_yes_leaves_and_a_game_without_moves_is_left_without_asking(
    driver: Driver, scene: BoardScene
) -> None:
    scene.play.select(2)
    driver.key(pygame.K_4)
    driver.key(pygame.K_o, CTRL, "\x0f")  # Open only looks: no question yet
    assert not isinstance(driver.top, ConfirmScene)
    _menu(driver)
    driver.app.apply(Go(Daily()))
    answer(driver)
    assert isinstance(driver.top, BusyScene)
    driver.settle()
    fresh = driver.top
    assert isinstance(fresh, BoardScene) and fresh.game is not scene.game
    assert scene.game.phase is Phase.ABANDONED
    driver.app.apply(Go(OpenPuzzle()))
    driver.step()
    driver.app.apply(Go(OpenFile("/nonexistent/puzzle.txt")))  # no moves: no question
    assert not isinstance(driver.top, ConfirmScene)
