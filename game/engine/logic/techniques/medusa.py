"""3D Medusa: colouring across digits, through conjugate pairs and bivalue cells at once.

Simple Colouring follows one digit's conjugate pairs.  Medusa colours *candidates*:
two candidates are strongly linked when one of them must be true, either the only
two places of a digit in a unit or the two digits of a bivalue cell.  A connected
set of such links (a *cluster*) splits into two colours, one wholly true and the
other wholly false.  Then (the rules as players learn them):

1. *Twice in a cell*: two candidates of one colour in one cell.
2. *Twice in a unit*: one digit twice in one colour, in cells that see each other.
3. *Cell emptied*: a cell none of whose candidates could be true if a colour were
   (each is of the other colour or sees that digit in the colour).
   In these three cases that colour is false: its candidates go.
4. *Two colours in a cell*: the cell's uncoloured candidates go.
5. *Two colours elsewhere*: an uncoloured candidate that sees its digit in both
   colours goes.
6. *Two colours, unit and cell*: an uncoloured candidate that sees its digit in
   one colour while its own cell holds the other colour goes.

Clusters of a single digit are Simple Colouring's and are left to it.  Every
deduction is an alternating inference chain along the cluster, so each removal is
rated as the shortest such chain (:func:`..se_scale.rated` on the AIC base, or as
an X-chain by its strong links when the chain keeps to one digit), and a step as
its hardest removal.

Medusa is tried right after the general chains, not before them as players often
learn it: every removal of rules 1, 2, 4, 5 and 6 is a single chain, which the
chain search finds as short or shorter, so tried first Medusa would only offer
longer chains and rate puzzles higher than Sudoku Explainer does (on the first 300
rated Sudoku Exchange puzzles, Spearman fell from 0.917 to 0.885 that way).  Rule 3
needs several chains at once (each candidate of the emptied cell is killed by its
own), so after the chains Medusa still solves what they cannot, short of forcing
chains.  It costs about half a millisecond a call on hard positions.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ...shape import Shape
from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, cells_of
from ..registry import Level, technique
from ..se_scale import rated, strong_link_rating
from ..step import Area, AreaKind, Link, Mark, Role, Step
from ..wording import removal_text

CHAIN_RATING = 7.0
"""SE's base for a chain through cells (as ``chains.AIC_RATING``)."""
REGISTERED_RATING = CHAIN_RATING
"""Registered with the chains' rating: their module registers first, so they go first."""

LISTED = 12
"""Colours with more candidates than this are counted, not listed, in explanations."""

CELL = -1
"""The unit recorded for the strong link inside a bivalue cell."""


class _Cluster:
    """One connected set of strong links between candidates, two-coloured."""

    def __init__(self, n: int, nodes: list[int], colour: dict[int, int]) -> None:
        self.n = n
        self.nodes = nodes
        self.colour = colour
        self._paths: dict[int, dict[int, int]] = {}
        self.links: dict[tuple[int, int], int] = {}
        # per colour and digit, the cells of that colour's candidates of the digit
        self.cells = [[0] * (n + 1), [0] * (n + 1)]
        self.any = [0, 0]  # per colour, the cells holding a candidate of it
        # per colour, pairs of its candidates that share a cell
        self.twice: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
        first: list[dict[int, int]] = [{}, {}]
        for node in nodes:
            cell, digit = divmod(node, n)
            c = colour[node]
            self.cells[c][digit + 1] |= 1 << cell
            self.any[c] |= 1 << cell
            other = first[c].setdefault(cell, node)
            if other != node:
                self.twice[c].append((min(other, node), max(other, node)))
        self.digits = sorted({node % n + 1 for node in nodes})

    def path(self, a: int, b: int, graph: dict[int, list[tuple[int, int]]]) -> list[int]:
        """The nodes of a shortest path from ``a`` to ``b`` along strong links."""
        parent = self._paths.get(a)
        if parent is None:
            parent = {a: a}
            queue = deque([a])
            while queue:
                node = queue.popleft()
                for nxt, _unit in graph[node]:
                    if nxt not in parent:
                        parent[nxt] = node
                        queue.append(nxt)
            self._paths[a] = parent
        nodes = [b]
        while nodes[-1] != a:
            nodes.append(parent[nodes[-1]])
        return nodes[::-1]


@dataclass
class _Found:
    """Removals of one rule in one cluster, each with the chain that proves it.

    ``false_colour`` is set when the rule shows a whole colour false (``rule`` then
    says why, in words); otherwise ``rule`` names the trap rule.
    """

    rule: str
    eliminations: list[tuple[int, int]]
    chains: list[list[int]]
    false_colour: int | None = None


