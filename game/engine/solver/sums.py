"""Sums the solver derives from a killer's cages and houses, to narrow its search.

None of these are rules of a puzzle: they are consequences the exact search (see
:mod:`.exact`) narrows like any sum, kept in its cached tables only, never shown to
a player, saved or drawn.  Two kinds:

* :func:`implied_sums`, the killer solver's "45 rule" house by house (innies and
  outies), cheap enough to narrow with from the first branch point;
* :func:`set_sums`, the law of leftovers over unions of up to three houses of one
  kind against as many of another, which the probing stage adds once a search has
  run long (a near-empty killer can hide a fact no cage and no single house shows).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from ..houses import HouseKind
from ..rules import Cage, Constraint, LittleKiller, RuleSet


def implied_sums(rules: RuleSet) -> list[Constraint]:
    """Sums the cages imply in each house of N cells (the killer solver's "45 rule"):
    the cells a house keeps outside the cages wholly inside it add up to the house's
    total less theirs (*innies*, all different, so a cage of their own), and where the
    cages touching a house cover it, the cells they have outside it add up to their
    totals less the house's (*outies*, which may repeat).  The search narrows these
    like any sum; they are not rules of the puzzle, only consequences of them."""
    n = rules.size
    cages = [r for r in rules.constraints if isinstance(r, Cage) and r.total is not None]
    covered = [cell for cage in cages for cell in cage.members]
    if not cages or len(covered) != len(set(covered)):
        return []  # overlapping cages would count their shared cells twice
    house_total = n * (n + 1) // 2
    found: list[Constraint] = []
    seen: set[tuple[int, ...]] = set()
    for house in rules.houses:
        if not house.is_full(n) or house.kind is HouseKind.CAGE:
            continue
        cells = set(house.cells)
        inside = [c for c in cages if set(c.members) <= cells]
        rest = tuple(sorted(cells.difference(*(c.members for c in inside))))
        if rest and len(rest) < n and rest not in seen:
            total = house_total - sum(c.total or 0 for c in inside)
            seen.add(rest)
            found.append(Cage(rest, total))
        touching = [c for c in cages if cells & set(c.members)]
        reach: set[int] = set().union(*(c.members for c in touching))
        if cells <= reach:
            outside = tuple(sorted(reach - cells))
            if outside and len(outside) <= OUTIE_CELLS and outside not in seen:
                seen.add(outside)
                total = sum(c.total or 0 for c in touching) - house_total
                found.append(LittleKiller(outside, total))
    return [rule for rule in found if _possible(rule, n)]


OUTIE_CELLS = 6
"""The most cells an implied outie sum may have.  A longer one (the cages crossing a
row can reach 10-20 cells outside it) narrows little, as its digits may repeat, and
its narrowing was 90 % of the search on late Extreme killer candidates (96 of 106 s
on 9x9 seed 1000); without them, Extreme killers took 17 s rather than 50 (seeds
1000-1002), and every shared variant puzzle still settles unique, the killers about
twice as fast."""


def _possible(rule: Constraint, n: int) -> bool:
    """Whether an implied sum can be made at all (else it narrows nothing useful and the
    puzzle's own cages already say there is no solution)."""
    total = getattr(rule, "total", 0)
    count = len(rule.cells())
    return 0 < total <= n * count and total >= count


SET_SUM_HOUSES = 3
"""The most houses of one kind a set sum takes on either side (see :func:`set_sums`)."""

SET_SUM_CELLS = 24
"""The most cells a set sum may have (its narrowing costs about a round per cell)."""

SET_SUM_SLACK = 2
"""How far from the edge of its range a set sum's total may lie at the start and still
be kept: a sum whose total only its extreme digits reach forces them at once, and one
a step or two inside becomes tight after a few choices; wider ones narrow nothing."""

SET_SUM_KEEP = 24
"""The most set sums kept per rule set (the tightest first)."""


@dataclass(frozen=True)
class SetSum(Constraint):
    """``sum(plus) - sum(minus) == total`` over cells in *groups*, each group's cells
    holding different digits (they share a house) and each group signed ``+1`` or
    ``-1``: a consequence of the rules that :func:`set_sums` derives, internal to the
    solver (never a rule a player reads, saves or sees drawn).

    It narrows by bounds: a group of ``k`` cells holding different digits adds up to
    at least the ``k`` smallest digits its cells can hold together (and at least the
    sum of their smallest candidates), at most the ``k`` largest; a cell keeps the
    digits that leave the rest of the equation a total within its bounds.  Sound,
    not tight; cheap enough to run at every propagation of the probing stage.
    """

    groups: tuple[tuple[int, ...], ...]
    signs: tuple[int, ...]
    total: int

    def cells(self) -> tuple[int, ...]:
        return tuple(cell for group in self.groups for cell in group)

    def narrows(self) -> bool:
        return True

    def narrow(self, masks: Sequence[int], size: int) -> list[int] | None:
        parts: list[list[int]] = []
        at = 0
        for group in self.groups:
            parts.append(list(masks[at : at + len(group)]))
            at += len(group)
        lows: list[int] = []
        highs: list[int] = []
        for part, sign in zip(parts, self.signs, strict=True):
            low, high = _group_range(part, size)
            if low > high:
                return None
            lows.append(low if sign > 0 else -high)
            highs.append(high if sign > 0 else -low)
        floor, ceiling = sum(lows), sum(highs)
        if not floor <= self.total <= ceiling:
            return None
        kept: list[int] = []
        for g, (part, sign) in enumerate(zip(parts, self.signs, strict=True)):
            rest_low = floor - lows[g]
            rest_high = ceiling - highs[g]
            for i, mask in enumerate(part):
                others = part[:i] + part[i + 1 :]
                low, high = _group_range(others, size) if others else (0, 0)
                # total = rest + sign * (cell + others)
                if sign > 0:
                    least, most = self.total - rest_high - high, self.total - rest_low - low
                else:
                    least, most = rest_low - high - self.total, rest_high - low - self.total
                keep = mask & _between(least, most, size)
                if not keep:
                    return None
                kept.append(keep)
        return kept


def _group_range(masks: Sequence[int], size: int) -> tuple[int, int]:
    """Bounds on the sum of cells that hold different digits, one of each mask's."""
    union = 0
    low = high = 0
    for mask in masks:
        union |= mask
        low += (mask & -mask).bit_length()
        high += mask.bit_length()
    digits = [d for d in range(1, size + 1) if union >> (d - 1) & 1]
    k = len(masks)
    if len(digits) < k:
        return 1, 0  # no way to give them different digits
    return max(low, sum(digits[:k])), min(high, sum(digits[len(digits) - k :]))


def _between(least: int, most: int, size: int) -> int:
    """The digit mask of ``least .. most`` within ``1 .. size``."""
    least, most = max(least, 1), min(most, size)
    if least > most:
        return 0
    return ((1 << most) - 1) ^ ((1 << (least - 1)) - 1)


def set_sums(rules: RuleSet) -> list[SetSum]:
    """Set equivalence (the law of leftovers, innies and outies) over unions of houses:
    take up to :data:`SET_SUM_HOUSES` houses of one kind (rows, columns, regions) on
    the plus side and up to as many of another kind on the minus side.  Each house
    adds up to ``N(N+1)/2``, so the cells of the plus houses less those of the minus
    houses (cells in both cancel) add up to a known total; a cage whose cells all
    count the same way (or not at all) can be swapped for its cells left over, its
    total moved to the other side.  Sums few enough and tight enough to narrow
    something (see :data:`SET_SUM_SLACK`) are kept.

    Why: a near-empty killer on a Latin square, say, can hide a fact no cage and no
    single house shows ("Solver needs SET" in the shared data: three rows less three
    columns leave eighteen cells whose total only 7, 8 and 9 on one side and 1, 2 and
    3 on the other can make), and a search without it wanders for minutes.
    """
    n = rules.size
    cages = [
        (mask_of(rule.members), rule.total, len(rule.members))
        for rule in rules.constraints
        if isinstance(rule, Cage) and rule.total is not None
    ]
    covered = 0
    for bits, _total, _count in cages:
        if covered & bits:
            return []  # overlapping cages would count their shared cells twice
        covered |= bits
    if not cages:
        return []
    shape = rules.shape
    whole = n * (n + 1) // 2
    families: list[list[int]] = []
    for units in (shape.row_units, shape.column_units, shape.region_units):
        masks = [mask_of(shape.houses[u].cells) for u in units]
        if all(set(masks) != set(family) for family in families):
            families.append(masks)  # regions that are the rows (or columns) once only
    subsets = [
        [
            (k, _or(chosen))
            for k in range(1, SET_SUM_HOUSES + 1)
            for chosen in itertools.combinations(family, k)
        ]
        for family in families
    ]
    # The houses taken, as (plus cells, minus cells, total) before any cage is swapped:
    # one kind alone, or two kinds in about equal numbers (a sum and its negation say
    # the same, so each pair of kinds once).
    sides: list[tuple[int, int, int]] = [
        (bits, 0, whole * k) for family in subsets for k, bits in family
    ]
    for a, b in itertools.combinations(range(len(families)), 2):
        for k_plus, plus_bits in subsets[a]:
            for k_minus, minus_bits in subsets[b]:
                if abs(k_plus - k_minus) <= 1:
                    sides.append(
                        (
                            plus_bits & ~minus_bits,
                            minus_bits & ~plus_bits,
                            whole * (k_plus - k_minus),
                        )
                    )
    found: dict[tuple[int, int], int] = {}
    for pos, neg, total in sides:
        for bits, cage_total, count in cages:
            inside = bits & pos
            if inside:
                if bits & neg:
                    continue
                p = inside.bit_count()
                if count < p + p:  # fewer cells left out than in: swap it
                    neg |= bits ^ inside
                    pos ^= inside
                    total -= cage_total
            else:
                inside = bits & neg
                if inside:
                    m = inside.bit_count()
                    if count < m + m:
                        pos |= bits ^ inside
                        neg ^= inside
                        total += cage_total
        if (pos | neg).bit_count() <= SET_SUM_CELLS + n:  # full houses drop out below
            found.setdefault((pos, neg), total)
    kept: list[tuple[int, int, SetSum]] = []
    full = (1 << n) - 1
    allowed = rules.allowed
    # The narrowest range any grouping can give k cells (whole houses of N, then the
    # rest together): a sum whose total lies far inside even that is dropped before
    # the grouping, which costs far more (the puzzle's own even/odd cells may narrow
    # a little more; this is only a choice of what to keep, never a deduction).
    least = [(k // n) * whole + (k % n) * (k % n + 1) // 2 for k in range(n * n + 1)]
    most = [(k // n) * whole + (k % n) * (n + n + 1 - k % n) // 2 for k in range(n * n + 1)]
    for (pos, neg), total in found.items():
        k_plus, k_minus = pos.bit_count(), neg.bit_count()
        low = least[k_plus] - most[k_minus]
        high = most[k_plus] - least[k_minus]
        if min(total - low, high - total) > SET_SUM_SLACK:
            continue
        rule = _grouped(pos, neg, total, families, n)
        if rule is None or len(rule.cells()) > SET_SUM_CELLS:
            continue
        masks = [allowed[cell] & full or full for cell in rule.cells()]
        lows = highs = 0
        at = 0
        for group, sign in zip(rule.groups, rule.signs, strict=True):
            low, high = _group_range(masks[at : at + len(group)], n)
            at += len(group)
            lows += low if sign > 0 else -high
            highs += high if sign > 0 else -low
        slack = min(total - lows, highs - total)
        if 0 <= slack <= SET_SUM_SLACK:
            kept.append((slack, len(masks), rule))
    kept.sort(key=lambda item: item[:2])
    return [rule for _slack, _count, rule in kept[:SET_SUM_KEEP]]


def _grouped(
    pos: int, neg: int, total: int, families: Sequence[Sequence[int]], size: int
) -> SetSum | None:
    """The set sum over ``pos`` less ``neg`` (cell bitsets), each side's cells grouped
    by the kind of house (``families``: each a list of cell bitsets that tile the grid)
    that leaves fewest groups, whole houses folded into the total; None when no cell
    is left."""
    whole = size * (size + 1) // 2
    groups: list[tuple[int, ...]] = []
    signs: list[int] = []
    for bits, sign in ((pos, 1), (neg, -1)):
        if not bits:
            continue
        parts = min(
            ([house & bits for house in family if house & bits] for family in families),
            key=len,
        )
        for part in parts:
            if part.bit_count() == size:  # a whole house: its total is known
                total -= sign * whole
            else:
                groups.append(tuple(cells_of(part)))
                signs.append(sign)
    if not groups:
        return None
    return SetSum(tuple(groups), tuple(signs), total)


def mask_of(cells: Sequence[int]) -> int:
    """The cells as a bitmask (bit ``i`` for cell ``i``)."""
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def _or(masks: Sequence[int]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


def cells_of(bits: int) -> list[int]:
    """The cells of a bitmask, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out
