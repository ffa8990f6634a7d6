"""A variant's houses and "sees" relation as the one-digit and wing techniques read them.

Fish, wings and chains were written against the shape's rows, columns and regions.
Under a variant, every house of ``N`` cells holds each digit once (a diagonal, an
extra region, a disjoint group, a killer cage of ``N`` cells), so it may be a fish's
base or cover unit and a digit with two places in it is a strong link; and a cell
*sees* another for a digit when placing the digit in one rules it out of the other,
which a constraint can do without a shared house (a knight's move, a king's move, a
thermometer, a cage of any size).  :class:`VariantUnits` builds those tables once per
rule set: the full houses (the shape's first, at the same indices, then the extra
ones), their names in players' words ("the main diagonal", "extra region 2"), and
per digit the cells each cell sees.  :func:`sees_reason` says which rule makes two
cells see each other when no house of the shape does ("by the anti-knight rule").

Bitsets as in :mod:`.grid` (bit ``c`` is cell ``c``): these tables sit in the fish
and wing searches' inner loops.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from ..houses import House, HouseKind
from ..rules import RuleSet
from ..rules.registry import rule_type
from ..symbols import cell_name
from .grid import CandidateGrid, cells_of, tables


@dataclass(frozen=True, eq=False)
class VariantUnits:
    """The full houses of a rule set and, per digit, what each cell sees.

    ``unit_mask[u]``: unit ``u``'s cells; units below ``shape_units`` are the shape's
    own, at the shape's indices.  ``names[u]``: the unit in players' words;
    ``labels[u]``: a short label for an outline.  ``cell_units[c]``: the units through
    cell ``c``.  ``digit_peers[d - 1][c]``: the cells where digit ``d`` is ruled out
    once ``c`` holds it.  ``extra``: whether anything here goes beyond the shape.
    Compared by identity (one per rule set; a cache key).
    """

    rules: RuleSet
    shape_units: int
    unit_mask: tuple[int, ...]
    names: tuple[str, ...]
    labels: tuple[str, ...]
    cell_units: tuple[tuple[int, ...], ...]
    digit_peers: tuple[tuple[int, ...], ...]
    extra: bool
    cages: tuple[int, ...] = ()
    cage_names: tuple[str, ...] = ()
    cage_labels: tuple[str, ...] = ()

    @property
    def fish_mask(self) -> tuple[int, ...]:
        """The units a fish may use: the full houses, then the smaller all-different
        houses (``cages``), which hold a digit at most once and so may only *cover*."""
        return self.unit_mask + self.cages

    @property
    def fish_names(self) -> tuple[str, ...]:
        """:attr:`names` for the units of :attr:`fish_mask`."""
        return self.names + self.cage_names

    @property
    def fish_labels(self) -> tuple[str, ...]:
        """:attr:`labels` for the units of :attr:`fish_mask`."""
        return self.labels + self.cage_labels

    @cached_property
    def seen_digits(self) -> tuple[int, ...]:
        """``seen_digits[a * cells + b]``: the digit bitmask (bit ``d - 1``) of the digits
        for which ``a`` sees ``b`` (``b`` in ``digit_peers[d - 1][a]``).

        Built on first use: a bent wing asks it for every pair of cells it combines,
        and one lookup beats a walk over their shared digits.  A cell's peers are the
        same for most digits (for every digit, under houses alone), so each distinct
        set is walked once with all its digits (about 1 ms on 9x9 Windoku, not 8).
        """
        cells = len(self.cell_units)
        found = [0] * (cells * cells)
        for a in range(cells):
            digits_by_peers: dict[int, int] = {}
            for index, peers in enumerate(self.digit_peers):
                mask = peers[a]
                digits_by_peers[mask] = digits_by_peers.get(mask, 0) | 1 << index
            row = a * cells
            for mask, digits in digits_by_peers.items():
                while mask:
                    low = mask & -mask
                    mask ^= low
                    found[row + low.bit_length() - 1] |= digits
        return tuple(found)

    @cached_property
    def symmetric(self) -> bool:
        """Whether "sees" goes both ways for every digit (``a`` sees ``b`` for ``d`` exactly
        when ``b`` sees ``a``), as every rule so far makes it."""
        found = self.seen_digits
        cells = len(self.cell_units)
        return all(
            found[a * cells + b] == found[b * cells + a]
            for a in range(cells)
            for b in range(a + 1, cells)
        )

    def is_extra(self, unit: int) -> bool:
        """Whether ``unit`` is a house the variant adds (not a row, column or region)."""
        return unit >= self.shape_units


_CACHE: dict[int, tuple[RuleSet, VariantUnits]] = {}
_CACHE_LIMIT = 64


def variant_units(grid: CandidateGrid) -> VariantUnits | None:
    """The variant tables of ``grid``'s rules; None on a classic or jigsaw grid."""
    rules = grid.rules
    if rules is None:
        return None
    return units_of(rules)


def units_of(rules: RuleSet) -> VariantUnits:
    """The tables of ``rules`` (cached by identity; the cache holds the rule set, so an
    identity is never reused while its entry lives)."""
    key = id(rules)
    entry = _CACHE.get(key)
    if entry is not None and entry[0] is rules:
        return entry[1]
    found = _build(rules)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = (rules, found)
    return found


