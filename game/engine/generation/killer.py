"""Killer cages from a solution grid, givens-free, at a chosen level.

The way Simon Tatham's Solo makes killers, with our exact solver and our logic:

1. *Dominoes*: the grid is tiled at random with cages of two touching cells.  A
   cell left over is a cage of one at Easy; above, it joins a touching domino, as
   Solo does above its easiest killers, so no cage is a given in disguise (an
   Easy killer needs one or two: without them none of 100 candidates was Easy).
   Every such puzzle is easy to pin down: each cage holds a known pair of digits,
   though about half the tilings allow two solutions (two dominoes holding the
   same digits crosswise in two rows, for one), so the grid is tiled again, up to
   :data:`TILINGS` times, while the solver finds a second solution.
2. *Merging*: two touching cages whose digits do not repeat become one, in a
   random order, and the merge is kept while the puzzle stays unique (the exact
   solver under the rules) and our logic still solves it at the level asked for
   or below (:func:`~.grading.grade`); passes repeat until no merge is kept.
   Bigger cages say less, so the puzzle gets harder as it goes.  Difficulty does
   not grow steadily with merges, though (a merge can make a sum more telling),
   so once the puzzle is at the level only merges that keep it there are kept:
   waiting for the end lost most Hard candidates to a last merge that left them
   Medium.  At the level, only :data:`TRIES_AT_LEVEL` more merges are graded: each
   grade there walks the whole path.  From Hard up, before a merge is graded, a
   cheap search near the solution (:func:`_ambiguous`) refuses most merges that break
   uniqueness: the logic only finds those by walking its path until stuck.
   A merge refused as above the level is not graded again while its two cages
   stay as they are: other merges only take information away, so it would be
   refused again (a merge's cage says no digit repeats across it, which can tell
   more, but with this rule 9x9 Expert candidates took 0.83 of the time for as
   many puzzles, paired over seeds 1000 to 1023).
3. Below Extreme, a candidate whose merges all overshoot gets up to :data:`MOVES`
   cell moves between touching cages (two sums change, the count of cages stays);
   one that keeps it at or below the level is kept and merging resumes.
4. A candidate that never reached the level is dropped, and the generator tries
   another solution.

Extreme is reached the same way, one merge past where the logic gives up: a merge
the logic still solves is unique and below the level; one where it gets stuck
needs the solver's proof, which starts from the position the logic got stuck in
(its digits and eliminations hold in every solution: no uniqueness arguments on
variants), and the first merge proved unique ends the search.  Proving each merge
from an empty grid, down to a minimal killer, took about 20 s a 9x9 puzzle: a
late candidate's proof costs about a second from empty, a few hundredths from
where the logic stopped.

Cages never exceed :data:`LARGEST` cells (a cage of nine 9x9 cells just says
"all digits once", and setters rarely draw them past six).  The solver is asked
for a proof only where the logic gets stuck on an Extreme target: the logic proves
uniqueness wherever it solves the puzzle (measured: asking the solver first made a
Medium killer three times slower; a full count on a late 9x9 Hard candidate costs
as much as a grade).

Measured on 9x9 Hard (seeds 1000-1002, CPU): 0.01-0.3 s a grade, growing as the
cages grow.  While the 45 rule over several houses was Medium, a killer's grade
jumped from Medium past Hard in one merge (12 to 43 candidates a Hard puzzle, 5 to
17 s); with it at Hard (:mod:`~..logic.techniques.innies`) a median 0.48 s and 1.7
candidates, on jigsaw 0.53 s.  Extreme: a median 0.7-1.7 s on seeds 1000-1002 and
2000-2002 (jigsaw 1.5 s), where proofs from an empty grid took 21 s (9.5 s).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .. import solver
from ..logic.path import Finding, PositionKey
from ..logic.registry import Level
from ..rules import Cage, Constraint, RuleSet
from ..rules.constraints import orthogonal_pairs
from ..shape import Shape
from .digging import SETTLE_WORK
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
    empty = (0,) * shape.cells

    def rules_of(groups: dict[int, list[int]]) -> RuleSet:
        made = tuple(
            Cage(tuple(sorted(cells)), sum(solution[c] for c in cells))
            for _, cells in sorted(groups.items())
        )
        return RuleSet(shape, ruled + made)

    # Verdicts by cages: a pass retries every merge, and those refused after the
    # last kept merge of the previous pass meet the very same cages again.  (A batch
    # is told apart: at Extreme it is refused where one merge would get a proof.)
    known: dict[tuple[frozenset[tuple[int, ...]], bool], Verdict] = {}
    unsettled = 0  # proofs the solver gave up on (see UNSETTLED)
    # Merges refused as above the level, by the cells of their two cages: while both
    # cages stay as they are, other merges only take information away, and the
    # merge is refused again (see the module docstring).
    refused: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    batching = True  # merges still go in batches (see grow)

    def fits(
        groups: dict[int, list[int]], joined: Sequence[int] = (), batch: bool = False
    ) -> Verdict:
        key = frozenset(tuple(sorted(cells)) for cells in groups.values()), batch
        verdict = known.get(key)
        if verdict is None:
            verdict = known[key] = _fits(groups, joined, batch)
        return verdict

    def _fits(groups: dict[int, list[int]], joined: Sequence[int], batch: bool) -> Verdict:
        nonlocal unsettled
        rules = rules_of(groups)
        if joined and level in AMBIGUITY_LEVELS and _ambiguous(rules, solution, joined):
            return Verdict.ABOVE  # not unique: the logic would get stuck (see _ambiguous)
        if level is not Level.EXTREME:
            return grade(shape, empty, level, rules=rules, poll=poll)
        # Extreme: while our logic solves the killer it is unique and below the
        # level; where the logic gets stuck, the solver must prove it unique (see
        # the module docstring).
        findings: dict[PositionKey, Finding] = {}
        verdict = grade(shape, empty, level, rules=rules, poll=poll, findings=findings)
        if verdict is not Verdict.AT:
            return verdict
        if batch or unsettled >= UNSETTLED:
            # A batch where the logic is stuck is retried a merge at a time: a proof
            # for it is wasted, and the solver often cannot settle so big a jump in its
            # budget.  Past UNSETTLED failed proofs, this candidate asks for no more.
            return Verdict.ABOVE
        # Every step of the grade holds in every solution (no uniqueness arguments
        # on variants), so the solver may start where the logic got stuck, with its
        # digits and eliminations, rather than from an empty grid.
        values, candidates = next(reversed(findings))  # the position the logic stopped at
        status = solver.settle(rules, values, work=SETTLE_WORK, candidates=candidates).status
        unsettled += status is solver.Status.UNDECIDED
        return Verdict.AT if status is solver.Status.UNIQUE else Verdict.ABOVE

    def grow(
        groups: dict[int, list[int]], reached: bool, left: int
    ) -> tuple[dict[int, list[int]], bool, int]:
        """Merge passes from ``groups`` until none is kept or ``left`` runs out (see
        the module docstring): the cages, whether they are at the level, ``left``."""
        nonlocal batching
        merged = True
        while merged and (left or not reached):
            merged = False
            pairs = _touching_cages(n, groups)
            rng.shuffle(pairs)
            # Far below the level, most merges keep the puzzle below it: until a
            # batch is refused, merges go in batches graded once (that batch is
            # retried a merge at a time), which saves most of the grades of the early
            # passes.  Past it, and at the level, every merge is graded alone.
            batch = BATCH if batching and not reached else 1
            at = 0
            while at < len(pairs) and (left or not reached):
                chunk = pairs[at : at + batch]
                trial = dict(groups)
                count = 0
                joined: list[int] = []
                pair: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
                for a, b in chunk:
                    union = _merged(trial, a, b, solution, largest)
                    if union is not None:
                        pair = tuple(sorted(trial[a])), tuple(sorted(trial[b]))
                        del trial[b]
                        trial[a] = union
                        joined += union
                        count += 1
                if not count or (count == 1 and pair in refused):
                    at += len(chunk)
                    continue
                verdict = fits(trial, joined, count > 1)
                if reached:
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
                    batching = False
                else:
                    if verdict is Verdict.ABOVE:
                        refused.add(pair)
                    at += len(chunk)
        return groups, reached, left

    for _ in range(TILINGS):
        groups: dict[int, list[int]] = {}
        for cell, cage in enumerate(_dominoes(n, rng)):
            groups.setdefault(cage, []).append(cell)
        if level > Level.EASY:
            _absorb_singles(n, groups, solution, largest, rng)
        if not _ambiguous_tiling(rules_of(groups)):
            break
    verdict = fits(groups)
    if verdict is Verdict.ABOVE:
        return None
    reached = verdict is Verdict.AT
    # Merges still graded once the puzzle is at its level, and cells still moved
    # between cages once no merge is kept (see TRIES_AT_LEVEL and MOVES).
    left = TRIES.get(level, TRIES_AT_LEVEL)
    moves = MOVES.get(level, 0)
    while True:
        groups, reached, left = grow(groups, reached, left)
        if reached or not moves:
            break
        # Stuck below the level: every merge overshoots.  A cell moved from one
        # cage to a neighbour changes two sums and keeps the count of cages.
        transfers = _transfers(n, groups, solution, largest)
        rng.shuffle(transfers)
        moved = False
        for cell, a, b in transfers[:moves]:
            moves -= 1
            trial = dict(groups)
            trial[a] = [c for c in groups[a] if c != cell]
            trial[b] = groups[b] + [cell]
            verdict = fits(trial, trial[a] + trial[b])
            if verdict is not Verdict.ABOVE:
                groups = trial
                reached = verdict is Verdict.AT
                moved = True
                break
        if not moved:
            break
    if not reached:
        return None
    return tuple(rules_of(groups).constraints[len(ruled) :])  # type: ignore[arg-type]


BATCH = 6
"""Merges tried together while a killer is still below its level (see :func:`cages`)."""

MOVES = {Level.EASY: 12, Level.MEDIUM: 12, Level.HARD: 12, Level.EXPERT: 60}
"""Cell moves between cages graded, at most, for a killer whose merges all overshoot
its level, by level (the candidate is dropped after that; none at Extreme, reached
by the merge where the logic gets stuck).  When nothing a killer needed lay
between Medium and Expert (see the module docstring), moves cut 9x9 Hard seed 1001
from 43 candidates (48 s CPU) to 1 (15 s).  At Expert a candidate's merges most
often end at Hard with every merge left breaking uniqueness or leaving the logic
stuck, and a new candidate costs more than a few moves: paired on 9x9 seeds,
30 moves took 1000-1023 from 16.2 candidates a puzzle to 1.7 in 0.75 of the time
(12 moves: 0.94); 60 moves took 0.65 of the time of 30 on 3000-3017 and 0.79 on
2000-2017; 120 took 1.16 of the time of 60 on 1000-1017."""

TILINGS = 8
"""Domino tilings drawn, at most, for one solution grid until the solver finds no
second solution to the killer they make.  About half the tilings of a 9x9 grid
are not unique (two dominoes holding the same two digits crosswise in two rows,
for one); the solver says so in about 10 ms, where grading such a killer from an
Expert candidate cost 0.05 to 0.25 s before it was dropped (on 9x9 seeds 1000 to
1007, 27 of 47 Expert candidates)."""

TILING_NODES = 200
"""Branch points the solver may spend looking for a tiling's second solution."""


