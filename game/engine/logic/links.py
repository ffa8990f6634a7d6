"""The candidate link graph that chains walk, and the search for the shortest chains.

A *node* is one candidate, numbered ``cell * N + digit - 1``, so the candidates of one
cell are consecutive and a set of candidates is one Python int (bit ``node``).  A
*grouped* graph also has *group nodes*, numbered from ``cells * N`` on: one digit in
the two or more cells of a unit that lie in one intersection with another unit (a
box's cells in one row, a jigsaw region's cells in one column).  A group is "true"
when the digit is in one of its cells.  Groups are found from the shape's unit
tables, never from box arithmetic, so jigsaw regions and every size get them.  A
graph *with almost locked sets* (``n`` cells of a unit holding ``n + 1`` digits) also
has, per set and digit, the node "the digit is in one of the set's cells that hold
it", and strong links between the digits of one set: at most one of them is
missing, so if one is, all the others are there.  (A node is a digit and a cell
set, whatever made it, so a set's digit in one cell is that candidate's node.)

Two nodes are *strongly linked* when at least one of them is true: the two digits of
a bivalue cell, two nodes of one digit that together hold all of its places in a
unit, or two digits of one almost locked set.  They are *weakly linked* when at most
one is true: two digits of one cell, two nodes of one digit whose cells all see
each other, or, under a variant's rules, two candidates a constraint rules out
together (``RuleSet.exclusions``: a cage or a diagonal, a knight's move, a dot, a
thermometer's neighbour), so a chain may pass through a constraint, and its prose
says which one.  A chain alternates them:
"if ``A`` is false then ``B`` is true (strong), so ``C`` is false (weak), so ``D`` is
true (strong) ...".  Eliminations are always candidates; groups only carry the
reasoning from one end to the other.

Every chain is an implication, so the search is done on implications.  "``A`` off"
implies "``B`` on" for each strong partner ``B``; "``B`` on" implies "off" for every
weak neighbour.  If "``A`` off" implies "``D`` on", one of ``A`` and ``D`` is true, and
a candidate weakly linked to both is false; if it implies "``A`` on", ``A`` is true.

Why two phases: a breadth-first search from every node finds the shortest chains,
which is what a person can follow, but running it from ~150 starts in a hard
position costs ~100 ms in Python, and most of the time (when no chain exists at
all) it finds nothing.  So :meth:`ChainSearch.chains` first computes, for every
start at once, everything "start off" implies: the strongly connected components of
the implication graph and one pass over them in topological order, with node sets
as ints (a few ms).  Only the starts that do prove something are then searched
breadth-first, in lockstep by chain length, so the first chains yielded are the
shortest there are.  Nothing is capped: the graph is finite and the closure says in
advance which searches succeed.  Group nodes are kept only when they have a strong
link (a chain can pass through no other), which keeps a near-empty 25x25 grid, with
thousands of would-be groups and almost no strong links, as cheap as a full one.
"""

from __future__ import annotations

import enum
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..rules import RuleSet
from ..rules.registry import rule_type
from ..shape import Shape
from ..symbols import cell_name
from .grid import CandidateGrid, cells_of
from .variant_units import variant_units

CELL_LINK = -1
"""The ``unit`` recorded for the strong link between the two digits of a bivalue cell."""

MAX_ALS_CELLS = 4
"""The largest almost locked set a chain may pass through (see :func:`almost_locked_sets`)."""


def als_link(index: int) -> int:
    """The ``unit`` recorded for a strong link inside almost locked set ``index``."""
    return -2 - index


def als_index(unit: int) -> int | None:
    """The almost locked set a link's ``unit`` names, or None for a unit or a cell."""
    return -2 - unit if unit <= -2 else None


class Kind(enum.Enum):
    """Which links a chain may use."""

    X = "x"  # one digit; strong links are units where it has two places (or two nodes)
    XY = "xy"  # bivalue cells; strong inside a cell, weak between cells on one digit
    AIC = "aic"  # any strong and weak link


