"""The picker's model without a window: listing, filtering, collections, verdicts, marks.

Jobs run in real worker threads; ``settle`` waits for them and lets the browser
take the results in, as the scene's update does every frame.
"""

from __future__ import annotations

import functools
import itertools
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.engine.puzzle import Puzzle
from game.session.picker.browser import Browser, Play
from game.session.picker.jobs import Jobs, Priority
from game.session.picker.listing import ListState, NumberPrefix
from game.session.picker.pages import Memory, summary_key
from game.session.picker.rows import Icon
from game.session.picker.wants import LANES
from game.session.puzzles.library import Sketch, summarise

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
NO_SOLUTION = "12345678." + "........9" + "." * 63
SEVERAL = "." * 81


def relabelled(count: int, base: str = PUZZLE) -> Iterator[str]:
    """``count`` different puzzles made from ``base`` by swapping digit names."""
    for order in itertools.islice(itertools.permutations("123456789"), count):
        table = str.maketrans("123456789", "".join(order))
        yield base.translate(table)


@dataclass
class SolvedMark:
    status: str = "solved"
    best_time: float | None = 272.0


@pytest.fixture
def jobs() -> Iterator[Jobs]:
    lanes = Jobs(LANES)
    yield lanes
    lanes.close()


def settle(browser: Browser, rounds: int = 50) -> None:
    """Run jobs to the end, taking results in as frames would."""
    for _ in range(rounds):
        assert browser.jobs.wait_idle()
        browser.tick(0.0)
        if not browser.jobs.busy:
            return
    raise AssertionError("the jobs never settled")


def make_browser(folder: Path, jobs: Jobs, rows: float = 8.0, **kwargs: object) -> Browser:
    browser = Browser(str(folder), jobs, **kwargs)  # type: ignore[arg-type]
    browser.state.set_rows(rows)
    settle(browser)
    browser.state.set_rows(rows)
    settle(browser)
    return browser


def names(browser: Browser) -> list[str]:
    return [browser.row(p).name for p in range(browser.state.count)]


def test_a_folder_lists_folders_then_files_with_what_they_hold(tmp_path: Path, jobs: Jobs) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "x.txt").write_text(PUZZLE)
    (tmp_path / "one.txt").write_text(PUZZLE + "\n")
    (tmp_path / "many.txt").write_text("\n".join(relabelled(40)) + "\n")
    (tmp_path / "bad.txt").write_text("nothing to see\n")
    browser = make_browser(tmp_path, jobs)
    assert names(browser) == ["..", "sub", "bad.txt", "many.txt", "one.txt"]
    rows = {browser.row(p).name: browser.row(p) for p in range(browser.state.count)}
    assert rows["sub"].detail == "Folder · 1 item"
    assert rows["bad.txt"].icon is Icon.BAD and rows["bad.txt"].problem
    assert rows["many.txt"].icon is Icon.COLLECTION and "40 puzzles" in rows["many.txt"].detail
    one = rows["one.txt"]
    assert one.icon is Icon.PUZZLE and one.status == "New" and one.sketch is not None
    assert one.badge  # checked and rated in the background: a level
    assert browser.progress() == ("", None)


def test_no_or_several_solutions_are_marked(tmp_path: Path, jobs: Jobs) -> None:
    (tmp_path / "none.txt").write_text(NO_SOLUTION + "\n")
    (tmp_path / "several.txt").write_text(SEVERAL + "\n")
    browser = make_browser(tmp_path, jobs)
    rows = {browser.row(p).name: browser.row(p) for p in range(browser.state.count)}
    assert (rows["none.txt"].badge, rows["none.txt"].warning) == ("No solution", True)
    assert rows["several.txt"].badge == "Several solutions"
    browser.state.select(names(browser).index("none.txt"))
    details = browser.details()
    assert details is not None and "no solution" in details.warning


