"""Moving an earlier version's files into today's data folder: once, whole, whatever happens.

The old folder is where the hand-written table of earlier versions put it
(:func:`legacy_data_dir`, steered into a temporary folder through the
environment) and the new one is what a monkeypatched ``platformdirs`` says.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import platformdirs
import pytest

from game.session.keep.autosave import AUTOSAVE
from game.session.keep.keeper import MOVED, Keeper
from game.session.keep.migration import FILES, MARKER, Moved, migrate, open_migrated_folder
from game.session.keep.paths import ENV_VAR, SAVES, legacy_data_dir
from game.session.keep.savegame import save_game
from game.session.keep.stats import STATS, Statistics
from game.session.keep.userdata import SETTINGS, open_user_data, settings_text
from game.session.play import Game, Settings
from game.session.play.settings import Theme

from ..games import PUZZLES

Tree = dict[str, bytes]
"""A folder's files by path relative to it ("saves/a.sudoku")."""

PLAYER: Tree = {
    "settings.json": settings_text(Settings(theme=Theme.DARK)).encode(),
    "stats.json": Statistics().to_json().encode(),
    "autosave.sudoku": save_game(Game(PUZZLES["classic"]())).encode(),
    "saves/monday.sudoku": b"a saved game\n",
    "saves/old/été.sudoku": b"one in a subfolder\n",
}


def write_tree(folder: Path, tree: Tree) -> None:
    for name, data in tree.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def read_tree(folder: Path) -> Tree:
    """The player's files under ``folder`` (the move's own marker and temporaries left out)."""
    found: Tree = {}
    for path in sorted(folder.rglob("*")) if folder.is_dir() else []:
        name = path.relative_to(folder).as_posix()
        if path.is_file() and (name in FILES or name.startswith(SAVES + "/")):
            found[name] = path.read_bytes()
    return found


@pytest.fixture
def old(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where earlier versions kept the files, with the override unset."""
    monkeypatch.delenv(ENV_VAR, raising=False)
    home = tmp_path / "home"
    for variable in ("HOME", "USERPROFILE"):
        monkeypatch.setenv(variable, str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg"))
    monkeypatch.setenv("APPDATA", str(home / "appdata"))
    folder = legacy_data_dir()
    assert folder.is_relative_to(tmp_path)
    return folder


@pytest.fixture
def new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Today's folder, as platformdirs names it."""
    folder = tmp_path / "platformdirs" / "sudoku"
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *_, **__: str(folder))
    return folder


def test_the_move_covers_every_file_the_game_keeps() -> None:
    assert (*FILES, SAVES) == (SETTINGS, STATS, AUTOSAVE, "saves")


def test_old_only_the_files_move_and_the_player_is_told_once(old: Path, new: Path) -> None:
    write_tree(old, PLAYER)
    os.utime(old / "saves" / "monday.sudoku", (1_000_000_000, 1_000_000_000))
    data = open_user_data(threaded=False)
    assert data.folder.path == new
    assert data.settings.theme is Theme.DARK  # read from the moved files
    assert data.resumed.saved is not None
    [message] = [m for m in data.take_messages() if "moved" in m]
    assert str(old) in message and str(new) in message
    data.close()
    assert read_tree(new) == PLAYER
    assert (new / "saves" / "monday.sudoku").stat().st_mtime == 1_000_000_000
    assert not old.exists()  # emptied, so removed
    assert not (new / MARKER).exists()
    again = open_user_data(threaded=False)
    assert again.folder.path == new and again.take_messages() == []
    again.close()


def test_the_player_reads_the_move_under_its_own_title(old: Path, new: Path) -> None:
    # Not under "Your progress can't be saved": it can, and was.
    write_tree(old, PLAYER)
    keeper = Keeper(open_user_data(threaded=False))
    [(title, body)] = keeper.take_notices()
    assert title == MOVED and "moved from" in body
    assert keeper.take_notices() == []
    keeper.data.close()


def test_a_move_that_could_not_be_made_has_that_title_too(old: Path, new: Path) -> None:
    write_tree(old, PLAYER)
    new.parent.write_text("in the way")
    keeper = Keeper(open_user_data(threaded=False))
    [(title, body)] = keeper.take_notices()
    assert title == MOVED and "stay in" in body
    keeper.data.close()


