"""The autosave: written after changes off the frame thread, latest wins, corrupt files kept."""

from __future__ import annotations

import threading
from pathlib import Path

from game.engine.puzzle import Puzzle
from game.session.keep.autosave import AUTOSAVE, CLOCK_STEP, Autosaver, load_autosave
from game.session.keep.savegame import load_saved, save_game
from game.session.keep.storage import FileStorage, MemoryStorage, StorageError
from game.session.keep.writer import Writer
from game.session.play import Game, Phase
from game.session.play.puzzle_kind import Origin, PuzzleKind

from ..games import CLASSIC, SMALL, same_game


def new_game(text: str = CLASSIC) -> Game:
    return Game(Puzzle.from_string(text))


def test_update_saves_only_when_something_changed(tmp_path: Path) -> None:
    writer = Writer(FileStorage(tmp_path), threaded=False)
    autosaver = Autosaver(writer)
    game = new_game()
    assert autosaver.update(game)
    assert not autosaver.update(game)
    game.place(2, 4)
    assert autosaver.update(game)
    game.undo()
    assert autosaver.update(game)
    assert autosaver.update(game, cursor=5)  # the board's cursor moved
    game.tick(CLOCK_STEP / 2)
    assert not autosaver.update(game, cursor=5)  # the clock alone is saved in steps
    game.tick(CLOCK_STEP)
    assert autosaver.update(game, cursor=5)
    assert writer.writes == 5
    saved = load_saved(tmp_path / AUTOSAVE)
    same_game(game, saved.game)
    assert saved.cursor == 5


def test_two_moves_to_equal_boards_are_two_changes(tmp_path: Path) -> None:
    autosaver = Autosaver(Writer(FileStorage(tmp_path), threaded=False))
    game = new_game()
    game.place(2, 4)
    autosaver.update(game)
    game.undo()
    game.history.push(game.history.moves[0], game.state.replace(entries={2: 4}))
    assert autosaver.update(game)  # same board, but a new state object


class SlowStorage(MemoryStorage):
    """Holds every write until released, to see what queues up meanwhile."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.texts: list[str] = []

    def write(self, name: str, text: str) -> None:
        self.release.wait(5)
        self.texts.append(text)
        super().write(name, text)


def test_the_latest_version_wins_and_the_caller_never_waits() -> None:
    storage = SlowStorage()
    autosaver = Autosaver(storage)
    game = new_game()
    for cell in (2, 3, 5, 6, 7, 8):
        game.marking.toggle_note(cell, 1)
        autosaver.update(game)  # returns at once although the disk is "stuck"
    assert not autosaver.flush(timeout=0.05)
    storage.release.set()
    assert autosaver.flush()
    assert len(storage.texts) <= 2  # the first, then only the latest
    same_game(game, load_saved(storage.texts[-1]).game)


def test_a_finished_game_stays_saved_until_it_is_cleared(tmp_path: Path) -> None:
    autosaver = Autosaver(Writer(FileStorage(tmp_path), threaded=False))
    game = new_game(SMALL)
    autosaver.update(game)
    assert (tmp_path / AUTOSAVE).exists()
    assert game.solution is not None
    for cell, digit in enumerate(game.solution):
        if not game.is_given(cell):
            game.place(cell, digit)
    assert game.phase is Phase.SOLVED
    autosaver.update(game)
    assert load_saved(tmp_path / AUTOSAVE).game.phase is Phase.SOLVED  # the card may be up
    autosaver.clear()  # the player left the finished game
    assert not (tmp_path / AUTOSAVE).exists()
    autosaver.clear()  # again: nothing to remove, no error
    assert autosaver.take_message() == ""


def test_continue_offers_the_unfinished_game_with_its_origin(tmp_path: Path) -> None:
    storage = FileStorage(tmp_path)
    autosaver = Autosaver(storage)
    game = new_game()
    game.place(2, 4)
    autosaver.update(game, Origin(PuzzleKind.of(game.shape, None), title="Tuesday"))
    assert autosaver.flush()
    resumed = load_autosave(storage)
    assert resumed.message == "" and resumed.saved is not None
    same_game(game, resumed.saved.game)
    assert resumed.saved.origin.title == "Tuesday"


def test_nothing_to_continue_without_a_file_or_with_a_finished_game(tmp_path: Path) -> None:
    storage = FileStorage(tmp_path)
    assert load_autosave(storage).saved is None
    game = new_game(SMALL)
    assert game.solution is not None
    for cell, digit in enumerate(game.solution):
        if not game.is_given(cell):
            game.place(cell, digit)
    storage.write(AUTOSAVE, save_game(game))
    assert load_autosave(storage).saved is None
    assert (tmp_path / AUTOSAVE).exists()  # not offered, but not deleted either


def test_a_game_whose_solution_is_shown_is_offered_since_undo_revives_it(tmp_path: Path) -> None:
    storage = FileStorage(tmp_path)
    game = new_game()
    game.place(2, 4)
    game.assist.show_solution()
    storage.write(AUTOSAVE, save_game(game))
    resumed = load_autosave(storage).saved
    assert resumed is not None and resumed.game.phase is Phase.SHOWN
    assert resumed.game.undo().changed
    assert resumed.game.phase is Phase.PLAYING and resumed.game.solution_seen


def test_a_corrupt_autosave_is_set_aside_with_a_message(tmp_path: Path) -> None:
    damaged = save_game(new_game())[:200]  # what a torn write would leave (ours never do)
    (tmp_path / AUTOSAVE).write_text(damaged, encoding="utf-8")
    resumed = load_autosave(FileStorage(tmp_path))
    assert resumed.saved is None
    assert resumed.message.startswith("Could not read your game in progress (not a saved game")
    [kept] = tmp_path.glob(AUTOSAVE + ".corrupt-*")
    assert kept.read_text(encoding="utf-8") == damaged
    assert str(kept) in resumed.message
    assert not (tmp_path / AUTOSAVE).exists()


class FailingStorage(MemoryStorage):
    def write(self, name: str, text: str) -> None:
        raise StorageError(f"Could not save {name}: disk full.")


def test_a_failing_disk_is_reported_once() -> None:
    autosaver = Autosaver(Writer(FailingStorage(), threaded=False))
    game = new_game()
    autosaver.update(game)
    game.place(2, 4)
    autosaver.update(game)
    assert autosaver.take_message() == (
        f"Could not save {AUTOSAVE}: disk full. The game keeps your game in progress and "
        "tries again until it is saved or you quit."
    )
    assert autosaver.take_message() == ""
    game.place(3, 6)
    autosaver.update(game)
    assert autosaver.take_message() == ""  # still failing: not repeated


def test_a_bug_while_writing_does_not_stop_the_writer() -> None:
    storage = MemoryStorage()
    writer = Writer(storage)

    def broken() -> str:
        raise RuntimeError("boom")

    writer.put("a", broken)
    writer.put("b", lambda: "fine")
    assert not writer.flush()  # "a" is kept to be tried again
    assert "boom" in writer.take_message()
    writer.put("a", lambda: "fixed")
    assert writer.close()
    assert (storage.read("a"), storage.read("b")) == ("fixed", "fine")