def test_marks_from_the_statistics_show(tmp_path: Path, jobs: Jobs) -> None:
    (tmp_path / "one.txt").write_text(PUZZLE + "\n")
    ident = Sketch.of(Puzzle.from_string(PUZZLE)).ident
    browser = make_browser(tmp_path, jobs, marks=lambda key: SolvedMark() if key == ident else None)
    assert browser.row(1).status == "Solved · 4:32"


def test_parent_selects_the_folder_we_came_from(tmp_path: Path, jobs: Jobs) -> None:
    for name in ("a", "b", "c"):
        (tmp_path / name).mkdir()
    browser = make_browser(tmp_path, jobs)
    browser.state.select(names(browser).index("b"))
    assert browser.activate() is None
    settle(browser)
    assert browser.folder.path == str(tmp_path / "b")
    assert names(browser) == [".."]
    assert "empty" in browser.empty_message()
    assert browser.erase()  # Backspace with no filter: up
    settle(browser)
    assert browser.folder.path == str(tmp_path)
    assert browser.row(browser.state.selected).name == "b"


def test_typing_filters_by_name_and_backspace_erases(tmp_path: Path, jobs: Jobs) -> None:
    for name in ("alpha.txt", "beta.txt", "alphabet.txt", "Gamma.txt"):
        (tmp_path / name).write_text(PUZZLE)
    browser = make_browser(tmp_path, jobs)
    browser.type("ALP")
    assert names(browser) == ["alpha.txt", "alphabet.txt"]
    browser.type("z")
    assert names(browser) == [] and "ALPz" in browser.empty_message()
    assert browser.erase() and names(browser) == ["alpha.txt", "alphabet.txt"]
    assert browser.clear_filter() and len(names(browser)) == 5


def test_a_collection_lists_its_puzzles_and_numbers_find_one(tmp_path: Path, jobs: Jobs) -> None:
    lines = list(relabelled(300))
    lines[7] = "this line is not a puzzle"
    path = tmp_path / "big.txt"
    path.write_text("\n".join(lines) + "\n")
    browser = make_browser(tmp_path, jobs)
    browser.state.select(1)
    assert browser.activate() is None  # a collection opens as a list
    settle(browser)
    page = browser.collection
    assert page is not None and page.count == 300
    assert browser.row(0).name == "Puzzle 1" and browser.row(0).sketch is not None
    assert browser.row(7).icon is Icon.BAD and browser.row(7).problem
    browser.type("12")
    assert [browser.state.matches[k] + 1 for k in range(4)] == [12, 120, 121, 122]
    assert browser.activate() == Play(str(path), 11)
    browser.clear_filter()
    browser.state.select(7)
    assert browser.activate() is None and "cannot be played" in browser.note
    assert browser.erase()  # out of the collection, back to the folder
    assert browser.collection is None and browser.row(browser.state.selected).name == "big.txt"


def test_a_single_puzzle_file_plays_at_once(tmp_path: Path, jobs: Jobs) -> None:
    (tmp_path / "one.txt").write_text(PUZZLE + "\n")
    browser = make_browser(tmp_path, jobs)
    browser.state.select(1)
    assert browser.activate() == Play(str(tmp_path / "one.txt"), 0)


def test_choosing_a_file_before_it_is_read_plays_it_when_read(tmp_path: Path) -> None:
    (tmp_path / "one.txt").write_text(PUZZLE + "\n")
    lanes = Jobs(LANES)
    try:
        lanes.pause(True)  # nothing gets read until we say so
        browser = Browser(str(tmp_path), lanes)
        lanes.pause(False)
        assert lanes.wait_idle()
        browser.tick(0)  # the listing, but no summary yet (it was just asked for)
        browser.state.select(1)
        assert browser.activate() is None and browser.note.startswith("Reading")
        settle(browser)
        assert browser.take_outcome() == Play(str(tmp_path / "one.txt"), 0)
    finally:
        lanes.close()


