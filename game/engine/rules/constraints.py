"""Constraints: the rules of variants beyond houses, one frozen value per rule.

A constraint names its cells and says what it forbids, in the few ways the solver and
the logic can use (the shape of rangsk's SudokuSolver, written anew here):

- :meth:`Constraint.houses`: all-different groups it adds (a diagonal, a cage);
- :meth:`Constraint.allowed`: digits a cell may hold at all (even/odd cells);
- :meth:`Constraint.links`: *weak links*, pairs of candidates that cannot both be
  true (two cells of a thermometer, a kropki pair, a knight's move);
- :meth:`Constraint.narrow`: for rules no pair of cells can express (a cage sum, an
  arrow, a between line), the candidates of its cells narrowed to those that still
  fit some way of completing it, or None when none does;
- :meth:`Constraint.broken`: whether a grid, filled or not, breaks it, and where.

Cells are 0-based indices in reading order, digits ``1..N``, candidate sets bitmasks
(bit ``d - 1`` for digit ``d``).  A constraint is a value: equal constraints compare
equal and hash alike, so a rule set can key caches.  Checking that a constraint fits
its grid (cells inside it, lines connected) is :func:`check`'s job, at the boundary.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import ClassVar

from ..errors import InvalidPuzzleError
from ..houses import House, HouseKind
from ..symbols import cell_name

Link = tuple[int, int, int, int]
"""A weak link: cell ``a`` holding digit ``x`` and cell ``b`` holding ``y`` exclude each other."""


class Constraint:
    """A rule beyond houses.  Subclasses are frozen dataclasses with a registry ``kind``."""

    kind: ClassVar[str] = ""
    relabels: ClassVar[bool] = False
    """Whether any permutation of digits maps solutions to solutions under this rule
    (a diagonal: yes; a sum or an order: no).  Relabelling arguments (the solver's
    free-digit shortcut, uniqueness techniques, the generator's digit shuffle) need it."""

    def cells(self) -> tuple[int, ...]:
        """The cells the rule is about (for drawing, checking and violations)."""
        raise NotImplementedError

    def houses(self, size: int) -> tuple[House, ...]:
        return ()

    def allowed(self, size: int) -> dict[int, int]:
        """Per cell, the digits (a mask) the rule allows there, for cells it restricts."""
        return {}

    def links(self, size: int) -> Iterator[Link]:
        return iter(())

    def narrows(self) -> bool:
        """Whether :meth:`narrow` does anything (most rules are links alone)."""
        return False

    def narrow(self, masks: Sequence[int], size: int) -> list[int] | None:
        """The candidates of :meth:`cells` (in that order) that still fit, or None."""
        return list(masks)

    def broken(self, grid: Sequence[int], size: int) -> tuple[int, ...]:
        """The cells where ``grid`` visibly breaks the rule (empty cells: nothing yet)."""
        return _broken_links(self, grid, size)


def _broken_links(rule: Constraint, grid: Sequence[int], size: int) -> tuple[int, ...]:
    bad: set[int] = set()
    for a, x, b, y in rule.links(size):
        if grid[a] == x and grid[b] == y:
            bad.update((a, b))
    for cell, mask in rule.allowed(size).items():
        if grid[cell] and not mask >> (grid[cell] - 1) & 1:
            bad.add(cell)
    return tuple(sorted(bad))


def _pairs(cells: Sequence[int], size: int, fits: object) -> Iterator[Link]:
    """Links between two cells for every digit pair ``fits(x, y)`` refuses."""
    a, b = cells
    test = fits  # a callable (x, y) -> bool
    for x in range(1, size + 1):
        for y in range(1, size + 1):
            if not test(x, y):  # type: ignore[operator]
                yield (a, x, b, y)


def _full(size: int) -> int:
    return (1 << size) - 1


def orthogonal_pairs(size: int) -> Iterator[tuple[int, int]]:
    """Every pair of orthogonally adjacent cells, each once."""
    for r in range(size):
        for c in range(size):
            cell = r * size + c
            if c + 1 < size:
                yield cell, cell + 1
            if r + 1 < size:
                yield cell, cell + size


def _moves(size: int, steps: Sequence[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    for r in range(size):
        for c in range(size):
            for dr, dc in steps:
                nr, nc = r + dr, c + dc
                if 0 <= nr < size and 0 <= nc < size and (r, c) < (nr, nc):
                    yield r * size + c, nr * size + nc


# -- houses -----------------------------------------------------------------------


@dataclass(frozen=True)
class Diagonal(Constraint):
    """A main diagonal holds every digit once (``anti``: top right to bottom left)."""

    members: tuple[int, ...]
    anti: bool = False
    kind: ClassVar[str] = "diagonal"
    relabels: ClassVar[bool] = True

    @classmethod
    def of(cls, size: int, anti: bool = False) -> Diagonal:
        if anti:
            return cls(tuple(r * size + size - 1 - r for r in range(size)), True)
        return cls(tuple(r * size + r for r in range(size)), False)

    def cells(self) -> tuple[int, ...]:
        return self.members

    def houses(self, size: int) -> tuple[House, ...]:
        return (House(HouseKind.DIAGONAL, int(self.anti), self.members),)

    def broken(self, grid: Sequence[int], size: int) -> tuple[int, ...]:
        return _repeats(self.members, grid)


@dataclass(frozen=True)
class ExtraRegion(Constraint):
    """Extra cells that hold every digit once (Windoku's four windows, hyper regions)."""

    members: tuple[int, ...]
    kind: ClassVar[str] = "extra-region"
    relabels: ClassVar[bool] = True

    def cells(self) -> tuple[int, ...]:
        return self.members

    def houses(self, size: int) -> tuple[House, ...]:
        return (House(HouseKind.EXTRA, 0, self.members),)

    def broken(self, grid: Sequence[int], size: int) -> tuple[int, ...]:
        return _repeats(self.members, grid)


@dataclass(frozen=True)
class DisjointGroups(Constraint):
    """Cells in the same place of each box hold different digits (classic boxes only)."""

    groups: tuple[tuple[int, ...], ...]
    kind: ClassVar[str] = "disjoint-groups"
    relabels: ClassVar[bool] = True

    @classmethod
    def of(cls, size: int, box_rows: int, box_columns: int) -> DisjointGroups:
        h, w = box_rows, box_columns
        return cls(
            tuple(
                tuple(
                    (br * h + pr) * size + bc * w + pc
                    for br in range(size // h)
                    for bc in range(size // w)
                )
                for pr in range(h)
                for pc in range(w)
            )
        )

    def cells(self) -> tuple[int, ...]:
        return tuple(c for group in self.groups for c in group)

    def houses(self, size: int) -> tuple[House, ...]:
        return tuple(House(HouseKind.DISJOINT, i, g) for i, g in enumerate(self.groups))

    def broken(self, grid: Sequence[int], size: int) -> tuple[int, ...]:
        return tuple(sorted({c for g in self.groups for c in _repeats(g, grid)}))


def _repeats(cells: Sequence[int], grid: Sequence[int]) -> tuple[int, ...]:
    seen: dict[int, list[int]] = {}
    for cell in cells:
        if grid[cell]:
            seen.setdefault(grid[cell], []).append(cell)
    return tuple(sorted(c for group in seen.values() if len(group) > 1 for c in group))


# -- sums ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Cage(Constraint):
    """A killer cage: no digit repeats in it, and its digits add up to ``total`` if given."""

    members: tuple[int, ...]
    total: int | None = None
    kind: ClassVar[str] = "cage"

    def cells(self) -> tuple[int, ...]:
        return self.members

    def houses(self, size: int) -> tuple[House, ...]:
        return (House(HouseKind.CAGE, 0, self.members),)

    def narrows(self) -> bool:
        return self.total is not None

    def narrow(self, masks: Sequence[int], size: int) -> list[int] | None:
        if self.total is None:
            return list(masks)
        kept = _cage_narrow(tuple(masks), self.total, size)
        return None if kept is None else list(kept)

    def broken(self, grid: Sequence[int], size: int) -> tuple[int, ...]:
        bad = set(_repeats(self.members, grid))
        digits = [grid[c] for c in self.members]
        if self.total is not None:
            filled = sum(digits)
            if filled > self.total or (all(digits) and filled != self.total):
                bad.update(self.members)
        return tuple(sorted(bad))


MEMO_ENTRIES = 4096
"""Entries kept by each memo of sums by candidate masks (here and in the killer
logic).  Four of them kept 65,536: after 40 9x9 Hard killers were generated, they
held 112 MB of a process's 234 MB, for masks of puzzles long gone.  The
masks a solve or a grade asks about again are recent ones: with 2,048 entries the
same killers were generated in the same time (paired, 9x9 Hard seeds 1000-1017)."""


@lru_cache(maxsize=MEMO_ENTRIES)
def _cage_narrow(masks: tuple[int, ...], total: int, size: int) -> tuple[int, ...] | None:
    """:meth:`Cage.narrow` for cells holding ``masks``: the same masks come back again
    and again along a solve, and every grade and hint narrows every cage."""
    # Every set of distinct digits of the right size and sum whose digits the cells
    # can cover; each cell keeps its candidates that lie in some such set.  (A set
    # that passes may still not fit one digit per cell: sound, not always tight.)
    union = 0
    for mask in masks:
        union |= mask
    kept = [0] * len(masks)
    required = (1 << size) - 1
    for combo in combinations(len(masks), total, size):
        if combo & ~union:
            continue
        cover = 0
        for mask in masks:
            part = mask & combo
            if not part:
                break
            cover |= part
        else:
            if cover == combo:
                required &= combo
                for i, mask in enumerate(masks):
                    kept[i] |= mask & combo
    if not any(kept):
        return None
    # A digit every fitting set holds must go somewhere: with one place left in
    # the cage, it goes there (a hidden single inside the cage).
    while required:
        low = required & -required
        places = [i for i, keep in enumerate(kept) if keep & low]
        if not places:
            return None
        if len(places) == 1:
            kept[places[0]] = low
        required ^= low
    return tuple(kept)


@cache
def combinations(count: int, total: int, size: int) -> tuple[int, ...]:
    """Every set of ``count`` distinct digits ``1..size`` adding up to ``total``, as masks."""
    return tuple(
        sum(1 << (d - 1) for d in digits)
        for digits in itertools.combinations(range(1, size + 1), count)
        if sum(digits) == total
    )


def sum_support(masks: Sequence[int], totals: int) -> list[int] | None:
    """Candidates of cells whose digits (repeats allowed) add up to a total in ``totals``.

    ``totals`` is a set of sums as a bitmask (bit ``t`` for sum ``t``).  Reachable sums
    are bitsets too: the sums of a prefix shifted by each digit of the next cell, so the
    work is a few shifts per digit whatever the number of ways.
    """
    count = len(masks)
    prefix = [1] * (count + 1)
    for i, mask in enumerate(masks):
        reach = 0
        rest = mask
        while rest:
            low = rest & -rest
            reach |= prefix[i] << low.bit_length()
            rest ^= low
        prefix[i + 1] = reach
    if not prefix[count] & totals:
        return None
    # Going back: which totals are still reachable after cell i, as a suffix target.
    target = [0] * (count + 1)
    target[count] = totals
    kept = [0] * count
    for i in range(count - 1, -1, -1):
        after = target[i + 1]
        before = prefix[i]
        mask = masks[i]
        rest = mask
        need = 0
        while rest:
            low = rest & -rest
            d = low.bit_length()
            # digit d fits if some prefix sum p has p + d in the targets after this cell
            if (before << d) & after:
                kept[i] |= low
                need |= after >> d
            rest ^= low
        target[i] = need
        if not kept[i]:
            return None
    return kept


@dataclass(frozen=True)
class LittleKiller(Constraint):
    """The digits along a diagonal (from a clue outside the grid) add up to ``total``;
    digits may repeat unless a house forbids it."""

    members: tuple[int, ...]
    total: int
    kind: ClassVar[str] = "little-killer"

    def cells(self) -> tuple[int, ...]:
        return self.members

    def narrows(self) -> bool:
        return True

    def narrow(self, masks: Sequence[int], size: int) -> list[int] | None:
        return sum_support(masks, 1 << self.total)

    def broken(self, grid: Sequence[int], size: int) -> tuple[int, ...]:
        digits = [grid[c] for c in self.members]
        if sum(digits) > self.total or (all(digits) and sum(digits) != self.total):
            return self.members
        return ()


@dataclass(frozen=True)
class Sandwich(Constraint):
    """In one row or column (``members``, in order), the digits between the 1 and the
    ``N`` add up to ``total``."""

    members: tuple[int, ...]
    total: int
    kind: ClassVar[str] = "sandwich"

    def cells(self) -> tuple[int, ...]:
        return self.members

    def narrows(self) -> bool:
        return True

    def narrow(self, masks: Sequence[int], size: int) -> list[int] | None:
        # Try every placement of the two crusts that the candidates allow; a cell keeps
        # a digit that some placement supports.  Lines are short, so this stays cheap.
        low, high = 1, 1 << (size - 1)
        crusts = 1 | high
        kept = [0] * len(masks)
        any_way = False
        for i, mi in enumerate(masks):
            if not mi & crusts:
                continue
            for j, mj in enumerate(masks):
                if j <= i or not mj & crusts:
                    continue
                for a_bit, b_bit in ((low, high), (high, low)):
                    if not (mi & a_bit and mj & b_bit):
                        continue
                    inner = [m & ~crusts for m in masks[i + 1 : j]]
                    if any(not m for m in inner):
                        continue
                    support = sum_support(inner, 1 << self.total) if inner else None
                    if inner and support is None:
                        continue
                    if not inner and self.total != 0:
                        continue
                    outer = [k for k in range(len(masks)) if k < i or k > j]
                    if any(not masks[k] & ~crusts for k in outer):
                        continue
                    any_way = True
                    kept[i] |= a_bit
                    kept[j] |= b_bit
                    for offset, mask in enumerate(support or ()):
                        kept[i + 1 + offset] |= mask
                    for k in outer:
                        kept[k] |= masks[k] & ~crusts
        return kept if any_way else None

    def broken(self, grid: Sequence[int], size: int) -> tuple[int, ...]:
        digits = [grid[c] for c in self.members]
        if 1 not in digits or size not in digits:
            return ()
        i, j = sorted((digits.index(1), digits.index(size)))
        between = digits[i + 1 : j]
        if (all(between) and sum(between) != self.total) or sum(between) > self.total:
            return self.members
        return ()


@dataclass(frozen=True)
class Arrow(Constraint):
    """The digits on the shaft add up to the number in the bulb; a bulb of several cells
    reads as a number in the order its cells are listed (f-puzzles' pill bulbs)."""

    bulb: tuple[int, ...]
    shaft: tuple[int, ...]
    kind: ClassVar[str] = "arrow"

    def cells(self) -> tuple[int, ...]:
        return self.bulb + self.shaft

    def narrows(self) -> bool:
        return True

    def narrow(self, masks: Sequence[int], size: int) -> list[int] | None:
        count = len(self.bulb)
        bulb, shaft = list(masks[:count]), list(masks[count:])
        values = _bulb_values(bulb)
        shaft_kept = sum_support(shaft, values)
        if shaft_kept is None:
            return None
        reach = 1
        for mask in shaft_kept:
            step = 0
            rest = mask
            while rest:
                low = rest & -rest
                step |= reach << low.bit_length()
                rest ^= low
            reach = step
        bulb_kept = _bulb_support(bulb, reach)
        if bulb_kept is None:
            return None
        return bulb_kept + shaft_kept

    def broken(self, grid: Sequence[int], size: int) -> tuple[int, ...]:
        bulb = [grid[c] for c in self.bulb]
        shaft = [grid[c] for c in self.shaft]
        if all(bulb) and all(shaft):
            value = int("".join(map(str, bulb))) if size <= 9 else _read(bulb, size)
            if value != sum(shaft):
                return self.cells()
        return ()


def _read(digits: Sequence[int], size: int) -> int:
    value = 0
    for d in digits:
        value = value * 10 + d if d < 10 else value * 100 + d
    return value


def _bulb_values(bulb: Sequence[int]) -> int:
    """Every number the bulb's candidates can spell, as a bitmask of values."""
    values = 0
    for digits in itertools.product(*(_digits(m) for m in bulb)):
        values |= 1 << _read(digits, 0)
    return values


def _bulb_support(bulb: Sequence[int], sums: int) -> list[int] | None:
    kept = [0] * len(bulb)
    for digits in itertools.product(*(_digits(m) for m in bulb)):
        if sums >> _read(digits, 0) & 1:
            for i, d in enumerate(digits):
                kept[i] |= 1 << (d - 1)
    return kept if all(kept) else None


def _digits(mask: int) -> list[int]:
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


# -- lines and pairs -----------------------------------------------------------------


@dataclass(frozen=True)
class Thermometer(Constraint):
    """Digits increase strictly from the bulb (the first cell) along the tube."""

    members: tuple[int, ...]
    kind: ClassVar[str] = "thermometer"

    def cells(self) -> tuple[int, ...]:
        return self.members

    def links(self, size: int) -> Iterator[Link]:
        cells = self.members
        for i, j in itertools.combinations(range(len(cells)), 2):
            gap = j - i
            for x in range(1, size + 1):
                for y in range(1, size + 1):
                    if y - x < gap:
                        yield (cells[i], x, cells[j], y)

    def allowed(self, size: int) -> dict[int, int]:
        length = len(self.members)
        return {
            cell: _full(size) & ~((1 << i) - 1) & ((1 << (size - (length - 1 - i))) - 1)
            for i, cell in enumerate(self.members)
        }


@dataclass(frozen=True)
class Kropki(Constraint):
    """A dot between two adjacent cells: white, consecutive digits; black, one digit
    twice the other."""

    first: int
    second: int
    black: bool
    kind: ClassVar[str] = "kropki"

    def cells(self) -> tuple[int, ...]:
        return (self.first, self.second)

    def links(self, size: int) -> Iterator[Link]:
        if self.black:
            return _pairs(self.cells(), size, lambda x, y: x == 2 * y or y == 2 * x)
        return _pairs(self.cells(), size, lambda x, y: abs(x - y) == 1)


@dataclass(frozen=True)
class XV(Constraint):
    """An X between two cells: their digits add up to 10; a V: to 5."""

    first: int
    second: int
    total: int
    kind: ClassVar[str] = "xv"

    def cells(self) -> tuple[int, ...]:
        return (self.first, self.second)

    def links(self, size: int) -> Iterator[Link]:
        return _pairs(self.cells(), size, lambda x, y: x + y == self.total)


@dataclass(frozen=True)
class Negative(Constraint):
    """The negative rule of dots or XV: every adjacent pair *without* a mark breaks the
    marks' relation (``"kropki"``: neither consecutive nor double; ``"xv"``: sums neither
    5 nor 10; ``"white"``, ``"black"``, ``"x"``, ``"v"`` for one mark alone).
    ``marked`` lists the pairs that carry a mark."""

    rule: str
    marked: frozenset[tuple[int, int]]
    kind: ClassVar[str] = "negative"

    def cells(self) -> tuple[int, ...]:
        return ()

    def refuses(self, x: int, y: int) -> bool:
        tests = {
            "white": abs(x - y) == 1,
            "black": x == 2 * y or y == 2 * x,
            "x": x + y == 10,
            "v": x + y == 5,
        }
        names = {"kropki": ("white", "black"), "xv": ("x", "v")}.get(self.rule, (self.rule,))
        return any(tests[name] for name in names)

    def links(self, size: int) -> Iterator[Link]:
        for a, b in orthogonal_pairs(size):
            if (a, b) in self.marked or (b, a) in self.marked:
                continue
            for x in range(1, size + 1):
                for y in range(1, size + 1):
                    if self.refuses(x, y):
                        yield (a, x, b, y)


@dataclass(frozen=True)
class NonConsecutive(Constraint):
    """Orthogonally adjacent cells never hold consecutive digits."""

    kind: ClassVar[str] = "non-consecutive"

    def cells(self) -> tuple[int, ...]:
        return ()

    def links(self, size: int) -> Iterator[Link]:
        for a, b in orthogonal_pairs(size):
            for x in range(1, size + 1):
                for y in (x - 1, x + 1):
                    if 1 <= y <= size:
                        yield (a, x, b, y)


@dataclass(frozen=True)
class AntiKnight(Constraint):
    """Cells a chess knight's move apart never hold the same digit."""

    kind: ClassVar[str] = "anti-knight"
    relabels: ClassVar[bool] = True
    STEPS: ClassVar[tuple[tuple[int, int], ...]] = (
        (1, 2),
        (2, 1),
        (1, -2),
        (2, -1),
        (-1, 2),
        (-2, 1),
        (-1, -2),
        (-2, -1),
    )

    def cells(self) -> tuple[int, ...]:
        return ()

    def links(self, size: int) -> Iterator[Link]:
        for a, b in _moves(size, self.STEPS):
            for d in range(1, size + 1):
                yield (a, d, b, d)


@dataclass(frozen=True)
class AntiKing(Constraint):
    """Cells a king's move apart (diagonally touching) never hold the same digit."""

    kind: ClassVar[str] = "anti-king"
    relabels: ClassVar[bool] = True

    def cells(self) -> tuple[int, ...]:
        return ()

    def links(self, size: int) -> Iterator[Link]:
        steps = ((1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1), (1, 0), (0, -1), (-1, 0))
        for a, b in _moves(size, steps):
            for d in range(1, size + 1):
                yield (a, d, b, d)


@dataclass(frozen=True)
class Parity(Constraint):
    """An even cell (grey square) or an odd one (grey circle)."""

    cell: int
    even: bool
    kind: ClassVar[str] = "parity"

    def cells(self) -> tuple[int, ...]:
        return (self.cell,)

    def allowed(self, size: int) -> dict[int, int]:
        mask = sum(1 << (d - 1) for d in range(1, size + 1) if (d % 2 == 0) == self.even)
        return {self.cell: mask}


@dataclass(frozen=True)
class Extreme(Constraint):
    """A minimum cell is less than each orthogonal neighbour; a maximum, greater.

    ``exempt`` lists neighbours it is not compared with: f-puzzles (and rangsk's
    solvers) compare a minimum or maximum cell only with neighbours that are not
    themselves of its kind, so a block of maximum cells is a fortress."""

    cell: int
    maximum: bool
    exempt: frozenset[int] = frozenset()
    kind: ClassVar[str] = "extreme"

    def cells(self) -> tuple[int, ...]:
        return (self.cell,)

    def links(self, size: int) -> Iterator[Link]:
        r, c = divmod(self.cell, size)
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < size and 0 <= nc < size and nr * size + nc not in self.exempt:
                other = nr * size + nc
                for x in range(1, size + 1):
                    for y in range(1, size + 1):
                        if (x <= y) if self.maximum else (x >= y):
                            yield (self.cell, x, other, y)


@dataclass(frozen=True)
class Quadruple(Constraint):
    """The digits in the circle (repeats counted) appear in the cells around it."""

    members: tuple[int, ...]
    digits: tuple[int, ...]
    kind: ClassVar[str] = "quadruple"

    def cells(self) -> tuple[int, ...]:
        return self.members

    def narrows(self) -> bool:
        return True

    def narrow(self, masks: Sequence[int], size: int) -> list[int] | None:
        need: dict[int, int] = {}
        for d in self.digits:
            need[d] = need.get(d, 0) + 1
        for d, count in need.items():
            if sum(1 for m in masks if m >> (d - 1) & 1) < count:
                return None
        if sum(need.values()) == len(masks):
            allowed = sum(1 << (d - 1) for d in need)
            kept = [m & allowed for m in masks]
            return None if not all(kept) else kept
        return list(masks)

    def broken(self, grid: Sequence[int], size: int) -> tuple[int, ...]:
        digits = [grid[c] for c in self.members]
        if all(digits):
            pool = list(digits)
            for d in self.digits:
                if d not in pool:
                    return self.members
                pool.remove(d)
        return ()


@dataclass(frozen=True)
class Clone(Constraint):
    """Two groups of cells of the same shape hold the same digits, cell for cell."""

    first: tuple[int, ...]
    second: tuple[int, ...]
    kind: ClassVar[str] = "clone"
    relabels: ClassVar[bool] = True

    def cells(self) -> tuple[int, ...]:
        return self.first + self.second

    def links(self, size: int) -> Iterator[Link]:
        for a, b in zip(self.first, self.second, strict=True):
            yield from _pairs((a, b), size, lambda x, y: x == y)


@dataclass(frozen=True)
class Palindrome(Constraint):
    """The line reads the same from either end."""

    members: tuple[int, ...]
    kind: ClassVar[str] = "palindrome"
    relabels: ClassVar[bool] = True

    def cells(self) -> tuple[int, ...]:
        return self.members

    def links(self, size: int) -> Iterator[Link]:
        cells = self.members
        for i in range(len(cells) // 2):
            yield from _pairs((cells[i], cells[-1 - i]), size, lambda x, y: x == y)


@dataclass(frozen=True)
class Renban(Constraint):
    """The line holds a set of consecutive digits, in any order, none repeated."""

    members: tuple[int, ...]
    kind: ClassVar[str] = "renban"

    def cells(self) -> tuple[int, ...]:
        return self.members

    def links(self, size: int) -> Iterator[Link]:
        # Distinct digits no further apart than the line is long are exactly a run.
        span = len(self.members) - 1
        for a, b in itertools.combinations(self.members, 2):
            yield from _pairs((a, b), size, lambda x, y: x != y and abs(x - y) <= span)


@dataclass(frozen=True)
class Whisper(Constraint):
    """Neighbours along the line differ by at least ``gap`` (German whispers: 5 on
    9x9; Dutch whispers: 4)."""

    members: tuple[int, ...]
    gap: int
    kind: ClassVar[str] = "whisper"

    def cells(self) -> tuple[int, ...]:
        return self.members

    def links(self, size: int) -> Iterator[Link]:
        for a, b in itertools.pairwise(self.members):
            yield from _pairs((a, b), size, lambda x, y: abs(x - y) >= self.gap)


@dataclass(frozen=True)
class Between(Constraint):
    """The digits on the line lie strictly between the digits in its two end circles."""

    members: tuple[int, ...]
    kind: ClassVar[str] = "between"

    def cells(self) -> tuple[int, ...]:
        return self.members

    def links(self, size: int) -> Iterator[Link]:
        first, last = self.members[0], self.members[-1]
        for middle in self.members[1:-1]:
            for end in (first, last):
                for d in range(1, size + 1):
                    yield (end, d, middle, d)

    def narrows(self) -> bool:
        return len(self.members) > 2

    def narrow(self, masks: Sequence[int], size: int) -> list[int] | None:
        ends_a, ends_b, middle = masks[0], masks[-1], masks[1:-1]
        kept_a = kept_b = 0
        kept_middle = [0] * len(middle)
        for a in _digits(ends_a):
            for b in _digits(ends_b):
                low, high = min(a, b), max(a, b)
                window = ((1 << (high - 1)) - 1) & ~((1 << low) - 1)
                parts = [m & window for m in middle]
                if all(parts):
                    kept_a |= 1 << (a - 1)
                    kept_b |= 1 << (b - 1)
                    for i, part in enumerate(parts):
                        kept_middle[i] |= part
        if not kept_a or not kept_b:
            return None
        return [kept_a, *kept_middle, kept_b]

    def broken(self, grid: Sequence[int], size: int) -> tuple[int, ...]:
        a, b = grid[self.members[0]], grid[self.members[-1]]
        if not (a and b):
            return ()
        low, high = min(a, b), max(a, b)
        bad = [c for c in self.members[1:-1] if grid[c] and not low < grid[c] < high]
        return tuple(bad + [self.members[0], self.members[-1]]) if bad else ()


ALL_TYPES: tuple[type[Constraint], ...] = (
    Diagonal,
    ExtraRegion,
    DisjointGroups,
    Cage,
    LittleKiller,
    Sandwich,
    Arrow,
    Thermometer,
    Kropki,
    XV,
    Negative,
    NonConsecutive,
    AntiKnight,
    AntiKing,
    Parity,
    Extreme,
    Quadruple,
    Clone,
    Palindrome,
    Renban,
    Whisper,
    Between,
)


def check(rule: Constraint, size: int) -> None:
    """Raise :class:`InvalidPuzzleError` naming what is wrong with ``rule`` on a
    ``size`` grid: a cell outside it, a cage or line that is not connected, a sum that
    its cells cannot make.  The boundary calls this; the engine trusts what passed."""
    cells = size * size
    for cell in rule.cells():
        if not 0 <= cell < cells:
            raise InvalidPuzzleError(f"a {rule.kind} names a cell outside the {size}x{size} grid")
    if isinstance(rule, Cage):
        if len(set(rule.members)) != len(rule.members) or not rule.members:
            raise InvalidPuzzleError(f"a cage at {_at(rule.members, size)} repeats a cell")
        if not _connected(rule.members, size):
            raise InvalidPuzzleError(f"the cage at {_at(rule.members, size)} is not connected")
        if len(rule.members) > size:
            raise InvalidPuzzleError(f"the cage at {_at(rule.members, size)} has over {size} cells")
        if rule.total is not None and not combinations(len(rule.members), rule.total, size):
            raise InvalidPuzzleError(
                f"the cage at {_at(rule.members, size)} cannot add up to {rule.total} "
                f"with {len(rule.members)} different digits"
            )
    if isinstance(rule, Thermometer | Renban | Whisper | Palindrome | Between) and not _chain(
        rule.members, size
    ):
        raise InvalidPuzzleError(
            f"the {rule.kind} line at {_at(rule.members, size)} does not run through touching cells"
        )
    if isinstance(rule, Thermometer) and len(rule.members) > size:
        raise InvalidPuzzleError(
            f"the thermometer at {_at(rule.members, size)} is longer than {size} cells"
        )
    if isinstance(rule, Kropki | XV) and not _touching(rule.first, rule.second, size, False):
        raise InvalidPuzzleError(
            f"the {rule.kind} mark between {_at((rule.first, rule.second), size)} "
            "joins cells that do not touch"
        )
    if isinstance(rule, Clone) and len(rule.first) != len(rule.second):
        raise InvalidPuzzleError("a clone's two groups have different sizes")
    if isinstance(rule, ExtraRegion) and len(set(rule.members)) > size:
        raise InvalidPuzzleError(f"an extra region has over {size} cells")
    if isinstance(rule, DisjointGroups) and any(len(g) != size for g in rule.groups):
        raise InvalidPuzzleError("disjoint groups need classic boxes")
    if isinstance(rule, Diagonal | ExtraRegion) and len(set(rule.members)) != len(rule.members):
        raise InvalidPuzzleError(f"a {rule.kind} repeats a cell")


def _at(cells: Sequence[int], size: int) -> str:
    return cell_name(cells[0], size) if cells else "?"


def _touching(a: int, b: int, size: int, diagonal: bool) -> bool:
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    dr, dc = abs(ra - rb), abs(ca - cb)
    return (dr, dc) in ((0, 1), (1, 0)) or (diagonal and dr == dc == 1)


def _chain(cells: Sequence[int], size: int) -> bool:
    return all(_touching(a, b, size, True) for a, b in itertools.pairwise(cells))


def _connected(cells: Sequence[int], size: int) -> bool:
    todo = set(cells)
    stack = [todo.pop()]
    while stack:
        cell = stack.pop()
        for other in list(todo):
            if _touching(cell, other, size, False):
                todo.remove(other)
                stack.append(other)
    return not todo
