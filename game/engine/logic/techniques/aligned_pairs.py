"""Aligned Pair Exclusion: two cells whose pairs of values are ruled out by bivalue cells.

Take two cells and list the pairs of values they could take together.  A pair is
impossible when the two cells see each other and the values are equal, or when a
bivalue cell that sees both cells holds exactly those two values (it would be
left with nothing).  A value of one cell that appears in no possible pair is
removed from it.

This is Sudoku Explainer's form: the two cells need not see each other, and only
bivalue cells seeing both act as excluders, at least two of them (with one, any
exclusion is a naked pair or an XY-Wing found earlier).  Works from the peer
tables, so jigsaw and every size are covered; pairs are only formed through
shared bivalue peers, which keeps near-empty large grids cheap.  Rated 6.2, as SE
rates it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...symbols import cell_name, symbol
from ..als import digit_list
from ..grid import CandidateGrid, cells_of
from ..registry import Level, technique
from ..step import Mark, Role, Step
from ..wording import and_list, or_list, removal_text

ALIGNED_PAIR_RATING = 6.2


@technique("Aligned Pair Exclusion", level=Level.EXPERT, rating=ALIGNED_PAIR_RATING)
def aligned_pair_exclusion(grid: CandidateGrid) -> Iterator[Step]:
    """Cell pairs in reading order; each with every value no pair of values allows."""
    cands = grid.cands
    peer_mask = grid.tables.peer_mask
    bivalue = 0
    for cell, mask in enumerate(cands):
        if mask.bit_count() == 2:
            bivalue |= 1 << cell
    if bivalue.bit_count() < 2:
        return
    excluders = {
        cell: peer_mask[cell] & bivalue
        for cell, mask in enumerate(cands)
        if mask.bit_count() >= 2 and (peer_mask[cell] & bivalue).bit_count() >= 2
    }
    for first, first_excluders in excluders.items():
        # A partner sees two of the same bivalue cells, so it is a peer of one of them.
        near = 0
        for excluder in cells_of(first_excluders):
            near |= peer_mask[excluder]
        for second in cells_of(near >> (first + 1) << (first + 1)):
            shared = excluders.get(second, 0) & first_excluders
            count = shared.bit_count()
            if count < 2:
                continue
            # Each excluder rules out one value of a cell for a given value of the
            # other (and equality one more): a cell with more values keeps them all.
            if min(cands[first].bit_count(), cands[second].bit_count()) > count + 1:
                continue
            eliminations = _exclusions(grid, first, second, shared)
            if eliminations:
                yield _step(grid, first, second, shared, eliminations)


def _exclusions(
    grid: CandidateGrid, first: int, second: int, shared: int
) -> tuple[tuple[int, int], ...]:
    """The values of either cell that no pair of values allows."""
    cands = grid.cands
    # partner[bit of d]: the values v such that an excluder holds exactly d and v.
    partner: dict[int, int] = {}
    for excluder in cells_of(shared):
        pair = cands[excluder]
        low = pair & -pair
        partner[low] = partner.get(low, 0) | (pair ^ low)
        partner[pair ^ low] = partner.get(pair ^ low, 0) | low
    equal = grid.tables.peer_mask[first] >> second & 1  # equal values clash too
    removed: list[tuple[int, int]] = []
    for cell, other in ((first, second), (second, first)):
        need = cands[other]
        mask = cands[cell]
        while mask:
            low = mask & -mask
            mask ^= low
            if not need & ~(partner.get(low, 0) | (low if equal else 0)):
                removed.append((cell, low.bit_length()))
    return tuple(sorted(removed))


def _step(
    grid: CandidateGrid,
    first: int,
    second: int,
    shared: int,
    eliminations: tuple[tuple[int, int], ...],
) -> Step:
    n = grid.size
    cands = grid.cands
    peers = grid.tables.peer_mask[first] >> second & 1
    names = and_list(
        [f"{cell_name(x, n)} ({or_list(_symbols(cands[x]))})" for x in cells_of(shared)]
    )
    reasons = []
    for cell, digit in eliminations:
        other = second if cell == first else first
        why = []
        for value in digit_list(cands[other]):
            if value == digit and peers:
                why.append(f"{symbol(value)} would repeat in a unit")
                continue
            empty = next(
                x for x in cells_of(shared) if cands[x] == 1 << (digit - 1) | 1 << (value - 1)
            )
            why.append(f"{symbol(value)} would leave {cell_name(empty, n)} empty")
        reasons.append(
            f"{symbol(digit)} in {cell_name(cell, n)} leaves {cell_name(other, n)} "
            f"({or_list(_symbols(cands[other]))}) nothing: {and_list(why)}"
        )
    explanation = (
        f"Consider {cell_name(first, n)} and {cell_name(second, n)} together. The bivalue "
        f"cells {names} see both, so the two cannot take both values of one of them"
        f"{', and they see each other, so they cannot be equal' if peers else ''}. "
        + "; ".join(reason[0].upper() + reason[1:] for reason in reasons)
        + f". So {removal_text(eliminations, n)}."
    )
    marks = [Mark(first, d, Role.PIVOT) for d in digit_list(cands[first])]
    marks += [Mark(second, d, Role.PIVOT) for d in digit_list(cands[second])]
    marks += [Mark(x, d, Role.PATTERN) for x in cells_of(shared) for d in digit_list(cands[x])]
    removed = set(eliminations)
    marks = [m for m in marks if (m.cell, m.digit) not in removed]
    marks += [Mark(cell, digit, Role.OFF) for cell, digit in eliminations]
    return Step(
        "Aligned Pair Exclusion",
        eliminations=eliminations,
        explanation=explanation,
        marks=tuple(marks),
        rating=ALIGNED_PAIR_RATING,
    )


def _symbols(mask: int) -> list[str]:
    return [symbol(d) for d in digit_list(mask)]
