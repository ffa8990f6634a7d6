"""Whole journeys through the scenes, driven by synthetic events and explicit dt."""

from __future__ import annotations

import pygame

from game.session.play import Phase
from game.ui.board.lose import LoseScene
from game.ui.board.pause import PauseScene
from game.ui.board.scene import BoardScene
from game.ui.board.win import WinScene
from game.ui.kit.widgets import Style
from game.ui.screens.busy import BusyScene
from game.ui.screens.help import HelpScene
from game.ui.screens.menu import MenuScene
from game.ui.screens.new_game import NewGameScene
from game.ui.screens.settings import SettingsScene

from ..conftest import (
    PUZZLE,
    SOLUTION,
    Driver,
    MakeDriver,
    answer,
    harmless_mistakes,
    start_board,
)


def board(driver: Driver) -> BoardScene:
    scene = driver.top
    assert isinstance(scene, BoardScene)
    return scene


def play_all_but_last(driver: Driver) -> int:
    """Enter the solution in every empty cell but the last; returns that cell."""
    game = board(driver).game
    empty = [c for c in range(81) if not game.is_given(c)]
    for cell in empty[:-1]:
        board(driver).play.select(cell)
        driver.key(pygame.K_0 + int(SOLUTION[cell]))
    return empty[-1]


def test_menu_to_new_game_to_board_to_win(driver: Driver) -> None:
    assert isinstance(driver.top, MenuScene)
    driver.key(pygame.K_RETURN)  # New game is the default button
    assert isinstance(driver.top, NewGameScene)
    driver.key(pygame.K_LEFT)  # focus is on Start: left/right switch to Back and back
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, BusyScene)
    driver.settle()
    scene = board(driver)
    assert scene.game.phase is Phase.PLAYING
    assert [type(s) for s in driver.app.stack.scenes] == [MenuScene, BoardScene]
    game = scene.game
    assert game.solution is not None
    for cell in range(81):
        if not game.is_given(cell):
            scene.play.select(cell)
            driver.key(pygame.K_0 + game.solution[cell])
    assert game.phase is Phase.SOLVED
    assert isinstance(driver.top, BoardScene)  # the celebration plays first
    driver.run(2.0)
    assert isinstance(driver.top, WinScene)
    assert driver.top.title == "Solved!"
    origin = driver.ctx.session.origin
    assert origin is not None and driver.ctx.keeper.stats.kind(origin.kind).won == 1


def test_win_card_offers_menu_and_best_time(driver: Driver) -> None:
    start_board(driver)
    last = play_all_but_last(driver)
    board(driver).play.select(last)
    driver.key(pygame.K_0 + int(SOLUTION[last]))
    driver.run(2.0)
    win = driver.top
    assert isinstance(win, WinScene)
    assert "Time" in win.body
    driver.key(pygame.K_ESCAPE)  # every card closes with Esc: the finished board
    assert isinstance(driver.top, BoardScene)
    model = board(driver).panel_model()
    assert all(key.style is Style.DISABLED for key in model.actions if key.name != "menu")
    driver.key(pygame.K_ESCAPE)  # and Esc there leads to the menu
    assert isinstance(driver.top, MenuScene)
    assert not driver.ctx.session.can_continue


