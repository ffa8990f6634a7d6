"""Stepping through the solution: the path from the board, browsed, applied, undone."""

from __future__ import annotations

import threading
from typing import Any

import pygame
import pytest

from game.engine.logic import next_step
from game.session.board import hints, steps_flow
from game.session.board.hints import HintQuery
from game.session.play.puzzle_kind import Variant
from game.ui.board.scene import BoardScene
from game.ui.board.steps_view import steps_geometry
from game.ui.kit.widgets import Style

from ..conftest import SOLUTION, Driver, MakeDriver, harmless_mistakes, start_board

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT


@pytest.fixture
def scene(driver: Driver) -> BoardScene:
    start_board(driver)
    driver.settle()
    top = driver.top
    assert isinstance(top, BoardScene)
    return top


def open_steps(driver: Driver) -> None:
    driver.key(pygame.K_t, 0, "t")
    driver.settle()


def test_t_opens_the_first_step_drawn_like_a_full_hint(driver: Driver, scene: BoardScene) -> None:
    open_steps(driver)
    flow = scene.play.help.steps
    assert flow.open and not flow.working
    step = flow.shown()
    assert step is not None
    view = flow.view(keeps_notes=False)
    assert view.counter == f"Step 1 of {flow.total}" and flow.total > 40
    assert view.title == step.technique and view.body == step.explanation
    marks = scene.view.play.hint
    assert marks is not None and marks.full and marks.step is step
    cell, digit = step.placements[0]
    assert scene.looks()[cell].target == digit
    model = scene.panel_model()
    assert model.steps is not None and model.steps.view == view
    assert next(k for k in model.actions if k.name == "steps").style is Style.TOGGLED
    assert scene.game.hints_used == 1  # a step shown counts as a hint


def test_the_path_starts_where_the_hint_would(driver: Driver, scene: BoardScene) -> None:
    driver.key(pygame.K_f, 0, "f")  # the player keeps notes: the path starts from them
    open_steps(driver)
    query = HintQuery.of(scene.game)
    assert scene.play.help.steps.shown() == next_step(query.position())


def test_next_and_previous_browse_without_changing_the_board(
    driver: Driver, scene: BoardScene
) -> None:
    open_steps(driver)
    state = scene.game.state
    flow = scene.play.help.steps
    assert not flow.view(False).can_previous
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    assert flow.index == 2
    view = flow.view(False)
    assert view.counter.startswith("Step 3 of") and view.can_previous
    assert "2 steps ahead" in view.note and view.apply_label == "Apply 3 steps"
    assert scene.view.play.hint is not None and scene.view.play.hint.step is flow.shown()
    driver.key(pygame.K_TAB, SHIFT)
    assert flow.index == 1
    assert scene.game.state == state
    assert scene.game.hints_used == 3  # steps 1, 2 and 3, each once


def test_apply_is_one_undoable_move_and_undo_walks_back_along_the_path(
    driver: Driver, scene: BoardScene
) -> None:
    open_steps(driver)
    flow = scene.play.help.steps
    job = flow.job
    first = flow.shown()
    assert first is not None
    cell, digit = first.placements[0]
    driver.key(pygame.K_RETURN)
    assert scene.game.state.entries[cell] == digit
    assert (flow.base, flow.index) == (1, 1)
    assert flow.view(False).counter.startswith("Step 2 of")
    driver.key(pygame.K_z, CTRL)
    assert scene.game.state.entries[cell] == 0
    assert (flow.base, flow.index) == (0, 0) and flow.job is job  # no new path
    assert scene.view.play.hint is not None and scene.view.play.hint.step is first
    driver.key(pygame.K_y, CTRL)
    assert (flow.base, flow.index) == (1, 1) and flow.job is job


def test_applying_a_step_ahead_applies_those_before_it_one_move_each(
    driver: Driver, scene: BoardScene
) -> None:
    open_steps(driver)
    flow = scene.play.help.steps
    assert flow.job is not None
    steps = flow.job.steps[:3]
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    for step in steps:
        for cell, digit in step.placements:
            assert scene.game.state.entries[cell] == digit
    assert flow.base == 3
    for _ in range(3):
        driver.key(pygame.K_z, CTRL)
    assert not any(scene.game.state.entries)
    assert flow.base == 0


def test_the_card_buttons_work_with_the_mouse(driver: Driver, scene: BoardScene) -> None:
    open_steps(driver)
    nav = steps_geometry(scene.layout).nav
    driver.click(nav["step-next"].center)
    assert scene.play.help.steps.index == 1
    driver.click(nav["step-previous"].center)
    assert scene.play.help.steps.index == 0
    driver.click(nav["step-apply"].center)
    assert scene.play.help.steps.base == 1 and scene.game.can_undo()
    driver.click(nav["step-close"].center)
    assert not scene.play.help.steps.open and scene.view.play.hint is None
    assert scene.panel_model().steps is None


def test_the_panel_button_and_esc(driver: Driver, scene: BoardScene) -> None:
    driver.click(scene.layout.actions["steps"].center)
    driver.settle()
    assert scene.play.help.steps.open
    driver.key(pygame.K_ESCAPE)
    assert not scene.play.help.steps.open and isinstance(driver.top, BoardScene)


def test_changing_the_board_works_the_path_out_again(driver: Driver, scene: BoardScene) -> None:
    open_steps(driver)
    old = scene.play.help.steps.job
    cell = next(c for c in range(81) if not scene.game.is_given(c) and c != 5)
    scene.play.select(cell)
    driver.key(pygame.K_0 + int(SOLUTION[cell]))
    assert scene.play.help.steps.job is not old
    driver.settle()
    assert scene.play.help.steps.index == 0 and scene.play.help.steps.shown() is not None
    first = scene.play.help.steps.shown()
    assert first is not None and cell not in [c for c, _ in first.placements]


