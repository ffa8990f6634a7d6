"""Simple and Multi-Colouring: one digit's conjugate pairs coloured in alternating colours.

Where a digit has exactly two places in a unit (a *conjugate pair*), one of them holds
it.  Joining the pairs that share a cell gives a *cluster*; colouring its cells in two
alternating colours splits it so that one colour holds every true copy of the digit
in the cluster and the other holds none.

- *Colour wrap*: two cells of one colour see each other, so that colour cannot be
  the true one: the digit leaves every cell of that colour.
- *Colour trap*: a cell outside the cluster that sees both colours loses the digit,
  since whichever colour is true, it sees a true copy.

*Multi-Colouring* (HoDoKu's Multi-Colors) sets two clusters of the digit side by
side, colours A/B and C/D:

- *Type 1* (colour wing): a cell of A sees a cell of C, so A and C are not both
  true, and B or D holds the digit; a cell that sees both B and D loses it.
- *Type 2*: cells of A see both C and D; if A held the digit, neither colour of
  the other cluster could, but one must.  So A is false, and its cells lose it.

Clusters of one conjugate pair count here: two of them side by side are the
smallest multi-colouring (a Skyscraper or a Kite seen the colouring way).

Each deduction is an X-chain along the clusters, so it is rated as that chain is
(:func:`..se_scale.strong_link_rating`, by the strong links on the shortest path
that decides it, through the weak link between the clusters for multi-colouring).
Simple Colouring is tried before general X-chains, right after the triples, because
colouring a cluster is how players find those chains; Multi-Colouring right after
it.  Both only look at digits whose candidates some one-digit logic can reduce
(:mod:`..digit_templates`), which on hard positions is about one in forty.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from ...houses import HouseKind
from ...symbols import cell_name, symbol
from ..fish_search import one_digit_removable
from ..grid import CandidateGrid, cells_of
from ..registry import Level, technique
from ..se_scale import strong_link_rating
from ..step import Area, AreaKind, Link, Mark, Role, Step
from ..wording import cells_text, removal_text

REGISTERED_RATING = 5.3
MULTI_RATING = 5.4


class _Cluster:
    """One connected set of conjugate pairs, two-coloured, with shortest paths."""

    def __init__(
        self, cells: list[int], colour: dict[int, int], links: dict[tuple[int, int], HouseKind]
    ) -> None:
        self.cells = cells
        self.colour = colour
        self.links = links  # (a, b) with a < b -> the kind of house making the pair
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

    def path_rating(self, a: int, b: int) -> float:
        """The path from ``a`` to ``b`` read as an X-chain, rated by its strong links."""
        links, kinds = self.strong_links(a, b)
        return strong_link_rating(max(2, links), kinds)

    def strong_links(self, a: int, b: int) -> tuple[int, set[HouseKind]]:
        """How many strong links the X-chain from ``a`` to ``b`` uses, and their house kinds.

        Every other conjugate pair on the path serves as a strong link (the others
        are read as weak ones), starting with the first.
        """
        cells = self.path(a, b)
        pairs = [(cells[i], cells[i + 1]) for i in range(0, len(cells) - 1, 2)]
        return len(pairs), {self.links[min(p), max(p)] for p in pairs}

    def mask(self, colour: int) -> int:
        result = 0
        for cell in self.cells:
            if self.colour[cell] == colour:
                result |= 1 << cell
        return result


def _clusters(grid: CandidateGrid, digit: int, min_links: int = 2) -> list[_Cluster]:
    """The clusters of ``digit`` with at least ``min_links`` conjugate pairs, in cell order."""
    pairs: dict[int, set[int]] = {}
    kinds: dict[tuple[int, int], HouseKind] = {}
    houses = grid.shape.houses
    for unit, unit_mask in enumerate(grid.tables.unit_mask):
        places = grid.digit_cells(digit) & unit_mask
        if places.bit_count() == 2:
            a, b = cells_of(places)
            pairs.setdefault(a, set()).add(b)
            pairs.setdefault(b, set()).add(a)
            kinds.setdefault((a, b), houses[unit].kind)
    clusters = []
    coloured: dict[int, int] = {}
    for root in sorted(pairs):
        if root in coloured:
            continue
        colour = {root: 0}
        order = [root]
        links: dict[tuple[int, int], HouseKind] = {}
        queue = deque([root])
        while queue:
            cell = queue.popleft()
            for nxt in sorted(pairs[cell]):
                if cell < nxt:
                    links[cell, nxt] = kinds[cell, nxt]
                if nxt not in colour:
                    colour[nxt] = 1 - colour[cell]
                    order.append(nxt)
                    queue.append(nxt)
        coloured.update(colour)
        if len(links) >= min_links:
            clusters.append(_Cluster(order, colour, links))
    return clusters


@technique("Simple Colouring", level=Level.EXPERT, rating=REGISTERED_RATING, one_digit=True)
def simple_colouring(grid: CandidateGrid) -> Iterator[Step]:
    """Colour wraps first (they remove a whole colour), then colour traps."""
    n = grid.size
    peer_mask = grid.tables.peer_mask
    for digit in range(1, n + 1):
        if one_digit_removable(grid, digit) == 0:
            continue  # no one-digit logic can remove a candidate of this digit
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
                    rating=cluster.path_rating(a, b),
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
                best = min((cluster.path_rating(a, b), a, b) for a in a_side for b in b_side)
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
        marks=_colour_marks(cluster, digit),
        links=_cluster_links(cluster, digit),
        rating=rating,
        areas=_cluster_areas(cluster, digit, "AB", 0),
    )


def _colour_marks(cluster: _Cluster, digit: int) -> tuple[Mark, ...]:
    return tuple(
        Mark(cell, digit, Role.COLOUR_A if cluster.colour[cell] == 0 else Role.COLOUR_B)
        for cell in cluster.cells
    )


def _cluster_links(cluster: _Cluster, digit: int) -> tuple[Link, ...]:
    return tuple(Link((a, digit), (b, digit), strong=True) for a, b in sorted(cluster.links))


def _cluster_areas(cluster: _Cluster, digit: int, names: str, first: int) -> tuple[Area, ...]:
    """One outline per colour of ``cluster``, numbered from ``first`` and named by ``names``."""
    return tuple(
        Area(
            tuple(c for c in cluster.cells if cluster.colour[c] == colour),
            AreaKind.CLUSTER,
            first + colour,
            1 << (digit - 1),
            names[colour],
        )
        for colour in (0, 1)
    )


@technique("Multi-Colouring", level=Level.EXPERT, rating=MULTI_RATING, one_digit=True)
def multi_colouring(grid: CandidateGrid) -> Iterator[Step]:
    """Two clusters of one digit side by side (types 1 and 2), simplest first."""
    found: list[tuple[float, int, Step]] = []
    for digit in range(1, grid.size + 1):
        if one_digit_removable(grid, digit) == 0:
            continue
        clusters = _clusters(grid, digit, min_links=1)
        for index, first in enumerate(clusters):
            for second in clusters[index + 1 :]:
                for step in _multi_steps(grid, digit, first, second):
                    found.append((step.rating, len(found), step))
    found.sort(key=lambda item: (item[0], item[1]))
    for _rating, _order, step in found:
        yield step


class _Side:
    """One cluster of a multi-colouring, its colours as cell masks and what they see."""

    def __init__(self, cluster: _Cluster, peer_mask: tuple[int, ...]) -> None:
        self.cluster = cluster
        self.mask = (cluster.mask(0), cluster.mask(1))
        self.sees = [0, 0]
        for colour in (0, 1):
            for cell in cells_of(self.mask[colour]):
                self.sees[colour] |= peer_mask[cell]

    def links(self, a: int, b: int) -> tuple[int, set[HouseKind]]:
        return self.cluster.strong_links(a, b) if a != b else (0, set())


def _multi_steps(
    grid: CandidateGrid, digit: int, first: _Cluster, second: _Cluster
) -> Iterator[Step]:
    """The multi-colouring steps of two clusters, type 2 first.

    Type 2 for each colour that sees both colours of the other cluster; type 1 for
    each pair of colours, one from each cluster, that see each other.
    """
    peer_mask = grid.tables.peer_mask
    sides = (_Side(first, peer_mask), _Side(second, peer_mask))
    for this, other in (sides, sides[::-1]):
        for colour in (0, 1):
            own = this.mask[colour]
            if own & other.sees[0] and own & other.sees[1]:
                yield _type_two(grid, digit, this, colour, other)
    for c1 in (0, 1):
        for c2 in (0, 1):
            step = _type_one(grid, digit, sides[0], c1, sides[1], c2)
            if step is not None:
                yield step


def _type_two(grid: CandidateGrid, digit: int, this: _Side, colour: int, other: _Side) -> Step:
    """Colour ``colour`` of ``this`` sees both colours of ``other``: it is false."""
    n = grid.size
    peer_mask = grid.tables.peer_mask
    own = this.mask[colour]
    best: tuple[int, tuple[int, int, int, int], set[HouseKind]] | None = None
    for x in cells_of(own):
        for p in cells_of(peer_mask[x] & other.mask[0]):
            for x2 in cells_of(own):
                for q in cells_of(peer_mask[x2] & other.mask[1]):
                    count, kinds = other.links(p, q)
                    more, more_kinds = this.links(x, x2)
                    total = count + more
                    if best is None or total < best[0]:
                        best = (total, (x, p, x2, q), kinds | more_kinds)
    assert best is not None
    total, (x, p, x2, q), kinds = best
    d = symbol(digit)
    eliminations = tuple((cell, digit) for cell in cells_of(own))
    seers = cells_text(sorted({x, x2}), n)
    explanation = (
        f"{_intro(digit, this, colour, other, 0, n)}{seers} (A) "
        f"{'sees' if x == x2 else 'see'} {cell_name(p, n)} (C) and {cell_name(q, n)} (D). "
        f"If A held the {d}s, neither C nor D could, yet one of them must. So A is "
        f"false: {removal_text(eliminations, n)}."
    )
    weak = (Link((x, digit), (p, digit), strong=False), Link((x2, digit), (q, digit), strong=False))
    rating = strong_link_rating(max(2, total), kinds)
    return _multi_step(digit, this, colour, other, 0, eliminations, explanation, weak, rating)


def _type_one(
    grid: CandidateGrid, digit: int, one: _Side, c1: int, two: _Side, c2: int
) -> Step | None:
    """Colour ``c1`` of ``one`` sees colour ``c2`` of ``two``: what sees both others goes."""
    if not one.mask[c1] & two.sees[c2]:
        return None
    n = grid.size
    peer_mask = grid.tables.peer_mask
    clustered = one.mask[0] | one.mask[1] | two.mask[0] | two.mask[1]
    targets = grid.digit_cells(digit) & ~clustered & one.sees[1 - c1] & two.sees[1 - c2]
    if not targets:
        return None
    # Per target, the shortest chain: y1 =..= x1 - x2 =..= y2, y1 and y2 seeing it.
    best: dict[int, tuple[int, set[HouseKind], tuple[int, int, int, int]]] = {}
    for target in cells_of(targets):
        for x1 in cells_of(one.mask[c1]):
            for x2 in cells_of(peer_mask[x1] & two.mask[c2]):
                for y1 in cells_of(peer_mask[target] & one.mask[1 - c1]):
                    for y2 in cells_of(peer_mask[target] & two.mask[1 - c2]):
                        count1, kinds1 = one.links(y1, x1)
                        count2, kinds2 = two.links(x2, y2)
                        total = count1 + count2
                        known = best.get(target)
                        if known is None or total < known[0]:
                            best[target] = (total, kinds1 | kinds2, (x1, x2, y1, y2))
    rating = max(strong_link_rating(max(2, total), kinds) for total, kinds, _ in best.values())
    target = min(best)
    x1, x2, y1, y2 = best[target][2]
    eliminations = tuple((cell, digit) for cell in sorted(best))
    d = symbol(digit)
    others = "" if len(best) == 1 else " (and likewise for the others)"
    explanation = (
        f"{_intro(digit, one, c1, two, c2, n)}{cell_name(x1, n)} (A) sees "
        f"{cell_name(x2, n)} (C), so A and C are not both true: B or D holds the {d}s. "
        f"{cell_name(target, n)} sees {cell_name(y1, n)} (B) and {cell_name(y2, n)} "
        f"(D){others}, so it cannot be {d}: {removal_text(eliminations, n)}."
    )
    weak = (Link((x1, digit), (x2, digit), strong=False),)
    return _multi_step(digit, one, c1, two, c2, eliminations, explanation, weak, rating)


def _intro(digit: int, this: _Side, colour: int, other: _Side, other_colour: int, n: int) -> str:
    """Names the four colours: ``colour`` of ``this`` is A, ``other_colour`` of ``other`` C."""
    d = symbol(digit)
    names = [
        cells_text(cells_of(side.mask[c]), n)
        for side, c in (
            (this, colour),
            (this, 1 - colour),
            (other, other_colour),
            (other, 1 - other_colour),
        )
    ]
    return (
        f"Colour the {d}s: where {d} has only two places in a unit, one is true and the "
        f"other false. One cluster of such pairs has colours A ({names[0]}) and B "
        f"({names[1]}), another C ({names[2]}) and D ({names[3]}). "
    )


def _multi_step(
    digit: int,
    this: _Side,
    colour: int,
    other: _Side,
    other_colour: int,
    eliminations: tuple[tuple[int, int], ...],
    explanation: str,
    weak: tuple[Link, ...],
    rating: float,
) -> Step:
    """The step, with A and C drawn in one colour role, B and D in the other."""
    marks: list[Mark] = []
    areas: list[Area] = []
    for side, first, names, index in ((this, colour, "AB", 0), (other, other_colour, "CD", 2)):
        for offset, c in enumerate((first, 1 - first)):
            cells = tuple(cells_of(side.mask[c]))
            role = Role.COLOUR_A if offset == 0 else Role.COLOUR_B
            marks += [Mark(cell, digit, role) for cell in cells]
            areas.append(
                Area(cells, AreaKind.CLUSTER, index + offset, 1 << (digit - 1), names[offset])
            )
    return Step(
        "Multi-Colouring",
        eliminations=eliminations,
        explanation=explanation,
        marks=tuple(marks),
        links=_cluster_links(this.cluster, digit) + _cluster_links(other.cluster, digit) + weak,
        rating=rating,
        areas=tuple(areas),
    )
