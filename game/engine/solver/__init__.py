"""The exact solver: first solution, all solutions up to a limit, uniqueness, and a
budgeted verdict for open grids (see :mod:`.exact` for how it searches, and
:mod:`.sums` for the sums it derives from a killer's cages to narrow that search)."""

from .exact import (
    MAX_SOLUTIONS,
    Analysis,
    SearchLimitReached,
    Status,
    Topology,
    analyse,
    bitboard,
    cached_table_bytes,
    count_solutions,
    other_solution,
    probed_solution,
    settle,
    solutions,
    solve,
    status,
    work_budget,
)
from .swaps import swapped_solution

__all__ = [
    "MAX_SOLUTIONS",
    "Analysis",
    "SearchLimitReached",
    "Status",
    "Topology",
    "analyse",
    "bitboard",
    "cached_table_bytes",
    "count_solutions",
    "other_solution",
    "probed_solution",
    "settle",
    "solutions",
    "solve",
    "status",
    "swapped_solution",
    "work_budget",
]
