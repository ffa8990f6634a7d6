"""The position as the logic sees it: placed digits and the candidates of empty cells.

Sets of cells are Python ints used as bitsets (bit ``c`` is cell ``c``): the
techniques intersect units, peers and digit locations constantly, and an AND plus
``int.bit_count()`` beats building Python sets in the hint engine's hot loops.
Sets of digits are bitmasks as everywhere in the engine (bit ``d - 1`` is ``d``).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..rules import RuleSet
from ..rules import candidates as legal_candidates
from ..shape import Shape


@dataclass(frozen=True)
class Tables:
    """Cell bitsets per unit and per cell's peers, built once per shape."""

    unit_mask: tuple[int, ...]
    peer_mask: tuple[int, ...]
    all_cells: int


_TABLES: weakref.WeakKeyDictionary[Shape, Tables] = weakref.WeakKeyDictionary()


def tables(shape: Shape) -> Tables:
    """The bitset tables of ``shape`` (cached for the shape's lifetime)."""
    found = _TABLES.get(shape)
    if found is None:
        unit_mask = tuple(_mask(unit) for unit in shape.units)
        peer_mask = tuple(_mask(peers) for peers in shape.peers)
        found = Tables(unit_mask, peer_mask, (1 << shape.cells) - 1)
        _TABLES[shape] = found
    return found