def test_a_folder_that_disappears_says_so(tmp_path: Path, jobs: Jobs) -> None:
    folder = tmp_path / "going"
    folder.mkdir()
    (folder / "one.txt").write_text(PUZZLE)
    browser = make_browser(folder, jobs)
    shutil.rmtree(folder)
    browser.tick(3.0)  # time for the next look at the folder
    settle(browser)
    assert "no longer exists" in browser.empty_message()
    assert names(browser) == [".."]


def test_new_files_appear_without_asking(tmp_path: Path, jobs: Jobs) -> None:
    browser = make_browser(tmp_path, jobs)
    (tmp_path / "new.txt").write_text(PUZZLE)
    browser.tick(3.0)
    settle(browser)
    assert "new.txt" in names(browser)


def test_visible_rows_are_read_first(tmp_path: Path) -> None:
    for k, text in enumerate(relabelled(200)):
        (tmp_path / f"p{k:03}.txt").write_text(text + "\n")
    lanes = Jobs(LANES)
    try:
        lanes.pause(True)
        browser = Browser(str(tmp_path), lanes)
        browser.state.set_rows(5)
        lanes.pause(False)
        assert lanes.wait_idle()
        browser.tick(0)  # the listing: 200 files queued behind the visible ones
        lanes.pause(True)
        browser.state.select(150)
        browser.tick(0)
        lanes.pause(False)
        while browser.row(150).icon is Icon.WAITING:  # a poll with no deadline
            lanes.wait_idle(0.05)
            browser.tick(0)
        assert browser.row(150).icon is Icon.PUZZLE
        message, fraction = browser.progress()
        assert fraction is None or fraction < 1.0 or message == ""
    finally:
        lanes.close()


def _note(done: list[str], name: str, _stop: object) -> None:
    done.append(name)


def test_jobs_dedupe_and_order(jobs: Jobs) -> None:
    lanes = Jobs(["one"])
    try:
        lanes.pause(True)
        done: list[str] = []
        for name in ("a", "b", "c"):
            lanes.submit(name, functools.partial(_note, done, name), "one")
        lanes.submit("bg", lambda _stop: done.append("bg"), "one", Priority.BACKGROUND)
        lanes.submit("first", lambda _stop: done.append("first"), "one", Priority.FIRST)
        lanes.submit("a", lambda _stop: done.append("again"), "one")  # moves a up, once
        lanes.keep_visible("one", {"a", "c"})
        lanes.pause(False)
        assert lanes.wait_idle()
        assert done == ["first", "a", "c", "bg"]
        assert len(lanes.results()) == 4
    finally:
        lanes.close()


def test_list_state_pages_and_scrolls() -> None:
    state = ListState(range(100))
    state.set_rows(10.5)
    assert state.page(1) and state.selected == 9
    assert state.end() and state.selected == 99 and state.top == pytest.approx(89.5)
    assert state.home() and state.top == 0
    assert state.scroll(30) and state.selected == 0 and state.visible() == range(30, 41)
    assert state.scroll_to(1.0) and state.top == pytest.approx(89.5)


def test_number_prefixes_are_arithmetic() -> None:
    matches = NumberPrefix("12", 49_000)
    assert len(matches) == 1 + 10 + 100 + 1000  # 12, 120-129, 1200-1299, 12000-12999
    assert matches[0] == 11 and matches[1] == 119 and matches[-1] == 12998
    assert matches.index(1199) == 1 + 10  # puzzle 1200 comes after 12 and 120-129
    assert 12998 in matches and 12 not in matches
    assert len(NumberPrefix("0", 100)) == 0 and len(NumberPrefix("x", 100)) == 0


def test_memory_is_shared_between_visits(tmp_path: Path, jobs: Jobs) -> None:
    (tmp_path / "one.txt").write_text(PUZZLE + "\n")
    memory = Memory()
    first = make_browser(tmp_path, jobs, memory=memory)
    assert first.row(1).sketch is not None
    second = Browser(str(tmp_path), jobs, memory)
    assert second.folder.path == memory.last_folder


