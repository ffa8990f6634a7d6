"""Check: wrong entries against the solution, or, without one, whether play can go on.

Kept apart from the referee because it asks the engine's solver a question the
rules of play never need; slow without a solution (the solver decides), so the
board runs it off the frame loop then.
"""

from __future__ import annotations

from collections.abc import Set

from ...engine import solver
from ...engine.logic import decide
from ...engine.types import Cell, Grid
from .dead_ends import NO_WAY_ON
from .effects import CheckResult, Offer
from .rulebook import Rulebook


def check_position(
    rulebook: Rulebook, grid: Grid, wrong: Set[Cell], solution: tuple[int, ...] | None
) -> CheckResult:
    """What Check says of ``grid``: the ``wrong`` entries (against a unique
    ``solution``), else a dead end, else whether the rules (houses and constraints)
    hold and it can finish."""
    if solution is not None:
        if wrong:
            count = len(wrong)
            return CheckResult(
                frozenset(wrong), f"{count} entr{'y is' if count == 1 else 'ies are'} not right."
            )
        reason = rulebook.dead_end(grid)
        if reason is not None:  # right digits, but notes or a lost cause elsewhere
            return CheckResult(message=f"All digits are right, but {reason}.", offer=Offer.UNDO)
        return CheckResult(message="All correct so far.")
    clashes = rulebook.conflicts(grid)
    if clashes:
        return CheckResult(clashes, "Some digits break the rules.")
    broken = rulebook.broken(grid)
    if broken:
        cells = frozenset(c for b in broken for c in b.cells)
        return CheckResult(cells, f"Some digits break the rules. {broken[0].words}")
    status = decide(rulebook.rules, grid).status
    if status is solver.Status.NONE:
        reason = rulebook.dead_end(grid) or NO_WAY_ON
        words = f"No rule is broken, but this can't be finished from here: {reason}."
        return CheckResult(message=words, offer=Offer.UNDO)
    if status is solver.Status.UNDECIDED:
        return CheckResult(message="No rule is broken; the grid is too open to say more yet.")
    return CheckResult(message="No rule is broken, and the position can still be completed.")