def _ambiguous_tiling(rules: RuleSet) -> bool:
    """Whether the solver finds a second solution to the killer of a fresh tiling
    within :data:`TILING_NODES` branch points (not found: the grade decides)."""
    empty = (0,) * rules.shape.cells
    try:
        return len(solver.solutions(rules, empty, 2, node_limit=TILING_NODES)) > 1
    except solver.SearchLimitReached:
        return False


TRIES_AT_LEVEL = 8
"""Merges graded, at most, once a killer is at its level (below Extreme).  Each
grade there walks the whole path; going on until no merge is kept took about 25
grades on a 9x9 Medium (2.2 s CPU median), 8 take about 0.5 s, and the killer
keeps a few more cages (28 rather than 22 on five Medium seeds)."""

TRIES_AT_HARD = 3
"""As :data:`TRIES_AT_LEVEL`, at Hard.  There the search is near its end: a Hard
killer is one merge from Medium and one from Extreme, and each grade walks a long
path (about 0.1 s CPU).  Measured on 9x9 seeds 1000-1002 (the path up to the level
is unchanged, so the same puzzles come out a few merges earlier): 134/32 grades
(seeds 1001/1002) with 8 tries, 131/29 with 3, 130/28 with 2."""

TRIES_AT_EXPERT = 3
"""As :data:`TRIES_AT_LEVEL`, at Expert, where each grade runs the chains: 8 took a
median 4.95 s CPU on 9x9 seeds 1000-1002, 3 take 4.18 s."""

