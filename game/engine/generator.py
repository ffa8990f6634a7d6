"""New puzzles at a chosen level: classic, jigsaw and variants, reproducible by seed.

:func:`generate` makes candidates until one is at the level asked for, and rates the
one it returns with the game's own rater, so every puzzle is unique (the exact
solver checks each clue removal) and at exactly the requested level.

How each level is reached cheaply (the parts live in :mod:`game.engine.generation`):

- **Easy**: remove clues only while singles still solve the puzzle (a solver run
  without branching, ~50 µs), stopping at :data:`EASY_CLUE_SHARE` of the cells so
  the puzzle stays pleasant.  One candidate is enough.
- **Medium, Hard, Expert**: remove clues while the puzzle stays unique and no harder
  than the level; most removals are settled by singles or the solver, the rest by a
  :func:`~game.engine.generation.grading.grade` that stops early.  What is left is
  minimal for the level (above 9x9, nearly: digging stops after
  :data:`BIG_GRID_REFUSALS` removals graded too hard once the candidate is at its
  level); a singles-only pre-check rejects it cheaply when it came out Easy, and
  a final grade (the last removal's, when one was graded) tells whether it
  reached the level.  The rater then walks that grade's path again from what
  the grade learnt (:data:`~game.engine.logic.path.Findings`), searching only
  where the grade did not.
- **Extreme**: a minimal unique puzzle (any level), rejected cheaply when singles
  solve it; otherwise graded up to the first position no technique but a last
  resort cracks.  Extreme puzzles are rare, so this takes longer: ``progress`` sees
  every candidate and can cancel.

Rating is capped where it is slow: the early-exit grading never runs the
last-resort search and gives up on paths needing more than
:data:`~game.engine.generation.grading.MAX_EXPERT_STEPS` chain steps (counts, not
a clock, so seeds stay reproducible).  The one full :func:`rate` per delivered
puzzle is not capped; it takes about a second on an Extreme 9x9 (far less after
a grade that walked the whole path: see above).

Jigsaw grids get a fresh layout (see :mod:`~game.engine.generation.layouts`) for
every :data:`LAYOUT_REUSE` candidates, since a layout costs more than a candidate.

**Variants** (a *kind*: see :mod:`~game.engine.generation.kinds`) take the same loop
with three changes.  The solution is drawn under the global rules (X, Windoku,
anti-knight, ...; :func:`~game.engine.generation.grids.random_solution`).  Cages,
thermometers, arrows and dots are then read off the solution
(:mod:`~game.engine.generation.killer`, :mod:`~game.engine.generation.drawn`).  And
every clue removal is graded under the rules
(:func:`~game.engine.generation.digging.keeps_logic`): the solver's propagation
reads links, sums and extra houses the logic's singles do not, so "solved without
branching" no longer means Easy; digging stops at the first removal graded at the
level (:data:`VARIANT_REFUSALS`), so the puzzle may keep a clue or two more than a
minimal one; one dug to below Medium or Hard tries a few swaps (a clue group out,
another in: :data:`SWAPPING`) before it is given up.  Extreme variant puzzles are
minimal ones our logic cannot finish (it has no trials on variants).  On classic
grids: removals straight from the solution, each kept while the solver's plain
search proves the puzzle unique within a fixed number of branch points
(:func:`~game.engine.generation.digging.keeps_searched`); one our logic finishes
when every technique takes all its steps at once
(:func:`~game.engine.generation.grading.logic_solves`) is rejected before the grade.
On jigsaw grids: removals straight from the solution, each kept while the solver
settles the puzzle unique within a fixed amount of work.

Reproducibility: every random choice comes from one ``random.Random(seed)``, in a
fixed order, over lists (never sets); no clock is read and the rating caps are
counts.  The same seed and arguments give the same puzzle on any machine, *with
the same version of the game*: a new technique changes ratings and so the puzzles.
Without a seed, one is drawn from the operating system, so no two runs repeat.
"""

from __future__ import annotations

