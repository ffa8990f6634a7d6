"""Everything kept between runs: settings, statistics, the game to continue, "Save as"."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.puzzle import Puzzle
from game.session import Game, Settings
from game.session.autosave import AUTOSAVE
from game.session.filenames import validate_save_name
from game.session.kinds import Origin, PuzzleKind, Variant
from game.session.savegame import load_saved
from game.session.settings import Theme
from game.session.storage import MemoryStorage
from game.session.userdata import SETTINGS, load_settings, open_user_data, parse_settings

from .games import CLASSIC, same_game

FILES = PuzzleKind(Variant.CLASSIC, 9, None)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["theme", "mistake_limit", "key_bindings", "fullscreen", "x"])
            | st.text(max_size=6),
            inner,
            max_size=5,
        )
    ),
    max_leaves=15,
)


def test_a_first_run_has_defaults_and_no_messages(tmp_path: Path) -> None:
    data = open_user_data(tmp_path / "d", threaded=False)
    assert data.folder.persistent
    assert data.settings == Settings() and not data.stats.kinds
    assert data.resumed.saved is None
    assert data.take_messages() == []


def test_settings_are_kept_between_runs(tmp_path: Path) -> None:
    data = open_user_data(tmp_path, threaded=False)
    chosen = Settings(theme=Theme.DARK, mistake_limit=3, key_bindings={"undo": ("U",)})
    data.save_settings(chosen)
    assert data.close()
    assert open_user_data(tmp_path, threaded=False).settings == chosen


def test_corrupt_settings_are_set_aside_and_defaults_used(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_text('{"theme": "dark",', encoding="utf-8")
    data = open_user_data(tmp_path, threaded=False)
    assert data.settings == Settings()
    [message] = data.take_messages()
    assert "Could not read your settings" in message and ".corrupt-" in message
    assert data.take_messages() == []  # once
    assert len(list(tmp_path.glob(SETTINGS + ".corrupt-*"))) == 1


def test_odd_but_valid_settings_json_keeps_what_it_can(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_text(
        json.dumps({"theme": "dark", "mistake_limit": "lots", "new_option": 1}), encoding="utf-8"
    )
    data = open_user_data(tmp_path, threaded=False)
    assert data.settings == Settings(theme=Theme.DARK) and data.take_messages() == []


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_settings_from_any_json_never_fail(value: object) -> None:
    assert isinstance(Settings.from_dict(value), Settings)
    loaded, _ = load_settings(MemoryStorage(files={SETTINGS: json.dumps(value)}))
    assert isinstance(loaded, Settings)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_settings_from_any_text_never_fail(text: str) -> None:
    storage = MemoryStorage(files={SETTINGS: text})
    loaded, message = load_settings(storage)
    assert isinstance(loaded, Settings)
    try:
        parse_settings(text)
    except ValueError:
        assert message and storage.read(SETTINGS) is None  # set aside


def test_an_unusable_folder_runs_in_memory_with_one_message(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    data = open_user_data(tmp_path / "file", threaded=False)
    assert not data.folder.persistent and not data.storage.persistent
    [message] = data.take_messages()
    assert "will not be kept" in message
    data.save_settings(Settings(theme=Theme.DARK))  # works, in memory
    assert data.storage.read(SETTINGS) is not None
    assert data.saves_folder() is None
    game = Game(Puzzle.from_string(CLASSIC))
    assert "folder" in data.save_as(game, validate_save_name("x"))
    assert data.take_messages() == []


def test_a_game_lives_on_through_autosave_and_ends_in_the_statistics(tmp_path: Path) -> None:
    data = open_user_data(tmp_path, threaded=False)
    game = Game(Puzzle.from_string(CLASSIC))
    origin = Origin(FILES, path="set.txt", index=1)
    data.start_game(game, origin)
    game.place(2, 4)
    data.autosaver.update(game, origin)
    data.close()

    again = open_user_data(tmp_path, threaded=False)
    assert again.resumed.saved is not None
    continued = again.resumed.saved.game
    same_game(game, continued)
    assert again.stats.mark(game.puzzle) is not None
    assert again.record_game(continued, FILES)
    assert not again.record_game(continued, FILES)
    again.autosaver.clear()  # the keeper's rule: when the player leaves the finished game
    again.close()
    assert not (tmp_path / AUTOSAVE).exists()
    third = open_user_data(tmp_path, threaded=False)
    assert third.resumed.saved is None
    assert third.stats.kind(FILES).played == 1
    assert third.stats.mark(game.puzzle) is None  # abandoned: no longer in progress


def test_save_as_writes_into_the_saves_folder(tmp_path: Path) -> None:
    data = open_user_data(tmp_path, threaded=False)
    game = Game(Puzzle.from_string(CLASSIC))
    game.place(2, 4)
    folder = data.saves_folder()
    assert folder == tmp_path / "saves"
    name = validate_save_name("Evening game ü", folder)
    assert name.ok and not name.exists
    assert data.save_as(game, name) == "Saved as Evening game ü.sudoku."
    assert validate_save_name("Evening game ü", folder).exists
    assert name.path is not None
    same_game(game, load_saved(name.path).game)
    assert data.save_as(game, validate_save_name("bad/name", folder)).startswith(
        "A file name cannot contain /"
    )


def test_save_as_reports_a_failure_as_a_sentence(tmp_path: Path) -> None:
    data = open_user_data(tmp_path, threaded=False)
    name = validate_save_name("x", tmp_path / "no such folder")
    message = data.save_as(Game(Puzzle.from_string(CLASSIC)), name)
    assert message.startswith("Could not save") and os.fspath(tmp_path) in message


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_read_only_folder_still_gives_the_settings_and_game(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes through chmod (the storage test covers reading through)")
    first = open_user_data(tmp_path, threaded=False)
    first.save_settings(Settings(theme=Theme.DARK))
    game = Game(Puzzle.from_string(CLASSIC))
    game.place(2, 4)
    first.autosaver.update(game)
    first.close()
    tmp_path.chmod(0o500)
    try:
        data = open_user_data(tmp_path, threaded=False)
        assert not data.folder.persistent and data.settings.theme == "dark"
        assert data.resumed.saved is not None
        assert "permission denied" in data.take_messages()[0]
    finally:
        tmp_path.chmod(0o700)
