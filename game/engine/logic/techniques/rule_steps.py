"""Steps named after the rule they read: thermometers, dots, XV, whispers, renban,
palindromes, between lines, arrows and little killers.

The generic "Constraint Pair" and "Constraint Sum" steps find these deductions too;
these come first in the catalogue and say them in each rule's own words, so a
player reads "Thermometer: r1c2 sits two cells up the tube from r1c1, which is at
least 3, so it is at least 5" instead of a weak link.  What they remove is what the
generic steps would (arc consistency on the rule's pairs, or its sum narrowed with
cells that share a house kept different), so they are as sound.

Even and odd cells, minimum and maximum cells and the global rules (anti-knight,
anti-king, non-consecutive) need no step of their own: the first are applied to the
candidates from the start, the others are weak links "Constraint Pair" and the
chains read.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence

from ...rules import (
    XV,
    Arrow,
    Between,
    Constraint,
    Kropki,
    LittleKiller,
    Palindrome,
    Renban,
    RuleSet,
    Sandwich,
    Thermometer,
    Whisper,
)
from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, digits_of
from ..killer import fit, pairs_apart, sum_fit
from ..registry import Level, technique
from ..step import Mark, Role, Step
from ..wording import digits_text, or_list, removal_text

PAIR_ORDER = 1.29
"""Just before "Constraint Pair" (1.3), which would otherwise tell the same pairs."""


def _holds(grid: CandidateGrid, cell: int) -> int:
    value = grid.values[cell]
    return 1 << (value - 1) if value else grid.cands[cell]


def _can(grid: CandidateGrid, cell: int) -> str:
    there = _holds(grid, cell)
    if grid.values[cell]:
        return f"{cell_name(cell, grid.size)} is {symbol(grid.values[cell])}"
    return f"{cell_name(cell, grid.size)} can only be {digits_text(digits_of(there), 'or')}"


# -- thermometers: ranges along the tube --------------------------------------------


@technique("Thermometer", level=Level.EASY, rating=1.3, order=PAIR_ORDER, variant_only=True)
def thermometer(grid: CandidateGrid) -> Iterator[Step]:
    """A tube whose cells' ranges its neighbours narrow: each cell is at least one more
    than the cell before it and at most one less than the cell after."""
    rules = grid.rules
    if rules is None:
        return
    n = grid.size
    for rule in rules.constraints:
        if not isinstance(rule, Thermometer):
            continue
        cells = rule.members
        masks = [_holds(grid, c) for c in cells]
        if not all(masks):
            continue
        low = [(m & -m).bit_length() for m in masks]
        high = [m.bit_length() for m in masks]
        low_from = list(range(len(cells)))
        high_from = list(range(len(cells)))
        for i in range(1, len(cells)):
            if low[i - 1] + 1 > low[i]:
                low[i], low_from[i] = low[i - 1] + 1, low_from[i - 1]
        for i in range(len(cells) - 2, -1, -1):
            if high[i + 1] - 1 < high[i]:
                high[i], high_from[i] = high[i + 1] - 1, high_from[i + 1]
        removals: list[tuple[int, int]] = []
        reasons: list[str] = []
        for i, cell in enumerate(cells):
            if grid.values[cell]:
                continue
            gone = [d for d in digits_of(grid.cands[cell]) if not low[i] <= d <= high[i]]
            if not gone:
                continue
            removals.extend((cell, d) for d in gone)
            name = cell_name(cell, n)
            if any(d < low[i] for d in gone):
                j = low_from[i]
                base = (low[i] - (i - j)) if j != i else low[i]
                reasons.append(
                    f"{name} is {i - j} cell{'s' if i - j > 1 else ''} up the tube from "
                    f"{cell_name(cells[j], n)}, which is at least {base}, so it is at least "
                    f"{low[i]}"
                )
            if any(d > high[i] for d in gone):
                j = high_from[i]
                top = high[i] + (j - i)
                reasons.append(
                    f"{name} is {j - i} cell{'s' if j - i > 1 else ''} below "
                    f"{cell_name(cells[j], n)}, which is at most {top}, so it is at most "
                    f"{high[i]}"
                )
        if not removals:
            continue
        yield Step(
            "Thermometer",
            eliminations=tuple(removals),
            explanation=(
                f"On the thermometer from {cell_name(cells[0], n)} (its bulb) to "
                f"{cell_name(cells[-1], n)}, digits rise from the bulb. "
                + "; ".join(reasons)
                + f". So {removal_text(removals, n)}."
            ),
            marks=tuple(Mark(c, None, Role.PATTERN) for c in cells),
            rating=1.3,
        )


# -- pairs of cells a rule joins ---------------------------------------------------


Relation = Callable[[Constraint, int, int, int], str]
Pair = tuple[Constraint, int, int, dict[int, int]]


def _pair_steps(
    grid: CandidateGrid, name: str, kinds: tuple[type[Constraint], ...], relation: Relation
) -> Iterator[Step]:
    """Arc consistency on the pairs ``kinds`` of rules join, told by ``relation``."""
    rules = grid.rules
    if rules is None:
        return
    n = grid.size
    for rule, a, b, forbids in _pairs_of(rules, kinds):
        if grid.values[a] or not grid.cands[a]:
            continue
        there = _holds(grid, b)
        if not there:
            continue
        gone = 0
        for x, banned in forbids.items():
            if grid.cands[a] >> (x - 1) & 1 and not there & ~banned:
                gone |= 1 << (x - 1)
        if not gone:
            continue
        removals = tuple((a, d) for d in digits_of(gone))
        yield Step(
            name,
            eliminations=removals,
            explanation=(
                f"{relation(rule, a, b, n)}. {_can(grid, b)}, and no digit of those can stand "
                f"beside {digits_text(digits_of(gone), 'or')} in {cell_name(a, n)}: so "
                f"{cell_name(a, n)} cannot be {digits_text(digits_of(gone), 'or')}."
            ),
            marks=(Mark(b, None, Role.FOCUS), Mark(a, None, Role.PATTERN)),
            rating=1.3,
        )


_PAIRS: dict[tuple[int, tuple[type[Constraint], ...]], tuple[RuleSet, tuple[Pair, ...]]] = {}
_PAIRS_LIMIT = 256


def _pairs_of(rules: RuleSet, kinds: tuple[type[Constraint], ...]) -> tuple[Pair, ...]:
    """``rules.pair_rules`` of the ``kinds`` alone, in the same order (cached per rule set).

    Each pair technique used to walk every pair of every rule and test its type: on an
    anti-knight or non-consecutive grid that is hundreds of pairs, none of them a dot
    or a line, at every position of every grade.
    """
    key = (id(rules), kinds)
    entry = _PAIRS.get(key)
    if entry is None or entry[0] is not rules:
        if len(_PAIRS) >= _PAIRS_LIMIT:
            _PAIRS.clear()
        entry = (rules, tuple(p for p in rules.pair_rules if isinstance(p[0], kinds)))
        _PAIRS[key] = entry
    return entry[1]


def _both(a: int, b: int, n: int) -> str:
    return f"{cell_name(a, n)} and {cell_name(b, n)}"


def _kropki(rule: Constraint, a: int, b: int, n: int) -> str:
    if isinstance(rule, Kropki) and rule.black:
        return f"A black dot joins {_both(a, b, n)}: one digit is twice the other"
    return f"A white dot joins {_both(a, b, n)}: their digits are consecutive"


def _xv(rule: Constraint, a: int, b: int, n: int) -> str:
    total = rule.total if isinstance(rule, XV) else 10
    mark = "An X" if total == 10 else "A V"
    return f"{mark} joins {_both(a, b, n)}: their digits add up to {total}"


def _whisper(rule: Constraint, a: int, b: int, n: int) -> str:
    gap = rule.gap if isinstance(rule, Whisper) else 5
    kind = "German" if gap >= 5 else "Dutch"
    return (
        f"{_both(a, b, n)} are neighbours on a {kind} whisper line: their digits differ by "
        f"at least {gap}"
    )


def _renban(rule: Constraint, a: int, b: int, n: int) -> str:
    length = len(rule.cells())
    return (
        f"{_both(a, b, n)} lie on one renban line of {length} cells, whose digits are "
        f"{length} consecutive ones in any order: so they differ, by at most {length - 1}"
    )


def _palindrome(rule: Constraint, a: int, b: int, n: int) -> str:
    return f"{_both(a, b, n)} mirror each other on a palindrome line: they hold the same digit"


def _between(rule: Constraint, a: int, b: int, n: int) -> str:
    return (
        f"{_both(a, b, n)} lie on one between line, an end and a middle cell: the middle "
        "digits lie strictly between the ends', so they differ"
    )


@technique("Kropki Pair", level=Level.EASY, rating=1.3, order=PAIR_ORDER, variant_only=True)
def kropki_pair(grid: CandidateGrid) -> Iterator[Step]:
    """A dot whose one cell leaves the other some candidates with no partner."""
    return _pair_steps(grid, "Kropki Pair", (Kropki,), _kropki)


@technique("XV Pair", level=Level.EASY, rating=1.3, order=PAIR_ORDER, variant_only=True)
def xv_pair(grid: CandidateGrid) -> Iterator[Step]:
    """An X or a V whose one cell leaves the other some candidates with no partner."""
    return _pair_steps(grid, "XV Pair", (XV,), _xv)


@technique("Whisper Line", level=Level.EASY, rating=1.3, order=PAIR_ORDER, variant_only=True)
def whisper_line(grid: CandidateGrid) -> Iterator[Step]:
    """Neighbours on a whisper line too close to some candidates of the other."""
    return _pair_steps(grid, "Whisper Line", (Whisper,), _whisper)


@technique("Renban Line", level=Level.EASY, rating=1.3, order=PAIR_ORDER, variant_only=True)
def renban_line(grid: CandidateGrid) -> Iterator[Step]:
    """Two cells of a renban line, one too far from some candidates of the other."""
    return _pair_steps(grid, "Renban Line", (Renban,), _renban)


@technique("Palindrome Line", level=Level.EASY, rating=1.3, order=PAIR_ORDER, variant_only=True)
def palindrome_line(grid: CandidateGrid) -> Iterator[Step]:
    """Mirrored cells of a palindrome: each keeps only the other's digits."""
    return _pair_steps(grid, "Palindrome Line", (Palindrome,), _palindrome)


