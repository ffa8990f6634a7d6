"""The technique trainer: drills on real positions where one technique applies.

A :class:`Drill` serves the catalogue's positions for one technique
(:mod:`.exemplars`) in a shuffled order, each turned and relabelled by a random
:class:`~.variations.Variation` so a player rarely sees the same picture twice.
The player marks candidates to remove (or, for techniques that place a digit,
the placement), then submits; the drill judges the marks against *every*
instance of the technique in that position, keeps a tally, and after the verdict
names the instance to draw.  Every player action is a method, so tests play whole
drills without a window.  Pure Python (no pygame).

The rule a verdict follows (:func:`judge`), with *answer* meaning an instance's
eliminations (or its placements, for placing techniques):

- **wrong** when a mark is in no instance's answer: the verdict names it, and
  says when it is the cell's solution digit ("r3c4 is 5 in the solution");
- **right** when the marks hold one whole instance's answer, and nothing else
  but what other instances would remove too (marking the removals of two
  X-Wings at once is right);
- **almost** otherwise (every mark is removable, but no instance is complete):
  "N more", counted against the instance nearest to completion.  Almost is not
  final: the player marks more and submits again.

Right and "show me" end the round and count in the :class:`Tally`.  Wrong does
not end it: the verdict names the stray mark without drawing the answer, and the
player may change the marks and submit again, or ask to be shown.  A round once
answered wrong counts as tried, never as right, however it ends (also when the
player moves on to the next position without finishing it); show me counts the
same.

Preparing a round (:func:`prepare`) runs the hint search and the technique's
finder on the varied position: milliseconds mostly, a few tenths of a second for
chains and forcing chains, so the game prepares the next round in the
background while the player thinks about this one.  What a round's instances
are: every step the technique's own finder lists there under its name, plus the
step a hint gives (some steps come from a broader finder that names them by
form: an AIC that is an XY-Chain).

On a *marked* position (the catalogue's "applies, but a hint gives a simpler
step first": a Skyscraper where a Sashimi X-Wing comes first) the instances are
the technique's own finder's steps alone, never the hint's: the player is asked
for the Skyscraper and judged against Skyscrapers, and the round names the
simpler step (:attr:`Round.simpler`) so the drill's words do not pretend the
Skyscraper is what a hint would give.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ...engine import solver
from ...engine.logic import CandidateGrid, Step, steps_named
from ...engine.logic.path import find_step
from ...engine.logic.step import with_article
from ...engine.logic.wording import and_list
from ...engine.shape import Shape
from ...engine.symbols import cell_name, symbol
from ..play.puzzle_kind import GRIDS
from .exemplars import Exemplar, examples
from .variations import random_variation

Pick = tuple[int, int]
"""A marked candidate or placement: ``(cell, digit)``."""

VARIANTS = ("any", *GRIDS)
"""Which grids a drill draws its positions from: all, or one (``classic``, ``jigsaw``)."""

TRIES = 3
"""Variations tried before a round falls back to the catalogue's own position."""


class Answer(enum.StrEnum):
    """What the player marks in a round."""

    REMOVE = "remove"  # candidates the technique eliminates
    PLACE = "place"  # the digit it places


class Outcome(enum.StrEnum):
    RIGHT = "right"
    ALMOST = "almost"
    WRONG = "wrong"
    SHOWN = "shown"  # the player asked to see it
    EMPTY = "empty"  # nothing marked yet

    @property
    def final(self) -> bool:
        """Whether the round is over (its instance is drawn, the tally counted)."""
        return self in (Outcome.RIGHT, Outcome.SHOWN)


@dataclass(frozen=True)
class Round:
    """One position to solve, with everything the verdict needs, computed up front.

    ``hint`` is the technique's step to show: the step a hint gives, or on a
    marked position (``simpler`` set) the first step of the technique's own
    finder; ``simpler`` is then the simpler step a hint gives first there.
    """

    technique: str
    exemplar: Exemplar
    position: CandidateGrid
    hint: Step
    instances: tuple[Step, ...]
    solution: tuple[int, ...] | None
    varied: bool
    simpler: Step | None = None

    @property
    def note(self) -> str:
        """What the player should know before looking: "" on most rounds; on a marked
        one that a hint would give another step first (so the drill does not lie)."""
        if self.simpler is None:
            return ""
        first = with_article(self.simpler.technique)
        return f"{first[0].upper()}{first[1:]} also works here, and a hint would give it first."

    @property
    def shape(self) -> Shape:
        return self.position.shape

    @property
    def answer(self) -> Answer:
        """Placements when the hint's step places a digit, else eliminations."""
        return Answer.PLACE if self.hint.placements else Answer.REMOVE

    def answer_of(self, step: Step) -> frozenset[Pick]:
        """What marking ``step`` means in this round."""
        return frozenset(step.placements if self.answer is Answer.PLACE else step.eliminations)

    @property
    def answers(self) -> tuple[frozenset[Pick], ...]:
        """Each instance's answer (empty ones left out), in the instances' order."""
        found = (self.answer_of(step) for step in self.instances)
        return tuple(answer for answer in found if answer)


