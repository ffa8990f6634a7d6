"""Naked and hidden subsets: k cells of a unit that hold exactly k digits between them.

*Naked*: k cells whose candidates together are only k digits; those digits must
fill those cells, so every other cell of the unit (and of any other unit the k
cells share) loses them.  *Hidden*: k digits that together fit in only k cells of
a unit; those cells must hold those digits, so they lose every other candidate.

Search enumerates combinations with pruning on the running union (a combination
whose union already exceeds k cannot become a subset), so 16x16 grids stay quick.
A subset that removes nothing is skipped: it teaches nothing at that moment.

Both are local (:attr:`~..registry.Technique.local`): a subset is decided by the
candidates of its unit's cells, so only units with a cell in the grid's focus are
searched.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..grid import CandidateGrid, cells_of, digits_of
from ..registry import Level, technique
from ..step import Mark, Role, Step
from ..wording import and_list, cells_text, digits_text, removal_text

NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}
NUMBER = {2: "two", 3: "three", 4: "four"}
NAKED_RATING = {2: 3.0, 3: 3.6, 4: 5.0}
HIDDEN_RATING = {2: 3.4, 3: 4.0, 4: 5.4}


@technique("Naked Pair", level=Level.MEDIUM, rating=NAKED_RATING[2], local=True)
def naked_pair(grid: CandidateGrid) -> Iterator[Step]:
    """Two cells of a unit with the same two candidates."""
    return _naked(grid, 2)


@technique("Naked Triple", level=Level.MEDIUM, rating=NAKED_RATING[3], local=True)
def naked_triple(grid: CandidateGrid) -> Iterator[Step]:
    """Three cells of a unit with three candidates between them."""
    return _naked(grid, 3)


@technique("Naked Quad", level=Level.HARD, rating=NAKED_RATING[4], local=True)
def naked_quad(grid: CandidateGrid) -> Iterator[Step]:
    """Four cells of a unit with four candidates between them."""
    return _naked(grid, 4)


@technique("Hidden Pair", level=Level.MEDIUM, rating=HIDDEN_RATING[2], local=True)
def hidden_pair(grid: CandidateGrid) -> Iterator[Step]:
    """Two digits of a unit that fit in the same two cells only."""
    return _hidden(grid, 2)


@technique("Hidden Triple", level=Level.MEDIUM, rating=HIDDEN_RATING[3], local=True)
def hidden_triple(grid: CandidateGrid) -> Iterator[Step]:
    """Three digits of a unit that fit in three cells only."""
    return _hidden(grid, 3)


@technique("Hidden Quad", level=Level.HARD, rating=HIDDEN_RATING[4], local=True)
def hidden_quad(grid: CandidateGrid) -> Iterator[Step]:
    """Four digits of a unit that fit in four cells only."""
    return _hidden(grid, 4)


def combinations_within(
    items: Sequence[int], masks: Sequence[int], k: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every ``k`` of ``items`` whose ``masks`` OR to exactly ``k`` bits, with that OR.

    A branch stops as soon as its union has more than ``k`` bits, which is what
    keeps the search small: most candidates rule out most partners at once.
    """
    chosen: list[int] = []

    def extend(start: int, union: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if len(chosen) == k:
            if union.bit_count() == k:
                yield tuple(chosen), union
            return
        for i in range(start, len(items) - (k - len(chosen)) + 1):
            grown = union | masks[i]
            if grown.bit_count() > k:
                continue
            chosen.append(items[i])
            yield from extend(i + 1, grown)
            chosen.pop()

    return extend(0, 0)


def _naked(grid: CandidateGrid, k: int) -> Iterator[Step]:
    n = grid.size
    shape = grid.shape
    unit_mask = grid.tables.unit_mask
    cands = grid.cands
    name = f"Naked {NAMES[k]}"
    seen: set[int] = set()
    focus = grid.focus
    for unit, members in enumerate(shape.units):
        if not unit_mask[unit] & focus:
            continue
        pool = [c for c in members if 2 <= cands[c].bit_count() <= k]
        if len(pool) < k:
            continue
        for cells, digits in combinations_within(pool, [cands[c] for c in pool], k):
            cell_set = 0
            for cell in cells:
                cell_set |= 1 << cell
            if cell_set in seen:
                continue
            seen.add(cell_set)
            common = [u for u in shape.cell_units[cells[0]] if unit_mask[u] & cell_set == cell_set]
            eliminations = []
            for unit in common:
                for other in cells_of(unit_mask[unit] & ~cell_set):
                    for digit in digits_of(cands[other] & digits):
                        eliminations.append((other, digit))
            if not eliminations:
                continue
            eliminations = sorted(set(eliminations))
            where = and_list([shape.unit_name(u) for u in common])
            cell_text = cells_text(cells, n)
            digit_text = digits_text(digits_of(digits))
            count = NUMBER[k]
            yield Step(
                name,
                eliminations=tuple(eliminations),
                explanation=(
                    f"In {where}, the {count} cells {cell_text} can only hold {digit_text} "
                    f"between them, so those {count} digits must go in those {count} cells "
                    f"and nowhere else in {where}: {removal_text(eliminations, n)}."
                ),
                marks=tuple(Mark(c, d, Role.PATTERN) for c in cells for d in digits_of(cands[c]))
                + tuple(Mark(c, d, Role.FOCUS) for c, d in eliminations),
                units=tuple(common),
                rating=NAKED_RATING[k],
            )


def _hidden(grid: CandidateGrid, k: int) -> Iterator[Step]:
    n = grid.size
    shape = grid.shape
    cands = grid.cands
    name = f"Hidden {NAMES[k]}"
    seen: set[tuple[int, int]] = set()
    unit_mask = grid.tables.unit_mask
    holding = [0] + [grid.digit_cells(d) for d in range(1, n + 1)]
    focus = grid.focus
    for unit in range(len(shape.units)):
        mask = unit_mask[unit]
        if not mask & focus:
            continue
        placed = grid.unit_values(unit)
        pool = []
        places = []
        for digit in range(1, n + 1):
            if placed >> (digit - 1) & 1:
                continue
            spots = holding[digit] & mask
            if 2 <= spots.bit_count() <= k:
                pool.append(digit)
                places.append(spots)
        if len(pool) < k:
            continue
        for digits, cell_set in combinations_within(pool, places, k):
            digit_mask = 0
            for digit in digits:
                digit_mask |= 1 << (digit - 1)
            key = (cell_set, digit_mask)
            if key in seen:
                continue
            seen.add(key)
            cells = list(cells_of(cell_set))
            eliminations = [
                (cell, digit) for cell in cells for digit in digits_of(cands[cell] & ~digit_mask)
            ]
            if not eliminations:
                continue
            where = shape.unit_name(unit)
            count = NUMBER[k]
            digit_text = digits_text(digits)
            yield Step(
                name,
                eliminations=tuple(eliminations),
                explanation=(
                    f"In {where}, {digit_text} can only go in the {count} cells "
                    f"{cells_text(cells, n)}, so those cells must hold {digit_text} and "
                    f"nothing else: {removal_text(eliminations, n)}."
                ),
                marks=tuple(
                    Mark(c, d, Role.PATTERN) for c in cells for d in digits if _has(cands[c], d)
                )
                + tuple(Mark(c, d, Role.FOCUS) for c, d in eliminations),
                units=(unit,),
                rating=HIDDEN_RATING[k],
            )


def _has(mask: int, digit: int) -> bool:
    return bool(mask >> (digit - 1) & 1)
