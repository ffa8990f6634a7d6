"""Templates: every way one digit can still fill the grid, and what they all agree on.

A *template* of a digit is a set of cells, one in every row, every column and every
region: the cells the digit will occupy when the grid is full.  The templates that
fit the position keep every cell where the digit is placed and use only cells that
still allow it.  Then

- *Template Set*: a cell that every fitting template uses must hold the digit;
- *Template Delete*: a candidate that no fitting template uses is false.

HoDoKu narrows the templates once more (its refinement): a cell that every template
of another digit uses is taken, so no template may use it.  We do the same, and the
explanation names the cells taken that way.

How they are counted: rather than list the templates (46,656 for a classic digit
with nothing placed), a dynamic programme walks the rows, keeping for each partial
template only the columns and regions it has used; the number of such states is
what the search costs.  The rows are taken fewest-places first, which keeps it
small.  A forward pass counts the partial templates that reach each state, a
backward pass those that finish from it, and a candidate is in some template
exactly when a state before its row reaches, through it, a state that finishes.

Bounds: every size and layout, within a work budget of ``WORK_BUDGET`` (state, cell)
pairs per position, both passes and all digits together (about 30 ms of CPU).  Per
digit, positions along solve paths of SE 8+ puzzles need under 4,000; an open
classic 9x9 5,000, an open 9x9 jigsaw up to 40,000, an open 12x12 46,000, an open
16x16 620,000 (its column sets alone number up to C(16, 8) = 12,870) and 25x25 far
more.  So every real 9x9 position is covered, and on big open grids the search
stops when the budget runs out, keeping the digits it finished (each is sound on
its own); as cells fill, the states shrink and the templates come within reach.
The per-row cell tables are built once per shape.

Rating and level: these are trial, done exhaustively for one digit, so they rate
as Sudoku Explainer's Nishio (7.5), its one-digit forcing chain: the nearest SE
step, above every pattern we have.  With HoDoKu's refinement (other digits'
templates involved) 0.1 more.  For the same reason their level is Extreme, like
the forcing chains (a puzzle that needs them is not an Expert puzzle, and the
library's Extreme 6x6 jigsaws stay Extreme), but they are not ``last_resort``: each
step is proved from the candidates without a guess, and they come before the
forcing chains on a solving path.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from ...shape import Shape
from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, cells_of
from ..memo import LastGrid
from ..registry import Level, technique
from ..step import Area, AreaKind, Mark, Role, Step
from ..wording import cells_text, or_list, plural, removal_text

TEMPLATE_RATING = 7.5
REFINED_BONUS = 0.1
WORK_BUDGET = 300_000
"""(state, cell) pairs the search may try per position (see the module docstring)."""


@functools.lru_cache(maxsize=16)
def _row_options(shape: Shape) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per row, each cell as ``(cell, state bits)``: its column bit and region bit.

    A state packs the used columns in its low ``n`` bits and the used regions above.
    """
    n = shape.size
    return tuple(
        tuple(
            (row * n + column, (1 << column) | (1 << (n + shape.regions[row * n + column])))
            for column in range(n)
        )
        for row in range(n)
    )


@dataclass(frozen=True)
class Fit:
    """The templates of one digit that fit: how many, the cells some use, the cells all use."""

    count: int
    some: int  # cell bitset
    every: int  # cell bitset


class Budget:
    """The work left for one position's template search."""

    def __init__(self, left: int) -> None:
        self.left = left

    def spend(self, work: int) -> bool:
        """Take ``work`` from the budget; False (and nothing taken) if it is not there."""
        if work > self.left:
            return False
        self.left -= work
        return True


def _fit(shape: Shape, allowed: int, budget: Budget) -> Fit | None:
    """The templates within the cells ``allowed``; None when the budget runs out."""
    options = _row_options(shape)
    rows = []
    for row_cells in options:
        usable = tuple((cell, bits) for cell, bits in row_cells if allowed >> cell & 1)
        if not usable:
            return Fit(0, 0, 0)
        rows.append(usable)
    rows.sort(key=len)
    layers: list[dict[int, int]] = [{0: 1}]
    for usable in rows:
        # The backward pass tries the same pairs again: pay for both now.
        if not budget.spend(2 * len(layers[-1]) * len(usable)):
            return None
        layer: dict[int, int] = {}
        for state, count in layers[-1].items():
            for _cell, bits in usable:
                if not state & bits:
                    nxt = state | bits
                    layer[nxt] = layer.get(nxt, 0) + count
        if not layer:
            return Fit(0, 0, 0)
        layers.append(layer)
    # Backward: how many ways each state finishes; a cell is used when a reachable
    # state before its row moves through it into a state that finishes.
    finish: dict[int, int] = dict.fromkeys(layers[-1], 1)
    some = every = 0
    for depth in range(len(rows) - 1, -1, -1):
        before: dict[int, int] = {}
        used_here = 0
        for state in layers[depth]:
            ways = 0
            for cell, bits in rows[depth]:
                if state & bits:
                    continue
                after = finish.get(state | bits)
                if after:
                    ways += after
                    used_here |= 1 << cell
            if ways:
                before[state] = ways
        finish = before
        some |= used_here
        if used_here.bit_count() == 1:
            every |= used_here
    return Fit(finish.get(0, 0), some, every)


@dataclass(frozen=True)
class Result:
    """One digit's templates, and the cells other digits' templates took from it."""

    digit: int
    fit: Fit
    taken: int  # cells every template of another digit uses (HoDoKu's refinement)


