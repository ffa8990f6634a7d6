"""The three presses of Hint: a nudge, the whole deduction, then applying it.

The flow owns the background job that finds the hint and the stage the player is
at; the board scene asks it what to show (:meth:`HintFlow.marks`, ``message``)
and tells it when the board changed.  What a hint costs is the game's rule
(:meth:`~.game.Game.charge_hint`): the flow reports each deduction it shows, and
a pointer at the player's own mistake as a check.  Time comes in through
:meth:`HintFlow.update`, so "Thinking…" appears after exactly
:data:`THINKING_AFTER` seconds of waiting in tests too.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from ...engine.logic.hint import Hint
from ..play.effects import Effect, Offer
from ..play.game import Game
from ..play.help_ledger import deduction_of
from ..play.solvability import no_help
from ..play.state import BoardState
from ..tasks import Task, TaskRunner
from .hints import HintMarks, HintQuery, ask

THINKING_AFTER = 0.15
"""Seconds before "Thinking…" appears: quicker answers should not flicker it."""


class Stage(enum.IntEnum):
    IDLE = 0
    ASKING = 1  # the job runs
    NUDGE = 2  # first press answered: technique and where to look
    SHOWN = 3  # second press: the deduction drawn, with its explanation


@dataclass(frozen=True)
class HintUpdate:
    """What a press or a delivered answer means for the screen."""

    message: str = ""
    effect: Effect | None = None  # the third press applied the step
    offer: Offer | None = None  # e.g. "press Hint again to see it"


class HintFlow:
    """Stage machine of one hint at a time, for one game."""

    def __init__(self, tasks: TaskRunner, notify: Callable[[HintUpdate], None]) -> None:
        self.tasks = tasks
        self.notify = notify
        self.stage = Stage.IDLE
        self.answer: Hint | None = None
        self._task: Task[Hint] | None = None
        self._asked_for: BoardState | None = None
        self._game: Game | None = None
        self._waited = 0.0  # seconds the current question has been running

    # -- reading --------------------------------------------------------------------

    def marks(self) -> HintMarks | None:
        """What the board draws for the hint now (None: nothing)."""
        step = self.answer.step if self.answer else None
        if step is None or self.stage < Stage.NUDGE:
            return None
        return HintMarks(step, full=self.stage is Stage.SHOWN)

    def thinking(self) -> bool:
        """Whether the job has run long enough to say so."""
        return self.stage is Stage.ASKING and self._waited >= THINKING_AFTER

    def update(self, dt: float) -> None:
        """Time passes (the board's frame time)."""
        if self.stage is Stage.ASKING:
            self._waited += dt

    def wake_in(self) -> float | None:
        """When "Thinking…" is due, if a question is running (None: no need to wake)."""
        if self.stage is Stage.ASKING and self._waited < THINKING_AFTER:
            return THINKING_AFTER - self._waited
        return None

    @property
    def explanation(self) -> str:
        answer = self.answer
        if answer is None or answer.step is None:
            return ""
        return answer.step.explanation or answer.message

    @property
    def can_apply(self) -> bool:
        """Whether the third press changes the board (a note problem is the player's to fix)."""
        answer = self.answer
        if answer is None or answer.step is None:
            return False
        step = answer.step
        return bool(step.placements or step.eliminations) or answer.kind == "mistake"

    @property
    def apply_label(self) -> str:
        answer = self.answer
        if not self.can_apply or answer is None:
            return "OK"
        return "Erase it" if answer.kind == "mistake" else "Apply"

    @property
    def title(self) -> str:
        answer = self.answer
        if answer is None or answer.step is None:
            return "Hint"
        if answer.kind == "notes":
            return "Check your notes"
        name = answer.step.technique
        return name[:1].upper() + name[1:]

    # -- acting ---------------------------------------------------------------------

    def press(self, game: Game) -> HintUpdate:
        """One press of Hint; what to tell the player."""
        if self.stage is Stage.IDLE:
            refusal = no_help(game.solvability)
            if refusal:  # logic on a puzzle without a solution walks into a dead end
                return HintUpdate(refusal)
            self._ask(game)
            return HintUpdate()
        if self.stage is Stage.ASKING:
            return HintUpdate("Thinking…")
        if self.stage is Stage.NUDGE:
            self.stage = Stage.SHOWN
            return HintUpdate(self.explanation)
        if not self.can_apply:
            self.reset()
            return HintUpdate()
        return self.apply(game)

    def apply(self, game: Game) -> HintUpdate:
        """The third press: carry out what the hint says, as one undoable move."""
        answer = self.answer
        self.reset()
        if answer is None:
            return HintUpdate()
        step = answer.step
        if step is None:
            return HintUpdate()
        if step.placements or step.eliminations:
            return HintUpdate(effect=game.assist.apply_step(step))
        if answer.kind == "mistake":
            # The deduction is "these are wrong": erase them (each undoable).
            cells = tuple(m.cell for m in step.marks)
            changed = [game.erase(cell) for cell in cells]
            if any(o.changed for o in changed):
                return HintUpdate(effect=Effect(True, "Wrong entries erased.", cells=cells))
        return HintUpdate()

    def reset(self) -> None:
        """Forget the hint (the board changed, or the player dismissed it)."""
        if self._task is not None:
            self._task.cancel()
        self._task = None
        self.stage = Stage.IDLE
        self.answer = None

    def board_changed(self, game: Game) -> None:
        """Drop a hint that no longer fits the board."""
        if self.stage is not Stage.IDLE and game.state != self._asked_for:
            self.reset()

    # -- internals ------------------------------------------------------------------

    def _ask(self, game: Game) -> None:
        self.stage = Stage.ASKING
        self._waited = 0.0
        self._asked_for = game.state
        self._game = game
        query = HintQuery.of(game)
        self._task = self.tasks.run(lambda task: ask(query), self._deliver, self._failed, "hint")

    def _deliver(self, answer: Hint) -> None:
        game = self._game
        self._task = None
        if game is None or self.stage is not Stage.ASKING:
            return
        if game.state != self._asked_for:  # the player moved meanwhile: ask again
            self._ask(game)
            return
        self.answer = answer
        if answer.kind == "step" and answer.step is not None:
            game.charge_hint(deduction_of(answer.step))
        elif answer.kind in ("mistake", "notes", "dead-end"):
            game.count_check()  # pointing at the player's own slip is a check
        if answer.kind in ("step", "mistake", "notes"):
            self.stage = Stage.NUDGE
            self.notify(HintUpdate(_nudge(answer, game), offer=Offer.HINT_AGAIN))
        elif answer.kind == "dead-end":  # nothing to show on the board: Undo is the way on
            self.stage = Stage.IDLE
            self.notify(HintUpdate(answer.message, offer=Offer.UNDO))
        else:
            self.stage = Stage.IDLE
            self.notify(HintUpdate(answer.message))

    def _failed(self, error: BaseException) -> None:
        self.reset()
        self.notify(HintUpdate(f"No hint: {error}"))


def _nudge(answer: Hint, game: Game) -> str:
    """The first press: where to look, without the answer."""
    if answer.kind == "mistake":
        return "One of your digits is not right."
    if answer.kind == "notes":
        return "Your notes leave out a digit that belongs in its cell."
    if answer.step is not None:
        return answer.step.nudge(game.shape)
    return answer.message
