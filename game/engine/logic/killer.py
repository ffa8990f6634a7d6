"""What the killer techniques share: a rule set's cages, their combinations, and sums
over groups of cells (the 45 rule's virtual cages), built once per rule set.

A *combination* of a cage is a set of distinct digits of its size adding up to its
total (a digit mask).  A combination *fits* a cage when its digits can be given one
to a cell, each cell taking one of its candidates; a candidate is *supported* when
some fitting combination gives it to that cell.  A *sum* is a linear equation over
cells, ``sum(plus) - sum(minus) == constant``, where two cells that share a house
hold different digits and digits may otherwise repeat: the innies and outies of a
set of houses, a cage's cells left out of a house.

Speed matters here (every hint on a killer asks every cage): combinations and the
supports of a cage are cached by the cage's candidate masks, which change slowly
along a solve, and the sets of houses with their cages are built once per rule set.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..houses import HouseKind
from ..rules import Cage, RuleSet
from ..rules.constraints import MEMO_ENTRIES, combinations, sum_support
from ..shape import Shape
from ..symbols import cell_name, symbol
from .grid import cells_of
from .wording import and_list, cells_text, or_list

MAX_SUM_CELLS = 6
"""The most cells a sum (an innie/outie equation) may have to be worth telling."""

MAX_HOUSES = 4
"""The most adjacent houses the 45 rule takes together."""

_SEARCH_LIMIT = 4096
"""Above this many candidate tuples a sum is narrowed by its totals alone (digits may
repeat), which is sound and cheap; below it, cells that share a house must differ."""

T = TypeVar("T")


def per_rules(maxsize: int) -> Callable[[Callable[[RuleSet], T]], Callable[[RuleSet], T]]:
    """A table built once per rule set (kept for the last ``maxsize`` rule sets), the
    latest one found by identity.

    A rule set hashes every one of its constraints, and the killer techniques ask for
    their tables at every hint: looking them up in a plain ``lru_cache`` cost more
    than some of the techniques' own work.
    """

    def wrap(build: Callable[[RuleSet], T]) -> Callable[[RuleSet], T]:
        cached = functools.lru_cache(maxsize=maxsize)(build)
        last: list[tuple[RuleSet, T] | None] = [None]

        @functools.wraps(build)
        def get(rules: RuleSet) -> T:
            entry = last[0]  # one read: another thread may replace it, never tear it
            if entry is not None and entry[0] is rules:
                return entry[1]
            value = cached(rules)
            last[0] = (rules, value)
            return value

        return get

    return wrap


class Quiet:
    """Which parts of a technique's search are known to give no step at a position.

    A hint engine or a grader asks about one position after another, each a few cells
    away from the last.  A part of a search (an equation, a house) whose answer
    depends only on some cells (``deps``, a cell bitset per part) gives the same
    answer while those cells keep their digits and candidates: the technique marks
    the parts it finds quiet, and at the next position only those whose cells changed
    are searched again.  The memo holds the latest position per table (``key``, by
    identity: a rule set's cages or equations), for a few tables; each call replaces
    its entry whole, so two threads racing only cost a repeated search.
    """

    def __init__(self, tables: int = 2) -> None:
        self._tables = tables
        self._seen: tuple[tuple[object, tuple[int, ...], tuple[int, ...], list[bool]], ...] = ()

    def flags(
        self, key: object, values: tuple[int, ...], cands: tuple[int, ...], deps: Sequence[int]
    ) -> list[bool]:
        """Per part, whether it is known quiet at this position.  The list becomes the
        memo's: the caller sets a part True once it finds it quiet, and leaves it
        False where it found a step (or did not look)."""
        quiet = [False] * len(deps)
        if not deps:
            return quiet  # nothing to remember (and ``()`` is one object for every grid)
        seen = self._seen
        for entry in seen:
            if entry[0] is not key or len(entry[3]) != len(deps) or len(entry[1]) != len(values):
                continue
            changed = 0
            if entry[1] != values or entry[2] != cands:
                for cell, (a, b, x, y) in enumerate(
                    zip(entry[1], values, entry[2], cands, strict=True)
                ):
                    if a != b or x != y:
                        changed |= 1 << cell
            for k, (bits, was) in enumerate(zip(deps, entry[3], strict=True)):
                if was and not bits & changed:
                    quiet[k] = True
            break
        others = tuple(entry for entry in seen if entry[0] is not key)
        self._seen = ((key, values, cands, quiet), *others[: self._tables - 1])
        return quiet


@dataclass(frozen=True)
class KillerCage:
    """A cage with a total: its cells (reading order), total, and cell bitset.

    A *hidden* cage is one the 45 rule deduces (:func:`deduced_cages`): ``origin``
    then says how, in a sentence ("Row 3 adds up to 45; ..."), and its name says
    "hidden".  Its cells all see each other, so it holds different digits like a cage.
    """

    cells: tuple[int, ...]
    total: int
    bits: int
    origin: str = ""
    around: tuple[int, ...] = ()  # a hidden cage's houses (cells), outlined with it
    around_name: str = ""  # "row 3", "boxes 1 and 2"
    houses: int = 0  # how many houses the 45 rule took together for it

    @property
    def hidden(self) -> bool:
        return bool(self.origin)

    def name(self, size: int) -> str:
        """``the 15 cage at r1c1, r1c2, r2c1`` (its total and its cells)."""
        word = "hidden cage" if self.hidden else "cage"
        return f"the {self.total} {word} at {', '.join(cell_name(c, size) for c in self.cells)}"

    def title(self, size: int) -> str:
        """:meth:`name` at the start of a sentence."""
        return "T" + self.name(size)[1:]

    def label(self) -> str:
        return str(self.total)


@per_rules(32)
def cages_of(rules: RuleSet) -> tuple[KillerCage, ...]:
    """The cages of ``rules`` that carry a total."""
    found = []
    for rule in rules.constraints:
        if isinstance(rule, Cage) and rule.total is not None:
            cells = tuple(sorted(rule.members))
            found.append(KillerCage(cells, rule.total, cells_bits(cells)))
    return tuple(found)


def cells_bits(cells: Iterable[int]) -> int:
    """The cell bitset of ``cells``."""
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


# -- one cage -------------------------------------------------------------------------


def _matching(masks: Sequence[int], combo: int) -> list[int] | None:
    """One way of giving the combination's digits one to a cell (a digit bit per cell,
    in the cells' order), or None."""
    # Cells are few (a cage has at most N): try the most constrained cell first.
    order = sorted(range(len(masks)), key=lambda i: (masks[i] & combo).bit_count())
    chosen = [0] * len(masks)
    if not _assign([masks[i] & combo for i in order], combo, order, chosen, 0):
        return None
    return chosen


def _assign(
    parts: Sequence[int], free: int, order: Sequence[int], chosen: list[int], at: int
) -> bool:
    if at == len(parts):
        return True
    first = parts[at] & free
    while first:
        low = first & -first
        chosen[order[at]] = low
        if _assign(parts, free & ~low, order, chosen, at + 1):
            return True
        first ^= low
    return False


@dataclass(frozen=True)
class CageFit:
    """A cage's combinations against its cells' digits: every combination of its size
    and total, those that fit, and each cell's supported digits."""

    every: tuple[int, ...]
    fitting: tuple[int, ...]
    support: tuple[int, ...]

    @functools.cached_property
    def required(self) -> int:
        """The digits in every fitting combination (a mask; 0 when none fits)."""
        need = -1
        for combo in self.fitting:
            need &= combo
        return need if self.fitting else 0


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def fit(masks: tuple[int, ...], total: int, size: int, need: int = 0) -> CageFit:
    """The combinations of a cage whose cells can hold ``masks`` (a placed digit is a
    one-digit mask), keeping only those that contain every digit of ``need``."""
    every = combinations(len(masks), total, size)
    fitting = []
    ways = []
    for combo in every:
        if combo & need == need:
            way = _matching(masks, combo)
            if way is not None:
                fitting.append(combo)
                ways.append(way)
    return CageFit(every, tuple(fitting), _support(masks, fitting, ways))


def combo_text(combo: int) -> str:
    """``1+5+9``."""
    return "+".join(symbol(d) for d in range(1, combo.bit_length() + 1) if combo >> (d - 1) & 1)


def combos_text(combos: Sequence[int], limit: int = 6) -> str:
    """``1+5+9, 2+4+9 or 3+4+8``, or a count when there are many."""
    if len(combos) > limit:
        return f"{len(combos)} combinations"
    return or_list([combo_text(c) for c in combos]) if combos else "none"


# -- sums over cells (the 45 rule) ---------------------------------------------------


@dataclass(frozen=True)
class HouseSet:
    """Adjacent houses of one kind taken together (``k`` of them, each holding every
    digit once), with the cages wholly inside and those that cross its edge."""

    houses: tuple[int, ...]  # indices into rules.houses
    name: str  # "rows 1-2", "boxes 1, 2 and 4", "diagonal 1"
    bits: int
    inside: tuple[KillerCage, ...]
    crossing: tuple[KillerCage, ...]


@dataclass(frozen=True)
class Equation:
    """``sum(plus) - sum(minus) == total`` over a house set: the cells left inside
    (innies), the crossing cages' cells outside it (outies), and the cages used."""

    where: HouseSet
    plus: tuple[int, ...]
    minus: tuple[int, ...]
    total: int
    expanded: tuple[KillerCage, ...]  # crossing cages whose outies are in ``minus``


def _adjacent(a: Sequence[int], b: Sequence[int], size: int) -> bool:
    near = set()
    for cell in a:
        r, c = divmod(cell, size)
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < size and 0 <= nc < size:
                near.add(nr * size + nc)
    return bool(near & set(b))


def _runs(units: Sequence[int], word: str) -> list[tuple[tuple[int, ...], str]]:
    found = []
    for k in range(1, MAX_HOUSES + 1):
        for start in range(len(units) - k + 1):
            chosen = tuple(units[start : start + k])
            name = f"{word} {start + 1}" if k == 1 else f"{word}s {start + 1}-{start + k}"
            found.append((chosen, name))
    return found


def _region_groups(shape: Shape) -> list[tuple[tuple[int, ...], str]]:
    """Connected groups of one to ``MAX_HOUSES`` regions (by shared edges)."""
    units = shape.region_units
    n = shape.size
    touching = {
        u: {v for v in units if v != u and _adjacent(shape.units[u], shape.units[v], n)}
        for u in units
    }
    groups: set[frozenset[int]] = {frozenset((u,)) for u in units}
    layer = set(groups)
    for _ in range(MAX_HOUSES - 1):
        layer = {g | {v} for g in layer for u in g for v in touching[u] if v not in g}
        groups |= layer
    word = "box" if not shape.is_jigsaw else "region"
    out = []
    for group in sorted(groups, key=lambda g: (len(g), sorted(g))):
        numbers = [shape.houses[u].index + 1 for u in sorted(group)]
        plural = "boxes" if word == "box" else "regions"
        name = (
            f"{word} {numbers[0]}"
            if len(numbers) == 1
            else f"{plural} {and_list([str(x) for x in numbers])}"
        )
        out.append((tuple(sorted(group)), name))
    return out


@functools.lru_cache(maxsize=16)
def _shape_sets(shape: Shape) -> tuple[tuple[tuple[int, ...], str, int], ...]:
    """The runs of rows and columns and the groups of regions of ``shape``: their
    units, name and cells (a bitset).  Killer generation grades many rule sets on one
    shape, so these are built once per shape."""
    choices = _runs(shape.row_units, "row") + _runs(shape.column_units, "column")
    choices += _region_groups(shape)
    return tuple(
        (units, name, cells_bits(c for u in units for c in shape.units[u]))
        for units, name in choices
    )


@per_rules(16)
def house_sets(rules: RuleSet) -> tuple[HouseSet, ...]:
    """Every set of one to ``MAX_HOUSES`` adjacent rows, columns or regions, and every
    other whole house (a diagonal, an extra region), with their cages."""
    shape = rules.shape
    n = shape.size
    cages = cages_of(rules)
    if not cages:
        return ()
    choices = list(_shape_sets(shape))
    base = len(shape.houses)
    for index, house in enumerate(rules.houses[base:], base):
        if house.is_full(n) and house.kind is not HouseKind.CAGE:
            choices.append(((index,), house.name, cells_bits(house.cells)))
    found = []
    for units, name, bits in choices:
        inside: list[KillerCage] = []
        crossing: list[KillerCage] = []
        for cage in cages:
            common = cage.bits & bits
            if common:
                (inside if common == cage.bits else crossing).append(cage)
        found.append(HouseSet(units, name, bits, tuple(inside), tuple(crossing)))
    return tuple(found)


@per_rules(16)
def equations(rules: RuleSet) -> tuple[Equation, ...]:
    """The innie/outie equations of every house set with at most ``MAX_SUM_CELLS`` cells.

    For a house set of ``k`` houses, the cells not in a cage wholly inside it (its
    innies) add up to ``k * N(N+1)/2`` less those cages' totals.  Swapping a crossing
    cage's innies for its outies keeps the equation true with the cage's total taken
    off: every choice of crossing cages to swap gives one, and those small enough to
    tell are kept (each crossing cage is chosen independently, so a bounded search).
    """
    n = rules.size
    found: dict[tuple[tuple[int, ...], tuple[int, ...], int], Equation] = {}
    for where in house_sets(rules):
        sums = _set_sums(
            len(where.houses),
            where.bits,
            tuple((c.bits, c.total) for c in where.inside),
            tuple((c.bits, c.total) for c in where.crossing),
            n,
        )
        for key, chosen in sums:
            if key not in found:
                used = tuple(where.crossing[i] for i in chosen)
                found[key] = Equation(where, key[0], key[1], key[2], used)
    return tuple(found.values())


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def _set_sums(
    count: int,
    bits: int,
    inside: tuple[tuple[int, int], ...],
    crossing: tuple[tuple[int, int], ...],
    size: int,
) -> tuple[tuple[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, ...]], ...]:
    """The equations of one house set (``count`` houses, cells ``bits``) with the cages
    (cells, total) ``inside`` and ``crossing`` it: each as ``(plus, minus, total)``
    with the indices into ``crossing`` of the cages swapped.  A merge of two cages
    leaves most house sets' cages as they were, so the next rule set finds these."""
    whole = size * (size + 1) // 2
    covered = 0
    for cage_bits, _ in inside:
        covered |= cage_bits
    innies = bits & ~covered
    if not innies:
        return ()
    constant = whole * count - sum(total for _, total in inside)
    near = [i for i, (cage_bits, _) in enumerate(crossing) if cage_bits & innies]
    base = innies.bit_count()
    gains = [
        (crossing[i][0] & ~bits).bit_count() - (crossing[i][0] & innies).bit_count() for i in near
    ]
    out = []
    for chosen in _choices(gains, base):
        plus, minus, total = innies, 0, constant
        for k in chosen:
            cage_bits, cage_total = crossing[near[k]]
            plus &= ~cage_bits
            minus |= cage_bits & ~bits
            total -= cage_total
        if not plus and not minus:
            continue
        key = (tuple(cells_of(plus)), tuple(cells_of(minus)), total)
        out.append((key, tuple(near[k] for k in chosen)))
    return tuple(out)


