"""Is a candidate puzzle at the level asked for?  Cheap answers first, exact ones last.

The generator asks this thousands of times, so it never calls the full rater on a
candidate it can reject sooner:

- :func:`singles_solve` runs the exact solver without branching.  The solver's
  propagation places naked and hidden singles and nothing else, exactly what the
  Easy techniques do, so "solved without branching" means "Easy" (and unique: the
  singles follow from the givens alone).  About 50 µs on 9x9.
- :func:`grade` walks the same simplest-step path as
  :func:`~game.engine.logic.rating.rate`, trying techniques in the same order, but
  stops as soon as the answer is known: at the first step above the target level;
  at a position where no technique up to the target applies (whatever the rater
  would do next is harder); or, for an Extreme target, at the first position that
  only a last resort cracks.  Techniques ordered after the target level's last one
  never run, so a Medium check never pays for chains, and no check pays for the
  last-resort search.  Harder techniques ordered among the target's run only when
  a technique up to the target applies after them (see :func:`_split`).
- :func:`logic_solves` screens Extreme variant candidates before their grade: every
  technique at once, no path; a puzzle it finishes is below Extreme.

The cap: a path that needs more than :data:`MAX_EXPERT_STEPS` chain-level steps is
called too hard.  Chain searches are what make rating slow (a fraction of a second
each on 9x9), such puzzles are a slog rather than a challenge, and the cap is a
count, not a clock, so generation stays reproducible on any machine.

:func:`grade` follows the rater's path, so its verdict is the rater's; the generator
still rates each puzzle it delivers with :func:`rate` itself, so any drift between
the two costs a candidate but never mislabels a puzzle.  The rater may take what
the grade learnt along the way (``findings``: at each position it searched, the
techniques that found nothing and the step found), which spares it the searches
but trusts their answers: the rater still takes every cheap step itself, and
runs any technique the grade did not try at a position.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .. import solver
from ..logic.digit_templates import removable
from ..logic.fish_search import variant_removable
from ..logic.grid import CandidateGrid, cells_of
from ..logic.killer import cages_of, fit
from ..logic.path import Finding, PositionKey, Searches, position_key
from ..logic.registry import Level, Technique, all_techniques
from ..logic.step import Step
from ..logic.techniques.templates import TEMPLATE_RATING
from ..logic.variant_units import variant_units
from ..rules import RuleSet
from ..shape import Shape

MAX_EXPERT_STEPS = 25
"""Steps at Expert level a path may take before the puzzle counts as too hard."""

MAX_STEPS = 1_000
"""A safety net: a path this long is called too hard (real ones take under 200)."""


def singles_solve(shape: Shape | RuleSet, grid: Sequence[int]) -> tuple[int, ...] | None:
    """The solution if the solver's propagation alone solves ``grid``, else None.

    On a plain shape that propagation is exactly the singles, so a solution means
    Easy; under a variant's rules it also reads links and sums (and houses the
    logic's singles do not scan), so a solution only means unique.
    """
    try:
        found = solver.solutions(shape, grid, limit=1, node_limit=0)
    except solver.SearchLimitReached:
        return None
    return found[0] if found else None


def logic_solves(rules: RuleSet, grid: Sequence[int]) -> bool:
    """Whether our logic, every technique but the last resorts, finishes ``grid``
    under ``rules`` when each technique takes every step it finds at once.

    A screen for Extreme candidates, not a grade: no path, no order by rating, so
    it may disagree with :func:`grade` (a technique that applies on one path may not
    on another), but a puzzle it finishes is one whose grade nearly always comes out
    below Extreme.  Cheaper than the grade, which tries the techniques in the
    rater's order one step at a time (measured on 100 minimal 9x9 disjoint-groups
    candidates: 1.5 s against 2.5 s; it finished the 98 the grade did not call
    Extreme and neither of the 2 it did).

    The one-digit techniques past Medium (fish of every kind, kites, colouring,
    X-chains) are not run: :data:`ONE_DIGIT_TEMPLATES` removes at once everything
    any of them could, and more, since it has no size or budget.  So the screen may
    finish a puzzle our logic cannot.  Measured on the 334 screens of ten kinds
    (global rules and drawn constraints, seeds 2000 to 2005; Windoku to 2011), it
    finished 2 more, neither of which the grade called Extreme (one was too hard
    for it, one below), in 45 to 75 % less time (Windoku: 6.6 -> 3.1 s for 116
    screens); Extreme puzzles of those kinds, seeds 2000 to 2007, came out the same.
    """
    names, others = _everything()
    position = CandidateGrid.from_grid(rules.shape, grid, rules=rules)
    return _close(position, names, others).is_solved()


def _one_digit_templates(grid: CandidateGrid) -> Iterator[Step]:
    """Every candidate that lies on no template of its digit, removed in one step."""
    units = variant_units(grid)
    eliminations: list[tuple[int, int]] = []
    for digit in range(1, grid.size + 1):
        places = grid.digit_cells(digit)
        if not places:
            continue
        dead = removable(grid, digit) if units is None else variant_removable(units, digit, places)
        if dead:
            eliminations.extend((cell, digit) for cell in cells_of(dead))
    if eliminations:
        yield Step(ONE_DIGIT_TEMPLATES.name, eliminations=tuple(eliminations))


ONE_DIGIT_TEMPLATES = Technique(
    "One-Digit Templates", Level.EXTREME, TEMPLATE_RATING, _one_digit_templates, one_digit=True
)
"""The screen's stand-in for the one-digit techniques (:attr:`Technique.one_digit`):
a candidate on no template of its digit (:mod:`~game.engine.logic.digit_templates`,
under the variant's houses and links) is what any one-digit reasoning removes.
Not a registered technique: no hint or rating names it."""


@functools.cache
def _everything() -> tuple[frozenset[str], tuple[Technique, ...]]:
    """The variant plan's techniques up to Extreme, split as :func:`_close` takes them,
    with :data:`ONE_DIGIT_TEMPLATES` where the first one-digit technique past Medium
    stood and none of the others (the Medium ones are cheap and find most of it)."""
    order = _plan(Level.EXTREME, True).order
    names = frozenset(t.name for t in order if t.name in _BUILT_IN)
    others: list[Technique] = []
    for technique in order:
        if technique.name in _BUILT_IN or technique.name in SCREEN_SKIPS:
            continue
        if technique.one_digit and technique.level > Level.MEDIUM:
            if ONE_DIGIT_TEMPLATES not in others:
                others.append(ONE_DIGIT_TEMPLATES)
            continue
        others.append(technique)
    return names, tuple(others)


SCREEN_SKIPS = frozenset(
    {
        "Naked Quad",
        "Hidden Quad",
        "WXYZ-Wing",
        "Sue de Coq",
        "Aligned Pair Exclusion",
        "VWXYZ-Wing",
        "Template Set",
        "ALS-XZ",
        "ALS-XY-Wing",
        "Grouped AIC through ALS",
        "Template Delete",
        "3D Medusa",
        "XY-Chain",
        "Remote Pair",
        "ALS Chain",
        "Death Blossom",
    }
)
"""Techniques :func:`logic_solves` leaves out: those that took the most time for the
fewest candidates finished (measured per technique on 60 minimal 9x9 candidates each
of disjoint groups, Windoku and anti-king).  The chains and the other techniques
mostly find what they would; without them the screen took 45% less time and left 2
of 60 anti-king candidates, and no others, to the grade.  Leaving a technique out
only makes the screen reject less, never a puzzle the full screen would keep.
The last four found nothing in 334 screens of ten kinds (seeds 2000 to 2005)
once :data:`ONE_DIGIT_TEMPLATES` and the Alternating Inference Chain had run,
and took 6 % of their time.  The ALS Chain and Death Blossom took more than half
the screen's time on minimal 9x9 jigsaw Windoku puzzles (93 candidates: 3.1 s
with them, 1.4 s without; 49 of the 50 below Extreme still rejected); without
them the Extreme rows of every variant kind on classic grids took as many candidates
from seeds 1000 to 1007, in 0.77 to 1.04 of the time but for X (1.19), Windoku
(1.08) and XV (1.12), which gave 0.84, 1.03 and 0.92 on seeds 2000 to 2015."""


class Verdict(enum.Enum):
    """Where a puzzle stands against a target level."""

    BELOW = "below"
    AT = "at"
    ABOVE = "above"


def grade(
    shape: Shape,
    grid: Sequence[int],
    target: Level,
    *,
    rules: RuleSet | None = None,
    poll: Callable[[], None] | None = None,
    findings: dict[PositionKey, Finding] | None = None,
) -> Verdict:
    """Where the unique puzzle ``grid`` stands against ``target`` (see the module docstring).

    ``rules`` are a variant's (None for a classic or jigsaw grid).  Under rules a
    puzzle need not be known unique: a path that gets stuck is ABOVE (or AT an
    Extreme target), so BELOW and AT also prove it unique.
    ``poll`` is called before each step; it may raise to abandon the check.
    ``findings``, when given, is filled with what the grade learnt at each position
    it searched (see :data:`~game.engine.logic.path.Findings`), for :func:`rate`
    to walk the same path without searching again.
    """
    if rules is not None and not rules.constraints:
        rules = None
    variant = rules is not None
    plan = _plan(target, variant)
    within, beyond = _split(target, variant)
    position = CandidateGrid.from_grid(shape, grid, rules=rules)
    hardest = Level.EASY
    steps = expert_steps = 0
    searches = Searches()
    while True:
        quiet = 0
        if plan.fast:
            position, quiet = _cheap_steps(position, plan, hardest >= Level.MEDIUM)
        if position.is_solved():
            break
        if poll is not None:
            poll()
        step = None
        rank = 0
        finder = None
        for rank, found in within:
            if rank < quiet:
                continue  # the cheap steps closed it: it finds nothing here
            step = searches.first(found, position)
            if step is not None:
                finder = found
                break
        if step is None:
            # Nothing up to the target applies: the rater's next step is harder,
            # or there is none and it calls the puzzle Extreme.
            if findings is not None:
                tried = frozenset(t.name for _, t in within)
                findings[position_key(position)] = Finding(tried)
            return Verdict.AT if target is Level.EXTREME else Verdict.ABOVE
        harder = tuple(t for earlier, t in beyond if earlier < rank)
        if any(searches.first(t, position) is not None for t in harder):
            return Verdict.ABOVE  # the rater would take that harder step first
        if findings is not None and finder is not None:
            # Every technique the rater ranks before ``finder`` was tried here.
            tried = _prefixes(target, variant)[rank]
            findings[position_key(position)] = Finding(tried, finder.name, step)
        level = plan.levels.get(step.technique, Level.EXTREME)
        hardest = max(hardest, Level.EXTREME if step.last_resort else level)
        steps += 1
        expert_steps += level >= Level.EXPERT
        if hardest > target or expert_steps > MAX_EXPERT_STEPS or steps > MAX_STEPS:
            return Verdict.ABOVE
        if hardest is Level.EXTREME:
            return Verdict.AT
        position = position.apply(step.placements, step.eliminations)
    return Verdict.AT if hardest == target else Verdict.BELOW


def fill_singles(
    position: CandidateGrid, *, naked: bool = True, sums: bool = False
) -> CandidateGrid:
    """``position`` with every naked and hidden single placed, again and again.

    The rater takes a single whenever there is one (singles are its simplest
    techniques), and singles stay available until placed, so the position it
    reaches when they run out does not depend on their order: this one.  Doing it
    here in one pass is many times faster than a step at a time.

    Under a variant's rules a placement also removes what the rules exclude, and the
    Constraint Pair eliminations run in the same loop.  ``naked=False`` leaves naked
    singles to the caller; ``sums=True`` also narrows every sum (Constraint Sum).
    """
    names = {"Full House", "Hidden Single", "Constraint Pair"}
    if naked:
        names.add("Naked Single")
    if sums:
        names.add("Constraint Sum")
    return _close(position, frozenset(names), ())


_BUILT_IN = frozenset(
    {
        "Full House",
        "Hidden Single",
        "Extra House Single",
        "Naked Single",
        "Constraint Pair",
        "Cage Combinations",
        "Constraint Sum",
    }
)
"""Steps :func:`_close` takes with its own loops; any other step it takes through the
technique's finder (slower: a finder also writes the step's explanation)."""


def _close(
    position: CandidateGrid, names: frozenset[str], others: Sequence[Technique]
) -> CandidateGrid:
    """``position`` after every step of the techniques ``names`` (see :data:`_BUILT_IN`)
    and ``others``, again and again until none applies.

    Every technique here only places digits its rules force and removes candidates
    they rule out, and one that applies keeps applying until its work is done (more
    removals never make it wrong), so the position reached does not depend on the
    order the steps are taken: it is the one the rater reaches taking them one at a
    time, many times faster.  A dead end (a cage or sum nothing fits) is left alone,
    as the rater's steps leave it.

    The techniques ``others`` are searched as a solve path searches them
    (:class:`~game.engine.logic.path.Searches`): one that found nothing is shown
    again only the digits or cells changed since, which finds the same steps.
    """
    shape = position.shape
    peers = shape.peers
    n = shape.size
    rules = position.rules
    exclusions = rules.exclusions if rules is not None else None
    pairs = rules.pair_rules if rules is not None and "Constraint Pair" in names else ()
    narrowing = rules.narrowing if rules is not None and "Constraint Sum" in names else ()
    cages = cages_of(rules) if rules is not None and "Cage Combinations" in names else ()
    naked = "Naked Single" in names
    units: tuple[Sequence[int], ...] = shape.units
    if rules is not None and "Extra House Single" in names:
        extra = rules.houses[len(shape.houses) :]
        units = units + tuple(h.cells for h in extra if h.is_full(n))
    values = list(position.values)
    cands = list(position.cands)
    # What each cage and sum held when last fitted: a fit reads only its own cells,
    # and its answer was taken then, so until they change it has nothing new to say.
    cage_seen: list[tuple[int, ...] | None] = [None] * len(cages)
    narrowed_seen: list[list[int] | None] = [None] * len(narrowing)
    searches = Searches()

    def place(cell: int, digit: int) -> None:
        values[cell] = digit
        cands[cell] = 0
        keep = ~(1 << (digit - 1))
        for peer in peers[cell]:
            cands[peer] &= keep
        if exclusions is not None:
            for other in exclusions[cell * n + digit - 1]:
                cands[other // n] &= ~(1 << (other % n))

    changed = True
    while changed:
        changed = False
        for _rule, a, b, forbids in pairs:
            mask = cands[a]
            if values[a] or not mask:
                continue
            there = 1 << (values[b] - 1) if values[b] else cands[b]
            if not there:
                continue
            for x, banned in forbids.items():
                bit = 1 << (x - 1)
                if mask & bit and not there & ~banned:
                    mask &= ~bit
            if mask != cands[a]:
                cands[a] = mask
                changed = True
        for index, cage in enumerate(cages):
            cells = cage.cells
            held = tuple(1 << (values[c] - 1) if values[c] else cands[c] for c in cells)
            if held == cage_seen[index]:
                continue  # as last time, whose answer is already taken
            cage_seen[index] = held
            found = fit(held, cage.total, n)
            if not found.fitting:
                continue
            if not any(
                not values[c] and cands[c] & ~keep
                for c, keep in zip(cells, found.support, strict=True)
            ):
                continue
            # As the Cage Combinations step: a cell its combinations leave one digit
            # is placed.
            for cell, keep in zip(cells, found.support, strict=True):
                if values[cell]:
                    continue
                if keep & (keep - 1):
                    cands[cell] &= keep
                else:
                    place(cell, keep.bit_length())
            changed = True
        for index, rule in enumerate(narrowing):
            cells = rule.cells()
            masks = [1 << (values[c] - 1) if values[c] else cands[c] for c in cells]
            if masks == narrowed_seen[index]:
                continue  # as last time, whose answer is already taken
            narrowed_seen[index] = masks
            kept = rule.narrow(masks, n)
            if kept is None:
                continue  # a dead end: as the Constraint Sum step, leave it to others
            for cell, keep in zip(cells, kept, strict=True):
                if not values[cell] and cands[cell] & ~keep:
                    cands[cell] &= keep
                    changed = True
        if naked:
            for cell, mask in enumerate(cands):
                if mask and not mask & (mask - 1):
                    place(cell, mask.bit_length())
                    changed = True
        for members in units:
            once = twice = 0
            for cell in members:
                twice |= once & cands[cell]
                once |= cands[cell]
            lonely = once & ~twice
            while lonely:
                low = lonely & -lonely
                lonely ^= low
                for cell in members:
                    if cands[cell] & low:
                        place(cell, low.bit_length())
                        changed = True
                        break
        if changed or not others:
            continue
        grid = CandidateGrid(shape, values, cands, givens=position.givens, rules=rules)
        for technique in others:
            shown = searches.grid(technique, grid)
            if shown is None:
                continue  # it found nothing before, and nothing it reads changed since
            stepped = False
            for step in technique.find(shown):
                stepped = True
                for cell, digit in step.placements:
                    if not values[cell]:
                        place(cell, digit)
                        changed = True
                for cell, digit in step.eliminations:
                    bit = 1 << (digit - 1)
                    if cands[cell] & bit:
                        cands[cell] &= ~bit
                        changed = True
            searches.searched(technique, grid, stepped)
            if changed:
                break
    return CandidateGrid(shape, values, cands, givens=position.givens, rules=rules)


def _cheap_steps(position: CandidateGrid, plan: _Plan, medium: bool) -> tuple[CandidateGrid, int]:
    """``position`` after the cheap steps the rater takes next, all at once, and how
    many of the plan's first techniques (in the rater's order) find nothing there.

    The rater's simplest techniques (:attr:`_Plan.early`: singles, constraint pairs,
    cage combinations ...) come before anything harder, so they are taken together
    (:func:`_close`).  A naked single, though, is rated after a few Medium steps
    (:attr:`_Plan.gates`: sums, cage pointing): while the path is still Easy, one is
    placed only where none of those applies, one at a time, as the rater would.  Once
    the path has taken a Medium step, the order among all these steps no longer
    changes the level, and they are all taken together (:attr:`_Plan.late`).

    A closure leaves its techniques nothing to find (see :func:`_close`), so the
    count is every technique up to Naked Single, or only the early ones when a gate
    applies; the grade does not ask them again (3 to 4 % of an Expert grade).
    """
    every = plan.late_count
    if medium or not plan.gates:
        # Nothing rated between the first steps and a naked single: all at once.
        return _close(position, plan.late_names, plan.late_others), every
    early = every - len(plan.gates) - 1  # the gates and Naked Single come last
    while True:
        position = _close(position, plan.early_names, plan.early_others)
        if position.is_solved() or plan.naked is None:
            return position, early
        if any(next(iter(gate.find(position)), None) is not None for gate in plan.gates):
            return position, early
        single = next(iter(plan.naked.find(position)), None)
        if single is None:
            return position, every
        position = position.apply(single.placements, single.eliminations)


@functools.cache
def _prefixes(target: Level, variant: bool) -> tuple[frozenset[str], ...]:
    """The names of the plan's first ``k`` techniques, for each ``k`` (for findings)."""
    order = _plan(target, variant).order
    return tuple(frozenset(t.name for t in order[:k]) for k in range(len(order) + 1))


