"""HoDoKu's filters on the board: one digit's candidates (V, ] and [) and the cells
with two candidates (B), both from the key map and shown in the help."""

from __future__ import annotations

import pygame

from game.ui.board.looks import Lit
from game.ui.board.scene import BoardScene
from game.ui.input.actions import Action
from game.ui.input.keymap import KeyMap

from ..conftest import Driver, start_board


def board(driver: Driver) -> BoardScene:
    start_board(driver)
    driver.settle()
    driver.key(pygame.K_f, 0, "f")  # every candidate note
    scene = driver.top
    assert isinstance(scene, BoardScene)
    return scene


def test_v_shows_one_digits_candidates_and_lights_the_cells_that_can_take_it(
    driver: Driver,
) -> None:
    scene = board(driver)
    before = scene.looks()
    driver.key(pygame.K_v, 0, "v")
    looks = scene.looks()
    digit = scene.play.view().filter_digit
    assert digit == 1  # no digit used yet: the filter starts on 1
    bit = 1 << (digit - 1)
    for old, new in zip(before, looks, strict=True):
        assert new.notes == old.notes & bit
        assert (new.lit is Lit.DIGIT) == bool(old.notes & bit)
    assert any(look.lit is Lit.DIGIT for look in looks)
    assert "Only 1s" in scene.panel_model().detail
    driver.key(pygame.K_RIGHTBRACKET, 0, "]")
    assert scene.play.view().filter_digit == 2
    driver.key(pygame.K_LEFTBRACKET, 0, "[")
    driver.key(pygame.K_LEFTBRACKET, 0, "[")
    assert scene.play.view().filter_digit == 9  # round the digits
    driver.key(pygame.K_v, 0, "v")
    assert scene.looks() == before  # every candidate again, nothing lit


def test_b_lights_the_cells_with_exactly_two_candidates(driver: Driver) -> None:
    scene = board(driver)
    driver.key(pygame.K_b, 0, "b")
    looks = scene.looks()
    pairs = [look for look in looks if look.lit is Lit.PAIR]
    assert pairs and all(look.notes.bit_count() == 2 for look in pairs)
    assert all(look.notes.bit_count() != 2 or look.digit for look in looks if not look.lit)
    assert "Pairs lit" in scene.panel_model().detail
    driver.key(pygame.K_b, 0, "b")
    assert not any(look.lit for look in scene.looks())


def test_the_filters_step_aside_while_a_hint_is_drawn(driver: Driver) -> None:
    scene = board(driver)
    driver.key(pygame.K_v, 0, "v")
    driver.key(pygame.K_b, 0, "b")
    for _ in range(2):
        driver.key(pygame.K_h, 0, "h")
        driver.settle()
    assert scene.view.play.hint is not None and scene.view.play.hint.full
    assert not any(look.lit for look in scene.looks())


def test_the_filters_are_in_the_key_map_and_the_help() -> None:
    keymap = KeyMap()
    assert keymap.keys_for(Action.FILTER) == ["V"]
    assert keymap.keys_for(Action.BIVALUE) == ["B"]
    assert keymap.keys_for(Action.FILTER, 16) == ["V"]  # not a digit on 16x16
    rows = dict(keymap.describe(9))
    assert rows["Filter a digit: on/off / next / previous"] == "V / ] / ["
    assert rows["Light cells with two candidates"] == "B"
    assert rows["Scroll an explanation"] == "Page Down / Page Up"