def _choices(gains: Sequence[int], base: int) -> list[tuple[int, ...]]:
    """Subsets of crossing cages to swap that keep the equation within ``MAX_SUM_CELLS``."""
    out: list[tuple[int, ...]] = []
    order = sorted(range(len(gains)), key=lambda i: gains[i])
    best_rest = [0] * (len(order) + 1)
    for pos in range(len(order) - 1, -1, -1):
        best_rest[pos] = best_rest[pos + 1] + min(0, gains[order[pos]])

    def walk(pos: int, size: int, chosen: tuple[int, ...]) -> None:
        if size + best_rest[pos] > MAX_SUM_CELLS or len(out) > 64:
            return
        if pos == len(order):
            out.append(chosen)
            return
        walk(pos + 1, size, chosen)
        walk(pos + 1, size + gains[order[pos]], chosen + (order[pos],))

    walk(0, base, ())
    return out


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def sum_fit(
    plus: tuple[int, ...],
    minus: tuple[int, ...],
    total: int,
    size: int,
    apart: frozenset[tuple[int, int]],
) -> tuple[int, ...] | None:
    """The supported digits of each cell (``plus`` then ``minus``) of
    ``sum(plus) - sum(minus) == total``, cells ``i, j`` in ``apart`` holding different
    digits; None when nothing fits."""
    masks = plus + minus
    count = 1
    for mask in masks:
        count *= mask.bit_count()
    if not count:
        return None  # a cell with no digit left (a puzzle with no solution)
    if count > _SEARCH_LIMIT or not apart:
        # Minus cells count ``N + 1 - d``: the equation becomes a plain sum.
        flipped = tuple(_flip(m, size) for m in minus)
        target = total + len(minus) * (size + 1)
        if target < 0:
            return None
        kept = sum_support(plus + flipped, 1 << target)
        if kept is None:
            return None
        return tuple(kept[: len(plus)]) + tuple(_flip(m, size) for m in kept[len(plus) :])
    if not all(masks):
        return None  # a cell with no digit: nothing fits
    return _sum_ways(masks, (1,) * len(plus) + (-1,) * len(minus), total, size, apart)