def _results(grid: CandidateGrid) -> list[Result]:
    """Each digit's fitting templates within the budget, plain and then refined."""
    return _memo.get(grid, None, lambda: _compute(grid))


_memo: LastGrid[list[Result]] = LastGrid()


def _compute(grid: CandidateGrid) -> list[Result]:
    n = grid.size
    shape = grid.shape
    budget = Budget(WORK_BUDGET)
    placed = [0] * (n + 1)
    for cell, value in enumerate(grid.values):
        if value:
            placed[value] |= 1 << cell
    allowed = [placed[d] | grid.digit_cells(d) for d in range(n + 1)]
    fits: dict[int, Fit] = {}
    for digit in range(1, n + 1):
        found = _fit(shape, allowed[digit], budget)
        if found is not None and found.count:
            fits[digit] = found
    results = [Result(d, fits[d], 0) for d in sorted(fits)]
    # Refinement: a cell every template of digit k uses (and k is not placed there
    # yet) is k's, so the templates of other digits may not use it.
    taken = {d: 0 for d in fits}
    while True:
        changed = False
        owned = {d: fit.every & ~placed[d] for d, fit in fits.items()}
        for digit in list(fits):
            others = 0
            for other, cells in owned.items():
                if other != digit:
                    others |= cells
            lost = others & allowed[digit] & ~taken[digit]
            if not lost:
                continue
            taken[digit] |= lost
            found = _fit(shape, allowed[digit] & ~taken[digit], budget)
            if found is None or not found.count:
                del fits[digit]  # too costly now, or a broken position: say nothing
                continue
            fits[digit] = found
            changed = True
        if not changed:
            break
    results += [Result(d, fits[d], taken[d]) for d in sorted(fits) if taken[d]]
    return results


def _area(cells: int, digit: int, label: str) -> tuple[Area, ...]:
    return (Area(tuple(cells_of(cells)), AreaKind.POSITION, 0, 1 << (digit - 1), label),)


def _taken_text(grid: CandidateGrid, result: Result) -> str:
    if not result.taken:
        return ""
    n = grid.size
    return (
        f" Every template of another digit uses {cells_text(cells_of(result.taken), n)}, "
        f"so no {symbol(result.digit)} template may."
    )


def _rating(result: Result) -> float:
    return round(TEMPLATE_RATING + (REFINED_BONUS if result.taken else 0.0), 1)


@technique("Template Set", level=Level.EXTREME, rating=TEMPLATE_RATING)
def template_set(grid: CandidateGrid) -> Iterator[Step]:
    """Cells every fitting template of a digit uses take that digit."""
    results = _results(grid)
    if not results:
        return
    n = grid.size
    seen: set[tuple[int, int]] = set()
    for result in results:
        digit = result.digit
        new = result.fit.every & ~_placed_cells(grid, digit)
        placements = tuple((cell, digit) for cell in cells_of(new) if (cell, digit) not in seen)
        if not placements:
            continue
        seen.update(placements)
        d = symbol(digit)
        where = cells_text([cell for cell, _ in placements], n)
        yield Step(
            "Template Set",
            placements=placements,
            explanation=(
                f"A template for {d} is one cell in every row, column and "
                f"{_region_word(grid)}, keeping the {d}s already placed and using only "
                f"cells that still allow {d}.{_taken_text(grid, result)} "
                f"{_count_text(result.fit.count)} fit, and every one of them uses {where}: "
                f"place {d} there."
            ),
            marks=tuple(Mark(cell, digit, Role.FOCUS) for cell, _ in placements),
            areas=_area(result.fit.every, digit, f"every {d} template"),
            rating=_rating(result),
        )


@technique("Template Delete", level=Level.EXTREME, rating=TEMPLATE_RATING)
def template_delete(grid: CandidateGrid) -> Iterator[Step]:
    """Candidates of a digit that no fitting template uses are false."""
    results = _results(grid)
    if not results:
        return
    n = grid.size
    seen: set[tuple[int, int]] = set()
    for result in results:
        digit = result.digit
        dead = grid.digit_cells(digit) & ~result.fit.some
        eliminations = tuple((cell, digit) for cell in cells_of(dead) if (cell, digit) not in seen)
        if not eliminations:
            continue
        seen.update(eliminations)
        d = symbol(digit)
        where = or_list([cell_name(cell, n) for cell, _ in eliminations])
        yield Step(
            "Template Delete",
            eliminations=eliminations,
            explanation=(
                f"A template for {d} is one cell in every row, column and "
                f"{_region_word(grid)}, keeping the {d}s already placed and using only "
                f"cells that still allow {d}.{_taken_text(grid, result)} "
                f"{_count_text(result.fit.count)} fit, and none of them uses {where}: "
                f"{removal_text(eliminations, n)}."
            ),
            marks=tuple(
                Mark(cell, digit, Role.PATTERN)
                for cell in cells_of(result.fit.some & grid.digit_cells(digit))
            )
            + tuple(Mark(cell, digit, Role.FOCUS) for cell, _ in eliminations),
            areas=_area(result.fit.some, digit, f"some {d} template"),
            rating=_rating(result),
        )


def _placed_cells(grid: CandidateGrid, digit: int) -> int:
    mask = 0
    for cell, value in enumerate(grid.values):
        if value == digit:
            mask |= 1 << cell
    return mask


def _region_word(grid: CandidateGrid) -> str:
    return "box" if grid.shape.box else "region"


def _count_text(count: int) -> str:
    if count == 1:
        return "Only one template"
    return f"{plural(count, 'template')}".capitalize()
