"""Puzzles read from text (a paste, the path line, the command line) and written to share."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.errors import PuzzleError
from game.engine.formats import fpuzzles_link, open_bytes
from game.engine.puzzle import Puzzle
from game.engine.solver import Status
from game.session.keep.keeper import Keeper
from game.session.keep.userdata import open_user_data
from game.session.picker.path_line import Found, Refused, look_up
from game.session.puzzles import read_text, reads_as_puzzle, share_forms

LINE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
JIGSAW_LINE = (
    ".9.51.......4..5.9.2..5..71..97.4.....18.73.4.4...67.2.8.3456........2.5.......4. "
    "000001111200031111222033314222233334552666344555666444555666447588887777888887777"
)  # the first of puzzles/jigsaw/1-easy.txt
JIGSAW = open_bytes(JIGSAW_LINE.encode()).record(0).puzzle


def test_a_line_of_81_cells_is_a_puzzle_ready_to_play() -> None:
    prepared = read_text(f"  {LINE}\n")
    assert prepared.puzzle == Puzzle.from_string(LINE)
    assert prepared.solvability is Status.UNIQUE
    assert prepared.solution is not None
    assert prepared.origin.title == "Pasted puzzle"
    assert prepared.origin.path == ""


def test_any_file_format_is_read_as_from_a_file() -> None:
    grid = "\n".join(LINE[k : k + 9] for k in range(0, 81, 9))
    assert read_text(grid).puzzle == Puzzle.from_string(LINE)
    four = "1...\n..2.\n.3..\n...4\n"
    assert read_text(four).puzzle.size == 4


def test_links_and_solo_ids_are_read() -> None:
    puzzle = Puzzle.from_string(LINE)
    link = fpuzzles_link(puzzle, title="Wiki")
    prepared = read_text(link)
    assert prepared.puzzle.givens == puzzle.givens
    assert prepared.origin.title == "Wiki"  # the link's own title heads the game
    for form in share_forms(puzzle):
        assert read_text(form.text).puzzle.givens == puzzle.givens, form.form


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "is empty"),
        ("   \n ", "is empty"),
        ("hello world", "holds no puzzle"),
        ("55" + LINE[2:], "conflicting givens"),
        ("https://sudokupad.app/abc123", "offline"),
    ],
)
def test_a_bad_text_says_why_in_a_sentence(text: str, words: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        read_text(text)
    message = str(caught.value)
    assert words in message
    assert message.startswith("The clipboard")


def test_the_source_names_the_text_in_messages() -> None:
    with pytest.raises(PuzzleError, match=r"^The command line holds no puzzle"):
        read_text("slove", source="the command line")


def test_what_reads_as_a_puzzle() -> None:
    assert reads_as_puzzle(LINE)
    assert reads_as_puzzle(fpuzzles_link(Puzzle.from_string(LINE)))
    assert reads_as_puzzle("55" + LINE[2:])  # a puzzle, if a wrong one: opening says why
    for word in ("", "slove", "puzzles/easy.txt", "~/x", "1234"):
        assert not reads_as_puzzle(word), word


def test_share_forms_hold_the_whole_puzzle_richest_first() -> None:
    classic = share_forms(Puzzle.from_string(LINE), "Wiki")
    assert [f.form for f in classic] == ["f-puzzles link", "SudokuPad link", "Solo game ID", "line"]
    assert classic[-1].text == LINE
    assert classic[0].said.startswith("an f-puzzles link (")
    jigsaw = share_forms(JIGSAW)
    for form in jigsaw:
        record = open_bytes(form.text.encode()).record(0)
        assert record.puzzle == JIGSAW, form.form
    assert read_text(JIGSAW_LINE).puzzle == JIGSAW


def test_variant_puzzles_are_shared_as_links_only() -> None:
    text = "2x2k:p,__aa___acaa_aa_,6_7_7d5a8_7e"
    killer = open_bytes(text.encode()).record(0).puzzle
    forms = {f.form: f.text for f in share_forms(killer)}
    assert "line" not in forms
    assert set(forms) >= {"f-puzzles link", "SudokuPad link"}
    for form in forms.values():
        again = open_bytes(form.encode()).record(0).puzzle
        assert again.constraints == killer.constraints


def test_the_path_line_takes_a_typed_puzzle_for_a_puzzle(tmp_path: Path) -> None:
    found = look_up(LINE, str(tmp_path))
    assert isinstance(found, Found) and found.text == LINE and not found.folder
    missing = look_up("nothing-here.txt", str(tmp_path))
    assert isinstance(missing, Refused) and "does not exist" in missing.reason
    (tmp_path / LINE).write_text("1...\n..2.\n.3..\n...4\n")  # a file of that name wins
    found = look_up(LINE, str(tmp_path))
    assert isinstance(found, Found) and not found.text and found.entry is not None


def test_pictures_go_to_the_exports_folder_never_over_another(tmp_path: Path) -> None:
    keeper = Keeper(open_user_data(tmp_path, threaded=False))
    first = keeper.export_image("Wiki: 1/2", b"png")
    second = keeper.export_image("Wiki: 1/2", b"png2")
    assert first.ok and second.ok
    assert first.path == tmp_path / "exports" / "Wiki 1 2.png"
    assert second.path == tmp_path / "exports" / "Wiki 1 2 2.png"
    assert second.path.read_bytes() == b"png2"
    assert "exports" in first.message


def test_without_a_data_folder_a_picture_says_why() -> None:
    written = Keeper.in_memory().export_image("x", b"png")
    assert not written.ok and written.message