def prepare(technique: str, exemplar: Exemplar, seed: int | None, vary: bool = True) -> Round:
    """The round for ``exemplar``, turned by the variation ``seed`` draws (slow: see module).

    A variation is kept only if the hint there is still ``technique`` (chain
    searches go in cell order within their budget, so a turned grid may meet a
    longer chain of another name first), or, on a marked exemplar, if the
    technique's own finder still finds it there; after :data:`TRIES` misses the
    catalogue's own position is used, which the catalogue's test vouches for.
    """
    rng = random.Random(seed)
    original = exemplar.position
    # A variant's constraints do not turn or relabel with the grid: its positions are
    # served as they are.
    attempts = TRIES if vary and original.rules is None else 0
    for attempt in range(attempts + 1):
        position = original
        if attempt < attempts:
            position = random_variation(original.shape, rng).apply(original)
        hint = find_step(position).step
        if hint is None:
            continue
        if hint.technique == technique:
            return _round(technique, exemplar, position, hint, attempt < attempts)
        # The hint search above left its memos on this very grid, so the finder
        # reuses the link graphs it built rather than paying for them again.
        own = steps_named(position, technique) if exemplar.simpler else []
        if own:
            return _round(technique, exemplar, position, own[0], attempt < attempts, hint, own)
    # The engine no longer finds the technique here (the catalogue's test fails
    # too); still a round, judged by whatever its own finder lists.
    hint = exemplar.step or Step(technique)
    return _round(technique, exemplar, original, hint, False)


def _round(
    technique: str,
    exemplar: Exemplar,
    position: CandidateGrid,
    hint: Step,
    varied: bool,
    simpler: Step | None = None,
    listed: list[Step] | None = None,
) -> Round:
    instances = list(listed if listed is not None else steps_named(position, technique))
    if not any(_same(step, hint) for step in instances):
        instances.insert(0, hint)
    else:  # the hint's own instance first: it is what "show me" draws
        instances.sort(key=lambda step: not _same(step, hint))
    return Round(
        technique,
        exemplar,
        position,
        hint,
        tuple(instances),
        solver.solve(
            position.rules if position.rules is not None else position.shape, position.values
        ),
        varied,
        simpler,
    )


def _same(a: Step, b: Step) -> bool:
    return set(a.placements) == set(b.placements) and set(a.eliminations) == set(b.eliminations)