import functools
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from .generation import drawn, killer
from .generation.digging import (
    Graded,
    dig,
    keeps_easy,
    keeps_logic,
    keeps_searched,
    keeps_settled,
    keeps_unique,
    keeps_up_to,
    swap,
)
from .generation.grading import Verdict, grade, logic_solves, singles_solve
from .generation.grids import (
    probed_solution,
    random_completion,
    random_solution,
    templates_rule_out,
)
from .generation.kinds import Kind
from .generation.layouts import random_layout
from .generation.symmetry import Symmetry, orbits
from .logic.path import Findings
from .logic.rating import rate
from .logic.registry import Level
from .puzzle import Puzzle
from .rules import Constraint, RuleSet
from .shape import Shape

__all__ = [
    "GeneratedPuzzle",
    "GenerationCancelled",
    "GenerationFailed",
    "Kind",
    "Progress",
    "RatedPuzzle",
    "Symmetry",
    "available_levels",
    "check_request",
    "generate",
    "generate_unrated",
    "new_seed",
    "orbits",
    "random_layout",
    "random_solution",
    "search",
]

Progress = Callable[[float], bool]
"""Called with the fraction of the work done (0 to 1); returning False cancels."""

VARIANTS = ("classic", "jigsaw")

EASY_CLUE_SHARE = 0.37
"""Easy puzzles keep at least this share of the cells as clues (30 on 9x9)."""

LAYOUT_REUSE = 8
"""Jigsaw candidates tried on one layout before a new layout is grown."""

BIG_GRID_REFUSALS = 3
"""On grids above 9x9, removals graded too hard once a candidate is at its level
before digging stops (see :func:`~game.engine.generation.digging.keeps_up_to`)."""

VARIANT_REFUSALS = 0
"""Under a variant's rules, removals graded too hard once a candidate is at its
level before digging stops (see :func:`~game.engine.generation.digging.keeps_up_to`).
Such a grade walks the path until the logic gets stuck or takes too many chain
steps, 0.1 to 0.6 s on 9x9 Expert, and most removals past the first at the level
grade too hard.  Measured on 9x9 Expert, seeds 1000 to 1011 (the digging draws
nothing at random, so each cap replays the same removals): median CPU seconds
without a cap, then with none allowed, X 0.45 -> 0.42, jigsaw X 2.38 -> 0.36,
anti-knight 1.27 -> 0.36, non-consecutive 1.35 -> 0.30, disjoint groups 0.40 ->
0.29, anti-king 0.47 -> 0.28, Windoku 0.20 -> 0.17; the 12 puzzles of each kind
kept 0 to 5 clue groups more in all (jigsaw X: 13 single clues), one allowed
refusal saved 1 to 5 of those for twice the time."""

_E, _M, _H, _X, _XX = Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.EXTREME

_EXPECTED: dict[tuple[str, int], dict[Level, int]] = {
    ("classic", 4): {_E: 1},
    ("classic", 6): {_E: 1, _M: 600, _H: 40, _X: 600},
    ("classic", 9): {_E: 1, _M: 8, _H: 6, _X: 13, _XX: 600},
    ("classic", 12): {_E: 1, _M: 1, _H: 3, _X: 5, _XX: 20},
    ("classic", 16): {_E: 1, _M: 1, _H: 3, _X: 5},
    ("jigsaw", 6): {_E: 1, _M: 3, _H: 7, _X: 60, _XX: 330},
    ("jigsaw", 9): {_E: 1, _M: 1, _H: 3, _X: 3, _XX: 15},
}
"""Candidates a puzzle takes on average (measured), per variant, size and level.

It shapes the progress fraction and sets the default attempt budget (50 times as
many, at least 100).  A level missing here is not offered: 4x4 grids never need more than
singles, 6x6 classic grids are too small for a last resort to be needed, and on
16x16 the rater is slow enough past Medium to keep a player waiting.
"""


_ALL = {_E: 1, _M: 3, _H: 5, _X: 10, _XX: 30}

