"""Regression tests for what the monkey (test_monkey.py) found, one per finding."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.session import GameStatus
from game.ui.scenes.board import BoardScene
from game.ui.scenes.lose import LoseScene
from game.ui.scenes.pause import PauseScene

from .conftest import Driver, harmless_mistakes, start_board


def test_a_mistake_limit_lowered_below_the_mistakes_made_ends_the_game(driver: Driver) -> None:
    """Seed 1, event 1146: the settings changed the limit, the status stayed "playing"."""
    start_board(driver)
    scene = driver.top
    assert isinstance(scene, BoardScene)
    for cell, digit in harmless_mistakes(3):
        scene.game.select(cell)
        driver.key(pygame.K_0 + digit)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    driver.ctx.change_settings(mistake_limit=3)  # as the Settings scene does
    assert scene.game.status is GameStatus.LOST
    driver.key(pygame.K_ESCAPE)  # back to the board: the lose card follows
    driver.run(0.5)
    assert isinstance(driver.top, LoseScene)
    assert driver.top.title == "Too many mistakes"
    driver.ctx.change_settings(mistake_limit=5)  # raised again: the game is on again
    assert scene.game.status is GameStatus.PLAYING


def test_an_action_left_without_keys_stays_so_in_the_next_run(tmp_path: Path) -> None:
    """Seed 20250131, first quit: Move down unbound on the Keys page came back next run."""
    from game.session import Settings
    from game.session.userdata import open_user_data, parse_settings, settings_text

    unbound = Settings(key_bindings={"move-down": (), "hint": ("h", "ctrl+shift+7")})
    assert parse_settings(settings_text(unbound)).key_bindings == unbound.key_bindings
    assert parse_settings('{"key_bindings": {"undo": [1, 2]}}').key_bindings == {}
    data = open_user_data(tmp_path, threaded=False)
    data.save_settings(unbound)
    assert open_user_data(tmp_path).settings.key_bindings["move-down"] == ()
