"""Second solutions where two digits trade places, read off the known solution.

A generator digging clues out of a solution asks, for each removal, whether another
solution now differs in the cells cleared.  Near the end of a dig the answer is
often yes, and the other solution is often the known one with two digits ``a`` and
``b`` trading places in a few cells.  Which cells can trade is a property of the
solution alone:

- Turning one ``a`` into ``b`` clashes with the ``b`` of each house through it, and
  with any cell its rules' links forbid beside the new digit (the ``a`` at the
  other end of a palindrome, say).  So the cells holding ``a`` or ``b`` fall into
  *swap sets*: the cells linked by such clashes, which must all trade or none.
- Under rules whose links any relabelling of the digits keeps (houses, diagonals,
  extra regions, anti-knight and anti-king moves, clones, palindromes: the rule
  sets that :attr:`~game.engine.rules.RuleSet.relabels`), such a clash always
  falls on the other digit's cells, trading one swap set leaves a solution, and
  every solution that differs from the known one only where ``a`` and ``b`` stand
  trades whole swap sets.  Under other rules a trade is checked before it is
  offered.

So a grid has such a second solution exactly when some swap set through a cleared
cell holds no given: a lookup, where a search through the grid's open cells for
each pair of digits took a tenth of a dig's time (9x9 jigsaw Windoku, Extreme).
The sets are worked out once per solution (about 1 ms on 9x9) and kept for the
few solutions a generator is digging.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..rules import RuleSet
from .exact import Topology
from .sums import cells_of, mask_of


def swapped_solution(
    shape: Topology,
    grid: Sequence[int],
    cleared: Sequence[tuple[int, int]],
    known: Sequence[int],
) -> tuple[int, ...] | None:
    """A solution of ``grid`` that differs from ``known`` in a cleared cell and, apart
    from that, only where ``known`` holds that cell's digit or one other: two digits
    trading places.  None when there is none (there may be other solutions).

    ``known`` is the solution of the grid before the ``cleared`` clues were taken out
    (see :func:`~.exact.other_solution`); the module docstring says how it is found.
    Under rules that do not relabel (sums, orders, dots) a trade that breaks them is
    not offered, so some may be missed there.
    """
    sets = _swap_sets(shape, tuple(known))
    filled = mask_of([cell for cell, digit in enumerate(grid) if digit])
    checked = shape if isinstance(shape, RuleSet) and not shape.relabels else None
    for cell, _digit in cleared:
        for group in sets[cell]:
            if group & filled:
                continue
            found = _traded(known, group)
            if checked is None or checked.is_solution(found):
                return found
    return None


def _traded(known: Sequence[int], group: int) -> tuple[int, ...]:
    """``known`` with the two digits of ``group``'s cells trading places there."""
    found = list(known)
    first = (group & -group).bit_length() - 1
    a = known[first]
    b = next(known[cell] for cell in cells_of(group) if known[cell] != a)
    for cell in cells_of(group):
        found[cell] = b if known[cell] == a else a
    return tuple(found)


@functools.lru_cache(maxsize=16)
def _swap_sets(shape: Topology, known: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per cell, the swap sets through it (cell bitmasks), one for each other digit
    whose cells it can trade places with; see the module docstring."""
    n = shape.size
    same, cross = _clashes(shape)
    where = [0] * (n + 1)
    for cell, digit in enumerate(known):
        where[digit] |= 1 << cell
    found: list[list[int]] = [[] for _ in known]
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            both = where[a] | where[b]
            links: dict[int, int] = {}
            for cell in cells_of(both):
                turned = b if known[cell] == a else a
                index = cell * n + turned - 1
                linked = same[index] & where[turned]
                for other, digit in cross[index]:
                    if known[other] == digit:
                        linked |= 1 << other
                links[cell] = linked & both
            left = both
            while left:
                group = frontier = left & -left
                while frontier:
                    low = frontier & -frontier
                    frontier ^= low
                    fresh = links[low.bit_length() - 1] & ~group
                    group |= fresh
                    frontier |= fresh
                left &= ~group
                for cell in cells_of(group):
                    found[cell].append(group)
    return tuple(tuple(groups) for groups in found)


@functools.lru_cache(maxsize=8)
def _clashes(
    shape: Topology,
) -> tuple[tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...]]:
    """Per candidate ``cell * N + digit - 1``, the cells (a bitmask) where placing it
    rules out the same digit, and the ``(cell, digit)`` pairs of other digits it
    rules out (the links of clones and palindromes)."""
    plain = shape.shape if isinstance(shape, RuleSet) else shape
    n = plain.size
    same: list[int] = []
    for cell in range(plain.cells):
        same.extend([mask_of(plain.peers[cell])] * n)
    cross: list[tuple[tuple[int, int], ...]] = [()] * len(same)
    if isinstance(shape, RuleSet) and shape.constraints:
        for index, ruled in enumerate(shape.exclusions):
            others = []
            for other in ruled:
                cell, digit = divmod(other, n)
                if digit == index % n:
                    same[index] |= 1 << cell
                else:
                    others.append((cell, digit + 1))
            cross[index] = tuple(others)
    return tuple(same), tuple(cross)
