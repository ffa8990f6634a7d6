"""Simple Colouring: one digit's conjugate pairs coloured in two alternating colours.

Where a digit has exactly two places in a unit (a *conjugate pair*), one of them holds
it.  Joining the pairs that share a cell gives a *cluster*; colouring its cells in two
alternating colours splits it so that one colour holds every true copy of the digit
in the cluster and the other holds none.

- *Colour wrap*: two cells of one colour see each other, so that colour cannot be
  the true one: the digit leaves every cell of that colour.
- *Colour trap*: a cell outside the cluster that sees both colours loses the digit,
  since whichever colour is true, it sees a true copy.

Each deduction is an X-chain along the cluster, so it is rated as that chain is
(:func:`..se_scale.strong_link_rating`, by the strong links on the path between the
two cells that decide it).  The technique is tried before general X-chains, right
after the triples, because colouring a cluster is how players find those chains.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, cells_of
from ..registry import Level, technique
from ..se_scale import strong_link_rating
from ..step import Link, Mark, Role, Step
from ..wording import cells_text, removal_text

REGISTERED_RATING = 5.3


class _Cluster:
    """One connected set of conjugate pairs, two-coloured, with shortest paths."""

    def __init__(
        self, cells: list[int], colour: dict[int, int], links: dict[tuple[int, int], int]
    ) -> None:
        self.cells = cells
        self.colour = colour
        self.links = links  # (a, b) with a < b -> the unit making the pair
        neighbours: dict[int, list[int]] = {cell: [] for cell in cells}
        for a, b in links:
            neighbours[a].append(b)
            neighbours[b].append(a)
        self.parent: dict[int, dict[int, int]] = {}
        for start in cells:
            seen = {start: start}
            queue = deque([start])
            while queue:
                cell = queue.popleft()
                for nxt in sorted(neighbours[cell]):
                    if nxt not in seen:
                        seen[nxt] = cell
                        queue.append(nxt)
            self.parent[start] = seen

    def path(self, a: int, b: int) -> list[int]:
        """The cells of the shortest path from ``a`` to ``b`` along conjugate pairs."""
        parent = self.parent[a]
        cells = [b]
        while cells[-1] != a:
            cells.append(parent[cells[-1]])
        return cells[::-1]

    def path_rating(self, a: int, b: int, size: int) -> float:
        """The path from ``a`` to ``b`` read as an X-chain, rated by its strong links."""
        cells = self.path(a, b)
        pairs = [(cells[i], cells[i + 1]) for i in range(0, len(cells) - 1, 2)]
        kinds = {self.links[min(p), max(p)] // size for p in pairs}
        return strong_link_rating(max(2, len(pairs)), kinds)

    def mask(self, colour: int) -> int:
        result = 0
        for cell in self.cells:
            if self.colour[cell] == colour:
                result |= 1 << cell
        return result


def _clusters(grid: CandidateGrid, digit: int) -> list[_Cluster]:
    """The clusters of ``digit`` with at least two conjugate pairs, in cell order."""
    pairs: dict[int, set[int]] = {}
    units: dict[tuple[int, int], int] = {}
    for unit, unit_mask in enumerate(grid.tables.unit_mask):
        places = grid.digit_cells(digit) & unit_mask
        if places.bit_count() == 2:
            a, b = cells_of(places)
            pairs.setdefault(a, set()).add(b)
            pairs.setdefault(b, set()).add(a)
            units.setdefault((a, b), unit)
    clusters = []
    coloured: dict[int, int] = {}
    for root in sorted(pairs):
        if root in coloured:
            continue
        colour = {root: 0}
        order = [root]
        links: dict[tuple[int, int], int] = {}
        queue = deque([root])
        while queue:
            cell = queue.popleft()
            for nxt in sorted(pairs[cell]):
                if cell < nxt:
                    links[cell, nxt] = units[cell, nxt]
                if nxt not in colour:
                    colour[nxt] = 1 - colour[cell]
                    order.append(nxt)
                    queue.append(nxt)
        coloured.update(colour)
        if len(links) >= 2:
            clusters.append(_Cluster(order, colour, links))
    return clusters


@technique("Simple Colouring", level=Level.EXPERT, rating=REGISTERED_RATING)
def simple_colouring(grid: CandidateGrid) -> Iterator[Step]:
    """Colour wraps first (they remove a whole colour), then colour traps."""
    n = grid.size
    peer_mask = grid.tables.peer_mask
    for digit in range(1, n + 1):
        for cluster in _clusters(grid, digit):
            masks = (cluster.mask(0), cluster.mask(1))
            wrapped = False
            for colour in (0, 1):
                clash = _clash(cluster, masks[colour], peer_mask)
                if clash is None:
                    continue
                wrapped = True
                a, b = clash
                eliminations = tuple((cell, digit) for cell in cells_of(masks[colour]))
                name = "AB"[colour]
                yield _step(
                    grid,
                    digit,
                    cluster,
                    eliminations,
                    explanation=(
                        f"{cell_name(a, n)} and {cell_name(b, n)} are both colour {name} "
                        f"and see each other, so colour {name} cannot hold the {symbol(digit)}s "
                        f"and colour {'BA'[colour]} must: {removal_text(eliminations, n)}."
                    ),
                    rating=cluster.path_rating(a, b, n),
                )
            if wrapped:
                continue
            sees = [0, 0]
            for colour in (0, 1):
                for cell in cells_of(masks[colour]):
                    sees[colour] |= peer_mask[cell]
            cluster_mask = masks[0] | masks[1]
            targets = grid.digit_cells(digit) & ~cluster_mask & sees[0] & sees[1]
            if not targets:
                continue
            hardest = 0.0
            examples = []
            for target in cells_of(targets):
                a_side = cells_of(peer_mask[target] & masks[0])
                b_side = list(cells_of(peer_mask[target] & masks[1]))
                best = min((cluster.path_rating(a, b, n), a, b) for a in a_side for b in b_side)
                hardest = max(hardest, best[0])
                examples.append((target, best[1], best[2]))
            eliminations = tuple((target, digit) for target, _a, _b in examples)
            target, a, b = examples[0]
            others = "" if len(examples) == 1 else " (and likewise for the others)"
            yield _step(
                grid,
                digit,
                cluster,
                eliminations,
                explanation=(
                    f"{cell_name(target, n)} sees {cell_name(a, n)} (colour A) and "
                    f"{cell_name(b, n)} (colour B){others}. One colour holds the "
                    f"{symbol(digit)}s, so a cell that sees both colours cannot be "
                    f"{symbol(digit)}: {removal_text(eliminations, n)}."
                ),
                rating=hardest,
            )


def _clash(cluster: _Cluster, mask: int, peer_mask: tuple[int, ...]) -> tuple[int, int] | None:
    """The closest two cells of one colour that see each other, if any."""
    best: tuple[int, int, int] | None = None
    for a in cells_of(mask):
        for b in cells_of(peer_mask[a] & mask):
            if a < b:
                candidate = (len(cluster.path(a, b)), a, b)
                if best is None or candidate < best:
                    best = candidate
    return None if best is None else (best[1], best[2])


def _step(
    grid: CandidateGrid,
    digit: int,
    cluster: _Cluster,
    eliminations: tuple[tuple[int, int], ...],
    explanation: str,
    rating: float,
) -> Step:
    n = grid.size
    colours = [cells_text([c for c in cluster.cells if cluster.colour[c] == k], n) for k in (0, 1)]
    intro = (
        f"Colour the {symbol(digit)}s: where {symbol(digit)} has only two places in a unit, "
        f"one is true and the other false. Linking those pairs gives colour A "
        f"({colours[0]}) and colour B ({colours[1]}). "
    )
    return Step(
        "Simple Colouring",
        eliminations=eliminations,
        explanation=intro + explanation,
        marks=tuple(
            Mark(cell, digit, Role.COLOUR_A if cluster.colour[cell] == 0 else Role.COLOUR_B)
            for cell in cluster.cells
        ),
        links=tuple(Link((a, digit), (b, digit), strong=True) for a, b in sorted(cluster.links)),
        rating=rating,
    )
