"""What is kept between runs when the world is not kind: two copies on one folder, a
full disk at a win, a save opened twice or edited by hand, no home folder, a link
planted under the probe's name.

Copies of the game run as real processes (:mod:`.copy_child`) where the operating
system's part matters (locks, file sizes, a missing home folder); each answers
on a pipe once its files are written, so no test waits for time to pass.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.engine.puzzle import Puzzle
from game.session.keep.autosave import AUTOSAVE, Autosaver
from game.session.keep.copies import ANOTHER_COPY
from game.session.keep.keeper import CANNOT_SAVE, Keeper
from game.session.keep.paths import open_data_folder
from game.session.keep.savegame import load_saved, save_game
from game.session.keep.stats import (
    CHUNK,
    STATS,
    PuzzleMark,
    Statistics,
    load_stats,
    parse_stats,
    puzzle_id,
)
from game.session.keep.storage import FileStorage, MemoryStorage, StorageError, json_text
from game.session.keep.userdata import SETTINGS, open_user_data, parse_settings
from game.session.keep.writer import Writer
from game.session.mid_end import Session
from game.session.play import Game, Phase
from game.session.play.puzzle_kind import Origin, PuzzleKind, Variant
from game.session.play.settings import Settings, Theme
from game.session.puzzles.sources import Prepared

from ..games import SMALL

ROOT = Path(__file__).resolve().parents[3]
KIND = PuzzleKind(Variant.CLASSIC, 4, None)


def prepared(game: Game | None = None) -> Prepared:
    puzzle = Puzzle.from_string(SMALL)
    probe = Game(puzzle)
    return Prepared(puzzle, probe.solution, probe.solvability, Origin(KIND), game=game)


def solve(game: Game, leave: int = 0) -> None:
    """Place the solution's digits, all but the last ``leave`` empty cells."""
    assert game.solution is not None
    empty = [cell for cell in range(len(game.givens)) if not game.grid[cell]]
    for cell in empty[: len(empty) - leave]:
        game.place(cell, game.solution[cell])


def win(session: Session) -> Game:
    game = session.start(prepared())
    solve(game)
    session.frame()
    session.leave()
    return game


# -- two copies as two processes ----------------------------------------------------------


class Copy:
    """A copy of the game in a child process, spoken to line by line."""

    def __init__(self, folder: Path, env: dict[str, str] | None = None) -> None:
        environ = {**os.environ, "SUDOKU_DATA_DIR": str(folder), **(env or {})}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.session.keep.copy_child"],
            cwd=ROOT,
            env=environ,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, command: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        assert answer, f"the copy ended without answering {command!r}"
        return answer

    def quit(self) -> str:
        answer = self.ask("quit")
        self.process.wait(timeout=60)
        return answer

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def copies(tmp_path: Path) -> Iterator[list[Copy]]:
    started: list[Copy] = []
    yield started
    for copy in started:
        copy.kill()


def stats_in(folder: Path) -> Statistics:
    loaded = load_stats(FileStorage(folder))
    assert loaded.value is not None and not loaded.message
    return loaded.value


@pytest.mark.skipif(os.name != "posix", reason="the copies' locks are tested on POSIX")
def test_two_copies_alternating_wins_lose_nothing(tmp_path: Path, copies: list[Copy]) -> None:
    first = Copy(tmp_path)
    copies.append(first)
    assert first.ask("hello") == "place 1"
    second = Copy(tmp_path)
    copies.append(second)
    assert second.ask("hello") == f"place 2 {ANOTHER_COPY}"
    for _ in range(5):
        first.ask("win")
        second.ask("win")
    assert first.quit() == "bye 1" and second.quit() == "bye 1"
    stats = stats_in(tmp_path).kind(KIND)
    assert (stats.played, stats.won, stats.streak) == (10, 10, 10)


@pytest.mark.skipif(os.name != "posix", reason="the copies' locks are tested on POSIX")
def test_a_second_copy_never_touches_the_first_ones_game(
    tmp_path: Path, copies: list[Copy]
) -> None:
    first = Copy(tmp_path)
    copies.append(first)
    first.ask("hello")
    assert first.ask("start") == "started"
    mine = (tmp_path / AUTOSAVE).read_text(encoding="utf-8")
    second = Copy(tmp_path)
    copies.append(second)
    assert second.ask("hello").startswith("place 2")
    second.ask("start")
    second.ask("win")  # leaves a finished game: only its own autosave may go
    assert (tmp_path / AUTOSAVE).read_text(encoding="utf-8") == mine
    assert first.ask('set theme "dark"') == "set"
    assert second.ask("set sound_volume 50") == "set"
    assert first.quit() == "bye 1" and second.quit() == "bye 1"
    settings = parse_settings((tmp_path / SETTINGS).read_text(encoding="utf-8"))
    assert (settings.theme, settings.sound_volume) == (Theme.DARK, 50)
    # The second copy's own game was left for its win (played 2, won 1); the first
    # copy's was never counted as abandoned, and waits under Continue.
    stats = stats_in(tmp_path).kind(KIND)
    assert (stats.played, stats.won) == (2, 1)
    again = open_user_data(tmp_path, threaded=False)
    try:
        assert again.claim.place == 1 and again.resumed.saved is not None
        assert not again.resumed.saved.game.phase.over
    finally:
        again.close()


