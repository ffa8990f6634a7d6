"""The honest last resort: trial, told as what it is, when no pattern applies.

These steps are labelled ``last_resort`` and rated Extreme: they are not patterns a
player spots but "what if" reasoning followed by singles.  They never read the
solution; each conclusion is proved from the candidates alone.

- *Forcing Chain* (one level of trial).  Assume a candidate and follow naked and
  hidden singles.  If that breaks a rule, the candidate is false (a contradiction).
  If every candidate of a cell, or every place of a digit in a unit, leads to the
  same placement or removal, that conclusion holds (cell and unit forcing chains).
  Rated like Sudoku Explainer's forcing chains: 7.5 when the whole argument stays on
  one digit (SE's Nishio), 8.0 when every single it uses follows from one removal in
  the original position (SE's static multiple chains), 8.5 otherwise (dynamic), each
  plus SE's bonus for the number of candidates involved.
- *Nested Forcing Chain* (two levels): inside an assumption, candidates that lead to
  a contradiction by singles are removed too, until the assumption itself breaks.
  Rated from 9.5 (SE's nested chains).
- *Trial and Error*: if even that finds nothing, assume a candidate and search every
  way to finish the grid; if there is none, the candidate is false.  This always
  makes progress on a position that has exactly one solution, so a path never
  stops short on a valid puzzle.  Rated 11.0.

Cost: one level tries every candidate on the solver's bitboard (~250 trials of
~30 microseconds on a hard 9x9 position) and replays only a short list of the
promising ones cell by cell to pick the shortest story (``SHORTLIST`` per kind,
because a replay costs a millisecond or two).  The nested level can need tens of
thousands of trials, so it stops after ``NESTED_BUDGET`` of them and leaves the
position to trial and error, which is fast because it is the exact solver's search.

On large grids every trial costs more (a 25x25 position has thousands of
candidates, each propagation twenty times the work) and trial and error's exact
search from an open position can run for minutes, so all three charge their work
to the budget declared below (see :mod:`..budget`) and step aside when it is spent
(a forcing chain search cut short still reports the contradictions it found: each
is proved on its own).  The same allowances never bind on 9x9, where ratings stay
what they were.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...symbols import cell_name, symbol
from ..budget import BudgetSpent, charging
from ..grid import CandidateGrid, cells_of
from ..registry import Level, technique
from ..se_scale import rated
from ..step import Mark, Role, Step
from ..trial import Bitboard, Candidate, Outcome, Trace, story
from ..wording import and_list, or_list

NISHIO_RATING = 7.5
STATIC_RATING = 8.0
DYNAMIC_RATING = 8.5
NESTED_RATING = 9.5
TRIAL_RATING = 11.0

SHORTLIST = 6
"""Deductions of each kind replayed to choose the shortest (see the module docstring)."""

NESTED_BUDGET = 40_000
"""Inner trials the nested level may spend (about a second on 9x9) before giving up."""

FORCING_ALLOWANCE = 1_500_000
"""Budget units of one forcing chain search (~0.05 s on 9x9; ~2,000 trials on 25x25)."""

NESTED_ALLOWANCE = 2_000_000
"""Budget units of one nested search: more than ``NESTED_BUDGET`` trials on 9x9."""

TRIAL_ALLOWANCE = 1_500_000
"""Budget units of trial and error's exact searches from one position."""

STORY_LIMIT = 10
"""Consequences told per line of reasoning; longer ones skip their middle."""


@dataclass(frozen=True)
class _Deduction:
    """A conclusion every branch reaches: ``branches`` are the assumptions tried."""

    kind: str  # "contradiction", "cell" or "unit"
    branches: tuple[Candidate, ...]
    conclusion: Candidate
    placement: bool
    unit: int
    proxy: int


