"""A rule set: a grid's shape, its houses and its constraints, built once into tables.

Classic Sudoku is the rule set with no constraints.  The solver and the checks read
a rule set's tables (houses, peers, links) and never ask which variant it is; what
arguments hold under it (may digits be relabelled, are uniqueness arguments sound)
are flags here, derived from its constraints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from ..houses import House
from ..shape import Shape
from . import registry
from .constraints import Constraint, check


@dataclass(frozen=True)
class RuleSet:
    """A shape and the constraints that hold on it beyond its rows, columns and regions."""

    shape: Shape
    constraints: tuple[Constraint, ...] = field(default=())

    @staticmethod
    def checked(shape: Shape, constraints: Sequence[Constraint]) -> RuleSet:
        """The rule set, with every constraint checked against the grid
        (:class:`~game.engine.errors.InvalidPuzzleError` says what is wrong)."""
        for rule in constraints:
            check(rule, shape.size)
        return RuleSet(shape, tuple(constraints))

    @property
    def size(self) -> int:
        return self.shape.size

    @property
    def cells(self) -> int:
        return self.shape.cells

    @property
    def is_classic(self) -> bool:
        """Whether nothing holds beyond rows, columns and regions."""
        return not self.constraints

    @cached_property
    def houses(self) -> tuple[House, ...]:
        """Every all-different group: the shape's houses, then the constraints'."""
        extra = tuple(h for rule in self.constraints for h in rule.houses(self.size))
        return self.shape.houses + extra

    @cached_property
    def cell_houses(self) -> tuple[tuple[int, ...], ...]:
        """Per cell, the indices of the houses it lies in."""
        found: list[list[int]] = [[] for _ in range(self.cells)]
        for index, house in enumerate(self.houses):
            for cell in house.cells:
                found[cell].append(index)
        return tuple(tuple(h) for h in found)

    @cached_property
    def peers(self) -> tuple[frozenset[int], ...]:
        """Per cell, the cells that share a house with it."""
        found: list[set[int]] = [set() for _ in range(self.cells)]
        for house in self.houses:
            for cell in house.cells:
                found[cell].update(house.cells)
        for cell, cells in enumerate(found):
            cells.discard(cell)
        return tuple(frozenset(p) for p in found)

    @property
    def relabels(self) -> bool:
        """Whether permuting digits maps solutions to solutions (no sums, orders, dots)."""
        return all(rule.relabels for rule in self.constraints)

    @property
    def uniqueness_sound(self) -> bool:
        """Whether uniqueness arguments (deadly patterns) hold: they swap two digits in a
        few cells, which extra houses and constraints can tell apart, so only plain
        rows, columns and regions are trusted."""
        return self.is_classic

    @cached_property
    def allowed(self) -> tuple[int, ...]:
        """Per cell, the digits the constraints allow there at all (a mask)."""
        full = (1 << self.size) - 1
        masks = [full] * self.cells
        for rule in self.constraints:
            for cell, mask in rule.allowed(self.size).items():
                masks[cell] &= mask
        return tuple(masks)

    @cached_property
    def narrowing(self) -> tuple[Constraint, ...]:
        """The constraints that narrow candidates beyond pairs of cells (sums, lines)."""
        return tuple(rule for rule in self.constraints if rule.narrows())

    @cached_property
    def exclusions(self) -> tuple[tuple[int, ...], ...]:
        """Per candidate ``cell * N + digit - 1``, the candidates placing it rules out
        beyond the shape's own peers: the same digit in the constraints' houses (cages,
        diagonals, ...) and the other end of each of its weak links."""
        n = self.size
        found: list[set[int]] = [set() for _ in range(self.cells * n)]
        for house in self.houses[len(self.shape.houses) :]:
            for a in house.cells:
                for b in house.cells:
                    if a != b:
                        for k in range(n):
                            found[a * n + k].add(b * n + k)
        for rule in self.constraints:
            for a, x, b, y in rule.links(n):
                found[a * n + x - 1].add(b * n + y - 1)
                found[b * n + y - 1].add(a * n + x - 1)
        return tuple(tuple(sorted(s)) for s in found)

    @cached_property
    def pair_rules(self) -> tuple[tuple[Constraint, int, int, dict[int, int]], ...]:
        """Every pair of cells a constraint links, with what each digit of the first
        cell forbids in the second: ``(rule, a, b, {x: mask of y})``, both ways round."""
        n = self.size
        found: list[tuple[Constraint, int, int, dict[int, int]]] = []
        for rule in self.constraints:
            pairs: dict[tuple[int, int], dict[int, int]] = {}
            for a, x, b, y in rule.links(n):
                pairs.setdefault((a, b), {}).setdefault(x, 0)
                pairs[(a, b)][x] |= 1 << (y - 1)
                pairs.setdefault((b, a), {}).setdefault(y, 0)
                pairs[(b, a)][y] |= 1 << (x - 1)
            found.extend((rule, a, b, forbids) for (a, b), forbids in pairs.items())
        return tuple(found)

    def kinds(self) -> tuple[str, ...]:
        """The registry names of the constraint types used, in registry order."""
        used = {registry.rule_type(rule).name for rule in self.constraints}
        return tuple(name for name in registry.RULE_TYPES if name in used)

    def sentences(self) -> tuple[str, ...]:
        """The rules as players read them: the grid's, then each constraint type's."""
        grid = registry.VARIANTS["jigsaw" if self.shape.is_jigsaw else "classic"].sentence
        return (grid,) + tuple(registry.RULE_TYPES[name].sentence for name in self.kinds())

    def broken(self, grid: Sequence[int]) -> dict[int, tuple[str, ...]]:
        """The cells where ``grid`` visibly breaks a rule, each with the rules it breaks
        (constraint type names; houses are the checks module's business)."""
        found: dict[int, list[str]] = {}
        for rule in self.constraints:
            for cell in rule.broken(grid, self.size):
                found.setdefault(cell, []).append(registry.rule_type(rule).name)
        return {cell: tuple(dict.fromkeys(names)) for cell, names in sorted(found.items())}

    def is_solution(self, grid: Sequence[int], givens: Sequence[int] | None = None) -> bool:
        """Whether ``grid`` is complete and keeps every house, constraint and given.

        Shares no code with the solver: every house is checked by its digit set and
        every constraint by :meth:`Constraint.broken` on the full grid.
        """
        n = self.size
        if len(grid) != self.cells or any(not 1 <= d <= n for d in grid):
            return False
        for house in self.houses:
            digits = [grid[c] for c in house.cells]
            if len(set(digits)) != len(digits):
                return False
        if any(rule.broken(grid, n) for rule in self.constraints):
            return False
        return givens is None or all(g == 0 or g == d for g, d in zip(givens, grid, strict=True))


def classic(shape: Shape) -> RuleSet:
    """The rule set of a plain grid (classic boxes or jigsaw regions)."""
    return RuleSet(shape)
