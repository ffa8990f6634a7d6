"""Short, quiet board animations driven by an explicit ``dt``.

Each effect is a little timeline over some cells; :meth:`Animator.update` advances
them all and reports whether any level a cell shows changed, so the board redraws
only then.  Levels are whole numbers (see :data:`~.looks.LEVELS`) because looks
are cached per value.  With animations switched off, effects end at once, so the
game behaves the same, just without motion.  When no effect runs, ``active`` is
False and the loop goes back to sleeping: nothing moves while the player thinks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .looks import LEVELS

FLASH = 0.22  # a wrong or conflicting entry
GLOW = 0.42  # a completed row, column or region
CELEBRATE = 1.4  # the wave over the board on a win
REVEAL = 2.0  # Solve filling the remaining cells


@dataclass
class _Pulse:
    """Cells that light up and fade: each with its own start delay."""

    kind: str  # "flash" or "glow"
    delays: dict[int, float]
    length: float
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.length + max(self.delays.values(), default=0.0)

    def level(self, cell: int) -> int:
        t = (self.elapsed - self.delays[cell]) / self.length
        if not 0.0 <= t < 1.0:
            return 0
        return max(0, min(LEVELS, math.ceil(self._envelope(t) * LEVELS)))

    def _envelope(self, t: float) -> float:
        if self.kind == "flash":  # at full at once, then fading: an answer to the key
            return 1.0 - t
        # A glow swells a little, then fades: felt rather than noticed.
        return 0.5 + t / 0.3 if t < 0.15 else (1.0 - t) / 0.85


@dataclass
class _Reveal:
    order: tuple[int, ...]
    length: float
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.length

    def hidden(self) -> frozenset[int]:
        if self.done or not self.order:
            return frozenset()
        shown = int(len(self.order) * self.elapsed / self.length)
        return frozenset(self.order[shown:])


@dataclass
class Animator:
    """The board's running effects and the levels they give each cell now."""

    enabled: bool = True
    pulses: list[_Pulse] = field(default_factory=list)
    reveal: _Reveal | None = None
    _last: tuple[dict[int, int], dict[int, int], frozenset[int]] = field(
        default_factory=lambda: ({}, {}, frozenset())
    )

    @property
    def active(self) -> bool:
        return bool(self.pulses) or self.reveal is not None

    @property
    def revealing(self) -> bool:
        return self.reveal is not None

    def flash(self, cells: tuple[int, ...] | list[int]) -> None:
        if self.enabled and cells:
            self.pulses.append(_Pulse("flash", dict.fromkeys(cells, 0.0), FLASH))

    def glow(self, cells: tuple[int, ...] | list[int] | set[int]) -> None:
        if self.enabled and cells:
            self.pulses.append(_Pulse("glow", dict.fromkeys(cells, 0.0), GLOW))

    def wave(self, distances: dict[int, float]) -> None:
        """A glow that spreads out: each cell starts after its distance (0..1)."""
        if self.enabled and distances:
            spread = CELEBRATE - 0.5
            self.pulses.append(_Pulse("glow", {c: d * spread for c, d in distances.items()}, 0.5))

    def start_reveal(self, order: tuple[int, ...]) -> None:
        """Hide ``order``'s cells and show them one by one over about two seconds."""
        if self.enabled and order:
            self.reveal = _Reveal(order, REVEAL)

    def skip(self) -> None:
        """Finish every effect now (any key skips the Solve animation)."""
        self.pulses.clear()
        self.reveal = None

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; whether anything shown changed."""
        for pulse in self.pulses:
            pulse.elapsed += dt
        self.pulses = [p for p in self.pulses if not p.done]
        if self.reveal is not None:
            self.reveal.elapsed += dt
            if self.reveal.done:
                self.reveal = None
        now = self.levels()
        changed = now != self._last
        self._last = now
        return changed

    def levels(self) -> tuple[dict[int, int], dict[int, int], frozenset[int]]:
        """(flash levels, glow levels, hidden cells) as they stand."""
        flash: dict[int, int] = {}
        glow: dict[int, int] = {}
        for pulse in self.pulses:
            target = flash if pulse.kind == "flash" else glow
            for cell in pulse.delays:
                level = pulse.level(cell)
                if level > target.get(cell, 0):
                    target[cell] = level
        hidden = self.reveal.hidden() if self.reveal is not None else frozenset()
        return flash, glow, hidden