_VARIANT_EXPECTED: dict[tuple[str, str, int], dict[Level, int]] = {
    ("rules", "classic", 4): {_E: 1},
    ("rules", "classic", 6): {_E: 1, _M: 5, _H: 40},
    ("rules", "classic", 9): _ALL,
    ("rules", "jigsaw", 6): {_E: 1, _M: 5, _H: 40},
    ("rules", "jigsaw", 9): _ALL,
    # Cage Combinations rates Easy, so givens-free killers start at Easy; a 4x4
    # killer never needs more than it.
    ("killer", "classic", 4): {_E: 1},
    # A 6x6 killer past Medium took 22 to 105 s CPU at Hard and over 200 s at Expert
    # (seeds 1000-1002), Medium 0.1-0.2 s: only Easy and Medium are offered.
    ("killer", "classic", 6): {_E: 1, _M: 1},
    ("killer", "classic", 9): {_E: 1, _M: 1, _H: 3, _X: 5, _XX: 10},
    ("killer", "jigsaw", 9): {_E: 1, _M: 1, _H: 3, _X: 5, _XX: 10},
    ("thermo", "classic", 9): _ALL,
    ("arrow", "classic", 9): _ALL,
    ("kropki", "classic", 9): _ALL,
    ("xv", "classic", 9): _ALL,
    # Lines, outside sums and quadruples (measured with variant_generator.py, 3 seeds a
    # level): their own steps are Easy or Medium and chains come soon after, so Hard,
    # which needs neither, is where the search is longest.
    ("whisper", "classic", 9): {_E: 1, _M: 3, _H: 20, _X: 3, _XX: 3},
    ("renban", "classic", 9): {_E: 1, _M: 2, _H: 25, _X: 2, _XX: 2},
    ("palindrome", "classic", 9): {_E: 1, _M: 4, _H: 3, _X: 2, _XX: 3},
    ("between", "classic", 9): {_E: 1, _M: 1, _H: 3, _X: 2, _XX: 1},
    ("little-killer", "classic", 9): {_E: 1, _M: 1, _H: 6, _X: 2, _XX: 1},
    ("sandwich", "classic", 9): {_E: 1, _M: 1, _H: 6, _X: 4, _XX: 2},
    ("quadruple", "classic", 9): {_E: 1, _M: 1, _H: 4, _X: 20, _XX: 2},
}
"""As :data:`_EXPECTED`, for variants: per family (``rules`` for the global rules
alone, else the drawn kind), grid and size.  Measured with a 60-candidate budget:
6x6 Hard takes 20 to 50 candidates and Expert often more than 60 (so is not
offered); killers are never Easy (the logic's only step reading a sum is Medium),
and a 6x6 killer past Medium takes tens of candidates."""


class GenerationCancelled(Exception):
    """The progress callback asked to stop."""


class GenerationFailed(RuntimeError):
    """No puzzle at the level turned up within the attempts allowed."""


@dataclass(frozen=True)
class GeneratedPuzzle:
    """A fresh puzzle with its unique solution and the seed that reproduces it."""

    puzzle: Puzzle
    solution: tuple[int, ...]
    seed: int


@dataclass(frozen=True)
class RatedPuzzle:
    """A generated puzzle at a known difficulty.

    ``level`` and ``score`` are the rater's verdict on ``puzzle``; ``seed`` is the
    seed :func:`generate` ran with, so calling it again with that seed and the same
    variant, size, level and symmetry gives this puzzle back.
    """

    puzzle: Puzzle
    solution: tuple[int, ...]
    level: Level
    score: float
    seed: int
    variant: str = "classic"
    """The kind's canonical name (``classic``, ``jigsaw,killer``, ...)."""


def new_seed() -> int:
    """A seed from the operating system's randomness."""
    return secrets.randbits(48)


def available_levels(variant: str, size: int) -> tuple[Level, ...]:
    """The levels :func:`generate` offers for ``variant`` and ``size`` (empty if none).

    ``variant`` is a kind (see :class:`~game.engine.generation.kinds.Kind`):
    ``classic``, ``jigsaw``, ``x``, ``jigsaw,killer``, ...
    """
    try:
        kind = Kind.parse(variant)
    except ValueError:
        return ()
    if kind.fits(size) is not None:
        return ()
    return tuple(_expected(kind, size))


