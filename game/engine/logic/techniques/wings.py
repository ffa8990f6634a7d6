"""Wings: short chains through bivalue cells that players learn as shapes.

- *XY-Wing*: a pivot ``{x, y}`` sees two pincers ``{x, z}`` and ``{y, z}``.  Whatever the
  pivot is, one pincer is ``z``, so a cell that sees both pincers is not ``z``.
- *XYZ-Wing*: the pivot is ``{x, y, z}`` and the pincers ``{x, z}`` and ``{y, z}``; one
  of the three is ``z``, so a cell that sees all three is not ``z``.
- *W-Wing*: two cells ``{x, y}`` that do not see each other, bridged by a unit where
  ``y`` has only two places, one seeing each cell.  One of the bridge cells is ``y``,
  so one of the two cells is ``x``, and a cell that sees both is not ``x``.

Everything works from the peer and unit bitsets, so jigsaw regions need nothing
special.  Under a variant's rules, "sees" is the rules' relation for the digit at
hand (a knight's move, a diagonal, a cage ...), and the W-Wing's bridge any full
house: :mod:`..variant_wings` has those searches.

Ratings: Sudoku Explainer's 4.2 and 4.4 for the first two.  SE has no
W-Wing: it reaches the same elimination with a six-candidate chain, 7.0 plus 0.1
for the length, so the W-Wing is rated 7.1 (on the rated bank, puzzles whose
hardest step is a W-Wing sit at SE 7.1 far more often than anywhere else).  It
keeps its place among the wings in the catalogue, where players' guides teach it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...symbols import cell_name, symbol
from ..grid import CandidateGrid, cells_of
from ..registry import Level, technique
from ..step import Mark, Role, Step
from ..variant_units import VariantUnits, sees_reason, sightings, variant_units
from ..variant_wings import w_wings, xy_wings, xyz_wings
from ..wing_steps import w_wing_step, wing_step
from ..wording import and_list, or_list, removal_text

XY_WING_RATING = 4.2
XYZ_WING_RATING = 4.4
W_WING_RATING = 7.1
W_WING_PLACE = 5.6


def _bivalue(grid: CandidateGrid) -> list[int]:
    return [cell for cell, mask in enumerate(grid.cands) if mask.bit_count() == 2]


def _options(mask: int) -> str:
    """``3 or 7`` for a cell's candidates."""
    return or_list([symbol(d + 1) for d in range(mask.bit_length()) if mask >> d & 1])


def _low_digit(mask: int) -> int:
    return (mask & -mask).bit_length()


@technique("XY-Wing", level=Level.HARD, rating=XY_WING_RATING)
def xy_wing(grid: CandidateGrid) -> Iterator[Step]:
    """A bivalue pivot and two bivalue pincers that share its digits and a third."""
    units = variant_units(grid)
    if units is not None and units.extra:
        yield from xy_wings(grid, units, XY_WING_RATING)
        return
    n = grid.size
    cands = grid.cands
    peer_mask = grid.tables.peer_mask
    bivalue = 0
    for cell in _bivalue(grid):
        bivalue |= 1 << cell
    for pivot in cells_of(bivalue):
        pair = cands[pivot]
        x_bit = pair & -pair
        y_bit = pair ^ x_bit
        near = peer_mask[pivot] & bivalue
        x_side = [q for q in cells_of(near) if cands[q] & pair == x_bit]
        y_side = [q for q in cells_of(near) if cands[q] & pair == y_bit]
        for one in x_side:
            z_bit = cands[one] ^ x_bit
            for two in y_side:
                if cands[two] != y_bit | z_bit:
                    continue
                z = z_bit.bit_length()
                targets = peer_mask[one] & peer_mask[two] & grid.digit_cells(z)
                if not targets:
                    continue
                x, y = x_bit.bit_length(), y_bit.bit_length()
                eliminations = tuple((cell, z) for cell in cells_of(targets))
                yield wing_step(
                    "XY-Wing",
                    pivot,
                    (one, two),
                    (x, y, z),
                    eliminations,
                    (
                        f"{cell_name(pivot, n)} (pivot, {_options(pair)}) sees "
                        f"{cell_name(one, n)} ({_options(cands[one])}) and "
                        f"{cell_name(two, n)} ({_options(cands[two])}). Whichever value "
                        f"the pivot takes, one of the pincers is {symbol(z)}, so any cell "
                        f"that sees both pincers cannot be {symbol(z)}: "
                        f"{removal_text(eliminations, n)}."
                    ),
                    XY_WING_RATING,
                )


