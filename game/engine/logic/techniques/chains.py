"""Chains and nice loops, plain and grouped: X-Chains, XY-Chains, AICs and their loops.

All are one idea with different links allowed (see :mod:`..links`): if the first
node is false, the chain makes the last one true, so one of the two ends is true
and anything that clashes with both is false.  Each step is named for the form it
takes, as HoDoKu names them:

- *X-Chain*: one digit throughout (Skyscraper, Kite and longer), whatever its
  shape; its loops and self-proofs stay X-Chains because they are rated, like all
  one-digit chains, by their strong links.
- *XY-Chain*: bivalue cells joined on shared digits (*Remote Pair* when all its
  cells hold the same two digits; :mod:`.remote_pair` finds those first).
- *Continuous Nice Loop*: the chain's ends also clash, so it closes into a loop in
  which every weak link holds exactly one true node, and whatever clashes with
  both ends of any of its links is false.  All of those removals are made.
- *Discontinuous Nice Loop*: the chain comes back to its own start, so the start is
  true (it is placed; a grouped start removes its digit from the cells that see it).
- *Alternating Inference Chain*: any other chain; what clashes with both ends goes.
  (HoDoKu also calls "discontinuous" a loop whose start is eliminated; that
  deduction is exactly a chain whose ends both clash with the start, so it is told
  here, with its chain, as an AIC.)
- *Grouped* versions of each: at least one node is a group (one digit in two or
  more cells of a unit that lie in one intersection with another unit) or the
  chain passes through an almost locked set (HoDoKu counts those as grouped too).

Ratings follow Sudoku Explainer: chains through cells are SE's forcing chains (7.0,
or 6.5 for a loop of bivalue cells, SE's Y-cycle) plus its bonus for length
(:func:`..se_scale.rated`); one-digit chains are rated by their number of strong
links as Sukaku Explainer does (:func:`..se_scale.strong_link_rating`).  SE has no
grouped nodes; a grouped chain gets a small bonus over the plain one (HoDoKu's
scores do the same: 280 for a nice loop, 300 grouped).  The techniques are tried in
order of base rating: X-Chains (5.5), grouped X-Chains (5.7), then the general
search (7.0), which finds the shortest chain of any kind and names it, then the
grouped general search (7.2), and last the search through almost locked sets
(7.5, of at most :data:`..links.MAX_ALS_CELLS` cells: the sets multiply the graph,
and four cells keep a hard 9x9 position within ~30 ms while finding all but three
of HoDoKu's library cases).  The finders registered under a form's name
(Continuous Nice Loop, ...) filter the general search, whose work they share, so
they exist for "apply everywhere" and for the catalogue, and cost nothing on the
solving path.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...houses import HouseKind
from ...symbols import cell_name, symbol
from ..chain_text import (
    chain_areas,
    chain_links,
    chain_marks,
    chain_prose,
    chain_units,
    node_text,
)
from ..grid import CandidateGrid
from ..links import CELL_LINK, Chain, Kind, LinkGraph, als_index, link_graph
from ..registry import Level, technique
from ..se_scale import FORCING_CHAINS_EXTRA, rated, strong_link_rating
from ..step import Step
from ..wording import removal_text

X_CHAIN_RATING = 5.5
GROUPED_X_CHAIN_RATING = 5.7
XY_CHAIN_RATING = 7.0
XY_LOOP_RATING = 6.5
REMOTE_PAIR_RATING = 6.5
AIC_RATING = 7.0
CONTINUOUS_LOOP_RATING = 7.0
DISCONTINUOUS_LOOP_RATING = 7.0
GROUPED_X_BONUS = 0.1
"""Added to a one-digit chain's strong-link rating when it uses a group."""
GROUPED_BONUS = 0.2
"""Added to the base of the other chains when they use a group."""
GROUPED_AIC_PLACE = round(AIC_RATING + GROUPED_BONUS, 1)
GROUPED_AIC_RATING = round(GROUPED_AIC_PLACE + FORCING_CHAINS_EXTRA, 1)
"""Grouped chains other than one-digit ones: SE proves them with forcing chains
(see :data:`..se_scale.FORCING_CHAINS_EXTRA`); placed beside the plain ones."""
ALS_CHAIN_PLACE = 7.5
"""Where chains through almost locked sets sit: after every other chain."""
ALS_CHAIN_RATING = round(ALS_CHAIN_PLACE + FORCING_CHAINS_EXTRA, 1)
"""The base of chains through almost locked sets (SE has none; it proves them with
forcing chains)."""

