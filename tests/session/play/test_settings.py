"""Settings: the themes and the sound volume round-trip and are read leniently."""

from __future__ import annotations

import json

import pytest

from game.session.play.settings import VOLUMES, Settings, Theme


@pytest.mark.parametrize("theme", list(Theme))
def test_every_theme_round_trips_through_json(theme: Theme) -> None:
    chosen = Settings(theme=theme)
    again = Settings.from_dict(json.loads(json.dumps(chosen.to_dict())))
    assert again == chosen and again.theme is theme
    assert theme.label  # the Settings dialog's word for it


@pytest.mark.parametrize("volume", VOLUMES)
def test_every_volume_round_trips_through_json(volume: int) -> None:
    chosen = Settings(sound_volume=volume)
    assert Settings.from_dict(json.loads(json.dumps(chosen.to_dict()))) == chosen


def test_sound_is_off_by_default() -> None:
    assert Settings().sound_volume == 0
    assert Settings.from_dict({}).sound_volume == 0


def test_themes_and_volumes_are_read_leniently() -> None:
    assert Settings.from_dict({"theme": "colour-blind"}).theme is Theme.COLOUR_BLIND
    assert Settings.from_dict({"theme": "high-contrast"}).theme is Theme.HIGH_CONTRAST
    assert Settings.from_dict({"theme": "sepia"}).theme is Theme.LIGHT
    # A hand-edited volume goes to the nearest step; nonsense to the default.
    assert Settings.from_dict({"sound_volume": 30}).sound_volume == 25
    assert Settings.from_dict({"sound_volume": 63}).sound_volume == 75
    assert Settings.from_dict({"sound_volume": 1000}).sound_volume == 100
    assert Settings.from_dict({"sound_volume": -5}).sound_volume == 0
    assert Settings.from_dict({"sound_volume": "loud"}).sound_volume == 0
    assert Settings.from_dict({"sound_volume": True}).sound_volume == 0
    assert Settings.from_dict({"sound_volume": 50.0}).sound_volume == 0