@technique("XYZ-Wing", level=Level.HARD, rating=XYZ_WING_RATING)
def xyz_wing(grid: CandidateGrid) -> Iterator[Step]:
    """A three-candidate pivot and two bivalue pincers inside it that share ``z``."""
    units = variant_units(grid)
    if units is not None and units.extra:
        yield from xyz_wings(grid, units, XYZ_WING_RATING)
        return
    n = grid.size
    cands = grid.cands
    peer_mask = grid.tables.peer_mask
    bivalue = 0
    for cell in _bivalue(grid):
        bivalue |= 1 << cell
    for pivot, triple in enumerate(cands):
        if triple.bit_count() != 3:
            continue
        inside = [q for q in cells_of(peer_mask[pivot] & bivalue) if cands[q] & ~triple == 0]
        for i, one in enumerate(inside):
            for two in inside[i + 1 :]:
                if cands[one] == cands[two]:
                    continue
                z_bit = cands[one] & cands[two]
                z = z_bit.bit_length()
                targets = peer_mask[pivot] & peer_mask[one] & peer_mask[two] & grid.digit_cells(z)
                if not targets:
                    continue
                x = (cands[one] ^ z_bit).bit_length()
                y = (cands[two] ^ z_bit).bit_length()
                eliminations = tuple((cell, z) for cell in cells_of(targets))
                yield wing_step(
                    "XYZ-Wing",
                    pivot,
                    (one, two),
                    (x, y, z),
                    eliminations,
                    (
                        f"{cell_name(pivot, n)} (pivot, {_options(triple)}) sees "
                        f"{cell_name(one, n)} ({_options(cands[one])}) and "
                        f"{cell_name(two, n)} ({_options(cands[two])}). If the pivot is "
                        f"{symbol(x)}, {cell_name(one, n)} is {symbol(z)}; if it is "
                        f"{symbol(y)}, {cell_name(two, n)} is {symbol(z)}; otherwise the "
                        f"pivot is {symbol(z)} itself. So a cell that sees all three "
                        f"cannot be {symbol(z)}: {removal_text(eliminations, n)}."
                    ),
                    XYZ_WING_RATING,
                )


@technique("W-Wing", level=Level.HARD, rating=W_WING_RATING, order=W_WING_PLACE)
def w_wing(grid: CandidateGrid) -> Iterator[Step]:
    """Two equal bivalue cells bridged by a strong link on one of their digits."""
    units = variant_units(grid)
    if units is not None and units.extra:
        yield from w_wings(grid, units, W_WING_RATING)
        return
    n = grid.size
    cands = grid.cands
    peer_mask = grid.tables.peer_mask
    shape = grid.shape
    by_pair: dict[int, list[int]] = {}
    for cell in _bivalue(grid):
        by_pair.setdefault(cands[cell], []).append(cell)
    bridges: dict[int, list[tuple[int, int, int]]] = {}  # digit -> (a, b, unit)
    seen: set[tuple[int, int, int, int, int]] = set()  # a pair linked by two units once
    for pair, cells in by_pair.items():
        if len(cells) < 2:
            continue
        for i, one in enumerate(cells):
            for two in cells[i + 1 :]:
                if peer_mask[one] >> two & 1:
                    continue  # a naked pair, not a wing
                for y in (_low_digit(pair), pair.bit_length()):
                    x = (pair ^ (1 << (y - 1))).bit_length()
                    targets = peer_mask[one] & peer_mask[two] & grid.digit_cells(x)
                    if not targets:
                        continue
                    if y not in bridges:
                        bridges[y] = _strong_links(grid, y)
                    for a, b, unit in bridges[y]:
                        for near, far in ((a, b), (b, a)):
                            if near in (one, two) or far in (one, two):
                                continue
                            if not (peer_mask[one] >> near & 1 and peer_mask[two] >> far & 1):
                                continue
                            if (one, two, y, near, far) in seen:
                                continue
                            seen.add((one, two, y, near, far))
                            eliminations = tuple((cell, x) for cell in cells_of(targets))
                            yield w_wing_step(
                                (one, two),
                                (near, far),
                                (x, y),
                                eliminations,
                                (
                                    f"{cell_name(one, n)} and {cell_name(two, n)} are both "
                                    f"{_options(pair)}. In {shape.unit_name(unit)}, "
                                    f"{symbol(y)} can only go in {cell_name(near, n)} or "
                                    f"{cell_name(far, n)}; {cell_name(near, n)} sees "
                                    f"{cell_name(one, n)} and {cell_name(far, n)} sees "
                                    f"{cell_name(two, n)}. One of them is {symbol(y)}, so "
                                    f"{cell_name(one, n)} or {cell_name(two, n)} is "
                                    f"{symbol(x)}, and any cell that sees both cannot be "
                                    f"{symbol(x)}: {removal_text(eliminations, n)}."
                                ),
                                (unit,),
                                W_WING_RATING,
                            )


