"""What New game offers: grids, variants, sizes and levels the generator makes, as data.

The card asks for a :class:`~.puzzle_kind.PuzzleKind` in parts: the grid (classic
or jigsaw), the rules of each :class:`RuleGroup` (extra houses such as X or
Windoku and rules between neighbours such as anti-knight, any number of each, as
the generator combines global rules; one kind of clues drawn from the solution
such as killer cages), the size and the level.  Every word is the
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

LINES = ("whisper", "renban", "palindrome", "between")
"""The drawn kinds New game offers in a row of lines."""

SUMS = ("little-killer", "sandwich", "quadruple")
"""The drawn kinds New game offers in a row of sums outside the grid and circles on
its corners (the rest, cages, thermometers, arrows and dots, are "Clues drawn")."""

NEW_GAME_SIZES = (4, 6, 9, 12, 16)
"""Every size the generator makes some kind of puzzle in."""


@dataclass(frozen=True)
class RuleGroup:
    """Variants New game offers together: a key, the card's caption, the registry
    names in registry order, and whether several may hold at once (``many``: global
    rules, which the generator combines, e.g. X with Windoku) or at most one (the
    drawn clues: one kind of constraint per puzzle)."""

    key: str
    label: str
    names: tuple[str, ...]
    many: bool = False

    def options(self) -> tuple[tuple[str, str], ...]:
        """``("", "None")`` then each variant with its registry title."""
        return (("", "None"), *((name, VARIANTS[name].title) for name in self.names))


def _adds_houses(name: str) -> bool:
    shape = Shape.classic(9)
    return any(rule.houses(9) for rule in VARIANTS[name].rules(shape))


RULE_GROUPS: tuple[RuleGroup, ...] = (
    RuleGroup(
        "houses", "Extra houses (any)", tuple(n for n in GLOBAL if _adds_houses(n)), many=True
    ),
    RuleGroup(
        "neighbours", "Neighbours (any)", tuple(n for n in GLOBAL if not _adds_houses(n)), many=True
    ),
    RuleGroup("clues", "Clues drawn", tuple(n for n in DRAWN if n not in LINES + SUMS)),
    RuleGroup("lines", "Lines drawn", LINES),
    RuleGroup("sums", "Sums outside and quadruples", SUMS),
)
"""The card's rows of rules, from the registry and the generator's kinds.  The drawn
kinds take three rows, as one row of thirteen would not fit the card (at 800x600 a
row holds six or so); a puzzle still has one kind of them, so picking one in any of
these rows drops the others'."""


def rule_group(key: str) -> RuleGroup:
    """The group named ``key`` (KeyError if none)."""
    for rules in RULE_GROUPS:
        if rules.key == key:
            return rules
    raise KeyError(key)


def picked_rule(kind: PuzzleKind, rules: RuleGroup) -> str:
    """The variant of ``rules`` that ``kind`` holds ("" for none; the first, for a
    group of many)."""
    return next((name for name in kind.rules if name in rules.names), "")


def picked_rules(kind: PuzzleKind, rules: RuleGroup) -> tuple[str, ...]:
    """Every variant of ``rules`` that ``kind`` holds, in registry order."""
    return tuple(name for name in kind.rules if name in rules.names)


def kind_toggling(kind: PuzzleKind, name: str) -> PuzzleKind:
    """``kind`` with the global rule ``name`` added, or taken away if it holds it
    (the other rules kept: X and Windoku together)."""
    if name in kind.rules:
        words = [kind.board.value, *(word for word in kind.rules if word != name)]
    else:
        words = [kind.board.value, *kind.rules, name]
    return dataclasses.replace(kind, variant=kind_name(",".join(words)))


def kind_with_grid(kind: PuzzleKind, grid: Variant) -> PuzzleKind:
    """``kind`` on ``grid`` (its rules kept)."""
    return dataclasses.replace(kind, variant=kind_name(",".join((grid.value, *kind.rules))))


def kind_with_rule(kind: PuzzleKind, rules: RuleGroup, name: str) -> PuzzleKind:
    """``kind`` with ``name`` (or none, for "") as its choice from ``rules``; a drawn
    kind replaces the one ``kind`` had, whichever row it came from."""
    dropped = set(rules.names) | (set(DRAWN) if name in DRAWN else set())
    kept = [kind.board.value, *(word for word in kind.rules if word not in dropped)]
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
    jigsaw; of several rules, the one whose going makes the rest possible, so a
    jigsaw keeps its X and its cages when its anti-knight goes); a size the kind
    lacks becomes 9x9 or the nearest it has; a level not offered becomes the
    nearest one that is, so switching 9x9 Hard to 4x4 lands on Easy rather than on
    nothing.
    """
    while kind.rules and not is_made(kind):
        fewer = [kind_toggling(kind, name) for name in reversed(kind.rules)]
        kind = next((k for k in fewer if is_made(k)), fewer[0])
    if not is_made(kind):
        kind = PuzzleKind(kind.board, kind.size, kind.level)
    have = offered_sizes(kind.variant) or (9,)
    size = kind.size if kind.size in have else min(have, key=lambda n: (abs(n - 9), n))
    found = offered_levels(kind.variant, size)
    level = kind.level or Level.MEDIUM
    if found and level not in found:
        level = min(found, key=lambda offered: (abs(offered - level), -offered))
    return dataclasses.replace(kind, size=size, level=level)