def _expected(kind: Kind, size: int) -> dict[Level, int]:
    """Candidates a puzzle of ``kind`` takes on average per level (see :data:`_EXPECTED`)."""
    grid = "jigsaw" if kind.jigsaw else "classic"
    if kind.plain:
        return _EXPECTED.get((grid, size), {})
    family = kind.drawn or "rules"
    return _VARIANT_EXPECTED.get((family, grid, size), {})


def generate(
    variant: str = "classic",
    size: int = 9,
    level: Level = Level.MEDIUM,
    *,
    symmetry: Symmetry | None = None,
    seed: int | None = None,
    progress: Progress | None = None,
    max_attempts: int | None = None,
) -> RatedPuzzle:
    """A unique puzzle that our rater puts at ``level`` (see the module docstring).

    ``symmetry`` defaults to 180-degree for classic grids and none for jigsaw.
    ``max_attempts`` bounds the candidates tried (default: 50 times the typical
    number for the level, at least 100).

    :raises ValueError: for an unknown variant or a size or level not offered
        (see :func:`available_levels`).
    :raises GenerationCancelled: when ``progress`` returns False.
    :raises GenerationFailed: when no candidate hits the level in ``max_attempts``.
    """
    found = search(
        variant,
        size,
        level,
        symmetry=symmetry,
        seed=seed,
        progress=progress,
        max_attempts=max_attempts,
    )
    return found.puzzle


@dataclass(frozen=True)
class Search:
    """What :func:`search` found and what it took: for benchmarks and tuning."""

    puzzle: RatedPuzzle
    candidates: int  # candidates made, the successful one included
    disagreements: int  # candidates the grading passed but the rater did not (should be 0)


def search(
    variant: str,
    size: int,
    level: Level,
    *,
    symmetry: Symmetry | None = None,
    seed: int | None = None,
    progress: Progress | None = None,
    max_attempts: int | None = None,
) -> Search:
    """:func:`generate`, with counts of the work done; same arguments, same puzzle."""
    kind = check_request(variant, size, level)
    if seed is None:
        seed = new_seed()
    if symmetry is None:
        symmetry = _default_symmetry(kind, level)
    expected = _expected(kind, size)[level]
    attempts = max_attempts if max_attempts is not None else max(100, 50 * expected)
    reporter = _Reporter(progress, expected)
    rng = random.Random(seed)
    shape = None if kind.jigsaw else Shape.classic(size)
    known = None  # a solution of the layout, found by its screen
    disagreements = 0
    for attempt in range(attempts):
        reporter.start_attempt(attempt)
        if kind.jigsaw and attempt % LAYOUT_REUSE == 0:
            shape, known = _layout(kind, size, rng)
        assert shape is not None
        if kind.plain:
            solution = random_solution(shape, rng)
            constraints: tuple[Constraint, ...] = ()
            dug = _candidate(shape, solution, level, symmetry, rng, reporter.poll)
        else:
            made = _variant_candidate(kind, shape, level, symmetry, rng, reporter.poll, known)
            if made is None:
                continue
            solution, constraints, dug = made
        if dug is None:
            continue
        givens = dug.givens
        rules = RuleSet(shape, constraints) if constraints else None
        rating = rate(shape, givens, rules=rules, known=dug.findings)
        if rating.level is not level:
            disagreements += 1
            continue
        reporter.finish()
        puzzle = Puzzle(shape, givens, constraints)
        made_puzzle = RatedPuzzle(puzzle, solution, level, rating.score, seed, kind.name)
        return Search(made_puzzle, attempt + 1, disagreements)
    raise GenerationFailed(
        f"no {level.label} {kind.name} {size}x{size} puzzle found in {attempts} attempts"
    )


def generate_unrated(
    variant: str = "classic",
    size: int = 9,
    *,
    symmetry: Symmetry | None = None,
    seed: int | None = None,
) -> GeneratedPuzzle:
    """A unique puzzle with as few clues as removal in a random order leaves; any level.

    Cheap (a few milliseconds on 9x9): for tests and tools that need many puzzles.
    """
    kind = Kind.parse(variant)
    if not kind.plain:
        raise ValueError(f"unrated puzzles are classic or jigsaw, not {kind.name}")
    check_request(variant, size, Level.EASY)
    if seed is None:
        seed = new_seed()
    if symmetry is None:
        symmetry = _default_symmetry(kind)
    rng = random.Random(seed)
    shape = random_layout(size, rng) if kind.jigsaw else Shape.classic(size)
    solution = random_solution(shape, rng)
    groups = orbits(size, symmetry)
    rng.shuffle(groups)
    givens = dig(solution, groups, keeps_unique(shape, solution))
    return GeneratedPuzzle(Puzzle(shape, givens), solution, seed)