def test_solve_fills_cells_over_two_seconds_then_lose_card(driver: Driver) -> None:
    start_board(driver)
    scene = board(driver)
    driver.key(pygame.K_s, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    answer(driver)
    assert scene.game.phase is Phase.SHOWN
    assert scene.view.hidden  # the reveal is under way
    driver.run(1.0)
    assert 0 < len(scene.view.hidden) < 51
    driver.run(1.2)
    assert isinstance(driver.top, LoseScene)
    assert driver.top.title == "Solution shown"
    assert driver.top.buttons.items[0].key == "undo"
    driver.key(pygame.K_RETURN)  # Undo Solve
    assert isinstance(driver.top, BoardScene)
    assert scene.game.phase is Phase.PLAYING
    # The board shows exactly the position in the history: no solution digit stays.
    looks = scene.looks()
    givens = [int(c) if c != "." else 0 for c in PUZZLE]
    assert [look.digit for look in looks] == givens
    assert not any(look.from_solution for look in looks)


def test_any_key_skips_the_solve_animation(driver: Driver) -> None:
    start_board(driver)
    scene = board(driver)
    driver.key(pygame.K_s, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    answer(driver)
    driver.key(pygame.K_SPACE)
    assert not scene.view.hidden
    driver.step(dt=0.01)
    assert isinstance(driver.top, LoseScene)


def test_mistake_limit_loses_for_good(make_driver: MakeDriver) -> None:
    driver = make_driver(mistake_limit=3)
    start_board(driver)
    scene = board(driver)
    for cell, digit in harmless_mistakes(3):
        scene.play.select(cell)
        driver.key(pygame.K_0 + digit)
    assert scene.game.phase is Phase.LOST
    driver.run(0.5)
    lose = driver.top
    assert isinstance(lose, LoseScene)
    assert lose.title == "Too many mistakes"
    keys = [item.key for item in lose.buttons.items]
    assert "undo" not in keys
    assert "solution" in keys
    driver.app.apply(lose.choose("solution"))
    driver.step()
    assert isinstance(driver.top, BoardScene)
    cell = harmless_mistakes(1)[0][0]
    look = scene.looks()[cell]
    assert look.digit == int(SOLUTION[cell]) and look.from_solution


DEAD_END = [(2, 1), (3, 2), (5, 4), (6, 6), (7, 8)]
"""r1c3 and r1c4 can only hold digits from {1,2,4,6,8}; filling row 1 like this
(1,2 where 4,6 belong, 4,6 elsewhere) leaves some cell with nothing."""


def test_a_dead_end_is_no_card_and_is_told_only_when_asked(driver: Driver) -> None:
    start_board(driver)
    scene = board(driver)
    game = scene.game
    for cell, digit in DEAD_END:
        scene.play.select(cell)
        driver.key(pygame.K_0 + digit)
    driver.run(0.5)
    assert game.phase is Phase.PLAYING and isinstance(driver.top, BoardScene)
    assert "can't be finished" not in scene.panel_model().status  # not given away
    driver.key(pygame.K_c, 0, "c")  # asked: Check tells
    assert "not right" in scene.panel_model().status


def test_with_mistakes_shown_a_dead_end_is_a_quiet_message_with_undo(
    make_driver: MakeDriver,
) -> None:
    driver = make_driver(show_mistakes=True, show_conflicts=False)
    start_board(driver)
    scene = board(driver)
    scene.play.select(4)  # r1c5 holds a given: a refusal names it
    driver.key(pygame.K_1)
    assert "given" in scene.panel_model().status
    for cell, digit in DEAD_END:
        scene.play.select(cell)
        driver.key(pygame.K_0 + digit)
    driver.run(0.5)
    assert isinstance(driver.top, BoardScene)  # never a card that blocks the board
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)  # Esc works as ever


def test_pause_hides_the_grid_and_stops_the_clock(driver: Driver) -> None:
    start_board(driver)
    scene = board(driver)
    driver.step(dt=1.5)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    assert driver.app.stack.visible() == [driver.top]  # opaque: the board is not drawn
    before = scene.game.elapsed
    driver.step(dt=5.0)
    assert scene.game.elapsed == before
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, BoardScene)
    driver.step(dt=1.0)
    assert scene.game.elapsed > before


def test_pause_menu_then_continue_resumes_the_same_game(driver: Driver) -> None:
    start_board(driver)
    game = board(driver).game
    board(driver).play.select(2)
    driver.key(pygame.K_4)
    driver.key(pygame.K_ESCAPE)
    pause = driver.top
    assert isinstance(pause, PauseScene)
    driver.app.apply(pause.choose("menu"))
    assert isinstance(driver.top, MenuScene)
    assert driver.top.buttons.items[0].key == "continue"
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, BoardScene)
    assert board(driver).game is game


def test_help_and_settings_overlays_open_and_close(driver: Driver) -> None:
    start_board(driver)
    driver.key(pygame.K_F1)
    assert isinstance(driver.top, HelpScene)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, BoardScene)
    driver.key(pygame.K_SLASH, pygame.KMOD_SHIFT, "?")
    assert isinstance(driver.top, HelpScene)
    driver.key(pygame.K_F1)
    driver.key(pygame.K_ESCAPE)
    pause = driver.top
    assert isinstance(pause, PauseScene)
    driver.app.apply(pause.choose("settings"))
    assert isinstance(driver.top, SettingsScene)


def test_window_close_quits(driver: Driver) -> None:
    assert not driver.step(pygame.event.Event(pygame.QUIT))
    assert driver.app.stack.quit
