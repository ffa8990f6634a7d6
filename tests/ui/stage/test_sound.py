"""Sound cues: synthesised buffers, volume, and silence without a device."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

import pygame
import pytest

from game.session.play import Settings
from game.ui.stage.context import AppContext
from game.ui.stage.sound import PEAK, RECIPES, Cue, Sounds, duration, pcm16, synthesise

from ..conftest import Driver


@pytest.fixture(autouse=True)
def _no_mixer() -> Iterator[None]:
    """Each test starts and ends with the mixer closed (it is process-wide)."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


class FakeSound:
    """Stands in for ``pygame.mixer.Sound``: records what was played, how loud."""

    played: ClassVar[list[tuple[int, float]]] = []

    def __init__(self, buffer: bytes) -> None:
        self.size = len(buffer)
        self.volume = 1.0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        FakeSound.played.append((self.size, self.volume))


@pytest.fixture
def fake_sound(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, float]]:
    FakeSound.played = []
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    return FakeSound.played


# -- synthesis ------------------------------------------------------------------------


@pytest.mark.parametrize("cue", list(Cue))
def test_a_cue_is_as_long_as_its_recipe(cue: Cue) -> None:
    for rate in (22050, 44100, 48000):
        assert len(synthesise(cue, rate)) == round(duration(cue) * rate)
    assert 0.05 < duration(cue) < 1.5  # short: felt rather than noticed
    samples = synthesise(cue, 8000)
    assert len(pcm16(samples, 2)) == 2 * len(samples)


@pytest.mark.parametrize("cue", list(Cue))
def test_a_cue_never_clips_and_starts_and_ends_in_silence(cue: Cue) -> None:
    samples = synthesise(cue)
    loudest = max(abs(x) for x in samples)
    assert 0.2 < loudest <= PEAK + 1e-9
    ints = pcm16(samples)
    assert max(abs(v) for v in ints) < 32767
    # No click: the first and last milliseconds are near zero.
    edge = 44
    assert max(abs(x) for x in samples[:5]) < 0.1
    assert max(abs(x) for x in samples[-edge:]) < 0.05


def test_cues_differ_and_the_placement_is_the_shortest_and_softest() -> None:
    place, unit, win = (synthesise(cue, 8000) for cue in (Cue.PLACE, Cue.UNIT, Cue.WIN))
    assert len(place) < len(unit) < len(win)
    assert max(map(abs, place)) < max(map(abs, win))
    assert set(RECIPES) == set(Cue)


def test_synthesis_is_the_same_every_time() -> None:
    assert synthesise(Cue.PLACE, 8000) == synthesise(Cue.PLACE, 8000)


# -- playing ------------------------------------------------------------------------


def test_volume_zero_plays_nothing_and_never_opens_the_mixer(
    monkeypatch: pytest.MonkeyPatch, fake_sound: list[tuple[int, float]]
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the mixer was opened at volume 0")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    sounds = Sounds(lambda: 0)
    assert [sounds.play(cue) for cue in Cue] == [False, False, False]
    assert fake_sound == [] and sounds.available is None


def test_a_cue_plays_at_the_volume_in_force(fake_sound: list[tuple[int, float]]) -> None:
    volume = [50]
    sounds = Sounds(lambda: volume[0])
    assert sounds.play(Cue.PLACE)
    assert sounds.available is True
    found = pygame.mixer.get_init()
    assert found is not None
    rate, _, channels = found
    size, level = fake_sound[-1]
    assert size == 2 * channels * round(duration(Cue.PLACE) * rate)  # 16-bit samples
    assert level == pytest.approx(0.5)
    volume[0] = 100
    assert sounds.play(Cue.PLACE)
    assert fake_sound[-1][1] == pytest.approx(1.0)
    volume[0] = 0
    assert not sounds.play(Cue.PLACE)
    assert len(fake_sound) == 2


def test_the_real_mixer_takes_the_buffers() -> None:
    # SDL_AUDIODRIVER=dummy (tests/conftest.py): a mixer that plays into nothing.
    sounds = Sounds(lambda: 25)
    assert all(sounds.play(cue) for cue in Cue)


def test_no_audio_device_means_silence_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    calls = []
    real_init = pygame.mixer.init

    def init(*args: object, **kwargs: object) -> None:
        calls.append(1)
        real_init(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.mixer, "init", init)
    sounds = Sounds(lambda: 100)
    assert not sounds.play(Cue.WIN)
    assert sounds.available is False
    assert not sounds.play(Cue.PLACE)
    assert calls == [1]  # tried once, then left alone


def test_a_mixer_in_another_format_is_left_alone(fake_sound: list[tuple[int, float]]) -> None:
    pygame.mixer.init(frequency=22050, size=8, channels=1)
    sounds = Sounds(lambda: 100)
    found = pygame.mixer.get_init()
    if found is not None and found[1] == -16:  # pragma: no cover - SDL gave 16-bit anyway
        pytest.skip("this SDL opened 16-bit when asked for 8")
    assert not sounds.play(Cue.PLACE)
    assert fake_sound == []


def test_choosing_a_volume_lets_the_player_hear_it(fake_sound: list[tuple[int, float]]) -> None:
    ctx = AppContext(Settings())
    assert ctx.settings.sound_volume == 0  # off unless asked for
    ctx.change_settings(show_timer=False)
    assert fake_sound == []
    ctx.change_settings(sound_volume=75)
    assert len(fake_sound) == 1 and fake_sound[0][1] == pytest.approx(0.75)
    ctx.change_settings(sound_volume=0)
    assert len(fake_sound) == 1
    assert not ctx.sounds.play(Cue.UNIT)


def test_the_board_plays_one_cue_per_action_and_wrong_digits_sound_like_right_ones(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.board.scene import BoardScene
    from game.ui.stage.sound import Cue

    from ..conftest import SOLUTION, harmless_mistakes, start_board

    played: list[Cue] = []

    def record(cue: Cue) -> bool:
        played.append(cue)
        return True

    monkeypatch.setattr(driver.ctx.sounds, "play", record)
    start_board(driver)
    scene = driver.top
    assert isinstance(scene, BoardScene)
    game = scene.game
    cell, wrong = harmless_mistakes(1)[0]
    scene.play.select(cell)
    driver.key(pygame.K_0 + wrong)
    driver.key(pygame.K_BACKSPACE)
    row = [c for c in range(9) if not game.is_given(c)]
    for c in row[:-1]:
        game.place(c, int(SOLUTION[c]))
    scene.play.select(row[-1])
    driver.key(pygame.K_0 + int(SOLUTION[row[-1]]))
    assert played == [Cue.PLACE, Cue.UNIT]
    empty = [c for c in range(81) if not game.grid[c]]
    for c in empty[:-1]:
        game.place(c, int(SOLUTION[c]))
    scene.play.select(empty[-1])
    driver.key(pygame.K_0 + int(SOLUTION[empty[-1]]))
    assert played[-1] is Cue.WIN