@technique("3D Medusa", level=Level.EXPERT, rating=REGISTERED_RATING)
def medusa(grid: CandidateGrid) -> Iterator[Step]:
    """Every Medusa deduction of every multi-digit cluster, the easiest first."""
    graph, units = _strong_links(grid)
    steps: list[tuple[float, int, Step]] = []
    open_cells = 0
    for cell, mask in enumerate(grid.cands):
        if mask:
            open_cells |= 1 << cell
    for cluster in _clusters(grid, graph):
        for found in _deductions(grid, graph, cluster, open_cells):
            step = _step(grid, graph, units, cluster, found)
            steps.append((step.rating, len(steps), step))
    steps.sort(key=lambda item: (item[0], item[1]))
    for _rating, _order, step in steps:
        yield step


def _strong_links(
    grid: CandidateGrid,
) -> tuple[dict[int, list[tuple[int, int]]], dict[tuple[int, int], int]]:
    """Each candidate's strong partners (with the unit, or CELL) and each link's unit."""
    n = grid.size
    graph: dict[int, list[tuple[int, int]]] = {}
    units: dict[tuple[int, int], int] = {}

    def link(a: int, b: int, unit: int) -> None:
        key = (min(a, b), max(a, b))
        if key in units:
            return
        units[key] = unit
        graph.setdefault(a, []).append((b, unit))
        graph.setdefault(b, []).append((a, unit))

    for cell, mask in enumerate(grid.cands):
        if mask.bit_count() == 2:
            low = (mask & -mask).bit_length() - 1
            high = mask.bit_length() - 1
            link(cell * n + low, cell * n + high, CELL)
    for digit in range(1, n + 1):
        places = grid.digit_cells(digit)
        for unit, unit_mask in enumerate(grid.tables.unit_mask):
            pair = places & unit_mask
            if pair.bit_count() == 2:
                a, b = cells_of(pair)
                link(a * n + digit - 1, b * n + digit - 1, unit)
    return graph, units


def _clusters(grid: CandidateGrid, graph: dict[int, list[tuple[int, int]]]) -> list[_Cluster]:
    """The clusters of two links or more that use more than one digit."""
    n = grid.size
    seen: set[int] = set()
    found = []
    for root in sorted(graph):
        if root in seen:
            continue
        colour = {root: 0}
        order = [root]
        queue = deque([root])
        while queue:
            node = queue.popleft()
            for nxt, _unit in graph[node]:
                if nxt not in colour:
                    colour[nxt] = 1 - colour[node]
                    order.append(nxt)
                    queue.append(nxt)
        seen.update(order)
        if len(order) >= 3 and len({node % n for node in order}) > 1:
            found.append(_Cluster(n, order, colour))
    return found


def _deductions(
    grid: CandidateGrid,
    graph: dict[int, list[tuple[int, int]]],
    cluster: _Cluster,
    open_cells: int,
) -> Iterator[_Found]:
    """The rules that apply to ``cluster``: a false colour, else the removals."""
    n = grid.size
    peer_mask = grid.tables.peer_mask
    sees = [[0] * (n + 1), [0] * (n + 1)]
    for c in (0, 1):
        for digit in cluster.digits:
            for cell in cells_of(cluster.cells[c][digit]):
                sees[c][digit] |= peer_mask[cell]
    wrapped = False
    for c in (0, 1):
        proof = _contradiction(grid, graph, cluster, c, sees, open_cells)
        if proof is not None:
            wrapped = True
            rule, chain = proof
            eliminations = [
                _candidate(node, n) for node in cluster.nodes if cluster.colour[node] == c
            ]
            yield _Found(rule, eliminations, [chain], c)
    if wrapped:
        return  # the other colour is true: placing it says more than any trap
    yield from _traps(grid, graph, cluster, sees)


