"""Innies and Outies: the 45 rule over one to four adjacent houses.

Rows, columns and regions each hold every digit once, so ``k`` of them add up to
``k * 45`` on 9x9 (``k * N(N+1)/2`` on any size).  Take off the cages wholly inside:
the cells left, the *innies*, make a virtual cage with a known sum.  A cage that
crosses the edge can be swapped for its cells outside, the *outies*, with its total
taken off, which gives sums like ``r1c1 + r1c2 - r3c4 = 3``.  Each such sum is
narrowed with the combination logic of a cage (cells that share a house differ,
others may repeat): a candidate no way of making the sum uses is ruled out, and a
lone innie is placed.  Every explanation names the houses, the cages taken off or
swapped, and the sum; the board outlines the houses and the cages.

Two techniques tell these sums: *Innies and Outies* over one house (Medium) and
*Multi-House Innies and Outies* over two to four (Hard).  Why two levels: the sum
over one row or region is the first thing a killer solver learns, while one over a
band needs the cages of several houses counted at once; setters rank it higher,
and so does Solo's grader ("sums of cages against whole houses" is its top killer
grade).  With both at Medium, nothing a givens-free killer needed lay between
Medium and the Expert chains, so our Hard killers were rare (a generator made
one in about 130 grades, 5 to 17 s).

The equations are built once per rule set (:func:`~..killer.equations`); a hint
only fills in the cells' candidates.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...rules import RuleSet
from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, cells_of
from ..killer import (
    Equation,
    Quiet,
    cage_equation,
    cells_bits,
    equation_story,
    equations,
    pairs_apart,
    per_rules,
    sum_fit,
    ways_text,
)
from ..registry import Level, technique
from ..step import Area, AreaKind, Mark, Role, Step
from ..wording import cells_text, digits_text, removal_text

RATING = 2.4


def _holds(grid: CandidateGrid, cell: int) -> int:
    value = grid.values[cell]
    return 1 << (value - 1) if value else grid.cands[cell]


def _story(grid: CandidateGrid, eq: Equation) -> str:
    """How the equation comes from its houses and cages, in players' words."""
    return equation_story(eq, grid.size)


_Told = tuple[tuple[tuple[Equation, int], ...], tuple[int, ...]]
"""Equations a technique tells, each with its cells (a bitset), and those cells alone
(what its :class:`Quiet` memo depends on)."""


@per_rules(16)
def _told(rules: RuleSet) -> tuple[_Told, _Told]:
    """The equations these steps tell: over one house, then over several."""
    told = [
        (eq, cells_bits(eq.plus + eq.minus))
        for eq in equations(rules)
        # Cells that see each other: "Hidden Cage" tells it with combinations.
        if not cage_equation(eq, rules)
    ]
    one = tuple(item for item in told if len(item[0].where.houses) == 1)
    several = tuple(item for item in told if len(item[0].where.houses) > 1)
    return (one, tuple(bits for _, bits in one)), (several, tuple(bits for _, bits in several))


_QUIET_ONE = Quiet(tables=1)
_QUIET_SEVERAL = Quiet(tables=1)
"""The equations known to tell nothing at the latest position (see :class:`Quiet`),
one memo per technique."""


@technique("Innies and Outies", level=Level.MEDIUM, rating=RATING, variant_only=True)
def innies_and_outies(grid: CandidateGrid) -> Iterator[Step]:
    """A sum over a few cells that the 45 rule gives on one house, narrowed like a cage."""
    rules = grid.rules
    if rules is None:
        return
    yield from _steps(grid, rules, _told(rules)[0], _QUIET_ONE)


MULTI = "Multi-House Innies and Outies"


@technique(MULTI, level=Level.HARD, rating=RATING + 0.2, variant_only=True)
def multi_house_innies_and_outies(grid: CandidateGrid) -> Iterator[Step]:
    """The 45 rule over two to four adjacent houses: harder to see than one house, as
    the cages to count are spread over a band (killer setters and Solo's grader rank
    it above the single-house rule; it is what most givens-free Hard killers need)."""
    rules = grid.rules
    if rules is None:
        return
    yield from _steps(grid, rules, _told(rules)[1], _QUIET_SEVERAL)


def _steps(grid: CandidateGrid, rules: RuleSet, found: _Told, memo: Quiet) -> Iterator[Step]:
    told, deps = found
    quiet = memo.flags(told, grid.values, grid.cands, deps)
    for k, (eq, _) in enumerate(told):
        if quiet[k]:
            continue
        step = _step(grid, rules, eq)
        if step is None:
            quiet[k] = True  # only once known: another thread may read the memo
            continue
        yield step


def _step(grid: CandidateGrid, rules: RuleSet, eq: Equation) -> Step | None:
    """The step ``eq`` gives at ``grid``, or None."""
    n = grid.size
    values = grid.values
    total = eq.total
    plus = [c for c in eq.plus if not values[c]]
    minus = [c for c in eq.minus if not values[c]]
    if not plus and not minus:
        return None
    total -= sum(values[c] for c in eq.plus) - sum(values[c] for c in eq.minus)
    cells = plus + minus
    support = sum_fit(
        tuple(grid.cands[c] for c in plus),
        tuple(grid.cands[c] for c in minus),
        total,
        n,
        pairs_apart(rules, cells),
    )
    if support is None:
        return None  # a dead end: the mistake finder names it
    cands = grid.cands
    if not any(cands[cell] & ~keep for cell, keep in zip(cells, support, strict=True)):
        return None
    removals = tuple(
        (cell, d)
        for cell, keep in zip(cells, support, strict=True)
        for d in range(1, n + 1)
        if (cands[cell] & ~keep) >> (d - 1) & 1
    )
    story = _story(grid, eq)
    placed = [c for c in eq.plus + eq.minus if values[c]]
    if placed:
        story += (
            f" With {cells_text(placed, n)} placed already, {ways_text(plus, minus, n)} = {total}."
        )
    placements: tuple[tuple[int, int], ...] = ()
    if len(cells) == 1 and support[0].bit_count() == 1:
        digit = support[0].bit_length()
        placements = ((cells[0], digit),)
        removals = ()
        outcome = f"{cell_name(cells[0], n)} is {symbol(digit)}"
    else:
        outcome = _outcome(removals, n)
    rating = RATING + 0.2 * (len(eq.where.houses) - 1) + (0.2 if minus else 0.0)
    return Step(
        MULTI if len(eq.where.houses) > 1 else "Innies and Outies",
        placements=placements,
        eliminations=removals,
        explanation=f"{story} So {outcome}.",
        marks=tuple(Mark(c, None, Role.PATTERN) for c in plus)
        + tuple(Mark(c, None, Role.COVER) for c in minus),
        # Nudges name shape units only (a diagonal's index lies past them).
        units=tuple(u for u in eq.where.houses if u < len(grid.shape.houses))[:3],
        rating=round(rating, 1),
        areas=(Area(tuple(cells_of(eq.where.bits)), AreaKind.HOUSE, label=eq.where.name),)
        + tuple(
            Area(c.cells, AreaKind.CAGE, index=i, label=c.label())
            for i, c in enumerate(eq.expanded)
        ),
    )


def _outcome(removals: Sequence[tuple[int, int]], size: int) -> str:
    cells = sorted({c for c, _ in removals})
    if len(cells) == 1:
        digits = [d for _, d in removals]
        return f"{cell_name(cells[0], size)} cannot be {digits_text(digits, 'or')}"
    return removal_text(removals, size)