@functools.cache
def _split(
    target: Level, variant: bool
) -> tuple[tuple[tuple[int, Technique], ...], tuple[tuple[int, Technique], ...]]:
    """The plan's techniques up to ``target`` and those above it, each with its rank
    in the rater's order.

    The rater takes the first technique in its order that applies, and harder ones
    sit between easier ones.  :func:`grade` looks for the first one up to the target
    first, and only then tries the harder ones ranked before it: the same step (or
    the same ABOVE), but a position where nothing up to the target applies is
    ABOVE without running the expensive techniques at all (measured on 9x9
    non-consecutive Hard: Sue de Coq and the other Expert finders ran at every
    stuck position, a third of the time).
    """
    order = _plan(target, variant).order
    within = tuple((i, t) for i, t in enumerate(order) if t.level <= target)
    beyond = tuple((i, t) for i, t in enumerate(order) if t.level > target)
    return within, beyond


@dataclass(frozen=True)
class _Plan:
    order: tuple[Technique, ...]  # the rater's order, up to the target's last technique
    levels: dict[str, Level]  # every technique's level, by name
    fast: bool = False  # the cheap steps may be taken together (see _cheap_steps)
    early_names: frozenset[str] = frozenset()  # the Easy techniques rated first ...
    early_others: tuple[Technique, ...] = ()  # ... (those _close has no loop for)
    gates: tuple[Technique, ...] = ()  # Medium techniques rated before Naked Single
    naked: Technique | None = None  # Naked Single
    late_names: frozenset[str] = frozenset()  # every technique up to Naked Single ...
    late_others: tuple[Technique, ...] = ()  # ... (those _close has no loop for)
    late_count: int = 0  # how many techniques that is: the first ones of ``order``