def _sum_ways(
    masks: tuple[int, ...],
    signs: tuple[int, ...],
    total: int,
    size: int,
    apart: frozenset[tuple[int, int]],
) -> tuple[int, ...] | None:
    """:func:`sum_fit`'s search: the cells' supported digits, or None.

    The cells are filled in order, and what the rest of a way can be depends only on
    the sum so far and on the digits the cells filled rule out in the cells to come
    (those sharing a house with them): that pair is a *state*.  Ways that reach the
    same state go on alike, so the states are walked once each, forwards (those
    reachable) then backwards (those that reach the total): a digit is supported where
    it leads from one to the other.  Listing every way instead (each order of the same
    digits again) cost several times more on the sums a killer's hints ask about.
    """
    count = len(masks)
    full = (1 << size) - 1
    # Per cell, each digit: its bit, its signed value, and the digits it rules out in
    # the cells after it, all in one int (cell m's digits at bits m * size).
    moves: list[list[tuple[int, int, int]]] = []
    for i, mask in enumerate(masks):
        here = []
        for d in range(1, size + 1):
            bit = 1 << (d - 1)
            if mask & bit:
                spread = 0
                for m in range(i + 1, count):
                    if masks[m] & bit and (i, m) in apart:
                        spread |= bit << (m * size)
                here.append((bit, d * signs[i], spread))
        moves.append(here)
    # The least and most the cells from i on can add, to cut sums out of reach.
    low = [0] * (count + 1)
    high = [0] * (count + 1)
    for i in range(count - 1, -1, -1):
        a, b = moves[i][0][1], moves[i][-1][1]
        low[i] = low[i + 1] + min(a, b)
        high[i] = high[i + 1] + max(a, b)
    layer: set[tuple[int, int]] = {(0, 0)}
    edges: list[list[tuple[tuple[int, int], int, tuple[int, int]]]] = []
    for i in range(count):
        after: set[tuple[int, int]] = set()
        found = []
        lo, hi = low[i + 1], high[i + 1]
        shift = i * size
        others = ~(full << shift)
        for state in layer:
            acc, banned = state
            ban = banned >> shift
            rest = banned & others
            for bit, value, spread in moves[i]:
                if bit & ban:
                    continue
                reached = acc + value
                if not lo <= total - reached <= hi:
                    continue
                target = (reached, rest | spread)
                after.add(target)
                found.append((state, bit, target))
        edges.append(found)
        layer = after
    good = {state for state in layer if state[0] == total}
    if not good:
        return None
    support = [0] * count
    for i in range(count - 1, -1, -1):
        before = set()
        for state, bit, target in edges[i]:
            if target in good:
                support[i] |= bit
                before.add(state)
        good = before
    return tuple(support)


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def _flip(mask: int, size: int) -> int:
    """The digits ``N + 1 - d`` of the digits ``d`` of ``mask``."""
    out = 0
    for d in range(1, size + 1):
        if mask >> (d - 1) & 1:
            out |= 1 << (size - d)
    return out


