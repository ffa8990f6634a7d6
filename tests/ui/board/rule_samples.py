"""Sample variant puzzles for the rule layer's tests and the UI benchmark."""

from __future__ import annotations

from game.engine.puzzle import Puzzle
from game.engine.rules import constraints as c
from game.engine.shape import Shape


def every_rule() -> Puzzle:
    """A 9x9 puzzle carrying every constraint type at once (no givens; drawing only)."""
    n = 9

    def at(row: int, column: int) -> int:
        return (row - 1) * n + column - 1

    rules = (
        c.Diagonal.of(n),
        c.Diagonal.of(n, anti=True),
        c.ExtraRegion(tuple(at(r, k) for r in (2, 3, 4) for k in (6, 7, 8))),
        c.DisjointGroups.of(n, 3, 3),
        c.Cage((at(1, 1), at(1, 2), at(2, 1)), 15),
        c.Cage((at(8, 8), at(8, 9), at(9, 8), at(9, 9)), 24),
        c.LittleKiller(tuple(at(k, k + 1) for k in range(1, 9)), 40),
        c.Sandwich(tuple(at(5, k) for k in range(1, 10)), 12),
        c.Sandwich(tuple(at(r, 4) for r in range(1, 10)), 7),
        c.Arrow((at(6, 1), at(6, 2)), (at(7, 2), at(8, 3))),
        c.Arrow((at(3, 1),), (at(4, 1), at(5, 2))),
        c.Thermometer((at(2, 5), at(2, 6), at(3, 7), at(4, 7))),
        c.Kropki(at(1, 5), at(1, 6), False),
        c.Kropki(at(1, 7), at(1, 8), True),
        c.XV(at(9, 1), at(9, 2), 10),
        c.XV(at(8, 1), at(9, 1), 5),
        c.Negative("xv", frozenset()),
        c.NonConsecutive(),
        c.AntiKnight(),
        c.AntiKing(),
        c.Parity(at(5, 5), True),
        c.Parity(at(5, 7), False),
        c.Extreme(at(6, 5), True),
        c.Extreme(at(4, 3), False),
        c.Quadruple((at(6, 8), at(6, 9), at(7, 8), at(7, 9)), (1, 2, 3)),
        c.Clone((at(9, 4), at(9, 5)), (at(9, 6), at(9, 7))),
        c.Palindrome((at(7, 4), at(7, 5), at(7, 6), at(6, 6))),
        c.Renban((at(3, 9), at(4, 9), at(5, 9))),
        c.Whisper((at(5, 3), at(6, 3), at(7, 3)), 5),
        c.Between((at(8, 4), at(8, 5), at(8, 6), at(8, 7))),
    )
    return Puzzle(Shape.classic(n), (0,) * (n * n), rules)
