"""The picker takes a path (Ctrl+L) and offers shortcuts beside its list.

The model (:class:`Browser` with its path line) first, then the scene driven by
synthetic events through the real app loop, as a player would: Ctrl+L, typing,
Tab, Enter, Esc, clicks on shortcuts and on the names Tab found.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.session.keep.keeper import Keeper
from game.session.keep.userdata import open_user_data
from game.session.picker.browser import Browser, Play
from game.session.picker.jobs import Jobs
from game.session.picker.path_line import tilde
from game.session.picker.shortcuts import PlaceKind
from game.session.picker.wants import LANES
from game.ui.app import startup as seams
from game.ui.input.actions import Action
from game.ui.picker import line_view, places_view
from game.ui.picker.scene import PUZZLES, PickerScene
from game.ui.screens.menu import MenuScene
from game.ui.stage.destinations import Picker
from game.ui.stage.scene_stack import Go

from ..conftest import PUZZLE, Driver, MakeDriver
from .test_picker import names, open_picker, playing, settle

SEP = os.sep
DATA = Path(__file__).resolve().parents[2] / "session" / "data"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A home of sorts: two folders of puzzles and a document."""
    (tmp_path / "start").mkdir()
    (tmp_path / "start" / "here.txt").write_text(PUZZLE + "\n")
    books = tmp_path / "books"
    books.mkdir()
    (books / "one.txt").write_text(PUZZLE + "\n")
    (books / "many.txt").write_text((PUZZLE + "\n") * 5)
    (books / "notes.md").write_text("# not puzzles\n")
    (tmp_path / "boxes").mkdir()
    return tmp_path


# -- the model ------------------------------------------------------------------------


@pytest.fixture
def jobs() -> Iterator[Jobs]:
    lanes = Jobs(LANES)
    yield lanes
    lanes.close()


def settled(browser: Browser) -> Browser:
    for _ in range(50):
        assert browser.jobs.wait_idle()
        browser.tick(0.0)
        if not browser.jobs.busy:
            return browser
    raise AssertionError("the jobs never settled")


def test_the_line_opens_on_the_folder_shown_and_goes_to_a_folder(tree: Path, jobs: Jobs) -> None:
    browser = settled(Browser(str(tree / "start"), jobs))
    line = browser.lines.open_line()
    assert line.text == tilde(str(tree / "start")) + SEP
    browser.lines.edit_line("../books")  # relative to the folder shown
    browser.lines.go_line()
    settled(browser)
    assert browser.line is None and browser.folder.path == str(tree / "books")


def test_a_bad_path_changes_nothing_but_the_line(tree: Path, jobs: Jobs) -> None:
    browser = settled(Browser(str(tree / "start"), jobs))
    browser.state.select(1)
    browser.lines.open_line(str(tree / "bokks" / "one.txt"))
    browser.lines.go_line()
    settled(browser)
    assert browser.line is not None
    assert browser.line.problem == f"{tilde(str(tree / 'bokks'))} does not exist."
    assert browser.folder.path == str(tree / "start") and browser.state.selected == 1
    assert browser.collection is None and browser.take_outcome() is None


def test_a_file_plays_or_opens_its_collection_in_its_folder(tree: Path, jobs: Jobs) -> None:
    browser = settled(Browser(str(tree / "start"), jobs))
    browser.lines.open_line(str(tree / "books" / "one.txt"))
    browser.lines.go_line()
    settled(browser)
    assert browser.take_outcome() == Play(str(tree / "books" / "one.txt"), 0)
    assert browser.folder.path == str(tree / "books")
    browser.lines.open_line("many.txt")
    browser.lines.go_line()
    settled(browser)
    assert browser.collection is not None and browser.collection.entry.name == "many.txt"
    assert browser.collection.count == 5
    browser.leave_collection()  # Esc: back in the file's folder, the file selected
    settled(browser)
    assert browser.row(browser.state.selected).name == "many.txt"


def test_an_answer_to_an_edited_text_is_dropped(tree: Path, jobs: Jobs) -> None:
    browser = settled(Browser(str(tree), jobs))
    browser.lines.open_line("bo")
    browser.lines.complete_line()
    browser.lines.edit_line("bo/")  # typed on before the answer came
    settled(browser)
    assert browser.line is not None and browser.line.text == "bo/"
    assert not browser.line.choices and not browser.line.problem
    browser.lines.complete_line()
    settled(browser)
    assert browser.line.problem == f"{tilde(str(tree / 'bo'))} does not exist."


# -- the scene ------------------------------------------------------------------------


def ctrl_l(driver: Driver) -> None:
    driver.key(pygame.K_l, pygame.KMOD_CTRL, "\x0c")


def press(driver: Driver, code: int) -> None:
    driver.key(code)


