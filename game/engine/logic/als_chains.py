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

from .als import Als, AlsIndex, iter_digits
from .grid import cells_of

Told = set[tuple[tuple[int, ...], int]]
End = tuple[int, int, int]  # (end state, its set's cells, bitset of starts that end there)


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
    again read from its other end) and never uses a set twice.  Its sets share no
    cell unless ``overlap`` is given (linked sets' RCCs never lie in shared cells).
    """
    walk = index.derived(("als-walk", overlap), lambda: _Walk(index, overlap))
    told: Told = set()
    for links in range(min_links, max_links + 1):
        hits = walk.hits(links)
        if hits is None:
            return
        yield from _in_order(walk, links, hits, told)


def _in_order(walk: _Walk, links: int, ends: list[End], told: Told) -> Iterator[AlsChain]:
    """The chains of one length, fewest cells first, built lazily.

    A chain's cells are at least its *bound*: its end sets' cells plus one per set
    in between.  Hits are expanded bound by bound (never all at once: a mid-solve
    16x16 grid can have tens of thousands), and a built chain is told as soon as
    no hit still to come could have fewer cells, so the first chain costs a few
    rebuilds, not one per hit.
    """
    by_size = walk.starts_by_size()
    middle = links - 1
    bounds = sorted({end_size + size + middle for _, end_size, _ in ends for size in by_size})
    ready: list[tuple[int, tuple[int, ...], int, int, AlsChain]] = []
    built = 0
    for bound in [*bounds, None]:
        while ready and (bound is None or ready[0][0] < bound):
            chain = heapq.heappop(ready)[-1]
            key = (tuple(als.index for als in chain.sets), chain.digit)
            if key in told or (key[0][::-1], key[1]) in told:
                continue  # the same chain read from its other end
            told.add(key)
            yield chain
        if bound is None:
            return
        batch = []
        for end, end_size, bits in ends:
            starts = bits & by_size.get(bound - end_size - middle, 0)
            while starts:
                low = starts & -starts
                starts ^= low
                batch.append((low.bit_length() - 1, end))
        for start, end in sorted(batch):
            found = walk.chain(walk.rebuild(links, start, end))
            if found is not None:
                built += 1
                order = tuple(als.index for als in found.sets)
                # ``built`` breaks ties: the same sets may be joined by other RCCs.
                heapq.heappush(ready, (found.cells, order, found.digit, built, found))


class _Walk:
    """The breadth-first search over states, advanced one layer at a time on demand.

    State ``(set i, digit d)`` is the number ``i * stride + d`` (``stride`` is the
    size plus one), so a state's set and digit are one ``divmod`` away and a
    set's states fill one run of bits.
    """

    def __init__(self, index: AlsIndex, overlap: bool) -> None:
        self.index = index
        self.overlap = overlap
        self.sets = index.sets
        self.stride = stride = index.grid.size + 1
        self.partners = index.partners(overlap)
        starts = {}
        for als in self.sets:
            base = als.index * stride
            for digit in iter_digits(als.digits):
                if als.targets[digit]:
                    starts[base + digit] = 1 << (base + digit)
        self.visited: dict[int, int] = dict(starts)
        self.layers: list[dict[int, int]] = [starts]
        self._hits: dict[int, list[End]] = {}
        self._by_size: dict[int, int] | None = None
        self._start_bits: list[list[int]] | None = None
        self._meets: dict[int, int] = {}
        self._by_digit: list[int] | None = None

    def hits(self, links: int) -> list[End] | None:
        """The end states of chains of ``links`` RCCs, with the starts of each.

        None when the search has run dry before ``links``.
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
        stride = self.stride
        lost: dict[int, dict[int, int]] = {}  # set -> digit it lost -> starts
        for state, bits in self.layers[-1].items():
            owner, digit = divmod(state, stride)
            lost.setdefault(owner, {})[digit] = bits
        reached: dict[int, int] = {}
        partners = self.partners
        for owner, by_digit in lost.items():
            every = 0
            for bits in by_digit.values():
                every |= bits
            for digit, others in partners[owner].items():
                # The set holds ``digit`` for every start that made it lose another.
                held = every
                if digit in by_digit:
                    held = 0
                    for other, bits in by_digit.items():
                        if other != digit:
                            held |= bits
                if held:
                    for other in others:
                        target = other * stride + digit
                        reached[target] = reached.get(target, 0) | held
        layer = {}
        visited = self.visited
        for state, bits in reached.items():
            new = bits & ~visited.get(state, 0)
            if new:
                visited[state] = visited.get(state, 0) | new
                layer[state] = new
        if not layer:
            return False
        self.layers.append(layer)
        return True

    def _find_hits(self, links: int) -> list[End]:
        found = []
        sets, stride = self.sets, self.stride
        by_digit = self._starts_by_digit()
        for state, bits in self.layers[links].items():
            owner, lost = divmod(state, stride)
            end = sets[owner]
            base = owner * stride
            hits = 0
            for digit in iter_digits(end.digits):
                # Only look for shared targets if a start on this digit got here.
                if digit != lost and bits & by_digit[digit]:
                    hits |= bits & self._meets_at(base + digit)
            hits &= ~(((1 << stride) - 1) << base)  # not from the set itself
            if hits:
                found.append((state, end.size, hits))
        return found

    def starts_by_size(self) -> dict[int, int]:
        """Per set size, the bitset of the start states whose set has that many cells."""
        if self._by_size is None:
            by_size: dict[int, int] = {}
            for start, bit in self.layers[0].items():
                size = self.sets[start // self.stride].size
                by_size[size] = by_size.get(size, 0) | bit
            self._by_size = by_size
        return self._by_size

    def _starts_by_digit(self) -> list[int]:
        """Per digit, the bitset of the start states on it."""
        if self._by_digit is None:
            by_digit = [0] * self.stride
            for start, bit in self.layers[0].items():
                by_digit[start % self.stride] |= bit
            self._by_digit = by_digit
        return self._by_digit

    def _meets_at(self, state: int) -> int:
        """The starts ``(A, z)`` sharing a target cell with ``state = (B, z)``."""
        found = self._meets.get(state)
        if found is not None:
            return found
        stride = self.stride
        if self._start_bits is None:
            # start_bits[z][cell]: starts (A, z) whose places for z all see the cell.
            table = [[0] * len(self.index.grid.cands) for _ in range(stride)]
            for start, bit in self.layers[0].items():
                owner, digit = divmod(start, stride)
                row = table[digit]
                for cell in cells_of(self.sets[owner].targets[digit]):
                    row[cell] |= bit
            self._start_bits = table
        owner, digit = divmod(state, stride)
        row = self._start_bits[digit]
        found = 0
        for cell in cells_of(self.sets[owner].targets[digit]):
            found |= row[cell]
        self._meets[state] = found
        return found

    def rebuild(self, links: int, start: int, end: int) -> list[int]:
        """The states from ``start`` to ``end``, one per layer, walking the layers back."""
        stride = self.stride
        path = [end]
        state = end
        for layer in range(links - 1, -1, -1):
            frontier = self.layers[layer]
            owner, digit = divmod(state, stride)
            # A predecessor (A, x): A shares the RCC ``digit`` with this state's set
            # (links are symmetric), x is not ``digit``, and the start reached it.
            state = next(
                previous
                for partner in self.partners[owner].get(digit, ())
                for x in iter_digits(self.sets[partner].digits)
                if x != digit and frontier.get(previous := partner * stride + x, 0) >> start & 1
            )
            path.append(state)
        path.reverse()
        return path

    def chain(self, path: list[int]) -> AlsChain | None:
        """The chain along ``path`` (states, start first), or None.

        None when nothing is removed, or when a set repeats or (unless overlap is
        allowed) two sets share a cell: sound, but no chain a player would follow.
        """
        stride = self.stride
        members = tuple(self.sets[state // stride] for state in path)
        cells = 0
        for als in members:
            if als.cells & cells and not self.overlap:
                return None
            cells |= als.cells
        if len({als.index for als in members}) != len(members):
            return None
        digit = path[0] % stride
        targets = members[0].targets[digit] & members[-1].reach[digit]
        if not targets:
            return None
        return AlsChain(members, tuple(state % stride for state in path[1:]), digit, targets)