# -- lines and sums over several cells ----------------------------------------------


@technique("Between Line", level=Level.MEDIUM, rating=1.7, variant_only=True)
def between_line(grid: CandidateGrid) -> Iterator[Step]:
    """A between line whose ends and middle narrow each other."""
    rules = grid.rules
    if rules is None:
        return
    n = grid.size
    yield from _pair_steps(grid, "Between Line", (Between,), _between)
    for rule in rules.constraints:
        if not isinstance(rule, Between) or not rule.narrows():
            continue
        cells = rule.members
        masks = [_holds(grid, c) for c in cells]
        kept = rule.narrow(masks, n)
        if kept is None:
            continue
        removals = _removals(grid, cells, masks, kept)
        if not removals:
            continue
        ends = f"{cell_name(cells[0], n)} and {cell_name(cells[-1], n)}"
        yield Step(
            "Between Line",
            eliminations=removals,
            explanation=(
                f"On the between line from {cell_name(cells[0], n)} to "
                f"{cell_name(cells[-1], n)}, the middle digits lie strictly between the "
                f"digits in the circles at {ends}. {_range(grid, cells[0])}; "
                f"{_range(grid, cells[-1])}; the middle cells need a digit between them, "
                f"so an end must leave room and the middle must fit inside: "
                f"{removal_text(removals, n)}."
            ),
            marks=tuple(Mark(c, None, Role.PATTERN) for c in cells),
            rating=1.7,
        )