@technique(
    "Forcing Chain",
    level=Level.EXTREME,
    rating=NISHIO_RATING,
    last_resort=True,
    budget=FORCING_ALLOWANCE,
)
def forcing_chain(grid: CandidateGrid) -> Iterator[Step]:
    """One level of trial: contradictions, then cell and unit forcing chains."""
    board = Bitboard(grid)
    start = board.propagate(board.base)
    if start.dead:
        return  # a broken position: there is nothing sound to say
    state = start.state
    outcomes: dict[Candidate, Outcome] = {}
    try:
        for cand in board.candidates(state):
            outcomes[cand] = board.propagate(board.place(state, *cand))
    except BudgetSpent:
        # Out of budget part-way (a large open grid): the contradictions found so
        # far still prove their eliminations; forcings need every branch, so none.
        contradictions = _contradictions(outcomes)
        if not contradictions:
            raise
        contradictions.sort(key=lambda d: (d.proxy, d.branches, d.conclusion))
        with charging(None):  # telling a few costs little; the search is over
            told = [_tell(grid, d, {}) for d in contradictions[:SHORTLIST]]
        told.sort(key=lambda pair: (pair[0].rating, pair[1]))
        yield from (step for step, _size in told)
        return
    found = _contradictions(outcomes) + _forcings(grid, board, state, outcomes)
    if not found:
        return
    by_kind: dict[str, list[_Deduction]] = {}
    for deduction in found:
        by_kind.setdefault(deduction.kind, []).append(deduction)
    shortlist: list[_Deduction] = []
    for items in by_kind.values():
        items.sort(key=lambda d: (d.proxy, d.branches, d.conclusion))
        shortlist.extend(items[:SHORTLIST])
    traces: dict[Candidate, Trace] = {}
    told = [_tell(grid, deduction, traces) for deduction in shortlist]
    told.sort(key=lambda pair: (pair[0].rating, pair[1]))
    yield from (step for step, _size in told)
    rest = sorted(
        (d for items in by_kind.values() for d in items[SHORTLIST:]),
        key=lambda d: (d.proxy, d.branches, d.conclusion),
    )
    for deduction in rest:
        yield _tell(grid, deduction, traces)[0]


def _contradictions(outcomes: dict[Candidate, Outcome]) -> list[_Deduction]:
    return [
        _Deduction("contradiction", (cand,), cand, False, -1, outcome.rounds)
        for cand, outcome in outcomes.items()
        if outcome.dead
    ]


def _forcings(
    grid: CandidateGrid, board: Bitboard, state: int, outcomes: dict[Candidate, Outcome]
) -> list[_Deduction]:
    """Cell and unit forcing chains: what every branch of a cell or unit agrees on."""
    n = grid.size
    groups: list[tuple[str, int, tuple[Candidate, ...]]] = []
    by_cell: dict[int, list[Candidate]] = {}
    for cand in outcomes:
        by_cell.setdefault(cand[0], []).append(cand)
    for cell, in_cell in by_cell.items():
        if len(in_cell) >= 2:
            groups.append(("cell", cell, tuple(in_cell)))
    for unit, members in enumerate(grid.shape.units):
        for digit in range(1, n + 1):
            places = tuple((cell, digit) for cell in members if (cell, digit) in outcomes)
            if len(places) >= 2:
                groups.append(("unit", unit, places))
    alive = state & board.cell_fields
    found = []
    for kind, where, branches in groups:
        results = [outcomes[cand] for cand in branches]
        if any(result.dead for result in results):
            continue  # the dead branch is a contradiction, reported on its own
        placed = -1
        anywhere = 0
        union = 0
        for cand, result in zip(branches, results, strict=True):
            # The assumption itself is placed outside the propagation; count it.
            here = result.placed | board.bit(*cand)
            placed &= here
            anywhere |= here
            union |= result.state
        removed = alive & ~union & ~anywhere
        proxy = sum(result.rounds for result in results)
        for bits, placement in ((placed, True), (removed, False)):
            for position in cells_of(bits):
                cell, k = divmod(position, n + 1)
                found.append(_Deduction(kind, branches, (cell, k + 1), placement, where, proxy))
    return found


def _trace(grid: CandidateGrid, cand: Candidate, traces: dict[Candidate, Trace]) -> Trace:
    """The replay of assuming ``cand``, shared by every deduction that branches on it."""
    found = traces.get(cand)
    if found is None:
        found = traces[cand] = Trace(grid, [cand])
    return found