X_CHAIN = "X-Chain"
XY_CHAIN = "XY-Chain"
REMOTE_PAIR = "Remote Pair"
AIC = "Alternating Inference Chain"
CONTINUOUS = "Continuous Nice Loop"
DISCONTINUOUS = "Discontinuous Nice Loop"
GROUPED = "Grouped "
GROUPED_AIC = "Grouped AIC"  # HoDoKu's name; the plain one keeps its full name
ALS_CHAINS = "Grouped AIC through ALS"


@technique(X_CHAIN, level=Level.EXPERT, rating=X_CHAIN_RATING, one_digit=True)
def x_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Strong links on one digit joined by weak links (Skyscraper, Kite and longer)."""
    yield from _x_chains(grid, grouped=False)


@technique(GROUPED + X_CHAIN, level=Level.EXPERT, rating=GROUPED_X_CHAIN_RATING, one_digit=True)
def grouped_x_chain(grid: CandidateGrid) -> Iterator[Step]:
    """One-digit chains through groups (an Empty Rectangle is the shortest)."""
    yield from _x_chains(grid, grouped=True)


@technique(AIC, level=Level.EXPERT, rating=AIC_RATING)
def alternating_inference_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Any strong and weak links; each chain is named for what it turns out to be.

    This runs before the XY-Chain and nice-loop finders and covers them: the
    shortest chain of any kind is the easiest step, as Sudoku Explainer picks it,
    and it is told under its familiar name.
    """
    graph = link_graph(grid)
    yield from _steps(graph, graph.search(Kind.AIC).chains(), grouped_only=False)


@technique(CONTINUOUS, level=Level.EXPERT, rating=CONTINUOUS_LOOP_RATING)
def continuous_nice_loop(grid: CandidateGrid) -> Iterator[Step]:
    """Chains whose ends clash, closing a loop: every weak link in it removes."""
    return _only(alternating_inference_chain(grid), CONTINUOUS)


@technique(DISCONTINUOUS, level=Level.EXPERT, rating=DISCONTINUOUS_LOOP_RATING)
def discontinuous_nice_loop(grid: CandidateGrid) -> Iterator[Step]:
    """Chains that come back to their start, proving it true."""
    return _only(alternating_inference_chain(grid), DISCONTINUOUS)


@technique(XY_CHAIN, level=Level.EXPERT, rating=XY_CHAIN_RATING)
def xy_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Bivalue cells joined on shared digits; an XY-Wing is the three-cell case."""
    graph = link_graph(grid)
    chains = graph.search(Kind.XY).chains(min_nodes=6)
    yield from _steps(graph, chains, grouped_only=False)


@technique(GROUPED_AIC, level=Level.EXPERT, rating=GROUPED_AIC_RATING, order=GROUPED_AIC_PLACE)
def grouped_alternating_inference_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Any chain through at least one group, named for its form like the plain ones."""
    graph = link_graph(grid, grouped=True)
    yield from _steps(graph, graph.search(Kind.AIC).chains(), grouped_only=True)