def test_what_else_is_in_the_old_folder_stays_there(old: Path, new: Path) -> None:
    write_tree(old, {"settings.json": b"{}", "stats.json.corrupt-20250101-120000": b"x"})
    moved = open_migrated_folder()
    assert moved.folder.path == new and moved.message
    assert read_tree(new) == {"settings.json": b"{}"}
    assert os.listdir(old) == ["stats.json.corrupt-20250101-120000"]


def test_new_only_nothing_moves_and_nothing_is_said(old: Path, new: Path) -> None:
    write_tree(new, PLAYER)
    assert open_migrated_folder() == Moved(open_migrated_folder().folder)
    moved = open_migrated_folder()
    assert moved.folder.path == new and moved.message == ""
    assert read_tree(new) == PLAYER and not old.exists()


def test_neither_a_first_run_makes_the_new_folder(old: Path, new: Path) -> None:
    moved = open_migrated_folder()
    assert moved.folder.path == new and moved.message == ""
    assert new.is_dir() and not old.exists()


def test_both_the_new_folder_wins_and_the_old_one_is_left_alone(old: Path, new: Path) -> None:
    write_tree(old, PLAYER)
    mine = {"settings.json": b"{}", "saves/x.sudoku": b"newer"}
    write_tree(new, mine)
    moved = open_migrated_folder()
    assert moved.folder.path == new and moved.message == ""
    assert read_tree(new) == mine and read_tree(old) == PLAYER


def test_an_empty_saves_folder_in_the_new_place_is_not_a_players_files(
    old: Path, new: Path
) -> None:
    (new / "saves").mkdir(parents=True)
    write_tree(old, PLAYER)
    assert open_migrated_folder().message
    assert read_tree(new) == PLAYER


def test_a_move_cut_short_starts_over_from_the_old_folder(old: Path, new: Path) -> None:
    # A crash after the marker and some copies; the game then played on from the
    # old folder (a newer autosave there), so the earlier copies are out of date.
    write_tree(old, PLAYER)
    write_tree(new, {"settings.json": b"stale", "saves/monday.sudoku": b"stale"})
    (new / MARKER).write_text(str(old))
    (new / ".saves.migrating").mkdir()  # a copy of saves/ cut short
    moved = open_migrated_folder()
    assert moved.folder.path == new and "moved" in moved.message
    assert read_tree(new) == PLAYER
    assert sorted(os.listdir(new)) == sorted(["saves", *FILES])
    assert not old.exists()


def test_a_move_cut_short_whose_old_folder_is_gone_keeps_the_copies(old: Path, new: Path) -> None:
    write_tree(new, {"settings.json": b"{}"})
    (new / MARKER).write_text(str(old))
    moved = open_migrated_folder()
    assert moved.folder.path == new and moved.message == ""
    assert read_tree(new) == {"settings.json": b"{}"} and not (new / MARKER).exists()


def test_an_unwritable_new_folder_keeps_the_game_in_the_old_one(
    old: Path, new: Path, tmp_path: Path
) -> None:
    write_tree(old, PLAYER)
    blocker = new.parent
    blocker.write_text("a file where the new folder's parent should be")
    data = open_user_data(threaded=False)
    assert data.folder.path == old and data.settings.theme is Theme.DARK
    [message] = data.take_messages()
    assert "stay in" in message and str(old) in message and "a file is in the way" in message
    data.close()
    assert read_tree(old) == PLAYER
    # Once the way is clear, the next start moves them.
    blocker.unlink()
    moved = open_migrated_folder()
    assert moved.folder.path == new and "moved" in moved.message
    assert read_tree(new) == PLAYER


