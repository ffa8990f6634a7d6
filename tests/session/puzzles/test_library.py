"""Folder listing and file summaries for the picker: every problem becomes a reason."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.engine.puzzle import Puzzle
from game.engine.solver import Status
from game.session.keep.stats import puzzle_id
from game.session.puzzles.library import (
    EntryKind,
    Sketch,
    check,
    count_items,
    display_name,
    folder_problem,
    natural_key,
    open_indexed,
    parent_of,
    rate_sketch,
    read_rows,
    scan_folder,
    summarise,
)

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
JIGSAW_REGIONS = "001111222000011222003411122033445552333444555633344558667774588666778888666777788"
# Row 1 holds 1-8, so r1c9 must be 9, but column 9 already has a 9: no solution,
# though no two givens conflict.
NO_SOLUTION = "12345678." + "........9" + "." * 63
SEVERAL = "." * 81


def test_names_sort_naturally_folders_first(tmp_path: Path) -> None:
    for name in ("10-hard.txt", "2-medium.txt", "B.txt", "a.txt", ".hidden.txt"):
        (tmp_path / name).write_text(PUZZLE + "\n")
    (tmp_path / "zeta").mkdir()
    listing = scan_folder(str(tmp_path))
    assert [e.name for e in listing.entries] == [
        "zeta",
        "2-medium.txt",
        "10-hard.txt",
        "a.txt",
        "B.txt",
    ]
    assert listing.entries[0].kind is EntryKind.FOLDER
    assert count_items(str(tmp_path)) == 5
    assert natural_key("x2") < natural_key("x10")


def test_odd_names_are_shown_printable(tmp_path: Path) -> None:
    raw = os.fsencode(str(tmp_path)) + b"/caf\xe9 line\nbreak.txt"
    with open(raw, "w") as stream:
        stream.write(PUZZLE)
    (tmp_path / "ünïcødé puzzle ✓.txt").write_text(PUZZLE)
    names = sorted(e.name for e in scan_folder(str(tmp_path)).entries)
    assert "caf\N{REPLACEMENT CHARACTER} line\N{REPLACEMENT CHARACTER}break.txt" in names
    assert "ünïcødé puzzle ✓.txt" in names
    assert display_name("tab\there") == "tab\N{REPLACEMENT CHARACTER}here"


def test_links_that_loop_or_lead_back_up_are_listed_not_followed(tmp_path: Path) -> None:
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "up").symlink_to(tmp_path, target_is_directory=True)
    (inner / "self").symlink_to(inner / "self")
    (inner / "gone").symlink_to(tmp_path / "missing.txt")
    (inner / "fine").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (tmp_path / "elsewhere").mkdir()
    entries = {e.name: e for e in scan_folder(str(inner)).entries}
    assert "folder above" in entries["up"].problem
    assert "loops" in entries["self"].problem
    assert entries["gone"].problem == "a broken link"
    assert entries["fine"].usable and entries["fine"].kind is EntryKind.FOLDER


def test_special_files_are_never_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    (entry,) = scan_folder(str(tmp_path)).entries
    assert entry.problem == "this is a named pipe (FIFO), not a puzzle file"


def test_folder_problems_read_as_sentences(tmp_path: Path) -> None:
    gone = scan_folder(str(tmp_path / "nope"))
    assert gone.problem == "this folder no longer exists" and not gone.entries
    assert "permission" in folder_problem(PermissionError(13, "Permission denied"))
    (tmp_path / "file.txt").write_text("x")
    assert scan_folder(str(tmp_path / "file.txt")).problem == "this is not a folder"
    assert parent_of("/") is None
    assert parent_of(str(tmp_path / "a")) == str(tmp_path)


def test_summaries_of_puzzles_collections_and_bad_files(tmp_path: Path) -> None:
    one = tmp_path / "one.txt"
    one.write_text(PUZZLE + "\n")
    summary = summarise(str(one))
    assert summary.usable and not summary.collection and summary.count == 1
    assert summary.first is not None and summary.first.kind == "Classic 9×9"
    many = tmp_path / "many.txt"
    many.write_text((PUZZLE + "\n") * 3 + "not a puzzle line at all\n")
    summary = summarise(str(many))
    assert summary.collection and summary.count == 4
    bad = tmp_path / "bad.txt"
    bad.write_text("hello world\n")
    assert summarise(str(bad)).problem
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    assert summarise(str(empty)).problem
    rows = read_rows(open_indexed(str(many)), 0, 10)
    assert [r.sketch is not None for r in rows] == [True, True, True, False]
    assert rows[3].problem and rows[3].detail.startswith("line 4")


def test_files_over_the_cap_are_listed_with_the_reason(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as stream:
        stream.truncate(65 * 1024 * 1024)  # sparse: costs no disk
    summary = summarise(str(huge))
    assert "MiB" in summary.problem


def test_sketches_keep_the_puzzle_and_its_statistics_id() -> None:
    puzzle = Puzzle.from_string(PUZZLE)
    sketch = Sketch.of(puzzle)
    assert sketch.puzzle() == puzzle
    assert sketch.ident == puzzle_id(puzzle)
    assert sketch.clues == puzzle.clue_count
    jigsaw = Puzzle.from_string("." * 81, regions=JIGSAW_REGIONS)
    sketch = Sketch.of(jigsaw)
    assert sketch.variant == "jigsaw" and sketch.puzzle() == jigsaw


@pytest.mark.parametrize(
    ("text", "status"),
    [(PUZZLE, Status.UNIQUE), (NO_SOLUTION, Status.NONE), (SEVERAL, Status.MULTIPLE)],
)
def test_verdicts(text: str, status: Status) -> None:
    sketch = Sketch.of(Puzzle.from_string(text))
    assert check(sketch).solutions is status


def test_rating_gives_a_level() -> None:
    verdict = rate_sketch(Sketch.of(Puzzle.from_string(PUZZLE)))
    assert verdict.level is not None and verdict.playable


def test_documents_beside_puzzles_say_they_are_none(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# Puzzles\n\nSome words about 1 2 3 4 5 6 7 8 9.\n")
    summary = summarise(str(readme))
    assert summary.problem == "not a puzzle file" and summary.detail


def test_one_rule_shows_titles_and_names() -> None:
    from game.session.shown import shown

    assert shown("Puzzle 12 · ✓ ünï") == "Puzzle 12 · ✓ ünï"
    assert shown("a\x1b[31mb\u202ec\nd\ud800e\udce9") == "a\ufffd[31mb\ufffdc\ufffdd\ufffde\ufffd"
    assert shown("zero\u200bwidth") == "zero\ufffdwidth"
