"""What help a game has had: its counters, the deductions shown, whether the solution was seen.

Simon Tatham's test puts all of this outside the undo history (undo never gives a
hint back), and it is saved with the game, so quitting and choosing Continue never
charges again for a step the player already paid for.  :class:`~.game.Game` owns
one :class:`HelpLedger` and is the only one that writes to it.

The rules kept here, each in one place:

- **A deduction is charged once**: :meth:`HelpLedger.charge` counts one hint the
  first time a deduction is shown (:func:`deduction_of`: its technique, placements
  and eliminations), so the same step seen again, from Hint or step-through, in
  this run or after Continue, is free.
- **Help that spoils a win** (a revealed cell, the solution seen) is recorded for
  good: :attr:`HelpLedger.clean`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from ...engine.logic.step import Step

MAX_SHOWN = 1_000
"""Most deductions a ledger keeps as already shown (the newest are kept): a save stays
small, and no game shows a thousand different steps."""


@dataclass(frozen=True)
class Counters:
    """What a game counts that undo never touches (saved with the game)."""

    mistakes: int = 0
    hints: int = 0
    checks: int = 0
    reveals: int = 0

    def plus(self, **added: int) -> Counters:
        """These counters with ``added`` (by field name) counted on top."""
        return dataclasses.replace(
            self, **{name: getattr(self, name) + count for name, count in added.items()}
        )


@dataclass(frozen=True)
class Deduction:
    """What identifies a deduction shown to the player: the same step seen twice is one.

    Its text is a hint step's move text (``step Naked Single: r2c2=7 r3c4-5``), so a
    save writes it the way it writes an applied step (see :mod:`.savegame`).
    """

    technique: str
    placements: frozenset[tuple[int, int]]
    eliminations: frozenset[tuple[int, int]]


def deduction_of(step: Step) -> Deduction:
    """The deduction ``step`` shows, for :meth:`HelpLedger.charge`."""
    return Deduction(step.technique, frozenset(step.placements), frozenset(step.eliminations))


class HelpLedger:
    """The help one game has had (see the module docstring)."""

    def __init__(
        self,
        counters: Counters = Counters(),
        shown: Iterable[Deduction] = (),
        solution_seen: bool = False,
    ) -> None:
        self.counters = counters
        self.solution_seen = solution_seen
        # A dict keeps the order shown, so the oldest go first past MAX_SHOWN.
        self._shown: dict[Deduction, None] = dict.fromkeys(shown)

    def __repr__(self) -> str:
        return (
            f"HelpLedger({self.counters!r}, shown={len(self._shown)} deductions, "
            f"solution_seen={self.solution_seen})"
        )

    @property
    def shown(self) -> tuple[Deduction, ...]:
        """The deductions already paid for, oldest first (what a save writes)."""
        return tuple(self._shown)

    @property
    def clean(self) -> bool:
        """Whether a finish would be the player's own: no cell revealed, no solution seen."""
        return not self.solution_seen and not self.counters.reveals

    def was_shown(self, deduction: Deduction) -> bool:
        """Whether the player has already been shown (and charged for) ``deduction``."""
        return deduction in self._shown

    def charge(self, deduction: Deduction) -> bool:
        """Count one hint unless ``deduction`` was shown before; whether it counted."""
        if deduction in self._shown:
            return False
        self._shown[deduction] = None
        while len(self._shown) > MAX_SHOWN:
            del self._shown[next(iter(self._shown))]
        self.count(hints=1)
        return True

    def count(self, **added: int) -> None:
        """Add to the counters by name (``mistakes``, ``hints``, ``checks``, ``reveals``)."""
        self.counters = self.counters.plus(**added)

    def saw_solution(self) -> None:
        """The solution was shown: recorded for good."""
        self.solution_seen = True