UNSETTLED = 3
"""Proofs of uniqueness the solver may give up on (out of work) for an Extreme killer
candidate; past that, merges that need one are refused and another solution grid
is tried.  Rare since proofs start where the logic got stuck, but a candidate
whose proofs all fail costs half a second each (measured from empty grids on 9x9
seed 1000: 15 of 15 failed)."""

TRIES = {Level.HARD: TRIES_AT_HARD, Level.EXPERT: TRIES_AT_EXPERT, Level.EXTREME: 0}
"""Merges graded once a killer is at the level, per level (:data:`TRIES_AT_LEVEL` for
the rest).  An Extreme killer stops at the first merge that reaches the level: each
merge past it asks the solver for a proof that costs more the bigger the cages."""


def _absorb_singles(
    n: int,
    groups: dict[int, list[int]],
    solution: Sequence[int],
    largest: int,
    rng: random.Random,
) -> None:
    """Join each cage of one cell that the tiling left to a touching cage its digit
    does not repeat in (see the module docstring): a Solo game ID cannot write a
    one-cell cage either."""
    for single in sorted(k for k, cells in groups.items() if len(cells) == 1):
        if single not in groups or len(groups[single]) != 1:
            continue  # joined by an earlier single meanwhile
        touching = _touching_cages(n, groups)
        near = [b for a, b in touching if a == single] + [a for a, b in touching if b == single]
        rng.shuffle(near)
        for other in near:
            union = _merged(groups, other, single, solution, largest)
            if union is not None:
                del groups[single]
                groups[other] = union
                break


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


