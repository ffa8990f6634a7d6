"""Regression tests for what the monkey (test_monkey.py) found, one per finding."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.session.play import Phase
from game.ui.board.lose import LoseScene
from game.ui.board.pause import PauseScene
from game.ui.board.scene import BoardScene

from ..conftest import Driver, harmless_mistakes, start_board


def test_a_mistake_limit_lowered_below_the_mistakes_made_waits_for_the_next_mistake(
    driver: Driver,
) -> None:
    """Seed 1, event 1146 found the settings and the game disagreeing on the limit; the
    rule since (the trust issue): a new limit never ends a game retroactively, a game
    past it goes on until its next mistake, and the card tells the real numbers."""
    start_board(driver)
    scene = driver.top
    assert isinstance(scene, BoardScene)
    mistakes = harmless_mistakes(4)
    for cell, digit in mistakes[:3]:
        scene.play.select(cell)
        driver.key(pygame.K_0 + digit)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    driver.ctx.change_settings(mistake_limit=3)  # as the Settings scene does
    assert scene.game.phase is Phase.PAUSED  # not lost: no new mistake was made
    driver.key(pygame.K_ESCAPE)
    driver.run(0.5)
    assert isinstance(driver.top, BoardScene) and scene.game.phase is Phase.PLAYING
    cell, digit = mistakes[3]
    scene.play.select(cell)
    driver.key(pygame.K_0 + digit)
    driver.run(0.5)
    assert isinstance(driver.top, LoseScene)
    assert driver.top.title == "Too many mistakes"
    assert driver.top.body == "You made 4 mistakes; the limit is 3."
    driver.key(pygame.K_ESCAPE)  # every card closes with Esc
    assert isinstance(driver.top, BoardScene)


def test_an_action_left_without_keys_stays_so_in_the_next_run(tmp_path: Path) -> None:
    """Seed 20250131, first quit: Move down unbound on the Keys page came back next run."""
    from game.session.keep.userdata import open_user_data, parse_settings, settings_text
    from game.session.play import Settings

    unbound = Settings(key_bindings={"move-down": (), "hint": ("h", "ctrl+shift+7")})
    assert parse_settings(settings_text(unbound)).key_bindings == unbound.key_bindings
    assert parse_settings('{"key_bindings": {"undo": [1, 2]}}').key_bindings == {}
    data = open_user_data(tmp_path, threaded=False)
    data.save_settings(unbound)
    assert open_user_data(tmp_path).settings.key_bindings["move-down"] == ()
