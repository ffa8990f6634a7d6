"""Generalised fish on one digit: any units as base and cover sets, with fins.

A fish of size k takes k *base* units and k other *cover* units.  Each base unit
needs the digit once; if no two base units share a candidate, those k copies sit
in k different cells, and if every base candidate lies in a cover unit, the k
copies fill the k cover units (each holds the digit once).  So no other candidate
of a cover unit can be the digit, nor a base candidate lying in two cover units
(*cannibalism*).  Base candidates outside every cover unit are *fins*, and so are
candidates two base units share (*endo fins*): either a fin holds the digit, or
the fish stands; a removal must then also see every fin.  The kinds, as HoDoKu
names them: *basic* (rows against columns or the reverse, found in
:mod:`.techniques.fish`), *Franken* (rows and regions against columns and regions,
or columns and regions against rows and regions) and *Mutant* (any other mix).
Regions may be jigsaw pieces and grids any size; nothing here assumes boxes.

Searching every choice of base and cover units explodes (thousands of base sets
per digit, and HoDoKu's own Mutant search is famous for taking seconds), so this
one is aimed at its results instead:

1. Only candidates that no template of the digit uses can be removed by any
   one-digit reasoning (:mod:`.digit_templates`), so only digits that have such
   candidates are searched, and only those candidates are *targets*.  On hard
   positions that is about one digit in forty.
2. If the target ``t`` held the digit, every candidate that sees ``t`` would go,
   the fins among them.  So a fish removes ``t`` exactly when, among the
   candidates that do not see ``t``, k base units fit in k - 1 cover units (the
   k-th cover is a unit through ``t``).  That search has no fins to guess: it is
   a small exact-cover search that covers the lowest uncovered base candidate
   by one of its units, pruned by counting candidates that no single remaining
   cover unit can take together.  A base set that already fits in fewer cover
   units holds a smaller fish, found by the smaller size; it is not extended.
3. Each target's search stops at its first fish; the other targets that fish
   removes are not aimed at again.  A cannibalistic target (a base candidate in
   two cover units) is also the target of a smaller fish, so it is found there;
   the removals of every fish found are computed in full, cannibals included.

Bounds: sizes 2 to :data:`MAX_SIZE` (HoDoKu's Squirmbag and larger are not
searched); :data:`DIGIT_BUDGET` search nodes per digit, kind and size, shared
fairly among its targets, and at most :data:`TARGET_BUDGET` per target (hard
classic 9x9 positions use a few hundred per target, and never run out; an early
position full of removable candidates can, and then some targets go unexplained;
so do Mutant and Franken Jellyfish on jigsaw grids with extra houses: in the grades
of 37 jigsaw Windoku candidates, 65 of 280 and 57 of 958 target searches).  A digit
whose templates are unknown (the template search ran out of budget: on near-empty
16x16 and 25x25 grids; not seen on 9x9, see :mod:`.digit_templates`) is not
searched.  A target whose usable base units are fewer than the fish's size cannot
have one, and its search costs no node (59 % of the target searches in the grades
of 37 jigsaw Windoku candidates, which had taken their share of the budget before).
Fins are not limited: they are whatever base candidates see the target and are
left uncovered.  Results depend only on the digit's candidate cells, so they are
cached by them, and a solve path searches again only the digits a step changed.
On the hard positions of SE 8+ solve paths a finder call costs under 0.3 ms on
average and under 10 ms at worst, besides the template search (about 1 ms for all
digits, shared by every one-digit technique); on hard jigsaws, where such fish
abound, a few ms.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from ..houses import HouseKind
from ..shape import Shape
from .digit_templates import known_quiet, removable, removable_in
from .grid import CandidateGrid, cells_of, tables
from .variant_units import VariantUnits, variant_units

MAX_SIZE = 4
TARGET_BUDGET = 1_500
DIGIT_BUDGET = 6_000
SIAMESE_BUDGET = 2_500
"""Nodes per digit for the exhaustive search Siamese fish need (see :func:`siamese_pairs`)."""

ROWS, COLUMNS, REGIONS = 1, 2, 4
"""Bits of a set of unit kinds (what :data:`KIND_BITS` gives each house kind)."""

KIND_BITS = {
    HouseKind.ROW: ROWS,
    HouseKind.COLUMN: COLUMNS,
    HouseKind.BOX: REGIONS,
    HouseKind.REGION: REGIONS,
}
"""The fish kind bit of each kind of house; houses of other kinds take no part in fish."""


class FishKind(enum.IntEnum):
    """How a fish mixes unit kinds, simplest first (HoDoKu's classification)."""

    BASIC = 0
    FRANKEN = 1
    MUTANT = 2


ORIENTATIONS: dict[FishKind, tuple[tuple[int, int], ...]] = {
    FishKind.BASIC: ((ROWS, COLUMNS), (COLUMNS, ROWS)),
    # (kinds allowed as base, kinds allowed as cover)
    FishKind.FRANKEN: ((ROWS | REGIONS, COLUMNS | REGIONS), (COLUMNS | REGIONS, ROWS | REGIONS)),
    FishKind.MUTANT: ((ROWS | COLUMNS | REGIONS, ROWS | COLUMNS | REGIONS),),
}


@dataclass(frozen=True)
class Fish:
    """A fish on one digit (the digit is not stored: the caller knows it).

    ``bases`` and ``covers`` are unit indexes; ``body`` the base candidates inside
    the cover, ``fins`` the base candidates outside it plus those two base units
    share, ``eliminations`` the candidates removed (all as cell bitsets).
    """

    kind: FishKind
    bases: tuple[int, ...]
    covers: tuple[int, ...]
    body: int
    fins: int
    eliminations: int

    @property
    def size(self) -> int:
        return len(self.bases)

    def simplicity(self) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
        """Sort key: fewer fins first, then more removals."""
        return (self.fins.bit_count(), -self.eliminations.bit_count(), self.bases, self.covers)


def kind_of(shape: Shape, bases: tuple[int, ...], covers: tuple[int, ...]) -> FishKind:
    """Basic, Franken or Mutant, from the kinds of unit on each side."""
    return _kind_of(geometry(shape).unit_kinds, bases, covers)


def _kind_of(
    unit_kinds: tuple[int, ...], bases: tuple[int, ...], covers: tuple[int, ...]
) -> FishKind:
    base_kinds = _kinds(unit_kinds, bases)
    cover_kinds = _kinds(unit_kinds, covers)
    if (base_kinds, cover_kinds) in ((ROWS, COLUMNS), (COLUMNS, ROWS)):
        return FishKind.BASIC
    if (not base_kinds & COLUMNS and not cover_kinds & ROWS) or (
        not base_kinds & ROWS and not cover_kinds & COLUMNS
    ):
        return FishKind.FRANKEN
    return FishKind.MUTANT


def _kinds(unit_kinds: tuple[int, ...], units: tuple[int, ...]) -> int:
    found = 0
    for unit in units:
        found |= unit_kinds[unit]
    return found


@dataclass(frozen=True, eq=False)
class Geometry:
    """The tables the search reads: per unit its cells and kind bit (``unit_kinds``),
    per cell what it sees for the digit searched and the units through it.

    One per shape (:func:`geometry`), or one per variant rule set and digit
    (:func:`variant_geometry`): there every house of ``N`` cells is a unit, counted
    as a region (a diagonal or an extra region crosses rows and columns as a box
    does), and a cell sees what its constraints rule out for that digit too.  A
    smaller all-different house (a killer cage) is a unit there as well, but only
    ever a *cover* one: a cover unit need only hold the digit at most once, while a
    base unit must hold it.
    Compared by identity: it is a cache key, and hashing its tables would cost more
    than the lookups it saves.
    """

    unit_mask: tuple[int, ...]
    peer_mask: tuple[int, ...]
    cell_units: tuple[tuple[int, ...], ...]
    unit_kinds: tuple[int, ...]
    cages: int = 0
    """How many units, at the end, are cover-only: all-different houses of fewer than
    ``N`` cells (killer cages), which hold the digit at most once but may miss it."""

    _of_kinds: dict[tuple[int, bool], tuple[int, ...]] = field(
        default_factory=dict, init=False, repr=False
    )

    @property
    def full_units(self) -> tuple[int, ...]:
        """The masks of the units that must hold the digit (a base or a template's)."""
        return self.unit_mask[: len(self.unit_mask) - self.cages]

    def units_of(self, kinds: int, *, base: bool = False) -> tuple[int, ...]:
        """The units whose kind bit is in ``kinds``; with ``base``, only those that may
        be base units (not the cover-only cages).  Worked out once per geometry: every
        target search asks, tens of thousands of times in a grade."""
        key = (kinds, base)
        found = self._of_kinds.get(key)
        if found is None:
            end = len(self.unit_mask) - self.cages if base else len(self.unit_mask)
            found = tuple(u for u in range(end) if self.unit_kinds[u] & kinds)
            self._of_kinds[key] = found
        return found


@functools.lru_cache(maxsize=32)
def geometry(shape: Shape) -> Geometry:
    """The shape's rows, columns and regions and its peers."""
    table = tables(shape)
    unit_kinds = tuple(KIND_BITS.get(house.kind, 0) for house in shape.houses)
    return Geometry(table.unit_mask, table.peer_mask, shape.cell_units, unit_kinds)


@functools.lru_cache(maxsize=64)
def variant_geometry(units: VariantUnits, digit: int) -> Geometry:
    """Every full house of a variant and what each cell sees for ``digit`` under it."""
    shape_kinds = geometry(units.rules.shape).unit_kinds
    masks = units.fish_mask
    unit_kinds = shape_kinds + (REGIONS,) * (len(masks) - len(shape_kinds))
    cell_units = units.cell_units
    if units.cages:
        grown = [list(found) for found in cell_units]
        for unit in range(len(units.unit_mask), len(masks)):
            for cell in cells_of(masks[unit]):
                grown[cell].append(unit)
        cell_units = tuple(tuple(found) for found in grown)
    return Geometry(masks, units.digit_peers[digit - 1], cell_units, unit_kinds, len(units.cages))


def variant_removable(units: VariantUnits, digit: int, places: int) -> int | None:
    """The cells of ``places`` (``digit``'s candidates) on no template of the digit
    under a variant: one cell in every full house, no two that see each other by
    any rule (see :func:`~.digit_templates.removable_cells`; None: over budget)."""
    geo = variant_geometry(units, digit)
    return removable_in(geo, geo.full_units, geo.peer_mask, places)


def one_digit_removable(grid: CandidateGrid, digit: int) -> int | None:
    """The cells where ``digit`` lies on no template of the grid's rules: all that any
    one-digit reasoning could remove (None: over budget, unknown).

    Under a variant with extra houses or links, the variant's templates, which the
    fish search needs anyway; each is also a template of the plain shape, so a
    candidate a technique reading rows, columns and regions alone could remove is
    among these too.  A pre-filter by this set skips only digits where such a
    technique finds nothing, while the plain shape's template search is not run.
    """
    units = variant_units(grid)
    if units is None or not units.extra:
        return removable(grid, digit)
    return variant_removable(units, digit, grid.digit_cells(digit))


def quiet_digits(grid: CandidateGrid, digits: int) -> int:
    """Those of ``digits`` (a bitmask) whose candidates the template searches done
    so far put all on templates, under the units the fish read: no one-digit step
    removes any of them (see :mod:`.digit_templates`).  Only what is cached counts;
    a digit not yet searched is not quiet."""
    units = variant_units(grid)
    if units is not None and not units.extra:
        units = None
    quiet = 0
    while digits:
        low = digits & -digits
        digits ^= low
        digit = low.bit_length()
        places = grid.digit_cells(digit)
        if not places:
            continue
        geo = geometry(grid.shape) if units is None else variant_geometry(units, digit)
        if known_quiet(geo, places):
            quiet |= 1 << (digit - 1)
    return quiet


def make_fish(shape: Shape, places: int, bases: tuple[int, ...], covers: tuple[int, ...]) -> Fish:
    """The fish with these base and cover units on a digit with candidates ``places``."""
    return make_fish_in(geometry(shape), places, bases, covers)


def make_fish_in(
    geo: Geometry, places: int, bases: tuple[int, ...], covers: tuple[int, ...]
) -> Fish:
    """:func:`make_fish` on any geometry."""
    unit_mask = geo.unit_mask
    base_cells = 0
    endo = 0
    for unit in bases:
        cells = unit_mask[unit] & places
        endo |= base_cells & cells
        base_cells |= cells
    cover_cells = 0
    twice = 0
    for unit in covers:
        cells = unit_mask[unit] & places
        twice |= cover_cells & cells
        cover_cells |= cells
    fins = (base_cells & ~cover_cells) | endo
    targets = ((cover_cells & ~base_cells) | (twice & base_cells)) & ~fins
    if fins:
        targets &= common_peers(geo.peer_mask, fins)
    return Fish(
        _kind_of(geo.unit_kinds, bases, covers),
        bases,
        covers,
        base_cells & ~fins,
        fins,
        targets,
    )


def common_peers(peer_mask: tuple[int, ...], cells: int) -> int:
    """The cells that see every cell of ``cells`` (all cells if ``cells`` is empty)."""
    seen = -1
    for cell in cells_of(cells):
        seen &= peer_mask[cell]
    return seen


_CACHE: dict[tuple[Geometry, int, FishKind, int], tuple[Fish, ...]] = {}
_CACHE_LIMIT = 4096


def fish_of(shape: Shape, places: int, kind: FishKind, size: int) -> tuple[Fish, ...]:
    """Every ``kind`` fish of ``size`` that removes something, simplest first.

    ``places`` are the digit's candidate cells; see the module docstring for the
    bounds of the search.
    """
    return fish_in(geometry(shape), places, kind, size)


def fish_in(geo: Geometry, places: int, kind: FishKind, size: int) -> tuple[Fish, ...]:
    """:func:`fish_of` on any geometry (a variant's, from :func:`variant_geometry`)."""
    key = (geo, places, kind, size)
    found = _CACHE.get(key)
    if found is None:
        found = _search(geo, places, kind, size)
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[key] = found
    return found


def _search(geo: Geometry, places: int, kind: FishKind, size: int) -> tuple[Fish, ...]:
    if not 2 <= size <= MAX_SIZE:
        return ()
    targets = removable_in(geo, geo.full_units, geo.peer_mask, places)
    if not targets:
        return ()
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], Fish] = {}
    budget = DIGIT_BUDGET
    removed = 0
    searches = targets.bit_count() * len(ORIENTATIONS[kind])
    for target in cells_of(targets):
        for base_kinds, cover_kinds in ORIENTATIONS[kind]:
            searches -= 1
            if removed >> target & 1:
                continue  # a fish found already removes this target
            # Each search left gets a fair share, so late targets are not starved.
            share = min(TARGET_BUDGET, budget // (searches + 1))
            accept = _Completion(geo, places, kind, target, cover_kinds, found)
            search = _TargetSearch(geo, places, target, size, base_kinds, cover_kinds)
            search.run(share, accept)
            budget -= search.nodes
            for fish in accept.made:
                removed |= fish.eliminations
    return tuple(sorted(found.values(), key=Fish.simplicity))


class _Completion:
    """Turns base and cover sets found for ``target`` into fish, until one is made.

    The cover gets one more unit through the target (each such unit in turn); a
    fish of the wanted kind that removes something, and is new to ``found``, is
    kept there and in ``made``.  With ``every``, only finned fish are kept and the
    search never stops early (Siamese fish need all of them).
    """

    def __init__(
        self,
        geo: Geometry,
        places: int,
        kind: FishKind,
        target: int,
        cover_kinds: int,
        found: dict[tuple[tuple[int, ...], tuple[int, ...]], Fish],
        every: bool = False,
    ) -> None:
        self.geo = geo
        self.places = places
        self.kind = kind
        self.target = target
        self.cover_kinds = cover_kinds
        self.found = found
        self.every = every
        self.unit_kinds = geo.unit_kinds
        self.made: list[Fish] = []

    def __call__(self, bases: tuple[int, ...], covers: tuple[int, ...]) -> bool:
        """Whether a fish was made (the search may stop)."""
        for unit in self.geo.cell_units[self.target]:
            if not self.cover_kinds & self.unit_kinds[unit] or unit in bases:
                continue
            full = tuple(sorted((*covers, unit)))
            if (bases, full) in self.found:
                continue
            fish = make_fish_in(self.geo, self.places, bases, full)
            if fish.kind == self.kind and fish.eliminations and (fish.fins or not self.every):
                self.found[bases, full] = fish
                self.made.append(fish)
        return bool(self.made) and not self.every


_PARTNERS: dict[tuple[Geometry, int, FishKind, int], tuple[tuple[Fish, Fish], ...]] = {}


def siamese_pairs(
    shape: Shape, places: int, kind: FishKind, size: int
) -> tuple[tuple[Fish, Fish], ...]:
    """Pairs of finned ``kind`` fish on the same base units whose removals differ.

    Only digits where :func:`fish_of` finds a finned fish are searched again, this
    time for every base and cover set of every target (at most
    :data:`SIAMESE_BUDGET` nodes a digit), since the partner of a fish need not be
    the first fish found for its target.  The budget is the digit's own, so the
    pairs depend on the digit's places alone, as every one-digit technique's steps
    do (see :attr:`~.registry.Technique.one_digit`).
    """
    return siamese_pairs_in(geometry(shape), places, kind, size)


def siamese_pairs_in(
    geo: Geometry, places: int, kind: FishKind, size: int
) -> tuple[tuple[Fish, Fish], ...]:
    """:func:`siamese_pairs` on any geometry (a variant's, from :func:`variant_geometry`)."""
    key = (geo, places, kind, size)
    pairs = _PARTNERS.get(key)
    if pairs is not None:
        return pairs
    if not any(fish.fins for fish in fish_in(geo, places, kind, size)):
        pairs = ()
    else:
        pairs = _pairs(geo, places, kind, size, SIAMESE_BUDGET)
    if len(_PARTNERS) >= _CACHE_LIMIT:
        _PARTNERS.clear()
    _PARTNERS[key] = pairs
    return pairs


def _pairs(
    geo: Geometry, places: int, kind: FishKind, size: int, budget: int
) -> tuple[tuple[Fish, Fish], ...]:
    """The Siamese pairs found within ``budget`` nodes."""
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], Fish] = {}
    left = budget
    targets = removable_in(geo, geo.full_units, geo.peer_mask, places) or 0
    searches = targets.bit_count() * len(ORIENTATIONS[kind])
    for target in cells_of(targets):
        for base_kinds, cover_kinds in ORIENTATIONS[kind]:
            searches -= 1
            collect = _Completion(geo, places, kind, target, cover_kinds, found, every=True)
            search = _TargetSearch(geo, places, target, size, base_kinds, cover_kinds)
            search.run(min(TARGET_BUDGET, left // (searches + 1)), collect)
            left -= search.nodes
    by_bases: dict[tuple[int, ...], list[Fish]] = {}
    for fish in sorted(found.values(), key=Fish.simplicity):
        by_bases.setdefault(fish.bases, []).append(fish)
    pairs = []
    for members in by_bases.values():
        for index, first in enumerate(members):
            for second in members[index + 1 :]:
                if first.eliminations & ~second.eliminations and (
                    second.eliminations & ~first.eliminations
                ):
                    pairs.append((first, second))
    return tuple(pairs)


class _TargetSearch:
    """Base sets of ``size`` units fitting in ``size - 1`` cover units once ``target`` holds.

    Works on the candidates that do not see the target; see the module docstring.
    ``only`` restricts the base units to those given (to cover a known base anew).
    Each base set with its covers (without the unit through the target) is offered
    to the ``accept`` callback of :meth:`run`.
    """

    def __init__(
        self,
        geo: Geometry,
        places: int,
        target: int,
        size: int,
        base_kinds: int,
        cover_kinds: int,
        only: tuple[int, ...] | None = None,
    ) -> None:
        free = places & ~geo.peer_mask[target] & ~(1 << target)
        self.geo = geo
        self.cell_units = geo.cell_units
        self.size = size
        self.unit_places = unit_places = [mask & free for mask in geo.unit_mask]
        coverable = 0
        for unit in geo.units_of(cover_kinds):
            if unit_places[unit]:
                coverable |= 1 << unit
        self.coverable = coverable
        # A unit whose own candidates need more than size - 1 other cover units is in
        # no base set (see _fits_alone); most are such, and each would cost a node
        # wherever the search tried it (measured on the target searches of jigsaw
        # Windoku grades: 84 % of units at size 2, 57 % at 3, 40 % at 4).  Rows against
        # columns, each candidate of a base line needs a cover line of its own, so the
        # count says it (a basic fish's search is mostly this setup).
        lines = {base_kinds, cover_kinds} == {ROWS, COLUMNS}
        left = size - 1
        pool: list[int] = []
        self.pool = pool
        for unit in geo.units_of(base_kinds, base=True):
            cells = unit_places[unit]
            if not cells or (only is not None and unit not in only):
                continue
            if cells.bit_count() > left and (
                lines
                or not _fits_alone(
                    cells, left, coverable & ~(1 << unit), unit_places, self.cell_units
                )
            ):
                continue
            pool.append(unit)
        # Per candidate, the candidates some cover unit could take along with it
        # (filled in as the pruning asks: most searches never need most cells).
        self.reach: dict[int, int] = {}
        self.nodes = 0
        self.budget = 0
        self.bases: list[int] = []
        self.covers: list[int] = []
        self.accept: Callable[[tuple[int, ...], tuple[int, ...]], bool] = _never

    def run(self, budget: int, accept: Callable[[tuple[int, ...], tuple[int, ...]], bool]) -> None:
        """Offer each ``(bases, covers)`` found to ``accept``; stop once it says enough.
        With fewer base units than the size there is nothing to find: no node is spent."""
        self.budget = budget
        self.accept = accept
        if budget > 0 and len(self.pool) >= self.size:
            self._extend(0, 0, 0, 0, 0)

    # The two steps below run hundreds of thousands of times in an Expert grade on a
    # variant: attributes are read into locals once per call.  The node count must
    # stay exactly as it is (each call counts one, even past the budget), since the
    # nodes used decide later targets' shares.

    def _extend(
        self, start: int, base_units: int, cover_units: int, cover_cells: int, body: int
    ) -> None:
        """Every base set has its candidates covered: record it, or add a base unit."""
        self.nodes = nodes = self.nodes + 1
        if nodes > self.budget:
            return
        chosen = self.bases
        size = self.size
        bases = len(chosen)
        covers = len(self.covers)
        if bases == size:
            if covers == size - 1 and self.accept(tuple(chosen), tuple(sorted(self.covers))):
                self.budget = 0  # enough: stop the whole search
            return
        if bases >= 2 and covers < bases:
            return  # these bases already make a smaller fish
        unit_places = self.unit_places
        pool = self.pool
        extend = self._extend
        if covers == size - 1:
            # The cover is complete: only a unit inside it can join.  Nearly none is
            # (3 % of those tried, in jigsaw Windoku grades), so that is asked first.
            outside = ~cover_cells
            for index in range(start, len(pool)):
                unit = pool[index]
                cells = unit_places[unit]
                if cells & outside or cells & body or cover_units >> unit & 1:
                    continue
                chosen.append(unit)
                extend(index + 1, base_units | 1 << unit, cover_units, cover_cells, body | cells)
                chosen.pop()
                if self.nodes > self.budget:
                    return
            return
        cover = self._cover
        for index in range(start, len(pool)):
            unit = pool[index]
            if cover_units >> unit & 1:
                continue
            cells = unit_places[unit]
            if cells & body:
                continue  # two base units sharing a candidate that does not see the target
            debt = cells & ~cover_cells
            chosen.append(unit)
            if debt:
                cover(
                    index + 1,
                    base_units | 1 << unit,
                    cover_units,
                    cover_cells,
                    body | cells,
                    debt,
                    0,
                )
            else:  # what _cover does with nothing to cover, without the call
                extend(index + 1, base_units | 1 << unit, cover_units, cover_cells, body | cells)
            chosen.pop()
            if self.nodes > self.budget:
                return

    def _cover(
        self,
        start: int,
        base_units: int,
        cover_units: int,
        cover_cells: int,
        body: int,
        debt: int,
        banned: int,
    ) -> None:
        """Cover the lowest uncovered base candidate by one of its units, in turn."""
        if not debt:
            self._extend(start, base_units, cover_units, cover_cells, body)
            return
        self.nodes = nodes = self.nodes + 1
        if nodes > self.budget:
            return
        covers = self.covers
        left = self.size - 1 - len(covers)
        if left <= 0:
            return
        unit_places = self.unit_places
        cell_units = self.cell_units
        if left == 1:
            # The last cover unit must take the whole debt: try only those that do.
            usable = self.coverable & ~(base_units | cover_units | banned)
            extend = self._extend
            for unit in cell_units[(debt & -debt).bit_length() - 1]:
                if usable >> unit & 1 and not debt & ~unit_places[unit]:
                    covers.append(unit)
                    extend(
                        start,
                        base_units,
                        cover_units | 1 << unit,
                        cover_cells | unit_places[unit],
                        body,
                    )
                    covers.pop()
            return
        if debt.bit_count() > left:
            # Candidates no cover unit could take two of need a cover unit each: the
            # bound of _fits_alone, but over every cover unit, so that each cell's
            # reach is worked out once per search (asked for afresh, the grades of
            # jigsaw Windoku candidates took 8 % longer).
            apart = 0
            reach = 0
            rest = debt
            cell_reach = self.reach
            coverable = self.coverable
            while rest:
                low = rest & -rest
                rest ^= low
                if low & reach:
                    continue
                apart += 1
                if apart > left:
                    return
                cell = low.bit_length() - 1
                more = cell_reach.get(cell)
                if more is None:
                    more = 0
                    for unit in cell_units[cell]:
                        if coverable >> unit & 1:
                            more |= unit_places[unit]
                    cell_reach[cell] = more
                reach |= more
        usable = self.coverable & ~(base_units | cover_units | banned)
        low = debt & -debt
        cover = self._cover
        extend = self._extend
        for unit in cell_units[low.bit_length() - 1]:
            if not usable >> unit & 1:
                continue
            cells = unit_places[unit]
            covers.append(unit)
            rest = debt & ~cells
            if rest:
                cover(
                    start,
                    base_units,
                    cover_units | 1 << unit,
                    cover_cells | cells,
                    body,
                    rest,
                    banned,
                )
            else:
                extend(start, base_units, cover_units | 1 << unit, cover_cells | cells, body)
            covers.pop()
            # A later choice for this candidate need not consider this unit again:
            # any cover set holding both was met on this branch.
            banned |= 1 << unit
            usable &= ~(1 << unit)


def _fits_alone(
    cells: int,
    left: int,
    coverable: int,
    unit_places: list[int],
    cell_units: tuple[tuple[int, ...], ...],
) -> bool:
    """Whether ``left`` of the ``coverable`` units might take ``cells`` between them.

    A lower bound on the units needed, as in :meth:`_TargetSearch._cover`: cells no
    one unit could take two of need one each.  With one unit left, exact: one of the
    units through the first cell holds them all.
    """
    if left == 1:
        low = cells & -cells
        for unit in cell_units[low.bit_length() - 1]:
            if coverable >> unit & 1 and not cells & ~unit_places[unit]:
                return True
        return False
    apart = reach = 0
    while cells:
        low = cells & -cells
        cells ^= low
        if low & reach:
            continue
        apart += 1
        if apart > left:
            return False
        for unit in cell_units[low.bit_length() - 1]:
            if coverable >> unit & 1:
                reach |= unit_places[unit]
    return True


def _never(bases: tuple[int, ...], covers: tuple[int, ...]) -> bool:
    return False
