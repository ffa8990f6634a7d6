"""The picker scene driven like a player would: keys, mouse, drops, big folders.

Synthetic pygame events and explicit ``dt`` through the real app loop; background
jobs run in their threads and ``settle`` waits for them.  Responsiveness is
checked by counting work per frame (rows drawn, thumbnails drawn, files read on
the main thread), never by wall-clock time.
"""

from __future__ import annotations

import itertools
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.session.picker.rows import Icon
from game.session.puzzles import library
from game.ui.board.scene import BoardScene
from game.ui.picker.scene import PUZZLES, PickerScene
from game.ui.picker.thumbs import BUDGET
from game.ui.picker.view import THUMBS_PER_FRAME
from game.ui.screens.busy import BusyScene
from game.ui.screens.menu import MenuScene
from game.ui.stage.destinations import Picker
from game.ui.stage.scene_stack import Go

from ..conftest import PUZZLE, Driver, MakeDriver


def relabelled(count: int) -> Iterator[str]:
    """``count`` different puzzles: the test puzzle with its digits renamed."""
    for order in itertools.islice(itertools.permutations("123456789"), count):
        yield PUZZLE.translate(str.maketrans("123456789", "".join(order)))


def open_picker(driver: Driver, folder: Path) -> PickerScene:
    driver.app.apply(Go(Picker(str(folder))))
    driver.step()
    scene = driver.top
    assert isinstance(scene, PickerScene)
    return scene


def settle(driver: Driver, scene: PickerScene) -> None:
    """Let the background finish and every picture be drawn, frame by frame."""
    for _ in range(200):
        assert scene.jobs.wait_idle()
        driver.step(dt=1 / 30)
        if not scene.jobs.busy and not scene.view.pending:
            return
    raise AssertionError("the picker never settled")


def names(scene: PickerScene) -> list[str]:
    browser = scene.browser
    return [browser.row(p).name for p in range(browser.state.count)]


def selected(scene: PickerScene) -> str:
    return scene.browser.row(scene.browser.state.selected).name


def playing(driver: Driver) -> BoardScene:
    """The file chosen is being opened (or, read that fast, already open): the board comes."""
    assert isinstance(driver.top, BusyScene | BoardScene)
    driver.settle()
    assert isinstance(driver.top, BoardScene)
    return driver.top


def key(driver: Driver, code: int, mod: int = 0, char: str = "") -> None:
    driver.key(code, mod, char)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "inner.txt").write_text(PUZZLE + "\n")
    (tmp_path / "one.txt").write_text(PUZZLE + "\n")
    (tmp_path / "many.txt").write_text("\n".join(relabelled(60)) + "\n")
    (tmp_path / "broken.sdk").write_text("this is not a sudoku\n")
    return tmp_path


def test_enter_on_a_puzzle_file_reaches_the_board(driver: Driver, folder: Path) -> None:
    scene = open_picker(driver, folder)
    settle(driver, scene)
    assert names(scene) == ["..", "sub", "broken.sdk", "many.txt", "one.txt"]
    key(driver, pygame.K_END)
    assert selected(scene) == "one.txt"
    key(driver, pygame.K_RETURN)
    assert playing(driver).play.origin.path == str(folder / "one.txt")


def test_a_collection_lists_its_puzzles_and_a_number_plays_one(
    driver: Driver, folder: Path
) -> None:
    scene = open_picker(driver, folder)
    settle(driver, scene)
    scene.browser.state.select(names(scene).index("many.txt"))
    key(driver, pygame.K_RETURN)
    settle(driver, scene)
    assert scene.browser.collection is not None
    assert names(scene)[:2] == ["Puzzle 1", "Puzzle 2"] and len(names(scene)) == 60
    driver.text("1")
    driver.text("2")
    assert selected(scene) == "Puzzle 12"
    key(driver, pygame.K_RETURN)
    driver.settle()
    assert isinstance(driver.top, BoardScene)
    assert driver.top.play.origin.index == 11


