"""The recent folders: newest first, once each, a few, kept between runs, robust to bad files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.session.keep.keeper import Keeper
from game.session.keep.recent_folders import (
    MAX_PATH,
    MAX_RECENT,
    RECENT,
    RecentFolders,
    parse_recent,
)
from game.session.keep.userdata import open_user_data
from game.session.mid_end import Session
from game.session.picker.shortcuts import PlaceKind, places


def folder(name: str) -> str:
    return os.path.abspath(os.path.join(os.sep, "puzzles", name))


def test_a_folder_used_goes_first_once_and_the_oldest_falls_off() -> None:
    recent = RecentFolders()
    for k in range(MAX_RECENT + 3):
        assert recent.add(folder(f"f{k}"))
    assert len(recent) == MAX_RECENT
    assert recent.folders[0] == folder(f"f{MAX_RECENT + 2}")
    assert folder("f0") not in recent.folders  # the oldest went
    oldest = recent.folders[-1]
    assert recent.add(oldest)  # used again: back on top, not listed twice
    assert recent.folders[0] == oldest and recent.folders.count(oldest) == 1
    assert not recent.add(oldest)  # already first: nothing changes, nothing to write


def test_paths_are_made_absolute_and_compared_as_the_platform_does(tmp_path: Path) -> None:
    recent = RecentFolders()
    recent.add(str(tmp_path / "a" / ".." / "b"))
    assert recent.folders == (str(tmp_path / "b"),)
    assert not recent.add(str(tmp_path / "b" / ""))  # the same folder, spelled differently
    assert recent.forget(str(tmp_path / "b")) and len(recent) == 0
    assert not recent.add("") and not recent.add("a\0b")


def test_the_file_reads_back_what_was_written() -> None:
    recent = RecentFolders([folder("b"), folder("a")])
    again = parse_recent(recent.to_json())
    assert again.folders == recent.folders
    assert json.loads(recent.to_json())["version"] == 1


def test_entries_that_are_no_folder_of_ours_are_skipped() -> None:
    data = {
        "version": 1,
        "folders": [
            folder("ok"),
            "relative/path",
            42,
            None,
            ["nested"],
            "/x" * (MAX_PATH // 2 + 1),
            folder("ok"),  # twice: once kept
            folder("two"),
            *(folder(f"more{k}") for k in range(20)),
        ],
    }
    recent = parse_recent(json.dumps(data))
    assert recent.folders[:2] == (folder("ok"), folder("two"))
    assert len(recent) == MAX_RECENT


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json at all",
        "[1, 2, 3]",
        '{"folders": "not a list"}',
        '{"version": 1}',
        '{"version": "one", "folders": []}',
        '{"version": 99, "folders": []}',
        "\x00\x01\x02binary",
    ],
)
def test_what_is_not_a_recent_list_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_recent(text)


@given(st.text(max_size=200))
def test_any_text_reads_as_a_list_or_a_value_error(text: str) -> None:
    try:
        recent = parse_recent(text)
    except ValueError:
        return
    assert len(recent) <= MAX_RECENT


def test_recent_folders_are_kept_between_runs(tmp_path: Path) -> None:
    data = open_user_data(tmp_path, threaded=False)
    session = Session(Keeper(data))
    session.played_from(folder("one"))
    session.played_from(folder("two"))
    session.quit()
    again = Session(Keeper(open_user_data(tmp_path, threaded=False)))
    assert again.recent_folders == (folder("two"), folder("one"))


def test_a_corrupt_file_is_set_aside_quietly_and_a_new_list_begins(tmp_path: Path) -> None:
    (tmp_path / RECENT).write_text("{ this is not json", encoding="utf-8")
    data = open_user_data(tmp_path, threaded=False)
    assert len(data.recent) == 0
    assert data.take_messages() == []  # no notice at start for a list of shortcuts
    aside = [p.name for p in tmp_path.iterdir() if p.name.startswith(RECENT + ".corrupt-")]
    assert len(aside) == 1  # never deleted: kept for a bug report
    data.used_folder(folder("new"))
    data.close()
    assert parse_recent((tmp_path / RECENT).read_text(encoding="utf-8")).folders == (folder("new"),)


def test_an_in_memory_keeper_keeps_them_for_the_run() -> None:
    session = Session()
    session.played_from(folder("x"))
    assert session.recent_folders == (folder("x"),)


def test_the_shortcuts_show_saves_only_when_there_are_some_and_no_folder_twice(
    tmp_path: Path,
) -> None:
    bundled, saves, home = tmp_path / "puzzles", tmp_path / "saves", tmp_path / "home"
    recent = [str(saves), str(tmp_path / "mine" / "classic"), str(bundled), str(home)]
    found = places(str(bundled), None, str(home), recent)
    assert [p.kind for p in found] == [
        PlaceKind.PUZZLES,
        PlaceKind.HOME,
        PlaceKind.RECENT,  # the saves folder, which has no shortcut of its own here
        PlaceKind.RECENT,
    ]
    with_saves = places(str(bundled), str(saves), str(home), recent)
    assert [p.kind for p in with_saves] == [
        PlaceKind.PUZZLES,
        PlaceKind.SAVES,
        PlaceKind.HOME,
        PlaceKind.RECENT,
    ]
    mine = with_saves[-1]
    assert mine.label == "classic" and mine.where.endswith("mine")
    assert mine.leads_to(str(tmp_path / "mine" / "classic" / ""))