def _contradiction(
    grid: CandidateGrid,
    graph: dict[int, list[tuple[int, int]]],
    cluster: _Cluster,
    c: int,
    sees: list[list[int]],
    open_cells: int,
) -> tuple[str, list[int]] | None:
    """Why colour ``c`` cannot be true (the rule's words and a chain showing it), if so."""
    n = grid.size
    peer_mask = grid.tables.peer_mask
    own = cluster.cells[c]
    # 1. twice in a cell, 2. twice in a unit: told by the shortest chain there is
    clashes: list[tuple[int, str, list[int]]] = []
    for a, b in cluster.twice[c]:
        path = cluster.path(a, b, graph)
        text = (
            f"the {symbol(a % n + 1)} and the {symbol(b % n + 1)} in {cell_name(a // n, n)} "
            f"are both {_NAME[c]}, and one cell holds only one digit"
        )
        clashes.append((len(path), text, path))
    for digit in cluster.digits:
        for cell in cells_of(own[digit]):
            for other in cells_of(peer_mask[cell] & own[digit]):
                if other < cell:
                    continue
                a, b = cell * n + digit - 1, other * n + digit - 1
                path = cluster.path(a, b, graph)
                text = (
                    f"the {symbol(digit)}s in {cell_name(cell, n)} and {cell_name(other, n)} "
                    f"are both {_NAME[c]} and see each other"
                )
                clashes.append((len(path), text, path))
    if clashes:
        _length, text, path = min(clashes, key=lambda clash: clash[0])
        return text, path
    # 3. a cell emptied
    alive = 0
    for digit in range(1, n + 1):
        killed = cluster.cells[1 - c][digit] | (sees[c][digit] & ~own[digit])
        alive |= grid.digit_cells(digit) & ~killed
    emptied = open_cells & ~alive & ~cluster.any[c]
    if not emptied:
        return None
    cell = (emptied & -emptied).bit_length() - 1
    witnesses = []
    for digit in _digits(grid.cands[cell]):
        node = cell * n + digit - 1
        if cluster.colour.get(node) == 1 - c:
            witnesses.append(node)
        else:
            seen = peer_mask[cell] & own[digit]
            witnesses.append(((seen & -seen).bit_length() - 1) * n + digit - 1)
    chain: list[int] = []
    for node in witnesses:
        for step in cluster.path(witnesses[0], node, graph):
            if step not in chain:
                chain.append(step)
    return (f"{_NAME[c]} would leave {cell_name(cell, n)} with no digit", chain)


def _traps(
    grid: CandidateGrid,
    graph: dict[int, list[tuple[int, int]]],
    cluster: _Cluster,
    sees: list[list[int]],
) -> Iterator[_Found]:
    """Rules 4 to 6: uncoloured candidates that clash with both colours."""
    n = grid.size
    peer_mask = grid.tables.peer_mask
    done: set[tuple[int, int]] = set()
    # 4. two colours in a cell
    found = _Found("two colours in a cell", [], [])
    for cell in cells_of(cluster.any[0] & cluster.any[1]):
        a = _node_in(cluster, cell, 0, n)
        b = _node_in(cluster, cell, 1, n)
        for digit in _digits(grid.cands[cell]):
            if cell * n + digit - 1 not in cluster.colour:
                found.eliminations.append((cell, digit))
                found.chains.append(cluster.path(a, b, graph))
                done.add((cell, digit))
    if found.eliminations:
        yield found
    # 5. two colours elsewhere
    found = _Found("sees both colours", [], [])
    for digit in range(1, n + 1):
        coloured = cluster.cells[0][digit] | cluster.cells[1][digit]
        targets = grid.digit_cells(digit) & ~coloured & sees[0][digit] & sees[1][digit]
        for cell in cells_of(targets):
            if (cell, digit) in done:
                continue
            best = _shortest(
                cluster,
                graph,
                [
                    cell_ * n + digit - 1
                    for cell_ in cells_of(peer_mask[cell] & cluster.cells[0][digit])
                ],
                [
                    cell_ * n + digit - 1
                    for cell_ in cells_of(peer_mask[cell] & cluster.cells[1][digit])
                ],
            )
            found.eliminations.append((cell, digit))
            found.chains.append(best)
            done.add((cell, digit))
    if found.eliminations:
        yield found
    # 6. one colour in the cell, the other seen in a unit
    found = _Found("its cell holds one colour and it sees the other", [], [])
    for c in (0, 1):
        for digit in range(1, n + 1):
            coloured = cluster.cells[0][digit] | cluster.cells[1][digit]
            targets = grid.digit_cells(digit) & ~coloured & cluster.any[c] & sees[1 - c][digit]
            for cell in cells_of(targets):
                if (cell, digit) in done:
                    continue
                here = _node_in(cluster, cell, c, n)
                there = [
                    cell_ * n + digit - 1
                    for cell_ in cells_of(peer_mask[cell] & cluster.cells[1 - c][digit])
                ]
                found.eliminations.append((cell, digit))
                found.chains.append(_shortest(cluster, graph, [here], there))
                done.add((cell, digit))
    if found.eliminations:
        yield found