def ways_text(plus: Sequence[int], minus: Sequence[int], size: int) -> str:
    """``r1c1 + r1c2 - r3c4``."""
    text = " + ".join(cell_name(c, size) for c in plus)
    for cell in minus:
        text += f" - {cell_name(cell, size)}" if text else f"-{cell_name(cell, size)}"
    return text


def pairs_apart(rules: RuleSet, cells: Sequence[int]) -> frozenset[tuple[int, int]]:
    """Index pairs ``(i, j)``, ``i < j``, of ``cells`` that share a house."""
    known = _apart_known(rules)
    key = tuple(cells)
    found = known.get(key)
    if found is None:
        peers = peer_bits(rules)
        found = frozenset(
            (i, j)
            for i, j in itertools.combinations(range(len(cells)), 2)
            if peers[cells[i]] >> cells[j] & 1
        )
        known[key] = found  # the same set again: its hash is kept, sum_fit's key is cheap
    return found


@per_rules(16)
def _apart_known(rules: RuleSet) -> dict[tuple[int, ...], frozenset[tuple[int, int]]]:
    """:func:`pairs_apart`'s answers for ``rules``, per tuple of cells (a sum's cells
    left empty: a few hundred per rule set)."""
    return {}


@per_rules(16)
def peer_bits(rules: RuleSet) -> tuple[int, ...]:
    """Per cell, the cells that share a house with it (a cell bitset)."""
    return tuple(cells_bits(peers) for peers in rules.peers)


