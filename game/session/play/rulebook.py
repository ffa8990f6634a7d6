"""One puzzle's rules as play applies them to positions, cheaply enough for every move.

The engine's :class:`~game.engine.rules.RuleSet` says what the rules are (houses and
constraints, built once into tables); a :class:`Rulebook` answers the game's
questions about a position under them:

- :meth:`Rulebook.conflicts`: cells whose digit repeats in a house, in *every* house
  (rows, columns, regions, and a variant's diagonals, extra regions, disjoint groups
  and cages);
- :meth:`Rulebook.broken`: every constraint the grid visibly breaks, as
  :class:`Broken` values (the rule's registry name, the cells to mark, the words to
  say and the constraint itself), which the board marks and the status line reads;
- :meth:`Rulebook.breaks`: what placing one digit would break (for "refuse
  rule-breaking digits");
- :meth:`Rulebook.candidates`, :meth:`Rulebook.dead_end`, :meth:`Rulebook.is_solution`:
  legal digits, visible dead ends, and the win, under the whole rule set.

Classic and jigsaw puzzles are the rule sets without constraints: every answer is
then the same as the plain checks of :mod:`game.engine.rules.checks`.

Speed: the board reads :meth:`~Rulebook.conflicts` and :meth:`~Rulebook.broken` on
every redraw, so each keeps its last answer (keyed by the grid).  A constraint that
overrides :meth:`~game.engine.rules.Constraint.broken` (sums, lines that read their
cells together, houses) is asked directly, over its own few cells; one that is
only pairs of cells (anti-knight, non-consecutive, dots, thermometers, ...) is read
from the rule set's pair table (:attr:`~game.engine.rules.RuleSet.pair_rules`), so
a rule over the whole grid costs one look per touching pair, not one per digit
pair its links list.  Tests check both against the constraints' own ``broken``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.houses import House, HouseKind
from ...engine.logic.grid import legal
from ...engine.puzzle import Puzzle
from ...engine.rules import (
    RULE_TYPES,
    Arrow,
    Cage,
    Constraint,
    LittleKiller,
    RuleSet,
    Sandwich,
    rule_type,
)
from ...engine.rules import is_solution as plain_solution
from ...engine.symbols import cell_name, symbol
from ...engine.types import Cell, Digit, Grid


@dataclass(frozen=True)
class Broken:
    """One constraint a position visibly breaks: what the board marks, in one value.

    ``rule`` is the constraint type's registry name (``cage``, ``thermometer``,
    ``kropki``, ...: a key of :data:`~game.engine.rules.RULE_TYPES`, whose
    ``drawing`` says how the board draws it); ``cells`` are the cells where the
    grid breaks it (the ones to mark; a sum broken marks its whole cage or line);
    ``words`` is the sentence for the player; ``constraint`` is the constraint
    itself and ``index`` its place in ``puzzle.constraints``, so the board can mark
    the drawn object (which cage, which line).
    """

    rule: str
    cells: tuple[Cell, ...]
    words: str
    constraint: Constraint
    index: int = 0

    @property
    def title(self) -> str:
        """The rule's title from the registry: ``Killer cage``, ``Thermometer``."""
        return RULE_TYPES[self.rule].title