def _strong_links(grid: CandidateGrid, digit: int) -> list[tuple[int, int, int]]:
    """Each unit where ``digit`` has exactly two places, as ``(a, b, unit)``."""
    found = []
    for unit, unit_mask in enumerate(grid.tables.unit_mask):
        places = grid.digit_cells(digit) & unit_mask
        if places.bit_count() == 2:
            a, b = cells_of(places)
            found.append((a, b, unit))
    return found


WXYZ_WING_RATING = 5.5
VWXYZ_WING_RATING = 6.2


@technique("WXYZ-Wing", level=Level.HARD, rating=WXYZ_WING_RATING, local=True)
def wxyz_wing(grid: CandidateGrid) -> Iterator[Step]:
    """A pivot and three wings holding four digits, only one of them free to repeat."""
    yield from _bent_wings(grid, 4, "WXYZ-Wing", WXYZ_WING_RATING)


@technique("VWXYZ-Wing", level=Level.EXPERT, rating=VWXYZ_WING_RATING, local=True)
def vwxyz_wing(grid: CandidateGrid) -> Iterator[Step]:
    """A pivot and four wings holding five digits, only one of them free to repeat."""
    yield from _bent_wings(grid, 5, "VWXYZ-Wing", VWXYZ_WING_RATING)


def _bent_wings(grid: CandidateGrid, size: int, name: str, base: float) -> Iterator[Step]:
    """``size`` cells (a pivot and wings that see it) holding exactly ``size`` digits.

    A digit whose cells in the set all see one another can be there at most once.
    If that holds for every digit but one, ``z``, the other digits fill at most
    ``size - 1`` cells, so ``z`` is in one of the set's cells that allow it, and a
    cell seeing all of those cannot be ``z``.  XY- and XYZ-Wings are the three-cell
    case.  Rated as Sukaku Explainer does: the base, plus 0.1 for each step the
    largest cell's size is from the ends of its range (a middle size is harder to
    spot).

    Steps come by pivot cell, then by wing cells (each set once, under its first
    pivot).  The search goes by digit set rather than by pivot: the set's cells
    all lie within its ``size`` digits, so for each digit set only the few cells
    whose candidates fit are combined, instead of every peer of every pivot.

    Under a variant's rules, "sees" is for the digit at hand, through any house or
    constraint (as for the XYZ-Wing): a wing sees the pivot for one of the pivot's
    digits, and a digit is confined when its cells in the set, the pivot's among
    them, see each other for it.

    Local (:attr:`~..registry.Technique.local`): a set is decided by its cells'
    candidates, so only sets with a cell in the grid's focus are built: a pivot
    out of it takes a wing in it.  Every such set has a first pivot that does.
    """
    n = grid.size
    cands = grid.cands
    units = variant_units(grid)
    if units is not None and not units.extra:
        units = None
    sees = _Sight(grid, units)
    eligible = 0
    for cell, mask in enumerate(cands):
        if 2 <= mask.bit_count() <= size:
            eligible |= 1 << cell
    found: list[tuple[int, tuple[int, ...], int, list[int], int]] = []
    seen: set[int] = set()
    focus = grid.focus
    pivots = eligible
    if focus != grid.tables.all_cells and sees.symmetric:
        # A pivot out of focus needs a wing in it, which sees it: so it sees that wing.
        near = focus
        for cell in cells_of(focus & eligible):
            near |= sees.around(cell)
        pivots &= near
    for pivot in cells_of(pivots):
        pivot_mask = cands[pivot]
        options = [
            cell
            for cell in cells_of(sees.near(pivot) & eligible)
            if (cands[cell] | pivot_mask).bit_count() <= size
        ]
        # With the pivot out of focus, a set needs a wing in it (the last one's index).
        needed = -1
        if not focus >> pivot & 1:
            needed = max((j for j, cell in enumerate(options) if focus >> cell & 1), default=-1)
            if needed < 0:
                continue
        for wings, z in _wing_sets(grid, sees, pivot, options, size, needed):
            members = 1 << pivot
            for cell in wings:
                members |= 1 << cell
            if members in seen:
                continue  # told under its first pivot already
            seen.add(members)
            holders = [c for c in (pivot, *wings) if cands[c] >> (z - 1) & 1]
            targets = grid.digit_cells(z) & ~members
            for cell in holders:
                targets &= sees.of(z, cell)
            if targets:
                found.append((pivot, wings, z, holders, targets))
    found.sort(key=lambda item: (item[0], item[1]))
    for pivot, wings, z, z_cells, targets in found:
        pivot_mask = cands[pivot]
        eliminations = tuple((cell, z) for cell in cells_of(targets))
        union = pivot_mask
        for cell in wings:
            union |= cands[cell]
        largest = max(cands[cell].bit_count() for cell in (pivot, *wings))
        middle = (size + 2) // 2
        rating = round(base + ((size - middle) - abs(middle - largest)) * 0.1, 1)
        others = [d for d in range(1, n + 1) if union >> (d - 1) & 1 and d != z]
        wing_text = ", ".join(f"{cell_name(c, n)} ({_options(cands[c])})" for c in wings)
        inside = ""
        outside = ""
        if units is not None:
            inside = _inner_sightings(grid, units, (pivot, *wings), others)
            outside = sightings(units, targets, z_cells, z)
        yield Step(
            name,
            eliminations=eliminations,
            explanation=(
                f"{cell_name(pivot, n)} (pivot, {_options(pivot_mask)}) and the cells "
                f"it sees, {wing_text}, hold only {size} digits between them. Each of "
                f"{and_list([symbol(d) for d in others])} can be there at most once "
                f"(its cells in the set see each other{inside}), so {size} cells need "
                f"{symbol(z)} as well: one of {or_list([cell_name(c, n) for c in z_cells])} "
                f"is {symbol(z)}. A cell that sees all of them{outside} cannot be "
                f"{symbol(z)}: {removal_text(eliminations, n)}."
            ),
            marks=tuple(Mark(pivot, d, Role.PIVOT) for d in _digits(pivot_mask))
            + tuple(Mark(c, d, Role.PINCER) for c in wings for d in _digits(cands[c])),
            rating=rating,
        )