@functools.cache
def _plan(target: Level, variant: bool = False) -> _Plan:
    """How to grade against ``target``.

    The rater orders techniques by rating, so harder ones sit between easier ones;
    those must still be tried (if one applies, the rater takes it and the puzzle is
    above the target), but nothing after the target's last technique need be.
    On variants (``variant``: a rule set is given) the rater skips uniqueness
    techniques and trials (see :func:`~game.engine.logic.path.find_step`) and adds
    the constraint steps.
    """
    # The rater takes the lowest-rated step (``rate`` walks the path ``by_rating``:
    # see :func:`~game.engine.logic.path.solve_path`), so the plan tries techniques
    # in the same order: stable, so equal ratings keep the catalogue's.  The
    # catalogue's own order put the W-Wing (Hard, rated 7.1) ahead of Expert chains
    # rated lower, and 16x16 candidates graded at Hard or Expert were rated higher
    # (benchmarks/generator.py, seeds 1 to 5: 2 of 11 candidates at Hard, 1 of 7 at
    # Expert; none since).
    every = tuple(sorted(all_techniques(), key=Technique.rating_order))
    levels = {t.name: t.level for t in every}
    if not variant:
        order = tuple(t for t in every if not t.variant_only)
    else:
        order = tuple(t for t in every if not t.needs_unique and not t.last_resort)
    useful = [i for i, t in enumerate(order) if t.level <= target and not t.last_resort]
    cut = order[: useful[-1] + 1] if useful else ()
    names = [t.name for t in order]
    if "Naked Single" not in names:
        return _Plan(cut, levels)
    upto = order[: names.index("Naked Single") + 1]
    first = next(i for i, t in enumerate(upto) if t.level is not Level.EASY or t is upto[-1])
    early, rest = upto[:first], upto[first:]
    if any(t.level > Level.MEDIUM or t.last_resort for t in rest):
        return _Plan(cut, levels)
    gates = tuple(t for t in rest if t.level is not Level.EASY)
    if any(t.level is Level.EASY for t in rest[:-1]):
        return _Plan(cut, levels)  # an Easy step between the gates: take them one by one
    return _Plan(
        cut,
        levels,
        fast=True,
        early_names=frozenset(t.name for t in early if t.name in _BUILT_IN),
        early_others=tuple(t for t in early if t.name not in _BUILT_IN),
        gates=gates,
        naked=upto[-1],
        late_names=frozenset(t.name for t in upto if t.name in _BUILT_IN),
        late_others=tuple(t for t in upto if t.name not in _BUILT_IN),
        late_count=len(upto),
    )