# -- hidden cages: what the 45 rule deduces ------------------------------------------


def equation_story(eq: Equation, size: int) -> str:
    """How an equation comes from its houses and cages, in players' words."""
    n = size
    k = len(eq.where.houses)
    whole = n * (n + 1) // 2
    where = eq.where.name
    head = f"{where[0].upper()}{where[1:]} add{'s' if k == 1 else ''} up to {whole * k}" + (
        f" ({k} x {whole})" if k > 1 else ""
    )
    inside = eq.where.inside
    covered = 0
    for cage in inside:
        covered |= cage.bits
    innies = list(cells_of(eq.where.bits & ~covered))
    inner_total = whole * k - sum(c.total for c in inside)
    if inside:
        totals = " + ".join(str(c.total) for c in inside)
        cages = "the cage" if len(inside) == 1 else f"the {len(inside)} cages"
        head += f"; {cages} wholly inside add{'s' if len(inside) == 1 else ''} up to {totals}"
    if len(innies) == 1:
        head += f", so {cell_name(innies[0], n)} is {inner_total}."
    else:
        head += f", so the innies {cells_text(innies, n)} add up to {inner_total}."
    if eq.expanded:
        names = and_list([c.name(n) for c in eq.expanded])
        verb = "crosses" if len(eq.expanded) == 1 else "cross"
        head += (
            f" {names[0].upper()}{names[1:]} {verb} the edge: swapping "
            f"{'its' if len(eq.expanded) == 1 else 'their'} cells inside for those outside "
            f"gives {ways_text(eq.plus, eq.minus, n)} = {eq.total}."
        )
    return head


