"""New game and the Daily puzzle: offered levels, made through the supply, played on the board."""

from __future__ import annotations

import datetime

import pygame

from game.engine.generator import available_levels
from game.engine.logic.registry import Level
from game.engine.rules import is_solution
from game.session.play.puzzle_kind import PuzzleKind, Variant
from game.session.puzzles.sources import generate
from game.session.puzzles.supply import daily_level
from game.ui.board.scene import BoardScene
from game.ui.forms.model import Choice
from game.ui.screens.menu import MenuScene
from game.ui.screens.new_game import NewGameScene
from game.ui.stage.destinations import ChooseNewGame, Daily
from game.ui.stage.scene_stack import Go

from ..conftest import Driver


def open_new_game(driver: Driver) -> NewGameScene:
    driver.app.apply(Go(ChooseNewGame()))
    driver.step()
    scene = driver.top
    assert isinstance(scene, NewGameScene)
    return scene


def test_a_level_the_grid_does_not_offer_cannot_be_chosen(driver: Driver) -> None:
    scene = open_new_game(driver)
    scene.change("variant", Variant.CLASSIC)
    scene.change("size", 4)
    assert scene.request.size == 4
    assert scene.request.level in available_levels("classic", 4)
    assert not scene.enabled("level", Level.HARD)
    scene.change("level", Level.HARD)
    assert scene.request.level is not Level.HARD


def test_keyboard_skips_levels_not_offered(driver: Driver) -> None:
    scene = open_new_game(driver)
    scene.change("size", 4)  # classic 4x4: Easy only
    scene.focus_on("level")
    driver.key(pygame.K_RIGHT)
    assert scene.request.level in available_levels("classic", 4)


def test_jigsaw_comes_in_six_and_nine(driver: Driver) -> None:
    scene = open_new_game(driver)
    scene.change("variant", Variant.JIGSAW)
    size = scene.spec().controls()[1]
    assert isinstance(size, Choice) and [label for _, label in size.options] == ["6×6", "9×9"]
    scene.change("size", 6)
    assert (scene.request.variant, scene.request.size) == ("jigsaw", 6)


def test_new_game_goes_through_the_supply_and_makes_the_next_one_ahead(driver: Driver) -> None:
    kind = PuzzleKind(Variant.CLASSIC, 9, Level.EASY)
    prepared = generate(kind, None, driver.ctx.supply)
    assert is_solution(prepared.puzzle.shape, prepared.solution or (), prepared.puzzle.givens)
    assert prepared.origin.kind.level is Level.EASY
    kind = PuzzleKind(Variant.CLASSIC, 9, Level.EASY)
    while not driver.ctx.supply.is_ready(kind):  # a poll with no deadline: no time verdict
        pygame.time.wait(10)


def test_the_daily_puzzle_is_on_the_menu_and_plays_on_the_board(driver: Driver) -> None:
    menu = driver.top
    assert isinstance(menu, MenuScene)
    today = datetime.date.today()
    labels = [item.label for item in menu.buttons.items]
    assert f"Daily puzzle · {daily_level(today).label}" in labels
    driver.app.apply(Go(Daily(datetime.date(2026, 11, 16))))  # a Monday
    driver.settle()
    board = driver.top
    assert isinstance(board, BoardScene)
    origin = driver.ctx.session.origin
    assert origin is not None and origin.heading == "Daily puzzle · 16 Nov"
    assert origin.kind.level is Level.EASY


def test_the_daily_puzzle_is_the_same_each_time(driver: Driver) -> None:
    date = datetime.date(2026, 11, 17)
    first = driver.ctx.supply.daily(date)
    assert first.wait()
    from game.session.puzzles.supply import daily_puzzle

    assert daily_puzzle(date).puzzle == first.result().puzzle