def test_a_disk_that_fails_mid_way_keeps_the_game_in_the_old_one(
    old: Path, new: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_tree(old, PLAYER)
    real = shutil.copyfileobj
    calls = 0

    def full_disk(*args: object, **kwargs: object) -> None:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise OSError(28, "No space left on device")
        real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(shutil, "copyfileobj", full_disk)
    moved = open_migrated_folder()
    assert moved.folder.path == old and "no space left on device" in moved.message
    assert read_tree(old) == PLAYER and (new / MARKER).exists()
    monkeypatch.setattr(shutil, "copyfileobj", real)
    assert open_migrated_folder().folder.path == new
    assert read_tree(new) == PLAYER


def test_an_old_folder_that_cannot_be_emptied_is_said_and_harmless(
    old: Path, new: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_tree(old, PLAYER)
    real = os.unlink

    def refuse_old(path: object, *args: object, **kwargs: object) -> None:
        if str(path).startswith(str(old)):
            raise PermissionError(13, "Permission denied")
        real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "unlink", refuse_old)
    moved = open_migrated_folder()
    assert moved.folder.path == new
    assert "moved" in moved.message and "could not be emptied" in moved.message
    assert read_tree(new) == PLAYER and (old / "settings.json").exists()
    monkeypatch.setattr(os, "unlink", real)
    assert open_migrated_folder().message == ""  # the copies left behind are not read


def test_one_folder_under_two_names_is_not_moved_onto_itself(
    old: Path, new: Path, tmp_path: Path
) -> None:
    # What a case-insensitive disk does with Sudoku and sudoku, as a link does here.
    write_tree(old, PLAYER)
    new.parent.mkdir(parents=True)
    new.symlink_to(old, target_is_directory=True)
    moved = open_migrated_folder()
    assert moved.folder.path == new and moved.message == ""
    assert read_tree(old) == PLAYER


def test_the_override_moves_nothing(old: Path, new: Path, tmp_path: Path) -> None:
    write_tree(old, PLAYER)
    moved = open_migrated_folder({ENV_VAR: str(tmp_path / "portable")})
    assert moved.folder.path == tmp_path / "portable" and moved.message == ""
    assert read_tree(old) == PLAYER and not new.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_under_a_files_name_is_left_and_does_not_block(old: Path, new: Path) -> None:
    write_tree(old, {"stats.json": b"{}", "saves/a.sudoku": b"a"})
    os.mkfifo(old / "settings.json")
    os.mkfifo(old / "saves" / "pipe.sudoku")
    moved = open_migrated_folder()
    assert moved.folder.path == new and moved.message
    assert read_tree(new) == {"stats.json": b"{}", "saves/a.sudoku": b"a"}


class Crash(BaseException):
    """The process dies here: nothing after this step runs."""


_STEPS = (
    (os, "open"),
    (os, "replace"),
    (os, "unlink"),
    (os, "fsync"),
    (os, "mkdir"),
    (os, "rmdir"),
    (shutil, "copyfileobj"),
    (shutil, "copystat"),
)
"""The file-system calls the move makes: a crash is injected before each in turn."""


@contextmanager
def crash_at(step: int) -> Iterator[Callable[[], int]]:
    """Die at the ``step``-th file-system call; yields how many calls were made."""
    count = 0

    def wrap(real: Callable[..., object]) -> Callable[..., object]:
        def call(*args: object, **kwargs: object) -> object:
            nonlocal count
            count += 1
            if count == step:
                raise Crash
            return real(*args, **kwargs)

        return call

    with pytest.MonkeyPatch.context() as patch:
        for module, name in _STEPS:
            patch.setattr(module, name, wrap(getattr(module, name)))
        yield lambda: count


def test_a_crash_at_any_step_loses_nothing_and_the_next_start_finishes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Flushing stays a step but does nothing: what reaches the disk is not what
    # this tests, and it would cost most of the time.
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    step = 0
    while True:
        step += 1
        old, new = tmp_path / str(step) / "old", tmp_path / str(step) / "new"
        write_tree(old, PLAYER)
        with crash_at(step) as calls:
            try:
                moved = migrate(old, new)
            except Crash:
                moved = None
        if moved is not None:  # the whole move ran before the step came
            assert calls() < step and read_tree(new) == PLAYER
            break
        committed = new.is_dir() and not (new / MARKER).exists() and read_tree(new)
        # Before the commit the old folder is whole; after it, the new one is.
        assert read_tree(new if committed else old) == PLAYER, f"crash at step {step}"
        after = migrate(old, new)
        assert after.folder.path == new, f"crash at step {step}"
        assert read_tree(new) == PLAYER, f"crash at step {step}"
        assert bool(after.message) != bool(committed), f"told once (crash at step {step})"
    assert step > 30, step  # the crashes did land inside the move