def test_keys_move_filter_and_go_up(driver: Driver, folder: Path) -> None:
    scene = open_picker(driver, folder)
    settle(driver, scene)
    assert selected(scene) == "sub"  # the first real entry, not ".."
    key(driver, pygame.K_DOWN)
    assert selected(scene) == "broken.sdk"
    key(driver, pygame.K_PAGEDOWN)
    assert selected(scene) == "one.txt"
    key(driver, pygame.K_HOME)
    assert selected(scene) == ".."
    key(driver, pygame.K_DOWN)
    key(driver, pygame.K_RETURN)  # into "sub"
    settle(driver, scene)
    assert names(scene) == ["..", "inner.txt"]
    key(driver, pygame.K_BACKSPACE)  # no filter: up, with "sub" selected again
    settle(driver, scene)
    assert selected(scene) == "sub"
    # Letters filter (they are not shortcuts here): "s" would move down on a board.
    key(driver, pygame.K_s, char="s")  # the key press itself types nothing...
    driver.text("on")  # ...the text arrives as TEXTINPUT
    assert scene.browser.filter == "on" and names(scene) == ["one.txt"]
    key(driver, pygame.K_BACKSPACE)
    assert scene.browser.filter == "o"
    key(driver, pygame.K_ESCAPE)  # Esc clears the filter first
    assert scene.browser.filter == "" and len(names(scene)) == 5
    key(driver, pygame.K_ESCAPE)  # then leaves
    assert isinstance(driver.top, MenuScene)


def test_bad_files_are_listed_greyed_with_their_reason(driver: Driver, folder: Path) -> None:
    scene = open_picker(driver, folder)
    settle(driver, scene)
    row = scene.browser.row(names(scene).index("broken.sdk"))
    assert row.icon is Icon.BAD and row.problem
    scene.browser.state.select(names(scene).index("broken.sdk"))
    key(driver, pygame.K_RETURN)
    assert isinstance(driver.top, PickerScene)  # nothing to open
    assert "cannot be opened" in scene.browser.note


def test_click_selects_and_double_click_opens(driver: Driver, folder: Path) -> None:
    scene = open_picker(driver, folder)
    settle(driver, scene)
    position = names(scene).index("one.txt")
    point = scene.layout.row_rect(position, scene.browser.state.top).center
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1)
    driver.step(down, up, dt=0.0)
    assert selected(scene) == "one.txt"
    driver.step(down, up, dt=1.0)  # too slow for a double click
    assert isinstance(driver.top, PickerScene)
    driver.step(down, up, dt=0.15)  # quick enough: opens
    playing(driver)


