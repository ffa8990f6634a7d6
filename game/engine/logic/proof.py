"""The solver's verdict on a puzzle, with the logic as a second witness.

Why: the exact solver works within a budget (see :func:`~game.engine.solver.settle`)
and says "undecided" when it is spent.  Near-empty variant puzzles are where that
happens: a givens-free Hard killer our own generator made, whose cages the logic
reads at once, took the solver 11 s to prove unique, and another ran out of budget
after 20 s, so a player opening it from a file saw it unrated and `solve` gave up.

The logic proves uniqueness by itself when it fills the grid: every step it takes
holds in every solution, so a grid it fills by such steps (no last resort, no
uniqueness argument, and the filled grid obeys the rules) is the only solution.  So
:func:`decide` gives the search a short first try where it is slowest (a rule set
with constraints that narrow), then asks the logic, and only then gives the search
its whole budget.  Where the logic is stuck, the answer is the solver's alone, but
its search starts from where the logic stopped: the digits placed and candidates
removed there hold in every solution, so the search has less left to prove (a
generated Extreme killer's proof went from about a second to a few hundredths).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..rules import RuleSet
from ..solver import Analysis, Status, Topology, settle, work_budget
from .grid import CandidateGrid
from .path import solve_path

FIRST_TRY_SHARE = 32
"""The share of its budget the search gets before the logic is asked, on a rule set
whose constraints narrow (measured on generated 9x9 Hard killers: one in three needs
more than the whole budget, while the ones it settles take under an eighth)."""


def decide(
    shape: Topology,
    grid: Sequence[int],
    limit: int = 2,
    *,
    poll: Callable[[], None] | None = None,
) -> Analysis:
    """:func:`~game.engine.solver.settle`, with the logic as a second witness on a rule
    set whose constraints narrow (see the module docstring); same arguments and answer.
    Other grids get the search alone: their singles are strong, and where it runs out
    (an open 25x25 jigsaw) the logic is no quicker.  ``poll`` is called now and then
    (between searches, logic steps and search turns) and may raise to abandon it all."""
    if not (isinstance(shape, RuleSet) and shape.narrowing):
        return settle(shape, grid, limit, poll=poll)
    first = settle(shape, grid, limit, work=work_budget(shape) // FIRST_TRY_SHARE, poll=poll)
    if first.status is not Status.UNDECIDED:
        return first
    reached = _sound_position(shape, grid, poll)
    if reached is None:
        return settle(shape, grid, limit, poll=poll)
    solution = _proved(shape, grid, reached)
    if solution is not None:
        return Analysis(Status.UNIQUE, (solution,), first.work)
    return settle(shape, reached.values, limit, candidates=reached.cands, poll=poll)


def logic_solution(shape: Topology, grid: Sequence[int]) -> tuple[int, ...] | None:
    """The grid's only solution, when the logic fills it by steps that hold in every
    solution; None when it gets stuck, runs out of budget, or fills it wrongly (a
    puzzle with no solution lets any deduction through)."""
    reached = _sound_position(shape, grid)
    return None if reached is None else _proved(shape, grid, reached)


def _sound_position(
    shape: Topology, grid: Sequence[int], poll: Callable[[], None] | None = None
) -> CandidateGrid | None:
    """Where the logic's steps that hold in every solution lead from ``grid`` (no last
    resort, no uniqueness argument), or None when the grid is broken from the start."""
    rules = shape if isinstance(shape, RuleSet) else None
    plain = shape.shape if isinstance(shape, RuleSet) else shape
    start = CandidateGrid.from_grid(plain, grid, rules=rules)
    if start.is_broken():
        return None  # a cell or a digit with no place left: no solution to prove
    return solve_path(start, unique=False, include_last_resort=False, poll=poll).final


def _proved(shape: Topology, grid: Sequence[int], reached: CandidateGrid) -> tuple[int, ...] | None:
    """The solution ``reached`` holds when the logic filled the grid and it obeys the rules."""
    if not reached.is_solved():
        return None
    solution = tuple(reached.values)
    checker = shape if isinstance(shape, RuleSet) else RuleSet(shape, ())
    return solution if checker.is_solution(solution, grid) else None