def house_names(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    """Per house of ``rules.houses``, its name in players' words and a short label."""
    n = rules.size
    found = []
    extra_count = 0
    for house in rules.houses:
        kind = house.kind
        if kind is HouseKind.DIAGONAL:
            name = "the anti-diagonal" if house.index else "the main diagonal"
            found.append((name, name[4:]))
        elif kind is HouseKind.EXTRA:
            extra_count += 1
            name = f"extra region {extra_count}"
            found.append((name, name))
        elif kind is HouseKind.CAGE:
            found.append((_cage_name(house, n), f"cage {cell_name(house.cells[0], n)}"))
        else:
            found.append((house.name, house.name))
    return tuple(found)


def _cage_name(house: House, n: int) -> str:
    return f"the cage at {cell_name(house.cells[0], n)}"


def _build(rules: RuleSet) -> VariantUnits:
    shape = rules.shape
    n = shape.size
    table = tables(shape)
    named = house_names(rules)
    shape_units = len(shape.houses)
    masks = list(table.unit_mask)
    names = [named[u][0] for u in range(shape_units)]
    labels = [named[u][1] for u in range(shape_units)]
    small: list[tuple[int, int]] = []
    for index in range(shape_units, len(rules.houses)):
        house = rules.houses[index]
        if not house.is_full(n):
            if len(house.cells) >= 2:
                small.append((index, _mask_of(house.cells)))
            continue
        mask = 0
        for cell in house.cells:
            mask |= 1 << cell
        if mask in masks:
            continue  # the same cells as a house already listed (a cage over a box)
        masks.append(mask)
        names.append(named[index][0])
        labels.append(named[index][1])
    cell_units: list[list[int]] = [[] for _ in range(shape.cells)]
    for unit, mask in enumerate(masks):
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            cell_units[low.bit_length() - 1].append(unit)
    peers = [list(table.peer_mask) for _ in range(n)]
    exclusions = rules.exclusions
    extra = len(masks) > shape_units
    for cell in range(shape.cells):
        for k in range(n):
            seen = peers[k]
            for other in exclusions[cell * n + k]:
                if other % n == k:
                    bit = 1 << (other // n)
                    if not seen[cell] & bit:
                        seen[cell] |= bit
                        extra = True
    # A small house inside a full one covers less than that house would: no use.
    cages = _first_of_each(
        [(index, mask) for index, mask in small if not any(mask & f == mask for f in masks)]
    )
    return VariantUnits(
        rules,
        shape_units,
        tuple(masks),
        tuple(names),
        tuple(labels),
        tuple(tuple(u) for u in cell_units),
        tuple(tuple(p) for p in peers),
        extra,
        tuple(mask for _index, mask in cages),
        tuple(named[index][0] for index, _mask in cages),
        tuple(named[index][1] for index, _mask in cages),
    )


def _mask_of(cells: Iterable[int]) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def _first_of_each(houses: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``(house index, mask)`` pairs, the first of each mask only."""
    seen: set[int] = set()
    found = []
    for index, mask in houses:
        if mask not in seen:
            seen.add(mask)
            found.append((index, mask))
    return found


_REASONS: dict[int, tuple[RuleSet, dict[tuple[int, int, int], str]]] = {}


def sees_reason(rules: RuleSet, a: int, b: int, digit: int) -> str | None:
    """Why a ``digit`` in cell ``a`` rules it out of cell ``b`` when no row, column or
    region holds both: "in the main diagonal", "by the anti-knight rule"; None when
    the shape's houses say it (or nothing does)."""
    if tables(rules.shape).peer_mask[a] >> b & 1:
        return None
    entry = _REASONS.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = (rules, _reasons(rules))
        if len(_REASONS) >= _CACHE_LIMIT:
            _REASONS.clear()
        _REASONS[id(rules)] = entry
    found = entry[1]
    return found.get((a, b, digit)) or found.get((a, b, 0))


def _reasons(rules: RuleSet) -> dict[tuple[int, int, int], str]:
    """(a, b, digit or 0 for every digit) -> the phrase, houses before other links."""
    n = rules.size
    found: dict[tuple[int, int, int], str] = {}
    named = house_names(rules)
    for index in range(len(rules.shape.houses), len(rules.houses)):
        where = f"in {named[index][0]}"
        cells = rules.houses[index].cells
        for x in cells:
            for y in cells:
                if x != y:
                    found.setdefault((x, y, 0), where)
    for rule in rules.constraints:
        phrase = f"by the {rule_type(rule).title.lower()} rule"
        for p, x, q, y in rule.links(n):
            if x == y:
                found.setdefault((p, q, x), phrase)
                found.setdefault((q, p, x), phrase)
    return found


def sightings(
    units: VariantUnits, targets: int, holders: Iterable[int], digit: int, limit: int = 3
) -> str:
    """`` (r5c5 sees r3c4 by the anti-knight rule)``: how removed cells (``targets``, a
    mask) see the cells a step rests on (``holders``: fins, pincers) where no row,
    column or region does, the first ``limit`` of them; empty when the shape's
    houses give them all."""
    n = units.rules.size
    holders = tuple(holders)
    said = []
    for target in cells_of(targets):
        for holder in holders:
            reason = sees_reason(units.rules, target, holder, digit)
            if reason is not None:
                said.append(f"{cell_name(target, n)} sees {cell_name(holder, n)} {reason}")
    if not said:
        return ""
    more = "; ..." if len(said) > limit else ""
    return f" ({'; '.join(said[:limit])}{more})"
