"""Chains told as plain English, and drawn: links, on/off marks, groups and units used.

A chain ``A = B - C = D`` is read from "``A`` is not ``x``": each strong link makes
the next node true, each weak link the next one false.  The prose names every
cell as players read it (``r4c7``) and says which unit or cell makes each strong link,
so a learner can check each link on the board.  A grouped node is told as its cells
("r4c7 or r4c8 is 5", "neither r4c7 nor r4c8 is 5") and outlined as an area.  Very
long chains keep their first and last links in the prose; the picture still shows
every link.
"""

from __future__ import annotations

from ..symbols import cell_name, symbol
from .grid import cells_of
from .links import CELL_LINK, LinkGraph, als_index
from .step import Area, AreaKind, Link, Mark, Role
from .wording import and_list, cells_text, digits_text, or_list

MAX_TOLD_LINKS = 14
"""Links told one by one; longer chains skip the middle (the drawing has them all)."""


def is_text(node: int, size: int, true: bool) -> str:
    """``r4c7 is 5`` or ``r4c7 is not 5`` (a candidate node)."""
    cell, k = divmod(node, size)
    return f"{cell_name(cell, size)} is {'' if true else 'not '}{symbol(k + 1)}"


def node_text(graph: LinkGraph, node: int, true: bool) -> str:
    """``r4c7 is 5``; for a group ``r4c7 or r4c8 is 5`` / ``neither r4c7 nor r4c8 is 5``."""
    n = graph.n
    if not graph.is_group(node):
        return is_text(node, n, true)
    names = [cell_name(cell, n) for cell in cells_of(graph.cells(node))]
    digit = symbol(graph.digit(node))
    if true:
        return f"{or_list(names)} is {digit}"
    if len(names) == 2:
        return f"neither {names[0]} nor {names[1]} is {digit}"
    return f"none of {and_list(names)} is {digit}"


def _strong_text(graph: LinkGraph, off: int, on: int) -> str:
    unit = graph.link_unit(off, on)
    text = node_text(graph, on, True)
    if unit == CELL_LINK:
        return f"{text} (its other candidate)"
    index = als_index(unit)
    if index is not None:
        cells, digits, _unit = graph.als[index]
        n = graph.n
        members = list(cells_of(cells))
        held = [d for d in range(1, n + 1) if digits >> (d - 1) & 1]
        return (
            f"{text} ({cells_text(members, n)} hold {digits_text(held)}, one digit more "
            f"than cells, so without {symbol(graph.digit(off))} they need "
            f"{symbol(graph.digit(on))})"
        )
    digit = symbol(graph.digit(on))
    where = graph.unit_name(unit)
    places = "places" if graph.is_group(on) else "place"
    return f"{text} (the other {places} for {digit} in {where})"


def _weak_text(graph: LinkGraph, on: int, off: int) -> str:
    """``r2c3 is not 5``, saying which constraint makes the weak link when no house
    or cell does: "(r1c1 is 5 and sees it by the anti-knight rule)"."""
    text = node_text(graph, off, False)
    reason = graph.weak_reason(on, off)
    if reason is None:
        return text
    return f"{text} ({node_text(graph, on, True)} and sees it by {reason})"


def chain_prose(graph: LinkGraph, nodes: tuple[int, ...]) -> str:
    """ "if r1c1 is not 5, then r1c6 is 5 (...), so ...": the chain as consequences."""
    parts = [
        f"if {node_text(graph, nodes[0], False)}, then {_strong_text(graph, nodes[0], nodes[1])}"
    ]
    # Each later step is a weak link (a node turns false) and a strong one.
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
        parts.append(_weak_text(graph, nodes[2 * index + 1], off))
        parts.append(_strong_text(graph, off, on))
    return ", so ".join(parts)


def _end(graph: LinkGraph, node: int) -> tuple[tuple[int, int], tuple[int, ...]]:
    """A link end: its first candidate, and all its cells when it is a group."""
    cells = tuple(cells_of(graph.cells(node)))
    return (cells[0], graph.digit(node)), cells if len(cells) > 1 else ()


def chain_links(graph: LinkGraph, nodes: tuple[int, ...]) -> tuple[Link, ...]:
    """The links to draw: strong at odd positions (``A = B``), weak in between."""
    result = []
    for i in range(len(nodes) - 1):
        source, source_cells = _end(graph, nodes[i])
        target, target_cells = _end(graph, nodes[i + 1])
        result.append(
            Link(
                source=source,
                target=target,
                strong=i % 2 == 0,
                source_cells=source_cells,
                target_cells=target_cells,
            )
        )
    return tuple(result)


def chain_marks(graph: LinkGraph, nodes: tuple[int, ...]) -> tuple[Mark, ...]:
    """Each chain candidate marked OFF (assumed false) or ON (then true), in order.

    A group's candidates are all marked with the group's role.
    """
    marks: dict[tuple[int, int], Role] = {}
    for i, node in enumerate(nodes):
        digit = graph.digit(node)
        for cell in cells_of(graph.cells(node)):
            marks.setdefault((cell, digit), Role.OFF if i % 2 == 0 else Role.ON)
    return tuple(Mark(cell, digit, role) for (cell, digit), role in marks.items())


def chain_areas(graph: LinkGraph, nodes: tuple[int, ...]) -> tuple[Area, ...]:
    """An outline for each grouped node and almost locked set of the chain, in order.

    A node inside an almost locked set is drawn with the set, not on its own.
    """
    groups: list[Area] = []
    sets: list[Area] = []
    seen: set[int] = set()
    inside: set[int] = set()
    for i in range(0, len(nodes) - 1, 2):
        index = als_index(graph.link_unit(nodes[i], nodes[i + 1]))
        if index is not None and index not in seen:
            seen.add(index)
            inside.update((nodes[i], nodes[i + 1]))
            members, digits, _unit = graph.als[index]
            label = chr(ord("A") + len(sets)) if len(sets) < 26 else ""
            sets.append(Area(tuple(cells_of(members)), AreaKind.ALS, len(sets), digits, label))
    for node in dict.fromkeys(nodes):
        if graph.is_group(node) and node not in inside:
            cells = tuple(cells_of(graph.cells(node)))
            digit = 1 << (graph.digit(node) - 1)
            groups.append(Area(cells, AreaKind.GROUP, len(groups), digit))
    return tuple(groups + sets)


def chain_units(graph: LinkGraph, nodes: tuple[int, ...]) -> tuple[int, ...]:
    """The units whose places for a digit make the chain's strong links."""
    units: list[int] = []
    for i in range(0, len(nodes) - 1, 2):
        unit = graph.link_unit(nodes[i], nodes[i + 1])
        if graph.is_shape_unit(unit) and unit not in units:
            units.append(unit)
    return tuple(units)
