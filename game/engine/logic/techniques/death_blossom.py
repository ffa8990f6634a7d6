"""Death Blossom: a stem cell whose every candidate feeds an almost locked set.

The *stem* is a cell with candidates ``d1, d2, ...``; for each of them a *petal*
is an almost locked set (see :mod:`..als`) holding that digit with every place of
it seeing the stem.  Whichever digit the stem takes, the petal of that digit loses
it and is locked: it holds all its other digits.  A digit ``z`` that every petal
holds (and the stem does not) is therefore in one of the petals, so a cell that
sees every ``z`` of every petal cannot be ``z``.  An XY-Wing is the smallest case
(a bivalue stem, two bivalue petals).

Petals may share cells and one set may serve two digits of the stem (the
argument never needs them apart; HoDoKu's "overlap" variant).  Works from the unit
tables, so jigsaw and every size are covered (with the set size cap of
:mod:`..als` above 9x9).  The search tries each stem's digits fewest petals
first and drops a branch as soon as no common digit keeps a target, and it stops
after :data:`NODE_BUDGET` petal choices per position, which only the most
candidate-rich grids reach.  Steps come fewest petal cells first.

Rating: the step is a cell forcing chain (one branch per stem candidate) through
the petals' grouped candidates, so it takes the Alternating Inference Chain's 7.0
plus Sudoku Explainer's length bonus, the length counting the stem's candidates
and ``n + 1`` for each petal of ``n`` cells.  The catalogue rating is a stem of
three candidates with bivalue petals, the smallest blossom that is not a wing.
(SE itself has no ALS and would rate it as a multiple forcing chain, 8.0 and up.)
"""

from __future__ import annotations

from collections.abc import Iterator

from ...symbols import cell_name, symbol
from ..als import CHAIN_BASE, RATING_BASE, Als, als_index, chain_length, digit_list
from ..als_text import als_areas, als_marks, eliminations_of, label, set_text
from ..grid import CandidateGrid
from ..registry import Level, technique
from ..se_scale import rated
from ..step import Mark, Role, Step
from ..wording import or_list, removal_text

DEATH_BLOSSOM_RATING = rated(RATING_BASE, 9)
"""A stem of three candidates with bivalue petals (8.3, placed at 7.3); two candidates
make a wing."""

NODE_BUDGET = 20_000
"""Petal choices tried per position at most (a hard 9x9 position needs a few hundred)."""

Blossom = tuple[int, int, tuple[Als, ...], int, int]  # cells, stem, petals, z, targets


@technique(
    "Death Blossom", level=Level.EXPERT, rating=DEATH_BLOSSOM_RATING, order=rated(CHAIN_BASE, 9)
)
def death_blossom(grid: CandidateGrid) -> Iterator[Step]:
    """A stem and one petal per candidate, sharing a digit; fewest cells first."""
    index = als_index(grid)
    touching = index.touching()
    sets = index.sets
    budget = [NODE_BUDGET]
    found: list[Blossom] = []
    for stem, mask in enumerate(grid.cands):
        if mask.bit_count() < 2:
            continue
        choices = []
        for digit in digit_list(mask):
            options = [sets[i] for i in touching.get((stem, digit), ())]
            if not options:
                break
            choices.append((digit, options))
        else:
            choices.sort(key=lambda item: len(item[1]))
            _grow(grid, stem, mask, choices, [], -1, [], found, budget)
        if budget[0] <= 0:
            break
    # Petals that share no cell read more easily: they come first.
    found.sort(key=lambda item: (_overlap(item[2]), *item[:2], [p.index for p in item[2]], item[3]))
    told: set[tuple[int, tuple[int, ...], int]] = set()
    for _, stem, petals, z, targets in found:
        key = (stem, tuple(sorted(p.index for p in petals)), z)
        if key not in told:
            told.add(key)
            yield _step(grid, stem, petals, z, targets)


def _overlap(petals: tuple[Als, ...]) -> bool:
    """Whether two different petals share a cell."""
    cells = 0
    for petal in dict.fromkeys(petals):
        if cells & petal.cells:
            return True
        cells |= petal.cells
    return False


def _grow(
    grid: CandidateGrid,
    stem: int,
    stem_digits: int,
    choices: list[tuple[int, list[Als]]],
    chosen: list[Als],
    common: int,
    targets: list[int],
    found: list[Blossom],
    budget: list[int],
) -> None:
    """Choose a petal for the next stem digit, keeping only digits that still remove."""
    depth = len(chosen)
    if depth == len(choices):
        cells = sum(p.size for p in chosen)
        for z in digit_list(common):
            if targets[z]:
                # The petals in stem-digit order, to match the explanation.
                order = sorted(range(depth), key=lambda i: choices[i][0])
                petals = tuple(chosen[i] for i in order)
                found.append((cells, stem, petals, z, targets[z]))
        return
    for petal in choices[depth][1]:
        budget[0] -= 1
        if budget[0] <= 0:
            return
        shared = (common & petal.digits) & ~stem_digits
        if not shared:
            continue
        narrowed = [0] * (grid.size + 1)
        keep = 0
        for z in digit_list(shared):
            narrowed[z] = petal.targets[z] if depth == 0 else targets[z] & petal.targets[z]
            if narrowed[z]:
                keep |= 1 << (z - 1)
        if keep:
            chosen.append(petal)
            _grow(grid, stem, stem_digits, choices, chosen, keep, narrowed, found, budget)
            chosen.pop()


def _step(grid: CandidateGrid, stem: int, petals: tuple[Als, ...], z: int, targets: int) -> Step:
    n = grid.size
    eliminations = eliminations_of(targets, z)
    stem_digits = digit_list(grid.cands[stem])
    distinct = list(dict.fromkeys(petals))
    position = {als.index: i for i, als in enumerate(distinct)}
    branches = [
        f"if it is {symbol(d)}, set {label(position[p.index])} loses {symbol(d)} and must "
        f"hold {symbol(z)}"
        for d, p in zip(stem_digits, petals, strict=True)
    ]
    names = "; ".join(set_text(als, i, n) for i, als in enumerate(distinct))
    explanation = (
        f"The stem {cell_name(stem, n)} is {or_list([symbol(d) for d in stem_digits])}. "
        f"Each of its digits has a petal, an almost locked set (one digit more than cells) "
        f"whose places for that digit all see the stem: {names}. A petal that loses its "
        f"digit is locked and holds all its other digits: {'; '.join(branches)}. Whichever "
        f"the stem is, {symbol(z)} is in a petal, so a cell that sees every {symbol(z)} of "
        f"them cannot be {symbol(z)}: {removal_text(eliminations, n)}."
    )
    links = sum(1 << (d - 1) for d in stem_digits)
    marks = tuple(Mark(stem, d, Role.PIVOT) for d in stem_digits) + als_marks(
        grid, distinct, links, 1 << (z - 1), eliminations
    )
    return Step(
        "Death Blossom",
        eliminations=eliminations,
        explanation=explanation,
        marks=marks,
        units=tuple(dict.fromkeys(als.unit for als in distinct)),
        rating=rated(RATING_BASE, len(stem_digits) + chain_length(petals)),
        areas=als_areas(distinct),
    )