def _range(grid: CandidateGrid, cell: int) -> str:
    return _can(grid, cell)


def _removals(
    grid: CandidateGrid, cells: Sequence[int], masks: Sequence[int], kept: Sequence[int]
) -> tuple[tuple[int, int], ...]:
    return tuple(
        (cell, d)
        for cell, mask, keep in zip(cells, masks, kept, strict=True)
        if not grid.values[cell]
        for d in digits_of(mask & ~keep)
    )


def _sum_step(
    grid: CandidateGrid,
    name: str,
    plus: Sequence[int],
    minus: Sequence[int],
    total: int,
    head: str,
) -> Step | None:
    """The step a sum over cells gives (cells that share a house differ), or None."""
    rules = grid.rules
    assert rules is not None
    n = grid.size
    values = grid.values
    total -= sum(values[c] for c in plus) - sum(values[c] for c in minus)
    free_plus = [c for c in plus if not values[c]]
    free_minus = [c for c in minus if not values[c]]
    cells = free_plus + free_minus
    if not cells:
        return None
    support = sum_fit(
        tuple(grid.cands[c] for c in free_plus),
        tuple(grid.cands[c] for c in free_minus),
        total,
        n,
        pairs_apart(rules, cells),
    )
    if support is None:
        return None
    removals = tuple(
        (c, d)
        for c, keep in zip(cells, support, strict=True)
        for d in digits_of(grid.cands[c] & ~keep)
    )
    if not removals:
        return None
    return Step(
        name,
        eliminations=removals,
        explanation=(
            f"{head} With the digits its cells can still hold (cells that share a row, "
            f"column or region differ), no way of making it uses these: "
            f"{removal_text(removals, n)}."
        ),
        marks=tuple(Mark(c, None, Role.PATTERN) for c in plus)
        + tuple(Mark(c, None, Role.COVER) for c in minus),
        rating=1.7,
    )


