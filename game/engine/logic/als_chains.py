"""Chains of almost locked sets: the search behind ALS-XY-Wing and ALS chains.

A chain ``A1 - x1 - A2 - x2 - ... - Ak`` joins sets by restricted commons (RCCs,
see :mod:`.als`), each differing from the next.  If ``A1`` lacks a digit ``z`` it
is locked and holds ``x1``, so ``A2`` loses ``x1`` and holds ``x2``, and so on until
``Ak`` holds ``z``.  So ``z`` is in ``A1`` or ``Ak``, and a cell seeing every ``z`` of
both cannot be ``z`` (``z`` differs from ``x1`` and from the last RCC).

The search walks *states* ``(set, digit)``, read "the set has lost this digit, so
it holds every other one of its digits".  From ``(A, x)`` the chain goes on to
``(B, y)`` for an RCC ``y != x`` of ``A`` and ``B``.  Every start ``(A1, z)`` (a set
and a digit some cell outside it sees all of) is searched at once, breadth first:
a state keeps the starts that reached it as one integer bitset, so a layer costs
a few ORs per link whatever the number of starts, and the sets' "holds every
digit but the lost one" step is an OR over the set's few digits.  A start that
reaches a state ``(Ak, x)`` whose set shares such a cell for ``z`` and has
``z != x`` is a chain; it is rebuilt by walking the layers back.

The layers are kept on the position's :class:`.als.AlsIndex`, so the ALS-XY-Wing
search (two links) and the longer chain search that follows it on the same
position share them.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass

from .als import Als, AlsIndex, digit_list, iter_digits
from .grid import cells_of

Told = set[tuple[tuple[int, ...], int]]


@dataclass(frozen=True)
class AlsChain:
    """Sets joined by RCCs, proving ``digit`` is in the first or the last set.

    ``rccs[i]`` joins ``sets[i]`` and ``sets[i + 1]``; ``targets`` are the cells that
    see every place of ``digit`` in both end sets.
    """

    sets: tuple[Als, ...]
    rccs: tuple[int, ...]
    digit: int
    targets: int

    @property
    def cells(self) -> int:
        """How many cells the sets hold (the chain's size for ordering and rating)."""
        return sum(als.size for als in self.sets)


def als_chains(
    index: AlsIndex, min_links: int, max_links: int, *, overlap: bool = False
) -> Iterator[AlsChain]:
    """Chains of ``min_links`` to ``max_links`` RCCs that remove something, shortest first.

    Within a length, chains come fewest cells first.  A chain is told once (not
    again read from its other end) and never uses a set twice.  ``overlap`` lets
    linked sets share cells (their RCCs never lie in the shared cells).
    """
    walk = index.derived(("als-walk", overlap), lambda: _Walk(index, overlap))
    told: Told = set()
    for links in range(min_links, max_links + 1):
        hits = walk.hits(links)
        if hits is None:
            return
        yield from _in_order(walk, links, hits, told)


def _in_order(
    walk: _Walk,
    links: int,
    hits: list[tuple[int, int, int]],
    told: set[tuple[tuple[int, ...], int]],
) -> Iterator[AlsChain]:
    """The chains of the ``hits`` ``(bound, start, end)``, fewest cells first, built lazily.

    ``bound`` is a lower bound on a hit's cells (its end sets plus one cell per
    set in between), so a built chain can be told as soon as no unbuilt hit could
    beat it: the first chain costs a few rebuilds, not one per hit.
    """
    ready: list[tuple[int, tuple[int, ...], int, int, AlsChain]] = []
    position = 0
    while position < len(hits) or ready:
        if ready and (position == len(hits) or ready[0][0] <= hits[position][0]):
            built = heapq.heappop(ready)[-1]
            key = (tuple(als.index for als in built.sets), built.digit)
            if key in told or (key[0][::-1], key[1]) in told:
                continue  # the same chain read from its other end
            told.add(key)
            yield built
            continue
        _, start, end = hits[position]
        position += 1
        chain = walk.chain(walk.rebuild(links, start, end))
        if chain is not None:
            order = tuple(als.index for als in chain.sets)
            # ``position`` breaks ties: the same sets may be joined by other RCCs.
            heapq.heappush(ready, (chain.cells, order, chain.digit, position, chain))


class _Walk:
    """The breadth-first search over states, advanced one layer at a time on demand."""

    def __init__(self, index: AlsIndex, overlap: bool) -> None:
        self.index = index
        sets = self.sets = index.sets
        self.state_of: list[dict[int, int]] = []
        self.owner: list[int] = []
        self.digit: list[int] = []
        for als in sets:
            own = {}
            for digit in digit_list(als.digits):
                own[digit] = len(self.owner)
                self.owner.append(als.index)
                self.digit.append(digit)
            self.state_of.append(own)
        # partners[a][d]: states (b, d) for the sets b sharing the RCC d with a.
        self.partners: list[dict[int, list[int]]] = [{} for _ in sets]
        for als in sets:
            mine = self.partners[als.index]
            for other, mask in index.links(als.index):
                if not overlap and als.cells & sets[other].cells:
                    continue
                theirs = self.state_of[other]
                if not mask & (mask - 1):  # one RCC, by far the usual case
                    digit = mask.bit_length()
                    mine.setdefault(digit, []).append(theirs[digit])
                    continue
                for digit in iter_digits(mask):
                    mine.setdefault(digit, []).append(theirs[digit])
        starts = {
            state: 1 << state
            for als in sets
            for digit, state in self.state_of[als.index].items()
            if als.targets[digit]
        }
        self.visited = [0] * len(self.owner)
        for state, bit in starts.items():
            self.visited[state] = bit
        self.layers: list[dict[int, int]] = [starts]
        self._hits: dict[int, list[tuple[int, int, int]]] = {}
        self._start_bits: list[list[int]] | None = None
        self._meets: dict[int, int] = {}
        self._good: dict[int, int] = {}

    def hits(self, links: int) -> list[tuple[int, int, int]] | None:
        """``(bound, start, end)`` for the chains of ``links`` RCCs, by ``bound``.

        ``start`` and ``end`` are states; ``bound`` is a lower bound on the chain's
        cells.  None when the search has run dry before ``links``.
        """
        while len(self.layers) <= links:
            if not self._advance():
                return None
        found = self._hits.get(links)
        if found is None:
            found = self._hits[links] = self._find_hits(links)
        return found

    def _advance(self) -> bool:
        """Compute the next layer; False if it is empty."""
        frontier = self.layers[-1]
        lost: dict[int, dict[int, int]] = {}  # set -> digit it lost -> starts
        for state, bits in frontier.items():
            lost.setdefault(self.owner[state], {})[self.digit[state]] = bits
        reached: dict[int, int] = {}
        for owner, by_digit in lost.items():
            every = 0
            for bits in by_digit.values():
                every |= bits
            for digit, targets in self.partners[owner].items():
                # The set holds ``digit`` for every start that made it lose another.
                held = every
                if digit in by_digit:
                    held = 0
                    for other, bits in by_digit.items():
                        if other != digit:
                            held |= bits
                if held:
                    for target in targets:
                        reached[target] = reached.get(target, 0) | held
        layer = {}
        visited = self.visited
        for state, bits in reached.items():
            new = bits & ~visited[state]
            if new:
                visited[state] |= new
                layer[state] = new
        if not layer:
            return False
        self.layers.append(layer)
        return True

    def _find_hits(self, links: int) -> list[tuple[int, int, int]]:
        found = []
        sets, owner = self.sets, self.owner
        for state, bits in self.layers[links].items():
            hits = bits & self._good_at(state)
            end_size = sets[owner[state]].size + links - 1
            while hits:
                low = hits & -hits
                hits ^= low
                start = low.bit_length() - 1
                found.append((sets[owner[start]].size + end_size, start, state))
        found.sort()
        return found

    def _good_at(self, state: int) -> int:
        """The starts ``(A1, z)`` a chain may run from to end at ``state = (B, x)``.

        ``z`` is a digit of ``B`` other than ``x``, some cell sees every ``z`` of both
        sets, and ``A1`` is not ``B``.
        """
        found = self._good.get(state)
        if found is not None:
            return found
        owner = self.sets[self.owner[state]]
        lost = self.digit[state]
        own = self.state_of[owner.index]
        found = 0
        for digit, other in own.items():
            if digit != lost:
                found |= self._meets_at(other)
        first = min(own.values())
        found &= ~(((1 << len(own)) - 1) << first)  # not from the set itself
        self._good[state] = found
        return found

    def _meets_at(self, state: int) -> int:
        """The starts ``(A, z)`` sharing a target cell with ``state = (B, z)``."""
        found = self._meets.get(state)
        if found is not None:
            return found
        if self._start_bits is None:
            # start_bits[z][cell]: starts (A, z) whose places for z all see the cell.
            n = self.index.grid.size
            table = [[0] * (n * n) for _ in range(n + 1)]
            for start in self.layers[0]:
                digit = self.digit[start]
                row = table[digit]
                bit = 1 << start
                for cell in cells_of(self.sets[self.owner[start]].targets[digit]):
                    row[cell] |= bit
            self._start_bits = table
        row = self._start_bits[self.digit[state]]
        found = 0
        for cell in cells_of(self.sets[self.owner[state]].targets[self.digit[state]]):
            found |= row[cell]
        self._meets[state] = found
        return found

    def rebuild(self, links: int, start: int, end: int) -> list[int]:
        """The states from ``start`` to ``end``, one per layer, walking the layers back."""
        path = [end]
        state = end
        for layer in range(links - 1, -1, -1):
            frontier = self.layers[layer]
            digit = self.digit[state]
            # A predecessor (A, x): A shares the RCC ``digit`` with this state's set
            # (links are symmetric), x is not ``digit``, and the start reached it.
            state = next(
                previous
                for partner in self.partners[self.owner[state]].get(digit, ())
                for x, previous in self.state_of[self.owner[partner]].items()
                if x != digit and frontier.get(previous, 0) >> start & 1
            )
            path.append(state)
        path.reverse()
        return path

    def chain(self, path: list[int]) -> AlsChain | None:
        """The chain along ``path`` (states, start first); None if a set repeats or nothing goes."""
        members = tuple(self.sets[self.owner[state]] for state in path)
        if len({als.index for als in members}) != len(members):
            return None  # a set used twice: sound, but no chain a player would follow
        digit = self.digit[path[0]]
        targets = members[0].targets[digit] & members[-1].reach[digit]
        if not targets:
            return None
        return AlsChain(members, tuple(self.digit[state] for state in path[1:]), digit, targets)
