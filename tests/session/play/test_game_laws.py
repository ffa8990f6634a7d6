"""Undo and redo laws over random play: identity, a new move clears redo, counters survive."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.session.play import Game, Settings

from ..games import PUZZLES, Action, act, actions, play
from ..games import settings as any_settings

puzzles = st.sampled_from(sorted(PUZZLES))


def observable(game: Game) -> tuple[object, ...]:
    return (
        game.state,
        game.history.position,
        len(game.history),
        game.history.moves,
        game.counters,
        game.elapsed,
        game.solution_seen,
        game.phase,
        game.ending,
    )


@settings(max_examples=150, deadline=None)
@given(puzzles, any_settings, actions)
def test_undo_then_redo_is_identity_at_every_step(
    puzzle: str, chosen: Settings, moves: list[Action]
) -> None:
    game = Game(PUZZLES[puzzle](), settings=chosen)
    for action in moves:
        act(game, action)
        if game.can_undo():
            before = observable(game)
            assert game.undo().changed
            assert game.can_redo()
            assert game.redo().changed
            assert observable(game) == before


@settings(max_examples=150, deadline=None)
@given(puzzles, any_settings, actions)
def test_undo_keeps_the_counters_and_the_clock(
    puzzle: str, chosen: Settings, moves: list[Action]
) -> None:
    game = play(puzzle, chosen, moves)
    counters = (game.counters, game.elapsed, game.solution_seen)
    while game.can_undo():
        game.undo()
        assert (game.counters, game.elapsed, game.solution_seen) == counters
    assert game.history.position == 0 or not game.can_undo()


@settings(max_examples=150, deadline=None)
@given(puzzles, any_settings, actions, st.integers(1, 5), st.integers(0, 10_000))
def test_a_new_move_clears_the_redo_list(
    puzzle: str, chosen: Settings, moves: list[Action], back: int, seed: int
) -> None:
    game = play(puzzle, chosen, moves)
    for _ in range(back):
        game.undo()
    if not game.can_redo():
        return
    for offset in range(game.shape.cells):
        cell = (seed + offset) % game.shape.cells
        if game.is_given(cell) or game.over:
            continue
        if game.marking.toggle_note(cell, 1 + seed % game.size).changed:
            assert not game.can_redo()
            assert game.history.position == len(game.history)
            return