AMBIGUITY_LEVELS = (Level.HARD, Level.EXPERT, Level.EXTREME)
"""Targets whose merges :func:`_ambiguous` screens.  Below Hard a grade costs about as
much as the screen (9x9 Easy went from 0.05 to 0.11 s CPU with it, jigsaw Medium
from 0.46 to 0.76 s); at Extreme it spares the solver's proof where the logic
gets stuck on a merge that broke uniqueness."""

AMBIGUITY_NODES = 50
"""Branch points the solver may spend on :func:`_ambiguous`'s search."""


def _ambiguous(rules: RuleSet, solution: Sequence[int], joined: Sequence[int]) -> bool:
    """Whether the killer ``rules`` surely has a second solution, found near ``solution``.

    Before a merge of cages the killer was unique, so a second solution after it
    changes a cell of the merged cage: most change a few cells in the rows, or the
    columns, that cross the merged cells (measured on 9x9 Hard candidates: half of
    the merges that broke uniqueness had a second solution differing in four cells,
    a rectangle).  So the solver looks for a solution that differs from
    ``solution`` in a merged cell, with those rows and columns empty and every other
    cell filled from ``solution`` (:func:`~..solver.other_solution`, which never
    walks the branch of the known solution): a few milliseconds, where the logic
    would walk its whole path before getting stuck.  False means "not found", not
    "unique": the grade decides then.  Measured on the 461 merges screened on 9x9
    Expert seeds 1000 to 1007, 169 of them not unique: this search finds 139, where
    two searches for two solutions, with the rows and then the columns empty, found
    128 in the same time.
    """
    shape = rules.shape
    rows = {shape.row_of(cell) for cell in joined}
    columns = {shape.column_of(cell) for cell in joined}
    grid = [
        0 if shape.row_of(cell) in rows or shape.column_of(cell) in columns else digit
        for cell, digit in enumerate(solution)
    ]
    cleared = [(cell, solution[cell]) for cell in joined]  # a batch may name one twice
    try:
        return solver.other_solution(rules, grid, cleared, node_limit=AMBIGUITY_NODES) is not None
    except solver.SearchLimitReached:
        return False


def _transfers(
    n: int, groups: dict[int, list[int]], solution: Sequence[int], largest: int
) -> list[tuple[int, int, int]]:
    """Every (cell, from, to): a cell of cage ``from`` that may join the touching cage
    ``to`` (no digit repeats, ``to`` stays within ``largest``, ``from`` keeps two
    cells, never becoming a given in disguise, and stays in one piece), in a fixed
    order."""
    owner = _owners(n, groups)
    found = set()
    for a, b in orthogonal_pairs(n):
        for cell, other in ((a, b), (b, a)):
            source, target = owner[cell], owner[other]
            if source == target or len(groups[source]) < 3 or len(groups[target]) >= largest:
                continue
            if any(solution[c] == solution[cell] for c in groups[target]):
                continue
            if _connected([c for c in groups[source] if c != cell], n):
                found.add((cell, source, target))
    return sorted(found)


def _connected(cells: Sequence[int], n: int) -> bool:
    """Whether ``cells`` form one orthogonally connected piece."""
    rest = set(cells)
    todo = [rest.pop()]
    while todo:
        cell = todo.pop()
        col = cell % n
        for near in (cell - n, cell + n, cell - 1 if col else -1, cell + 1 if col < n - 1 else -1):
            if near in rest:
                rest.remove(near)
                todo.append(near)
    return not rest


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
    owner = _owners(n, groups)
    found = set()
    for a, b in orthogonal_pairs(n):
        if owner[a] != owner[b]:
            found.add((min(owner[a], owner[b]), max(owner[a], owner[b])))
    return sorted(found)


def _owners(n: int, groups: dict[int, list[int]]) -> list[int]:
    """Each cell's cage number."""
    owner = [0] * (n * n)
    for cage, cells in groups.items():
        for cell in cells:
            owner[cell] = cage
    return owner
