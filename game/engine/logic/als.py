"""Almost Locked Sets: the shared search behind ALS-XZ, ALS-XY-Wing, ALS chains and Death Blossom.

An *almost locked set* (ALS) is ``n`` empty cells of one unit that hold exactly
``n + 1`` candidates between them; a bivalue cell is the one-cell case.  Take any
one digit away from it and the other ``n`` digits are locked in its ``n`` cells, so
each of them must be placed there.  That one fact drives every ALS technique:

- a *restricted common candidate* (RCC) of two sets is a digit ``x`` that both
  hold and whose places in both sets all see each other, so at most one of the
  sets can keep ``x``; the one that loses it is locked;
- a digit's places in a set, seen all at once from outside, give the cells that
  lose the digit once the digit is known to be in the set.

Overlap: two sets may share cells if an RCC digit has no place in the shared
cells (a cell does not see itself, so the RCC test below rejects it anyway);
the techniques decide whether they accept overlapping sets.

Cost and caps: the sets are enumerated once per position (memoised on the grid,
so the four techniques that use them share one search) by a depth-first walk over
each unit's cells that stops as soon as the digits collected exceed the largest
allowed set plus one; cells with too many candidates to be in any allowed set are
left out up front.  A hard 9x9 position has about 200 sets and builds them and
their links in a few milliseconds.  The caps (:func:`max_cells`, :func:`max_sets`)
only bite on larger grids: there a set has at most :data:`MAX_CELLS_LARGE` cells
and only the :data:`MAX_SETS_LARGE` smallest sets are kept, because a mid-solve
16x16 or 25x25 grid can hold thousands of small sets and the chain searches built
on them grow with the square of that; on 9x9 the caps (8 cells, which is no cap,
and :data:`MAX_SETS_SMALL`) are never reached.  RCCs are found by bucketing sets
by the first place of each digit, so only pairs that can be linked are compared.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import TypeVar

from .grid import CandidateGrid, cells_of
from .memo import LastGrid
from .se_scale import FORCING_CHAINS_EXTRA

T = TypeVar("T")

MAX_CELLS_SMALL = 8
"""Largest ALS on grids up to 9x9 (a unit's empty cells minus one is the real bound)."""

MAX_CELLS_LARGE = 3
"""Largest ALS on grids larger than 9x9 (see the module docstring)."""

MAX_SETS_SMALL = 4000
"""Sets kept per position up to 9x9: about ten times what a hard position has."""

MAX_SETS_LARGE = 300
"""Sets kept per position on larger grids (the smallest ones)."""

MAX_FOUND = 20_000
"""Sets collected before the enumeration stops, whatever the grid."""


CHAIN_BASE = 7.0
"""The Alternating Inference Chain's rating (see ``techniques/chains.py``).

Every ALS step is an AIC whose nodes include a set's grouped candidates, so each
is placed in the catalogue from this base plus Sudoku Explainer's length bonus for
:func:`chain_length` (see :func:`.se_scale.rated`), and rated from
:data:`RATING_BASE`.
"""

RATING_BASE = CHAIN_BASE + FORCING_CHAINS_EXTRA
"""The base of ALS ratings: SE proves these steps with forcing chains (see
:data:`.se_scale.FORCING_CHAINS_EXTRA`)."""


def chain_length(sets: Iterable[Als]) -> int:
    """Candidates of the equivalent chain: ``n + 1`` per set of ``n`` cells.

    A bivalue cell counts 2, as its two candidates do in an XY-Chain; a larger
    set is entered on one digit and left on another after ``n`` cells' worth of
    locked-set reasoning.
    """
    return sum(als.size + 1 for als in sets)


def max_cells(size: int) -> int:
    """The largest ALS the search builds on a grid of ``size``."""
    return MAX_CELLS_SMALL if size <= 9 else MAX_CELLS_LARGE


def max_sets(size: int) -> int:
    """How many sets (smallest first) a position of ``size`` keeps at most."""
    return MAX_SETS_SMALL if size <= 9 else MAX_SETS_LARGE


class Als:
    """One almost locked set (treat as immutable).

    ``places[d]`` are its cells holding ``d`` and ``reach[d]`` the cells outside it
    that see every one of them (both 0 for a digit it does not hold); ``targets[d]``
    is ``reach[d]`` restricted to cells that still have ``d``: the cells that lose
    ``d`` once ``d`` is known to be in the set.  ``unit`` is a unit holding it.

    A plain slotted class rather than a frozen dataclass: a hard position has a few
    hundred sets, built for every position the hint engine looks at, and a frozen
    dataclass's checked ``__init__`` would be a third of the search's cost.
    """

    __slots__ = ("cells", "digits", "index", "places", "reach", "size", "targets", "unit")

    def __init__(
        self,
        index: int,
        cells: int,
        digits: int,
        unit: int,
        places: list[int],
        reach: list[int],
        targets: list[int],
    ) -> None:
        self.index = index
        self.cells = cells
        self.digits = digits
        self.unit = unit
        self.size = cells.bit_count()
        self.places = places
        self.reach = reach
        self.targets = targets

    def __repr__(self) -> str:
        return f"Als(cells={self.cells:#x}, digits={self.digits:#x}, unit={self.unit})"


def digit_list(mask: int) -> list[int]:
    """The digits of a digit mask, in increasing order."""
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def iter_digits(mask: int) -> Iterator[int]:
    """The digits of a digit mask, in increasing order (a generator)."""
    while mask:
        low = mask & -mask
        yield low.bit_length()
        mask ^= low


def common_peers(cells: int, peer_mask: tuple[int, ...]) -> int:
    """The cells that see every cell of the bitset ``cells`` (all cells if it is empty)."""
    seen = -1
    while cells:
        low = cells & -cells
        seen &= peer_mask[low.bit_length() - 1]
        cells ^= low
    return seen


def restricted_commons(a: Als, b: Als) -> int:
    """The digit mask of the RCCs of ``a`` and ``b``: digits whose places all see each other.

    A digit with a place in cells the two sets share is never an RCC (that cell
    would have to see itself), which is the usual rule for overlapping sets.
    """
    found = 0
    common = a.digits & b.digits
    while common:
        low = common & -common
        digit = low.bit_length()
        if b.places[digit] & ~a.reach[digit] == 0:
            found |= low
        common ^= low
    return found


class AlsIndex:
    """Every ALS of one position, with the links between them, built on demand.

    ``sets`` are ordered smallest first (then by cells), so walking them in order
    meets the simplest patterns first.
    """

    def __init__(self, grid: CandidateGrid) -> None:
        self.grid = grid
        self._seen_from: dict[int, int] = {}  # places -> cells seeing them all (shared a lot)
        self.sets: list[Als] = _enumerate(grid, self._seen_from)
        self._links: list[list[tuple[int, int]]] | None = None
        self._by_target: dict[tuple[int, int], list[int]] | None = None
        self._derived: dict[Hashable, object] = {}

    def links(self, index: int) -> list[tuple[int, int]]:
        """``(other, rcc_mask)`` for every set joined to set ``index`` by an RCC."""
        if self._links is None:
            self._links = _link_table(self.grid, self.sets, self._seen_from)
        return self._links[index]

    def partners(self, overlap: bool) -> list[dict[int, list[int]]]:
        """Per set, per RCC digit, the sets sharing that RCC (disjoint ones unless ``overlap``)."""
        return self.derived(("partners", overlap), lambda: self._partners(overlap))

    def _partners(self, overlap: bool) -> list[dict[int, list[int]]]:
        sets = self.sets
        table: list[dict[int, list[int]]] = [{} for _ in sets]
        for als in sets:
            mine = table[als.index]
            for other, mask in self.links(als.index):
                if not overlap and als.cells & sets[other].cells:
                    continue
                if not mask & (mask - 1):  # one RCC, by far the usual case
                    mine.setdefault(mask.bit_length(), []).append(other)
                    continue
                for digit in iter_digits(mask):
                    mine.setdefault(digit, []).append(other)
        return table

    def touching(self) -> dict[tuple[int, int], list[int]]:
        """``(cell, digit) -> sets`` whose places for ``digit`` all see ``cell``, which has it.

        These are the cells a set makes lose ``digit`` once ``digit`` is known to be
        in it: the petals a Death Blossom's stem can use, and the ends of chains.
        """
        if self._by_target is None:
            table: dict[tuple[int, int], list[int]] = {}
            for als in self.sets:
                for digit in digit_list(als.digits):
                    for target in cells_of(als.targets[digit]):
                        table.setdefault((target, digit), []).append(als.index)
            self._by_target = table
        return self._by_target

    def derived(self, key: Hashable, compute: Callable[[], T]) -> T:
        """A structure built from this index (a chain search, say), computed once.

        Techniques that run one after the other on the same position share it,
        as they share the index itself.
        """
        found = self._derived.get(key)
        if found is None:
            found = self._derived[key] = compute()
        return found  # type: ignore[return-value]


_MEMO: LastGrid[AlsIndex] = LastGrid()


def als_index(grid: CandidateGrid) -> AlsIndex:
    """The :class:`AlsIndex` of ``grid`` (shared by every technique asking about it)."""
    return _MEMO.get(grid, "als", lambda: AlsIndex(grid))


def _enumerate(grid: CandidateGrid, seen_from: dict[int, int]) -> list[Als]:
    """Every ALS of up to :func:`max_cells` cells, once each, smallest first."""
    cands = grid.cands
    limit = max_cells(grid.size)
    found: dict[int, tuple[int, int]] = {}  # cells -> (digits, unit)
    for unit, members in enumerate(grid.shape.units):
        cells = [c for c in members if cands[c] and cands[c].bit_count() <= limit + 1]
        empty = sum(1 for c in members if cands[c])
        # n cells of a unit with m empty cells: at most m - 1 (all m hold only m digits).
        top = min(limit, empty - 1)
        if top < 1:
            continue
        count = len(cells)
        stack = [(0, 0, 0, 0)]  # (next position, set size, cells, digits)
        while stack:
            start, size, cell_bits, digit_bits = stack.pop()
            for i in range(start, count):
                cell = cells[i]
                digits = digit_bits | cands[cell]
                width = digits.bit_count()
                if width > top + 1:
                    continue  # more digits than the largest set allows: no superset helps
                grown = cell_bits | 1 << cell
                if width == size + 2 and grown not in found:
                    found[grown] = (digits, unit)
                if size + 1 < top:
                    stack.append((i + 1, size + 1, grown, digits))
        if len(found) >= MAX_FOUND:
            break  # a pathological position: keep what was found (smallest below)
    ordered = sorted(found.items(), key=lambda item: (item[0].bit_count(), item[0]))
    return _build(grid, ordered, seen_from)


def _build(
    grid: CandidateGrid, items: list[tuple[int, tuple[int, int]]], seen_from: dict[int, int]
) -> list[Als]:
    n = grid.size
    peer_mask = grid.tables.peer_mask
    digit_cells = [0] + [grid.digit_cells(d) for d in range(1, n + 1)]
    sets = []
    for index, (cells, (digits, unit)) in enumerate(items[: max_sets(grid.size)]):
        places = [0] * (n + 1)
        reach = [0] * (n + 1)
        targets = [0] * (n + 1)
        mask = digits
        while mask:
            low = mask & -mask
            mask ^= low
            digit = low.bit_length()
            here = cells & digit_cells[digit]
            places[digit] = here
            seen = seen_from.get(here)
            if seen is None:
                seen = seen_from[here] = common_peers(here, peer_mask)
            reach[digit] = seen & ~cells
            targets[digit] = seen & digit_cells[digit] & ~cells
        sets.append(Als(index, cells, digits, unit, places, reach, targets))
    return sets


def _link_table(
    grid: CandidateGrid, sets: list[Als], seen_from: dict[int, int]
) -> list[list[tuple[int, int]]]:
    """For each set, the sets it shares an RCC with and the RCC digits.

    Per digit, sets are grouped by their places for it (many sets share them),
    and each group is filed under its first place.  A partner group for a group
    must have its first place among the cells seeing all of the group's places,
    which are few, so few pairs of groups are ever compared.
    """
    n = grid.size
    peer_mask = grid.tables.peer_mask
    count = len(sets)
    pairs: dict[int, int] = {}  # a * count + b (a < b) -> RCC digit mask
    for digit in range(1, n + 1):
        bit = 1 << (digit - 1)
        groups: dict[int, list[int]] = {}
        for als in sets:
            if als.digits & bit:
                groups.setdefault(als.places[digit], []).append(als.index)
        by_first: dict[int, list[int]] = {}
        for places in groups:
            by_first.setdefault((places & -places).bit_length() - 1, []).append(places)
        candidates = grid.digit_cells(digit)
        for places, members in groups.items():
            seen = seen_from.get(places)
            if seen is None:
                seen = seen_from[places] = common_peers(places, peer_mask)
            for cell in cells_of(seen & candidates):
                for other in by_first.get(cell, ()):
                    # The relation is symmetric: take each pair of groups once.
                    if other < places or other & ~seen:
                        continue
                    # No place of either group lies in the other's sets: a shared
                    # place would have to see itself (the overlap rule holds).
                    partners = groups[other]
                    for a in members:
                        for b in partners:
                            key = a * count + b if a < b else b * count + a
                            pairs[key] = pairs.get(key, 0) | bit
    table: list[list[tuple[int, int]]] = [[] for _ in sets]
    for key in sorted(pairs):
        a, b = divmod(key, count)
        mask = pairs[key]
        table[a].append((b, mask))
        table[b].append((a, mask))
    return table