def test_hover_highlights_and_wheel_scrolls(driver: Driver, tmp_path: Path) -> None:
    for k, text in enumerate(relabelled(40)):
        (tmp_path / f"p{k:02}.txt").write_text(text + "\n")
    scene = open_picker(driver, tmp_path)
    settle(driver, scene)
    point = scene.layout.row_rect(2, 0.0).center
    driver.move(point)
    assert scene.pointing.row == 2 and scene.dirty is False  # drawn once with the highlight
    pygame.mouse.set_pos(point)
    driver.step(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert scene.browser.state.top == pytest.approx(6.0)
    assert selected(scene) == "p00.txt"  # scrolling leaves the selection alone


def test_dropping_a_folder_browses_it_and_a_file_opens_it(driver: Driver, folder: Path) -> None:
    scene = open_picker(driver, folder)
    settle(driver, scene)
    driver.step(pygame.event.Event(pygame.DROPFILE, file=str(folder / "sub")))
    assert driver.top is scene  # the same picker, now in "sub"
    settle(driver, scene)
    assert names(scene) == ["..", "inner.txt"]
    driver.step(pygame.event.Event(pygame.DROPFILE, file=str(folder / "one.txt")))
    playing(driver)


def test_dropping_a_folder_on_the_menu_opens_the_picker(driver: Driver, folder: Path) -> None:
    driver.step(pygame.event.Event(pygame.DROPFILE, file=str(folder)))
    assert isinstance(driver.top, PickerScene)


@pytest.fixture
def main_thread_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Files the main thread opened (it should open none)."""
    seen: list[str] = []
    real = library.open_puzzles  # type: ignore[attr-defined]

    def spy(path: str) -> object:
        if threading.current_thread() is threading.main_thread():
            seen.append(path)
        return real(path)

    monkeypatch.setattr(library, "open_puzzles", spy)
    return seen


def test_a_thousand_files_never_hold_up_a_frame(
    make_driver: MakeDriver, tmp_path: Path, main_thread_reads: list[str]
) -> None:
    for k, text in enumerate(relabelled(1000)):
        (tmp_path / f"puzzle {k:04}.txt").write_text(text + "\n")
    driver = make_driver((1920, 1080))
    scene = open_picker(driver, tmp_path)
    seen_progress = False
    while True:  # until everything is read, however long a busy machine takes
        driver.step(dt=1 / 30)
        assert scene.view.rows_drawn <= scene.layout.rows_fit + 2
        assert scene.view.thumbs_drawn <= THUMBS_PER_FRAME
        message, _ = scene.browser.progress()
        seen_progress |= message.startswith("Reading") and "of 1,000 files" in message
        listed = scene.browser.folder.listing is not None
        if listed and not scene.jobs.busy and not scene.view.pending:
            break
        scene.jobs.wait_idle(0.01)
    assert len(names(scene)) == 1001
    assert seen_progress
    assert main_thread_reads == []
    key(driver, pygame.K_END)
    driver.step()
    assert scene.view.rows_drawn <= scene.layout.rows_fit + 2


def test_a_49000_puzzle_collection_scrolls_with_bounded_work(
    driver: Driver, tmp_path: Path, main_thread_reads: list[str]
) -> None:
    path = tmp_path / "big.txt"
    path.write_text("\n".join(relabelled(49_000)) + "\n")
    scene = open_picker(driver, tmp_path)
    settle(driver, scene)
    key(driver, pygame.K_RETURN)
    driver.step()
    page = scene.browser.collection
    assert page is not None
    message, _ = scene.browser.progress()
    assert message.startswith("Indexing") or page.opened is not None
    settle(driver, scene)
    assert len(scene.browser.state.matches) == 49_000
    for code in (pygame.K_END, pygame.K_PAGEUP, pygame.K_HOME, pygame.K_PAGEDOWN):
        key(driver, code)
        assert scene.view.rows_drawn <= scene.layout.rows_fit + 2
        assert scene.view.thumbs_drawn <= THUMBS_PER_FRAME
        settle(driver, scene)
    page = scene.browser.collection
    assert page is not None and len(page.blocks) <= 96
    assert selected(scene).startswith("Puzzle")
    driver.text("48999")
    assert selected(scene) == "Puzzle 48,999"
    assert main_thread_reads == []


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (3840, 2160), (1080, 1920)])
def test_every_window_size_draws_and_thumbnails_stay_in_budget(
    make_driver: MakeDriver, folder: Path, size: tuple[int, int]
) -> None:
    driver = make_driver(size)
    scene = open_picker(driver, folder)
    settle(driver, scene)
    layout = scene.layout
    assert layout.list.right <= layout.width and layout.preview.bottom <= layout.height
    assert not layout.list.colliderect(layout.preview)
    assert scene.view.thumbs.bytes <= BUDGET
    driver.ctx.change_settings(theme="dark")
    settle(driver, scene)


def test_the_picker_opens_in_the_bundled_puzzles_with_the_statistics_marks(
    driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.app import startup as seams

    monkeypatch.setenv("SUDOKU_DATA_DIR", str(tmp_path / "data"))
    seams.install(driver.ctx)
    try:
        driver.app.apply(Go(Picker()))  # the menu's Open puzzle
        scene = driver.top
        assert isinstance(scene, PickerScene)
        assert scene.browser.folder.path == str(PUZZLES)  # the puzzles that come with the game
    finally:
        driver.ctx.session.quit()


def test_left_right_escape_and_f5(driver: Driver, folder: Path) -> None:
    scene = open_picker(driver, folder)
    settle(driver, scene)
    key(driver, pygame.K_RIGHT)  # into "sub", the selected folder
    settle(driver, scene)
    assert names(scene) == ["..", "inner.txt"]
    key(driver, pygame.K_RIGHT)  # a single puzzle: Right never starts a game
    assert driver.top is scene
    key(driver, pygame.K_LEFT)
    settle(driver, scene)
    scene.browser.state.select(names(scene).index("many.txt"))
    key(driver, pygame.K_RIGHT)  # into the collection
    settle(driver, scene)
    assert scene.browser.collection is not None
    key(driver, pygame.K_ESCAPE)  # out of the collection, still in the picker
    assert scene.browser.collection is None and driver.top is scene
    (folder / "new.txt").write_text(PUZZLE + "\n")
    key(driver, pygame.K_F5)
    settle(driver, scene)
    assert "new.txt" in names(scene)


def test_the_scroll_bar_drags(driver: Driver, tmp_path: Path) -> None:
    for k, text in enumerate(relabelled(60)):
        (tmp_path / f"p{k:02}.txt").write_text(text + "\n")
    scene = open_picker(driver, tmp_path)
    settle(driver, scene)
    track = scene.layout.scrollbar
    bottom = (track.centerx, track.bottom - 1)
    driver.step(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bottom, button=1))
    state = scene.browser.state
    assert state.top == pytest.approx(state.count - state.rows)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=track.midtop, rel=(0, 0), buttons=(1, 0, 0))
    driver.step(motion)
    assert state.top == 0
    driver.step(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=track.midtop, button=1))
    driver.move(bottom)  # released: moving no longer scrolls
    assert state.top == 0


def test_pictures_beyond_one_frames_budget_come_in_the_next_frames(
    make_driver: MakeDriver, tmp_path: Path
) -> None:
    for k, text in enumerate(relabelled(40)):
        (tmp_path / f"p{k:02}.txt").write_text(text + "\n")
    driver = make_driver((1000, 2000))  # more rows than one frame draws pictures for
    scene = open_picker(driver, tmp_path)
    settle(driver, scene)
    assert scene.layout.rows_fit > THUMBS_PER_FRAME
    scene.view.thumbs.clear()  # as after a change of theme: every picture to draw again
    scene.invalidate()
    driver.step()
    assert scene.view.pending and not scene.jobs.busy
    frames = 0
    while scene.view.pending:
        assert scene.wake_in() == 0.0
        driver.step()  # no event, no job: the scene still draws the rest
        assert scene.view.thumbs_drawn <= THUMBS_PER_FRAME
        frames += 1
        assert frames < 10
    assert scene.wake_in() != 0.0  # and then sleeps


@pytest.mark.skipif(sys.platform == "win32", reason="names that are not UTF-8 need POSIX")
def test_a_file_name_that_is_not_utf8_is_listed_and_drawn(driver: Driver, tmp_path: Path) -> None:
    folder = tmp_path / "odd"
    folder.mkdir()
    odd = os.path.join(os.fsencode(folder), b"caf\xe9 \xff.txt")
    with open(odd, "w", encoding="utf-8") as stream:
        stream.write(PUZZLE + "\n")
    scene = open_picker(driver, folder)
    settle(driver, scene)  # every row drawn: no UnicodeEncodeError on the way
    [name] = [n for n in names(scene) if n != ".."]
    assert "\N{REPLACEMENT CHARACTER}" in name
    key(driver, pygame.K_END)
    key(driver, pygame.K_RETURN)
    board = playing(driver)
    assert board.panel_model().title  # the board's header draws the name too
    driver.step()


def test_a_collection_that_shrank_is_read_again_and_says_the_puzzle_is_gone(
    driver: Driver, folder: Path
) -> None:
    scene = open_picker(driver, folder)
    settle(driver, scene)
    scene.browser.state.select(names(scene).index("many.txt"))
    key(driver, pygame.K_RETURN)
    settle(driver, scene)
    assert len(names(scene)) == 60
    key(driver, pygame.K_END)
    assert selected(scene) == "Puzzle 60"
    shrunk = folder / "many.txt"
    before = os.stat(shrunk)
    shrunk.write_text("\n".join(relabelled(10)) + "\n")
    os.utime(shrunk, ns=(before.st_atime_ns, before.st_mtime_ns + 10**9))  # a coarse clock
    key(driver, pygame.K_RETURN)
    assert driver.top is scene  # not opened: the file is read again first
    assert "changed" in scene.browser.note
    settle(driver, scene)
    assert len(names(scene)) == 10
    assert scene.browser.note == (
        "Puzzle 60 is no longer in many.txt: it changed and now holds 10 puzzles."
    )
    assert selected(scene) == "Puzzle 10"
    key(driver, pygame.K_RETURN)
    assert playing(driver).play.origin.index == 9


def test_a_puzzle_past_the_end_of_a_file_gets_a_located_message(tmp_path: Path) -> None:
    """Whatever asks for it (a stale list, a race), opening gives the file's reason."""
    from game.engine.errors import PuzzleError
    from game.session.puzzles.sources import load_file

    path = tmp_path / "few.txt"
    path.write_text("\n".join(relabelled(3)) + "\n")
    with pytest.raises(PuzzleError) as raised:
        load_file(str(path), 7)
    assert raised.value.reason == "there is no puzzle 8: the file holds 3 puzzles now"
    assert raised.value.path == str(path)