def test_coming_back_finds_the_last_choice(tmp_path: Path, jobs: Jobs) -> None:
    (tmp_path / "a.txt").write_text(PUZZLE + "\n")
    (tmp_path / "b.txt").write_text("\n".join(relabelled(50)) + "\n")
    memory = Memory()
    browser = make_browser(tmp_path, jobs, memory=memory)
    browser.state.select(2)
    browser.activate()
    settle(browser)
    browser.state.select(41)
    assert browser.activate() == Play(str(tmp_path / "b.txt"), 41)
    again = make_browser(tmp_path, jobs, memory=memory)
    assert again.row(again.state.selected).name == "b.txt"
    again.activate()
    settle(again)
    assert again.state.item == 41


def test_titles_filter_a_collection_that_names_its_puzzles(jobs: Jobs, shared_data: Path) -> None:
    folder = shared_data / "real-files" / "formats" / "opensudoku"
    browser = make_browser(folder, jobs)
    browser.state.select(1)
    browser.activate()
    settle(browser)
    assert browser.collection is not None and browser.state.count == 10
    browser.type("easy")  # every puzzle of this file is titled "Sudoku Easy"
    assert browser.state.count == 10
    browser.type("x")
    assert browser.state.count == 0


def test_the_folder_goes_on_reading_behind_a_collection(tmp_path: Path) -> None:
    (tmp_path / "a-many.txt").write_text("\n".join(relabelled(50)) + "\n")
    for k, text in enumerate(relabelled(30)):
        (tmp_path / f"p{k:02}.txt").write_text(text + "\n")
    lanes = Jobs(LANES)
    try:
        lanes.pause(True)
        browser = Browser(str(tmp_path), lanes)
        browser.state.set_rows(3)
        lanes.pause(False)
        assert lanes.wait_idle()  # the listing only: nothing else was asked for yet
        lanes.pause(True)
        browser.tick(0)  # takes the listing in, queues every file's summary
        entry = browser.selected_entry()
        assert entry is not None and entry.name == "a-many.txt"
        browser.memory.summaries.put(summary_key(entry), summarise(entry.path))
        browser.activate()  # into the collection before the folder is read
        assert browser.collection is not None
        browser.erase()  # and straight back
        assert lanes.waiting("read") >= 30  # the folder's reading was not dropped
        lanes.pause(False)
        settle(browser)
        assert browser.progress() == ("", None) and not browser.folder.unread
    finally:
        lanes.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need POSIX")
def test_a_named_pipe_is_listed_with_the_reason_and_never_opened(tmp_path: Path) -> None:
    from game.session.puzzles.library import scan_folder

    os.mkfifo(tmp_path / "pipe.txt")  # nobody writes to it: opening would block for ever
    (tmp_path / "one.txt").write_text(PUZZLE + "\n")
    listing = scan_folder(str(tmp_path))
    [pipe] = [entry for entry in listing.entries if entry.name == "pipe.txt"]
    assert "named pipe" in pipe.problem
    summary = summarise(str(tmp_path / "one.txt"))
    assert summary.usable


def test_a_saved_game_shows_its_own_progress_not_its_puzzles_mark(tmp_path: Path) -> None:
    from game.session.keep.savegame import write_game
    from game.session.keep.stats import PuzzleMark
    from game.session.picker.rows import Words
    from game.session.play import Game

    game = Game(Puzzle.from_string(PUZZLE))
    game.place(2, 4)
    game.tick(125)
    write_game(tmp_path / "evening.sudoku", game)
    summary = summarise(str(tmp_path / "evening.sudoku"))
    assert summary.first is not None and summary.first.entries is not None
    assert summary.first.entries[2] == 4  # the preview shows the player's digits
    assert summary.first.progress == "In progress · 02:05"
    words = Words(Memory(), marks=lambda ident: PuzzleMark("solved", 214.0))
    assert words._status(summary.first) == "In progress · 02:05"


def test_a_document_is_not_a_puzzle_file_whatever_the_parser_thought(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("1234\n" * 4)  # reads as a 4x4 grid at first glance, and fails
    assert summarise(str(readme)).problem == "not a puzzle file"
