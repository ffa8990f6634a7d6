"""A one-grid memo: techniques that share a search compute it once per position.

Finned and sashimi fish come from one search, and so do the three shapes of two
strong links; the path asks for them one after the other on the same grid.  Only
the latest grid is remembered (compared by identity, since grids are immutable),
so nothing accumulates; two threads racing can only cost a repeated search.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from .grid import CandidateGrid

T = TypeVar("T")


class LastGrid(Generic[T]):
    """Results for the most recent grid, one per key."""

    def __init__(self) -> None:
        self._entry: tuple[CandidateGrid, dict[Hashable, T]] | None = None

    def get(self, grid: CandidateGrid, key: Hashable, compute: Callable[[], T]) -> T:
        """The value for (``grid``, ``key``), computed by ``compute`` the first time."""
        entry = self._entry
        if entry is None or entry[0] is not grid:
            entry = (grid, {})
            self._entry = entry
        found = entry[1].get(key)
        if found is None:
            found = compute()
            entry[1][key] = found
        return found
