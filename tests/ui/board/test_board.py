"""The board scene: input translated to game calls, and what the cells look like."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.engine import solver
from game.engine.logic import Mark, Role, Step
from game.engine.puzzle import Puzzle
from game.engine.shape import Shape
from game.session.board.hint_flow import Stage
from game.session.board.hints import HintMarks
from game.session.play import Status
from game.session.play.puzzle_kind import Origin, PuzzleKind
from game.session.puzzles.sources import Prepared
from game.ui.board.looks import Fill, region_tints
from game.ui.board.scene import BoardScene
from game.ui.board.typed_move import TypedMoveScene
from game.ui.kit.widgets import Style

from ..conftest import SOLUTION, Driver, MakeDriver, harmless_mistakes, start_board

SHIFT = pygame.KMOD_LSHIFT


@pytest.fixture
def scene(driver: Driver) -> BoardScene:
    start_board(driver)
    top = driver.top
    assert isinstance(top, BoardScene)
    return top


def centre(scene: BoardScene, cell: int) -> tuple[int, int]:
    return scene.layout.board.cell_rect(cell).center


def status(scene: BoardScene) -> str:
    """The status line as the player reads it (keys named as bound)."""
    return scene.panel_model().status


def test_click_selects_and_highlights_peers_and_same_digits(
    driver: Driver, scene: BoardScene
) -> None:
    driver.click(centre(scene, 0))  # r1c1 holds a given 5
    looks = scene.looks()
    assert scene.play.cursor == 0
    assert looks[0].fill is Fill.SELECTED
    assert looks[1].fill is Fill.SAME or looks[1].fill is Fill.PEER
    assert looks[80].fill is Fill.PLAIN
    fives = [c for c in range(81) if scene.game.grid[c] == 5 and c != 0]
    assert all(looks[c].fill is Fill.SAME for c in fives)


def test_highlights_follow_the_settings(make_driver: MakeDriver) -> None:
    driver = make_driver(highlight_peers=False, highlight_same_digit=False)
    start_board(driver)
    scene = driver.top
    assert isinstance(scene, BoardScene)
    driver.click(centre(scene, 0))
    fills = {look.fill for look in scene.looks()}
    assert fills == {Fill.SELECTED, Fill.PLAIN}


def test_arrows_and_wasd_move_with_wrapping(driver: Driver, scene: BoardScene) -> None:
    driver.key(pygame.K_UP)  # nothing selected: selects r1c1
    assert scene.play.cursor == 0
    driver.key(pygame.K_UP)
    assert scene.play.cursor == 72
    driver.key(pygame.K_a, 0, "a")
    assert scene.play.cursor == 80


def test_digits_place_entries_and_the_pad_counts_down(driver: Driver, scene: BoardScene) -> None:
    scene.play.select(2)
    before = scene.panel_model().pad[3].remaining
    driver.key(pygame.K_4)
    assert scene.game.state.entries[2] == 4
    assert scene.looks()[2].digit == 4 and not scene.looks()[2].given
    assert scene.panel_model().pad[3].remaining == before - 1
    driver.key(pygame.K_BACKSPACE)
    assert scene.game.state.entries[2] == 0


def test_the_pad_places_in_cell_first_mode(driver: Driver, scene: BoardScene) -> None:
    driver.click(centre(scene, 2))
    driver.click(scene.layout.pad[3].center)
    assert scene.game.state.entries[2] == 4


def test_finished_digits_dim_on_the_pad(driver: Driver, scene: BoardScene) -> None:
    for cell, char in enumerate(SOLUTION):
        if char == "1" and not scene.game.is_given(cell):
            scene.game.place(cell, 1)
    driver.step()
    pad = scene.panel_model().pad
    assert pad[0].remaining == 0 and pad[0].style is Style.DIM
    assert pad[1].style is Style.NORMAL


def test_shift_digit_and_notes_mode_toggle_notes(driver: Driver, scene: BoardScene) -> None:
    scene.play.select(2)
    driver.key(pygame.K_1, SHIFT, "!")
    assert scene.game.state.notes[2] == 0b1
    driver.key(pygame.K_n, 0, "n")
    assert scene.play.notes_mode
    driver.key(pygame.K_2)
    assert scene.game.state.notes[2] == 0b11
    assert scene.looks()[2].notes == 0b11
    assert scene.panel_model().actions[3].style is Style.TOGGLED


def test_notes_mode_click_on_a_notes_spot_toggles_that_note(
    driver: Driver, scene: BoardScene
) -> None:
    driver.click(scene.layout.actions["notes"].center)
    assert scene.play.notes_mode
    spot = scene.layout.board.note_rect(2, 7)
    driver.click(spot.center)  # the click that selects the cell never changes it
    assert scene.play.cursor == 2 and scene.game.state.notes[2] == 0
    driver.click(spot.center)
    assert scene.game.state.notes[2] == 1 << 6


def test_right_click_notes_the_last_digit(driver: Driver, scene: BoardScene) -> None:
    driver.click(centre(scene, 2), button=3)
    assert status(scene).startswith("Pick a digit")
    scene.play.select(3)
    driver.key(pygame.K_6)
    driver.click(centre(scene, 2), button=3)
    assert scene.game.state.notes[2] == 1 << 5


def test_digit_first_mode(make_driver: MakeDriver) -> None:
    driver = make_driver(input_mode="digit-first")
    start_board(driver)
    scene = driver.top
    assert isinstance(scene, BoardScene)
    driver.click(scene.layout.pad[3].center)
    assert scene.play.active_digit == 4
    assert scene.panel_model().pad[3].style is Style.TOGGLED
    driver.click(centre(scene, 2))
    driver.click(centre(scene, 3))
    assert scene.game.state.entries[2] == 4 and scene.game.state.entries[3] == 4
    fours = [c for c in range(81) if scene.game.grid[c] == 4 and c != scene.play.cursor]
    assert all(scene.looks()[c].fill is Fill.SAME for c in fours)


def test_conflicts_get_red_and_an_underline_cue(driver: Driver, scene: BoardScene) -> None:
    scene.play.select(2)
    driver.key(pygame.K_5)  # row 1 already has a given 5 at r1c1
    looks = scene.looks()
    assert looks[2].conflict and looks[0].conflict
    assert not looks[2].wrong
    assert scene.view.flash  # the clash flashes briefly
    driver.run(0.4)
    assert not scene.view.flash


def test_check_marks_wrong_entries_with_their_own_cue(driver: Driver, scene: BoardScene) -> None:
    cell, digit = harmless_mistakes(1)[0]
    scene.play.select(cell)
    driver.key(pygame.K_0 + digit)  # wrong, but breaks no rule
    assert not scene.looks()[cell].wrong  # mistakes are not shown until Check
    driver.key(pygame.K_c, 0, "c")
    assert scene.looks()[cell].wrong
    assert "not right" in status(scene)
    driver.key(pygame.K_0 + int(SOLUTION[cell]))  # correcting it clears the mark
    assert not scene.looks()[cell].wrong
    driver.key(pygame.K_c, 0, "c")
    assert status(scene) == "All correct so far."


def test_fill_notes_is_one_undoable_step(driver: Driver, scene: BoardScene) -> None:
    driver.key(pygame.K_f, 0, "f")
    assert any(scene.game.state.notes)
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert not any(scene.game.state.notes)
    driver.key(pygame.K_y, pygame.KMOD_LCTRL)
    assert any(scene.game.state.notes)


def test_completing_a_unit_makes_it_glow(driver: Driver, scene: BoardScene) -> None:
    game = scene.game
    row = [c for c in range(9) if not game.is_given(c)]
    for cell in row[:-1]:
        game.place(cell, int(SOLUTION[cell]))
    scene.play.select(row[-1])
    driver.key(pygame.K_0 + int(SOLUTION[row[-1]]))
    assert set(range(9)) <= set(scene.view.glow)
    driver.run(0.6)
    assert not scene.view.glow


def test_hint_three_presses(driver: Driver, scene: BoardScene) -> None:
    driver.key(pygame.K_h, 0, "h")
    driver.settle()
    assert scene.play.help.hints.stage is Stage.NUDGE
    assert scene.game.hints_used == 1
    assert "Press H again" in status(scene)
    nudge = scene.view.play.hint
    assert nudge is not None and not nudge.full
    driver.key(pygame.K_h, 0, "h")
    assert scene.play.help.hints.stage is Stage.SHOWN
    assert scene.panel_model().card is not None
    step = scene.play.help.hints.answer.step if scene.play.help.hints.answer else None
    assert step is not None and step.placements
    cell, digit = step.placements[0]
    assert scene.looks()[cell].target == digit
    driver.key(pygame.K_h, 0, "h")
    assert scene.play.help.hints.stage is Stage.IDLE
    assert scene.game.state.entries[cell] == digit
    assert scene.game.hints_used == 1
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)  # the step is one undoable move
    assert scene.game.state.entries[cell] == 0


def test_hint_points_at_a_mistake_first_and_can_erase_it(driver: Driver, scene: BoardScene) -> None:
    cell, digit = harmless_mistakes(1)[0]
    scene.play.select(cell)
    driver.key(pygame.K_0 + digit)
    driver.key(pygame.K_h, 0, "h")
    driver.settle()
    assert (
        scene.play.help.hints.answer is not None and scene.play.help.hints.answer.kind == "mistake"
    )
    driver.key(pygame.K_h, 0, "h")
    assert scene.looks()[cell].role is Role.WRONG
    driver.key(pygame.K_h, 0, "h")
    assert scene.game.state.entries[cell] == 0


def test_esc_dismisses_a_hint_before_pausing(driver: Driver, scene: BoardScene) -> None:
    driver.key(pygame.K_h, 0, "h")
    driver.settle()
    driver.key(pygame.K_ESCAPE)
    assert scene.play.help.hints.stage is Stage.IDLE
    assert isinstance(driver.top, BoardScene)


def test_a_move_drops_a_stale_hint(driver: Driver, scene: BoardScene) -> None:
    driver.key(pygame.K_h, 0, "h")
    driver.settle()
    scene.play.select(2)
    driver.key(pygame.K_4)
    assert scene.play.help.hints.stage is Stage.IDLE


def test_hint_marks_draw_roles_strikes_and_targets(scene: BoardScene) -> None:
    step = Step(
        "test",
        placements=((2, 4),),
        eliminations=((3, 6),),
        marks=(Mark(3, 2, Role.PATTERN), Mark(4, None, Role.PIVOT)),
        units=(0,),
    )
    scene.view.play = dataclasses.replace(scene.view.play, hint=HintMarks(step, full=False))
    looks = scene.looks()
    assert all(looks[c].fill is Fill.UNIT for c in range(9) if c != scene.play.cursor)
    scene.view.play = dataclasses.replace(scene.view.play, hint=HintMarks(step, full=True))
    looks = scene.looks()
    assert looks[2].target == 4 and looks[2].role is Role.FOCUS
    assert looks[3].struck == 1 << 5 and looks[3].note_roles == ((2, Role.PATTERN),)
    assert looks[3].notes & (1 << 5) and looks[3].notes & (1 << 1)


def test_typed_move(driver: Driver, scene: BoardScene) -> None:
    driver.key(pygame.K_SEMICOLON, SHIFT, ":")
    assert isinstance(driver.top, TypedMoveScene)
    driver.text(":")  # the key's own character is not typed into the line
    driver.text("1 3 x")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, TypedMoveScene)
    assert scene.play.status.error and "not a digit" in status(scene)
    for _ in range(5):
        driver.key(pygame.K_BACKSPACE)
    driver.text("(1,3,4)")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, BoardScene)
    assert scene.game.state.entries[2] == 4


def test_timer_shows_minutes_and_seconds_and_can_be_hidden(make_driver: MakeDriver) -> None:
    driver = make_driver()
    start_board(driver)
    scene = driver.top
    assert isinstance(scene, BoardScene)
    driver.step(dt=75.4)
    assert scene.panel_model().timer == "01:15"
    driver.ctx.change_settings(show_timer=False)
    assert scene.panel_model().timer == ""


JIGSAW_REGIONS = "".join(
    ("001111222", "000011222", "003411122", "033445552", "333444555")
    + ("633344558", "667774588", "666778888", "666777788")
)
JIGSAW_VALUES = "".join(
    (".8......1", "1....63..", ".......4.", "...3.8.7.", "....8....")
    + (".7.1.2...", ".5.......", "..79....4", "3......1.")
)


def test_jigsaw_regions_get_alternating_tints() -> None:
    shape = Shape.from_regions(JIGSAW_REGIONS)
    tints = region_tints(shape)
    for cell in range(81):
        row, column = divmod(cell, 9)
        for other in ([cell + 1] if column < 8 else []) + ([cell + 9] if row < 8 else []):
            if shape.regions[cell] != shape.regions[other]:
                assert tints[cell] != tints[other]


@pytest.mark.parametrize(
    ("text", "regions"),
    [
        ("1.........3..4..", None),
        ("1.....2.....3.....4.....5.....6.....", None),
        (JIGSAW_VALUES, JIGSAW_REGIONS),
        ("1" + "." * 255, None),
    ],
)
def test_every_size_and_jigsaw_plays(driver: Driver, text: str, regions: str | None) -> None:
    puzzle = Puzzle.from_string(text, regions)
    found = solver.solve(puzzle.shape, puzzle.givens)
    origin = Origin(PuzzleKind.of(puzzle.shape, None))
    start_board(driver, Prepared(puzzle, found, Status.UNIQUE, origin))
    scene = driver.top
    assert isinstance(scene, BoardScene)
    assert len(scene.looks()) == len(text)
    assert len(scene.layout.pad) == puzzle.size
    cell = next(c for c in range(len(text)) if not puzzle.givens[c])
    driver.click(centre(scene, cell))
    driver.click(scene.layout.pad[-1].center)
    assert scene.game.grid[cell] == puzzle.size
    if regions:
        assert {look.tint for look in scene.looks()} > {0}


def test_a_slow_hint_says_thinking_and_never_blocks_a_frame(
    driver: Driver, scene: BoardScene, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from game.session.board import hint_flow

    release = threading.Event()
    answered = threading.Event()
    real = hint_flow.ask  # type: ignore[attr-defined]

    def slow(query: object) -> object:
        release.wait(60)  # a hang guard only: the test releases it
        answered.set()
        return real(query)  # type: ignore[arg-type]

    monkeypatch.setattr(hint_flow, "ask", slow)
    driver.key(pygame.K_h, 0, "h")
    # The answer cannot come before the release: a frame that waited for it would
    # have come back only after the hang guard, with the answer given.
    assert not answered.is_set()
    assert scene.play.help.hints.stage is Stage.ASKING
    assert status(scene) != "Thinking…"
    wait = scene.wake_in()
    assert wait is not None and wait <= 0.15
    driver.step(dt=0.16)  # time comes in as dt: no test sleeps
    assert status(scene) == "Thinking…"
    release.set()
    driver.settle()
    assert scene.play.help.hints.stage is Stage.NUDGE


def test_check_without_a_single_solution_runs_in_the_background(driver: Driver) -> None:
    puzzle = Puzzle.from_string("1" + "." * 15)  # many solutions
    origin = Origin(PuzzleKind.of(puzzle.shape, None))
    start_board(driver, Prepared(puzzle, None, Status.MULTIPLE, origin))
    scene = driver.top
    assert isinstance(scene, BoardScene)
    driver.key(pygame.K_c, 0, "c")
    assert status(scene) in (
        "Checking…",
        "No rule is broken, and the position can still be completed.",
    )
    driver.settle()
    assert "can still be completed" in status(scene)


def test_a_25x25_board_full_of_notes_fills_in_over_frames_after_a_resize(
    make_driver: MakeDriver,
) -> None:
    """No frame draws more than a frame's worth of new tiles; the loop keeps going
    (without waiting for an event) until the board is whole."""
    driver = make_driver((1280, 800))
    puzzle = Puzzle.from_string("1" + "." * 624)
    found = solver.solve(puzzle.shape, puzzle.givens)
    start_board(
        driver,
        Prepared(puzzle, found, Status.UNIQUE, Origin(PuzzleKind.of(puzzle.shape, None))),
    )
    scene = driver.top
    assert isinstance(scene, BoardScene)
    for _ in range(10):
        driver.step()
    scene.game.marking.fill_notes()
    for cell in range(625):  # a distinct look nearly everywhere: notes differ by cell
        if not scene.game.is_given(cell):
            scene.game.marking.toggle_note(cell, cell % 25 + 1)
            scene.game.marking.toggle_note(cell, cell // 25 + 1)
    scene._sync()
    while scene.board_view.pending or driver.app.stack.needs_draw():
        driver.step()
    size = (1600, 900)
    driver.app.display.surface = pygame.display.set_mode(size)  # as the window manager does
    driver.step(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    assert scene.board_view.pending
    assert scene.wake_in() == 0.0
    for _ in range(10):
        if not scene.board_view.pending:
            break
        assert scene.wake_in() == 0.0  # the loop does not wait for an event
        driver.step()
    assert not scene.board_view.pending
    assert scene.board_view._drawn == list(scene.looks())