@dataclass(frozen=True)
class Chain:
    """``nodes[0] = nodes[1] - nodes[2] = ... = nodes[-1]``, strong links first and last.

    "``nodes[0]`` off" implies "``nodes[-1]`` on".  ``proves_start`` is set when the
    chain returns to its start, so the start is true: ``placement`` places it (a
    group start instead removes its digit from the cells that see the whole group).
    ``loop`` is set when the ends are weakly linked, closing a continuous loop whose
    weak links all become strong.
    """

    nodes: tuple[int, ...]
    eliminations: tuple[tuple[int, int], ...]
    placement: tuple[int, int] | None
    loop: bool
    proves_start: bool = False


@dataclass(frozen=True)
class _Slices:
    """How each unit splits into its intersections with the units that cross it.

    ``partitions[unit]`` lists partitions of the unit's cells: a line has one (its
    cells per region), a region two (its cells per row, per column), a house of
    any other kind none.  ``column_slice`` gives, per cell, the cells of its region
    in its column (for a region's places that are one row group plus one column
    group); ``regions`` holds the region units.
    """

    partitions: tuple[tuple[tuple[int, ...], ...], ...]
    column_slice: tuple[int, ...]
    regions: frozenset[int]


_SLICES: weakref.WeakKeyDictionary[Shape, _Slices] = weakref.WeakKeyDictionary()


def _slices(grid: CandidateGrid) -> _Slices:
    """The intersections of ``grid``'s shape, from its unit tables (cached per shape)."""
    shape = grid.shape
    found = _SLICES.get(shape)
    if found is None:
        unit_mask = grid.tables.unit_mask

        def pieces(unit: int, others: tuple[int, ...]) -> tuple[int, ...]:
            """The unit's cells in each of ``others`` that meets it."""
            return tuple(m for m in (unit_mask[unit] & unit_mask[o] for o in others) if m)

        partitions: list[tuple[tuple[int, ...], ...]] = [() for _ in shape.houses]
        for line in shape.line_units:
            partitions[line] = (pieces(line, shape.region_units),)
        column_slice = [0] * shape.cells
        for region in shape.region_units:
            columns = pieces(region, shape.column_units)
            partitions[region] = (pieces(region, shape.row_units), columns)
            for mask in columns:
                for cell in cells_of(mask):
                    column_slice[cell] = mask
        found = _Slices(tuple(partitions), tuple(column_slice), frozenset(shape.region_units))
        _SLICES[shape] = found
    return found


_EXCLUSIONS: dict[int, tuple[RuleSet, tuple[int, ...]]] = {}
_EXCLUSIONS_LIMIT = 64


def _exclusion_nodes(rules: RuleSet) -> tuple[int, ...]:
    """Per candidate node, ``rules.exclusions`` as a node bitset (per rule set, cached by
    identity): one AND with the position's candidates instead of a walk per node."""
    entry = _EXCLUSIONS.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    found = []
    for others in rules.exclusions:
        bits = 0
        for other in others:
            bits |= 1 << other
        found.append(bits)
    table = tuple(found)
    if len(_EXCLUSIONS) >= _EXCLUSIONS_LIMIT:
        _EXCLUSIONS.clear()
    _EXCLUSIONS[id(rules)] = (rules, table)
    return table


_PEER_NODES: weakref.WeakKeyDictionary[Shape, tuple[int, ...]] = weakref.WeakKeyDictionary()


def _peer_nodes(grid: CandidateGrid) -> tuple[int, ...]:
    """Per cell, its peers as node bits of the first digit (bit ``peer * N``), per shape.

    Shifted by ``digit - 1`` and masked by that digit's candidates, it gives the
    candidates a node sees in two operations instead of a walk over its peers.
    """
    shape = grid.shape
    found = _PEER_NODES.get(shape)
    if found is None:
        n = grid.size
        spread = []
        for mask in grid.tables.peer_mask:
            bits = 0
            for peer in cells_of(mask):
                bits |= 1 << (peer * n)
            spread.append(bits)
        found = tuple(spread)
        _PEER_NODES[shape] = found
    return found


