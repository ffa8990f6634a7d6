"""Work budgets: how a technique whose cost grows steeply with the grid steps aside.

Some searches grow like the number of candidates squared or worse (trial on every
candidate, chains between all of them): instant on 9x9, minutes on an open 25x25.
Rather than a clock, which would make ratings depend on the machine and its load,
techniques count their work in *units* and stop when their allowance is spent, so
the same position always gets the same answer.

A unit is about a microsecond of this engine's Python on the machine the ratings
were calibrated on: charge one per small step (a candidate looked at, a link
followed), and for bigger ones their measured cost, as :mod:`.trial` does for
propagations on the solver's bitboard.  Precision does not matter; proportion does.

How a technique declares and uses its budget (see :func:`.registry.technique`):

- ``budget=UNITS`` at registration: the allowance of one call on one position
  (default :data:`DEFAULT_ALLOWANCE`).  The path also has a budget for the whole
  solve (:data:`PATH_BUDGET`), and a call never gets more than what is left of it.
- ``max_size=N`` at registration: the technique is not tried on grids larger than
  ``N`` at all, for searches that cannot usefully stop half-way.
- Inside the finder, call :func:`spend` with the units each piece of work costs,
  often enough that an allowance is never overrun by much (every few milliseconds
  of work at most).  When it is spent, :func:`spend` raises :class:`BudgetSpent`;
  let it propagate: the path catches it, notes that the technique stepped aside,
  and goes on with the next technique.  A step yielded before that still counts.

For example::

    @technique("Big Search", level=Level.EXPERT, rating=6.0, budget=500_000, max_size=16)
    def big_search(grid: CandidateGrid) -> Iterator[Step]:
        for start in grid.empty_cells():
            spend(len(links_from(start)))  # what this piece of work costs
            ...

Finders that never call :func:`spend` run as before; the path charges each call
:func:`call_cost` units so that a long path of cheap steps still ends.

The current budget is a context variable, so each thread (the game's background
hint job, a worker process) has its own, and code that runs outside a path (a
test calling a finder directly) has none: :func:`spend` then does nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

DEFAULT_ALLOWANCE = 1_000_000
"""Units one call of a technique may spend unless it declares otherwise (~1 s)."""

PATH_BUDGET = 6_000_000
"""Units a whole solving path (a rating, ``steps``) may spend (~6 s)."""

HINT_BUDGET = 3_000_000
"""Units the search for one hint may spend (~3 s)."""


class BudgetSpent(Exception):
    """A technique's allowance (or the path's budget) is spent; it steps aside."""


class Budget:
    """A count of units that may be spent, inside an optional enclosing budget.

    Spending charges this budget and every enclosing one; whichever runs out first
    stops the work.  :attr:`exhausted` tells which: the enclosing path budget being
    spent ends the whole search, a technique's own allowance only that technique.
    """

    __slots__ = ("limit", "parent", "spent")

    def __init__(self, limit: int, parent: Budget | None = None) -> None:
        self.limit = limit
        self.parent = parent
        self.spent = 0

    @property
    def remaining(self) -> int:
        """Units left here, and in every enclosing budget."""
        left = self.limit - self.spent
        if self.parent is not None:
            left = min(left, self.parent.remaining)
        return max(0, left)

    @property
    def exhausted(self) -> bool:
        """Whether this budget or an enclosing one has nothing left."""
        return self.remaining <= 0

    def charge(self, units: int) -> None:
        """Spend ``units`` here and in the enclosing budgets.

        :raises BudgetSpent: when any of them is overdrawn.
        """
        budget: Budget | None = self
        overdrawn = False
        while budget is not None:
            budget.spent += units
            overdrawn = overdrawn or budget.spent > budget.limit
            budget = budget.parent
        if overdrawn:
            raise BudgetSpent

    def __repr__(self) -> str:
        return f"Budget({self.limit}, spent={self.spent})"


_current: ContextVar[Budget | None] = ContextVar("logic_budget", default=None)


def spend(units: int = 1) -> None:
    """Charge ``units`` to the running technique's budget (nothing outside a path).

    :raises BudgetSpent: when the allowance or the path's budget is spent.
    """
    budget = _current.get()
    if budget is not None:
        budget.charge(units)


def current() -> Budget | None:
    """The budget work is charged to now, if any."""
    return _current.get()


@contextmanager
def charging(budget: Budget | None) -> Iterator[Budget | None]:
    """Charge the work done inside the ``with`` block to ``budget`` (None: no budget)."""
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)


def call_cost(candidates: int) -> int:
    """Units charged for calling a technique on a position with ``candidates`` left.

    Even a technique that finds nothing looks at every candidate at least once.
    Measured on a near-empty 25x25 jigsaw position (13,000 candidates): the 36
    pattern techniques take 230 ms together, about half a microsecond per
    candidate each (the finned fish most, singles least).
    """
    return 1 + candidates // 2
