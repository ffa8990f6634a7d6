"""Moves under a variant's rules: the notes a placed digit clears, Fill notes, the peers
the board highlights, and "refuse rule-breaking digits" over many cells at once."""

from __future__ import annotations

import pytest

from game.engine.puzzle import Puzzle
from game.engine.rules import XV, AntiKing, AntiKnight, Constraint, Diagonal, Kropki, Thermometer
from game.engine.rules import NonConsecutive as NonConsec
from game.engine.shape import Shape
from game.session.play import Game, Refusal, Settings, Status
from game.session.play.moves import parse_move
from game.session.play.state import NoteKind

from ..variants import puzzle_of

KNIGHT_OF_R5C5 = (21, 23, 29, 33, 47, 51, 57, 59)
"""The cells a knight's move from r5c5 (cell 40) on 9x9."""


def bits(*digits: int) -> int:
    return sum(1 << (d - 1) for d in digits)


def game_of(constraints: tuple[Constraint, ...], size: int = 4, **settings: object) -> Game:
    puzzle = Puzzle(Shape.classic(size), (0,) * (size * size), constraints)
    chosen = Settings(**settings)  # type: ignore[arg-type]
    return Game(puzzle, settings=chosen, solvability=Status.MULTIPLE)


# -- 1. placing clears the notes the rules rule out --------------------------------------


def test_placing_clears_the_digit_from_notes_a_knights_move_away() -> None:
    game = game_of((AntiKnight(),), 9)
    game.marking.fill_notes()
    for cell in KNIGHT_OF_R5C5:
        game.marking.toggle_note(cell, 5, NoteKind.CORNER)
        game.marking.toggle_note(cell, 5, NoteKind.CENTRE)
    assert all(game.state.notes[c] & bits(5) for c in KNIGHT_OF_R5C5)
    game.place(40, 5)
    for cell in KNIGHT_OF_R5C5:
        assert game.state.notes[cell] == bits(1, 2, 3, 4, 6, 7, 8, 9), cell
        assert not game.state.corner[cell] and not game.state.centre[cell]
    assert game.state.notes[0] & bits(5)  # r1c1: neither a peer nor a knight's move
    game.undo()
    assert all(game.state.notes[c] & bits(5) for c in KNIGHT_OF_R5C5)
    assert all(game.state.corner[c] == bits(5) for c in KNIGHT_OF_R5C5)


def test_with_auto_remove_notes_off_the_rules_clear_nothing_either() -> None:
    game = game_of((AntiKnight(),), 9, auto_remove_notes=False)
    game.marking.fill_notes()
    game.place(40, 5)
    assert all(game.state.notes[c] & bits(5) for c in KNIGHT_OF_R5C5)
    assert game.state.notes[41] & bits(5)  # nor along the row
    assert game.history.last_move == parse_move("place r5c5 5 keep-notes", 9)


@pytest.mark.parametrize(
    ("constraints", "cell", "digit", "other", "left"),
    [
        # A white dot: the partner of a 1 is a 2 (the row already takes the 1 away).
        ((Kropki(0, 1, black=False),), 0, 1, 1, bits(2)),
        # A black dot: the partner of a 4 is a 2.
        ((Kropki(0, 4, black=True),), 0, 4, 4, bits(2)),
        # A V: the partner of a 1 is a 4.
        ((XV(5, 6, 5),), 5, 1, 6, bits(4)),
        # A thermometer: above a 2 in the bulb, only bigger digits.
        ((Thermometer((0, 4)),), 0, 2, 4, bits(3, 4)),
        # Anti-king: the diagonal neighbour outside every house loses the digit.
        ((AntiKing(),), 5, 1, 10, bits(2, 3, 4)),
        # Non-consecutive: the orthogonal neighbours lose the digits next to it.
        ((NonConsec(),), 5, 2, 9, bits(4)),
        # A diagonal (a house beyond the shape's): the same digit goes.
        ((Diagonal.of(4),), 0, 1, 10, bits(2, 3, 4)),
    ],
    ids=["white-dot", "black-dot", "v", "thermometer", "anti-king", "non-consecutive", "x"],
)
def test_placing_clears_the_notes_each_rule_rules_out(
    constraints: tuple[Constraint, ...], cell: int, digit: int, other: int, left: int
) -> None:
    game = game_of(constraints)
    full = bits(1, 2, 3, 4)
    for c in range(16):  # every note everywhere, so only the move decides what goes
        for d in range(1, 5):
            game.marking.toggle_note(c, d)
    assert game.state.notes[other] == full
    assert game.place(cell, digit).changed
    assert game.state.notes[other] == left