def test_a_wrong_entry_is_pointed_out_first_and_erased(driver: Driver, scene: BoardScene) -> None:
    cell, digit = harmless_mistakes(1)[0]
    scene.play.select(cell)
    driver.key(pygame.K_0 + digit)
    open_steps(driver)
    view = scene.play.help.steps.view(False)
    assert view.title == "A digit is not right" and view.apply_label == "Erase it"
    assert not view.can_next
    assert scene.looks()[cell].role is not None  # marked on the board
    driver.key(pygame.K_RETURN)
    assert scene.game.state.entries[cell] == 0
    driver.settle()
    assert scene.play.help.steps.view(False).counter.startswith("Step 1 of")


def test_the_last_step_leads_to_the_end(driver: Driver, scene: BoardScene) -> None:
    open_steps(driver)
    flow = scene.play.help.steps
    for _ in range(flow.total):
        driver.key(pygame.K_TAB)
    assert flow.index == flow.total
    view = flow.view(False)
    assert view.title == "The end" and "solved" in view.body and not view.can_next
    assert not view.can_apply


def test_the_hint_closes_the_steps(driver: Driver, scene: BoardScene) -> None:
    open_steps(driver)
    driver.key(pygame.K_h, 0, "h")
    driver.settle()
    assert not scene.play.help.steps.open
    assert scene.play.help.hints.answer is not None


def test_working_out_never_blocks_a_frame_and_says_so(
    driver: Driver, scene: BoardScene, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    real = hints.ask

    answered = threading.Event()

    def slow(query: HintQuery) -> object:
        release.wait(60)  # a hang guard only: the test releases it
        answered.set()
        return real(query)

    monkeypatch.setattr(steps_flow, "ask", slow)
    driver.key(pygame.K_t, 0, "t")
    assert not answered.is_set()  # the frame came back without waiting for the worker
    assert scene.play.help.steps.working
    assert scene.play.help.steps.view(False).counter == "Working out the solution…"
    wait = scene.wake_in()
    assert wait is not None and wait <= steps_flow.POLL
    release.set()
    driver.settle()
    assert scene.play.help.steps.view(False).counter.startswith("Step 1 of")


def test_a_hard_path_grows_in_the_background_while_frames_stay_quick(
    make_driver: MakeDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.engine.puzzle import Puzzle
    from game.session.play import Status
    from game.session.play.puzzle_kind import Origin, PuzzleKind
    from game.session.puzzles.sources import Prepared

    hard = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
    puzzle = Puzzle.from_string(hard)
    from game.engine import solver

    driver = make_driver()
    solution = solver.solve(puzzle.shape, puzzle.givens)
    origin = Origin(PuzzleKind(Variant.CLASSIC, 9, None))
    start_board(driver, Prepared(puzzle, solution, Status.UNIQUE, origin))
    driver.settle()
    scene = driver.top
    assert isinstance(scene, BoardScene)
    # Frames stay quick because no step is ever worked out on the loop's thread:
    # that is checked, rather than how long frames took on a machine that may be busy.
    threads: list[bool] = []
    real_next_step = next_step  # what steps_flow calls

    def counted(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread() is threading.main_thread())
        return real_next_step(*args, **kwargs)

    monkeypatch.setattr(steps_flow, "next_step", counted)
    driver.key(pygame.K_t, 0, "t")
    frames = 0
    while scene.play.help.steps.working and frames < 100_000:
        driver.step(dt=1 / 60)
        if frames < 120:
            scene.invalidate()  # a full redraw every frame: the worst case
        else:
            # Then the worker runs unhindered: a loop of redraws holds the interpreter
            # lock so often that the path took minutes to grow in a loaded suite.
            driver.settle()
        frames += 1
    driver.settle()
    assert (
        scene.play.help.steps.total > 50
        and scene.play.help.steps.job is not None
        and scene.play.help.steps.job.solved
    )
    assert len(threads) > 50 and not any(threads)


@pytest.mark.parametrize("window", [(800, 600), (1280, 800)], ids=str)
def test_the_step_card_leaves_its_explanation_room_at_800x600(
    make_driver: MakeDriver, window: tuple[int, int]
) -> None:
    """The card's buttons take one row (icons round Apply) in the side panel, so even
    at 800x600 an explanation shows seven lines or more before it scrolls."""
    from game.ui.board.panel_view import explanation_fit
    from game.ui.board.steps_view import ICON_LABELS

    driver = make_driver(window)
    start_board(driver)
    driver.settle()
    driver.key(pygame.K_t, 0, "t")
    driver.settle()
    scene = driver.top
    assert isinstance(scene, BoardScene)
    g = steps_geometry(scene.layout)
    assert g.icons and set(ICON_LABELS) < set(g.nav)
    nav = list(g.nav.values())
    assert len({rect.y for rect in nav}) == 1, "one row"
    assert not any(a.colliderect(b) for i, a in enumerate(nav) for b in nav[i + 1 :])
    assert all(g.card.contains(rect) for rect in nav + list(g.everywhere))
    fit = explanation_fit(driver.ctx.text, scene.layout, scene.panel_model())
    assert fit is not None and fit.size >= 12
    assert g.text.h // fit.line_height >= 7
    driver.click(g.nav["step-next"].center)  # the icons still work with the mouse
    assert scene.play.help.steps.index == 1
    driver.click(g.nav["step-previous"].center)
    assert scene.play.help.steps.index == 0
