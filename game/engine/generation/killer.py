"""Killer cages from a solution grid, givens-free, at a chosen level.

The way Simon Tatham's Solo makes killers, with our exact solver and our logic:

1. *Dominoes*: the grid is tiled at random with cages of two touching cells (a
   cell left over is a cage of one).  Every such puzzle is easy to pin down:
   each cage holds a known pair of digits.
2. *Merging*: two touching cages whose digits do not repeat become one, in a
   random order, and the merge is kept while the puzzle stays unique (the exact
   solver under the rules) and our logic still solves it at the level asked for
   or below (:func:`~.grading.grade`); passes repeat until no merge is kept.
   Bigger cages say less, so the puzzle gets harder as it goes.  Difficulty does
   not grow steadily with merges, though (a merge can make a sum more telling),
   so once the puzzle is at the level only merges that keep it there are kept:
   waiting for the end lost most Hard candidates to a last merge that left them
   Medium.  At the level, only :data:`TRIES_AT_LEVEL` more merges are graded: each
   grade there walks the whole path.
3. A candidate that never reached the level is dropped, and the generator tries
   another solution.  Extreme is the exception: merges are kept while the solver
   proves the puzzle unique, and the minimal killer left is graded once.

Cages never exceed :data:`LARGEST` cells (a cage of nine 9x9 cells just says
"all digits once", and setters rarely draw them past six).  The solver is asked
only on Extreme targets: the logic proves uniqueness wherever it solves the puzzle
(measured: asking the solver first made a Medium killer three times slower).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..logic.registry import Level
from ..rules import Cage, Constraint, RuleSet
from ..rules.constraints import orthogonal_pairs
from ..shape import Shape
from .digging import keeps_settled
from .grading import Verdict, grade

LARGEST = 6
"""The most cells a cage may have (fewer on grids smaller than 9x9: two thirds of a row)."""


def cages(
    shape: Shape,
    ruled: tuple[Constraint, ...],
    solution: Sequence[int],
    level: Level,
    rng: random.Random,
    poll: Callable[[], None] | None = None,
) -> tuple[Cage, ...] | None:
    """Cages for ``solution`` (under the global rules ``ruled``) that make a unique
    givens-free puzzle at ``level``, or None when this solution gave none."""
    n = shape.size
    largest = min(LARGEST, max(2, (n + n) // 3))  # two thirds of a house
    owner = _dominoes(n, rng)
    empty = (0,) * shape.cells

    def rules_of(groups: dict[int, list[int]]) -> RuleSet:
        made = tuple(
            Cage(tuple(sorted(cells)), sum(solution[c] for c in cells))
            for _, cells in sorted(groups.items())
        )
        return RuleSet(shape, ruled + made)

    def fits(groups: dict[int, list[int]]) -> Verdict:
        rules = rules_of(groups)
        if level is Level.EXTREME:
            # A minimal unique killer, graded once at the end: grading every merge
            # at Extreme runs every technique at each stuck position.
            unique = keeps_settled(rules)(list(empty))
            return Verdict.BELOW if unique else Verdict.ABOVE
        return grade(shape, empty, level, rules=rules, poll=poll)

    groups: dict[int, list[int]] = {}
    for cell, cage in enumerate(owner):
        groups.setdefault(cage, []).append(cell)
    verdict = fits(groups)
    if verdict is Verdict.ABOVE:
        return None
    reached = verdict is Verdict.AT
    merged = True
    left = TRIES_AT_LEVEL  # merges still graded once the puzzle is at its level
    while merged and left:
        merged = False
        pairs = _touching_cages(n, groups)
        rng.shuffle(pairs)
        # Far below the level, most merges keep the puzzle below it: while no merge
        # has been refused yet, merges go in batches graded once (a batch that
        # overshoots is retried a merge at a time), which saves most of the grades
        # of the early passes.  At the level, every merge is graded alone.
        batch = BATCH if not reached else 1
        at = 0
        while at < len(pairs) and left:
            chunk = pairs[at : at + batch]
            trial = dict(groups)
            count = 0
            for a, b in chunk:
                union = _merged(trial, a, b, solution, largest)
                if union is not None:
                    del trial[b]
                    trial[a] = union
                    count += 1
            if not count:
                at += len(chunk)
                continue
            verdict = fits(trial)
            if reached and level is not Level.EXTREME:
                left -= 1
            if verdict is Verdict.AT or (verdict is Verdict.BELOW and not reached):
                groups = trial
                merged = True
                reached = reached or verdict is Verdict.AT
                at += len(chunk)
                if reached:
                    batch = 1
            elif count > 1:
                batch = 1  # retry this batch's merges one at a time
            else:
                at += len(chunk)
    if level is Level.EXTREME:
        reached = grade(shape, empty, level, rules=rules_of(groups), poll=poll) is Verdict.AT
    if not reached:
        return None
    return tuple(rules_of(groups).constraints[len(ruled) :])  # type: ignore[arg-type]


BATCH = 6
"""Merges tried together while a killer is still below its level (see :func:`cages`)."""

TRIES_AT_LEVEL = 8
"""Merges graded, at most, once a killer is at its level (below Extreme).  Each
grade there walks the whole path; going on until no merge is kept took about 25
grades on a 9x9 Medium (2.2 s CPU median), 8 take about 0.5 s, and the killer
keeps a few more cages (28 rather than 22 on five Medium seeds)."""


def _merged(
    groups: dict[int, list[int]], a: int, b: int, solution: Sequence[int], largest: int
) -> list[int] | None:
    """The cells of cages ``a`` and ``b`` as one cage, or None when they cannot merge
    (one was merged away already, the cage would be too big, or a digit repeats)."""
    if a not in groups or b not in groups:
        return None
    union = groups[a] + groups[b]
    if len(union) > largest:
        return None
    digits = [solution[c] for c in union]
    return union if len(set(digits)) == len(digits) else None


def _dominoes(n: int, rng: random.Random) -> list[int]:
    """A random tiling by dominoes (a cell left over is alone): each cell's cage number."""
    owner = [-1] * (n * n)
    pairs = list(orthogonal_pairs(n))
    rng.shuffle(pairs)
    cage = 0
    for a, b in pairs:
        if owner[a] < 0 and owner[b] < 0:
            owner[a] = owner[b] = cage
            cage += 1
    for cell in range(n * n):
        if owner[cell] < 0:
            owner[cell] = cage
            cage += 1
    return owner


def _touching_cages(n: int, groups: dict[int, list[int]]) -> list[tuple[int, int]]:
    """Every pair of cages that share an edge, each once, in a fixed order."""
    owner = [0] * (n * n)
    for cage, cells in groups.items():
        for cell in cells:
            owner[cell] = cage
    found = set()
    for a, b in orthogonal_pairs(n):
        if owner[a] != owner[b]:
            found.add((min(owner[a], owner[b]), max(owner[a], owner[b])))
    return sorted(found)