@dataclass(frozen=True)
class _Dug:
    """A candidate's clues, and what grading them learnt along the rater's path
    (see :data:`~game.engine.logic.path.Findings`; None when they were not graded)."""

    givens: tuple[int, ...]
    findings: Findings | None = None


def _at_level(
    shape: Shape,
    givens: tuple[int, ...],
    level: Level,
    last: Graded | None,
    rules: RuleSet | None,
    poll: Callable[[], None],
) -> _Dug | None:
    """``givens`` with what grading them learnt if they are at ``level``, else None.

    ``last`` is the grade of these very clues when the digging's last accepted
    removal was graded (see :meth:`~.generation.digging.KeepsLogic.graded`); else
    they are graded here.
    """
    if last is not None:
        verdict, findings = last.verdict, last.findings
    else:
        findings = {}
        verdict = grade(shape, givens, level, rules=rules, poll=poll, findings=findings)
    return _Dug(givens, findings) if verdict is Verdict.AT else None


def _candidate(
    shape: Shape,
    solution: tuple[int, ...],
    level: Level,
    symmetry: Symmetry,
    rng: random.Random,
    poll: Callable[[], None],
) -> _Dug | None:
    """Clues for ``solution`` that may be at ``level``, or None when surely not."""
    groups = orbits(shape.size, symmetry)
    rng.shuffle(groups)
    if level is Level.EASY:
        floor = round(EASY_CLUE_SHARE * shape.cells)
        return _Dug(dig(solution, groups, keeps_easy(shape), floor=floor, poll=poll))
    givens = tuple(solution)
    if shape.is_jigsaw:
        # Removals that leave a jigsaw unique but past singles are common, and each
        # costs a grade; clearing the singles-only ones first halves the grades
        # (measured: 10 -> 4 per candidate on 9x9).  On classic grids such
        # removals are rare, and this order lowers the hit rate, so it is not used.
        givens = dig(givens, groups, keeps_easy(shape), poll=poll)
        groups = [group for group in groups if givens[group[0]]]
    if level is Level.EXTREME:
        givens = dig(givens, groups, keeps_unique(shape, solution), poll=poll)
        last = None
    else:
        refusals = BIG_GRID_REFUSALS if shape.size > 9 else None
        keeps = keeps_up_to(shape, level, poll, refusals=refusals)
        givens = dig(givens, groups, keeps, poll=poll)
        last = keeps.graded(givens)
    if singles_solve(shape, givens) is not None:
        return None  # Easy: the cheapest rejection there is
    return _at_level(shape, givens, level, last, None, poll)


LAYOUT_TRIES = 100
"""Jigsaw layouts drawn, at most, until one has a solution under a kind's global rules."""

SCREEN_TRIES = 30
SCREEN_NODES = 100
"""The layout screen's random restarts: tries, and branch points each (see
:func:`~.generation.grids.random_completion`)."""