def test_copies_in_one_process_take_places_and_merge(tmp_path: Path) -> None:
    first = open_user_data(tmp_path, threaded=False)
    second = open_user_data(tmp_path, threaded=False)
    try:
        assert (first.claim.place, second.claim.place) == (1, 2)
        assert second.autosaver.name == "autosave-2.sudoku"
        a, b = Session(Keeper(first)), Session(Keeper(second))
        assert [title for title, _ in Keeper(second).take_notices()] == [ANOTHER_COPY]
        for _ in range(3):
            win(a)
            win(b)
        assert stats_in(tmp_path).kind(KIND).won == 6
        a.frame()  # its last write found the second copy's first two wins
        assert a.keeper.stats.kind(KIND).won == 5
    finally:
        first.close()
        second.close()


def test_without_working_locks_a_copy_removes_only_the_autosave_it_wrote() -> None:
    storage = MemoryStorage()
    writer = Writer(storage, threaded=False)
    mine, theirs = Autosaver(writer), Autosaver(writer)  # both on one name
    game = Game(Puzzle.from_string(SMALL))
    mine.save(game)
    other = Game(Puzzle.from_string(SMALL))
    other.place(1, 4)
    theirs.save(other)  # the other copy's game is the file now
    mine.clear()
    assert storage.read(AUTOSAVE) is not None
    theirs.clear()
    assert storage.read(AUTOSAVE) is None


# -- statistics merged, settings merged ----------------------------------------------------


def test_statistics_merge_with_what_another_copy_wrote(tmp_path: Path) -> None:
    storage = FileStorage(tmp_path)
    first = open_user_data(tmp_path, threaded=False)
    second = open_user_data(tmp_path, threaded=False)
    try:
        before = Statistics()
        before.puzzles["e" * 20] = PuzzleMark("solved", 9.0)
        storage.write(STATS, before.to_json())  # a third party, after both loaded
        win(Session(Keeper(first)))
        win(Session(Keeper(second)))
        merged = stats_in(tmp_path)
        assert merged.kind(KIND).won == 2 and merged.mark("e" * 20) == PuzzleMark("solved", 9.0)
    finally:
        first.close()
        second.close()


def test_two_copies_keep_each_others_settings_changes(tmp_path: Path) -> None:
    first = open_user_data(tmp_path, threaded=False)
    second = open_user_data(tmp_path, threaded=False)
    try:
        Session(Keeper(first)).change_settings(theme=Theme.DARK)
        Session(Keeper(second)).change_settings(show_timer=False)
        Session(Keeper(first)).change_settings(sound_volume=25)
        settings = parse_settings((tmp_path / SETTINGS).read_text(encoding="utf-8"))
        assert (settings.theme, settings.show_timer, settings.sound_volume) == (
            Theme.DARK,
            False,
            25,
        )
    finally:
        first.close()
        second.close()


def test_a_run_only_choice_is_never_written(tmp_path: Path) -> None:
    data = open_user_data(tmp_path, threaded=False)
    try:
        session = Session(Keeper(data))
        session.override(fullscreen=False)
        session.change_settings(theme=Theme.DARK)
        written = json.loads((tmp_path / SETTINGS).read_text(encoding="utf-8"))
        assert written["theme"] == "dark" and written["fullscreen"] is True
    finally:
        data.close()


def test_a_corrupt_statistics_file_met_while_merging_is_set_aside_not_overwritten(
    tmp_path: Path,
) -> None:
    data = open_user_data(tmp_path, threaded=False)
    try:
        (tmp_path / STATS).write_text("{not json", encoding="utf-8")
        session = Session(Keeper(data))
        solve(session.start(prepared()))
        notices = session.frame()
        [kept] = tmp_path.glob(STATS + ".corrupt-*")
        assert kept.read_text(encoding="utf-8") == "{not json"
        assert stats_in(tmp_path).kind(KIND).won == 1
        assert any("Could not read your statistics" in m for _, m in notices + session.frame())
    finally:
        data.close()


def test_many_puzzles_are_written_a_line_at_a_time_and_read_back() -> None:
    stats = Statistics()
    for number in range(CHUNK * 2 + 7):
        stats.puzzles[f"{number:020x}"] = PuzzleMark("solved", float(number))
    stats.puzzles["x"] = PuzzleMark("in progress")
    text = stats.to_json()
    assert len(text.splitlines()) == 3 + 3 + 1
    assert parse_stats(text) == stats
    assert parse_stats(json.dumps(json.loads(text), indent=1)) == stats  # any layout reads
    assert json.loads(text) == stats.to_dict()


