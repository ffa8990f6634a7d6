"""Variant puzzles for the session tests: one small puzzle per constraint type.

Every constraint type of the registry on a 4x4 grid, each built to hold in
:data:`SOLUTION` where the rule allows it on 4x4 (non-consecutive, anti-knight and
anti-king do not hold there: those puzzles have no solution, which the saves and
the rules need not mind).
"""

from __future__ import annotations

from game.engine.puzzle import Puzzle
from game.engine.rules import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    Between,
    Cage,
    Clone,
    Constraint,
    Diagonal,
    DisjointGroups,
    ExtraRegion,
    Extreme,
    Kropki,
    LittleKiller,
    Negative,
    NonConsecutive,
    Palindrome,
    Parity,
    Quadruple,
    Renban,
    Sandwich,
    Thermometer,
    Whisper,
)
from game.engine.shape import Shape

SOLUTION = (1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3)
"""A 4x4 grid whose diagonals hold every digit too (cells 0-3 are row 1)."""

ONE_OF_EACH: dict[str, tuple[Constraint, ...]] = {
    "diagonal": (Diagonal.of(4), Diagonal.of(4, anti=True)),
    "extra-region": (ExtraRegion((1, 2, 5, 6)),),
    "disjoint-groups": (DisjointGroups.of(4, 2, 2),),
    "cage": (Cage((0, 4), 4), Cage((1, 2))),
    "little-killer": (LittleKiller((1, 6, 11), 4),),
    "sandwich": (Sandwich((0, 1, 2, 3), 5),),
    "arrow": (Arrow((3,), (2, 6)),),
    "thermometer": (Thermometer((0, 1, 2, 3)),),
    "kropki": (Kropki(0, 1, True), Kropki(1, 2, False)),
    "xv": (XV(5, 6, 5),),
    "negative": (Negative("x", frozenset()), Negative("kropki", frozenset({(0, 1), (1, 2)}))),
    "non-consecutive": (NonConsecutive(),),
    "anti-knight": (AntiKnight(),),
    "anti-king": (AntiKing(),),
    "parity": (Parity(0, even=False), Parity(1, even=True)),
    "extreme": (Extreme(0, maximum=False), Extreme(3, maximum=True, exempt=frozenset({2}))),
    "quadruple": (Quadruple((0, 1, 4, 5), (1, 2)),),
    "clone": (Clone((0,), (6,)),),
    "palindrome": (Palindrome((0, 1, 6)),),
    "renban": (Renban((0, 1, 2)),),
    "whisper": (Whisper((0, 4), 2),),
    "between": (Between((0, 1, 2, 3)),),
}
"""Per registry constraint type, constraints of that type on a 4x4 grid."""

UNSOLVABLE = ("negative", "non-consecutive", "anti-knight", "anti-king")
"""Types whose constraints here do not hold in :data:`SOLUTION`."""


def puzzle_of(rule_type: str, givens: tuple[int, ...] = (0,) * 16) -> Puzzle:
    """A 4x4 puzzle with :data:`ONE_OF_EACH` ``[rule_type]`` and ``givens``."""
    return Puzzle(Shape.classic(4), givens, ONE_OF_EACH[rule_type])
