"""The help around a game on the board: Hint's three presses, the step card, "apply
everywhere", and Check -- the flows that run in the background and report back.

:class:`HelpDesk` is a part of :class:`~.playing.Playing` (``play.help``): it owns
the three flows and what Check found, and speaks through the two callables
Playing gives it (``say`` for the status line, ``play`` for an effect on the
board), so the status line and the reply keep one owner.
"""

from __future__ import annotations

from collections.abc import Callable

from ..play.effects import CheckResult, Effect
from ..play.game import Game
from ..play.state import BoardState
from ..tasks import TaskRunner
from .everywhere_flow import EVERYWHERE, Chore, EverywhereFlow
from .hint_flow import HintFlow, HintUpdate, Stage
from .hints import HintMarks
from .proof import STILL_CHECKING
from .reply import Reply
from .steps_flow import StepsFlow


class HelpDesk:
    """The board's help flows and Check (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        tasks: TaskRunner,
        *,
        say: Callable[[Reply], Reply],
        play: Callable[[Effect], Reply],
        arrived: Callable[[Reply], None],
        listen: Callable[[], None],
    ) -> None:
        self.game = game
        self.tasks = tasks
        self.say = say
        self.play = play
        self.arrived = arrived  # a reply that changed the board from the background
        self.listen = listen
        self.checked: dict[int, int] = {}  # cell -> the entry Check found wrong there
        self.hints = HintFlow(tasks, self._hinted)
        self.steps = StepsFlow(tasks, listen)
        self.everywhere = EverywhereFlow(tasks, self._hinted)

    def marks(self) -> HintMarks | None:
        """The deduction the board draws now (the step card's, else the hint's)."""
        return self.steps.marks() if self.steps.open else self.hints.marks()

    def checked_cells(self) -> frozenset[int]:
        """Entries the last Check found wrong and that are still on the board."""
        entries = self.game.state.entries
        return frozenset(c for c, d in self.checked.items() if entries[c] == d)

    def thinking(self) -> bool:
        return self.hints.thinking()

    def check(self) -> Reply:
        game = self.game
        if game.proving:  # the solution Check compares with is not known yet
            return self.say(Reply(STILL_CHECKING))
        if game.solution is not None:  # a comparison with the known solution: instant
            return self._checked(game.state, game.check())
        # Without a single solution, Check asks the solver whether the position can
        # still be finished, which can take a while: off the frame loop.
        state = game.state

        def checked(result: CheckResult) -> None:
            self._checked(state, result)
            self.listen()

        self.tasks.run(lambda task: game.check(), checked, label="check")
        return self.say(Reply("Checking…"))

    def hint(self) -> Reply:
        """One press of Hint: ask, then show the deduction, then apply it."""
        if self.game.over:
            return self.say(Reply(self.game.ending))
        if self.game.proving:  # which techniques are sound depends on the count
            return self.say(Reply(STILL_CHECKING))
        self.steps.close()  # the hint card and the step card share the panel
        update = self.hints.press(self.game)
        if update.effect is not None:
            return self.play(update.effect)
        if update.message or update.offer:
            return self.say(Reply(update.message, offer=update.offer))
        return Reply()

    def dismiss(self) -> bool:
        """Esc: close the step card or the hint; False when there was nothing to close."""
        if self.steps.open:
            self.toggle_steps()
            return True
        if self.hints.stage >= Stage.NUDGE:
            self.hints.reset()
            self.say(Reply())
            return True
        return False

    def toggle_steps(self) -> Reply:
        if self.game.over:
            return self.say(Reply(self.game.ending))
        if self.game.proving and not self.steps.open:
            return self.say(Reply(STILL_CHECKING))
        if not self.steps.open:
            self.hints.reset()
        self.steps.toggle(self.game)
        return self.say(Reply())

    def next_step(self) -> Reply:
        if self.steps.open and self.steps.next():
            return self.say(Reply())
        return Reply()

    def previous_step(self) -> Reply:
        if self.steps.open and self.steps.previous():
            return self.say(Reply())
        return Reply()

    def apply_step(self) -> Reply:
        effect = self.steps.apply(self.game)
        if effect is None:
            return Reply()
        return self.play(effect)

    def apply_everywhere(self, chore: Chore) -> Reply:
        if self.game.over:
            return Reply()
        if self.game.proving:
            return self.say(Reply(STILL_CHECKING))
        self.everywhere.run(self.game, chore)
        return Reply()

    @staticmethod
    def chore_label(chore: Chore) -> str:
        return EVERYWHERE[chore].label

    def _hinted(self, update: HintUpdate) -> None:
        """A background answer (a hint, or an "everywhere" command) arrived."""
        if update.effect is not None:
            reply = self.play(update.effect)
            if update.message:
                reply = self.say(Reply(update.message, effect=update.effect))
            if update.effect.changed:
                self.arrived(reply)
        else:
            self.say(Reply(update.message, offer=update.offer))
        self.listen()

    def _checked(self, state: BoardState, result: CheckResult) -> Reply:
        if self.game.state != state:
            reply = self.say(Reply("The board changed while checking; check again."))
        else:
            entries = state.entries
            self.checked = {cell: entries[cell] for cell in result.wrong if entries[cell]}
            error = bool(result.wrong) or result.offer is not None
            reply = self.say(Reply(result.message, error, result.offer))
        return reply