def test_an_earlier_versions_indented_file_still_loads() -> None:
    stats = Statistics()
    stats.puzzles["a" * 20] = PuzzleMark("solved", 3.0)
    old = json_text(stats.to_dict(), indent=1)
    assert load_stats(MemoryStorage(files={STATS: old})).value == stats


# -- each game counted once; a save's phase is never trusted ------------------------------


def test_a_finished_save_opened_again_is_not_counted_again() -> None:
    session = Session()
    won = session.start(prepared())
    solve(won)
    session.frame()
    assert session.keeper.stats.kind(KIND).won == 1
    text = save_game(won)
    for _ in range(3):
        session.start(prepared(load_saved(text).game))
        session.frame()
        session.leave()
    stats = session.keeper.stats.kind(KIND)
    assert (stats.played, stats.won, stats.streak) == (1, 1, 1)


def test_a_lost_save_opened_does_not_end_a_streak() -> None:
    session = Session(settings=Settings(mistake_limit=3))
    win(session)
    lost = Game(Puzzle.from_string(SMALL), settings=Settings(mistake_limit=3))
    assert lost.solution is not None
    wrong = next(d for d in range(1, 5) if d != lost.solution[1])
    for _ in range(3):
        lost.place(1, wrong)
        lost.erase(1)
    assert lost.phase is Phase.LOST
    session.start(prepared(load_saved(save_game(lost), Settings(mistake_limit=3)).game))
    session.frame()
    stats = session.keeper.stats.kind(KIND)
    assert (stats.played, stats.won, stats.streak) == (1, 1, 1)


def test_a_save_edited_to_say_solved_is_a_game_in_play() -> None:
    game = Game(Puzzle.from_string(SMALL))
    solve(game, leave=1)
    data = json.loads(save_game(game))
    data["phase"] = data["status"] = "solved"
    loaded = load_saved(json.dumps(data)).game
    assert loaded.phase is Phase.PLAYING and not loaded.counts_as_win
    session = Session()
    session.start(prepared(loaded))
    session.frame()
    assert session.keeper.stats.kind(KIND).played == 0
    solve(loaded)  # finishing it in play is a game like any other
    session.frame()
    assert session.keeper.stats.kind(KIND).won == 1


@pytest.mark.parametrize("claimed", ["playing", "lost", "abandoned", "shown"])
def test_a_complete_right_board_is_solved_whatever_the_file_says(claimed: str) -> None:
    game = Game(Puzzle.from_string(SMALL))
    solve(game)
    data = json.loads(save_game(game))
    data["phase"] = claimed
    assert load_saved(json.dumps(data)).game.phase is Phase.SOLVED


def test_a_shown_solution_stays_shown() -> None:
    game = Game(Puzzle.from_string(SMALL))
    game.assist.show_solution()
    loaded = load_saved(save_game(game)).game
    assert loaded.phase is Phase.SHOWN and loaded.solution_seen
    loaded.undo()
    assert loaded.phase is Phase.PLAYING


# -- writes that fail are kept and retried -------------------------------------------------


class Disk(MemoryStorage):
    """A storage whose writes fail while ``full`` is set."""

    full = False

    def write(self, name: str, text: str) -> None:
        if self.full:
            raise StorageError(f"Could not save {name}: no space left on device.")
        super().write(name, text)


def test_a_win_on_a_full_disk_is_written_once_there_is_room() -> None:
    disk = Disk()
    keeper = Keeper.in_memory()
    keeper.data.storage = disk
    keeper.data.writer.storage = disk
    session = Session(keeper)
    disk.full = True
    game = session.start(prepared())
    solve(game)
    [(title, message)] = session.frame()
    assert title == CANNOT_SAVE
    assert "your statistics" in message and "your game in progress" in message
    assert set(keeper.data.writer.failing) == {STATS, AUTOSAVE}
    disk.full = False
    keeper.data.writer.retry()
    assert keeper.data.writer.failing == ()
    assert parse_stats(disk.files[STATS]).kind(KIND).won == 1
    assert load_saved(disk.files[AUTOSAVE]).game.phase is Phase.SOLVED


@pytest.mark.skipif(os.name != "posix", reason="RLIMIT_FSIZE is POSIX")
def test_a_file_size_limit_at_a_win_loses_nothing_once_lifted(
    tmp_path: Path, copies: list[Copy]
) -> None:
    copy = Copy(tmp_path)
    copies.append(copy)
    copy.ask("hello")
    assert copy.ask("fsize 0") == "fsize"
    copy.ask("win")
    notices = copy.ask("notices")
    assert "your statistics" in notices and "tries again" in notices
    assert not (tmp_path / STATS).exists() or stats_in(tmp_path).kind(KIND).won == 0
    copy.ask("fsize -1")
    assert copy.quit() == "bye 1"  # quitting tries once more, and now it fits
    assert stats_in(tmp_path).kind(KIND).won == 1


