"""Atomic writes, lenient reads, and corrupt files set aside (renamed, never lost)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from game.session.keep.storage import (
    FileStorage,
    MemoryStorage,
    NotAFileError,
    Partial,
    Storage,
    StorageError,
    json_text,
    parse_json,
    read_text,
    remove_stale_temporaries,
    set_aside,
    write_atomic,
)
from tests.session.keep import special


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


@pytest.mark.parametrize("kind", special.KINDS)
def test_what_is_not_a_file_is_never_read_moved_or_replaced(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "s.json"
    with special.made(path, kind) as words, special.no_hang():
        with pytest.raises(NotAFileError, match=f"it is {words}, not a file"):
            read_text(path)
        with pytest.raises(NotAFileError):
            write_atomic(path, "{}")
        storage = FileStorage(tmp_path)
        loaded = storage.load("s.json", json.loads, "your settings")
        assert loaded.value is None
        assert loaded.message.startswith("Could not read your settings")
        assert f"{path} is {words}, not a file" in loaded.message
        # Held for the run: writes and removals stay in memory, the thing stays.
        storage.write("s.json", "{}")
        assert storage.read("s.json") == "{}"
        storage.remove("s.json")
        assert storage.read("s.json") is None
        assert os.path.lexists(path) and not path.is_file()
        assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json"]
        # Found only when writing (it appeared during the run): refused, said once.
        with pytest.raises(StorageError, match=f"it is {words}, not a file"):
            FileStorage(tmp_path).write("s.json", "{}")
        with pytest.raises(StorageError, match=f"it is {words}, not a file"):
            FileStorage(tmp_path).remove("s.json")
        assert os.path.lexists(path) and not path.is_file()


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "s.json").write_bytes(b"\xef\xbb\xbf" + b'{"theme": "dark"}')
    loaded = FileStorage(tmp_path).load("s.json", json.loads, "your settings")
    assert loaded == type(loaded)({"theme": "dark"})
    storage = MemoryStorage(files={"s.json": "\ufeff[1]"})
    assert storage.load("s.json", parse_json, "it").value == [1]


@pytest.mark.parametrize("make", [FileStorage, None])
def test_a_file_read_in_part_is_set_aside_and_the_part_kept(tmp_path: Path, make: object) -> None:
    storage: Storage = FileStorage(tmp_path) if make else MemoryStorage()
    storage.write("s.json", "[1, 2, -3]")

    def positives(text: str) -> list[int] | Partial[list[int]]:
        numbers = json.loads(text)
        kept = [n for n in numbers if n > 0]
        return kept if kept == numbers else Partial(kept, "1 entry makes no sense")

    loaded = storage.load("s.json", positives, "your numbers")
    assert loaded.value == [1, 2] and loaded.salvaged
    assert loaded.message.startswith("Could not read all of your numbers (1 entry makes no sense)")
    assert "s.json.corrupt-" in loaded.message
    assert storage.read("s.json") is None
    if isinstance(storage, FileStorage):
        [kept] = tmp_path.glob("s.json.corrupt-*")
        assert kept.read_text() == "[1, 2, -3]"


def test_json_text_writes_any_string_so_that_it_reads_back() -> None:
    name = "caf\udce9.txt"  # a file name that was not UTF-8, as Python reads it
    text = json_text({"path": name, "title": "Ünïcödé"})
    text.encode("utf-8")  # no UnicodeEncodeError
    assert json.loads(text) == {"path": name, "title": "Ünïcödé"}
    assert "Ünïcödé" in json_text({"title": "Ünïcödé"})  # readable when it can be


def test_write_failures_become_storage_errors(tmp_path: Path) -> None:
    storage = FileStorage(tmp_path / "gone")
    with pytest.raises(StorageError, match="Could not save"):
        storage.write("a.json", "x")


def test_stale_temporaries_are_removed_fresh_ones_kept(tmp_path: Path) -> None:
    started = time.time()
    old = tmp_path / ".autosave.sudoku.ab12cd34.tmp"
    new = tmp_path / ".settings.json.zz99yy88.tmp"
    other = tmp_path / "notes.tmp"
    mine = tmp_path / ".my.backup.tmp"  # a player's file that merely looks alike
    for path in (old, new, other, mine):
        path.write_text("x")
    for path in (old, other, mine):
        os.utime(path, (started - 3600, started - 3600))
    os.utime(new, (started + 1, started + 1))  # written after this run began
    assert remove_stale_temporaries(tmp_path, started) == 1
    assert not old.exists() and new.exists() and other.exists() and mine.exists()


@pytest.mark.skipif(os.name != "posix", reason="flock")
def test_a_temporary_file_a_live_save_holds_is_kept(tmp_path: Path) -> None:
    import fcntl

    busy = tmp_path / ".autosave.sudoku.ab12cd34.tmp"
    busy.write_text("x")
    with open(busy, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        assert remove_stale_temporaries(tmp_path, time.time() + 10) == 0
    assert remove_stale_temporaries(tmp_path, time.time() + 10) == 1


def test_opening_the_folder_removes_left_overs_older_than_the_run(tmp_path: Path) -> None:
    for name in (".autosave.sudoku.ab12cd34.tmp", ".stats.json.a_b_c_d_.tmp"):
        (tmp_path / name).write_text("half a save")
    storage = FileStorage(tmp_path, started=time.time() + 1)
    assert storage.removed == 2 and os.listdir(tmp_path) == []


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
