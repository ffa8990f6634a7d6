"""Step through the solution: the logical path from the board as it stands, step by step.

The flow owns the background job that works the path out and which step is shown;
the board scene asks it what to draw (:meth:`StepsFlow.marks`, :meth:`StepsFlow.view`)
and tells it when the board changed.  Like the hint, it reads the player's work
first: a wrong entry or a note that leaves out the right digit is pointed out
instead of a path built on it.

The path grows in the background one step at a time into a list the panel reads
as it grows: the first step shows as soon as it is found and the count runs up
while the rest is worked out (a hard path takes a second or two, one step up to a
few hundred milliseconds; the frame loop never waits for it).

The flow remembers the board state at each point of the path it has seen (where
it started and after every step it applied), so Undo and Redo of applied steps
move along the path instead of throwing it away; any other change of the board
makes it work the path out again from the new position.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...engine.logic.grid import CandidateGrid
from ...engine.logic.hint import Hint
from ...engine.logic.path import next_step
from ...engine.logic.step import Step
from ..play.effects import Effect
from ..play.game import Game
from ..play.help_ledger import deduction_of
from ..play.solvability import no_help
from ..play.state import BoardState
from ..tasks import Task, TaskRunner
from .hints import HintMarks, HintQuery, ask

POLL = 0.1
"""Seconds between looks at a growing path (the panel's count and its first step)."""


@dataclass
class PathJob:
    """The path found so far, written by the worker thread and read by the main one.

    The worker only appends to ``steps`` and sets ``finished`` after its last write,
    so the main thread may read ``len(steps)`` and the steps below it at any time.
    """

    steps: list[Step] = field(default_factory=list)
    positions: list[CandidateGrid] = field(default_factory=list)
    """The position each step was found in (``positions[i]`` before ``steps[i]``);
    the worker appends the position before the step."""
    problem: Hint | None = None  # a mistake or a wrong note, shown instead of a path
    message: str = ""  # why there is no path (solved, or no technique applies)
    solved: bool = False  # the path ends with the grid full
    finished: bool = False


def work_out(query: HintQuery, job: PathJob, task: Task[PathJob] | None = None) -> PathJob:
    """Fill ``job`` with the path from ``query``'s position (slow: run it off the loop)."""
    hint = ask(query)  # the player's mistakes first, then the first step
    if hint.kind in ("mistake", "notes"):
        job.problem = hint
    elif hint.kind == "step" and hint.step is not None:
        grid = query.position()
        step: Step | None = hint.step
        while step is not None:
            job.positions.append(grid)
            job.steps.append(step)
            grid = grid.apply(step.placements, step.eliminations)
            if grid.is_solved():
                break
            if task is not None:
                task.check()
            # Without one solution, only patterns: the last resort would end in a guess.
            step = next_step(grid, unique=query.unique, include_last_resort=query.unique)
        job.solved = grid.is_solved()
    else:
        job.message = hint.message
    job.finished = True
    return job


@dataclass(frozen=True)
class StepsView:
    """What the step panel shows, as values (the panel view only paints them)."""

    counter: str  # "Step 12 of 47", "Step 3 of 9 so far", "Your entries"
    title: str  # the technique, or what the problem is
    body: str  # the explanation
    note: str  # a line under it: steps ahead of the board, a tip
    can_previous: bool
    can_next: bool
    apply_label: str
    can_apply: bool


class StepsFlow:
    """The step-through mode of one board: open or closed, the path and the step shown."""

    def __init__(self, tasks: TaskRunner, notify: Callable[[], None]) -> None:
        self.tasks = tasks
        self.notify = notify
        self.open = False
        self.job: PathJob | None = None
        self.index = 0  # the step shown
        self.base = 0  # the step the board is at: steps before it were applied
        self._task: Task[PathJob] | None = None
        self._states: dict[BoardState, int] = {}  # board states along the path
        self._game: Game | None = None
        self._seen: set[int] = set()  # -1 once a problem was counted as a check
        self._known = (0, False)  # (steps, finished) when last polled

    # -- reading --------------------------------------------------------------------

    @property
    def working(self) -> bool:
        return self.job is not None and not self.job.finished

    @property
    def total(self) -> int:
        return len(self.job.steps) if self.job else 0

    def shown(self) -> Step | None:
        """The step (or the problem's pointer) drawn on the board now."""
        job = self.job
        if not self.open or job is None:
            return None
        if job.problem is not None:
            return job.problem.step
        if self.index < len(job.steps):
            return job.steps[self.index]
        return None

    def marks(self) -> HintMarks | None:
        """The shown step, drawn like the hint's whole deduction, on its own position.

        A step ahead of the board was found in the position after the steps before
        it; the board draws those candidates (and says so), so the picture agrees
        with the explanation.
        """
        step = self.shown()
        if step is None:
            return None
        job = self.job
        ahead = self.index - self.base
        if job is None or job.problem is not None or ahead <= 0:
            return HintMarks(step, full=True)
        return HintMarks(step, full=True, position=job.positions[self.index], ahead=ahead)

    def view(self, keeps_notes: bool) -> StepsView:
        job = self.job
        if job is None or (self.working and self.index >= self.total and job.problem is None):
            return StepsView(
                "Working out the solution…",
                "One moment",
                "The steps appear here as they are found.",
                "",
                self.index > self.base,
                False,
                "Apply",
                False,
            )
        if job.problem is not None:
            return self._problem_view(job.problem)
        total = self.total
        if self.index >= total:
            done = "The puzzle is solved." if job.solved else job.message
            if not job.solved and total:
                done = "No technique the game knows goes further from here."
            return StepsView(
                f"{total} steps" if total else "",
                "The end" if total else "Nothing to show",
                done,
                "",
                self.index > self.base,
                False,
                "Apply",
                False,
            )
        step = job.steps[self.index]
        of = f"Step {self.index + 1} of {total}" + (" so far" if self.working else "")
        ahead = self.index - self.base
        if ahead:
            note = f"{ahead} step{'s' if ahead > 1 else ''} ahead of the board."
        elif not keeps_notes and step.eliminations:
            note = "Fill notes (F) to see every candidate this step works with."
        else:
            note = ""
        return StepsView(
            of,
            step.technique[:1].upper() + step.technique[1:],
            step.explanation,
            note,
            self.index > self.base,
            self._can_next(),
            "Apply" if not ahead else f"Apply {ahead + 1} steps",
            True,
        )

    @staticmethod
    def _problem_view(problem: Hint) -> StepsView:
        mistake = problem.kind == "mistake"
        return StepsView(
            "Before the solution",
            "A digit is not right" if mistake else "Check your notes",
            problem.message,
            "The steps follow once the board is right.",
            False,
            False,
            "Erase it" if mistake else "Apply",
            mistake,
        )

    def wake_in(self) -> float | None:
        return POLL if self.open and self.working else None

    # -- acting ---------------------------------------------------------------------

    def toggle(self, game: Game) -> None:
        if self.open:
            self.close()
        else:
            self.start(game)

    def start(self, game: Game) -> None:
        """Open the mode at the board's position, reusing the path if it still fits."""
        self.open = True
        self._game = game
        if self.job is not None and game.state in self._states:
            self.base = self.index = self._states[game.state]
            self._count_shown()
            return
        self._work_out(game)

    def close(self) -> None:
        """Leave the mode; the path is kept while the board stays on it."""
        self.open = False
        if self.working:
            self.forget()

    def forget(self) -> None:
        """Drop the path (and stop working it out)."""
        if self._task is not None:
            self._task.cancel()
        self._task = None
        self.job = None
        self._states = {}
        self._seen = set()
        self.index = self.base = 0
        self._known = (0, False)

    def _can_next(self) -> bool:
        """Whether Next has somewhere to go: a later step, or the end once all are known."""
        job = self.job
        if job is None or job.problem is not None:
            return False
        return self.index + 1 < len(job.steps) or (job.finished and self.index < len(job.steps))

    def next(self) -> bool:
        """Show the next step (after the last, the end of the path); whether it moved."""
        if not self._can_next():
            return False
        self.index += 1
        self._count_shown()
        return True

    def previous(self) -> bool:
        """Show the previous step, back to the one the board is at; whether it moved."""
        if self.index <= self.base:
            return False
        self.index -= 1
        return True

    def apply(self, game: Game) -> Effect | None:
        """Apply the shown step (and any skipped before it), each as one undoable move.

        Applying a step ahead of the board applies the steps in between too, so the
        board and the path stay in step; undo then takes them back one at a time.
        """
        job = self.job
        if job is None:
            return None
        if job.problem is not None:
            return self._erase_mistake(game, job.problem)
        if self.index >= len(job.steps):
            return None
        effects = []
        for position in range(self.base, self.index + 1):
            effect = game.assist.apply_step(job.steps[position])
            if not effect.changed:
                break
            effects.append(effect)
            self._states[game.state] = position + 1
            self.base = position + 1
        self.index = self.base
        self._count_shown()
        if not effects:
            return Effect(False, "That step changes nothing on the board any more.")
        words = effects[0].message if len(effects) == 1 else f"Applied {len(effects)} steps."
        return Effect(
            True,
            words,
            cells=tuple(c for o in effects for c in o.cells),
            completed_units=tuple(dict.fromkeys(u for o in effects for u in o.completed_units)),
        )

    def board_changed(self, game: Game) -> None:
        """Follow Undo and Redo along the path; work it out again after other changes."""
        if self.job is None:
            return
        position = self._states.get(game.state)
        if position is not None:
            self.base = self.index = position
            self._count_shown()
        elif self.open and not game.over:
            self._work_out(game)
        else:
            self.forget()

    def poll(self) -> bool:
        """Take in steps the worker found since the last poll; whether the panel changed."""
        job = self.job
        if job is None:
            return False
        known = (len(job.steps), job.finished)
        if known == self._known:
            return False
        self._known = known
        self._count_shown()
        return True

    # -- internals ------------------------------------------------------------------

    def _work_out(self, game: Game) -> None:
        self.forget()
        self._game = game
        job = PathJob()
        self.job = job
        self._states = {game.state: 0}
        refusal = no_help(game.solvability)
        if refusal:  # no path to walk: say so rather than walk into a dead end
            job.message, job.finished = refusal, True
            return
        query = HintQuery.of(game)
        self._task = self.tasks.run(
            lambda task: work_out(query, job, task), self._done, self._failed, "steps"
        )

    def _done(self, job: PathJob) -> None:
        if job is self.job:
            self._task = None
            self.poll()
            self.notify()

    def _failed(self, error: BaseException) -> None:
        job = self.job
        if job is not None:
            job.message = f"The steps could not be worked out: {error}"
            job.finished = True
        self.notify()

    def _count_shown(self) -> None:
        """Tell the game what is shown: a step is charged as a hint the first time the
        player sees that deduction (the game's rule), a problem counts as a check."""
        job, game = self.job, self._game
        if not self.open or job is None or game is None:
            return
        if job.problem is not None:
            if -1 not in self._seen:
                self._seen.add(-1)
                game.count_check()
            return
        if self.index < len(job.steps):
            game.charge_hint(deduction_of(job.steps[self.index]))

    def _erase_mistake(self, game: Game, problem: Hint) -> Effect | None:
        if problem.kind != "mistake" or problem.step is None:
            return None
        cells = tuple(m.cell for m in problem.step.marks)
        changed = [game.erase(cell) for cell in cells]
        if any(o.changed for o in changed):
            return Effect(True, "Wrong entries erased.", cells=cells)
        return None