def _tell(
    grid: CandidateGrid, deduction: _Deduction, traces: dict[Candidate, Trace]
) -> tuple[Step, int]:
    """The step for ``deduction`` with its rating, and its size (candidates involved)."""
    n = grid.size
    if deduction.kind == "contradiction":
        return _tell_contradiction(
            grid, deduction.conclusion, _trace(grid, deduction.conclusion, traces)
        )
    cell, digit = deduction.conclusion
    conclusion = (
        f"{cell_name(cell, n)} is {symbol(digit)}"
        if deduction.placement
        else f"{cell_name(cell, n)} is not {symbol(digit)}"
    )
    size = 0
    static = True
    lines = []
    marks: list[Mark] = []
    for branch in deduction.branches:
        trace = _trace(grid, branch, traces)
        if deduction.placement:
            indices, removals = trace.ancestry((), [trace.placed_at[cell]])
        else:
            indices, removals = trace.ancestry([(cell, digit)])
        size += len(indices) + len(removals)
        static = static and all(trace.inferences[i].static for i in indices)
        said = story(trace, indices, STORY_LIMIT)
        lead = (
            f"if it is {symbol(branch[1])}"
            if deduction.kind == "cell"
            else f"if it goes in {cell_name(branch[0], n)}"
        )
        lines.append(f"{lead}: {said or 'directly'}")
        marks.append(Mark(branch[0], branch[1], Role.PATTERN))
    if deduction.kind == "cell":
        where = cell_name(deduction.branches[0][0], n)
        options = or_list([symbol(d) for _c, d in deduction.branches])
        intro = f"{where} can only be {options}."
    else:
        digit_text = symbol(deduction.branches[0][1])
        places = or_list([cell_name(c, n) for c, _d in deduction.branches])
        intro = f"In {grid.shape.unit_name(deduction.unit)}, {digit_text} can only go in {places}."
    base = STATIC_RATING if static else DYNAMIC_RATING
    name = "cell" if deduction.kind == "cell" else "unit"
    explanation = (
        f"No pattern applies here, so this step tries each possibility ({name} forcing "
        f"chain). {intro} " + " ".join(f"{line[0].upper()}{line[1:]}." for line in lines)
    )
    explanation += f" Every possibility leads to the same result, so {conclusion}."
    marks.append(Mark(cell, digit, Role.FOCUS))
    step = Step(
        "Forcing Chain",
        placements=((cell, digit),) if deduction.placement else (),
        eliminations=() if deduction.placement else ((cell, digit),),
        explanation=explanation,
        marks=tuple(marks),
        units=(deduction.unit,) if deduction.kind == "unit" else (),
        rating=rated(base, size),
        last_resort=True,
    )
    return step, size


def _tell_contradiction(grid: CandidateGrid, cand: Candidate, trace: Trace) -> tuple[Step, int]:
    n = grid.size
    cell, digit = cand
    indices, removals = trace.conclusion_ancestry()
    size = len(indices) + len(removals)
    used = [trace.inferences[i] for i in indices]
    found = trace.contradiction
    assert found is not None
    one_digit = all(inf.digit == digit for inf in used) and found.digit == digit
    static = all(inf.static for inf in used)
    base = NISHIO_RATING if one_digit else STATIC_RATING if static else DYNAMIC_RATING
    said = story(trace, indices, STORY_LIMIT)
    then = f"Then {said}, and " if said else "Then "
    explanation = (
        "No pattern applies here, so this step tries a possibility and follows the "
        f"singles (a forcing chain). Suppose {cell_name(cell, n)} were {symbol(digit)}. "
        f"{then}{trace.contradiction_text()}. That cannot be, so {cell_name(cell, n)} is "
        f"not {symbol(digit)}."
    )
    marks = [Mark(cell, digit, Role.FOCUS)]
    marks.extend(
        Mark(inf.cell, inf.digit, Role.ON) for inf in used if (inf.cell, inf.digit) != cand
    )
    step = Step(
        "Forcing Chain",
        eliminations=(cand,),
        explanation=explanation,
        marks=tuple(marks),
        rating=rated(base, size),
        last_resort=True,
    )
    return step, size