def line_of(scene: PickerScene) -> str:
    assert scene.field is not None
    return scene.field.text


def test_ctrl_l_typing_and_enter_go_to_a_folder(driver: Driver, tree: Path) -> None:
    scene = open_picker(driver, tree / "start")
    settle(driver, scene)
    ctrl_l(driver)
    assert scene.input_context().text_entry
    assert line_of(scene) == tilde(str(tree / "start")) + SEP
    driver.text(str(tree / "books"))  # typing replaces the folder offered
    assert line_of(scene) == str(tree / "books")
    press(driver, pygame.K_RETURN)
    settle(driver, scene)
    assert scene.field is None and not scene.input_context().text_entry
    assert names(scene) == ["..", "many.txt", "notes.md", "one.txt"]


def test_tab_completes_and_lists_and_a_click_takes_a_choice(driver: Driver, tree: Path) -> None:
    scene = open_picker(driver, tree / "start")
    settle(driver, scene)
    ctrl_l(driver)
    driver.text(str(tree / "bo"))
    press(driver, pygame.K_TAB)
    settle(driver, scene)
    line = scene.browser.line
    assert line is not None and line.choices == ("books" + SEP, "boxes" + SEP)
    assert line_of(scene) == str(tree / "bo")
    choice = line_view.arrange(scene.layout, line).choices[0]
    driver.click(choice.center)  # a folder taken: its names are listed at once
    settle(driver, scene)
    assert line_of(scene) == str(tree / "books") + SEP
    assert scene.browser.line is not None
    assert scene.browser.line.choices == ("many.txt", "notes.md", "one.txt")
    driver.text("o")
    press(driver, pygame.K_TAB)
    settle(driver, scene)
    assert line_of(scene) == str(tree / "books" / "one.txt")
    press(driver, pygame.K_RETURN)
    assert scene.jobs.wait_idle()  # the file is looked at, then the board comes
    driver.step()
    assert playing(driver).play.origin.path == str(tree / "books" / "one.txt")
    assert driver.ctx.session.recent_folders[0] == str(tree / "books")


def test_a_bad_path_says_why_and_esc_closes_the_line(driver: Driver, tree: Path) -> None:
    scene = open_picker(driver, tree / "start")
    settle(driver, scene)
    ctrl_l(driver)
    driver.text(str(tree / "books" / "notes.md"))
    press(driver, pygame.K_RETURN)
    settle(driver, scene)
    assert scene.browser.line is not None
    assert scene.browser.line.problem == "notes.md cannot be opened: not a puzzle file."
    assert scene.browser.folder.path == str(tree / "start")  # nothing else changed
    driver.step()  # drawn with the reason under the line
    press(driver, pygame.K_BACKSPACE)  # editing forgets the reason
    assert scene.browser.line is not None and not scene.browser.line.problem
    press(driver, pygame.K_ESCAPE)
    assert scene.field is None and scene.browser.line is None and driver.top is scene
    press(driver, pygame.K_ESCAPE)  # the line is gone: Esc leaves the picker as before
    assert isinstance(driver.top, MenuScene)


def test_a_slash_or_tilde_typed_in_the_filter_starts_a_path(driver: Driver, tree: Path) -> None:
    scene = open_picker(driver, tree / "start")
    settle(driver, scene)
    driver.text("/")
    assert line_of(scene) == "/" and scene.browser.filter == ""
    press(driver, pygame.K_ESCAPE)
    driver.text("h")  # a name: it filters, as before
    driver.text("~")  # inside a filter, a tilde is part of the name
    assert scene.field is None and scene.browser.filter == "h~"


def test_clicking_the_path_opens_the_line_and_a_click_elsewhere_closes_it(
    driver: Driver, tree: Path
) -> None:
    scene = open_picker(driver, tree / "books")
    settle(driver, scene)
    driver.click(scene.layout.heading.center)
    assert scene.field is not None
    row = scene.layout.row_rect(names(scene).index("one.txt"), scene.browser.state.top)
    driver.click(row.center)
    assert scene.field is None
    assert scene.browser.row(scene.browser.state.selected).name == "one.txt"


def test_the_path_key_can_be_rebound(make_driver: MakeDriver, tree: Path) -> None:
    driver = make_driver(key_bindings={"go-to-path": ["ctrl+g"]})
    assert driver.ctx.keymap.shortcut(Action.GO_TO_PATH) == "Ctrl+G"
    scene = open_picker(driver, tree / "start")
    ctrl_l(driver)
    assert scene.field is None
    driver.key(pygame.K_g, pygame.KMOD_CTRL, "\x07")
    assert scene.field is not None


def places_of(scene: PickerScene) -> dict[PlaceKind, list[str]]:
    found: dict[PlaceKind, list[str]] = {}
    for place in scene.places:
        found.setdefault(place.kind, []).append(place.path)
    return found


