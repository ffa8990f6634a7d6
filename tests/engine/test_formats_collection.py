"""PuzzleFile: lazy one-per-line collections (index, progress, cancel) and files read whole."""

from __future__ import annotations

import threading
import tracemalloc
from pathlib import Path

import pytest

from game.engine.errors import FormatError, InvalidPuzzleError, PuzzleError
from game.engine.formats import LineCollection, LoadedFile, open_puzzles
from game.engine.formats.write import format_line
from game.engine.puzzle import Puzzle, PuzzleRecord

P = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."


def variant(k: int) -> str:
    """A distinct valid puzzle per k: P with its digits relabelled by a rotation."""
    shift = k % 9
    table = str.maketrans("123456789", "".join(str((d + shift) % 9 + 1) for d in range(9)))
    return P.translate(table)


def write_collection(path: Path, count: int) -> None:
    with path.open("w", encoding="ascii", newline="\n") as stream:
        stream.write("# generated\n")
        for k in range(count):
            stream.write(variant(k) + "\n")


def test_large_collection_is_indexed_in_little_memory(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    count = 200_000
    write_collection(path, count)
    pf = open_puzzles(path)
    assert isinstance(pf, LineCollection)
    assert not pf.indexed
    tracemalloc.start()
    try:
        assert pf.build_index()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert pf.count == count
    # The index is 8 bytes a puzzle; a list of records would be hundreds of bytes each.
    assert peak < 12 * count + 256 * 1024
    for k in (0, 1, 12_345, 99_999, count - 1):
        record = pf.record(k)
        assert str(record.puzzle) == variant(k)
        assert record.index == k
        assert record.line == k + 2
    with pytest.raises(IndexError):
        pf.record(count)


def lines_of(path: Path) -> LineCollection:
    opened = open_puzzles(path)
    assert isinstance(opened, LineCollection)
    return opened


def test_first_puzzles_need_no_index(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    write_collection(path, 5000)
    pf = lines_of(path)
    assert str(pf.record(0).puzzle) == variant(0)
    assert pf.record(999).line == 1001
    assert not pf.indexed
    assert str(pf.record(4999).puzzle) == variant(4999)  # further on: the index is built
    assert pf.indexed
    small = tmp_path / "small.txt"
    write_collection(small, 3)
    with pytest.raises(IndexError):
        open_puzzles(small).record(5)


def test_line_numbers_across_comments_and_blank_lines(tmp_path: Path) -> None:
    path = tmp_path / "gaps.txt"
    lines = ["# a", P, "", "", variant(1), variant(2), "# b", "#c", "", variant(3)]
    path.write_text("\r\n".join(lines) + "\r\n")
    pf = open_puzzles(path)
    assert pf.count == 4
    assert [pf.record(k).line for k in range(4)] == [2, 5, 6, 10]
    assert [item.line for item in pf if isinstance(item, PuzzleRecord)] == [2, 5, 6, 10]


def test_iteration_needs_no_index_and_reports_bad_lines_in_place(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join([P, P[:80], "33" + P[2:], variant(4)]) + "\n")
    pf = lines_of(path)
    items = list(pf)
    assert not pf.indexed
    assert [type(item) for item in items] == [
        PuzzleRecord,
        FormatError,
        InvalidPuzzleError,
        PuzzleRecord,
    ]
    short, clash = items[1], items[2]
    assert isinstance(short, PuzzleError) and isinstance(clash, PuzzleError)
    assert (short.index, short.line, short.path) == (1, 2, str(path))
    assert short.located() == f"{path}:2: found 80 cells; a 9x9 grid needs 81"
    assert clash.located() == (
        f"{path}:3:2: conflicting givens: 3 appears 2 times in row 1 (r1c1, r1c2)"
    )
    with pytest.raises(FormatError) as caught:
        pf.record(1)
    assert caught.value.index == 1
    assert str(pf.record(3).puzzle) == variant(4)


def test_overlong_line_is_one_bad_puzzle(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_bytes(P.encode() + b"\n" + b"7" * 100_000 + b"\n" + P.encode() + b"\n")
    pf = open_puzzles(path)
    assert pf.count == 3
    with pytest.raises(FormatError, match="no puzzle format has lines over 65536") as caught:
        pf.record(1)
    assert caught.value.line == 2
    assert str(pf.record(2).puzzle) == P
    assert pf.record(2).line == 3


def test_progress_reports_and_cancel(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    write_collection(path, 40_000)  # about 3.3 MB: several progress steps
    size = path.stat().st_size
    pf = lines_of(path)
    reports: list[tuple[int, int]] = []

    def cancel_on_second(done: int, total: int) -> bool:
        reports.append((done, total))
        return len(reports) < 2

    assert pf.build_index(cancel_on_second) is False
    assert not pf.indexed
    assert len(reports) == 2

    reports.clear()

    def report(done: int, total: int) -> bool:
        reports.append((done, total))
        return True

    assert pf.build_index(report)
    assert pf.indexed
    dones = [done for done, _ in reports]
    assert dones == sorted(dones) and dones[-1] == size
    assert all(total == size for _, total in reports)
    assert pf.count == 40_000


def test_index_built_in_a_background_thread(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    write_collection(path, 30_000)
    pf = open_puzzles(path)
    worker = threading.Thread(target=pf.build_index)
    worker.start()
    assert pf.count == 30_000  # waits for, or shares, the same index
    worker.join()
    assert str(pf.record(29_999).puzzle) == variant(29_999)


def test_record_after_the_file_changed(tmp_path: Path) -> None:
    path = tmp_path / "c.txt"
    write_collection(path, 10)
    pf = open_puzzles(path)
    assert pf.count == 10
    with path.open("a") as stream:
        stream.write(P + "\n")
    with pytest.raises(FormatError, match="the file changed since it was opened"):
        pf.record(3)


def test_jigsaw_lines_are_read_lazily_too(tmp_path: Path) -> None:
    jigsaw = Puzzle.from_string(
        "3...6....5..9.2.3..57.4............67..5....86.....1......7.41..9.7.5..3........2",
        regions="000333333100334434100554444100544666111555666122577666122557777122887787222888888",
    )
    path = tmp_path / "j.txt"
    path.write_text((format_line(jigsaw) + "\n") * 3)
    pf = open_puzzles(path)
    assert isinstance(pf, LineCollection)
    assert pf.record(2).puzzle == jigsaw


def test_files_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "grid.sdk"
    path.write_text("\n".join(P[i * 9 : i * 9 + 9] for i in range(9)) + "\n")
    pf = open_puzzles(path)
    assert isinstance(pf, LoadedFile)
    assert pf.count == 1 and pf.build_index()
    assert str(pf.record(0).puzzle) == P
    with pytest.raises(IndexError):
        pf.record(1)
    assert repr(pf) == f"LoadedFile({str(path)!r}, kind='grid')"


def test_utf16_collections_are_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "u16.txt"
    path.write_bytes(("\ufeff# list\r\n" + P + "\r\n" + variant(1) + "\r\n").encode("utf-16-le"))
    pf = open_puzzles(path)
    assert isinstance(pf, LoadedFile)
    assert pf.kind == "one-line collection"
    assert [pf.record(k).line for k in range(2)] == [2, 3]


@pytest.mark.parametrize(
    "text",
    [("11" + "." * 79 + "\n") * 3000, ("1 2 3 4 5 6 7 8 9\n" * 9 + "\n") * 3],
    ids=["indexed lines", "grids"],
)
def test_bad_puzzles_come_back_without_the_readers_frames(tmp_path: Path, text: str) -> None:
    # A bad puzzle is a value a caller may hold for a while (solve keeps thousands
    # while workers answer): it must not pin the reader's frames through its
    # traceback or the error it was raised from.
    path = tmp_path / "bad.txt"
    path.write_text(text)
    items = list(open_puzzles(str(path)))
    assert len(items) >= 3
    for index, item in enumerate(items[:5]):
        assert isinstance(item, PuzzleError), item
        assert item.index == index
        assert item.__traceback__ is None and item.__context__ is None