def _shortest(
    cluster: _Cluster,
    graph: dict[int, list[tuple[int, int]]],
    starts: Sequence[int],
    ends: Sequence[int],
) -> list[int]:
    """The shortest cluster path from one of ``starts`` to one of ``ends``."""
    best: list[int] | None = None
    for a in starts:
        for b in ends:
            path = cluster.path(a, b, graph)
            if best is None or len(path) < len(best):
                best = path
    assert best is not None
    return best


def _node_in(cluster: _Cluster, cell: int, c: int, n: int) -> int:
    """The first candidate of colour ``c`` in ``cell``."""
    for digit in range(n):
        node = cell * n + digit
        if cluster.colour.get(node) == c:
            return node
    raise ValueError(f"no candidate of colour {c} in cell {cell}")


def _digits(mask: int) -> Iterator[int]:
    digit = 1
    while mask:
        if mask & 1:
            yield digit
        mask >>= 1
        digit += 1


_NAME = ("colour A", "colour B")
"""How the two colours are called in explanations."""


def _cand(node: int, n: int) -> str:
    cell, digit = divmod(node, n)
    return f"{symbol(digit + 1)} in {cell_name(cell, n)}"


def _chain_rating(chain: list[int], shape: Shape, units: dict[tuple[int, int], int]) -> float:
    """What the chain along ``chain`` rates: an X-chain if it keeps to one digit, else an AIC."""
    if len({node % shape.size for node in chain}) == 1:
        # One digit: every strong link is a house's (a cell's links join two digits).
        pairs = [(chain[i], chain[i + 1]) for i in range(0, len(chain) - 1, 2)]
        kinds = {shape.houses[units[min(p), max(p)]].kind for p in pairs}
        return strong_link_rating(max(2, len(pairs)), kinds)
    return rated(CHAIN_RATING, len(chain))


def _step(
    grid: CandidateGrid,
    graph: dict[int, list[tuple[int, int]]],
    units: dict[tuple[int, int], int],
    cluster: _Cluster,
    found: _Found,
) -> Step:
    n = grid.size
    eliminations = tuple(sorted(set(found.eliminations)))
    rating = max(_chain_rating(chain, grid.shape, units) for chain in found.chains)
    colours = []
    for c in (0, 1):
        members = [_cand(node, n) for node in cluster.nodes if cluster.colour[node] == c]
        # A long list reads worse than the picture: past a dozen, only count them.
        colours.append(
            ", ".join(members) if len(members) <= LISTED else f"{len(members)} candidates"
        )
    intro = (
        "Colour candidates: where a digit has only two places in a unit, or a cell only "
        "two digits, one of the pair is true and the other false. Linking such pairs "
        f"gives colour A ({colours[0]}) and colour B ({colours[1]}); one colour is "
        "entirely true. "
    )
    if found.false_colour is not None:
        false = _NAME[found.false_colour]
        true = _NAME[1 - found.false_colour]
        reason = f"{found.rule[0].upper()}{found.rule[1:]}, so {false} is false and {true} true: "
    else:
        cell, digit = eliminations[0]
        example = f"{symbol(digit)} in {cell_name(cell, n)}"
        others = "" if len(eliminations) == 1 else " (and likewise for the others)"
        reason = (
            f"The {example} {_because(found.rule)}{others}, so whichever colour is true, "
            f"it is false: "
        )
    marks = tuple(
        Mark(node // n, node % n + 1, Role.COLOUR_A if cluster.colour[node] == 0 else Role.COLOUR_B)
        for node in cluster.nodes
    ) + tuple(Mark(cell, digit, Role.FOCUS) for cell, digit in eliminations)
    links = tuple(
        Link(_candidate(a, n), _candidate(b, n), strong=True)
        for (a, b), _unit in sorted(units.items())
        if a in cluster.colour
    )
    areas = tuple(
        Area(
            tuple(cells_of(cluster.any[c])),
            AreaKind.CLUSTER,
            c,
            0,
            "AB"[c],
        )
        for c in (0, 1)
    )
    return Step(
        "3D Medusa",
        eliminations=eliminations,
        explanation=intro + reason + removal_text(eliminations, n) + ".",
        marks=marks,
        links=links,
        rating=rating,
        areas=areas,
    )


def _because(rule: str) -> str:
    return {
        "two colours in a cell": "shares its cell with both colours",
        "sees both colours": "sees its digit in both colours",
        "its cell holds one colour and it sees the other": (
            "sits in a cell of one colour and sees its digit in the other"
        ),
    }[rule]


def _candidate(node: int, n: int) -> tuple[int, int]:
    """``(cell, digit)`` of a candidate node."""
    cell, digit = divmod(node, n)
    return cell, digit + 1
