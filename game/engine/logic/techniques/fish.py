"""Fish: k rows whose places for a digit fit in k columns (or the other way round).

*Basic fish* (X-Wing, Swordfish, Jellyfish): each of the k *base* lines needs the
digit once, all in the k *cover* lines, so the k copies fill the cover lines and
no other cell of a cover line can hold it.

*Finned fish*: the same, except for a few extra candidates, the *fins*, all in one
region.  Either a fin holds the digit, or the fish is a basic fish; a cell that is
in a cover line *and* sees every fin loses the digit either way.  Since such a cell
is off the base lines and off the fins' cross lines, it can only see the fins by
sharing their region, so the search picks a fin region first.  That works for any
region layout (jigsaw pieces may reach across many lines).  *Sashimi* is the
finned fish where a base line keeps a single candidate once its fins are set
aside; it is named apart because players learn it apart.

Why projections: for one digit and one direction every line becomes a small
bitmask of cross positions (bit j = the cell in cross line j), so a fish is a
union of a few n-bit masks instead of set algebra on cells.  Digits that no
one-digit logic can reduce (every candidate lies on a template, see
:mod:`..digit_templates`) are skipped before any of that.

Fish with regions among their units (Franken, Mutant) are in :mod:`.complex_fish`,
and two finned fish on the same base in :mod:`.siamese_fish`.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ...shape import Shape
from ...symbols import symbol
from ..fish_search import (
    Fish,
    FishKind,
    fish_in,
    make_fish,
    one_digit_removable,
    variant_geometry,
)
from ..fish_text import FISH_NAMES, fish_areas, fish_step
from ..grid import CandidateGrid, cells_of
from ..memo import LastGrid
from ..registry import Level, technique
from ..step import Mark, Role, Step
from ..variant_units import VariantUnits, variant_units
from ..wording import and_list, cells_text, removal_text
from .subsets import combinations_within

BASIC_RATING = {2: 3.2, 3: 3.8, 4: 5.2}
FINNED_RATING = {2: 3.4, 3: 4.0, 4: 5.4}


@dataclass(frozen=True)
class Direction:
    """Rows as base lines (``by_rows``) or columns, with region projections per line."""

    by_rows: bool
    base_units: tuple[int, ...]  # the unit of each base line (rows if ``by_rows``)
    cross_units: tuple[int, ...]  # the unit of each cross line
    # region_lines[g][i]: cross positions of region g's cells in base line i
    region_lines: tuple[tuple[int, ...], ...]
    # region_span[g]: the base lines region g meets
    region_span: tuple[tuple[int, ...], ...]

    def cell(self, size: int, line: int, cross: int) -> int:
        return line * size + cross if self.by_rows else cross * size + line

    def unit(self, line: int, *, cross: bool = False) -> int:
        """Unit index of base line ``line`` (or of cross line ``line`` if ``cross``)."""
        return self.cross_units[line] if cross else self.base_units[line]


@functools.lru_cache(maxsize=64)
def directions(shape: Shape) -> tuple[Direction, Direction]:
    """Row-based and column-based projections of ``shape``'s regions (built once)."""
    n = shape.size
    result = []
    for by_rows in (True, False):
        region_lines = [[0] * n for _ in range(n)]
        for cell, region in enumerate(shape.regions):
            row, column = divmod(cell, n)
            line, cross = (row, column) if by_rows else (column, row)
            region_lines[region][line] |= 1 << cross
        span = tuple(tuple(i for i, m in enumerate(lines) if m) for lines in region_lines)
        base_units, cross_units = shape.row_units, shape.column_units
        if not by_rows:
            base_units, cross_units = cross_units, base_units
        projections = tuple(tuple(lines) for lines in region_lines)
        result.append(Direction(by_rows, base_units, cross_units, projections, span))
    return result[0], result[1]


def line_masks(grid: CandidateGrid, digit: int) -> tuple[list[int], list[int]]:
    """Per row the columns where ``digit`` may go, and per column the rows."""
    n = grid.size
    rows = [0] * n
    columns = [0] * n
    for cell in cells_of(grid.digit_cells(digit)):
        row, column = divmod(cell, n)
        rows[row] |= 1 << column
        columns[column] |= 1 << row
    return rows, columns


def _register_basic(k: int) -> None:
    name = FISH_NAMES[k]

    @technique(name, level=Level.HARD, rating=BASIC_RATING[k], one_digit=True)
    def find(grid: CandidateGrid) -> Iterator[Step]:
        return _basic(grid, k)

    find.__doc__ = f"Basic fish of size {k}."


