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
  last-resort search.

The cap: a path that needs more than :data:`MAX_EXPERT_STEPS` chain-level steps is
called too hard.  Chain searches are what make rating slow (a fraction of a second
each on 9x9), such puzzles are a slog rather than a challenge, and the cap is a
count, not a clock, so generation stays reproducible on any machine.

:func:`grade` follows the rater's path, so its verdict is the rater's; the generator
still rates each puzzle it delivers with :func:`rate` itself, so any drift between
the two costs a candidate but never mislabels a puzzle.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import solver
from ..logic.grid import CandidateGrid
from ..logic.registry import Level, Technique, all_techniques
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
) -> Verdict:
    """Where the unique puzzle ``grid`` stands against ``target`` (see the module docstring).

    ``rules`` are a variant's (None for a classic or jigsaw grid).  Under rules a
    puzzle need not be known unique: a path that gets stuck is ABOVE (or AT an
    Extreme target), so BELOW and AT also prove it unique.
    ``poll`` is called before each step; it may raise to abandon the check.
    """
    if rules is not None and not rules.constraints:
        rules = None
    plan = _plan(target, _flavour(rules))
    position = CandidateGrid.from_grid(shape, grid, rules=rules)
    hardest = Level.EASY
    steps = expert_steps = 0
    while True:
        if plan.fast_singles:
            if plan.naked:
                position = fill_singles(position)
            elif plan.sums_fast and hardest >= Level.MEDIUM:
                position = fill_singles(position, sums=True)
            else:
                position = fill_singles(position, naked=False)
        if position.is_solved():
            break
        if poll is not None:
            poll()
        step = None
        for found in plan.order:
            step = next(iter(found.find(position)), None)
            if step is not None:
                break
        if step is None:
            # Nothing up to the target applies: the rater's next step is harder,
            # or there is none and it calls the puzzle Extreme.
            return Verdict.AT if target is Level.EXTREME else Verdict.ABOVE
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
    Constraint Pair eliminations (rated between hidden and naked singles) run in the
    same loop: all are Easy and only remove candidates, so the fixpoint is the same
    whatever the order.  ``naked=False`` leaves naked singles to the caller: where a
    rule narrows sums, the rater takes a Constraint Sum (Medium, rated 1.8) before a
    naked single (2.3), and grading must see that.  Once a path has taken a
    Constraint Sum, though, the order among these cheap steps no longer changes the
    level, and ``sums=True`` runs the sums' narrowing in the same loop (with naked
    singles): on a givens-free killer that is most of the path, in one pass.
    """
    shape = position.shape
    peers = shape.peers
    n = shape.size
    rules = position.rules
    exclusions = rules.exclusions if rules is not None else None
    pairs = rules.pair_rules if rules is not None else ()
    narrowing = rules.narrowing if rules is not None and sums else ()
    values = list(position.values)
    cands = list(position.cands)

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
        for rule in narrowing:
            cells = rule.cells()
            masks = [1 << (values[c] - 1) if values[c] else cands[c] for c in cells]
            kept = rule.narrow(masks, n)
            if kept is None:
                continue  # a dead end: as the Constraint Sum step, leave it to others
            for cell, keep in zip(cells, kept, strict=True):
                if not values[cell] and cands[cell] & ~keep:
                    cands[cell] &= keep
                    changed = True
        if naked or sums:
            for cell, mask in enumerate(cands):
                if mask and not mask & (mask - 1):
                    place(cell, mask.bit_length())
                    changed = True
        for members in shape.units:
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
    return CandidateGrid(shape, values, cands, givens=position.givens, rules=rules)


@dataclass(frozen=True)
class _Plan:
    order: tuple[Technique, ...]  # the rater's order, up to the target's last technique
    levels: dict[str, Level]  # every technique's level, by name
    fast_singles: bool  # the simplest techniques are exactly the singles (and pairs)
    naked: bool = True  # the fast pass may place naked singles too
    sums_fast: bool = False  # every step rated up to a naked single is cheap (see grade)


_SINGLES = frozenset({"Full House", "Hidden Single", "Naked Single"})
_VARIANT_EASY = _SINGLES | {"Constraint Pair"}


class _Flavour(enum.Enum):
    """What the rater may use on a rule set: the steps differ between these."""

    CLASSIC = "classic"  # no constraints: uniqueness techniques and trials allowed
    VARIANT = "variant"  # constraints: constraint steps, no uniqueness, no trials
    SUMS = "sums"  # a variant whose rules narrow sums (Constraint Sum can apply)


def _flavour(rules: RuleSet | None) -> _Flavour:
    if rules is None:
        return _Flavour.CLASSIC
    return _Flavour.SUMS if rules.narrowing else _Flavour.VARIANT


@functools.cache
def _plan(target: Level, flavour: _Flavour = _Flavour.CLASSIC) -> _Plan:
    """How to grade against ``target``.

    The rater orders techniques by rating, so harder ones sit between easier ones;
    those must still be tried (if one applies, the rater takes it and the puzzle is
    above the target), but nothing after the target's last technique need be.
    On variants the rater skips uniqueness techniques and trials (see
    :func:`~game.engine.logic.path.find_step`) and adds the constraint steps.
    """
    every = all_techniques()
    levels = {t.name: t.level for t in every}
    if flavour is _Flavour.CLASSIC:
        order = tuple(t for t in every if not t.variant_only)
        easy_names = _SINGLES
    else:
        order = tuple(t for t in every if not t.needs_unique and not t.last_resort)
        easy_names = _VARIANT_EASY
    useful = [i for i, t in enumerate(order) if t.level <= target and not t.last_resort]
    easy = {t.name for t in order if t.level is Level.EASY}
    fast = easy == easy_names and {t.name for t in order[: len(easy)]} <= easy_names | {
        "Constraint Sum"
    }
    # Where nothing but singles, pairs and sums is rated up to a naked single, a
    # path that took a sum may take them all in one loop (see fill_singles).
    names = [t.name for t in order]
    cheap = names[: names.index("Naked Single") + 1] if "Naked Single" in names else []
    return _Plan(
        order[: useful[-1] + 1] if useful else (),
        levels,
        fast,
        naked=flavour is not _Flavour.SUMS,
        sums_fast=set(cheap) <= _VARIANT_EASY | {"Constraint Sum"},
    )
