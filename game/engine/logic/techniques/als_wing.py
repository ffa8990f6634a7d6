"""ALS-XY-Wing and ALS chains: almost locked sets in a row, joined by restricted commons.

*ALS-XY-Wing*: sets ``A`` and ``B`` each share a restricted common with a pivot set
``C`` (``x`` with ``A``, ``y`` with ``B``, ``x != y``).  If neither ``A`` nor ``B``
held a digit ``z`` they have in common, both would be locked, ``A`` would hold
``x`` and ``B`` would hold ``y``, and ``C`` would lose both: one digit short for its
cells.  So ``z`` is in ``A`` or ``B``, and a cell seeing every ``z`` of both loses it.

*ALS chain* (ALS-XY-Chain): the same with more sets in between, ``A1 - x1 - A2 -
x2 - ... - Ak``, each restricted common differing from the next.  If ``A1`` lacks
``z`` it is locked and holds ``x1``, so ``A2`` loses ``x1`` and holds ``x2``, ... and
``Ak`` holds ``z``.  The wing is the three-set chain; two sets are ALS-XZ.

Both come from the breadth-first search of :func:`..als_chains.als_chains`, so the
shortest chain comes first, and within a length the fewest cells.  Chains stop at
:data:`MAX_CHAIN_LINKS` restricted commons (eight sets), which bounds the search
on every grid; HoDoKu goes further, but longer chains are rare and no one
follows them.  Chains of disjoint sets come first; then sets may overlap if the
restricted commons avoid the shared cells, as HoDoKu's "allow overlap" option
does.  Works from the unit tables, so jigsaw and every size are covered (with the
set caps of :mod:`..als` above 9x9).  A call lists at most :data:`MAX_STEPS` steps
(:data:`MAX_STEPS_LARGE` above 9x9): a hint needs the first, and "apply
everywhere" on a mid-solve 16x16 grid would otherwise wait on thousands.

Rating: each step is an Alternating Inference Chain through the sets' grouped
candidates, so it takes the AIC's 7.0 plus Sudoku Explainer's length bonus, the
length counting ``n + 1`` candidates for a set of ``n`` cells (a bivalue cell counts
2, as in an XY-Chain; see :func:`..als.chain_length`).  The catalogue ratings are
the smallest instances that are not plain wings or chains (7.2 and 7.3), so the
plain ones (7.0) and ALS-XZ (7.1) are tried first, as HoDoKu orders them.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...symbols import symbol
from ..als import CHAIN_BASE, RATING_BASE, als_index, chain_length
from ..als_chains import AlsChain, als_chains
from ..als_text import als_areas, als_marks, eliminations_of, label, set_text
from ..grid import CandidateGrid
from ..registry import Level, technique
from ..se_scale import rated
from ..step import Step
from ..wording import removal_text

ALS_XY_WING_RATING = rated(RATING_BASE, 7)
"""The smallest wing that is not an XY-Wing: two bivalue cells and a two-cell set (8.2;
placed at 7.2, see :data:`..als.RATING_BASE`)."""

ALS_CHAIN_RATING = rated(RATING_BASE, 9)
"""The smallest chain that is not an XY-Chain: three bivalue cells and a two-cell set (8.3;
placed at 7.3)."""

MAX_CHAIN_LINKS = 7
"""Restricted commons in the longest chain searched (eight sets)."""

MAX_STEPS = 1000
"""Steps one call lists at most, shortest first, up to 9x9 (never reached in practice)."""

MAX_STEPS_LARGE = 200
"""The same on larger grids, where a mid-solve position can hold tens of thousands."""


@technique("ALS-XY-Wing", level=Level.EXPERT, rating=ALS_XY_WING_RATING, order=rated(CHAIN_BASE, 7))
def als_xy_wing(grid: CandidateGrid) -> Iterator[Step]:
    """A pivot set joined to two sets that share a digit; the fewest cells first."""
    yield from _steps(grid, 2, 2, "ALS-XY-Wing")


@technique("ALS Chain", level=Level.EXPERT, rating=ALS_CHAIN_RATING, order=rated(CHAIN_BASE, 9))
def als_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Four or more sets in a row joined by restricted commons; the shortest first."""
    yield from _steps(grid, 3, MAX_CHAIN_LINKS, "ALS Chain")


def _steps(grid: CandidateGrid, fewest: int, most: int, name: str) -> Iterator[Step]:
    """Chains of disjoint sets first, then those whose sets share cells."""
    index = als_index(grid)
    told: set[tuple[tuple[int, ...], int]] = set()
    budget = MAX_STEPS if grid.size <= 9 else MAX_STEPS_LARGE
    for overlap in (False, True):
        for chain in als_chains(index, fewest, most, overlap=overlap):
            key = tuple(als.index for als in chain.sets)
            if (key, chain.digit) in told or (key[::-1], chain.digit) in told:
                continue
            told.add((key, chain.digit))
            yield _step(grid, chain, name)
            if len(told) >= budget:
                return


def _step(grid: CandidateGrid, chain: AlsChain, name: str) -> Step:
    n = grid.size
    sets = list(chain.sets)
    z = symbol(chain.digit)
    eliminations = eliminations_of(chain.targets, chain.digit)
    names = "; ".join(set_text(als, i, n) for i, als in enumerate(sets))
    last = label(len(sets) - 1)
    if len(sets) == 3:
        x, y = (symbol(d) for d in chain.rccs)
        story = (
            f"A and the pivot B share {x}, B and C share {y}, and in each case every place "
            f"of the digit in one set sees every place of it in the other, so at most one "
            f"of the two holds it. If neither A nor C held {z}, both would be locked: A "
            f"would hold {x} and C would hold {y}, leaving B without {x} and {y}, one digit "
            "short for its cells."
        )
    else:
        steps = [f"A holds {symbol(chain.rccs[0])}"]
        for i, digit in enumerate(chain.rccs[1:], 1):
            steps.append(f"{label(i)} loses {symbol(chain.rccs[i - 1])} and holds {symbol(digit)}")
        steps.append(f"{last} loses {symbol(chain.rccs[-1])} and must hold {z}")
        story = (
            "Each pair of neighbours shares a digit whose places in both see each other, "
            f"so at most one of the two holds it. If A had no {z}, it would be locked: "
            + ", so ".join(steps)
            + "."
        )
    explanation = (
        f"Almost locked sets (one digit more than cells): {names}. {story} So {z} is in A "
        f"or {last}, and a cell that sees every {z} of both cannot be {z}: "
        f"{removal_text(eliminations, n)}."
    )
    links = 0
    for digit in chain.rccs:
        links |= 1 << (digit - 1)
    return Step(
        name,
        eliminations=eliminations,
        explanation=explanation,
        marks=als_marks(grid, sets, links, 1 << (chain.digit - 1), eliminations),
        units=tuple(dict.fromkeys(als.unit for als in sets)),
        rating=rated(RATING_BASE, chain_length(sets)),
        areas=als_areas(sets),
    )
