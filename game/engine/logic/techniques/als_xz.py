"""ALS-XZ: two almost locked sets joined by a restricted common candidate.

Sets ``A`` and ``B`` (``n`` cells holding ``n + 1`` digits each, see :mod:`..als`)
share a digit ``x`` whose places in both all see each other, so at most one set
keeps ``x`` and the other is then locked: it holds every one of its other digits.
For another common digit ``z`` that means ``z`` is in ``A`` or in ``B``, so a cell
that sees every ``z`` of both cannot be ``z`` (*singly linked*).

*Doubly linked*: when two digits ``x`` and ``y`` are both restricted commons,
neither set can lose both, so each loses exactly one and is locked on the rest.
Then every other digit of ``A`` is placed in ``A`` (a cell seeing all its places
there cannot have it), the same for ``B``, and ``x`` and ``y`` are each in one of
the sets, so a cell seeing all their places in both loses them too.

The sets may not share cells (HoDoKu's default; it keeps the picture readable).
Works from the unit tables, so jigsaw and every size are covered (with the set
caps of :mod:`..als` on grids larger than 9x9).  Rating: the step is the
Alternating Inference Chain ``z(A) = x(A) - x(B) = z(B)`` with grouped nodes, so it
takes the AIC's 7.0 plus Sudoku Explainer's length bonus, the length being the
candidates such a chain would pass through: a set of ``n`` cells counts ``n + 1``
(a bivalue cell counts 2, as in an XY-Chain; see :func:`..als.chain_length`).
The catalogue rating is the smallest instance that is not a naked pair, 7.1, so
plain chains (7.0) are tried first, as HoDoKu orders them.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...symbols import symbol
from ..als import CHAIN_BASE, RATING_BASE, Als, als_index, chain_length, digit_list
from ..als_text import als_areas, als_marks, digits_word, eliminations_of, set_text
from ..grid import CandidateGrid
from ..registry import Level, technique
from ..se_scale import rated
from ..step import Step
from ..wording import removal_text

ALS_XZ_RATING = rated(RATING_BASE, 5)
"""The smallest ALS-XZ that is not a naked pair: a bivalue cell and a two-cell set (8.1;
placed at 7.1, see :data:`..als.RATING_BASE`)."""


@technique("ALS-XZ", level=Level.EXPERT, rating=ALS_XZ_RATING, order=rated(CHAIN_BASE, 5))
def als_xz(grid: CandidateGrid) -> Iterator[Step]:
    """Two sets and a restricted common; the smallest pair of sets comes first."""
    index = als_index(grid)
    sets = index.sets
    found: list[tuple[int, int, int, int]] = []
    for a in sets:
        first, cells, digits, targets = a.index, a.cells, a.digits, a.targets
        for other, rccs in index.links(first):
            b = sets[other]
            if other < first or cells & b.cells:
                continue
            if not rccs & (rccs - 1):
                # Singly linked, the usual case: most pairs remove nothing, so test
                # with bare bit operations before building anything.
                reach = b.reach
                common = digits & b.digits & ~rccs
                while common:
                    low = common & -common
                    if targets[low.bit_length()] & reach[low.bit_length()]:
                        break
                    common ^= low
                if not common:
                    continue
            found.append((a.size + b.size, first, other, rccs))
    found.sort()
    for _, first, other, rccs in found:
        eliminations = _eliminations(sets[first], sets[other], rccs)
        if eliminations:
            yield _step(grid, sets[first], sets[other], rccs, eliminations)


def _eliminations(a: Als, b: Als, rccs: int) -> tuple[tuple[int, int], ...]:
    removed: set[tuple[int, int]] = set()
    if rccs.bit_count() == 1:
        for z in digit_list(a.digits & b.digits & ~rccs):
            removed.update(eliminations_of(a.targets[z] & b.reach[z], z))
    else:
        for x in digit_list(rccs):
            removed.update(eliminations_of(a.targets[x] & b.reach[x], x))
        for als in (a, b):
            for digit in digit_list(als.digits & ~rccs):
                removed.update(eliminations_of(als.targets[digit], digit))
    return tuple(sorted(removed))


def _step(
    grid: CandidateGrid, a: Als, b: Als, rccs: int, eliminations: tuple[tuple[int, int], ...]
) -> Step:
    n = grid.size
    removed = removal_text(eliminations, n)
    opening = (
        f"{set_text(a, 0, n)} and {set_text(b, 1, n)} each hold one digit more than "
        "they have cells (almost locked sets)."
    )
    if rccs.bit_count() == 1:
        x = symbol(digit_list(rccs)[0])
        zs = sorted({digit for _, digit in eliminations})
        z_mask = sum(1 << (z - 1) for z in zs)
        explanation = (
            f"{opening} Every {x} in them sees every other, so at most one set holds {x}, "
            "and the other is then locked: it must hold all its other digits. So "
            f"{digits_word(z_mask)} {'is' if len(zs) == 1 else 'are each'} in A or in B, "
            f"and a cell that sees all of {'its' if len(zs) == 1 else 'their'} places in "
            f"both sets cannot have {'it' if len(zs) == 1 else 'them'}: {removed}."
        )
        focus = z_mask
    else:
        explanation = (
            f"{opening} Both {digits_word(rccs)} are restricted commons: each can be in at "
            "most one of the sets, and neither set can lose both, so each set loses exactly "
            f"one of them. So A and B are locked on their other digits, and "
            f"{digits_word(rccs)} are each in A or in B. A cell that sees every place of one "
            f"of these digits in the sets cannot have it: {removed}."
        )
        focus = (a.digits | b.digits) & ~rccs
    return Step(
        "ALS-XZ",
        eliminations=eliminations,
        explanation=explanation,
        marks=als_marks(grid, (a, b), rccs, focus, eliminations),
        units=(a.unit, b.unit),
        rating=rated(RATING_BASE, chain_length([a, b])),
        areas=als_areas([a, b]),
    )