def test_a_hint_or_a_reveal_clears_the_same_notes_as_a_placement() -> None:
    puzzle = Puzzle(Shape.classic(4), (0,) * 16, (XV(5, 6, 5),))
    solution = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    game = Game(puzzle, solution=solution, solvability=Status.UNIQUE)
    for d in range(1, 5):
        game.marking.toggle_note(6, d)
    assert game.assist.reveal(5).changed
    assert game.grid[5] == 4 and game.state.notes[6] == bits(1)


def test_fill_notes_leaves_out_what_the_rules_rule_out() -> None:
    game = game_of((AntiKnight(),), 9)
    game.place(40, 5)
    game.marking.fill_notes()
    assert game.state.notes == game.on_board.candidates()
    assert all(not game.state.notes[c] & bits(5) for c in KNIGHT_OF_R5C5)
    assert game.state.notes[0] & bits(5)
    thermo = game_of((Thermometer((0, 1, 2)),))
    thermo.marking.fill_notes()
    assert thermo.state.notes[0] == bits(1, 2) and thermo.state.notes[2] == bits(3, 4)


# -- 2. the peers the board highlights ----------------------------------------------------


def test_peers_are_every_house_s_cells_under_the_rules() -> None:
    classic = game_of(())
    assert classic.on_board.peers(0) == {1, 2, 3, 4, 8, 12, 5}
    diagonal = game_of((Diagonal.of(4),))
    assert diagonal.on_board.peers(0) == {1, 2, 3, 4, 8, 12, 5, 10, 15}
    cage = game_of(puzzle_of("cage").constraints)  # cages r1c1+r2c1 and r1c2+r1c3
    assert cage.on_board.peers(5) == {1, 4, 6, 7, 9, 13, 0}
    knight = game_of((AntiKnight(),), 9)  # a knight's move is no house: not a peer
    assert not knight.on_board.peers(40) & set(KNIGHT_OF_R5C5)


# -- 3. refusing rule-breaking digits in many cells at once --------------------------------


def test_many_cells_refuse_a_digit_a_peer_holds_and_place_nothing() -> None:
    game = game_of((), block_rule_breaking=True)
    game.place(0, 1)
    effect = game.marking.place_many([5, 14], 1)  # r2c2 shares a box with r1c1
    assert not effect.changed and effect.error and effect.refusal is Refusal.PEER_HOLDS
    assert effect.message == "1 is already in r1c1, a peer of r2c2. None of the 2 cells took it."
    assert set(effect.flash) == {0, 5}
    assert game.grid[5] == 0 and game.grid[14] == 0


def test_two_chosen_cells_of_one_house_refuse_each_other() -> None:
    game = game_of((), block_rule_breaking=True)
    effect = game.marking.place_many([0, 3], 2)  # both in row 1
    assert effect.refusal is Refusal.PEER_HOLDS and not any(game.grid)
    diagonal = game_of((Diagonal.of(4),), block_rule_breaking=True)
    assert diagonal.marking.place_many([0, 10], 2).refusal is Refusal.PEER_HOLDS


def test_many_cells_refuse_a_digit_that_breaks_a_constraint() -> None:
    game = game_of((AntiKnight(),), 9, block_rule_breaking=True)
    effect = game.marking.place_many([2, 13], 5)  # r1c3 and r2c5: a knight's move apart
    assert effect.refusal is Refusal.BREAKS_RULE and not any(game.grid)
    assert "Anti-knight" in effect.message and effect.message.endswith("took it.")
    thermo = game_of((Thermometer((0, 1, 2, 3)),), block_rule_breaking=True)
    effect = thermo.marking.place_many([1, 14], 4)  # the tube's second cell below 4
    assert effect.refusal is Refusal.BREAKS_RULE and "Thermometer" in effect.message


def test_many_cells_that_break_nothing_all_take_the_digit() -> None:
    game = game_of((AntiKnight(),), 9, block_rule_breaking=True)
    effect = game.marking.place_many([0, 40, 80], 5)
    assert effect.changed and [game.grid[c] for c in (0, 40, 80)] == [5, 5, 5]


def test_without_the_setting_many_cells_take_a_clashing_digit_as_before() -> None:
    game = game_of((AntiKnight(),), 9)
    assert game.marking.place_many([2, 13], 5).changed
    assert game.grid[2] == game.grid[13] == 5
    assert game.on_board.broken()


def test_one_cell_of_many_follows_the_single_placement_rule() -> None:
    game = game_of((), block_rule_breaking=True)
    game.place(0, 1)
    effect = game.marking.place_many([5], 1)
    assert effect.refusal is Refusal.PEER_HOLDS
    assert effect.message == "1 is already in r1c1, a peer of r2c2."
