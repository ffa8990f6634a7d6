"""Logical solving: the next step, the whole path, and one technique applied everywhere.

The path always takes the simplest step available and goes back to the simplest
techniques after every success, the way a person solves and the way Sudoku
Explainer rates.  "Simplest" is the catalogue's teaching order for hints, and the
rating for scores (``by_rating``): SE has no W-Wing, say, and reaches its
elimination with a chain, so a hint offers the W-Wing a player learns early while
the score, like SE, takes a lower-rated wing first where one applies.  Uniqueness
techniques are used only when the caller vouches that the puzzle has exactly one
solution.

Every search runs within a work budget (see :mod:`.budget`): each technique call
gets its declared allowance, inside the budget of the whole hint or path, and a
technique that spends it steps aside for the next one.  Budgets count work, not
time, so a position always gets the same answer; :class:`StepSearch` and
:class:`SolvePath` say when a budget cut the search short, so callers can tell
"nothing applies" from "gave up".

A search may start from what an earlier one learnt (``known``: :data:`Findings`):
the generator's grading walks the same path before the rater does, and at each
position it searched it knows which techniques found nothing and which found the
step; the rater then runs only the techniques the grading did not try there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .budget import HINT_BUDGET, PATH_BUDGET, Budget, BudgetSpent, call_cost, charging
from .fish_search import quiet_digits
from .grid import CandidateGrid
from .registry import Level, Technique, all_techniques, get
from .step import Step


@dataclass(frozen=True)
class Finding:
    """What one search learnt at one position: techniques (by name) that found
    nothing there, and the technique ``finder`` whose first step there is ``step``
    (both None when none of those tried found one)."""

    found_nothing: frozenset[str]
    finder: str | None = None
    step: Step | None = None


PositionKey = tuple[tuple[int, ...], tuple[int, ...]]
"""A position's digits and candidates: what a technique's answer depends on (the
shape, rules and givens are the puzzle's, the same all along one path)."""

Findings = Mapping[PositionKey, Finding]
"""What earlier searches learnt along one puzzle's path, by position."""


def position_key(grid: CandidateGrid) -> PositionKey:
    """The key of ``grid`` in :data:`Findings`."""
    return grid.values, grid.cands


@dataclass(frozen=True)
class StepSearch:
    """What looking for the simplest step found.

    ``stepped_aside`` names the techniques that were not tried to the end in this
    position (their allowance ran out, or the grid is beyond their ``max_size``);
    ``exhausted`` says the enclosing budget ran out, so the techniques after them
    were not tried at all.  With neither, a missing step means no technique applies.
    """

    step: Step | None
    stepped_aside: tuple[str, ...] = ()
    exhausted: bool = False

    @property
    def complete(self) -> bool:
        """Whether every usable technique was tried to the end."""
        return not self.stepped_aside and not self.exhausted


class Searches:
    """What the technique searches along one path have learnt, so later ones do less.

    A one-digit technique's steps on a digit depend on that digit's places alone
    (:attr:`~.registry.Technique.one_digit`).  So one that found nothing at some
    position of the path has nothing to say on the digits whose places have not
    changed since, and is shown the others only (:meth:`~.grid.CandidateGrid.only`).
    A step changes a few digits' places, so this spares most of the fish, kites and
    X-chains' work along a path, and changes no step found (measured on 9x9 jigsaw
    Windoku candidates: the grade took 10 to 15 % less time).

    Nor is one past the singles shown a digit whose candidates the template
    searches already done put all on templates (:func:`~.fish_search.quiet_digits`):
    whatever it removes lies on no template, and what it places a hidden single
    would place first.  The fish search those templates for the digits a step
    changed, so the kites, colouring and X-chains rated after them mostly find
    their digits settled.

    A local technique's steps are patterns on a few cells, decided by those cells'
    candidates alone (:attr:`~.registry.Technique.local`: subsets, bent wings, Sue
    de Coq, the Law of Leftovers).  One that found nothing is shown the position
    focused on the cells changed since (:meth:`~.grid.CandidateGrid.focused`), and
    searches only the patterns that touch them: most steps change one to three cells.
    """

    def __init__(self) -> None:
        self._quiet: dict[str, CandidateGrid] = {}  # where each found nothing last
        self._position: CandidateGrid | None = None
        # cells and digits changed, by quiet position
        self._changed: dict[CandidateGrid, tuple[int, int]] = {}
        self._shown: dict[int, CandidateGrid] = {}  # the position narrowed, by digits
        self._focused: dict[int, CandidateGrid] = {}  # the position focused, by cells
        self._settled = 0  # digits quiet_digits found all on templates at the position

    def grid(self, technique: Technique, position: CandidateGrid) -> CandidateGrid | None:
        """What ``technique`` need search at ``position`` (None: nothing)."""
        if not technique.one_digit and not technique.local:
            return position
        if position is not self._position:
            self._position = position
            self._changed = {}
            self._shown = {}
            self._focused = {}
            self._settled = 0
        if technique.local:
            return self._focus(technique, position)
        every = (1 << position.size) - 1
        since = self._quiet.get(technique.name)
        digits = every
        if since is not None:
            digits = self._difference(since, position)[1]
        if digits and technique.level is not Level.EASY:
            # Once all on templates, a digit stays so at this position: asked once.
            digits &= ~self._settled
            if digits:
                settled = quiet_digits(position, digits)
                self._settled |= settled
                digits &= ~settled
        if not digits:
            return None
        if digits == every:
            return position
        if digits not in self._shown:  # one for all: memos share it
            self._shown[digits] = position.only(digits)
        return self._shown[digits]

    def _focus(self, technique: Technique, position: CandidateGrid) -> CandidateGrid | None:
        """:meth:`grid` for a local technique."""
        since = self._quiet.get(technique.name)
        if since is None:
            return position
        cells = self._difference(since, position)[0]
        if not cells:
            return None
        if cells not in self._focused:  # one for all: memos share it
            self._focused[cells] = position.focused(cells)
        return self._focused[cells]

    def _difference(self, since: CandidateGrid, position: CandidateGrid) -> tuple[int, int]:
        """The cells (a bitset) whose candidates differ between ``since`` and
        ``position``, and the digits (a bitmask) whose places do."""
        found = self._changed.get(since)  # grids hash by identity
        if found is None:
            cells = digits = 0
            for cell, (before, now) in enumerate(zip(since.cands, position.cands, strict=True)):
                if before != now:
                    cells |= 1 << cell
                    digits |= before ^ now
            found = self._changed[since] = (cells, digits)
        return found

    def searched(self, technique: Technique, position: CandidateGrid, found: bool) -> None:
        """Note whether ``technique``, searched to the end, found a step at ``position``."""
        if technique.one_digit or technique.local:
            if found:
                self._quiet.pop(technique.name, None)
            else:
                self._quiet[technique.name] = position

    def first(self, technique: Technique, position: CandidateGrid) -> Step | None:
        """The first step ``technique`` finds at ``position`` (no budget)."""
        grid = self.grid(technique, position)
        step = next(iter(technique.find(grid)), None) if grid is not None else None
        self.searched(technique, position, step is not None)
        return step


def find_step(
    grid: CandidateGrid,
    *,
    unique: bool = True,
    include_last_resort: bool = True,
    budget: Budget | None = None,
    by_rating: bool = False,
    known: Findings | None = None,
    searches: Searches | None = None,
) -> StepSearch:
    """The simplest step in ``grid``, within ``budget`` (default :data:`HINT_BUDGET`).

    Simplest in the catalogue's order, or by rating with ``by_rating`` (for scores).
    ``known``: what earlier searches learnt (see the module docstring); a technique
    they tried here is not run again.  Their answers were found without this
    search's allowances, so a technique that would have stepped aside here gives
    its step instead.  ``searches``: what the searches at earlier positions of the
    same path learnt (see :class:`Searches`), added to here.
    """
    searches = searches if searches is not None else Searches()
    enclosing = budget if budget is not None else Budget(HINT_BUDGET)
    finding = known.get(position_key(grid)) if known else None
    base = call_cost(sum(mask.bit_count() for mask in grid.cands))
    aside: list[str] = []
    rules = grid.rules
    if rules is not None:
        # What a variant's rules allow: uniqueness arguments swap digits the rules can
        # tell apart, and the trials explain contradictions in rows, columns and
        # regions only, so neither runs until they learn the constraints.
        unique = unique and rules.uniqueness_sound
        include_last_resort = False
    for found in _usable(unique, include_last_resort, by_rating):
        if found.variant_only and rules is None:
            continue
        if not found.fits(grid.size):
            aside.append(found.name)
            continue
        if finding is not None:
            if found.name == finding.finder:
                searches.searched(found, grid, True)
                return StepSearch(finding.step, tuple(aside))
            if found.name in finding.found_nothing:
                searches.searched(found, grid, False)
                continue
        if enclosing.exhausted:
            return StepSearch(None, tuple(aside), True)
        shown = searches.grid(found, grid)
        if shown is None:
            continue  # it found nothing before, and nothing it reads changed since
        allowance = Budget(found.budget, enclosing)
        try:
            with charging(allowance):
                allowance.charge(base)
                for step in found.find(shown):
                    searches.searched(found, grid, True)
                    return StepSearch(step, tuple(aside))
        except BudgetSpent:
            aside.append(found.name)
            if enclosing.exhausted:
                return StepSearch(None, tuple(aside), True)
            continue
        searches.searched(found, grid, False)
    return StepSearch(None, tuple(aside))


def next_step(
    grid: CandidateGrid,
    *,
    unique: bool = True,
    include_last_resort: bool = True,
) -> Step | None:
    """The simplest step in ``grid``, or None when no technique applies (within the
    default hint budget; :func:`find_step` says whether it was cut short)."""
    return find_step(grid, unique=unique, include_last_resort=include_last_resort).step


def steps_of(grid: CandidateGrid, technique: Technique) -> list[Step]:
    """Every step ``technique`` finds in ``grid`` as it stands (for "apply everywhere").

    Within the technique's allowance: what it found before the allowance ran out.
    """
    if not technique.fits(grid.size):
        return []
    found: list[Step] = []
    try:
        with charging(Budget(technique.budget)):
            for step in technique.find(grid):
                found.append(step)
    except BudgetSpent:
        pass
    return found


def steps_named(grid: CandidateGrid, name: str) -> list[Step]:
    """The steps technique ``name``'s own finder finds in ``grid`` under that name.

    Whether or not it is the simplest step there: the trainer judges a position
    where a Skyscraper applies but a Sashimi X-Wing comes first by this.  Steps a
    finder reports under another name (a broader finder naming a step by its form)
    are left out; so are steps that change nothing.  Empty for an unknown name.
    """
    try:
        found = get(name)
    except KeyError:
        return []
    return [
        step
        for step in steps_of(grid, found)
        if step.technique == found.name and (step.placements or step.eliminations)
    ]


@dataclass(frozen=True)
class SolvePath:
    """The steps from a position to the end, and where they stopped.

    ``exhausted`` says the path's budget ran out before the end; ``stepped_aside``
    names techniques that were not tried to the end at the last position (see
    :class:`StepSearch`), so a path that stops there may have stopped early.
    """

    steps: tuple[Step, ...]
    final: CandidateGrid
    exhausted: bool = False
    stepped_aside: tuple[str, ...] = ()

    @property
    def solved(self) -> bool:
        return self.final.is_solved()

    @property
    def used_last_resort(self) -> bool:
        return any(step.last_resort for step in self.steps)

    @property
    def complete(self) -> bool:
        """Whether the path is solved, or stopped where no technique applies at all."""
        return self.solved or (not self.exhausted and not self.stepped_aside)


def solve_path(
    grid: CandidateGrid,
    *,
    unique: bool = True,
    include_last_resort: bool = True,
    max_steps: int = 10_000,
    budget: Budget | None = None,
    by_rating: bool = False,
    known: Findings | None = None,
    poll: Callable[[], None] | None = None,
) -> SolvePath:
    """Apply the simplest step again and again until solved, stuck, or out of budget.

    ``budget`` defaults to :data:`PATH_BUDGET` for the whole path; ``by_rating``
    takes the lowest-rated step instead of the first in teaching order (see above);
    ``known`` is passed to each :func:`find_step`; ``poll`` is called before each
    step and may raise to abandon the path.
    """
    total = budget if budget is not None else Budget(PATH_BUDGET)
    steps: list[Step] = []
    search = StepSearch(None)
    searches = Searches()
    while not grid.is_solved() and len(steps) < max_steps:
        if poll is not None:
            poll()
        search = find_step(
            grid,
            unique=unique,
            include_last_resort=include_last_resort,
            budget=total,
            by_rating=by_rating,
            known=known,
            searches=searches,
        )
        if search.step is None:
            break
        steps.append(search.step)
        grid = grid.apply(search.step.placements, search.step.eliminations)
    if search.step is not None or grid.is_solved():
        return SolvePath(tuple(steps), grid)
    return SolvePath(tuple(steps), grid, search.exhausted, search.stepped_aside)


def _usable(
    unique: bool, include_last_resort: bool, by_rating: bool = False
) -> tuple[Technique, ...]:
    global _usable_from
    catalogue = all_techniques()
    if catalogue is not _usable_from:  # a technique was registered since
        _USABLE.clear()
        _usable_from = catalogue
    key = (unique, include_last_resort, by_rating)
    found = _USABLE.get(key)
    if found is None:
        usable = [
            t
            for t in catalogue
            if (unique or not t.needs_unique) and (include_last_resort or not t.last_resort)
        ]
        if by_rating:
            usable.sort(key=Technique.rating_order)
        found = _USABLE[key] = tuple(usable)
    return found


_USABLE: dict[tuple[bool, bool, bool], tuple[Technique, ...]] = {}
"""The techniques each kind of search runs, in order (a path asks at every step)."""
_usable_from: tuple[Technique, ...] | None = None
"""The catalogue ``_USABLE`` was made from."""