class _Sight:
    """Who sees whom for a bent wing: the shape's peers, or under a variant's ``units``
    the rules' relation for each digit (:mod:`..variant_units`)."""

    def __init__(self, grid: CandidateGrid, units: VariantUnits | None) -> None:
        self.cands = grid.cands
        self.peer_mask = grid.tables.peer_mask
        self.digit_peers = None if units is None else units.digit_peers
        # Per ordered pair of cells (a * cells + b), the digits for which a sees b.
        self.seen_digits = () if units is None else units.seen_digits
        self.cells = len(self.cands)
        # Whether a set's free digit is the same whichever cell is its pivot, so a
        # partial set that can remove nothing may be dropped (see _wing_sets).
        self.symmetric = units is None or units.symmetric

    def of(self, digit: int, cell: int) -> int:
        """The cells that lose ``digit`` once ``cell`` holds it."""
        if self.digit_peers is None:
            return self.peer_mask[cell]
        return self.digit_peers[digit - 1][cell]

    def around(self, cell: int) -> int:
        """The cells that see ``cell`` for some digit."""
        if self.digit_peers is None:
            return self.peer_mask[cell]
        found = 0
        for peers in self.digit_peers:
            found |= peers[cell]
        return found

    def near(self, pivot: int) -> int:
        """The cells that may be the pivot's wings: they see it for one of its digits."""
        if self.digit_peers is None:
            return self.peer_mask[pivot]
        found = 0
        mask = self.cands[pivot]
        for peers in self.digit_peers:
            if mask & 1:
                found |= peers[pivot]
            mask >>= 1
        return found

    def unseen(self, one: int, two: int) -> int:
        """The digits ``one`` and ``two`` share for which they do not see each other."""
        shared = self.cands[one] & self.cands[two]
        if self.digit_peers is None:
            return 0 if self.peer_mask[one] >> two & 1 else shared
        return shared & ~self.seen_digits[one * self.cells + two]

    @property
    def variant(self) -> bool:
        return self.digit_peers is not None


