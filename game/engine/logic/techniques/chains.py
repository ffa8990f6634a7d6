"""Chains: X-Chains (one digit), XY-Chains (bivalue cells) and Alternating Inference Chains.

All three are the same idea with different links allowed (see :mod:`..links`):
if the first candidate is false, the chain makes the last one true, so one of the
two ends is true and anything that clashes with both is false.  A chain whose ends
also see each other closes a continuous loop, and then every weak link in the loop
holds exactly one true candidate, which removes more.  A chain that comes back to
its own start proves the start true.

The shortest chains come first: they are the ones a person can follow.  Ratings
follow Sudoku Explainer: chains through cells are SE's forcing chains (7.0, or 6.5
for a loop of bivalue cells) plus its bonus for length (:func:`..se_scale.rated`);
one-digit chains are rated by their number of strong links as Sukaku Explainer
does (:func:`..se_scale.strong_link_rating`: 5.4 for three, 5.8 for four, ...), which
is what the published ratings we compare with used.  X-Chains are tried after the
quads and before BUG+1, as there.  The general search runs before the XY-Chain
search and names each chain by the links it uses, so the step offered is always
the shortest chain of any kind (SE's choice), told under its familiar name.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator

from ...symbols import cell_name, symbol
from ..chain_text import chain_links, chain_marks, chain_prose, chain_units, is_text
from ..grid import CandidateGrid
from ..links import CELL_LINK, Chain, ChainSearch, Kind, LinkGraph, link_graph
from ..registry import Level, technique
from ..se_scale import rated, strong_link_rating
from ..step import Step
from ..wording import removal_text

X_CHAIN_RATING = 5.5
XY_CHAIN_RATING = 7.0
XY_LOOP_RATING = 6.5
AIC_RATING = 7.0
AIC_LOOP_RATING = 7.0


@technique("X-Chain", level=Level.EXPERT, rating=X_CHAIN_RATING)
def x_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Strong links on one digit joined by weak links (Skyscraper, Kite and longer)."""
    graph = link_graph(grid)
    searches = [ChainSearch(graph, Kind.X, digit) for digit in range(1, grid.size + 1)]
    # Merge the digits' searches so the shortest chain of any digit comes first.
    chains = _shortest_first(search.chains() for search in searches)
    yield from _steps(graph, chains, "X-Chain")


@technique("Alternating Inference Chain", level=Level.EXPERT, rating=AIC_RATING)
def alternating_inference_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Any strong and weak links; each chain is named for what it turns out to be.

    This runs before the XY-Chain search and covers it: the shortest chain of any
    kind is the easiest step, as Sudoku Explainer picks it, and a chain that only
    uses bivalue cells is still told as the XY-Chain it is.
    """
    graph = link_graph(grid)
    chains = ChainSearch(graph, Kind.AIC).chains()
    yield from _steps(graph, chains, None)


@technique("XY-Chain", level=Level.EXPERT, rating=XY_CHAIN_RATING)
def xy_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Bivalue cells joined on shared digits; an XY-Wing is the three-cell case."""
    graph = link_graph(grid)
    chains = ChainSearch(graph, Kind.XY).chains(min_nodes=6)
    yield from _steps(graph, chains, "XY-Chain")


def _steps(graph: LinkGraph, chains: Iterable[Chain], name: str | None) -> Iterator[Step]:
    """Steps for ``chains``, named ``name`` or, if None, by the links each one uses."""
    n = graph.n
    for chain in chains:
        nodes = chain.nodes
        kind = name or _kind_name(graph, nodes)
        prose = chain_prose(graph, nodes)
        first, last = nodes[0], nodes[-1]
        placements: tuple[tuple[int, int], ...] = ()
        if chain.placement is not None:
            cell, digit = chain.placement
            placements = (chain.placement,)
            explanation = (
                f"Follow the chain: {prose}. The assumption that {is_text(first, n, False)} "
                f"contradicts itself, so {cell_name(cell, n)} is {symbol(digit)}: place "
                f"{symbol(digit)} in {cell_name(cell, n)}."
            )
        elif chain.loop:
            explanation = (
                f"Follow the chain: {prose}. So {is_text(first, n, True)} or "
                f"{is_text(last, n, True)}. Those two also clash, so the chain closes into "
                "a loop in which every weak link holds exactly one true candidate, and "
                "whatever clashes with both ends of one of its links is false: "
                f"{removal_text(chain.eliminations, n)}."
            )
        else:
            explanation = (
                f"Follow the chain: {prose}. So {is_text(first, n, True)} or "
                f"{is_text(last, n, True)}, and {_clash_text(first, last, n)}: "
                f"{removal_text(chain.eliminations, n)}."
            )
        yield Step(
            kind,
            placements=placements,
            eliminations=() if placements else chain.eliminations,
            explanation=explanation,
            marks=chain_marks(nodes, n),
            links=chain_links(nodes, n),
            units=chain_units(graph, nodes),
            rating=_rating(graph, nodes, chain.loop, kind),
        )


def _kind_name(graph: LinkGraph, nodes: tuple[int, ...]) -> str:
    """ "X-Chain" (one digit), "XY-Chain" (bivalue cells only) or the general name."""
    n = graph.n
    if len({node % n for node in nodes}) == 1:
        return "X-Chain"
    cells_linked = all(
        graph.link_unit(nodes[i], nodes[i + 1]) == CELL_LINK for i in range(0, len(nodes), 2)
    )
    between_cells = all(
        nodes[i] // n != nodes[i + 1] // n and nodes[i] % n == nodes[i + 1] % n
        for i in range(1, len(nodes) - 1, 2)
    )
    return "XY-Chain" if cells_linked and between_cells else "Alternating Inference Chain"


def _rating(graph: LinkGraph, nodes: tuple[int, ...], loop: bool, kind: str) -> float:
    """SE's chain rating; one-digit chains by strong links (see :mod:`..se_scale`)."""
    if kind == "X-Chain":
        n = graph.n
        kinds = {graph.link_unit(nodes[i], nodes[i + 1]) // n for i in range(0, len(nodes), 2)}
        return strong_link_rating(len(nodes) // 2, kinds)
    if kind == "XY-Chain":
        return rated(XY_LOOP_RATING if loop else XY_CHAIN_RATING, len(nodes))
    return rated(AIC_LOOP_RATING if loop else AIC_RATING, len(nodes))


def _shortest_first(streams: Iterable[Iterable[Chain]]) -> Iterator[Chain]:
    """Merge streams that are each shortest first; ties keep stream order."""
    keyed = [_keyed(number, stream) for number, stream in enumerate(streams)]
    for _length, _number, _index, chain in heapq.merge(*keyed):
        yield chain


def _keyed(number: int, stream: Iterable[Chain]) -> Iterator[tuple[int, int, int, Chain]]:
    # A function, not a nested generator expression, so each stream keeps its own
    # number (a generator expression would read the loop's last one).
    for index, chain in enumerate(stream):
        yield len(chain.nodes), number, index, chain


def _clash_text(first: int, last: int, size: int) -> str:
    """Why candidates weakly linked to both chain ends are false, in the ends' terms."""
    c1, k1 = divmod(first, size)
    c2, k2 = divmod(last, size)
    if k1 == k2:
        return f"a cell that sees both cannot be {symbol(k1 + 1)}"
    if c1 == c2:
        return f"{cell_name(c1, size)} can only be {symbol(k1 + 1)} or {symbol(k2 + 1)}"
    return "a candidate that clashes with both is false"