@technique(
    "Nested Forcing Chain",
    level=Level.EXTREME,
    rating=NESTED_RATING,
    last_resort=True,
    budget=NESTED_ALLOWANCE,
)
def nested_forcing_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Two levels of trial: an assumption breaks once its own contradictions are removed."""
    board = Bitboard(grid)
    start = board.propagate(board.base)
    if start.dead:
        return
    state = start.state
    cands = list(board.candidates(state))
    count: dict[int, int] = {}
    for cell, _digit in cands:
        count[cell] = count.get(cell, 0) + 1
    # Bivalue cells first: a false candidate there makes the other one true.
    cands.sort(key=lambda cand: (count[cand[0]], cand))
    budget = NESTED_BUDGET
    for cand in cands:
        world = board.propagate(board.place(state, *cand))
        if world.dead:
            continue  # one level is enough; the Forcing Chain reports it
        inner = world.state
        removed: list[Candidate] = []
        broken = False
        while not broken:
            dead = []
            for other in board.candidates(inner):
                budget -= 1
                if budget < 0:
                    return
                if board.propagate(board.place(inner, *other)).dead:
                    dead.append(other)
            if not dead:
                break
            for other in dead:
                inner = board.remove(inner, *other)
            removed.extend(dead)
            after = board.propagate(inner)
            broken = after.dead
            inner = after.state
        if broken:
            yield _tell_nested(grid, cand, removed)
            return


def _tell_nested(grid: CandidateGrid, cand: Candidate, removed: list[Candidate]) -> Step:
    n = grid.size
    cell, digit = cand
    trace = Trace(grid, [cand], removed=removed)
    if trace.contradiction is None:
        # The replay orders singles differently from the bitboard; both are sound,
        # and the bitboard proved the contradiction, so say it plainly.
        used: list[Candidate] = removed
        said = ""
        ending = "the grid runs out of options"
        size = 2 * len(removed) + 10
    else:
        indices, removals = trace.conclusion_ancestry()
        used = [r for r in removed if r in removals]
        said = story(trace, indices, STORY_LIMIT)
        ending = trace.contradiction_text()
        size = len(indices) + len(removals)
    ruled_out = and_list([f"{symbol(d)} in {cell_name(c, n)}" for c, d in used[:6]])
    more = f" (and {len(used) - 6} more)" if len(used) > 6 else ""
    inner = (
        f"In that position, {ruled_out}{more} would each lead by singles to a "
        "contradiction, so they are ruled out too. "
        if used
        else ""
    )
    explanation = (
        "No pattern or single chain applies here, so this step nests one trial inside "
        f"another. Suppose {cell_name(cell, n)} were {symbol(digit)}. {inner}"
        + (f"Then {said}, and " if said else "Then ")
        + f"{ending}. That cannot be, so {cell_name(cell, n)} is not {symbol(digit)}."
    )
    return Step(
        "Nested Forcing Chain",
        eliminations=(cand,),
        explanation=explanation,
        marks=(Mark(cell, digit, Role.FOCUS),) + tuple(Mark(c, d, Role.OFF) for c, d in used),
        rating=rated(NESTED_RATING, size + 4 * len(used)),
        last_resort=True,
    )


@technique(
    "Trial and Error",
    level=Level.EXTREME,
    rating=TRIAL_RATING,
    last_resort=True,
    budget=TRIAL_ALLOWANCE,
)
def trial_and_error(grid: CandidateGrid) -> Iterator[Step]:
    """Assume a candidate and search exhaustively; no way to finish means it is false."""
    n = grid.size
    board = Bitboard(grid)
    cells = sorted(
        (cell for cell, mask in enumerate(grid.cands) if mask.bit_count() >= 2),
        key=lambda cell: (grid.cands[cell].bit_count(), cell),
    )
    for cell in cells:
        for digit in range(1, n + 1):
            if not grid.cands[cell] >> (digit - 1) & 1:
                continue
            if board.has_solution(board.place(board.base, cell, digit)):
                continue
            yield Step(
                "Trial and Error",
                eliminations=((cell, digit),),
                explanation=(
                    "No pattern or chain of singles settles this position, so this step "
                    f"falls back on trial and error: with {symbol(digit)} in "
                    f"{cell_name(cell, n)}, a search through every way to go on finds "
                    f"no complete grid, so {cell_name(cell, n)} is not {symbol(digit)}."
                ),
                marks=(Mark(cell, digit, Role.FOCUS),),
                rating=TRIAL_RATING,
                last_resort=True,
            )
