"""The Settings dialog offers every theme and the sound volume, applied at once."""

from __future__ import annotations

import pytest

from game.session.play.settings import VOLUMES, Theme
from game.ui.screens.settings import ROWS, SettingsScene

from .conftest import Driver, start_board


def _settings(driver: Driver) -> SettingsScene:
    driver.app.apply(driver.top.choose("settings"))  # type: ignore[attr-defined]
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    return scene


def test_the_dialog_offers_every_theme_and_every_volume() -> None:
    lines = {row.key: row for row in ROWS}
    assert [value for value, _ in lines["theme"].options] == list(Theme)  # type: ignore[union-attr]
    assert [v for v, _ in lines["sound_volume"].options] == list(VOLUMES)  # type: ignore[union-attr]
    assert lines["sound_volume"].options[0][1] == "Off"  # type: ignore[union-attr]


@pytest.mark.parametrize("theme", [Theme.COLOUR_BLIND, Theme.HIGH_CONTRAST])
def test_a_new_theme_applies_at_once_and_the_board_draws_in_it(
    driver: Driver, theme: Theme
) -> None:
    scene = _settings(driver)
    driver.click(scene.rect_of("theme", theme).center)
    assert driver.ctx.settings.theme is theme
    assert driver.ctx.palette.name == theme
    assert driver.ctx.keeper.saved_settings.theme is theme
    frames = driver.app.frames
    start_board(driver)  # the board's first frame, drawn in the new colours
    assert driver.app.frames > frames


def test_the_volume_is_chosen_in_the_dialog(driver: Driver) -> None:
    scene = _settings(driver)
    scene.focus_on("sound_volume", 50)  # each setting's explanation makes the list scroll
    driver.click(scene.rect_of("sound_volume", 50).center)
    assert driver.ctx.settings.sound_volume == 50
    driver.click(scene.rect_of("sound_volume", 0).center)
    assert driver.ctx.settings.sound_volume == 0