def _layout(kind: Kind, size: int, rng: random.Random) -> tuple[Shape, tuple[int, ...] | None]:
    """A random jigsaw layout with a solution under ``kind``'s global rules, and that
    solution (None without global rules: every layout has one).

    Extra houses and links leave many layouts without a solution, and the plain
    search from the empty grid takes long to find one on many that have it, so each
    layout is screened by random restarts.  Measured on the same 40 random 9x9
    layouts, the plain search (20,000 work) found a grid on 15 under X, 11 under
    Windoku and 12 under anti-king, at 0.09, 0.18 and 0.11 s of screening per
    layout passed; the restarts (:data:`SCREEN_TRIES`) found one on 35, 16 and 27,
    at 0.011, 0.034 and 0.023 s.  Under anti-knight neither finds one, and probing
    does (9 of 20 random 9x9 layouts pass, about 0.2 s each: see
    :func:`~.generation.grids.probed_solution`).  The layout's candidates relabel the
    grid found (see :func:`random_solution`).  Before either, a layout the templates
    prove without a solution is dropped (:func:`~.generation.grids.templates_rule_out`:
    about two in five under Windoku).
    """
    for _ in range(LAYOUT_TRIES):
        shape = random_layout(size, rng, solvable=not kind.rules)
        if not kind.rules:
            return shape, None
        rules = _rule_set(shape, kind.constraints(shape))  # its candidates' rule set too
        if templates_rule_out(rules):
            continue  # no solution, proved cheaply
        if kind.probed:
            found = probed_solution(rules)
        else:
            found = random_completion(
                rules, rng, tries=SCREEN_TRIES, nodes=SCREEN_NODES, digits=size - 1
            )
        if found is not None:
            return shape, found
    raise GenerationFailed(f"no {size}x{size} jigsaw layout with a {kind.name} solution found")


@functools.lru_cache(maxsize=8)
def _rule_set(shape: Shape, constraints: tuple[Constraint, ...]) -> RuleSet:
    """One rule set for every candidate on ``shape`` under the same global rules, so
    what it works out once (peers, exclusions: a few milliseconds on 9x9) is kept
    from one candidate to the next."""
    return RuleSet(shape, constraints)


def _variant_candidate(
    kind: Kind,
    shape: Shape,
    level: Level,
    symmetry: Symmetry,
    rng: random.Random,
    poll: Callable[[], None],
    known: tuple[int, ...] | None = None,
) -> tuple[tuple[int, ...], tuple[Constraint, ...], _Dug | None] | None:
    """A solution, the constraints and clues for a variant puzzle that may be at
    ``level`` (clues None when surely not), or None when no solution came out.
    ``known`` is a solution of the layout under its global rules, if one was found.

    The global rules come first: the solution is drawn under them.  Drawn
    constraints (cages, thermometers, arrows, dots) are then read off the solution,
    and clues removed while our logic still solves the puzzle at the level (see
    :mod:`~game.engine.generation.drawn` and :mod:`~game.engine.generation.killer`).
    """
    ruled = kind.constraints(shape)
    base: Shape | RuleSet = _rule_set(shape, ruled) if ruled else shape
    solution = random_solution(base, rng, known=known)
    if kind.drawn == "killer":
        cages = killer.cages(shape, ruled, solution, level, rng, poll)
        if cages is None:
            return solution, ruled, None
        return solution, ruled + cages, _Dug((0,) * shape.cells)
    extra = drawn.draw(kind.drawn, shape, solution, level, rng) if kind.drawn else ()
    rules = RuleSet(shape, ruled + extra) if extra else _rule_set(shape, ruled)
    swaps = level in (Level.MEDIUM, Level.HARD) and (kind.drawn or "rules") in SWAPPING
    dug = _dig_variant(
        rules,
        solution,
        level,
        symmetry,
        rng,
        poll,
        floor=not extra,
        swaps=swaps,
        easy_first=kind.probed,
        last=kind.clues_last(shape),
        screen=kind.screened,
    )
    return solution, rules.constraints, dug


