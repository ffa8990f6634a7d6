"""The path line's meaning: expanding, completing (Tab) and looking up (Enter) typed paths."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.session.picker.path_line import (
    MAX_CHOICES,
    Found,
    PathLine,
    Refused,
    clean,
    complete,
    expand,
    line_text,
    look_up,
    starts_path,
    tilde,
    with_choice,
)

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SEP = os.sep


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "Documents").mkdir()
    (tmp_path / "Downloads").mkdir()
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles" / "one.txt").write_text(PUZZLE + "\n")
    (tmp_path / "puzzles" / "many.txt").write_text((PUZZLE + "\n") * 3)
    (tmp_path / "puzzles" / "notes.md").write_text("# my notes\n")
    (tmp_path / ".hidden").mkdir()
    return tmp_path


def test_typed_paths_expand_home_relative_and_pasted_forms(tmp_path: Path) -> None:
    home = os.path.expanduser("~")
    assert expand("~", "/anywhere") == home
    assert expand("~/x", "/anywhere") == os.path.join(home, "x")
    assert expand("sub/x", str(tmp_path)) == str(tmp_path / "sub" / "x")
    assert expand("..", str(tmp_path)) == str(tmp_path.parent)
    assert clean("  '/tmp/my puzzles'  ") == "/tmp/my puzzles"
    assert clean('"/tmp/x"') == "/tmp/x"
    assert clean("file:///tmp/my%20puzzles") == "/tmp/my puzzles"
    assert clean("file://elsewhere/tmp") == "file://elsewhere/tmp"  # another machine's file
    assert starts_path("/x") and starts_path("~") and not starts_path("easy")


def test_home_is_written_with_a_tilde() -> None:
    home = os.path.expanduser("~")
    assert tilde(os.path.join(home, "a")) == "~" + SEP + "a"
    assert tilde(home) == "~"
    assert tilde(home + "x") == home + "x"  # a sibling folder whose name only starts alike
    assert line_text(os.path.join(home, "a")).endswith(SEP)


def test_tab_writes_out_the_one_name_that_fits(tree: Path) -> None:
    base = str(tree)
    assert complete("puz", base).text == "puz" + "zles" + SEP  # a folder: ready for more
    assert complete("puzzles/o", base).text == "puzzles" + SEP + "one.txt"
    assert complete(str(tree / "Docu"), "/").text == str(tree / "Documents") + SEP
    assert complete("~", base).text == "~" + SEP  # as shells do


def test_tab_grows_to_what_several_names_share_and_lists_them(tree: Path) -> None:
    found = complete("Do", str(tree))
    assert found.text == "Do"  # Documents and Downloads share only "Do"
    assert found.choices == ("Documents" + SEP, "Downloads" + SEP)
    found = complete("puzzles/", str(tree))
    assert found.choices == ("many.txt", "notes.md", "one.txt")
    assert found.more == 0


def test_tab_ignores_case_when_nothing_matches_it_and_hides_dot_names(tree: Path) -> None:
    assert complete("docu", str(tree)).text == "Documents" + SEP
    assert all(not name.startswith(".") for name in complete("", str(tree)).choices)
    assert complete(".hid", str(tree)).text == ".hidden" + SEP


def test_tab_counts_what_it_cannot_list(tmp_path: Path) -> None:
    for k in range(MAX_CHOICES + 5):
        (tmp_path / f"p{k:02}.txt").write_text("")
    found = complete("p", str(tmp_path))
    assert found.text == "p"
    assert len(found.choices) == MAX_CHOICES and found.more == 5
    assert found.choices[0] == "p00.txt"
    assert with_choice("~/x/p", found.choices[1]) == "~/x/p01.txt"


def test_tab_says_why_nothing_fits(tree: Path) -> None:
    assert complete("zzz", str(tree)).problem == f"Nothing in {tilde(str(tree))} starts with “zzz”."
    found = complete("Documents/", str(tree))
    assert found.problem.endswith("is empty.") and found.text == "Documents/"
    found = complete("nowhere/deeper/x", str(tree))
    assert found.problem == f"{tilde(str(tree / 'nowhere'))} does not exist."


def test_enter_finds_folders_and_usable_files(tree: Path) -> None:
    found = look_up("puzzles", str(tree))
    assert isinstance(found, Found) and found.folder and found.path == str(tree / "puzzles")
    found = look_up(f"  '{tree / 'puzzles' / 'many.txt'}'  ", "/")
    assert isinstance(found, Found) and not found.folder
    assert found.entry is not None and found.entry.name == "many.txt"
    assert found.summary is not None and found.summary.count == 3


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("", "Type the path of a folder or a puzzle file."),
        ("Docments/x", "{tree}/Docments does not exist."),
        ("puzzles/one.txt/inside", "{tree}/puzzles/one.txt is a file, not a folder."),
        ("puzzles/notes.md", "notes.md cannot be opened: not a puzzle file."),
    ],
)
def test_enter_says_why_a_path_leads_nowhere(tree: Path, typed: str, reason: str) -> None:
    found = look_up(typed, str(tree))
    assert isinstance(found, Refused)
    assert found.reason == reason.format(tree=tilde(str(tree)))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_being_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    found = look_up(str(tmp_path / "pipe"), "/")
    assert isinstance(found, Refused) and "named pipe" in found.reason


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads everything")
def test_a_folder_without_permission_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        found = look_up(str(locked), "/")
        assert isinstance(found, Refused) and "no permission" in found.reason
    finally:
        locked.chmod(0o755)


def test_every_edit_makes_old_answers_stale() -> None:
    line = PathLine("~/a")
    line.problem, line.choices = "no", ("x",)
    version = line.version
    assert not line.edited("~/a")  # no change, nothing forgotten
    assert line.problem == "no"
    assert line.edited("~/ab")
    assert line.version == version + 1 and not line.problem and not line.choices
