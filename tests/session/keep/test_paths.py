"""The data folder: platform conventions, the override, and folders that cannot be used."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs
import pytest

from game.session.keep.paths import (
    ENV_VAR,
    data_dir,
    default_data_dir,
    legacy_data_dir,
    open_data_folder,
    saves_dir,
)

HOME = Path("/home/ana")


@pytest.mark.parametrize(
    ("platform", "environ", "expected"),
    [
        ("linux", {}, HOME / ".local/share/sudoku"),
        ("linux", {"XDG_DATA_HOME": "/data/x"}, Path("/data/x/sudoku")),
        ("linux", {"XDG_DATA_HOME": "relative"}, HOME / ".local/share/sudoku"),
        ("freebsd14", {}, HOME / ".local/share/sudoku"),
        ("darwin", {}, HOME / "Library/Application Support/Sudoku"),
        (
            "win32",
            {"APPDATA": "C:/Users/ana/AppData/Roaming"},
            Path("C:/Users/ana/AppData/Roaming/Sudoku"),
        ),
        ("win32", {}, HOME / "AppData/Roaming/Sudoku"),
    ],
)
def test_earlier_versions_table_stays_as_it_was(
    platform: str, environ: dict[str, str], expected: Path
) -> None:
    # The migration looks for a player's files there: it must not drift.
    assert legacy_data_dir(platform, environ, HOME) == expected


def test_the_folder_is_the_one_platformdirs_names(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[object, ...]] = []

    def user_data_dir(*args: object, **kwargs: object) -> str:
        asked.append((*args, *sorted(kwargs.items())))
        return "/somewhere/sudoku"

    monkeypatch.setattr(platformdirs, "user_data_dir", user_data_dir)
    assert default_data_dir() == Path("/somewhere/sudoku")
    assert asked == [("sudoku", ("appauthor", False), ("roaming", True))]


def test_on_linux_the_folder_is_where_earlier_versions_kept_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # So Linux players have nothing to move; elsewhere the migration moves it.
    if not sys.platform.startswith("linux"):
        pytest.skip("platformdirs' answer for Linux")
    monkeypatch.setenv("HOME", str(tmp_path))
    for environ in ({}, {"XDG_DATA_HOME": str(tmp_path / "x")}, {"XDG_DATA_HOME": "rel"}):
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        for key, value in environ.items():
            monkeypatch.setenv(key, value)
        assert default_data_dir() == legacy_data_dir()


def test_the_environment_variable_overrides(tmp_path: Path) -> None:
    assert data_dir({ENV_VAR: str(tmp_path)}) == tmp_path
    assert data_dir({ENV_VAR: ""}) == default_data_dir()


def test_the_tests_never_touch_the_real_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "d"))
    folder = open_data_folder()
    assert folder.path == tmp_path / "d" and folder.persistent


def test_a_missing_folder_is_created_with_its_parents(tmp_path: Path) -> None:
    folder = open_data_folder(tmp_path / "a" / "b")
    assert folder.persistent and (tmp_path / "a" / "b").is_dir()
    assert os.listdir(tmp_path / "a" / "b") == []  # the probe file is gone
    assert saves_dir(tmp_path / "a" / "b").is_dir()


def test_a_file_in_the_way_means_no_persistence_and_a_message(tmp_path: Path) -> None:
    (tmp_path / "blocker").write_text("I am a file")
    folder = open_data_folder(tmp_path / "blocker")
    assert folder.path is None and not folder.persistent
    assert "a file is in the way" in folder.message
    assert ENV_VAR in folder.message
    assert open_data_folder(tmp_path / "blocker" / "below").path is None


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_read_only_folder_means_no_persistence(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes through chmod; the file-in-the-way test covers this path")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        folder = open_data_folder(locked)
        assert folder.path is None and "permission denied" in folder.message
        assert open_data_folder(locked / "inner").path is None
    finally:
        locked.chmod(0o700)
