"""Clue removal: take clue groups away, in a random order, while a test still holds.

Every strategy is the same loop with a different test, so they share
:func:`dig`; the tests are what make each level cheap:

- :func:`keeps_easy`: singles still solve the puzzle.  Cheaper than a uniqueness
  check (no branching) and implies uniqueness.
- :func:`keeps_up_to`: the puzzle stays unique and no harder than a level.  Most
  removals are settled by singles (still solvable: accept) or by the solver (two
  solutions: refuse); only the rest pay for a :func:`~.grading.grade`.
- :func:`keeps_unique`: the puzzle stays unique (a minimal puzzle, any level);
  :func:`keeps_settled` and :func:`keeps_searched` the same within a budget.

Every grid digging reaches has one solution, so a test of uniqueness only looks
for a solution that differs in the clues just removed
(:func:`~game.engine.solver.other_solution`), not for a second one; given that
solution, it first looks where two of its digits trade places
(:func:`second_solution`).

When digging ends below the level, :func:`swap` looks one step sideways: a clue
group taken away and another put back.

Under a variant's rules (:func:`keeps_logic`) the solver's propagation reads links,
sums and houses the logic's singles do not, so it no longer tells the level: every
removal is graded instead.  A grade that is not ABOVE proves uniqueness too (the
logic only places digits the rules force), so no solver run is needed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import solver
from ..logic.path import Finding, PositionKey
from ..logic.registry import Level
from ..rules import RuleSet
from ..shape import Shape
from .grading import Verdict, grade, singles_solve

PRECHECK_NODES = 200
"""Branch points the solver may spend telling whether a variant removal keeps a
unique solution before the logic is asked instead (see :func:`keeps_logic`)."""

SETTLE_WORK = 20_000
"""The solver's work (see :func:`~game.engine.solver.work_budget`) on each
:func:`keeps_settled` check: about a tenth of a second on 9x9."""

SEARCH_NODES = 200
"""Branch points the solver's plain search may spend proving a removal of an Extreme
variant puzzle unique (see :func:`keeps_searched`)."""

Cleared = Sequence[tuple[int, int]]
"""The ``(cell, digit)`` clues a removal just took away."""

Keeps = Callable[[list[int], Cleared], bool]
"""Whether a grid with some clues removed is still acceptable, given the clues
removed.  The grid they were removed from was accepted, so it has one solution:
a test of uniqueness need only look for a solution that differs in those cells
(:func:`~game.engine.solver.other_solution`)."""


def dig(
    solution: Sequence[int],
    groups: Sequence[tuple[int, ...]],
    keeps: Keeps,
    *,
    floor: int = 0,
    poll: Callable[[], None] | None = None,
) -> tuple[int, ...]:
    """Remove each clue group of ``groups`` in turn, putting it back unless ``keeps``.

    Stops removing once fewer than ``floor`` clues would remain.  ``poll`` is called
    before each removal (it raises to cancel).
    """
    givens = list(solution)
    count = len(givens)
    for group in groups:
        if poll is not None:
            poll()
        if count - len(group) < floor:
            continue
        cleared = [(cell, givens[cell]) for cell in group]
        for cell in group:
            givens[cell] = 0
        if keeps(givens, cleared):
            count -= len(group)
        else:
            for cell, digit in cleared:
                givens[cell] = digit
    return tuple(givens)


def keeps_easy(shape: Shape) -> Keeps:
    """Keep a removal while singles alone still solve the puzzle."""
    return lambda givens, cleared: singles_solve(shape, givens) is not None


def keeps_unique(shape: Shape | RuleSet, known: Sequence[int] | None = None) -> Keeps:
    """Keep a removal while the puzzle has exactly one solution (``known``, when
    given, is it: see :func:`second_solution`)."""
    return lambda givens, cleared: second_solution(shape, givens, cleared, known) is None


QUICK_NODES = 20
"""Branch points the solver spends on a uniqueness check on a plain grid before it
looks among two-digit trades of the known solution (see :func:`second_solution`)."""


def second_solution(
    shape: Shape | RuleSet,
    givens: Sequence[int],
    cleared: Cleared,
    known: Sequence[int] | None,
    *,
    node_limit: int | None = None,
    work: int | None = None,
) -> tuple[int, ...] | None:
    """:func:`~game.engine.solver.other_solution`, within its budget, after a look
    among two-digit trades of ``known`` (the solution: see
    :func:`~game.engine.solver.swapped_solution`).

    Near the end of a dig, most removals break uniqueness and each search takes
    long to find the second solution, which is often two digits trading places:
    two thirds of the refused removals of minimal 9x9 jigsaw Windoku digs.  Whatever
    this returns, or raises, says the same about the removal as the search alone: a
    trade found is a second solution, and without one the search runs with its
    whole budget.

    The trades are a lookup in a table worked out once per solution (about 0.6 ms
    on 9x9).  Under extra houses or links, where the search's nodes cost most, the
    lookup comes first.  On a plain grid a search of :data:`QUICK_NODES` settles most
    removals, and a classic Extreme candidate is dug in about 2 ms, so the search
    comes first and the table is built only for a dig that needs it.  Measured on
    Extreme 9x9 digs, the same verdict on every removal: jigsaw Windoku took 0.93 of
    the time, jigsaw X 0.89, anti-king 0.75 and Windoku 0.72 with the lookup first
    (three candidates for each of 40 seeds, 20 for the others); classic Extreme,
    paired over seeds 1 to 6, 0.96 with the search first and 1.08 with the lookup
    first.

    Only under rules that let digits trade places (see
    :attr:`~game.engine.rules.RuleSet.relabels`): under sums, orders and dots a
    trade is rarely a solution.
    """
    if known is not None and (not isinstance(shape, RuleSet) or shape.relabels):
        if not isinstance(shape, RuleSet) or not shape.constraints:
            quick = QUICK_NODES if node_limit is None else min(QUICK_NODES, node_limit)
            try:
                return solver.other_solution(shape, givens, cleared, node_limit=quick, work=work)
            except solver.SearchLimitReached:
                pass
        found = solver.swapped_solution(shape, givens, cleared, known)
        if found is not None:
            return found
    return solver.other_solution(shape, givens, cleared, node_limit=node_limit, work=work)


@dataclass(frozen=True)
class Graded:
    """A puzzle a removal test accepted by a grade: its clues, the verdict, and what
    the grade learnt along its path (for :func:`~game.engine.logic.rating.rate`)."""

    givens: tuple[int, ...]
    verdict: Verdict
    findings: dict[PositionKey, Finding]


class _Grading:
    """A removal test that grades: it remembers the last puzzle it accepted by a
    grade, so the caller's final check of the dug puzzle need not walk the same
    path again, and it may stop digging early (see :func:`keeps_up_to`)."""

    def __init__(self, level: Level, refusals: int | None) -> None:
        self._level = level
        self._refusals = refusals
        self._refused = 0  # removals graded too hard since the puzzle first graded AT
        self._reached = False  # whether an accepted removal graded AT
        self._last: Graded | None = None

    def _done(self) -> bool:
        """Whether digging stops here: the refusals allowed at the level are spent."""
        return self._reached and self._refusals is not None and self._refused >= self._refusals

    def _grade(
        self,
        shape: Shape,
        givens: list[int],
        rules: RuleSet | None,
        poll: Callable[[], None] | None,
    ) -> Verdict:
        findings: dict[PositionKey, Finding] = {}
        verdict = grade(shape, givens, self._level, rules=rules, poll=poll, findings=findings)
        if verdict is Verdict.ABOVE:
            self._refused += self._reached
        else:
            self._reached = self._reached or verdict is Verdict.AT
            self._last = Graded(tuple(givens), verdict, findings)
        return verdict

    def graded(self, givens: Sequence[int]) -> Graded | None:
        """The grade of ``givens`` if it is the last puzzle this accepted by a grade."""
        if self._last is not None and self._last.givens == tuple(givens):
            return self._last
        return None

    def verdict(self, givens: Sequence[int]) -> Verdict | None:
        """The verdict of :meth:`graded`, if any."""
        last = self.graded(givens)
        return last.verdict if last is not None else None


class KeepsUpTo(_Grading):
    """Keep a removal while the puzzle stays unique and no harder than ``level``
    (see :func:`keeps_up_to`)."""

    def __init__(
        self,
        shape: Shape,
        level: Level,
        poll: Callable[[], None] | None = None,
        *,
        refusals: int | None = None,
    ) -> None:
        super().__init__(level, refusals)
        self._shape = shape
        self._poll = poll

    def __call__(self, givens: list[int], cleared: Cleared) -> bool:
        if self._done():
            return False  # digging stops here (see keeps_up_to)
        shape = self._shape
        if singles_solve(shape, givens) is not None:
            return True
        if solver.other_solution(shape, givens, cleared) is not None:
            return False
        return self._grade(shape, givens, None, self._poll) is not Verdict.ABOVE


def keeps_up_to(
    shape: Shape,
    level: Level,
    poll: Callable[[], None] | None = None,
    *,
    refusals: int | None = None,
) -> KeepsUpTo:
    """Keep a removal while the puzzle stays unique and no harder than ``level``.

    ``refusals`` (None: no limit) caps the work of reaching a *minimal* puzzle:
    once a removal has graded AT the level, the puzzle is one the generator can
    deliver, and after ``refusals`` further removals graded too hard every later
    one is refused unread (a count, not a clock, so seeds stay reproducible).  On
    16x16 a grade near the end of digging costs most of a second and most of them
    refuse (measured, Expert seed 3: 18 removals graded too hard after the first at
    the level, for 6 clues fewer), so the puzzle keeps a few clues more than a
    minimal one (2 to 4 on 16x16 Expert seeds 1 to 6) in a fraction of the grades.
    """
    return KeepsUpTo(shape, level, poll, refusals=refusals)


class KeepsLogic(_Grading):
    """Keep a removal while our logic, under ``rules``, still solves the puzzle at
    ``level`` or below (see :func:`keeps_logic`)."""

    def __init__(
        self,
        rules: RuleSet,
        level: Level,
        poll: Callable[[], None] | None = None,
        *,
        refusals: int | None = None,
    ) -> None:
        super().__init__(level, refusals)
        self._rules = rules
        self._poll = poll

    def __call__(self, givens: list[int], cleared: Cleared) -> bool:
        if self._done():
            return False  # digging stops here (see keeps_up_to)
        rules = self._rules
        if self._level is not Level.EASY and not _maybe_unique(rules, givens):
            return False
        return self._grade(rules.shape, givens, rules, self._poll) is not Verdict.ABOVE


def _maybe_unique(rules: RuleSet, givens: Sequence[int]) -> bool:
    """False when the solver finds two solutions (or none) within :data:`PRECHECK_NODES`
    branch points; True when it finds one or runs out (the grade settles it then)."""
    try:
        return len(solver.solutions(rules, givens, 2, node_limit=PRECHECK_NODES)) == 1
    except solver.SearchLimitReached:
        return True


def keeps_logic(
    rules: RuleSet,
    level: Level,
    poll: Callable[[], None] | None = None,
    *,
    refusals: int | None = None,
) -> KeepsLogic:
    """Keep a removal while our logic, under ``rules``, still solves the puzzle at
    ``level`` or below (so it stays unique too).

    Past Easy the exact solver is asked first: a removal that breaks uniqueness is
    common there, and the logic would only find it by getting stuck, after trying
    every technique up to the level.  The solver gets :data:`PRECHECK_NODES` branch
    points: its singles see little of weak links (dots, XV), and a count that took
    5 s a removal on 9x9 kropki is left to the logic instead.  ``refusals`` stops
    digging early, as in :func:`keeps_up_to`.
    """
    return KeepsLogic(rules, level, poll, refusals=refusals)


def keeps_searched(rules: RuleSet, known: Sequence[int] | None = None) -> Keeps:
    """Keep a removal while the solver's plain search proves the puzzle unique
    within :data:`SEARCH_NODES` branch points (a count, so seeds stay reproducible);
    a removal it cannot settle in that many is refused.

    Cheaper than settling what the plain search leaves open by the solver's probing
    stage: on 9x9 non-consecutive such a removal took a quarter of a second to probe
    and was mostly left undecided anyway (measured, seeds 1000 to 1002: 28 of 46
    removals), and refusing them at once kept the puzzles as small (10 to 12 clues)
    and as hard, in a fifth of the time.
    """
    return _proved_unique(rules, known, node_limit=SEARCH_NODES)


def keeps_settled(rules: RuleSet, known: Sequence[int] | None = None) -> Keeps:
    """Keep a removal while the solver's plain search proves the puzzle unique within
    :data:`SETTLE_WORK` (a count, so seeds stay reproducible); a removal it cannot
    settle in that work is refused, as the solver's singles see little of some
    rules' weak links and an exact count can take seconds."""
    return _proved_unique(rules, known, work=SETTLE_WORK)