# -- start anywhere ------------------------------------------------------------------------

NO_HOME = textwrap.dedent(
    """
    import pwd, sys
    def nobody(uid):
        raise KeyError(f"getpwuid(): uid not found: {uid}")
    pwd.getpwuid = nobody
    from game.session.mid_end import Session
    from game.session.keep.keeper import Keeper, shown_path
    from game.session.keep.userdata import open_user_data
    from pathlib import Path
    keeper = Keeper(open_user_data())
    session = Session(keeper)
    print(keeper.persistent)
    print("|".join(message for _, message in keeper.take_notices() + session.frame()))
    print(shown_path(Path("/somewhere/else")))
    keeper.close()
    """
)


@pytest.mark.skipif(os.name != "posix", reason="HOME and passwd are POSIX")
@pytest.mark.parametrize("with_folder", [True, False])
def test_the_game_starts_without_a_home_folder(tmp_path: Path, with_folder: bool) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "SUDOKU_DATA_DIR")}
    env.pop("XDG_DATA_HOME", None)
    if with_folder:
        env["SUDOKU_DATA_DIR"] = str(tmp_path / "data")
    done = subprocess.run(
        [sys.executable, "-c", NO_HOME],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    persistent, notices, shown = done.stdout.splitlines()
    assert shown == "/somewhere/else"
    if with_folder:
        assert persistent == "True" and notices == ""
    else:
        assert persistent == "False" and "no home folder" in notices
        assert not (tmp_path / "~").exists()  # nothing made in the working folder


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_data_folder_that_is_a_dangling_link_is_named(tmp_path: Path) -> None:
    link = tmp_path / "data"
    link.symlink_to(tmp_path / "gone")
    data = open_user_data(link, threaded=False)
    try:
        assert not data.folder.persistent
        [message] = data.take_messages()
        assert f"is a link to {tmp_path / 'gone'}, which does not exist" in message
        assert str(link) in message
        session = Session(Keeper(data))
        win(session)  # plays on, in memory
        assert session.keeper.stats.kind(KIND).won == 1
    finally:
        data.close()
    assert not (tmp_path / "gone").exists()


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0, reason="root writes to read-only folders"
)
def test_a_read_only_data_folder_is_read_and_said(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_text('{"theme": "dark"}', encoding="utf-8")
    tmp_path.chmod(0o500)
    try:
        data = open_user_data(tmp_path, threaded=False)
        assert data.settings.theme is Theme.DARK and not data.folder.persistent
        assert any("cannot be saved" in m for m in data.take_messages())
        data.close()
    finally:
        tmp_path.chmod(0o700)


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_the_probe_never_follows_a_link_planted_under_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me", encoding="utf-8")
    folder = tmp_path / "data"
    folder.mkdir()
    planted = folder / f".probe-{os.getpid()}-aaaa"
    planted.symlink_to(precious)
    names = iter(["aaaa", "bbbb"])
    monkeypatch.setattr("game.session.keep.paths.secrets.token_hex", lambda _: next(names))
    assert open_data_folder(folder).persistent
    assert precious.read_text(encoding="utf-8") == "keep me"
    assert planted.is_symlink()  # not ours: left where it was
    assert not (folder / f".probe-{os.getpid()}-bbbb").exists()


def test_puzzle_ids_of_the_helpers_match() -> None:
    assert puzzle_id(Puzzle.from_string(SMALL)) == puzzle_id(prepared().puzzle)


def test_a_threaded_writer_keeps_a_failed_write_until_a_flush_gets_it_through() -> None:
    disk = Disk()
    writer = Writer(disk)
    disk.full = True
    writer.put("a", lambda: "text")
    assert not writer.flush(timeout=30) and writer.failing == ("a",)
    disk.full = False
    assert writer.flush(timeout=30) and writer.failing == ()
    assert disk.files["a"] == "text"
    writer.close()


def test_statistics_are_turned_into_text_on_the_writer_thread_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from game.session.keep.stats import stats_text

    threads: list[str] = []

    def spy(stats: Statistics) -> str:
        threads.append(threading.current_thread().name)
        return stats_text(stats)

    monkeypatch.setattr("game.session.keep.shared.stats_text", spy)
    data = open_user_data(tmp_path)
    try:
        win(Session(Keeper(data)))
        assert data.writer.flush(timeout=30)
    finally:
        data.close()
    assert threads and set(threads) == {"writer"}
    assert stats_in(tmp_path).kind(KIND).won == 1