class LinkGraph:
    """The strong links of a position and the weak neighbours of each node."""

    __slots__ = (
        "_candidate_nodes",
        "_digit_groups",
        "_digit_nodes",
        "_first_set",
        "_group_id",
        "_partners",
        "_peer_nodes",
        "_reasons",
        "_searches",
        "_set_links",
        "_weak",
        "als",
        "first_group",
        "grid",
        "group_cells",
        "group_digit",
        "grouped",
        "n",
        "strong",
    )

    def __init__(self, grid: CandidateGrid, grouped: bool = False, als: bool = False) -> None:
        n = grid.size
        self.grid = grid
        self.n = n
        self.grouped = grouped
        self.first_group = grid.shape.cells * n
        self.group_cells: list[int] = []  # per group node (node - first_group): its cells
        self.group_digit: list[int] = []
        self._group_id: dict[tuple[int, int], int] = {}
        # strong[node] maps each strong partner to the unit making the link
        # (CELL_LINK for a bivalue cell); a pair linked by two units keeps the first.
        self.strong: dict[int, dict[int, int]] = {}
        slices = _slices(grid) if grouped else None
        for unit, unit_mask in enumerate(grid.tables.unit_mask):
            for digit in range(1, n + 1):
                places = grid.digit_cells(digit) & unit_mask
                count = places.bit_count()
                if count == 2:
                    a, b = cells_of(places)
                    self._link(a * n + digit - 1, b * n + digit - 1, unit)
                elif count > 2 and slices is not None:
                    self._group_links(slices, unit, digit, places)
        # A variant's extra full houses (diagonals, extra regions, disjoint groups,
        # cages of N cells) hold every digit once too: two places make a strong link.
        # Their units are numbered after the shape's (see variant_units), so a link's
        # unit below len(shape.houses) is still a row, column or region.
        units = variant_units(grid)
        if units is not None:
            for unit in range(units.shape_units, len(units.unit_mask)):
                unit_mask = units.unit_mask[unit]
                for digit in range(1, n + 1):
                    places = grid.digit_cells(digit) & unit_mask
                    if places.bit_count() == 2:
                        a, b = cells_of(places)
                        self._link(a * n + digit - 1, b * n + digit - 1, unit)
        for cell, mask in enumerate(grid.cands):
            if mask.bit_count() == 2:
                low = (mask & -mask).bit_length() - 1
                high = mask.bit_length() - 1
                self._link(cell * n + low, cell * n + high, CELL_LINK)
        # als[i] = (cells, digits, unit) of each almost locked set links pass through.
        self.als: list[tuple[int, int, int]] = []
        # Nodes from here on are an almost locked set's cells for one digit that are
        # no group: they link weakly to single candidates only (see weak()).
        self._first_set = self.first_group + len(self.group_cells)
        self._set_links: dict[int, int] | None = None
        if als:
            for cells, digits, unit in almost_locked_sets(grid, MAX_ALS_CELLS):
                self._als_links(len(self.als), cells, digits)
                self.als.append((cells, digits, unit))
        self._digit_groups: list[list[tuple[int, int]]] = [[] for _ in range(n + 1)]
        groups = zip(self.group_cells, self.group_digit, strict=True)
        for index, (cells, digit) in enumerate(groups):
            if self.first_group + index < self._first_set:
                self._digit_groups[digit].append((self.first_group + index, cells))
        self._weak: dict[int, int] = {}
        self._digit_nodes: dict[int, int] = {}
        self._candidate_nodes: list[int | None] = [None] * (n + 1)
        self._peer_nodes = _peer_nodes(grid)
        self._reasons: dict[tuple[int, int, int, int], str] | None = None
        self._partners: dict[Kind, dict[int, list[int]]] = {}
        self._searches: dict[tuple[Kind, int | None], ChainSearch] = {}

    def _link(self, a: int, b: int, unit: int) -> None:
        strong = self.strong
        strong.setdefault(a, {}).setdefault(b, unit)
        strong.setdefault(b, {}).setdefault(a, unit)

    def _group_links(self, slices: _Slices, unit: int, digit: int, places: int) -> None:
        """Strong links in ``unit`` whose places for ``digit`` are two nodes, one grouped.

        Each partition of the unit into intersections cuts the places into pieces,
        and each piece is a node (a cell, or a group when it has two cells or more):
        two pieces make a strong link.  A region's places can also be one row group
        plus one column group; that needs three rows and three columns at least.
        """
        split = []
        for partition in slices.partitions[unit]:
            pieces = [places & mask for mask in partition if places & mask]
            if len(pieces) == 2:
                self._link(self._node(digit, pieces[0]), self._node(digit, pieces[1]), unit)
            split.append(len(pieces))
        if unit not in slices.regions or min(split) < 3:
            return
        for mask in slices.partitions[unit][0]:
            row_group = places & mask
            rest = places & ~row_group
            if row_group.bit_count() < 2 or rest.bit_count() < 2:
                continue
            low = (rest & -rest).bit_length() - 1
            if places & slices.column_slice[low] == rest:
                self._link(self._node(digit, row_group), self._node(digit, rest), unit)

    def _als_links(self, index: int, cells: int, digits: int) -> None:
        """Strong links between the digits of an almost locked set.

        ``n`` cells hold ``n + 1`` digits, so at most one digit is missing: if one
        is not in the set (none of its cells holds it), every other one is.  Each
        digit's node is its cells in the set (a candidate, or a set node).
        """
        grid = self.grid
        peer_mask = grid.tables.peer_mask
        nodes = []
        for digit in range(1, self.n + 1):
            if digits >> (digit - 1) & 1:
                places = grid.digit_cells(digit) & cells
                if places & (places - 1):
                    # A digit in several cells is of use only if some candidate
                    # outside sees them all: a chain can enter or leave by it.
                    seen = -1
                    for cell in cells_of(places):
                        seen &= peer_mask[cell]
                    if not seen & grid.digit_cells(digit):
                        continue
                nodes.append(self._node(digit, places))
        for i, a in enumerate(nodes):
            for b in nodes[i + 1 :]:
                self._link(a, b, als_link(index))

    def _node(self, digit: int, cells: int) -> int:
        """The node of ``digit`` in ``cells``: a candidate or a (new) group node."""
        if cells & (cells - 1) == 0:
            return (cells.bit_length() - 1) * self.n + digit - 1
        key = (digit, cells)
        found = self._group_id.get(key)
        if found is None:
            found = self.first_group + len(self.group_cells)
            self._group_id[key] = found
            self.group_cells.append(cells)
            self.group_digit.append(digit)
        return found

    # -- nodes ------------------------------------------------------------------------

    def is_group(self, node: int) -> bool:
        return node >= self.first_group

    def digit(self, node: int) -> int:
        """The digit of a candidate or group node."""
        if node < self.first_group:
            return node % self.n + 1
        return self.group_digit[node - self.first_group]

    def cells(self, node: int) -> int:
        """The cell bitset of a node (one cell for a candidate)."""
        if node < self.first_group:
            return 1 << (node // self.n)
        return self.group_cells[node - self.first_group]

    # -- links ------------------------------------------------------------------------

    def partners(self, node: int, kind: Kind) -> list[int]:
        """The strong partners of ``node`` that ``kind`` may use, in increasing order."""
        return self.partner_map(kind).get(node, [])

    def partner_map(self, kind: Kind) -> dict[int, list[int]]:
        """Every node with a strong link ``kind`` may use, and those partners (cached)."""
        found = self._partners.get(kind)
        if found is None:
            found = {}
            want_cell = kind is Kind.XY
            for node, links in self.strong.items():
                usable = sorted(
                    partner
                    for partner, unit in links.items()
                    if kind is Kind.AIC or (unit == CELL_LINK if want_cell else unit >= 0)
                )
                if usable:
                    found[node] = usable
            self._partners[kind] = found
        return found

    def weak(self, node: int) -> int:
        """The nodes weakly linked to ``node`` (a node bitset), cached.

        Candidates and groups link to every node of their digit whose cells they all
        see.  The cells of an almost locked set link to candidates only: linking
        them to each other too would cost a pass over all pairs of sets for chains
        that hardly ever need it.
        """
        found = self._weak.get(node)
        if found is None:
            n = self.n
            grid = self.grid
            peer_mask = grid.tables.peer_mask
            if node < self.first_group:
                cell, k = divmod(node, n)
                found = (grid.cands[cell] & ~(1 << k)) << (cell * n)
                seen = peer_mask[cell]
                spread = self._peer_nodes[cell]
                if self._first_set < self.first_group + len(self.group_cells):
                    found |= self._sets_seen().get(node, 0)
                if grid.rules is not None:
                    # The constraints' weak links: what placing this candidate rules
                    # out beyond the shape's houses (a cage, a diagonal, a knight's
                    # move, a dot or a thermometer's neighbour), still a candidate.
                    found |= _exclusion_nodes(grid.rules)[node] & self._all_candidates()
            else:
                k = self.group_digit[node - self.first_group] - 1
                found = 0
                seen = self._seen(node)
                spread = -1
                for cell in cells_of(self.group_cells[node - self.first_group]):
                    spread &= self._peer_nodes[cell]
            # The digit's candidates among the cells seen: the cell bitset spread to
            # node bits by the per-shape table, then shifted to the digit.
            found |= (spread << k) & self.candidate_nodes(k + 1)
            if node < self._first_set:
                for group, cells in self._digit_groups[k + 1]:
                    if cells & ~seen == 0:
                        found |= 1 << group
            self._weak[node] = found
        return found

    def _all_candidates(self) -> int:
        """Every candidate of the position as a node bitset (cached in slot 0)."""
        found = self._candidate_nodes[0]
        if found is None:
            n = self.n
            found = 0
            for cell, mask in enumerate(self.grid.cands):
                if mask:
                    found |= mask << (cell * n)
            self._candidate_nodes[0] = found
        return found

    def candidate_nodes(self, digit: int) -> int:
        """The candidates of ``digit`` as a node bitset (cached)."""
        found = self._candidate_nodes[digit]
        if found is None:
            n = self.n
            found = 0
            for cell in cells_of(self.grid.digit_cells(digit)):
                found |= 1 << (cell * n + digit - 1)
            self._candidate_nodes[digit] = found
        return found

    def digit_nodes(self, digit: int) -> int:
        """Every candidate and group node of ``digit``, as a node bitset (cached)."""
        found = self._digit_nodes.get(digit)
        if found is None:
            n = self.n
            found = 0
            for cell in range(self.grid.shape.cells):
                found |= 1 << (cell * n + digit - 1)
            for group, _cells in self._digit_groups[digit]:
                found |= 1 << group
            self._digit_nodes[digit] = found
        return found

    def weak_reason(self, a: int, b: int) -> str | None:
        """Why candidates ``a`` and ``b`` exclude each other when no house of the shape
        and no cell says so: the constraint that links them, as players name it
        ("the anti-knight rule", "the killer cage at r1c1"), or None."""
        if a >= self.first_group or b >= self.first_group:
            return None
        rules = self.grid.rules
        n = self.n
        (cell_a, k_a), (cell_b, k_b) = divmod(a, n), divmod(b, n)
        if rules is None or cell_a == cell_b:
            return None
        if k_a == k_b and self.grid.tables.peer_mask[cell_a] >> cell_b & 1:
            return None
        reasons = self._reasons
        if reasons is None:
            reasons = self._reasons = _weak_reasons(rules)
        found = reasons.get((cell_a, k_a + 1, cell_b, k_b + 1))
        if found is None and k_a == k_b:
            found = reasons.get((cell_a, -1, cell_b, -1))
        return found

    def _seen(self, node: int) -> int:
        """The cells that see every cell of a group or set node."""
        seen = -1
        peer_mask = self.grid.tables.peer_mask
        for cell in cells_of(self.group_cells[node - self.first_group]):
            seen &= peer_mask[cell]
        return seen

    def _sets_seen(self) -> dict[int, int]:
        """Per candidate, the almost locked set nodes whose cells it all sees (built once)."""
        found = self._set_links
        if found is None:
            found = {}
            n = self.n
            digit_cells = self.grid.digit_cells
            for node in range(self._first_set, self.first_group + len(self.group_cells)):
                k = self.group_digit[node - self.first_group] - 1
                for cell in cells_of(self._seen(node) & digit_cells(k + 1)):
                    key = cell * n + k
                    found[key] = found.get(key, 0) | 1 << node
            self._set_links = found
        return found

    def locked_outside(self, index: int, a: int, b: int) -> int:
        """Candidates outside almost locked set ``index`` that its digits other than
        those of nodes ``a`` and ``b`` rule out, once ``a`` or ``b``'s digit is known
        to be the one missing: each other digit is then locked in the set.
        """
        cells, digits, _unit = self.als[index]
        grid = self.grid
        n = self.n
        peer_mask = grid.tables.peer_mask
        found = 0
        for digit in range(1, n + 1):
            if not digits >> (digit - 1) & 1 or digit in (self.digit(a), self.digit(b)):
                continue
            seen = -1
            for cell in cells_of(grid.digit_cells(digit) & cells):
                seen &= peer_mask[cell]
            for cell in cells_of(seen & grid.digit_cells(digit)):
                found |= 1 << (cell * n + digit - 1)
        return found

    def link_unit(self, a: int, b: int) -> int:
        """The unit of the strong link ``a = b`` (``CELL_LINK`` inside a cell); from
        ``len(shape.houses)`` on, an extra house of the variant (:meth:`unit_name`)."""
        return self.strong[a][b]

    def unit_name(self, unit: int) -> str:
        """A link's unit as players name it: ``row 4``, ``the main diagonal``."""
        shape = self.grid.shape
        if unit < len(shape.houses):
            return shape.unit_name(unit)
        units = variant_units(self.grid)
        assert units is not None  # only a variant's graph has such units
        return units.names[unit]

    def is_shape_unit(self, unit: int) -> bool:
        """Whether ``unit`` is a row, column or region (the units a step may name)."""
        return 0 <= unit < len(self.grid.shape.houses)

    def search(self, kind: Kind, digit: int | None = None) -> ChainSearch:
        """The chain search of ``kind`` on this graph, shared by the techniques asking.

        Several techniques read one search (the AIC search names its chains as nice
        loops, XY-Chains, ...); sharing it means its closure is computed once per
        position, and a technique tried after an empty search costs nothing.
        """
        key = (kind, digit)
        found = self._searches.get(key)
        if found is None:
            found = ChainSearch(self, kind, digit)
            self._searches[key] = found
        return found


_REASONS: dict[int, tuple[RuleSet, dict[tuple[int, int, int, int], str]]] = {}
_REASONS_LIMIT = 64


def _weak_reasons(rules: RuleSet) -> dict[tuple[int, int, int, int], str]:
    """``(cell, digit, cell, digit)`` (digits -1 for a house's "any digit") -> the
    constraint's phrase, per rule set (cached by identity while the rule set lives in
    the cache: every graph of a grade used to build it again for its first chain)."""
    entry = _REASONS.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    n = rules.size
    reasons: dict[tuple[int, int, int, int], str] = {}
    for rule in rules.constraints:
        title = rule_type(rule).title
        for house in rule.houses(n):
            where = f"the {title.lower()} at {cell_name(house.cells[0], n)}"
            for x in house.cells:
                for y in house.cells:
                    if x != y:
                        reasons.setdefault((x, -1, y, -1), where)
        for p, x, q, y in rule.links(n):
            phrase = f"the {title.lower()} rule"
            reasons.setdefault((p, x, q, y), phrase)
            reasons.setdefault((q, y, p, x), phrase)
    if len(_REASONS) >= _REASONS_LIMIT:
        _REASONS.clear()
    _REASONS[id(rules)] = (rules, reasons)
    return reasons


_last: dict[tuple[bool, bool], tuple[object, LinkGraph]] = {}


def link_graph(grid: CandidateGrid, grouped: bool = False, als: bool = False) -> LinkGraph:
    """The link graph of ``grid``, shared by the chain techniques tried on one position.

    One entry is kept per kind of graph (plain, grouped, grouped with almost
    locked sets): the path tries the chain techniques on the same position one
    after another, and the next position differs.  Each entry is read and
    replaced as one tuple, so a rater in a background thread and a hint in the
    foreground cannot be handed each other's graph.
    """
    key = (grid.shape, grid.cands)
    kind = (grouped or als, als)
    last = _last.get(kind)
    if last is not None and last[0] == key:
        return last[1]
    graph = LinkGraph(grid, grouped or als, als)
    _last[kind] = (key, graph)
    return graph


def almost_locked_sets(grid: CandidateGrid, max_cells: int) -> list[tuple[int, int, int]]:
    """``(cells, digits, unit)`` of every almost locked set of 2 to ``max_cells`` cells.

    An almost locked set is ``n`` cells of one unit holding ``n + 1`` digits between
    them.  Only cells with at most ``max_cells + 1`` candidates can be in one, so a
    near-empty grid of any size has almost none and costs nothing; the cap keeps
    the count (and the chain search through them) small on a hard 9x9 position.
    A set lying in two units (a box and a row) is listed once.
    """
    cands = grid.cands
    limit = max_cells + 1
    found: dict[int, tuple[int, int, int]] = {}
    for unit, members in enumerate(grid.shape.units):
        cells = [c for c in members if 1 < cands[c].bit_count() <= limit]
        stack: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]  # next index, cells, digits, size
        while stack:
            start, chosen, digits, size = stack.pop()
            for i in range(start, len(cells)):
                cell = cells[i]
                union = digits | cands[cell]
                count = union.bit_count()
                if count > limit:
                    continue
                mask = chosen | 1 << cell
                if size >= 1 and count == size + 2 and mask not in found:
                    found[mask] = (mask, union, unit)
                if size + 1 < max_cells:
                    stack.append((i + 1, mask, union, size + 1))
    return list(found.values())


