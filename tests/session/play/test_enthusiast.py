"""The enthusiast's tools through the session API: many cells at once, three kinds of
notes, colours, what-if guesses, savepoints, and the rewind to the first mistake."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.puzzle import Puzzle
from game.session.keep.savegame import load_game, save_game
from game.session.play import Game, Phase, Settings
from game.session.play.state import NoteKind, candidate_colour

from ..games import CLASSIC, PUZZLES, Action, act, actions, same_game

SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
ROW1 = [2, 3, 5, 6, 7, 8]  # the empty cells of row 1


def new_game(**chosen: object) -> Game:
    return Game(Puzzle.from_string(CLASSIC), settings=Settings(**chosen))  # type: ignore[arg-type]


def test_a_digit_on_many_cells_is_one_history_entry_counting_each_mistake() -> None:
    game = new_game()
    effect = game.marking.place_many([0, *ROW1], 4)  # r1c1 is a given: left alone
    assert effect.changed and len(game.history) == 1
    assert [game.state.entries[c] for c in ROW1] == [4] * len(ROW1)
    assert game.mistakes == len(ROW1) - 1  # only r1c3 holds a 4
    game.undo()
    assert not any(game.state.entries)


def test_many_cells_notes_toggle_together_and_erase_together() -> None:
    game = new_game()
    game.marking.toggle_note(2, 1)
    game.marking.note_many(ROW1, 1, NoteKind.CANDIDATE)  # not all have it: added to all
    assert all(game.state.notes[c] & 1 for c in ROW1)
    game.marking.note_many(ROW1, 1, NoteKind.CANDIDATE)  # all have it: removed from all
    assert not any(game.state.notes[c] & 1 for c in ROW1)
    game.marking.note_many(ROW1[:2], 7, NoteKind.CORNER)
    game.marking.note_many(ROW1[:2], 8, NoteKind.CENTRE)
    assert game.state.corner[2] == 1 << 6 and game.state.centre[3] == 1 << 7
    game.marking.erase_many(ROW1[:2])
    assert not game.state.corner[2] and not game.state.centre[3]
    assert len(game.history) == 6  # each action one entry


def test_placing_a_digit_prunes_every_kind_of_note_from_the_peers() -> None:
    game = new_game(auto_remove_notes=True)
    game.marking.toggle_note(3, 4)
    game.marking.toggle_note(5, 4, NoteKind.CORNER)
    game.marking.toggle_note(6, 4, NoteKind.CENTRE)
    game.place(2, 4)
    assert not game.state.notes[3] and not game.state.corner[5] and not game.state.centre[6]


def test_colours_toggle_and_clear_with_one_key_and_undo() -> None:
    game = new_game()
    game.marking.paint([2, 3], 3)
    assert game.state.colours[2] == game.state.colours[3] == 3
    game.marking.paint([2, 3], 3)  # the same colour again takes it off
    assert not any(game.state.colours)
    game.marking.toggle_note(2, 6)  # a candidate takes a colour only where it is
    game.marking.paint([2], 5, digit=6)
    assert candidate_colour(game.state.marks[2], 6) == 5
    game.marking.clear_colours()
    assert not any(game.state.marks)
    game.undo()
    assert candidate_colour(game.state.marks[2], 6) == 5


def test_guesses_nest_keep_their_ink_and_abandon_back_to_their_start() -> None:
    game = new_game()
    game.place(2, 4)
    game.what_if.guess()
    game.place(3, 6)
    assert game.state.ink[3] == 1 and game.state.ink[2] == 0
    game.what_if.guess()
    game.place(5, 8)
    assert game.what_if.guess_level == 2 and game.state.ink[5] == 2
    game.what_if.abandon_guess()
    assert game.what_if.guess_level == 1 and not game.state.entries[5]
    game.what_if.commit_guess()
    assert game.what_if.guess_level == 0 and game.state.ink[3] == 0 and game.state.entries[3] == 6
    game.undo()  # commit undone: the guess is open again, in its ink
    assert game.what_if.guess_level == 1 and game.state.ink[3] == 1


def test_savepoints_go_back_as_one_move_and_forward_by_redo() -> None:
    game = new_game()
    game.place(2, 4)
    game.what_if.add_savepoint("before the sixes")
    game.place(3, 6)
    game.place(5, 8)
    assert game.what_if.go_to_savepoint("before the sixes").changed
    assert game.state.entries[3] == 0 and game.state.entries[2] == 4
    game.undo()  # the rewind is one move: undo brings the later work back
    assert game.state.entries[5] == 8
    game.undo()
    game.undo()  # now before the savepoint's position
    game.undo()
    assert game.what_if.go_to_savepoint("before the sixes").changed  # forward by redo
    assert game.state.entries[2] == 4 and game.history.position == 1


def test_the_first_mistake_is_named_without_its_answer_and_rewound_to() -> None:
    game = new_game()
    game.place(2, 4)  # right
    game.tick(30)
    game.marking.toggle_note(3, 2)
    game.marking.toggle_note(3, 6)
    game.marking.toggle_note(3, 6)  # r1c4 is 6: taking the note away is a mistake
    game.tick(10)
    game.place(5, 8)  # right
    game.place(6, 1)  # wrong (r1c7 is 9)
    found = game.what_if.first_mistake()
    assert found is not None and found.position == 4 and found.name == "r1c4"
    assert found.when == "00:30" and "6" not in found.sentence()
    assert game.what_if.rewind_to_first_mistake().changed
    assert game.state.notes[3] == (1 << 1) | (1 << 5)  # back to just before it
    assert game.state.entries[6] == 0


@settings(max_examples=80, deadline=None)
@given(actions)
def test_the_mistake_named_is_the_first_wrong_move(moves: list[Action]) -> None:
    game = Game(PUZZLES["classic"]())
    for action in moves:
        act(game, action)
    found = game.what_if.first_mistake()
    solution = [int(c) for c in SOLUTION]
    history = game.history
    first = None
    for position in range(1, history.position + 1):
        before, after = history.state_at(position - 1), history.state_at(position)
        wrong = any(
            new and new != old and new != solution[c]
            for c, (old, new) in enumerate(zip(before.entries, after.entries, strict=True))
        )
        dropped = any(
            old >> (solution[c] - 1) & 1
            and new
            and not new >> (solution[c] - 1) & 1
            and not after.entries[c]
            for c, (old, new) in enumerate(zip(before.notes, after.notes, strict=True))
        )
        if wrong or dropped:
            first = position
            break
    assert (found.position if found else None) == first


def test_colours_notes_and_guesses_survive_save_and_load() -> None:
    game = new_game()
    game.marking.paint([2, 3], 4)
    game.marking.paint([5], 2, digit=7)
    game.marking.toggle_note(6, 1, NoteKind.CORNER)
    game.marking.toggle_note(7, 9, NoteKind.CENTRE)
    game.what_if.guess()
    game.place(2, 4)
    game.what_if.guess()
    game.what_if.guess()
    game.place(3, 6)
    game.what_if.add_savepoint("deep")
    loaded = load_game(save_game(game))
    same_game(game, loaded)
    assert loaded.what_if.guess_level == 3 and loaded.state.ink[3] == 3
    loaded.what_if.abandon_guess()
    loaded.what_if.abandon_guess()
    assert loaded.what_if.guess_level == 1 and loaded.state.entries[3] == 0


def test_reveal_is_the_least_helpful_hint() -> None:
    game = new_game()
    game.assist.reveal(2)
    assert game.state.entries[2] == 4
    assert game.hints_used == 1 and game.counters.reveals == 1
    assert game.phase is Phase.PLAYING


@settings(max_examples=60, deadline=None)
@given(actions, st.integers(0, 5))
def test_undo_redo_laws_hold_with_guesses_and_batches(moves: list[Action], back: int) -> None:
    game = Game(PUZZLES["small"]())
    for action in moves:
        act(game, action)
    after = game.state
    undone = 0
    while undone < back and game.can_undo():
        game.undo()
        undone += 1
    for _ in range(undone):
        game.redo()
    assert game.state == after


def test_playing_chooses_many_cells_and_says_what_a_digit_will_do() -> None:
    from game.session.board.playing import Playing
    from game.session.play.puzzle_kind import Origin, PuzzleKind
    from game.session.tasks import TaskRunner

    game = new_game()
    play = Playing(game, Origin(PuzzleKind.of(game.shape, None)), TaskRunner())
    play.click_cell(2)
    reply = play.extend_to(6)  # Shift+click: r1c3..r1c7
    assert play.chosen == frozenset(range(2, 7)) and play.notes_mode
    assert "5 cells selected" in reply.message and "candidate notes" in reply.message
    play.digit(1)
    assert all(game.state.notes[c] & 1 for c in (2, 3, 5, 6))  # r1c5 is a given
    assert len(game.history) == 1
    play.toggle_cell(6)  # Ctrl+click takes r1c7 out
    assert 6 not in play.chosen
    play.toggle_notes_mode()
    play.digit(4)
    assert game.state.entries[2] == 4 and game.state.entries[3] == 4
    assert play.clear_selection() and play.chosen == frozenset({play.cursor})
    assert not play.notes_mode  # back to how it was before several cells were chosen
    play.select_empty()
    assert len(play.chosen) == sum(1 for d in game.grid if not d)
    play.move(0, 1)  # an arrow collapses the selection to the cursor
    assert not play.selection
    play.move(0, 1, extend=True)
    play.move(1, 0, extend=True)
    assert len(play.chosen) == 4


def test_a_candidate_colour_goes_only_where_the_candidate_is() -> None:
    """Ctrl+Shift+digit colours the candidate in cells that have it, and says so
    when none of the chosen cells has it (it used to paint a disc with no digit)."""
    game = new_game()
    empty = [c for c in range(81) if not game.givens[c]][:3]
    game.marking.toggle_note(empty[0], 6)
    effect = game.marking.paint(empty, 5, digit=6)
    assert effect.changed and effect.cells == (empty[0],)
    assert candidate_colour(game.state.marks[empty[0]], 6) == 5
    assert not any(game.state.marks[c] for c in empty[1:])
    refused = game.marking.paint(empty[1:2], 5, digit=6)
    assert not refused.changed and refused.error
    assert "has no 6 candidate" in refused.message
    assert game.marking.paint(empty, 0, digit=6).changed  # colour 0 takes it off
    assert not game.state.marks[empty[0]]


def test_notes_mode_on_one_cell_writes_the_note_kind_chosen() -> None:
    from game.session.board.playing import Playing
    from game.session.play.puzzle_kind import Origin, PuzzleKind
    from game.session.tasks import TaskRunner

    for kind in NoteKind:
        game = new_game(note_kind=kind)
        play = Playing(game, Origin(PuzzleKind.of(game.shape, None)), TaskRunner())
        play.click_cell(2)
        play.toggle_notes_mode()
        play.digit(7)
        for other in NoteKind:
            written = game.state.notes_of(other)[2] >> 6 & 1
            assert written == (other is kind), (kind, other)
