"""Remote Pair: bivalue cells with the same two digits, each seeing the next.

Along such a chain the two digits alternate, so two cells an odd number of steps
apart hold one of each digit between them, and a cell that sees both can hold
neither.  That is an XY-Chain whose cells all have the same pair, but it removes
both digits at once, and a person finds it by colouring the pair cells in two
colours, so it has its own name (as in HoDoKu) and is tried before the general
chains.  Chains of two cells are a Naked Pair and three cells remove nothing, so
a Remote Pair links four cells or more.

The search colours each connected web of same-pair cells (the cells seeing each
other), then takes the pairs of opposite-coloured cells nearest first, so the
shortest chain that makes a removal tells it.  Webs are small (bivalue cells with
one given pair), so looking at every pair in a web is cheap on every size.

Rating: Sudoku Explainer has no Remote Pair; it finds the same removals as a chain
of bivalue cells, so the base is its Y-cycle rating (6.5, :data:`REMOTE_PAIR_RATING`
in :mod:`.chains`) plus its length bonus for the chain's candidates (two per cell).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, cells_of
from ..registry import Level, technique
from ..se_scale import rated
from ..step import Link, Mark, Role, Step
from ..wording import cells_text, digits_text, removal_text
from .chains import REMOTE_PAIR, REMOTE_PAIR_RATING


@technique(REMOTE_PAIR, level=Level.EXPERT, rating=REMOTE_PAIR_RATING)
def remote_pair(grid: CandidateGrid) -> Iterator[Step]:
    """Removals of both digits from cells that see two opposite ends of a pair chain."""
    webs: dict[int, int] = {}
    for cell, mask in enumerate(grid.cands):
        if mask.bit_count() == 2:
            webs[mask] = webs.get(mask, 0) | 1 << cell
    found: list[tuple[int, int, Step]] = []
    for mask, cells in sorted(webs.items()):
        if cells.bit_count() >= 4:
            found.extend(_web_steps(grid, mask, cells))
    found.sort(key=lambda item: (item[0], item[1]))
    for _length, _first, step in found:
        yield step


def _web_steps(grid: CandidateGrid, mask: int, cells: int) -> Iterator[tuple[int, int, Step]]:
    """The steps of the same-pair cells ``cells`` (digit mask ``mask``), web by web."""
    peer_mask = grid.tables.peer_mask
    digits = [d for d in range(1, grid.size + 1) if mask >> (d - 1) & 1]
    seen = 0
    for root in cells_of(cells):
        if seen >> root & 1:
            continue
        web = _web(root, cells, peer_mask)
        seen |= web
        if web.bit_count() < 4:
            continue
        members = list(cells_of(web))
        paths = {cell: _paths(cell, web, peer_mask) for cell in members}
        if _odd_cycle(members, paths, peer_mask):
            continue  # the position has no solution; nothing sound to say
        # Opposite colours are an odd number of steps apart: paths of even cell count.
        pairs = sorted(
            (len(path), a, path)
            for i, a in enumerate(members)
            for b in members[i + 1 :]
            if len(path := paths[a][b]) % 2 == 0 and len(path) >= 4
        )
        claimed: set[tuple[int, int]] = set()
        for length, a, path in pairs:
            both = peer_mask[path[0]] & peer_mask[path[-1]] & ~web
            removals = tuple(
                (cell, digit)
                for cell in cells_of(both)
                for digit in digits
                if grid.cands[cell] >> (digit - 1) & 1 and (cell, digit) not in claimed
            )
            if removals:
                claimed.update(removals)
                yield length, a, _step(grid, digits, path, removals)


def _web(root: int, cells: int, peer_mask: tuple[int, ...]) -> int:
    """The cells of ``cells`` connected to ``root`` through cells that see each other."""
    web = 1 << root
    frontier = [root]
    while frontier:
        cell = frontier.pop()
        for other in cells_of(peer_mask[cell] & cells & ~web):
            web |= 1 << other
            frontier.append(other)
    return web


def _paths(root: int, web: int, peer_mask: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """A shortest path from ``root`` to every cell of ``web`` (breadth-first)."""
    parent = {root: -1}
    layer = [root]
    while layer:
        nxt = []
        for cell in layer:
            for other in cells_of(peer_mask[cell] & web):
                if other not in parent:
                    parent[other] = cell
                    nxt.append(other)
        layer = nxt
    paths = {}
    for cell in parent:
        path = [cell]
        while parent[path[-1]] >= 0:
            path.append(parent[path[-1]])
        paths[cell] = tuple(reversed(path))
    return paths


def _odd_cycle(
    members: list[int], paths: dict[int, dict[int, tuple[int, ...]]], peer_mask: tuple[int, ...]
) -> bool:
    """Whether two cells that see each other got the same colour (an odd cycle).

    Then the pair cannot alternate around the web: the position is broken.
    """
    colour = {cell: len(path) % 2 for cell, path in paths[members[0]].items()}
    return any(colour[a] == colour[b] for a in members for b in members if peer_mask[a] >> b & 1)


def _step(
    grid: CandidateGrid,
    digits: list[int],
    path: tuple[int, ...],
    removals: tuple[tuple[int, int], ...],
) -> Step:
    n = grid.size
    low, high = digits
    # Drawn as the XY-Chain it is: "the first cell is not low, so it is high, so the
    # next is not high, so it is low ...".
    chain: list[tuple[int, int]] = []
    digit = low
    for cell in path:
        other = high if digit == low else low
        chain += [(cell, digit), (cell, other)]
        digit = other
    links = tuple(
        Link(source=chain[i], target=chain[i + 1], strong=i % 2 == 0) for i in range(len(chain) - 1)
    )
    marks = tuple(
        Mark(cell, digit, Role.OFF if i % 2 == 0 else Role.ON)
        for i, (cell, digit) in enumerate(chain)
    )
    ends = f"{cell_name(path[0], n)} and {cell_name(path[-1], n)}"
    explanation = (
        f"{cells_text(path, n)} can each only be {digits_text(digits)}, and each sees the "
        f"next along the chain {' - '.join(cell_name(c, n) for c in path)}, so the two "
        f"digits alternate along it: {ends} hold one {symbol(low)} and one "
        f"{symbol(high)} between them. A cell that sees both can be neither "
        f"{symbol(low)} nor {symbol(high)}: {removal_text(removals, n)}."
    )
    return Step(
        REMOTE_PAIR,
        eliminations=tuple(sorted(removals)),
        explanation=explanation,
        marks=marks,
        links=links,
        rating=rated(REMOTE_PAIR_RATING, len(chain)),
    )