def _clique(cells: Sequence[int], rules: RuleSet) -> bool:
    peers = rules.peers
    return all(b in peers[a] for a, b in itertools.combinations(cells, 2))


def cage_equation(eq: Equation, rules: RuleSet) -> bool:
    """Whether ``eq`` is a hidden cage: two or more cells on one side, all seeing each
    other (so different digits), with a total of their own."""
    if eq.plus and eq.minus:
        return False
    cells = eq.plus or eq.minus
    return len(cells) >= 2 and _clique(cells, rules)


@per_rules(16)
def deduced_cages(rules: RuleSet) -> tuple[KillerCage, ...]:
    """The hidden cages of ``rules``: cells the 45 rule gives a total whose cells all see
    each other, so they hold different digits and have combinations like a cage.

    - *innies* (a house less its cages) or *outies* (a crossing cage's cells outside)
      of one to four houses, when they see each other;
    - *cage splitting*: a cage holding a hidden cage, less it, is one too (its total
      less the hidden cage's).

    Real cages are never repeated; the first way found for a set of cells is kept.
    """
    n = rules.size
    real = {c.bits for c in cages_of(rules)}
    found: dict[int, KillerCage] = {}
    for eq in equations(rules):
        if not cage_equation(eq, rules):
            continue
        cells = eq.plus or eq.minus
        total = eq.total if eq.plus else -eq.total
        bits = cells_bits(cells)
        if bits in real or bits in found:
            continue
        origin = equation_story(eq, n)
        if eq.minus:
            origin += f" So {ways_text(cells, (), n)} = {total}."
        found[bits] = KillerCage(
            tuple(cells),
            total,
            bits,
            origin,
            tuple(cells_of(eq.where.bits)),
            eq.where.name,
            len(eq.where.houses),
        )
    for cage in cages_of(rules):
        for part in list(found.values()):
            if part.bits & ~cage.bits or part.bits == cage.bits:
                continue
            rest = cage.bits & ~part.bits
            cells = tuple(cells_of(rest))
            if rest in real or rest in found or len(cells) < 2:
                continue
            total = cage.total - part.total
            origin = (
                f"{part.origin} {cage.title(n)} holds those cells, so its others, "
                f"{cells_text(cells, n)}, add up to {cage.total} - {part.total} = {total}."
            )
            found[rest] = KillerCage(
                cells, total, rest, origin, part.around, part.around_name, part.houses
            )
    return tuple(found.values())