@technique(ALS_CHAINS, level=Level.EXPERT, rating=ALS_CHAIN_RATING, order=ALS_CHAIN_PLACE)
def als_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Chains through almost locked sets too, named like the grouped ones (as HoDoKu).

    Kept apart from the grouped search because the sets multiply the graph: this
    search costs several times more, so it runs only when the others found nothing.
    """
    graph = link_graph(grid, grouped=True, als=True)
    yield from _steps(graph, graph.search(Kind.AIC).chains(), grouped_only=True, als_only=True)


@technique(
    GROUPED + CONTINUOUS, level=Level.EXPERT, rating=GROUPED_AIC_RATING, order=GROUPED_AIC_PLACE
)
def grouped_continuous_nice_loop(grid: CandidateGrid) -> Iterator[Step]:
    """Continuous nice loops through groups."""
    return _only(grouped_alternating_inference_chain(grid), GROUPED + CONTINUOUS)


@technique(
    GROUPED + DISCONTINUOUS,
    level=Level.EXPERT,
    rating=GROUPED_AIC_RATING,
    order=GROUPED_AIC_PLACE,
)
def grouped_discontinuous_nice_loop(grid: CandidateGrid) -> Iterator[Step]:
    """Discontinuous nice loops through groups."""
    return _only(grouped_alternating_inference_chain(grid), GROUPED + DISCONTINUOUS)


def _only(steps: Iterator[Step], name: str) -> Iterator[Step]:
    return (step for step in steps if step.technique == name)


def _x_chains(grid: CandidateGrid, grouped: bool) -> Iterator[Step]:
    # One search for all digits: it goes by length, so the shortest chain of any
    # digit comes first.
    graph = link_graph(grid, grouped)
    yield from _steps(graph, graph.search(Kind.X).chains(), grouped_only=grouped)


def _steps(
    graph: LinkGraph, chains: Iterable[Chain], grouped_only: bool, als_only: bool = False
) -> Iterator[Step]:
    """Steps for ``chains``, each named by its form; plain ones skipped if ``grouped_only``.

    A grouped search also finds plain chains; those are the plain finders' steps
    (which run first), so the grouped finders leave them out, and the search
    through almost locked sets leaves out the chains that use none.
    """
    for chain in chains:
        nodes = chain.nodes
        sets = any(
            als_index(graph.link_unit(nodes[i], nodes[i + 1])) is not None
            for i in range(0, len(nodes), 2)
        )
        grouped = sets or any(graph.is_group(node) for node in nodes)
        if (grouped_only and not grouped) or (als_only and not sets):
            continue
        name = _name(graph, chain, grouped)
        yield Step(
            name,
            placements=(chain.placement,) if chain.placement else (),
            eliminations=() if chain.placement else chain.eliminations,
            explanation=_explanation(graph, chain),
            marks=chain_marks(graph, nodes),
            links=chain_links(graph, nodes),
            units=chain_units(graph, nodes),
            rating=_rating(graph, chain, name, grouped, sets),
            areas=chain_areas(graph, nodes),
        )


def _explanation(graph: LinkGraph, chain: Chain) -> str:
    nodes = chain.nodes
    n = graph.n
    prose = chain_prose(graph, nodes)
    first, last = nodes[0], nodes[-1]
    if chain.placement is not None:
        cell, digit = chain.placement
        return (
            f"Follow the chain: {prose}. The assumption that {node_text(graph, first, False)} "
            f"contradicts itself, so {cell_name(cell, n)} is {symbol(digit)}: place "
            f"{symbol(digit)} in {cell_name(cell, n)}."
        )
    removal = removal_text(chain.eliminations, n)
    if chain.proves_start:
        return (
            f"Follow the chain: {prose}. The assumption that {node_text(graph, first, False)} "
            f"contradicts itself, so {node_text(graph, first, True)}, and a cell that sees "
            f"all of them cannot be {symbol(graph.digit(first))}: {removal}."
        )
    if chain.loop:
        return (
            f"Follow the chain: {prose}. So {node_text(graph, first, True)} or "
            f"{node_text(graph, last, True)}. Those two also clash, so the chain closes into "
            "a loop in which every weak link holds exactly one true candidate, and "
            f"whatever clashes with both ends of one of its links is false: {removal}."
        )
    return (
        f"Follow the chain: {prose}. So {node_text(graph, first, True)} or "
        f"{node_text(graph, last, True)}, and {_clash_text(graph, first, last)}: {removal}."
    )


def _name(graph: LinkGraph, chain: Chain, grouped: bool) -> str:
    """The form's name (see the module docstring), with "Grouped " when it uses a group."""
    prefix = GROUPED if grouped else ""
    nodes = chain.nodes
    if len({graph.digit(node) for node in nodes}) == 1:
        return prefix + X_CHAIN
    if chain.proves_start:
        return prefix + DISCONTINUOUS
    if chain.loop:
        return prefix + CONTINUOUS
    if not grouped and _is_xy(graph, nodes):
        masks = {graph.grid.cands[node // graph.n] for node in nodes}
        return REMOTE_PAIR if len(masks) == 1 else XY_CHAIN
    return GROUPED_AIC if grouped else AIC


def _is_xy(graph: LinkGraph, nodes: tuple[int, ...]) -> bool:
    """Whether the chain only walks bivalue cells, stepping between them on one digit."""
    n = graph.n
    cells_linked = all(
        graph.link_unit(nodes[i], nodes[i + 1]) == CELL_LINK for i in range(0, len(nodes), 2)
    )
    return cells_linked and all(
        nodes[i] // n != nodes[i + 1] // n and nodes[i] % n == nodes[i + 1] % n
        for i in range(1, len(nodes) - 1, 2)
    )


def _rating(graph: LinkGraph, chain: Chain, name: str, grouped: bool, sets: bool) -> float:
    """SE's chain rating by form and length; one-digit chains by their strong links."""
    nodes = chain.nodes
    if name.endswith(X_CHAIN) and not name.endswith(XY_CHAIN):
        # One digit: every strong link is a house's (cell and ALS links join two digits).
        houses = graph.grid.shape.houses
        units = (graph.link_unit(nodes[i], nodes[i + 1]) for i in range(0, len(nodes), 2))
        # A variant's extra house counts as a region (it crosses rows and columns).
        kinds = {
            houses[unit].kind if graph.is_shape_unit(unit) else HouseKind.REGION
            for unit in units
            if unit >= 0
        }
        base = strong_link_rating(len(nodes) // 2, kinds)
        return round(base + (GROUPED_X_BONUS if grouped else 0.0), 1)
    if sets:
        return rated(ALS_CHAIN_RATING, len(nodes))
    if name == REMOTE_PAIR:
        base = REMOTE_PAIR_RATING
    elif name == XY_CHAIN:
        base = XY_CHAIN_RATING
    elif chain.loop:
        bivalue = not grouped and _is_xy(graph, nodes)
        base = XY_LOOP_RATING if bivalue else CONTINUOUS_LOOP_RATING
    elif chain.proves_start:
        base = DISCONTINUOUS_LOOP_RATING
    else:
        base = AIC_RATING
    extra = GROUPED_BONUS + FORCING_CHAINS_EXTRA if grouped else 0.0
    return rated(base + extra, len(nodes))


def _clash_text(graph: LinkGraph, first: int, last: int) -> str:
    """Why candidates weakly linked to both chain ends are false, in the ends' terms."""
    n = graph.n
    digit = graph.digit(first)
    if digit == graph.digit(last):
        if graph.is_group(first) or graph.is_group(last):
            return f"a cell that sees all the cells of both ends cannot be {symbol(digit)}"
        if graph.grid.rules is not None:
            return f"a cell that sees both, by a house or a rule, cannot be {symbol(digit)}"
        return f"a cell that sees both cannot be {symbol(digit)}"
    if not graph.is_group(first) and first // n == last // n:
        other = symbol(graph.digit(last))
        return f"{cell_name(first // n, n)} can only be {symbol(digit)} or {other}"
    return "a candidate that clashes with both is false"