class Rulebook:
    """The rules of one puzzle applied to positions (see the module docstring)."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.shape = puzzle.shape
        self.rules: RuleSet = puzzle.rules
        self.size = self.shape.size
        constraints = self.rules.constraints
        self.houses: tuple[House, ...] = self.rules.houses if constraints else self.shape.houses
        # Per cell, its peers: the shape's in the shape's order, then the cells only a
        # variant's houses add (a diagonal, a cage), in reading order.
        self.peers: tuple[tuple[Cell, ...], ...] = (
            tuple(
                tuple(own) + tuple(sorted(every - set(own)))
                for own, every in zip(self.shape.peers, self.rules.peers, strict=True)
            )
            if constraints
            else tuple(tuple(p) for p in self.shape.peers)
        )
        n = self.size
        # Constraints asked through their own ``broken`` (sums, houses, lines read whole).
        self._whole_at: list[list[int]] = [[] for _ in range(self.shape.cells)]
        for i, rule in enumerate(constraints):
            if type(rule).broken is not Constraint.broken:
                for cell in dict.fromkeys(rule.cells()):
                    self._whole_at[cell].append(i)
        # The rest are pairs of cells (and digits a cell may hold): read from tables,
        # by the constraint's place in the puzzle (constraints are values: two equal
        # ones would share a dict key, and hashing a big one on every move costs).
        self._paired = tuple(
            i for i, r in enumerate(constraints) if type(r).broken is Constraint.broken
        )
        place = {id(r): i for i, r in enumerate(constraints)}
        self._pairs: dict[int, list[tuple[Cell, Cell, dict[int, int]]]] = {
            i: [] for i in self._paired
        }
        self._pairs_at: list[list[tuple[int, Cell, dict[int, int]]]] = [
            [] for _ in range(self.shape.cells)
        ]
        for rule, a, b, forbids in self.rules.pair_rules if constraints else ():
            i = place[id(rule)]
            if i in self._pairs:
                self._pairs_at[a].append((i, b, forbids))
                if a < b:
                    self._pairs[i].append((a, b, forbids))
        self._allowed = {i: constraints[i].allowed(n) for i in self._paired}
        self._allowed_at: list[list[tuple[int, int]]] = [[] for _ in range(self.shape.cells)]
        for i, masks in self._allowed.items():
            for cell, mask in masks.items():
                self._allowed_at[cell].append((i, mask))
        # The last answers, each one (grid, answer) tuple replaced whole: a hint's
        # worker thread may ask while the board does, and either keeps a right answer.
        self._last_conflicts: tuple[Grid, frozenset[Cell]] | None = None
        self._last_broken: tuple[Grid, tuple[Broken, ...]] | None = None

    @property
    def has_constraints(self) -> bool:
        """Whether anything holds beyond rows, columns and regions."""
        return bool(self.rules.constraints)

    def sentences(self) -> tuple[str, ...]:
        """The rules as players read them (the registry's sentences)."""
        return self.rules.sentences()

    # -- positions ------------------------------------------------------------------

    def conflicts(self, grid: Grid) -> frozenset[Cell]:
        """Cells whose digit repeats in one of their houses (any house, any kind)."""
        last = self._last_conflicts
        if last is not None and last[0] == grid:
            return last[1]
        found: set[Cell] = set()
        for house in self.houses:
            seen: dict[int, Cell] = {}
            for cell in house.cells:
                digit = grid[cell]
                if not digit:
                    continue
                other = seen.get(digit)
                if other is None:
                    seen[digit] = cell
                else:
                    found.add(other)
                    found.add(cell)
        result = frozenset(found)
        self._last_conflicts = (tuple(grid), result)
        return result

    def broken(self, grid: Grid) -> tuple[Broken, ...]:
        """Every constraint ``grid`` visibly breaks, in the puzzle's order (empty for
        a classic or jigsaw puzzle; repeats in rows, columns and regions are
        :meth:`conflicts`)."""
        last = self._last_broken
        if last is not None and last[0] == grid:
            return last[1]
        found: list[Broken] = []
        for i, rule in enumerate(self.rules.constraints):
            cells = self._broken_cells(i, rule, grid)
            if cells:
                found.append(self._told(i, cells, grid))
        result = tuple(found)
        self._last_broken = (tuple(grid), result)
        return result

    def breaks(self, grid: Grid, cell: Cell, digit: Digit) -> Broken | None:
        """The first constraint that ``digit`` in ``cell`` would break, or None.

        Only the constraints through ``cell`` are asked, and only whether ``cell``
        is among the cells they would mark: a rule already broken elsewhere does
        not refuse a digit that has nothing to do with it.
        """
        if not self.rules.constraints:
            return None
        after = list(grid)
        after[cell] = digit
        constraints = self.rules.constraints
        for i, other, forbids in self._pairs_at[cell]:
            if after[other] and forbids.get(digit, 0) >> (after[other] - 1) & 1:
                return self._told(i, (cell, other), after)
        for i, mask in self._allowed_at[cell]:
            if not mask >> (digit - 1) & 1:
                return self._told(i, (cell,), after)
        for i in self._whole_at[cell]:
            cells = constraints[i].broken(after, self.size)
            if cell in cells:
                return self._told(i, cells, after)
        return None

    def candidates(self, grid: Grid) -> tuple[int, ...]:
        """Per empty cell, the digits no house peer holds, that the constraints allow
        there and that no placed digit excludes (a bitmask); 0 for filled cells."""
        return legal(self.shape, grid, self.rules)

    def dead_end(self, grid: Grid) -> str | None:
        """Why ``grid`` can no longer be completed by what a player can see, or None:
        an empty cell with no digit left, or a digit with no place left in a house
        of every digit (a row, a column, a region, a diagonal, an extra region)."""
        n = self.size
        cands = self.candidates(grid)
        for cell in range(self.shape.cells):
            if not grid[cell] and not cands[cell]:
                return f"{cell_name(cell, n)} has no digit left"
        full = (1 << n) - 1
        for house in self.houses:
            if not house.is_full(n):
                continue
            placed = places = 0
            for cell in house.cells:
                if grid[cell]:
                    placed |= 1 << (grid[cell] - 1)
                else:
                    places |= cands[cell]
            missing = full & ~placed & ~places
            if missing:
                digit = (missing & -missing).bit_length()
                return f"{symbol(digit)} has no place left in {self.house_name(house)}"
        return None

    def is_solution(self, grid: Grid) -> bool:
        """Whether ``grid`` is complete and keeps every house, constraint and given."""
        givens = self.puzzle.givens
        if not self.rules.constraints:
            return plain_solution(self.shape, grid, givens)
        return self.rules.is_solution(grid, givens)

    def house_name(self, house: House) -> str:
        """``row 4``, ``box 5``, ``diagonal 1``, ``the cage at r1c1``, ..."""
        if house.kind is HouseKind.CAGE:
            return f"the cage at {cell_name(house.cells[0], self.size)}"
        return house.name

    # -- internals ------------------------------------------------------------------

    def _broken_cells(self, i: int, rule: Constraint, grid: Grid) -> tuple[Cell, ...]:
        if i in self._allowed:
            bad: set[Cell] = set()
            for a, b, forbids in self._pairs[i]:
                x, y = grid[a], grid[b]
                if x and y and forbids.get(x, 0) >> (y - 1) & 1:
                    bad.add(a)
                    bad.add(b)
            for cell, mask in self._allowed[i].items():
                if grid[cell] and not mask >> (grid[cell] - 1) & 1:
                    bad.add(cell)
            return tuple(sorted(bad))
        return tuple(rule.broken(grid, self.size))

    def _told(self, index: int, cells: Sequence[Cell], grid: Sequence[int]) -> Broken:
        rule = self.rules.constraints[index]
        words = _words(rule, cells, grid, self.size)
        return Broken(rule_type(rule).name, tuple(cells), words, rule, index)


def _words(rule: Constraint, cells: Sequence[Cell], grid: Sequence[int], n: int) -> str:
    """The sentence for a broken ``rule``: what is wrong where, in the player's words."""
    title = rule_type(rule).title
    where = cell_name(min(rule.cells() or cells), n)
    if isinstance(rule, Cage | LittleKiller | Sandwich) and rule.total is not None:
        digits = [grid[c] for c in rule.members]
        if isinstance(rule, Cage) and len({d for d in digits if d}) < sum(1 for d in digits if d):
            return f"{title} at {where}: a digit repeats."
        if isinstance(rule, Sandwich):
            between = f"the digits between 1 and {symbol(n)}"
            return f"{title} at {where}: {between} do not add up to {rule.total}."
        total = sum(digits)
        if all(digits):
            return f"{title} at {where}: the digits add up to {total}, not {rule.total}."
        return f"{title} at {where}: the digits already add up to {total}, over {rule.total}."
    if isinstance(rule, Cage):
        return f"{title} at {where}: a digit repeats."
    if isinstance(rule, Arrow):
        return f"{title} at {where}: the digits along the arrow do not add up to its circle."
    shown = ", ".join(cell_name(c, n) for c in sorted(cells)[:4])
    more = "…" if len(cells) > 4 else ""
    return f"{title} broken at {shown}{more}."
