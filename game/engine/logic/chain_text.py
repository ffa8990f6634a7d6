"""Chains told as plain English, and drawn: links, on/off marks and the units used.

A chain ``A = B - C = D`` is read from "``A`` is not ``x``": each strong link makes
the next candidate true, each weak link the next one false.  The prose names every
cell as players read it (``r4c7``) and says which unit or cell makes each strong link,
so a learner can check each link on the board.  Very long chains keep their first
and last links in the prose; the picture still shows every link.
"""

from __future__ import annotations

from ..symbols import cell_name, symbol
from .links import CELL_LINK, LinkGraph
from .step import Link, Mark, Role

MAX_TOLD_LINKS = 14
"""Links told one by one; longer chains skip the middle (the drawing has them all)."""


def node_name(node: int, size: int) -> str:
    """``5r4c7``: a candidate as chain notation writes it."""
    cell, k = divmod(node, size)
    return f"{symbol(k + 1)}{cell_name(cell, size)}"


def is_text(node: int, size: int, true: bool) -> str:
    """``r4c7 is 5`` or ``r4c7 is not 5``."""
    cell, k = divmod(node, size)
    return f"{cell_name(cell, size)} is {'' if true else 'not '}{symbol(k + 1)}"


def _strong_text(graph: LinkGraph, off: int, on: int) -> str:
    n = graph.n
    unit = graph.link_unit(off, on)
    text = is_text(on, n, True)
    if unit == CELL_LINK:
        return f"{text} (its other candidate)"
    digit = symbol(on % n + 1)
    return f"{text} (the other place for {digit} in {graph.grid.shape.unit_name(unit)})"


def chain_prose(graph: LinkGraph, nodes: tuple[int, ...]) -> str:
    """ "if r1c1 is not 5, then r1c6 is 5 (...), so ...": the chain as consequences."""
    n = graph.n
    parts = [f"if {is_text(nodes[0], n, False)}, then {_strong_text(graph, nodes[0], nodes[1])}"]
    # Each later step is a weak link (a candidate turns false) and a strong one.
    steps = [(nodes[i], nodes[i + 1]) for i in range(2, len(nodes), 2)]
    keep_head = keep_tail = len(steps)
    if 2 * len(steps) + 1 > MAX_TOLD_LINKS:
        keep_head, keep_tail = 3, 3
    for index, (off, on) in enumerate(steps):
        if keep_head <= index < len(steps) - keep_tail:
            if index == keep_head:
                skipped = len(steps) - keep_head - keep_tail
                parts.append(f"… ({2 * skipped} more links) …")
            continue
        parts.append(is_text(off, n, False))
        parts.append(_strong_text(graph, off, on))
    return ", so ".join(parts)


def chain_links(nodes: tuple[int, ...], size: int) -> tuple[Link, ...]:
    """The links to draw: strong at odd positions (``A = B``), weak in between."""
    result = []
    for i in range(len(nodes) - 1):
        a, b = nodes[i], nodes[i + 1]
        result.append(
            Link(
                source=(a // size, a % size + 1),
                target=(b // size, b % size + 1),
                strong=i % 2 == 0,
            )
        )
    return tuple(result)


def chain_marks(nodes: tuple[int, ...], size: int) -> tuple[Mark, ...]:
    """Each chain candidate marked OFF (assumed false) or ON (then true), in order."""
    marks: dict[tuple[int, int], Role] = {}
    for i, node in enumerate(nodes):
        key = (node // size, node % size + 1)
        marks.setdefault(key, Role.OFF if i % 2 == 0 else Role.ON)
    return tuple(Mark(cell, digit, role) for (cell, digit), role in marks.items())


def chain_units(graph: LinkGraph, nodes: tuple[int, ...]) -> tuple[int, ...]:
    """The units whose two places for a digit make the chain's strong links."""
    units: list[int] = []
    for i in range(0, len(nodes) - 1, 2):
        unit = graph.link_unit(nodes[i], nodes[i + 1])
        if unit != CELL_LINK and unit not in units:
            units.append(unit)
    return tuple(units)