def _dig_variant(
    rules: RuleSet,
    solution: tuple[int, ...],
    level: Level,
    symmetry: Symmetry,
    rng: random.Random,
    poll: Callable[[], None],
    *,
    floor: bool,
    swaps: bool = False,
    easy_first: bool = False,
    last: frozenset[int] = frozenset(),
    screen: bool = True,
) -> _Dug | None:
    """Clues for ``solution`` under ``rules`` that may be at ``level``, or None.

    As :func:`_candidate`, but every removal is graded under the rules (the solver's
    propagation reads more than the logic's singles, so it cannot stand in for
    them): first the removals that keep the puzzle Easy, which are cheap to test,
    then those that keep it no harder than the level.

    Extreme skips the Easy removals: dug straight from the solution, a minimal
    puzzle is Extreme more often.  On a jigsaw grid it takes every removal the
    solver settles unique: nearly every such minimal jigsaw X puzzle is Extreme
    (1.1 to 1.5 candidates a puzzle), where a plain search within 200 nodes left
    them 1 to 3 clues larger (16 candidates for seeds 1000 to 1002 and 2000 to
    2002, against 9); jigsaw Windoku took 3.3 candidates a puzzle against 3.3 after
    the Easy removals on seeds 1000 to 1011, 3.6 against 5.8 on 2000 to 2011 and
    4.1 against 8.0 on 3000 to 3011.  With ``easy_first`` (the rules under which
    the solver's search wanders on a jigsaw grid: see
    :data:`~.generation.kinds.PROBED`) the Easy removals still come first: dug
    straight, jigsaw anti-knight puzzles kept more clues (9.8 against 9.5 on seeds
    1000 to 1007, 9.5 against 8.9 on 3000 to 3007) and took 17 candidates for
    seeds 1000 to 1011 against 13 (median 1.24 s against 1.03 s).  On other grids
    it takes the removals the plain search proves unique, and screens the minimal
    puzzle with :func:`~.generation.grading.logic_solves` before the grade: on 40 9x9
    anti-king candidates without symmetry, 18 were Extreme against 16 after the
    Easy removals, in three quarters of the time; over seeds 1000 to 1002 and 2000
    to 2002, 28 candidates against 50 on anti-king and 20 against 32 on X; on
    Windoku, over seeds 1000 to 1010 and 2000 to 2002, 18 s against 25 s.  On
    jigsaw grids the screen pays only where most minimal puzzles are below
    Extreme (``screen``: see :data:`~.generation.kinds.SCREENED_ON_JIGSAW`).

    ``floor`` keeps Easy puzzles
    at :data:`EASY_CLUE_SHARE` of the cells, as on plain grids; drawn constraints
    carry much of the puzzle, so there they may leave few clues or none.  With
    ``swaps``, a Medium or Hard puzzle dug to below its level tries
    :data:`SWAP_TRIES` swaps before it is given up.  ``easy_first``: see above.
    ``last``: cells the Extreme digging on a jigsaw grid clears after the others
    (see :data:`~.generation.kinds.CLUES_IN_HOUSES`).  ``screen``: whether a minimal
    Extreme candidate is screened before its grade (see above).
    """
    shape = rules.shape
    groups = orbits(shape.size, symmetry)
    rng.shuffle(groups)
    lowest = round(EASY_CLUE_SHARE * shape.cells) if floor else 0
    if level is Level.EASY:
        keeps = keeps_logic(rules, level, poll)
        givens = dig(solution, groups, keeps, floor=lowest, poll=poll)
        graded = keeps.graded(givens)
        return _Dug(givens, graded.findings if graded is not None else None)
    if level is Level.EXTREME and not shape.is_jigsaw:
        givens = dig(solution, groups, keeps_searched(rules, solution), poll=poll)
        if screen and logic_solves(rules, givens):
            return None  # below Extreme, found cheaper than by a grade
        return _at_level(shape, givens, level, None, rules, poll)
    givens = solution
    if level is not Level.EXTREME or easy_first:
        givens = dig(givens, groups, keeps_logic(rules, Level.EASY, poll), poll=poll)
        groups = [group for group in groups if givens[group[0]]]
    if level is Level.EXTREME:
        # Stable: the random order stays within the cells cleared first and last.
        groups.sort(key=lambda group: any(cell in last for cell in group))
        givens = dig(givens, groups, keeps_settled(rules, solution), poll=poll)
        if screen and logic_solves(rules, givens):
            return None
        return _at_level(shape, givens, level, None, rules, poll)
    keeps = keeps_logic(rules, level, poll, refusals=VARIANT_REFUSALS)
    givens = dig(givens, groups, keeps, poll=poll)
    found = _at_level(shape, givens, level, keeps.graded(givens), rules, poll)
    if found is None and swaps:
        every = orbits(shape.size, symmetry)
        swapped = swap(rules, solution, givens, every, level, rng, tries=SWAP_TRIES, poll=poll)
        if swapped is not None:
            return _Dug(swapped.givens, swapped.findings)
    return found