def _inner_sightings(
    grid: CandidateGrid, units: VariantUnits, cells: tuple[int, ...], digits: list[int]
) -> str:
    """``: r5c5 sees r3c4 by the anti-knight rule`` for the pairs of a wing's cells that
    only a variant's rule makes see each other, on the confined digits; the first three."""
    n = grid.size
    said = []
    for digit in digits:
        holders = [c for c in cells if grid.cands[c] >> (digit - 1) & 1]
        for i, one in enumerate(holders):
            for two in holders[i + 1 :]:
                reason = sees_reason(units.rules, one, two, digit)
                if reason is not None:
                    said.append(f"{cell_name(one, n)} sees {cell_name(two, n)} {reason}")
    said = list(dict.fromkeys(said))
    if not said:
        return ""
    more = "; ..." if len(said) > 3 else ""
    return f": {'; '.join(said[:3])}{more}"


def _digits(mask: int) -> list[int]:
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def _wing_sets(
    grid: CandidateGrid, sees: _Sight, pivot: int, options: list[int], size: int, needed: int
) -> list[tuple[tuple[int, ...], int]]:
    """Wings that make a set of ``size`` digits with exactly one free digit that removes
    something, and that digit.

    A digit is *free* when two of its cells in the set do not see each other; the
    wings all see the pivot, so the free digits are the ones shared by two wings
    that do not see each other.  Adding cells never confines a digit again, nor
    removes a digit, so a partial set with two free digits or too many digits is
    dropped at once, which prunes most combinations.  Under a variant a wing may
    see the pivot for one digit and not another, so the pivot counts too.

    Once the free digit ``z`` is known it stays, and the cells that could lose it
    (those holding it, outside the set, seeing every cell of the set that holds it)
    only shrink as cells join: a partial set where none is left is dropped too.  A
    set that removes nothing would never be told, and since "sees" goes both ways,
    its free digit, and so what it removes, does not depend on the pivot: dropping
    it cannot make another pivot tell it first.  (Were "sees" one-way somewhere,
    every set is kept, as before.)

    ``needed``: when not -1, a set must hold a wing from the grid's focus, the last
    of which is ``options[needed]``; a partial set without one that is past it is
    dropped (see :func:`_bent_wings`).
    """
    cands = grid.cands
    peer_mask = grid.tables.peer_mask
    variant = sees.variant
    seen_digits = sees.seen_digits
    cells = sees.cells
    prune = sees.symmetric
    focus = grid.focus
    found: list[tuple[tuple[int, ...], int]] = []
    # (next option, wings chosen, their digits, free digits, cells that could lose z,
    # whether the set has its focus cell yet)
    stack: list[tuple[int, tuple[int, ...], int, int, int, bool]] = [
        (0, (), cands[pivot], 0, -1, needed < 0)
    ]
    while stack:
        start, chosen, union, free, open_, touched = stack.pop()
        last = len(chosen) + 2 == size
        for j in range(start, len(options)):
            if not touched and j > needed:
                break  # no wing in focus is left to choose
            cell = options[j]
            mine = cands[cell]
            grown = union | mine
            if grown.bit_count() > size:
                continue
            more = free
            if variant:  # sees.unseen, inline: the digits shared and not seen
                more |= cands[pivot] & mine & ~seen_digits[pivot * cells + cell]
                for other in chosen:
                    more |= cands[other] & mine & ~seen_digits[other * cells + cell]
            else:  # the classic inner loop, kept inline: it runs on every hint
                near = peer_mask[cell]
                for other in chosen:
                    if not near >> other & 1:
                        more |= cands[other] & mine
            if more & (more - 1):
                continue  # two free digits: no wing, however it grows
            targets = -1
            if more and prune:
                if free:
                    targets = open_ & ~(1 << cell)
                    if mine & more:
                        targets &= sees.of(more.bit_length(), cell)
                else:
                    targets = _open(grid, sees, more.bit_length(), (pivot, *chosen, cell))
                if not targets:
                    continue  # it can remove nothing, however it grows
            held = touched or bool(focus >> cell & 1)
            if not last:
                stack.append((j + 1, (*chosen, cell), grown, more, targets, held))
            elif more and held and grown.bit_count() == size:
                found.append(((*chosen, cell), more.bit_length()))
    return found


def _open(grid: CandidateGrid, sees: _Sight, z: int, members: tuple[int, ...]) -> int:
    """The cells outside ``members`` that hold ``z`` and see each member holding it."""
    found = grid.digit_cells(z)
    bit = 1 << (z - 1)
    for cell in members:
        found &= ~(1 << cell)
        if grid.cands[cell] & bit:
            found &= sees.of(z, cell)
    return found
