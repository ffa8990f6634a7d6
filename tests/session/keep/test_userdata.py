"""Everything kept between runs: settings, statistics, the game to continue, "Save as"."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.puzzle import Puzzle
from game.session.keep.autosave import AUTOSAVE
from game.session.keep.filenames import validate_save_name
from game.session.keep.savegame import SaveError, load_saved
from game.session.keep.stats import STATS
from game.session.keep.storage import MemoryStorage
from game.session.keep.userdata import (
    SETTINGS,
    SETTINGS_VERSION,
    load_settings,
    open_user_data,
    parse_settings,
    settings_text,
)
from game.session.play import Game, Settings
from game.session.play.puzzle_kind import Origin, PuzzleKind, Variant
from game.session.play.settings import MAX_ACTIONS, MAX_KEYS, MAX_NAME, Theme
from tests.session.keep import special

from ..games import CLASSIC, same_game

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
    again.start_game(continued, origin)  # as the session does: saved now, by this copy
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


def test_settings_with_a_byte_order_mark_are_read(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_bytes(b"\xef\xbb\xbf" + b'{"theme": "dark"}')
    data = open_user_data(tmp_path, threaded=False)
    assert data.settings.theme == "dark" and data.take_messages() == []


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ([], "not settings of this game"),
        ("dark", "not settings of this game"),
        ({"format": "sudoku-stats", "kinds": []}, "not settings of this game"),
        ({"version": "2", "theme": "dark"}, "not settings of this game"),
        ({"version": SETTINGS_VERSION + 1, "theme": "dark"}, "saved by a newer version"),
    ],
)
def test_settings_of_another_shape_or_a_newer_game_are_set_aside(
    tmp_path: Path, value: object, reason: str
) -> None:
    text = json.dumps(value)
    (tmp_path / SETTINGS).write_text(text, encoding="utf-8")
    data = open_user_data(tmp_path, threaded=False)
    assert data.settings == Settings()
    [message] = data.take_messages()
    assert message.startswith(f"Could not read your settings ({reason}")
    data.save_settings(Settings(theme=Theme.DARK))
    data.close()
    [kept] = tmp_path.glob(SETTINGS + ".corrupt-*")
    assert kept.read_text(encoding="utf-8") == text  # never overwritten


def test_the_settings_file_says_its_version_and_reads_back(tmp_path: Path) -> None:
    chosen = Settings(theme=Theme.DARK, key_bindings={"undo": ("ctrl+z", "u")})
    assert json.loads(settings_text(chosen))["version"] == SETTINGS_VERSION
    assert parse_settings(settings_text(chosen)) == chosen
    assert parse_settings("{}") == Settings()  # an empty object is just defaults


def test_key_bindings_are_capped_alike_on_read_and_write() -> None:
    wild = Settings(
        key_bindings={
            **{f"action{n}": ("a",) for n in range(MAX_ACTIONS + 5)},
            "x" * (MAX_NAME + 1): ("b",),
            "undo": tuple(f"f{n}" for n in range(MAX_KEYS + 3)) + ("k" * (MAX_NAME + 1),),
        }
    )
    written = parse_settings(settings_text(wild))
    assert len(written.key_bindings) == MAX_ACTIONS
    assert all(len(keys) <= MAX_KEYS for keys in written.key_bindings.values())
    assert parse_settings(settings_text(written)) == written  # the caps are a fixed point
    assert Settings.from_dict(wild.to_dict()) == written


@special.posix_only
@pytest.mark.parametrize("name", [SETTINGS, STATS, AUTOSAVE])
@pytest.mark.parametrize("kind", special.KINDS)
def test_what_is_not_a_file_in_the_data_folder_is_left_alone(
    tmp_path: Path, name: str, kind: str
) -> None:
    path = tmp_path / name
    with special.made(path, kind) as words, special.no_hang():
        data = open_user_data(tmp_path, threaded=False)
        assert data.settings == Settings() and not data.stats.kinds
        assert data.resumed.saved is None
        [message] = data.take_messages()
        assert message.startswith("Could not read your ")
        assert f"{path} is {words}, not a file" in message
        # A whole run writing every file: the thing is neither replaced nor moved.
        game = Game(Puzzle.from_string(CLASSIC))
        data.save_settings(Settings(theme=Theme.DARK))
        data.start_game(game)
        game.place(2, 4)
        data.autosaver.update(game)
        data.record_game(game, FILES)
        assert data.close()
        assert data.take_messages() == []  # told once, at start
        assert os.path.lexists(path) and not path.is_file()
        assert not list(tmp_path.glob("*.corrupt-*"))
        assert not list(tmp_path.glob(".*.tmp"))


@special.posix_only
@pytest.mark.parametrize("kind", special.KINDS)
def test_a_save_that_is_not_a_file_is_refused_not_read(tmp_path: Path, kind: str) -> None:
    data = open_user_data(tmp_path, threaded=False)
    folder = data.saves_folder()
    assert folder is not None
    path = folder / "evening.sudoku"
    with special.made(path, kind) as words, special.no_hang():
        with pytest.raises(SaveError, match=f"it is {words}, not a file"):
            load_saved(path)
        name = validate_save_name("evening", folder)
        message = data.save_as(Game(Puzzle.from_string(CLASSIC)), name)
        assert message == f"Could not save {path}: it is {words}, not a file."
        assert os.path.lexists(path) and not path.is_file()


def test_statistics_read_in_part_are_kept_whole_aside_and_the_rest_written_back(
    tmp_path: Path,
) -> None:
    good = {"variant": "classic", "size": 9, "level": 0, "played": 2, "won": 0}
    text = json.dumps(
        {"format": "sudoku-stats", "version": 1, "kinds": [good, {"variant": 7}], "puzzles": {}}
    )
    (tmp_path / STATS).write_text(text, encoding="utf-8")
    data = open_user_data(tmp_path, threaded=False)
    assert data.stats.kind(FILES).played == 2
    [message] = data.take_messages()
    assert message.startswith("Could not read all of your statistics (1 entry makes no sense)")
    [kept] = tmp_path.glob(STATS + ".corrupt-*")
    assert kept.read_text(encoding="utf-8") == text
    data.close()
    again = open_user_data(tmp_path, threaded=False)  # the kept part was written back
    assert again.stats == data.stats and again.take_messages() == []


def test_left_overs_of_killed_saves_go_at_start_in_the_folder_and_in_saves(
    tmp_path: Path,
) -> None:
    (tmp_path / "saves").mkdir()
    left = [
        tmp_path / ".autosave.sudoku.ab12cd34.tmp",
        tmp_path / "saves" / ".evening.sudoku.x_y_z_12.tmp",
    ]
    for path in left:
        path.write_text('{"half": ')
    kept = tmp_path / "saves" / "notes.tmp"
    kept.write_text("the player's")
    data = open_user_data(tmp_path, threaded=False)
    assert not any(path.exists() for path in left) and kept.exists()
    assert data.take_messages() == []
