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
found covers many candidates); a candidate with none is removable.  The answer
does not depend on which templates are found, only on which candidates lie on one.

Bounds: on grids up to 9x9, :data:`SMALL_GRID_NODES` nodes per digit, ten times the
most any search has needed (377 nodes, early in a jigsaw Windoku grade, among the
2,508 searches of 37 grades and 44 screens; classic positions need at most 200 from
the givens on, a few dozen on hard positions), so there the answer is known.  On
larger grids :data:`WORK_BUDGET` (nodes times the units each node scans: 225 nodes
on 16x16, 144 on 25x25, a few milliseconds each), which near-empty grids can
exceed; the answer is then "unknown" (None) and callers fall back to searching, or
skip, as they document.

Results are cached by the digit's candidate cells, which is all they depend on, so
a solve path recomputes only the digits a step changed.  On grids up to 9x9 a
search also starts from the templates found for an earlier superset of the same
candidates (:func:`_seeds`): a template whose cells are all still candidates is
still a template, and a step removes a candidate or two, so most candidates start
on one and few searches remain (in the grades of 37 jigsaw Windoku candidates, the
template searches took 0.21 s instead of 0.52 s).  That changes no answer, only how
fast it comes.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..shape import Shape
from .grid import CandidateGrid, tables

WORK_BUDGET = 10_800
"""Search nodes times units per node allowed per digit, on grids larger than 9x9,
before the answer is unknown."""

SMALL_GRID_NODES = 4_000
"""Search nodes allowed per digit on grids up to 9x9 (see the module docstring)."""

SMALL_GRID = 81
"""Cells of the largest grid that gets :data:`SMALL_GRID_NODES` and seeded searches."""

_CACHE: dict[tuple[object, int], int | None] = {}
_CACHE_LIMIT = 8192

_KNOWN: dict[object, list[tuple[int, tuple[int, ...]]]] = {}
"""Per key, the candidates of the last few searches and the templates they found."""
KNOWN_KEPT = 18
"""Searches remembered per key: two for each digit of a 9x9 grid, whose digits all
share the key on a grid without extra houses."""


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
    if len(peer_mask) <= SMALL_GRID:
        seeds = _seeds(key, places)
        found, templates = _search(unit_mask, peer_mask, places, SMALL_GRID_NODES, seeds)
        kept = _KNOWN.setdefault(key, [])
        kept.append((places, templates))
        if len(kept) > KNOWN_KEPT:
            del kept[0]
    else:
        found, _ = _search(unit_mask, peer_mask, places, WORK_BUDGET // len(unit_mask), ())
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
        _KNOWN.clear()
    _CACHE[cache_key] = found
    return found


def _seeds(key: object, places: int) -> list[int]:
    """Templates of ``places`` found for the closest superset searched lately: those
    whose cells are all in ``places`` (a template of a unit that lost the digit's
    last candidate is dropped, though part of it would do)."""
    best: tuple[int, ...] = ()
    fewest = -1
    for there, templates in _KNOWN.get(key, ()):
        if not places & ~there:
            lost = (there & ~places).bit_count()
            if fewest < 0 or lost < fewest:
                best, fewest = templates, lost
    return [template for template in best if not template & ~places]


def known_quiet(key: object, places: int) -> bool:
    """Whether :func:`removable_in` under ``key`` already found every candidate of
    ``places`` on some template.  Reads the cache only, never searches: a caller
    that may skip work on the answer need not pay for it."""
    return _CACHE.get((key, places), -1) == 0


class _OverBudget(Exception):
    """The template search used up its nodes."""


def _search(
    unit_mask: tuple[int, ...],
    peer_mask: tuple[int, ...],
    places: int,
    budget: int,
    seeds: Sequence[int],
) -> tuple[int | None, tuple[int, ...]]:
    """The cells of ``places`` on no template (None: over ``budget`` nodes), and
    templates covering every other cell, starting from the templates ``seeds``."""
    units = [mask for mask in unit_mask if mask & places]
    covered = 0
    found: list[int] = []
    for seed in seeds:
        if seed & ~covered:
            covered |= seed
            found.append(seed)
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
        todo = places & ~covered
        while todo:
            low = todo & -todo
            cell = low.bit_length() - 1
            template = complete(places & ~peer_mask[cell] & ~low, [m for m in units if not m & low])
            if template is not None:
                covered |= template | low
                found.append(template | low)
            todo &= ~(covered | low)
    except _OverBudget:
        return None, tuple(found)
    return places & ~covered, tuple(found)
