"""Which candidates of one digit no complete placement of that digit can use.

A *template* for a digit is one of its candidates in every row, column and region
that still lacks it, no two of them peers: one way the digit could fill the grid
if the other digits did not matter.  Any deduction that looks at a single digit
(fish of every kind, colouring, X-chains) can only remove a candidate that lies on
no template, and a candidate on no template is removable.  So the set this module
computes is an exact pre-filter: the expensive single-digit searches (Franken and
Mutant fish, multi-colouring) run only for digits that have such candidates, and
only aim at those candidates.  On the hard positions where those searches are
tried, about one digit in forty has any, so most searches never start.

The search finds, for each candidate not yet on a known template, one template
through it (most constrained unit first, new cells preferred so that each template
found covers many candidates); a candidate with none is removable.  It is capped
by :data:`WORK_BUDGET` per digit (nodes times the units each node scans, so about
400 nodes on 9x9, 348 under Windoku's four extra houses, 225 on 16x16, 144 on
25x25, a few milliseconds each), which classic 9x9 positions never come near (at
most 200 nodes, from the givens on; a few dozen on hard positions); near-empty
16x16 and 25x25 grids can exceed it, and so can early positions of 9x9 jigsaw
Windoku puzzles (3 of 1,714 searches in the grades of 37 candidates, on 48 to 63
candidates of a digit), and then the answer is "unknown" (None) and callers fall
back to searching, or skip, as they document.
Results are cached by the digit's candidate cells, which is all they depend on, so
a solve path recomputes only the digits a step changed.
"""

from __future__ import annotations

from ..shape import Shape
from .grid import CandidateGrid, tables

WORK_BUDGET = 10_800
"""Search nodes times units per node allowed per digit before the answer is unknown."""

_CACHE: dict[tuple[object, int], int | None] = {}
_CACHE_LIMIT = 8192


def removable(grid: CandidateGrid, digit: int) -> int | None:
    """Cells where ``digit`` is a candidate on no template (None: search over budget)."""
    return removable_cells(grid.shape, grid.digit_cells(digit))


def removable_cells(shape: Shape, places: int) -> int | None:
    """The cells of ``places`` (one digit's candidates) that lie on no template.

    Units that hold none of ``places`` are taken as already holding the digit: in a
    consistent position that is the only way a unit can miss it.
    """
    table = tables(shape)
    return removable_in(shape, table.unit_mask, table.peer_mask, places)


def removable_in(
    key: object, unit_mask: tuple[int, ...], peer_mask: tuple[int, ...], places: int
) -> int | None:
    """:func:`removable_cells` for any units and "sees" relation (a variant's full
    houses and constraint links), cached under ``key``, which must stand for those
    tables for as long as it lives (a shape, or a fish geometry held by the cache)."""
    cache_key = (key, places)
    if cache_key in _CACHE:
        return _CACHE[cache_key]
    found = _search(unit_mask, peer_mask, places)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[cache_key] = found
    return found


def known_quiet(key: object, places: int) -> bool:
    """Whether :func:`removable_in` under ``key`` already found every candidate of
    ``places`` on some template.  Reads the cache only, never searches: a caller
    that may skip work on the answer need not pay for it."""
    return _CACHE.get((key, places), -1) == 0


class _OverBudget(Exception):
    """The template search used up its nodes."""


def _search(unit_mask: tuple[int, ...], peer_mask: tuple[int, ...], places: int) -> int | None:
    units = [mask for mask in unit_mask if mask & places]
    budget = WORK_BUDGET // len(unit_mask)
    covered = 0
    nodes = 0

    def complete(free: int, needed: list[int]) -> int | None:
        """Cells finishing a template from ``free`` for the ``needed`` units, if any."""
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise _OverBudget
        best = 0
        fewest = -1
        for mask in needed:
            count = (free & mask).bit_count()
            if fewest < 0 or count < fewest:
                best, fewest = mask, count
                if count <= 1:
                    break
        if fewest < 0:
            return 0
        if fewest == 0:
            return None
        options = free & best
        # Cells not yet on a template first: a template through them teaches more.
        for group in (options & ~covered, options & covered):
            while group:
                low = group & -group
                group ^= low
                cell = low.bit_length() - 1
                rest = complete(free & ~peer_mask[cell] & ~low, [m for m in needed if not m & low])
                if rest is not None:
                    return rest | low
        return None

    try:
        todo = places
        while todo:
            low = todo & -todo
            cell = low.bit_length() - 1
            template = complete(places & ~peer_mask[cell] & ~low, [m for m in units if not m & low])
            if template is not None:
                covered |= template | low
            todo &= ~(covered | low)
    except _OverBudget:
        return None
    return places & ~covered