# -- verdicts ----------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """What the drill says about the marks: the outcome, a sentence, what to draw.

    ``instance`` is the instance nearest to the marks (drawn once the round is
    over); ``missing`` counts what an *almost* lacks; ``wrong`` lists the marks
    no instance accounts for.
    """

    outcome: Outcome
    message: str
    instance: Step | None = None
    missing: int = 0
    wrong: tuple[Pick, ...] = ()


def judge(round_: Round, marks: Iterable[Pick]) -> Verdict:
    """The verdict on ``marks`` in ``round_`` (the rule is in the module docstring)."""
    chosen = frozenset(marks)
    answers = [(step, round_.answer_of(step)) for step in round_.instances]
    answers = [(step, answer) for step, answer in answers if answer]
    name = with_article(round_.technique)
    place = round_.answer is Answer.PLACE
    if not chosen:
        what = "the digit it places" if place else "the candidates it removes"
        ask = f"Find {name}, mark {what}, then submit."
        return Verdict(Outcome.EMPTY, f"{round_.note} {ask}" if round_.note else ask)
    every: frozenset[Pick] = frozenset().union(*(answer for _, answer in answers))
    nearest = max(
        answers,
        key=lambda pair: (len(pair[1] & chosen), -len(pair[1] - chosen)),
        default=(round_.hint, frozenset()),
    )[0]
    stray = tuple(sorted(chosen - every))
    if stray:
        return Verdict(Outcome.WRONG, _wrong_text(round_, stray), nearest, wrong=stray)
    complete = [step for step, answer in answers if answer <= chosen]
    if complete:
        best = max(complete, key=lambda step: len(round_.answer_of(step)))
        several = len({round_.answer_of(step) for step in complete}) > 1
        extra = " (more than one, even)" if several else ""
        return Verdict(Outcome.RIGHT, f"Right: that is {name}{extra}.", best)
    missing = min(len(answer - chosen) for _, answer in answers if answer & chosen)
    noun = "placement" if place else "candidate"
    more = f"{missing} more {noun}{'s' if missing > 1 else ''}"
    return Verdict(Outcome.ALMOST, f"Almost: {more} to mark.", nearest, missing)


def _wrong_text(round_: Round, stray: Sequence[Pick]) -> str:
    n = round_.shape.size
    solution = round_.solution
    name = with_article(round_.technique)
    place = round_.answer is Answer.PLACE
    parts = []
    for cell, digit in stray[:2]:
        where = cell_name(cell, n)
        truth = solution[cell] if solution else 0
        if place and truth and truth != digit:
            parts.append(f"{where} is not {symbol(digit)}")
        elif not place and truth == digit:
            parts.append(f"{where} is {symbol(digit)} in the solution")
        elif place:
            parts.append(f"{symbol(digit)} in {where} is not what {name} places here")
        elif round_.simpler is not None and (cell, digit) in round_.simpler.eliminations:
            parts.append(
                f"the {round_.simpler.technique} removes {symbol(digit)} from {where}, "
                f"but no {round_.technique} here does"
            )
        else:
            parts.append(f"no {round_.technique} here removes {symbol(digit)} from {where}")
    if len(stray) > 2:
        parts.append(f"{len(stray) - 2} more")
    text = and_list(parts)
    return f"Wrong: {text[0].lower()}{text[1:]}. Change your marks and try again."


# -- tallies -----------------------------------------------------------------------


@dataclass
class Tally:
    """One technique's record this run: rounds finished, right ones, streaks."""

    tried: int = 0
    right: int = 0
    streak: int = 0
    best: int = 0

    def count(self, right: bool) -> None:
        self.tried += 1
        if right:
            self.right += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0

    def summary(self) -> str:
        """``"3/4 right, streak 2"``, or "" before the first round."""
        if not self.tried:
            return ""
        streak = f", streak {self.streak}" if self.streak > 1 else ""
        return f"{self.right}/{self.tried} right{streak}"


@dataclass
class Tallies:
    """Every technique's tally for the run (the session keeps one)."""

    by_technique: dict[str, Tally] = field(default_factory=dict)

    def of(self, technique: str) -> Tally:
        return self.by_technique.setdefault(technique, Tally())


# -- the drill ---------------------------------------------------------------------


def positions(technique: str, variant: str = "any") -> tuple[Exemplar, ...]:
    """The catalogue's positions for ``technique`` on ``variant`` grids (see :data:`VARIANTS`)."""
    return tuple(e for e in examples(technique) if variant in ("any", e.shape.variant))


def drill_for(
    technique: str, variant: str = "any", *, tally: Tally | None = None, seed: int | None = None
) -> Drill:
    """A drill of ``technique`` on ``variant`` grids, or on every grid if it has none there.

    The fallback keeps a drill opened with a stale filter (a jigsaw-only
    technique asked for on classic grids) playable rather than empty.

    :raises ValueError: when the catalogue has no position for ``technique`` at all.
    """
    chosen = positions(technique, variant) or positions(technique)
    return Drill(technique, chosen, tally=tally, seed=seed)