def every_cage(rules: RuleSet) -> tuple[KillerCage, ...]:
    """The real cages with totals, then the hidden ones."""
    return cages_of(rules) + deduced_cages(rules)


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def support_of(masks: tuple[int, ...], combos: tuple[int, ...]) -> tuple[int, ...]:
    """Each cell's digits that some of ``combos`` gives it, one digit to a cell."""
    fitting = []
    ways = []
    for combo in combos:
        way = _matching(masks, combo)
        if way is not None:
            fitting.append(combo)
            ways.append(way)
    return _support(masks, fitting, ways)


def _support(
    masks: tuple[int, ...], combos: Sequence[int], ways: Sequence[Sequence[int]]
) -> tuple[int, ...]:
    """:func:`support_of` for combinations that fit, each with one way it fits: every
    way found gives each cell its digit, so only digits no way has given yet are
    looked for, one matching each."""
    support = [0] * len(masks)
    for combo, way in zip(combos, ways, strict=True):
        for i, bit in enumerate(way):
            support[i] |= bit
        for i, mask in enumerate(masks):
            free = mask & combo & ~support[i]
            if not free:
                continue
            rest = masks[:i] + masks[i + 1 :]
            while free:
                low = free & -free
                free ^= low
                if support[i] & low:
                    continue
                other = _matching(rest, combo & ~low)
                if other is not None:
                    support[i] |= low
                    for j, bit in enumerate(other):
                        support[j if j < i else j + 1] |= bit
    return tuple(support)


def mask_text(mask: int) -> str:
    """A digit mask for a sentence: ``1-7``, ``2, 5 or 8``, ``1-3 or 6``."""
    digits = [d for d in range(1, mask.bit_length() + 1) if mask >> (d - 1) & 1]
    runs: list[list[int]] = []
    for d in digits:
        if runs and runs[-1][-1] == d - 1:
            runs[-1].append(d)
        else:
            runs.append([d])
    words: list[str] = []
    for run in runs:
        if len(run) >= 3:
            words.append(f"{symbol(run[0])}-{symbol(run[-1])}")
        else:
            words.extend(symbol(d) for d in run)
    return or_list(words) if words else "nothing"


def why_not(combo: int, cells: Sequence[int], masks: Sequence[int], size: int) -> str:
    """Why a combination cannot fill ``cells`` holding ``masks``, naming cells and digits:
    ``8+9 needs 8 or 9 in r1c1, which has only 1-7``."""
    union = 0
    for mask in masks:
        union |= mask
    missing = combo & ~union
    if missing:
        joined = mask_text(missing).replace(" or ", " and ")
        return (
            f"{combo_text(combo)} needs {joined}, but {cells_text(cells, size)} can only "
            f"hold {mask_text(union)}"
        )
    for cell, mask in zip(cells, masks, strict=True):
        if not mask & combo:
            return (
                f"{combo_text(combo)} needs {mask_text(combo)} in {cell_name(cell, size)}, "
                f"which has only {mask_text(mask)}"
            )
    # Hall's condition: some cells can only take fewer of its digits than they number.
    for k in range(2, len(cells)):
        for group in itertools.combinations(range(len(cells)), k):
            reach = 0
            for i in group:
                reach |= masks[i] & combo
            if reach.bit_count() < k:
                names = cells_text([cells[i] for i in group], size)
                return (
                    f"{combo_text(combo)} needs {k} different digits in {names}, which "
                    f"can only take {mask_text(reach)} of it"
                )
    return f"{combo_text(combo)} cannot go one digit to a cell"