SWAP_TRIES = 16
"""Swaps tried (see :func:`~game.engine.generation.digging.swap`) on a Medium or
Hard candidate of a :data:`SWAPPING` family that digging left below its level,
before a fresh candidate is made."""

SWAPPING = frozenset({"rules", "whisper", "renban", "palindrome", "between"})
"""The families (as in :data:`_VARIANT_EXPECTED`) whose Medium and Hard candidates
try swaps.  Measured on 9x9, seeds 1000 to 1007, median CPU s per puzzle without
swaps, then with 16: Hard non-consecutive 0.80 -> 0.57 (11.5 -> 2.2 candidates;
2.14 -> 0.56 on seeds 2000 to 2007), whisper 0.78 -> 0.29, renban 0.46 -> 0.23,
between 0.12 -> 0.08, palindrome 0.34 -> 0.30, the other global rules alike or
faster, Medium alike or faster.  Under sums and clues a grade costs more and a
swap lands less often: Hard arrow 0.25 -> 0.74, kropki 0.22 -> 0.42, sandwich
2.67 -> 6.82, little killer 0.87 -> 1.25, so those families make fresh
candidates instead.  Above Hard a grade walks chains, and swaps (before the
solver's check was added to them) made X Expert 0.35 -> 0.75 and disjoint groups
Expert 0.35 -> 1.55 (seeds 2000 to 2007)."""


def check_request(variant: str, size: int, level: Level) -> Kind:
    """The kind ``variant`` names; raise ValueError, saying what is offered, unless
    :func:`generate` makes it at ``size`` and ``level``."""
    kind = Kind.parse(variant)
    why = kind.fits(size)
    if why is not None:
        raise ValueError(why)
    levels = available_levels(variant, size)
    if not levels:
        sizes = sorted(n for n in (4, 6, 9, 12, 16) if _expected(kind, n))
        listed = ", ".join(f"{n}x{n}" for n in sizes)
        raise ValueError(f"no {kind.name} {size}x{size} puzzles (sizes: {listed})")
    if level not in levels:
        raise ValueError(
            f"{kind.name} {size}x{size} puzzles go up to {levels[-1].label}, not {level.label}"
        )
    return kind


def _default_symmetry(kind: Kind, level: Level = Level.EASY) -> Symmetry:
    # Drawn constraints carry most of a puzzle; a symmetric clue layout would keep
    # clues they make redundant.  An Extreme puzzle under global rules is a minimal
    # one our logic cannot finish, and minimal symmetric layouts rarely are: measured
    # on 9x9 seeds 1000-1002 and 2000-2002 (median CPU s, symmetric -> free), Windoku
    # 1.04 -> 0.59 (20-36 candidates -> 2-6), disjoint 0.97 -> 0.72, anti-king 0.62 ->
    # 0.33, X 0.30 -> 0.26.  At Expert the gain is mixed (anti-knight 0.45 -> 1.33,
    # Windoku 0.16 -> 0.30) except under X's diagonals (0.43 -> 0.25 on nine seeds).
    if kind.jigsaw or kind.drawn is not None:
        return Symmetry.NONE
    if kind.rules and (level is Level.EXTREME or (level is Level.EXPERT and "x" in kind.rules)):
        return Symmetry.NONE
    return Symmetry.ROTATIONAL


class _Reporter:
    """Turns candidate counts into a progress fraction and cancellation into an exception.

    The number of candidates a level needs is not known in advance, so the fraction
    after ``k`` candidates is ``k / (k + expected)``: it moves steadily, slows down
    when a search runs long, and never claims to be done before it is.
    """

    def __init__(self, progress: Progress | None, expected: int) -> None:
        self._progress = progress
        self._expected = expected
        self._fraction = 0.0

    def start_attempt(self, attempt: int) -> None:
        self._fraction = attempt / (attempt + self._expected)
        self.poll()

    def poll(self) -> None:
        if self._progress is not None and not self._progress(self._fraction):
            raise GenerationCancelled

    def finish(self) -> None:
        if self._progress is not None:
            self._progress(1.0)