def _proved_unique(
    rules: RuleSet,
    known: Sequence[int] | None,
    *,
    node_limit: int | None = None,
    work: int | None = None,
) -> Keeps:
    """Keep a removal when the solver proves, within the budget, that no solution
    differs in the cells cleared; refuse it when the budget runs out.  ``known``: the
    solution, if the caller has it (see :func:`second_solution`)."""

    def keeps(givens: list[int], cleared: Cleared) -> bool:
        try:
            found = second_solution(rules, givens, cleared, known, node_limit=node_limit, work=work)
        except solver.SearchLimitReached:
            return False
        return found is None

    return keeps


def swap(
    rules: RuleSet,
    solution: Sequence[int],
    givens: Sequence[int],
    groups: Sequence[tuple[int, ...]],
    level: Level,
    rng: random.Random,
    *,
    tries: int,
    poll: Callable[[], None] | None = None,
) -> Graded | None:
    """A puzzle at ``level`` that differs from ``givens`` by one swap, or None when
    none of ``tries`` swaps drawn at random is.

    A swap takes one clue group of ``groups`` away and puts back another from
    ``solution``, so the puzzle keeps as many clues.  It is for a dug puzzle that
    ended below its level because every further removal grades above it: under
    some rules the levels between are a narrow band (on 9x9 non-consecutive, 75 of
    106 Hard candidates ended Easy, every removal past their last graded Expert or
    harder), and a removal that overshoots with a clue put back elsewhere often
    lands in it.  Each swap is graded under the rules; AT proves the puzzle unique.
    """
    present = [group for group in groups if givens[group[0]]]
    absent = [group for group in groups if not givens[group[0]]]
    pairs = len(present) * len(absent)
    for pair in rng.sample(range(pairs), min(tries, pairs)):
        if poll is not None:
            poll()
        out, into = divmod(pair, len(absent))
        trial = list(givens)
        for cell in present[out]:
            trial[cell] = 0
        for cell in absent[into]:
            trial[cell] = solution[cell]
        if not _maybe_unique(rules, trial):
            continue  # common, and cheaper to see than by a grade that gets stuck
        findings: dict[PositionKey, Finding] = {}
        verdict = grade(rules.shape, trial, level, rules=rules, poll=poll, findings=findings)
        if verdict is Verdict.AT:
            return Graded(tuple(trial), verdict, findings)
    return None
