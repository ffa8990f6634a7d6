"""The session makes the board's mid end, and the board's UI state lives there only.

The cursor is :class:`~game.session.board.Playing`'s, not the game's: the
session hands each board a fresh ``Playing`` whose cursor is where the last one
left it, and saves keep the cursor beside the game (as Tatham's mid end keeps
the UI's state in a save).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.session import Session
from game.session.keep.keeper import Keeper
from game.session.keep.userdata import open_user_data
from game.session.play import Game
from game.session.puzzles import Prepared
from game.session.tasks import TaskRunner

from .test_one_mid_end import game_of, origin_of


def run_session(folder: Path) -> Session:
    session = Session(Keeper(open_user_data(folder, threaded=False)))
    saved = session.keeper.data.resumed.saved
    if saved is not None:
        session.resume_saved(saved)
    return session


def prepared(game: Game) -> Prepared:
    return Prepared(game.puzzle, game.solution, game.solvability, origin_of(game))


def test_the_cursor_wraps_around_the_edges() -> None:
    session = Session()
    session.start(prepared(game_of()))
    play = session.open_board(TaskRunner())
    assert play.cursor is None
    play.move(0, 0)
    assert play.cursor == 0  # the first arrow puts the cursor on r1c1
    play.move(0, -1)
    assert play.cursor == 8
    play.move(-1, 0)
    assert play.cursor == 80


def test_each_board_is_the_sessions_and_continue_keeps_the_cursor() -> None:
    session = Session()
    game = session.start(prepared(game_of()))
    first = session.open_board(TaskRunner())
    assert first.game is game and session.board is first
    first.select(40)
    first.toggle_notes_mode()
    again = session.open_board(TaskRunner())  # Continue: a fresh board for the same game
    assert again is not first and again.game is game
    assert again.cursor == 40 == session.cursor
    assert not again.notes_mode  # the rest of the board's state starts afresh, as before


def test_no_board_without_a_game() -> None:
    with pytest.raises(ValueError, match="no game"):
        Session().open_board(TaskRunner())


def test_the_cursor_comes_back_in_the_next_run(tmp_path: Path) -> None:
    first = run_session(tmp_path)
    first.start(prepared(game_of()))
    play = first.open_board(TaskRunner())
    play.select(23)
    first.frame()
    first.quit()
    second = run_session(tmp_path)
    assert second.can_continue and second.cursor == 23
    assert second.open_board(TaskRunner()).cursor == 23


def test_a_new_game_starts_without_the_old_cursor() -> None:
    session = Session()
    session.start(prepared(game_of()))
    session.open_board(TaskRunner()).select(5)
    session.start(prepared(game_of()))
    assert session.cursor is None and session.open_board(TaskRunner()).cursor is None


def test_open_shows_the_saves_first_once_and_again_after_a_save() -> None:
    session = Session()
    assert session.open_saves_first()
    assert not session.open_saves_first()
    session.saved_by_name()
    assert session.open_saves_first() and not session.open_saves_first()


def test_the_screen_reads_one_frozen_view_of_the_board() -> None:
    """Everything the board screen draws of ``Playing`` comes in one frozen value, taken
    at one moment: later input changes the next view, never one already read."""
    session = Session()
    session.start(prepared(game_of()))
    play = session.open_board(TaskRunner())
    play.click_cell(2)
    before = play.view()
    play.extend_to(6)  # several cells: notes mode comes on, the status line says so
    play.toggle_filter()
    seen = play.view()
    assert (before.cursor, before.selection, before.notes_mode) == (2, frozenset(), False)
    assert seen.cursor == 2 and seen.selection == frozenset(range(2, 7)) and seen.notes_mode
    assert seen.filter_digit == 1 and not seen.bivalue and seen.hint is None
    assert seen.status.message.startswith("Only the 1 candidates show")
    with pytest.raises(dataclasses.FrozenInstanceError):
        seen.cursor = 3  # type: ignore[misc]
    play.clear_selection()
    assert not play.view().notes_mode  # back to how it was before several cells
