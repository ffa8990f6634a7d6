"""The candidate link graph that chains walk, and the search for the shortest chains.

A *node* is one candidate, numbered ``cell * N + digit - 1``, so the candidates of one
cell are consecutive and a set of candidates is one Python int (bit ``node``).

Two candidates are *strongly linked* when at least one of them is true: the two
digits of a bivalue cell, or the only two places of a digit in a unit.  They are
*weakly linked* when at most one is true: two digits of one cell, or one digit in
two cells that see each other.  A chain alternates them: "if ``A`` is false then
``B`` is true (strong), so ``C`` is false (weak), so ``D`` is true (strong) ...".

Every chain is an implication, so the search is done on implications.  "``A`` off"
implies "``B`` on" for each strong partner ``B``; "``B`` on" implies "off" for every
weak neighbour.  If "``A`` off" implies "``D`` on", one of ``A`` and ``D`` is true, and
a candidate weakly linked to both is false; if it implies "``A`` on", ``A`` is true.

Why two phases: a breadth-first search from every candidate finds the shortest
chains, which is what a person can follow, but running it from ~150 starts in a hard
position costs ~100 ms in Python, and most of the time (when no chain exists at
all) it finds nothing.  So :meth:`ChainSearch.chains` first computes, for every
start at once, everything "start off" implies: the strongly connected components of
the implication graph and one pass over them in topological order, with candidate
sets as ints (a few ms).  Only the starts that do prove something are then searched
breadth-first, in lockstep by chain length, so the first chains yielded are the
shortest there are.  Nothing is capped: the graph is finite and the closure says in
advance which searches succeed.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .grid import CandidateGrid, cells_of

CELL_LINK = -1
"""The ``unit`` recorded for the strong link between the two digits of a bivalue cell."""


class Kind(enum.Enum):
    """Which links a chain may use."""

    X = "x"  # one digit; strong links are units where it has two places
    XY = "xy"  # bivalue cells; strong inside a cell, weak between cells on one digit
    AIC = "aic"  # any strong and weak link


@dataclass(frozen=True)
class Chain:
    """``nodes[0] = nodes[1] - nodes[2] = ... = nodes[-1]``, strong links first and last.

    "``nodes[0]`` off" implies "``nodes[-1]`` on".  ``placement`` is set when the chain
    returns to its start (so the start is true); ``loop`` when its ends are weakly
    linked, closing a continuous loop whose weak links all become strong.
    """

    nodes: tuple[int, ...]
    eliminations: tuple[tuple[int, int], ...]
    placement: tuple[int, int] | None
    loop: bool


class LinkGraph:
    """The strong links of a position and the weak neighbours of each candidate."""

    __slots__ = ("_weak", "grid", "n", "strong")

    def __init__(self, grid: CandidateGrid) -> None:
        n = grid.size
        self.grid = grid
        self.n = n
        # strong[node] maps each strong partner to the unit making the link
        # (CELL_LINK for a bivalue cell); a pair linked by two units keeps the first.
        strong: dict[int, dict[int, int]] = {}
        for unit, unit_mask in enumerate(grid.tables.unit_mask):
            for digit in range(1, n + 1):
                places = grid.digit_cells(digit) & unit_mask
                if places.bit_count() == 2:
                    a, b = cells_of(places)
                    na, nb = a * n + digit - 1, b * n + digit - 1
                    strong.setdefault(na, {}).setdefault(nb, unit)
                    strong.setdefault(nb, {}).setdefault(na, unit)
        for cell, mask in enumerate(grid.cands):
            if mask.bit_count() == 2:
                low = (mask & -mask).bit_length() - 1
                high = mask.bit_length() - 1
                na, nb = cell * n + low, cell * n + high
                strong.setdefault(na, {}).setdefault(nb, CELL_LINK)
                strong.setdefault(nb, {}).setdefault(na, CELL_LINK)
        self.strong = strong
        self._weak: dict[int, int] = {}

    def partners(self, node: int, kind: Kind) -> list[int]:
        """The strong partners of ``node`` that ``kind`` may use, in increasing order."""
        links = self.strong.get(node)
        if not links:
            return []
        if kind is Kind.AIC:
            return sorted(links)
        want_cell = kind is Kind.XY
        return sorted(p for p, unit in links.items() if (unit == CELL_LINK) == want_cell)

    def weak(self, node: int) -> int:
        """The candidates weakly linked to ``node`` (a node bitset), cached."""
        found = self._weak.get(node)
        if found is None:
            n = self.n
            grid = self.grid
            cell, k = divmod(node, n)
            found = (grid.cands[cell] & ~(1 << k)) << (cell * n)
            same = grid.tables.peer_mask[cell] & grid.digit_cells(k + 1)
            for peer in cells_of(same):
                found |= 1 << (peer * n + k)
            self._weak[node] = found
        return found

    def link_unit(self, a: int, b: int) -> int:
        """The unit of the strong link ``a = b`` (``CELL_LINK`` inside a cell)."""
        return self.strong[a][b]


_last: tuple[object, LinkGraph] | None = None


def link_graph(grid: CandidateGrid) -> LinkGraph:
    """The link graph of ``grid``, shared by the chain techniques tried on one position.

    One entry is kept: the path tries X-chains, AICs and XY-chains on the
    same position one after another, and the next position differs.  The entry is
    read and replaced as one tuple, so a rater in a background thread and a hint in
    the foreground cannot be handed each other's graph.
    """
    global _last
    key = (grid.shape, grid.cands)
    last = _last
    if last is not None and last[0] == key:
        return last[1]
    graph = LinkGraph(grid)
    _last = (key, graph)
    return graph


class ChainSearch:
    """The chains of one ``kind`` (for ``Kind.X``, on one ``digit``) in a position."""

    def __init__(self, graph: LinkGraph, kind: Kind, digit: int | None = None) -> None:
        self.graph = graph
        self.kind = kind
        self.digit = digit
        n = graph.n
        # The nodes a chain can pass through: those with a usable strong link.
        nodes = [node for node in sorted(graph.strong) if graph.partners(node, kind)]
        if digit is not None:
            nodes = [node for node in nodes if node % n == digit - 1]
        self.nodes = nodes
        self.usable = 0
        for node in nodes:
            self.usable |= 1 << node
        self._succ: dict[int, list[tuple[int, int]]] = {}
        # Eliminations a chain of this kind may claim (X-chains: its digit only).
        self.claimable = -1
        if digit is not None:
            self.claimable = 0
            for cell in cells_of(graph.grid.digit_cells(digit)):
                self.claimable |= 1 << (cell * n + digit - 1)

    def successors(self, node: int) -> list[tuple[int, int]]:
        """``(t, u)`` pairs: "``node`` on" makes ``t`` off (weak), so ``u`` on (strong)."""
        found = self._succ.get(node)
        if found is None:
            graph = self.graph
            found = []
            weak = graph.weak(node)
            if self.kind is not Kind.AIC:
                # X- and XY-chains step between cells on one digit only.
                n = graph.n
                cell = node // n
                weak &= ~(((1 << n) - 1) << (cell * n))
            targets = weak & self.usable
            while targets:
                low = targets & -targets
                t = low.bit_length() - 1
                targets ^= low
                found.extend((t, u) for u in graph.partners(t, self.kind))
            self._succ[node] = found
        return found

    # -- phase 1: what each start implies, for all starts at once ----------------------

    def _closure(self) -> tuple[dict[int, int], dict[int, int]]:
        """Per node: the nodes "node on" implies on, and the candidates it implies off."""
        reach_on: dict[int, int] = {}
        reach_off: dict[int, int] = {}
        weak = self.graph.weak
        for component in _components(self.nodes, self.successors):
            members = set(component)
            on = 0
            off = 0
            for node in component:
                on |= 1 << node
                off |= weak(node)
                for _t, u in self.successors(node):
                    if u not in members:
                        on |= reach_on[u]
                        off |= reach_off[u]
            for node in component:
                reach_on[node] = on
                reach_off[node] = off
        return reach_on, reach_off

    def _proofs(self) -> dict[int, int]:
        """Per start that proves something: the candidates it can eliminate.

        A start that is proved true maps to its own bit among the eliminations.
        """
        reach_on, reach_off = self._closure()
        found: dict[int, int] = {}
        for start in self.nodes:
            on = 0
            off = 0
            for partner in self.graph.partners(start, self.kind):
                on |= reach_on[partner]
                off |= reach_off[partner]
            result = self.graph.weak(start) & off & self.claimable
            if on >> start & 1:
                result |= 1 << start
            if result:
                found[start] = result
        return found

    # -- phase 2: shortest chains for the starts that prove something -------------------

    def chains(self, min_nodes: int = 4) -> Iterator[Chain]:
        """Every useful chain, shortest first; each elimination is claimed once.

        Chains shorter than ``min_nodes`` are skipped: two nodes are a locked set,
        which simpler techniques report.
        """
        proofs = self._proofs()
        graph = self.graph
        claimed = 0
        searches = {start: _Bfs(start, graph.partners(start, self.kind)) for start in proofs}
        strong_links = 1
        while searches:
            found: list[Chain] = []
            finished = []
            for start, bfs in searches.items():
                todo = proofs[start] & ~claimed
                if not todo:
                    finished.append(start)
                    continue
                layer = bfs.layer if strong_links == 1 else bfs.expand(self.successors)
                if not layer:
                    finished.append(start)
                    continue
                if 2 * strong_links < min_nodes:
                    continue
                for end in layer:
                    if end == start:
                        found.append(self._chain(bfs, end, 0, placement=True))
                        proofs[start] &= ~(1 << start)
                        continue
                    hits = graph.weak(end) & todo & ~(1 << start)
                    if hits:
                        found.append(self._chain(bfs, end, hits, placement=False))
                        todo &= ~hits
                        claimed |= hits
            for start in finished:
                del searches[start]
            strong_links += 1
            yield from sorted(found, key=lambda chain: (chain.nodes[0], chain.nodes[-1]))

    def _chain(self, bfs: _Bfs, end: int, hits: int, placement: bool) -> Chain:
        graph = self.graph
        n = graph.n
        nodes = bfs.path(end)
        chain_bits = 0
        for node in nodes:
            chain_bits |= 1 << node
        loop = not placement and len(nodes) >= 4 and graph.weak(nodes[0]) >> nodes[-1] & 1 == 1
        if loop:
            # Every weak link of a continuous loop is strong as well: one end holds.
            pairs = [(nodes[i], nodes[i + 1]) for i in range(1, len(nodes) - 1, 2)]
            pairs.append((nodes[-1], nodes[0]))
            for a, b in pairs:
                hits |= graph.weak(a) & graph.weak(b) & self.claimable & ~chain_bits
        eliminations = tuple((node // n, node % n + 1) for node in _bits(hits))
        start = nodes[0]
        return Chain(
            nodes=nodes,
            eliminations=eliminations,
            placement=(start // n, start % n + 1) if placement else None,
            loop=loop,
        )


class _Bfs:
    """Breadth-first search from "``start`` off" over the "on" nodes, layer by layer."""

    __slots__ = ("layer", "parent", "start", "visited")

    def __init__(self, start: int, partners: list[int]) -> None:
        self.start = start
        self.layer = list(partners)
        self.parent: dict[int, tuple[int, int]] = {p: (-1, start) for p in partners}
        self.visited = 0
        for p in partners:
            self.visited |= 1 << p

    def expand(self, successors: Callable[[int], list[tuple[int, int]]]) -> list[int]:
        """The next layer of "on" nodes (each reached by a weak then a strong link)."""
        frontier = self.layer
        nxt: list[int] = []
        visited = self.visited
        parent = self.parent
        for node in frontier:
            for t, u in successors(node):
                if not visited >> u & 1:
                    visited |= 1 << u
                    parent[u] = (node, t)
                    nxt.append(u)
        self.visited = visited
        self.layer = nxt
        return nxt

    def path(self, end: int) -> tuple[int, ...]:
        """The chain from the start to ``end``: start = p1 - t1 = p2 - ... = end."""
        backwards = [end]
        node = end
        while True:
            prev, t = self.parent[node]
            backwards.append(t)
            if prev < 0:
                break
            backwards.append(prev)
            node = prev
        return tuple(reversed(backwards))


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _components(
    nodes: list[int], successors: Callable[[int], list[tuple[int, int]]]
) -> list[list[int]]:
    """Strongly connected components, each before any component that leads to it.

    Tarjan's algorithm, iterative (chains can be longer than Python's stack is deep).
    Components come out sinks first, which is the order the closure needs.
    """
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    on_stack: set[int] = set()
    stack: list[int] = []
    result: list[list[int]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter([u for _t, u in successors(root)]))]
        while work:
            node, pending = work[-1]
            descended = False
            for nxt in pending:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter([u for _t, u in successors(nxt)])))
                    descended = True
                    break
                if nxt in on_stack and index[nxt] < low[node]:
                    low[node] = index[nxt]
            if descended:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                if low[node] < low[parent]:
                    low[parent] = low[node]
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                result.append(component)
    return result