class ChainSearch:
    """The chains of one ``kind`` in a position (``Kind.X``: on ``digit``, or on each)."""

    def __init__(self, graph: LinkGraph, kind: Kind, digit: int | None = None) -> None:
        self.graph = graph
        self.kind = kind
        self.digit = digit
        # The nodes a chain can pass through: those with a usable strong link.
        nodes = sorted(graph.partner_map(kind))
        if digit is not None:
            nodes = [node for node in nodes if graph.digit(node) == digit]
        self.nodes = nodes
        self.usable = 0
        for node in nodes:
            self.usable |= 1 << node
        self._succ: dict[int, list[tuple[int, int]]] = {}
        self._partner_map = graph.partner_map(kind)
        self._found: dict[int, int] | None = None
        # Eliminations a chain may claim: candidates, never groups; X-chains only
        # their own digit (one search serves every digit: their graphs are apart).
        self._claimable: dict[int, int] = {}
        self.claimable = (1 << graph.first_group) - 1
        if digit is not None:
            self.claimable = self.claimable_for(digit)

    def claimable_for(self, digit: int) -> int:
        """The candidates of ``digit`` as a node bitset (cached)."""
        found = self._claimable.get(digit)
        if found is None:
            found = self.graph.candidate_nodes(digit)
            self._claimable[digit] = found
        return found

    def _claims(self, start: int) -> int:
        """What a chain from ``start`` may eliminate."""
        if self.kind is Kind.X:
            return self.claimable_for(self.graph.digit(start))
        return self.claimable

    def successors(self, node: int) -> list[tuple[int, int]]:
        """``(t, u)`` pairs: "``node`` on" makes ``t`` off (weak), so ``u`` on (strong)."""
        found = self._succ.get(node)
        if found is None:
            graph = self.graph
            found = []
            weak = graph.weak(node)
            if self.kind is not Kind.AIC:
                # X- and XY-chains step between cells on one digit only (a constraint
                # linking two digits, a dot or a thermometer, makes an AIC).
                weak &= graph.digit_nodes(graph.digit(node))
                if node < graph.first_group:
                    n = graph.n
                    cell = node // n
                    weak &= ~(((1 << n) - 1) << (cell * n))
            targets = weak & self.usable
            partner_map = self._partner_map
            while targets:
                low = targets & -targets
                t = low.bit_length() - 1
                targets ^= low
                found.extend((t, u) for u in partner_map.get(t, ()))
            self._succ[node] = found
        return found

    # -- phase 1: what each start implies, for all starts at once ----------------------

    def _closure(self) -> tuple[dict[int, int], dict[int, int]]:
        """Per node: the nodes "node on" implies on, and the nodes it implies off."""
        reach_on: dict[int, int] = {}
        reach_off: dict[int, int] = {}
        weak = self.graph.weak
        # The "on" nodes each node leads to, once: Tarjan's walk and the pass below
        # both read them (the pairs' weak middles are for the chains' text only).
        successors = self.successors
        nexts: dict[int, list[int]] = {}

        def leads_to(node: int) -> list[int]:
            found = nexts.get(node)
            if found is None:
                found = nexts[node] = [u for _t, u in successors(node)]
            return found

        for component in _components(self.nodes, leads_to):
            if len(component) == 1:
                node = component[0]
                on = 1 << node
                off = weak(node)
                for u in nexts[node]:
                    if u != node:
                        on |= reach_on[u]
                        off |= reach_off[u]
                reach_on[node] = on
                reach_off[node] = off
                continue
            members = set(component)
            on = 0
            off = 0
            for node in component:
                on |= 1 << node
                off |= weak(node)
                for u in nexts[node]:
                    if u not in members:
                        on |= reach_on[u]
                        off |= reach_off[u]
            for node in component:
                reach_on[node] = on
                reach_off[node] = off
        return reach_on, reach_off

    def proofs(self) -> dict[int, int]:
        """Per start that proves something: the candidates it can eliminate.

        A candidate start that is proved true maps to its own bit among the
        eliminations; a group start proved true, to the candidates that see it.
        Computed once per search; callers get a copy.
        """
        if self._found is None:
            reach_on, reach_off = self._closure()
            graph = self.graph
            found: dict[int, int] = {}
            partner_map = self._partner_map
            for start in self.nodes:
                on = 0
                off = 0
                for partner in partner_map.get(start, ()):
                    on |= reach_on[partner]
                    off |= reach_off[partner]
                claims = self._claims(start)
                result = graph.weak(start) & off & claims
                if on >> start & 1:
                    if graph.is_group(start):
                        result |= graph.weak(start) & claims
                    else:
                        result |= 1 << start
                if result:
                    found[start] = result
            self._found = found
        return dict(self._found)

    # -- phase 2: shortest chains for the starts that prove something -------------------

    def chains(self, min_nodes: int = 4) -> Iterator[Chain]:
        """Every useful chain, shortest first; each elimination is claimed once.

        Chains shorter than ``min_nodes`` are skipped: two nodes are a locked set,
        which simpler techniques report.  A continuous loop claims all it removes.
        """
        proofs = self.proofs()
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
                        if graph.is_group(start):
                            hits = graph.weak(start) & todo
                            if hits:
                                found.append(self._chain(bfs, end, hits, closed=True))
                                todo &= ~hits
                                claimed |= hits
                        else:
                            found.append(self._chain(bfs, end, 0, closed=True))
                        proofs[start] &= ~(1 << start)
                        continue
                    hits = graph.weak(end) & todo & ~(1 << start)
                    if hits:
                        chain = self._chain(bfs, end, hits, closed=False)
                        found.append(chain)
                        if chain.loop:
                            hits = _node_bits(chain.eliminations, graph.n)
                        todo &= ~hits
                        claimed |= hits
            for start in finished:
                del searches[start]
            strong_links += 1
            yield from sorted(found, key=lambda chain: (chain.nodes[0], chain.nodes[-1]))

    def _chain(self, bfs: _Bfs, end: int, hits: int, closed: bool) -> Chain:
        graph = self.graph
        n = graph.n
        nodes = bfs.path(end)
        chain_bits = 0
        for node in nodes:
            chain_bits |= 1 << node
        loop = not closed and len(nodes) >= 4 and graph.weak(nodes[0]) >> nodes[-1] & 1 == 1
        if loop:
            # Every weak link of a continuous loop is strong as well: one end holds.
            pairs = [(nodes[i], nodes[i + 1]) for i in range(1, len(nodes) - 1, 2)]
            pairs.append((nodes[-1], nodes[0]))
            claims = self._claims(nodes[0]) & ~chain_bits
            for a, b in pairs:
                hits |= graph.weak(a) & graph.weak(b) & claims
            # An almost locked set in the loop loses exactly one of its two chain
            # digits, so its other digits are locked in it.
            for i in range(0, len(nodes), 2):
                index = als_index(graph.link_unit(nodes[i], nodes[i + 1]))
                if index is not None:
                    hits |= graph.locked_outside(index, nodes[i], nodes[i + 1]) & claims
        eliminations = tuple((node // n, node % n + 1) for node in cells_of(hits))
        start = nodes[0]
        placement = None
        if closed and not graph.is_group(start):
            placement = (start // n, start % n + 1)
        return Chain(
            nodes=nodes,
            eliminations=eliminations,
            placement=placement,
            loop=loop,
            proves_start=closed,
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


def _node_bits(candidates: tuple[tuple[int, int], ...], size: int) -> int:
    bits = 0
    for cell, digit in candidates:
        bits |= 1 << (cell * size + digit - 1)
    return bits


def _components(nodes: list[int], leads_to: Callable[[int], list[int]]) -> list[list[int]]:
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
        work = [(root, iter(leads_to(root)))]
        while work:
            node, pending = work[-1]
            descended = False
            for nxt in pending:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(leads_to(nxt))))
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
