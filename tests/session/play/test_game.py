"""The game session played through its methods: moves, undo/redo, win and loss."""

from __future__ import annotations

import pytest

from game.engine.logic import Step
from game.engine.puzzle import Puzzle
from game.session.play import Game, Phase, Settings
from game.session.play.moves import parse_move

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def new_game(**settings: object) -> Game:
    return Game(Puzzle.from_string(PUZZLE), settings=Settings(**settings))  # type: ignore[arg-type]


def test_solution_is_known_for_a_unique_puzzle() -> None:
    game = new_game()
    assert game.unique
    assert "".join(map(str, game.solution or ())) == SOLUTION


def test_playing_every_solution_digit_wins() -> None:
    game = new_game()
    for cell, char in enumerate(SOLUTION):
        if not game.is_given(cell):
            game.place(cell, int(char))
    assert game.phase is Phase.SOLVED
    assert game.counts_as_win
    assert game.mistakes == 0


def test_undo_then_redo_is_identity_and_a_new_move_clears_redo() -> None:
    game = new_game()
    game.place(2, 4)
    game.marking.toggle_note(3, 6)
    after = game.state
    game.undo()
    game.undo()
    assert game.state.entries[2] == 0
    game.redo()
    game.redo()
    assert game.state == after
    game.undo()
    game.place(5, 8)
    assert not game.can_redo()


def test_placing_clears_the_digit_from_peer_notes_and_undo_restores_them() -> None:
    game = new_game(auto_remove_notes=True)
    game.marking.toggle_note(3, 4)  # r1c4 note 4
    game.place(2, 4)  # r1c3 = 4, a peer in row 1
    assert game.state.notes[3] == 0
    game.undo()
    assert game.state.notes[3] == 1 << 3


def test_mistakes_are_counted_and_survive_undo() -> None:
    game = new_game()
    effect = game.place(2, 1)  # r1c3 should be 4
    assert effect.mistake
    game.undo()
    assert game.mistakes == 1


def test_the_mistake_limit_ends_the_game_for_good() -> None:
    game = new_game(mistake_limit=3)
    for digit in (1, 2, 3):
        game.place(2, digit)  # r1c3 should be 4
        if digit < 3:
            game.undo()
    assert game.phase is Phase.LOST
    assert game.ending == "You made 3 mistakes; the limit is 3."
    assert not game.can_undo()


def test_a_dead_end_is_not_an_ending() -> None:
    game = new_game()
    # r1c3 must hold 1, 2 or 4 (peers hold the rest); fill r1c3's row peers so none fits.
    grid = Puzzle.from_string(PUZZLE).givens
    assert grid[2] == 0
    game.place(3, 1)
    game.place(5, 2)
    effect = game.place(6, 4)
    assert game.phase is Phase.PLAYING
    assert "can't be finished" not in effect.message  # not told unless the player asked
    assert not effect.error and effect.offer is None
    assert "r1c3" in game.check().message or game.check().wrong


def test_solve_shows_the_solution_and_undo_plays_on_but_never_cleanly() -> None:
    game = new_game()
    game.assist.show_solution()
    assert game.phase is Phase.SHOWN
    assert all(game.grid)
    assert not game.counts_as_win
    game.undo()
    assert game.phase is Phase.PLAYING
    assert not any(game.state.entries)  # the board is exactly the history's position
    for cell, char in enumerate(SOLUTION):
        if not game.is_given(cell):
            game.place(cell, int(char))
    assert game.phase is Phase.SOLVED
    assert not game.counts_as_win  # the solution was seen: never a clean win


def test_block_rule_breaking_refuses_a_clash() -> None:
    game = new_game(block_rule_breaking=True)
    effect = game.place(2, 5)  # 5 is given in r1c1
    assert effect.error and not effect.changed
    assert "r1c1" in effect.message


def test_check_reports_wrong_entries() -> None:
    game = new_game()
    game.place(2, 4)
    assert game.check().message == "All correct so far."
    game.place(3, 2)
    assert game.check().wrong == frozenset({3})


def test_applying_a_step_is_one_undoable_move() -> None:
    game = new_game()
    step = Step("Naked Pair", placements=((2, 4),), eliminations=((3, 1),))
    game.assist.apply_step(step)
    assert game.state.entries[2] == 4
    assert game.state.notes[3] and not game.state.notes[3] & 1
    game.undo()
    assert game.state.entries[2] == 0 and game.state.notes[3] == 0


def test_clock_runs_only_while_playing() -> None:
    game = new_game()
    game.tick(1.5)
    game.pause()
    game.tick(10)
    game.resume()
    game.tick(0.5)
    assert game.elapsed == pytest.approx(2.0)


@pytest.mark.parametrize(
    "text",
    [
        "place r4c7 9",
        "place r1c1 3 keep-notes",
        "erase r9c9",
        "note r2c3 5",
        "fill-notes",
        "clear-notes",
        "solve",
        "restart",
        "reveal r5c5",
        "step Naked Pair: r1c1=5 r2c2-3 r9c9-1",
    ],
)
def test_move_text_round_trips(text: str) -> None:
    assert parse_move(text, 9).text(9) == text