@technique("Arrow Sum", level=Level.MEDIUM, rating=1.7, variant_only=True)
def arrow_sum(grid: CandidateGrid) -> Iterator[Step]:
    """An arrow with a one-cell circle whose shaft and circle narrow each other."""
    rules = grid.rules
    if rules is None:
        return
    n = grid.size
    for rule in rules.constraints:
        if not isinstance(rule, Arrow) or len(rule.bulb) != 1:
            continue  # a pill bulb reads as a number: "Constraint Sum" tells those
        shaft = ", ".join(cell_name(c, n) for c in rule.shaft)
        step = _sum_step(
            grid,
            "Arrow Sum",
            rule.shaft,
            rule.bulb,
            0,
            f"The arrow from the circle at {cell_name(rule.bulb[0], n)}: the digits on its "
            f"shaft ({shaft}) add up to the circle's digit.",
        )
        if step is not None:
            yield step


@technique("Little Killer Sum", level=Level.MEDIUM, rating=1.7, variant_only=True)
def little_killer_sum(grid: CandidateGrid) -> Iterator[Step]:
    """A little killer diagonal whose cells' digits cannot all make its total."""
    rules = grid.rules
    if rules is None:
        return
    n = grid.size
    for rule in rules.constraints:
        if not isinstance(rule, LittleKiller):
            continue
        cells = rule.members
        step = _sum_step(
            grid,
            "Little Killer Sum",
            cells,
            (),
            rule.total,
            f"The little killer clue {rule.total} sums the diagonal from "
            f"{cell_name(cells[0], n)} to {cell_name(cells[-1], n)} (digits may repeat "
            "where no house forbids it).",
        )
        if step is not None:
            yield step


# -- sandwiches: the crusts' places and the filling's sum -----------------------------


def _sandwich_ways(
    rule: Sandwich, masks: Sequence[int], n: int
) -> tuple[list[tuple[int, int]], list[int]]:
    """The places ``(i, j)`` (``i < j``, indices into the line) the 1 and the ``N`` can
    take, either way round, with different digits between them making the total and
    a non-crust digit for every cell outside; and each cell's digits some such way uses."""
    low, high = 1, 1 << (n - 1)
    crusts = low | high
    ways = []
    kept = [0] * len(masks)
    for i, j in itertools.combinations(range(len(masks)), 2):
        ends = [(a, b) for a, b in ((low, high), (high, low)) if masks[i] & a and masks[j] & b]
        outer = [k for k in range(len(masks)) if k < i or k > j]
        if not ends or any(not masks[k] & ~crusts for k in outer):
            continue
        inner = tuple(m & ~crusts for m in masks[i + 1 : j])
        if inner:
            found = fit(inner, rule.total, n)  # one row or column: different digits
            if not found.fitting:
                continue
            support = found.support
        elif rule.total:
            continue
        else:
            support = ()
        ways.append((i, j))
        for a, b in ends:
            kept[i] |= a
            kept[j] |= b
        for offset, mask in enumerate(support):
            kept[i + 1 + offset] |= mask
        for k in outer:
            kept[k] |= masks[k] & ~crusts
    return ways, kept


@technique("Sandwich Sum", level=Level.MEDIUM, rating=1.7, variant_only=True)
def sandwich_sum(grid: CandidateGrid) -> Iterator[Step]:
    """A sandwich clue whose crusts (the 1 and the N) have few places left: the cells
    between them make the total, the rest of the line cannot hold the filling's part."""
    rules = grid.rules
    if rules is None:
        return
    n = grid.size
    for rule in rules.constraints:
        if not isinstance(rule, Sandwich):
            continue
        cells = rule.members
        masks = [_holds(grid, c) for c in cells]
        ways, kept = _sandwich_ways(rule, masks, n)
        if not ways:
            continue  # a dead end: dead_ends.py names it
        removals = _removals(grid, cells, masks, kept)
        if not removals:
            continue
        places = or_list(
            [f"{cell_name(cells[i], n)} and {cell_name(cells[j], n)}" for i, j in ways[:6]]
        )
        more = f" (or {len(ways) - 6} more pairs)" if len(ways) > 6 else ""
        line = f"{cell_name(cells[0], n)} to {cell_name(cells[-1], n)}"
        yield Step(
            "Sandwich Sum",
            eliminations=removals,
            explanation=(
                f"The sandwich clue {rule.total} on the line from {line}: the digits between "
                f"the 1 and the {symbol(n)} add up to {rule.total}. With the digits its "
                f"cells can hold, the 1 and the {symbol(n)} can only sit at {places}{more}, "
                f"with a filling of different digits making {rule.total} between them. "
                f"So {removal_text(removals, n)}."
            ),
            marks=tuple(Mark(c, None, Role.PATTERN) for c in cells),
            rating=1.7,
        )