def _register_finned(k: int, sashimi: bool) -> None:
    name = f"{'Sashimi' if sashimi else 'Finned'} {FISH_NAMES[k]}"

    @technique(name, level=Level.HARD, rating=FINNED_RATING[k], one_digit=True)
    def find(grid: CandidateGrid) -> Iterator[Step]:
        return _finned(grid, k, sashimi)

    find.__doc__ = f"{name}: a fish of size {k} with fins in one region."


def _reducible(grid: CandidateGrid, digit: int) -> bool:
    """Whether one-digit logic might remove a candidate of ``digit`` (unknown: yes)."""
    return one_digit_removable(grid, digit) != 0


def _basic(grid: CandidateGrid, k: int) -> Iterator[Step]:
    n = grid.size
    for digit in range(1, n + 1):
        if not _reducible(grid, digit):
            continue
        for direction, masks in zip(directions(grid.shape), line_masks(grid, digit), strict=True):
            pool = [i for i, m in enumerate(masks) if 2 <= m.bit_count() <= k]
            if len(pool) < k:
                continue
            for base, cover in combinations_within(pool, [masks[i] for i in pool], k):
                targets = [
                    direction.cell(n, i, j)
                    for i in range(n)
                    if i not in base
                    for j in cells_of(masks[i] & cover)
                ]
                if targets:
                    yield _step(grid, digit, direction, k, base, cover, 0, targets, "")