def click_place(driver: Driver, scene: PickerScene, kind: PlaceKind, index: int = 0) -> None:
    arranged = places_view.arrange(scene.layout, scene.places)
    rects = [rect for place, rect in arranged.rects if place.kind is kind]
    driver.click(rects[index].center)


def test_shortcuts_go_to_the_included_puzzles_home_and_recent_folders(
    driver: Driver, tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tree / "start"))
    driver.ctx.session.played_from(str(tree / "books"))
    scene = open_picker(driver, tree / "boxes")
    settle(driver, scene)
    found = places_of(scene)
    assert PlaceKind.SAVES not in found  # no saved games: no shortcut to them
    assert found[PlaceKind.HOME] == [str(tree / "start")]
    assert found[PlaceKind.RECENT] == [str(tree / "books")]
    click_place(driver, scene, PlaceKind.RECENT)
    settle(driver, scene)
    assert scene.browser.folder.path == str(tree / "books")
    click_place(driver, scene, PlaceKind.HOME)
    settle(driver, scene)
    assert names(scene) == ["..", "here.txt"]
    click_place(driver, scene, PlaceKind.PUZZLES)
    settle(driver, scene)
    assert scene.browser.folder.path == str(PUZZLES)


def test_saved_games_have_a_shortcut_once_there_are_some(driver: Driver, tmp_path: Path) -> None:
    data = open_user_data(tmp_path / "data", threaded=False)
    seams.connect(driver.ctx, Keeper(data))
    scene = open_picker(driver, tmp_path)
    assert PlaceKind.SAVES not in places_of(scene)
    folder = data.saves_folder()
    assert folder is not None
    shutil.copy(DATA / "v1-game.sudoku", folder / "kept.sudoku")
    scene.cover()
    scene.uncover()  # back from a game, say: the shortcuts are looked at again
    assert places_of(scene)[PlaceKind.SAVES] == [str(folder)]
    click_place(driver, scene, PlaceKind.SAVES)
    settle(driver, scene)
    assert names(scene) == ["..", "kept.sudoku"]


def test_a_new_run_opens_where_the_player_last_chose_a_puzzle(
    driver: Driver, tree: Path, tmp_path: Path
) -> None:
    data = open_user_data(tmp_path / "data", threaded=False)
    data.used_folder(str(tree / "books"))
    data.close()
    seams.connect(driver.ctx, Keeper(open_user_data(tmp_path / "data", threaded=False)))
    driver.app.apply(Go(Picker()))  # the menu's Open puzzle, in a new run
    scene = driver.top
    assert isinstance(scene, PickerScene)
    assert scene.browser.folder.path == str(tree / "books")


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (1080, 1920)])
def test_the_line_and_the_shortcuts_fit_every_window(
    make_driver: MakeDriver, tree: Path, size: tuple[int, int]
) -> None:
    driver = make_driver(size)
    for name in ("books", "boxes", "start"):
        driver.ctx.session.played_from(str(tree / name))
    scene = open_picker(driver, tree / "books")
    settle(driver, scene)
    layout = scene.layout
    assert layout.places.right < layout.list.x and layout.places.bottom <= layout.footer.y
    arranged = places_view.arrange(layout, scene.places)
    assert len(arranged.rects) == len(scene.places)  # room for all of them
    assert all(layout.places.contains(rect) for _, rect in arranged.rects)
    ctrl_l(driver)
    driver.text("b")
    press(driver, pygame.K_TAB)
    settle(driver, scene)
    assert scene.browser.line is not None
    drop = line_view.arrange(layout, scene.browser.line)
    assert drop.card.bottom < layout.footer.y and drop.card.right <= layout.width
    driver.step()


def test_a_slow_look_up_says_so_and_esc_drops_its_late_answer(
    driver: Driver, tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.session.picker import line_desk
    from game.session.picker.path_line import Found
    from game.ui.picker.line_view import SHOW_WAITING

    gate = threading.Event()

    def slow(text: str, base: str, stop: object) -> Found:
        gate.wait(20)  # a sleeping network drive
        return Found(str(tree / "books"))

    monkeypatch.setattr(line_desk, "look_up", slow)
    scene = open_picker(driver, tree / "start")
    settle(driver, scene)
    ctrl_l(driver)
    driver.text("anything")
    press(driver, pygame.K_RETURN)
    driver.step(dt=SHOW_WAITING + 0.1)
    line = scene.browser.line
    assert line is not None and line.waiting and line.waited >= SHOW_WAITING
    press(driver, pygame.K_ESCAPE)  # the player gives up on it
    assert scene.field is None
    gate.set()
    assert scene.jobs.wait_idle()
    driver.step(dt=0.1)
    assert scene.browser.folder.path == str(tree / "start")  # the late answer went nowhere