class Drill:
    """Rounds of one technique: serve, mark, submit or show, then the next.

    The order is the exemplars shuffled, reshuffled each time round (never the
    same position twice in a row when there are two or more).  ``seed`` fixes
    the order and the variations, for tests.
    """

    def __init__(
        self,
        technique: str,
        exemplars: Sequence[Exemplar],
        *,
        tally: Tally | None = None,
        seed: int | None = None,
        vary: bool = True,
    ) -> None:
        if not exemplars:
            raise ValueError(f"no positions to train {technique}")
        self.technique = technique
        self.exemplars = tuple(exemplars)
        self.tally = tally if tally is not None else Tally()
        self.vary = vary
        self._rng = random.Random(seed)
        self._order: list[Exemplar] = []
        self._last: Exemplar | None = None
        self.round: Round | None = None
        self.marks: frozenset[Pick] = frozenset()
        self.selected = 0
        self.verdict: Verdict | None = None
        self.served = 0
        self._missed = False  # this round was answered wrong once: it cannot count as right

    # -- serving ----------------------------------------------------------------------

    def upcoming(self) -> tuple[Exemplar, int]:
        """The next exemplar and variation seed (for :func:`prepare`, maybe in a thread)."""
        if not self._order:
            order = list(self.exemplars)
            self._rng.shuffle(order)
            if len(order) > 1 and order[0] is self._last:
                order.append(order.pop(0))
            self._order = order
        exemplar = self._order.pop(0)
        self._last = exemplar
        return exemplar, self._rng.randrange(2**32)

    def prepare_next(self) -> Round:
        """Prepare the next round here and now (tests, and where a wait is fine)."""
        exemplar, seed = self.upcoming()
        return prepare(self.technique, exemplar, seed, self.vary)

    def start(self, round_: Round) -> None:
        """Begin ``round_``: no marks, no verdict, the cursor on the first empty cell.

        A round left unfinished after a wrong answer counts as tried now."""
        if self._missed and not self.over:
            self.tally.count(False)
        self._missed = False
        self.round = round_
        self.marks = frozenset()
        self.verdict = None
        self.served += 1
        values = round_.position.values
        self.selected = next((cell for cell, value in enumerate(values) if not value), 0)

    def next(self) -> Round:
        """Serve the next round at once (preparing it here; see :meth:`prepare_next`)."""
        round_ = self.prepare_next()
        self.start(round_)
        return round_

    # -- marking ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether this round has its final verdict (marks are then frozen)."""
        return self.verdict is not None and self.verdict.outcome.final

    def can_mark(self, cell: int, digit: int) -> bool:
        """Whether ``digit`` is a candidate of ``cell`` that may be marked now."""
        round_ = self.round
        if round_ is None or self.over or not 0 <= cell < round_.shape.cells:
            return False
        return bool(round_.position.cands[cell] >> (digit - 1) & 1) if digit > 0 else False

    def toggle(self, cell: int, digit: int) -> bool:
        """Mark or unmark ``digit`` in ``cell``; whether anything changed.

        When the round asks for a placement, a cell holds one placement at most:
        marking another digit there replaces it.
        """
        if not self.can_mark(cell, digit):
            return False
        assert self.round is not None
        pick = (cell, digit)
        if pick in self.marks:
            self.marks = self.marks - {pick}
        elif self.round.answer is Answer.PLACE:
            self.marks = frozenset(m for m in self.marks if m[0] != cell) | {pick}
        else:
            self.marks = self.marks | {pick}
        self.selected = cell
        if self.verdict is not None:  # an "almost" no longer describes the marks
            self.verdict = None
        return True

    def unmark(self, cell: int) -> bool:
        """Take back the marks in ``cell`` (before the verdict); whether there were any."""
        mine = frozenset(pick for pick in self.marks if pick[0] == cell)
        if self.over or not mine:
            return False
        self.marks = self.marks - mine
        self.verdict = None
        return True

    def clear(self) -> bool:
        """Take every mark back (before the verdict); whether there were any."""
        if self.over or not self.marks:
            return False
        self.marks = frozenset()
        self.verdict = None
        return True

    def select(self, cell: int) -> None:
        if self.round is not None and 0 <= cell < self.round.shape.cells:
            self.selected = cell

    def move(self, rows: int, columns: int) -> None:
        """Move the cursor, wrapping round the edges as the board's cursor does."""
        if self.round is None:
            return
        n = self.round.shape.size
        row, column = divmod(self.selected, n)
        self.selected = ((row + rows) % n) * n + (column + columns) % n

    # -- verdicts ---------------------------------------------------------------------

    def submit(self) -> Verdict:
        """Judge the marks; a final verdict counts in the tally once (a wrong one is not
        final: the marks can change and be submitted again)."""
        if self.round is None:
            raise RuntimeError("no round served")
        if self.over:
            assert self.verdict is not None
            return self.verdict
        verdict = judge(self.round, self.marks)
        self.verdict = verdict
        if verdict.outcome is Outcome.WRONG:
            self._missed = True  # try again, or be shown; never right now
        elif verdict.outcome.final:
            self.tally.count(verdict.outcome is Outcome.RIGHT and not self._missed)
        return verdict

    def show(self) -> Verdict:
        """Give up on this round: reveal the instance nearest the marks (counts as tried)."""
        if self.round is None:
            raise RuntimeError("no round served")
        if self.over:
            assert self.verdict is not None
            return self.verdict
        nearest = judge(self.round, self.marks).instance if self.marks else None
        instance = nearest or self.round.instances[0]
        self.verdict = Verdict(Outcome.SHOWN, f"Here is {with_article(self.technique)}.", instance)
        self.tally.count(False)
        return self.verdict

    @property
    def drawn(self) -> Step | None:
        """The instance to draw: set once the round is over."""
        return self.verdict.instance if self.over and self.verdict else None
