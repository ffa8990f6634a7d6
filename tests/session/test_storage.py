"""Atomic writes, lenient reads, and corrupt files set aside (renamed, never lost)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from game.session.storage import (
    FileStorage,
    MemoryStorage,
    Storage,
    StorageError,
    read_text,
    remove_stale_temporaries,
    set_aside,
    write_atomic,
)


def test_write_replaces_the_whole_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    write_atomic(path, "first, and longer\n")
    write_atomic(path, "second ü\n")
    assert read_text(path) == "second ü\n"
    assert os.listdir(tmp_path) == ["f.json"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_an_overwritten_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_text("x")
    path.chmod(0o640)
    write_atomic(path, "y")
    assert path.stat().st_mode & 0o777 == 0o640
    fresh = tmp_path / "new.json"
    write_atomic(fresh, "z")
    assert fresh.stat().st_mode & 0o600 == 0o600  # not the owner-only mode of mkstemp alone


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "f.json"
    write_atomic(path, "old")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space"):
        write_atomic(path, "new")
    with pytest.raises(StorageError, match="no space left on device"):
        FileStorage(tmp_path).write("f.json", "new")
    monkeypatch.undo()
    assert read_text(path) == "old"
    assert os.listdir(tmp_path) == ["f.json"]


def test_reading_a_missing_file_gives_none(tmp_path: Path) -> None:
    assert read_text(tmp_path / "nothing") is None
    assert FileStorage(tmp_path).load("nothing", json.loads, "it").value is None


def test_setting_aside_never_overwrites(tmp_path: Path) -> None:
    now = time.time()
    kept = []
    for text in ("one", "two", "three"):
        path = tmp_path / "a.json"
        path.write_text(text)
        kept.append(set_aside(path, now))
    assert not (tmp_path / "a.json").exists()
    assert [p.read_text() for p in kept] == ["one", "two", "three"]
    assert len({p.name for p in kept}) == 3
    assert all(p.name.startswith("a.json.corrupt-") for p in kept)


@pytest.mark.parametrize("make", [FileStorage, None])
def test_a_corrupt_file_is_set_aside_with_a_message(tmp_path: Path, make: object) -> None:
    storage: Storage = FileStorage(tmp_path) if make else MemoryStorage()
    storage.write("s.json", "{not json")
    loaded = storage.load("s.json", json.loads, "your settings")
    assert loaded.value is None
    assert "Could not read your settings" in loaded.message
    assert "s.json.corrupt-" in loaded.message
    assert storage.read("s.json") is None
    if isinstance(storage, FileStorage):
        [kept] = tmp_path.glob("s.json.corrupt-*")
        assert kept.read_text() == "{not json"
        assert str(kept) in loaded.message


def test_bytes_that_are_not_utf8_count_as_corrupt(tmp_path: Path) -> None:
    (tmp_path / "s.json").write_bytes(b"\xff\xfe\x00")
    loaded = FileStorage(tmp_path).load("s.json", json.loads, "the file")
    assert "not UTF-8" in loaded.message
    assert list(tmp_path.glob("s.json.corrupt-*"))


def test_a_folder_in_place_of_a_file_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / "s.json").mkdir()
    loaded = FileStorage(tmp_path).load("s.json", json.loads, "the file")
    assert loaded.value is None and loaded.message
    assert not (tmp_path / "s.json").exists()


def test_write_failures_become_storage_errors(tmp_path: Path) -> None:
    storage = FileStorage(tmp_path / "gone")
    with pytest.raises(StorageError, match="Could not save"):
        storage.write("a.json", "x")


def test_stale_temporaries_are_removed_fresh_ones_kept(tmp_path: Path) -> None:
    old = tmp_path / ".autosave.sudoku.ab12cd34.tmp"
    new = tmp_path / ".settings.json.zz99yy88.tmp"
    other = tmp_path / "notes.tmp"
    for path in (old, new, other):
        path.write_text("x")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    os.utime(other, (time.time() - 3600, time.time() - 3600))
    assert remove_stale_temporaries(tmp_path) == 1
    assert not old.exists() and new.exists() and other.exists()


def test_memory_storage_behaves_like_files() -> None:
    storage = MemoryStorage("no folder")
    assert not storage.persistent and storage.message == "no folder"
    storage.write("a", "1")
    assert storage.read("a") == "1"
    storage.remove("a")
    storage.remove("a")
    assert storage.read("a") is None


def test_a_read_only_folder_is_read_but_never_changed(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"theme": "dark"}')
    (tmp_path / "stats.json").write_text("{broken")
    before = sorted(os.listdir(tmp_path))
    storage = MemoryStorage("read-only", read_from=tmp_path)
    assert storage.load("settings.json", json.loads, "settings").value == {"theme": "dark"}
    loaded = storage.load("stats.json", json.loads, "your statistics")
    assert loaded.value is None
    assert "nor move the file out of the way" in loaded.message
    assert str(tmp_path / "stats.json") in loaded.message
    storage.write("settings.json", "{}")
    assert storage.read("settings.json") == "{}"
    storage.remove("settings.json")
    assert storage.read("settings.json") is None
    assert sorted(os.listdir(tmp_path)) == before
    assert (tmp_path / "settings.json").read_text() == '{"theme": "dark"}'