@dataclass(frozen=True)
class FinnedFish:
    """A finned or sashimi fish of size ``len(base)`` as the search found it."""

    digit: int
    sashimi: bool
    direction: Direction
    base: tuple[int, ...]  # base lines
    cover: int  # cross lines, as a bitmask
    fin_cells: int
    targets: tuple[int, ...]
    region: int  # where the fins are

    def units(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The base units and the cover units."""
        direction = self.direction
        return (
            tuple(direction.unit(i) for i in self.base),
            tuple(sorted(direction.unit(j, cross=True) for j in cells_of(self.cover))),
        )

    def as_fish(self, grid: CandidateGrid) -> Fish:
        """The same fish in unit terms, as the general fish machinery sees it."""
        bases, covers = self.units()
        return make_fish(grid.shape, grid.digit_cells(self.digit), bases, covers)


def finned_fish(grid: CandidateGrid, k: int) -> list[FinnedFish]:
    """Every finned and sashimi fish of size ``k`` in ``grid`` (one search per grid)."""
    return _finned_memo.get(grid, k, lambda: list(_finned_search(grid, k)))


def _finned(grid: CandidateGrid, k: int, sashimi: bool) -> Iterator[Step]:
    """The finned (or sashimi) fish of size ``k``; both kinds come from one search.

    Under a variant, also the finned fish whose removals see the fins through an
    extra house or a constraint (a knight's move from a fin) rather than the fins'
    region: those come from the general search on the variant's geometry.
    """
    name = "Sashimi" if sashimi else "Finned"
    classic = finned_fish(grid, k)
    yield from _finned_steps_of(grid, k, sashimi, name, classic)
    units = variant_units(grid)
    if units is None or not units.extra:
        return
    for digit, fish, thin in variant_finned_fish(grid, k):
        if thin == sashimi:
            step_name = f"{name} {FISH_NAMES[k]}"
            rating = FINNED_RATING[k]
            places = grid.digit_cells(digit)
            yield fish_step(grid.shape, places, digit, fish, step_name, rating, units)


def variant_finned_fish(grid: CandidateGrid, k: int) -> list[tuple[int, Fish, bool]]:
    """Under a variant, the finned fish of size ``k`` (rows against columns) that the
    search by fin region misses, as ``(digit, fish, sashimi)``: their removals see the
    fins through an extra house or a constraint.  Empty on classic and jigsaw grids."""
    units = variant_units(grid)
    if units is None or not units.extra:
        return []
    # Finned and Sashimi fish of one size both ask, on the same grid: one pass.
    return _variant_finned_memo.get(grid, k, lambda: _variant_finned(grid, units, k))


_variant_finned_memo: LastGrid[list[tuple[int, Fish, bool]]] = LastGrid()


def _variant_finned(
    grid: CandidateGrid, units: VariantUnits, k: int
) -> list[tuple[int, Fish, bool]]:
    """:func:`variant_finned_fish`, searched."""
    said = {(f.digit, *f.units()): set(f.targets) for f in finned_fish(grid, k)}
    found = []
    for digit in range(1, grid.size + 1):
        places = grid.digit_cells(digit)
        if not places:
            continue
        geo = variant_geometry(units, digit)
        for fish in fish_in(geo, places, FishKind.BASIC, k):
            if not fish.fins:
                continue
            if said.get((digit, fish.bases, fish.covers), set()).issuperset(
                cells_of(fish.eliminations)
            ):
                continue  # the search by fin region told this one already
            thin = min((fish.body & geo.unit_mask[u]).bit_count() for u in fish.bases)
            found.append((digit, fish, thin <= 1))
    return found


def _finned_steps_of(
    grid: CandidateGrid, k: int, sashimi: bool, name: str, classic: list[FinnedFish]
) -> Iterator[Step]:
    for found in classic:
        if found.sashimi == sashimi:
            yield _step(
                grid,
                found.digit,
                found.direction,
                k,
                found.base,
                found.cover,
                found.fin_cells,
                found.targets,
                name,
                found.region,
            )


_finned_memo: LastGrid[list[FinnedFish]] = LastGrid()


def _finned_search(grid: CandidateGrid, k: int) -> Iterator[FinnedFish]:
    """Every finned or sashimi fish of size ``k``.

    A base splits into the lines that meet the fin region (one at least carries
    the fins, and one at least must stay out of the base to hold a target) and
    lines that miss the region, whose candidates all count against the cover.
    The second kind are few small-union line sets, found once per digit and
    direction and reused for every region; the first kind are subsets of the
    few lines a region meets.  That keeps the search well under a millisecond
    per size on 9x9.
    """
    n = grid.size
    shape = grid.shape
    for digit in range(1, n + 1):
        if not _reducible(grid, digit):
            continue
        rows, columns = line_masks(grid, digit)
        for direction, masks in zip(directions(shape), (rows, columns), strict=True):
            small = _small_unions(masks, k)
            for region, in_region in enumerate(direction.region_lines):
                touched = {}
                touched_lines = 0
                for i in direction.region_span[region]:
                    hit = masks[i] & in_region[i]
                    if hit:
                        touched[i] = hit
                        touched_lines |= 1 << i
                if len(touched) < 2:
                    continue  # no room for both a fin and a target
                for base, core in _finned_bases(masks, touched, touched_lines, small, k):
                    room = 0
                    used = 0
                    for i, hit in touched.items():
                        if i not in base:
                            room |= hit
                    for i in base:
                        used |= masks[i]
                    if room & used:
                        yield from _finned_steps(
                            grid, digit, direction, k, base, core, masks, region, used, room
                        )


def _small_unions(masks: Sequence[int], k: int) -> list[list[tuple[int, int, tuple[int, ...]]]]:
    """Per size m < k, the sets of m lines whose candidates span at most k cross lines.

    Each as (line bitset, union of cross positions, lines); size 0 is the empty set.
    """
    found: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in range(k)]
    pool = [i for i, m in enumerate(masks) if 0 < m.bit_count() <= k]
    chosen: list[int] = []

    def extend(start: int, lines: int, union: int) -> None:
        found[len(chosen)].append((lines, union, tuple(chosen)))
        if len(chosen) == k - 1:
            return
        for index in range(start, len(pool)):
            line = pool[index]
            grown = union | masks[line]
            if grown.bit_count() <= k:
                chosen.append(line)
                extend(index + 1, lines | 1 << line, grown)
                chosen.pop()

    extend(0, 0, 0)
    return found


def _finned_bases(
    masks: Sequence[int],
    touched: dict[int, int],
    touched_lines: int,
    small: list[list[tuple[int, int, tuple[int, ...]]]],
    k: int,
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Bases of k lines with a fin line in the region; yields (lines, core cross lines).

    ``core`` holds the cross positions of the base's candidates outside the region,
    which the cover must include; it has at most k of them.
    """
    lines = sorted(touched)
    for size in range(1, min(k, len(lines) - 1) + 1):
        for fin_lines in itertools.combinations(lines, size):
            outside = 0
            for i in fin_lines:
                outside |= masks[i] & ~touched[i]
            if outside.bit_count() > k:
                continue
            for others, union, rest in small[k - size]:
                if others & touched_lines:
                    continue
                core = outside | union
                if core.bit_count() <= k:
                    yield tuple(sorted(fin_lines + rest)), core


def _finned_steps(
    grid: CandidateGrid,
    digit: int,
    direction: Direction,
    k: int,
    base: tuple[int, ...],
    core: int,
    masks: Sequence[int],
    region: int,
    used: int,
    room: int,
) -> Iterator[FinnedFish]:
    """The finned fish on ``base`` whose fins lie in ``region``, for each cover choice.

    ``core`` holds the cross lines the base needs outside the region; the cover is
    ``core`` plus enough of the base's other cross lines to make ``k``.  ``used``
    holds the base's cross positions, ``room`` those where a target could be.
    """
    n = grid.size
    in_region = direction.region_lines[region]
    extra_pool = list(cells_of(used & ~core))
    missing = k - core.bit_count()
    if missing > len(extra_pool):
        return
    for extra in itertools.combinations(extra_pool, missing):
        cover = core
        for j in extra:
            cover |= 1 << j
        if not cover & room:
            continue
        fins = [(i, masks[i] & ~cover) for i in base]
        if not any(f for _, f in fins):
            continue  # a basic fish: the basic finder reports it
        kept = [(masks[i] & cover).bit_count() for i in base]
        if min(kept) == 0:
            continue  # a base line made only of fins is no fish
        sashimi = min(kept) == 1
        targets = [
            direction.cell(n, i, j)
            for i in range(n)
            if i not in base
            for j in cells_of(masks[i] & cover & in_region[i])
        ]
        if not targets:
            continue
        fin_cells = 0
        for i, f in fins:
            for j in cells_of(f):
                fin_cells |= 1 << direction.cell(n, i, j)
        yield FinnedFish(digit, sashimi, direction, base, cover, fin_cells, tuple(targets), region)


def _step(
    grid: CandidateGrid,
    digit: int,
    direction: Direction,
    k: int,
    base: Sequence[int],
    cover: int,
    fin_cells: int,
    targets: Sequence[int],
    variant: str,
    region: int | None = None,
) -> Step:
    n = grid.size
    shape = grid.shape
    fish = FISH_NAMES[k]
    name = f"{variant} {fish}" if variant else fish
    covers = list(cells_of(cover))
    base_units = [direction.unit(i) for i in base]
    cover_units = [direction.unit(j, cross=True) for j in covers]
    base_kind, cover_kind = ("rows", "columns") if direction.by_rows else ("columns", "rows")
    base_text = f"{base_kind} {and_list([str(i + 1) for i in base])}"
    cover_text = f"{cover_kind} {and_list([str(j + 1) for j in covers])}"
    pattern = [
        direction.cell(n, i, j)
        for i in base
        for j in covers
        if grid.digit_cells(digit) >> direction.cell(n, i, j) & 1
    ]
    eliminations = tuple((cell, digit) for cell in sorted(targets))
    d = symbol(digit)
    if not fin_cells:
        explanation = (
            f"{name} on {d}: in {base_text}, the {d}s can only go in {cover_text} "
            f"({cells_text(pattern, n)}). Each of these {len(base)} {base_kind} needs a {d} "
            f"in a different one of those {cover_kind}, so they take every {d} of "
            f"{cover_text}: {removal_text(eliminations, n)}."
        )
    else:
        assert region is not None
        fins = list(cells_of(fin_cells))
        fin_word = "fin" if len(fins) == 1 else "fins"
        where = shape.unit_name(shape.region_units[region])
        explanation = (
            f"{name} on {d}: in {base_text}, the {d}s can only go in {cover_text} "
            f"({cells_text(pattern, n)}), apart from the {fin_word} {cells_text(fins, n)} "
            f"in {where}. Either a fin is {d}, or these {base_kind} make a {fish} that "
            f"takes every {d} of {cover_text}. Either way, no other cell of {cover_text} "
            f"inside {where} can be {d}: {removal_text(eliminations, n)}."
        )
    # The rest of the cover lines' candidates (those a finned fish cannot reach).
    rest = [
        direction.cell(n, i, j)
        for i in range(n)
        if i not in base
        for j in covers
        if grid.digit_cells(digit) >> direction.cell(n, i, j) & 1
        and direction.cell(n, i, j) not in targets
    ]
    marks = (
        tuple(Mark(cell, digit, Role.PATTERN) for cell in pattern)
        + tuple(Mark(cell, digit, Role.FIN) for cell in cells_of(fin_cells))
        + tuple(Mark(cell, digit, Role.COVER) for cell in rest)
        + tuple(Mark(cell, digit, Role.FOCUS) for cell, _ in eliminations)
    )
    units = tuple(base_units + cover_units)
    if region is not None:
        units += (shape.region_units[region],)
    rating = FINNED_RATING[k] if fin_cells else BASIC_RATING[k]
    return Step(
        name,
        eliminations=eliminations,
        explanation=explanation,
        marks=marks,
        units=units,
        rating=rating,
        areas=fish_areas(shape, digit, base_units, cover_units),
    )


for _k in (2, 3, 4):
    _register_basic(_k)
for _k in (2, 3, 4):
    _register_finned(_k, sashimi=False)
    _register_finned(_k, sashimi=True)