def _mask(cells: Iterable[int]) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def cells_of(mask: int) -> Iterator[int]:
    """The cells of a cell bitset, in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def digits_of(mask: int) -> Iterator[int]:
    """The digits of a digit bitmask, in increasing order."""
    digit = 1
    while mask:
        if mask & 1:
            yield digit
        mask >>= 1
        digit += 1


class CandidateGrid:
    """An immutable position: ``values`` (0 for empty) and ``cands`` (0 for filled).

    Build it from the legal candidates of a grid (:meth:`from_grid`) or from the
    player's notes (:meth:`from_notes`); steps apply to give a new grid.

    ``givens`` is the cell bitset of the puzzle's clues.  Only the avoidable
    rectangles read it (a placed digit that is not a clue could be swapped in a
    second solution); when the caller does not say, every digit placed at
    construction counts as a given, which keeps those techniques silent rather
    than wrong.  :meth:`apply` keeps the set, so digits placed by steps are not givens.

    ``focus`` is the cell bitset a local technique's patterns must touch: every cell,
    except on the grids a solve path shows such a technique (:meth:`focused`).
    """

    __slots__ = (
        "_digit_cells",
        "cands",
        "focus",
        "givens",
        "rules",
        "shape",
        "size",
        "tables",
        "values",
    )

    def __init__(
        self,
        shape: Shape,
        values: Sequence[int],
        cands: Sequence[int],
        *,
        givens: int | None = None,
        rules: RuleSet | None = None,
    ) -> None:
        self.shape = shape
        # A variant's rules, when it has constraints: placing a digit then also removes
        # what they exclude, and the constraint steps read them.  The pattern
        # techniques read rows, columns and regions only, which every rule set keeps.
        self.rules = rules if rules is not None and rules.constraints else None
        self.size = shape.size
        self.values = tuple(values)
        self.cands = tuple(cands)
        self.tables = tables(shape)
        self.givens = _placed(self.values) if givens is None else givens
        # Every cell: only a solve path narrows it (see :meth:`focused`).
        self.focus = self.tables.all_cells
        self._digit_cells: list[int] | None = None

    @classmethod
    def from_grid(
        cls,
        shape: Shape,
        grid: Sequence[int],
        *,
        givens: int | None = None,
        rules: RuleSet | None = None,
    ) -> CandidateGrid:
        """Every empty cell gets all digits its peers do not hold (and, under a
        variant's ``rules``, that its constraints allow beside the placed digits)."""
        return cls(shape, grid, legal(shape, grid, rules), givens=givens, rules=rules)

    @classmethod
    def from_notes(
        cls,
        shape: Shape,
        grid: Sequence[int],
        notes: Sequence[int],
        *,
        givens: int | None = None,
        rules: RuleSet | None = None,
    ) -> CandidateGrid:
        """Candidates are the player's notes, less digits a peer already holds.

        The player may have forgotten to clear a note after placing a peer; that
        digit is impossible by the rules, so it is dropped rather than trusted.
        """
        allowed = legal(shape, grid, rules)
        return cls(
            shape,
            grid,
            [
                note & ok if not value else 0
                for value, note, ok in zip(grid, notes, allowed, strict=True)
            ],
            givens=givens,
            rules=rules,
        )

    # -- queries --------------------------------------------------------------------

    def digit_cells(self, digit: int) -> int:
        """Bitset of the empty cells that still have ``digit`` as a candidate."""
        found = self._digit_cells
        if found is None:
            found = [0] * (self.size + 1)
            for cell, mask in enumerate(self.cands):
                bit = 1 << cell
                while mask:
                    low = mask & -mask
                    found[low.bit_length()] |= bit
                    mask ^= low
            self._digit_cells = found
        return found[digit]

    def digits_with_places(self) -> list[tuple[int, int]]:
        """``(digit, digit_cells(digit))`` for each digit that still has a candidate:
        what a search digit by digit loops over (a path's narrowed grid holds one or
        two, see :meth:`only`)."""
        return [(d, cells) for d in range(1, self.size + 1) if (cells := self.digit_cells(d))]

    def places(self, unit: int, digit: int) -> int:
        """Bitset of the cells of ``unit`` where ``digit`` can still go."""
        return self.digit_cells(digit) & self.tables.unit_mask[unit]

    def unit_values(self, unit: int) -> int:
        """Digit bitmask of the digits already placed in ``unit``."""
        mask = 0
        for cell in self.shape.units[unit]:
            if self.values[cell]:
                mask |= 1 << (self.values[cell] - 1)
        return mask

    def empty_cells(self) -> list[int]:
        return [cell for cell, value in enumerate(self.values) if not value]

    def is_solved(self) -> bool:
        return all(self.values)

    def is_broken(self) -> bool:
        """Whether an empty cell has no candidate or a unit misses a digit entirely."""
        if any(not v and not c for v, c in zip(self.values, self.cands, strict=True)):
            return True
        full = (1 << self.size) - 1
        for members in self.shape.units:
            have = 0
            for cell in members:
                value = self.values[cell]
                have |= self.cands[cell] | (1 << (value - 1) if value else 0)
            if have != full:
                return True
        return False

    def only(self, digits: int) -> CandidateGrid:
        """This position with the candidates of ``digits`` (a digit bitmask) alone.

        Not a position a solve reaches (cells may be left with no candidate): it is
        what a one-digit technique (:attr:`~.registry.Technique.one_digit`) is shown
        when only some digits need searching, since its steps on a digit read that
        digit's places alone.
        """
        cands = [mask & digits for mask in self.cands]
        grid = CandidateGrid(self.shape, self.values, cands, givens=self.givens, rules=self.rules)
        if self._digit_cells is not None:  # the digits kept keep their places
            shifted = digits << 1  # index 0 of the table is no digit
            grid._digit_cells = [
                cells if shifted >> digit & 1 else 0
                for digit, cells in enumerate(self._digit_cells)
            ]
        return grid

    def focused(self, cells: int) -> CandidateGrid:
        """This position, with :attr:`focus` narrowed to the cell bitset ``cells``.

        What a local technique (:attr:`~.registry.Technique.local`) is shown when it
        found nothing at an earlier position of the same path and only ``cells``
        have changed since: every pattern it reports must have a cell in
        :attr:`focus`, since one on unchanged cells removes at most what it removed
        then, which was nothing.  Elsewhere :attr:`focus` holds every cell.
        """
        grid = CandidateGrid(
            self.shape, self.values, self.cands, givens=self.givens, rules=self.rules
        )
        grid.focus = cells
        grid._digit_cells = self._digit_cells
        return grid

    # -- change ---------------------------------------------------------------------

    def apply(
        self,
        placements: Iterable[tuple[int, int]] = (),
        eliminations: Iterable[tuple[int, int]] = (),
    ) -> CandidateGrid:
        """A new grid with digits placed (peers lose them) and candidates removed."""
        values = list(self.values)
        cands = list(self.cands)
        peers = self.shape.peers
        exclusions = self.rules.exclusions if self.rules is not None else None
        n = self.size
        for cell, digit in placements:
            values[cell] = digit
            cands[cell] = 0
            bit = ~(1 << (digit - 1))
            for peer in peers[cell]:
                cands[peer] &= bit
            if exclusions is not None:
                for other in exclusions[cell * n + digit - 1]:
                    cands[other // n] &= ~(1 << (other % n))
        for cell, digit in eliminations:
            cands[cell] &= ~(1 << (digit - 1))
        return CandidateGrid(self.shape, values, cands, givens=self.givens, rules=self.rules)

    def __repr__(self) -> str:
        extra = "" if self.givens == _placed(self.values) else f", givens={self.givens:#x}"
        return f"CandidateGrid({self.shape!r}, {self.values!r}, {self.cands!r}{extra})"


def legal(shape: Shape, grid: Sequence[int], rules: RuleSet | None = None) -> tuple[int, ...]:
    """Per empty cell, the digits no peer holds, and under ``rules`` also those its
    constraints allow there and no placed digit's exclusions remove; 0 for filled cells."""
    found = legal_candidates(shape, grid)
    if rules is None or not rules.constraints:
        return found
    n = shape.size
    cands = [mask & allowed for mask, allowed in zip(found, rules.allowed, strict=True)]
    exclusions = rules.exclusions
    for cell, digit in enumerate(grid):
        if digit:
            for other in exclusions[cell * n + digit - 1]:
                cands[other // n] &= ~(1 << (other % n))
    return tuple(0 if digit else mask for digit, mask in zip(grid, cands, strict=True))


def given_cells(givens: Sequence[int]) -> int:
    """The cell bitset of the non-zero digits of ``givens`` (a puzzle's clues)."""
    return _placed(givens)


def _placed(values: Sequence[int]) -> int:
    mask = 0
    for cell, value in enumerate(values):
        if value:
            mask |= 1 << cell
    return mask
