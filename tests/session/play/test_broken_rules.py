"""game.on_board.broken_rules: the constraints a position breaks, with their cells."""

from __future__ import annotations

import random

from game.engine.puzzle import Puzzle
from game.engine.rules import constraints as c
from game.engine.shape import Shape
from game.session.play import Game, Status

N = 9


def _puzzle() -> Puzzle:
    rules = (
        c.Cage((0, 1, 9), 10),
        c.Thermometer((20, 21, 22)),
        c.Kropki(30, 31, True),
        c.XV(40, 41, 10),
        c.AntiKnight(),
        c.NonConsecutive(),
        c.Parity(60, True),
        c.Arrow((70,), (71, 72)),
        c.Negative("xv", frozenset({(40, 41)})),
    )
    return Puzzle(Shape.classic(N), (0,) * (N * N), rules)


def test_a_fresh_game_breaks_nothing_and_a_wrong_cage_is_named() -> None:
    game = Game(_puzzle(), solvability=Status.MULTIPLE)
    assert game.on_board.broken_rules() == ()
    game.place(0, 9)
    game.place(1, 9)  # a repeat in the cage, and over its total
    assert game.on_board.broken_rules() == ((0, (0, 1, 9)),)  # the whole cage: its sum is wrong


def test_broken_rules_agree_with_each_rule_on_random_positions() -> None:
    """The game reads pair rules from tables built once; each rule's own check is
    the independent answer."""
    puzzle = _puzzle()
    rng = random.Random(7)
    for _ in range(12):
        game = Game(puzzle, solvability=Status.MULTIPLE)
        for cell in rng.sample(range(N * N), 30):
            game.place(cell, rng.randint(1, N))
        grid = game.grid
        expected = tuple(
            (index, tuple(cells))
            for index, rule in enumerate(puzzle.constraints)
            if (cells := rule.broken(grid, N))
        )
        assert game.on_board.broken_rules() == expected
