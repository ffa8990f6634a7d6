"""Sound: three short, quiet cues, made by the game itself, off unless asked for.

``ctx.sounds.play(Cue.PLACE)`` after a digit goes in, ``Cue.UNIT`` when a row,
column or region is completed, ``Cue.WIN`` when the puzzle is solved.  The volume
is the player's setting (``Settings.sound_volume``, per cent, 0 by default); at 0
nothing is touched, not even the mixer.

The sounds are synthesised, not loaded: each cue is a few decaying sine tones (and
a whisper of noise for the placement's tap), computed with :mod:`math` into a
16-bit :mod:`array` and handed to ``pygame.mixer.Sound``.  No files to ship or
license, and no numpy for three buffers.  Everything happens lazily: the mixer
opens at the first cue played with the volume up, and each cue is synthesised the
first time it is needed (the tap in a few milliseconds, the win's arpeggio in
well under the time its card takes to appear), so start-up is not slowed by sound.

Without an audio device (``pygame.mixer.init`` raising ``pygame.error``, a pygame
built without a mixer, or a mixer in a sample format other than 16-bit) the game
stays silent and says nothing: sound is a nicety, never a reason to fail.  With
``SDL_AUDIODRIVER=dummy`` (tests, the play-test harness) the mixer opens and
plays into nothing.
"""

from __future__ import annotations

import enum
import math
import random
from array import array
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...session.play import Settings


class Cue(enum.Enum):
    """A moment that may make a sound."""

    PLACE = "place"  # a digit went into a cell
    UNIT = "unit"  # a row, column or region was completed
    WIN = "win"  # the puzzle was solved


@dataclass(frozen=True)
class Tone:
    """One partial of a cue: a sine (``frequency`` > 0) or noise (0), with an
    envelope that rises over ``attack`` seconds and decays with time constant
    ``decay``, ending at ``start + length`` with a short fade (no click)."""

    frequency: float
    start: float
    length: float
    level: float
    decay: float
    attack: float = 0.004


RATE = 44100
"""The sample rate asked of the mixer (it may open at another; cues follow it)."""

PEAK = 0.6
"""The loudest sample of any cue at full volume, as a fraction of full scale:
room left so that overlapping cues do not clip in the mixer."""

LOUDNESS = {Cue.PLACE: 0.7, Cue.UNIT: 0.85, Cue.WIN: 1.0}
"""Each cue's peak as a share of :data:`PEAK`: the tap, heard most often, softest."""

_FADE = 0.008  # seconds of fade at each tone's end

C5, E5, G5, C6, D6 = 523.25, 659.26, 783.99, 1046.5, 1174.66

RECIPES: dict[Cue, tuple[Tone, ...]] = {
    # A soft wooden tap: a low-mid tone gone in a few hundredths of a second,
    # with a breath of noise for the contact.
    Cue.PLACE: (
        Tone(C5, 0.0, 0.09, 0.55, 0.022),
        Tone(2 * C5, 0.0, 0.05, 0.12, 0.010),
        Tone(0.0, 0.0, 0.015, 0.10, 0.003, attack=0.001),
    ),
    # Two bell notes rising a fifth: "that one's done".
    Cue.UNIT: (
        Tone(G5, 0.0, 0.32, 0.45, 0.10),
        Tone(2 * G5, 0.0, 0.16, 0.08, 0.05),
        Tone(D6, 0.09, 0.36, 0.45, 0.12),
        Tone(2 * D6, 0.09, 0.18, 0.08, 0.05),
    ),
    # A major arpeggio up to the octave, the last note left to ring.
    Cue.WIN: (
        Tone(C5, 0.0, 0.40, 0.40, 0.18),
        Tone(E5, 0.12, 0.40, 0.40, 0.18),
        Tone(G5, 0.24, 0.45, 0.40, 0.20),
        Tone(C6, 0.36, 0.95, 0.45, 0.35),
        Tone(2 * C6, 0.36, 0.40, 0.08, 0.12),
    ),
}


def duration(cue: Cue) -> float:
    """How long ``cue`` lasts, in seconds."""
    return max(tone.start + tone.length for tone in RECIPES[cue])


def synthesise(cue: Cue, rate: int = RATE) -> list[float]:
    """``cue`` as mono samples at ``rate`` per second, peaking at its share of PEAK."""
    total = round(duration(cue) * rate)
    out = [0.0] * total
    noise = random.Random(cue.value)  # the same tap every run
    for tone in RECIPES[cue]:
        first = round(tone.start * rate)
        count = min(total - first, round(tone.length * rate))
        fade = max(1, round(_FADE * rate))
        step = 2 * math.pi * tone.frequency / rate
        for n in range(count):
            t = n / rate
            level = tone.level * math.exp(-t / tone.decay)
            if t < tone.attack:
                level *= t / tone.attack
            if count - n < fade:
                level *= (count - n) / fade
            wave = math.sin(step * n) if tone.frequency else noise.uniform(-1.0, 1.0)
            out[first + n] += level * wave
    loudest = max(abs(x) for x in out) or 1.0
    scale = PEAK * LOUDNESS[cue] / loudest
    return [x * scale for x in out]


def pcm16(samples: list[float], channels: int = 1) -> array[int]:
    """Samples in [-1, 1] as signed 16-bit integers, each repeated for ``channels``."""
    ints = [max(-32767, min(32767, round(x * 32767))) for x in samples]
    if channels == 1:
        return array("h", ints)
    return array("h", (value for value in ints for _ in range(channels)))


class Sounds:
    """The cues, played at the volume in force (see the module docstring).

    ``volume`` is asked at each cue (so a settings change needs no call); the
    mixer and the buffers are made on first use and kept.
    """

    def __init__(self, volume: Callable[[], int]) -> None:
        self._volume = volume
        self._format: tuple[int, int] | None = None  # (rate, channels) once open
        self._failed = False
        self._cache: dict[Cue, pygame.mixer.Sound] = {}

    @property
    def available(self) -> bool | None:
        """True once the mixer is open, False if it could not be, None before trying."""
        if self._failed:
            return False
        return None if self._format is None else True

    def play(self, cue: Cue) -> bool:
        """Play ``cue`` unless the volume is 0 or there is no sound; whether it played."""
        volume = self._volume()
        if volume <= 0 or not self._open():
            return False
        try:
            sound = self._cache.get(cue)
            if sound is None:
                sound = self._make(cue)
                self._cache[cue] = sound
            sound.set_volume(min(100, volume) / 100)
            sound.play()
        except (pygame.error, NotImplementedError, ValueError):
            self._failed = True  # a device that vanished: stay quiet from now on
            return False
        return True

    def settings_changed(self, old: Settings, new: Settings) -> None:
        """Let the player hear the volume they just chose (a listener of the context)."""
        if new.sound_volume != old.sound_volume and new.sound_volume > 0:
            self.play(Cue.PLACE)

    def _open(self) -> bool:
        if self._failed:
            return False
        if self._format is not None:
            return True
        try:
            if not pygame.mixer.get_init():
                # Small buffer: the tap should land with the click, not 100 ms later.
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            found = pygame.mixer.get_init()
        except (pygame.error, NotImplementedError):
            self._failed = True
            return False
        if not found or found[1] != -16:  # opened elsewhere in a format we do not write
            self._failed = True
            return False
        self._format = (found[0], found[2])
        return True

    def _make(self, cue: Cue) -> pygame.mixer.Sound:
        assert self._format is not None
        rate, channels = self._format
        data = pcm16(synthesise(cue, rate), channels)
        return pygame.mixer.Sound(buffer=data.tobytes())
