"""What New game offers: grids, variants, sizes and levels the generator makes, as data.

The card asks for a :class:`~.puzzle_kind.PuzzleKind` in parts: the grid (classic
or jigsaw), one rule from each :class:`RuleGroup` (extra houses such as X or
Windoku; a rule between neighbours such as anti-knight; clues drawn from the
solution such as killer cages), the size and the level.  Every word is the
registry's (:data:`~game.engine.rules.VARIANTS`) and the groups are read from it:
a global variant whose rules add houses is an extra house, one that only links
cells is a neighbour rule, and the generator's drawn kinds are the clues.  Only
what the generator makes is offered: a combination :class:`Kind` refuses, or a
size or level :func:`~game.engine.generator.available_levels` does not list, is
not (the card greys it, so rows never jump under the pointer).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache

from ...engine.generation.kinds import DRAWN, GLOBAL
from ...engine.generator import available_levels
from ...engine.logic.registry import Level
from ...engine.rules import VARIANTS
from ...engine.shape import Shape
from ..play.puzzle_kind import PuzzleKind, Variant, kind_name

NEW_GAME_SIZES = (4, 6, 9, 12, 16)
"""Every size the generator makes some kind of puzzle in."""


@dataclass(frozen=True)
class RuleGroup:
    """Variants of which New game takes at most one: a key, the card's caption, the
    registry names in registry order."""

    key: str
    label: str
    names: tuple[str, ...]

    def options(self) -> tuple[tuple[str, str], ...]:
        """``("", "None")`` then each variant with its registry title."""
        return (("", "None"), *((name, VARIANTS[name].title) for name in self.names))


def _adds_houses(name: str) -> bool:
    shape = Shape.classic(9)
    return any(rule.houses(9) for rule in VARIANTS[name].rules(shape))


RULE_GROUPS: tuple[RuleGroup, ...] = (
    RuleGroup("houses", "Extra houses", tuple(n for n in GLOBAL if _adds_houses(n))),
    RuleGroup("neighbours", "Neighbours", tuple(n for n in GLOBAL if not _adds_houses(n))),
    RuleGroup("clues", "Clues drawn", DRAWN),
)
"""The card's rows of rules, from the registry and the generator's kinds."""


def rule_group(key: str) -> RuleGroup:
    """The group named ``key`` (KeyError if none)."""
    for rules in RULE_GROUPS:
        if rules.key == key:
            return rules
    raise KeyError(key)


def picked_rule(kind: PuzzleKind, rules: RuleGroup) -> str:
    """The variant of ``rules`` that ``kind`` holds ("" for none)."""
    return next((name for name in kind.rules if name in rules.names), "")


def kind_with_grid(kind: PuzzleKind, grid: Variant) -> PuzzleKind:
    """``kind`` on ``grid`` (its rules kept)."""
    return dataclasses.replace(kind, variant=kind_name(",".join((grid.value, *kind.rules))))


def kind_with_rule(kind: PuzzleKind, rules: RuleGroup, name: str) -> PuzzleKind:
    """``kind`` with ``name`` (or none, for "") as its choice from ``rules``."""
    kept = [kind.board.value, *(word for word in kind.rules if word not in rules.names)]
    words = [*kept, name] if name else kept
    return dataclasses.replace(kind, variant=kind_name(",".join(words)))


@cache
def offered_sizes(variant: str) -> tuple[int, ...]:
    """The sizes the generator makes ``variant`` puzzles in (empty: none)."""
    return tuple(n for n in NEW_GAME_SIZES if available_levels(variant, n))


def offered_levels(variant: str, size: int) -> tuple[Level, ...]:
    """The levels the generator makes ``variant`` ``size`` puzzles at."""
    return available_levels(variant, size)


def is_made(kind: PuzzleKind) -> bool:
    """Whether the generator makes ``kind`` at some size (any level)."""
    return bool(offered_sizes(kind.variant))


def offered_kind(kind: PuzzleKind) -> PuzzleKind:
    """``kind`` made possible: rules the grid takes, a size the kind has, a level the
    generator offers there.

    A rule the grid does not take is dropped (jigsaw with disjoint groups becomes
    jigsaw); a size the kind lacks becomes 9x9 or the nearest it has; a level not
    offered becomes the nearest one that is, so switching 9x9 Hard to 4x4 lands on
    Easy rather than on nothing.
    """
    for rules in RULE_GROUPS:
        if not is_made(kind):
            kind = kind_with_rule(kind, rules, "")
    if not is_made(kind):
        kind = PuzzleKind(kind.board, kind.size, kind.level)
    have = offered_sizes(kind.variant) or (9,)
    size = kind.size if kind.size in have else min(have, key=lambda n: (abs(n - 9), n))
    found = offered_levels(kind.variant, size)
    level = kind.level or Level.MEDIUM
    if found and level not in found:
        level = min(found, key=lambda offered: (abs(offered - level), -offered))
    return dataclasses.replace(kind, size=size, level=level)
