"""The loop: one injectable iteration, sleeping when idle, redrawing only on change."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.session.play.puzzle_kind import Variant
from game.session.tasks import Task, TaskRunner
from game.ui.app.loop import App, parse_options
from game.ui.board.scene import BoardScene
from game.ui.screens.menu import MenuScene
from game.ui.screens.notice import NoticeScene
from game.ui.screens.settings import ROWS, SettingsScene

from ..conftest import Driver, MakeDriver, start_board


def test_nothing_changes_nothing_is_drawn(driver: Driver) -> None:
    frames = driver.app.frames
    for _ in range(10):
        driver.step(dt=0.5)
    assert driver.app.frames == frames
    assert driver.top.wake_in() is None  # the menu sleeps until input


def test_the_board_wakes_once_a_second_for_the_clock(driver: Driver) -> None:
    start_board(driver)
    scene = driver.top
    assert isinstance(scene, BoardScene)
    driver.step(dt=0.25)
    wait = scene.wake_in()
    assert wait is not None and 0.7 < wait <= 0.76
    frames = driver.app.frames
    driver.step(dt=0.25)
    assert driver.app.frames == frames  # same second: no redraw
    driver.step(dt=0.6)
    assert driver.app.frames == frames + 1


def test_without_a_visible_clock_the_board_sleeps(make_driver: MakeDriver) -> None:
    driver = make_driver(show_timer=False)
    start_board(driver)
    driver.settle()  # the puzzle's rating arrives from the background and is shown
    assert driver.top.wake_in() is None
    frames = driver.app.frames
    driver.step(dt=3.0)
    assert driver.app.frames == frames


def test_moving_the_mouse_over_nothing_draws_nothing(driver: Driver) -> None:
    start_board(driver)
    driver.move((1, 1))
    frames = driver.app.frames
    driver.move((2, 2))
    driver.move((3, 1))
    assert driver.app.frames == frames


def test_hovering_a_button_redraws_once(driver: Driver) -> None:
    start_board(driver)
    scene = driver.top
    assert isinstance(scene, BoardScene)
    frames = driver.app.frames
    driver.move(scene.layout.actions["hint"].center)
    driver.move(scene.layout.actions["hint"].move(2, 0).center)
    assert driver.app.frames == frames + 1
    assert "H" in next(a.tooltip for a in scene.panel_model().actions if a.name == "hint")


def test_theme_switch_applies_at_once(driver: Driver) -> None:
    driver.app.apply(driver.top.choose("settings"))  # type: ignore[attr-defined]
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    frames = driver.app.frames
    driver.click(scene.rect_of("theme", "dark").center)
    assert driver.ctx.settings.theme == "dark"
    assert driver.ctx.palette.name == "dark"
    assert driver.app.frames == frames + 1


def test_settings_rows_cover_every_field() -> None:
    from dataclasses import fields

    from game.session.play import Settings

    assert {row.key for row in ROWS} == {f.name for f in fields(Settings)}


def test_settings_change_reaches_the_game_the_scenes_and_the_keeper(driver: Driver) -> None:
    seen = []
    driver.ctx.listen(lambda old, new: seen.append(new))
    start_board(driver)
    driver.ctx.change_settings(mistake_limit=3)
    assert seen and seen[-1].mistake_limit == 3
    assert driver.ctx.session.game is not None
    assert driver.ctx.session.game.settings.mistake_limit == 3
    assert driver.ctx.keeper.saved_settings.mistake_limit == 3


def test_f11_toggles_full_screen_and_relayouts(driver: Driver) -> None:
    assert not driver.app.display.fullscreen
    driver.key(pygame.K_F11)
    assert driver.app.display.fullscreen
    assert driver.ctx.settings.fullscreen
    driver.key(pygame.K_F11)
    assert not driver.app.display.fullscreen


def test_resizing_relayouts_the_board(driver: Driver) -> None:
    start_board(driver)
    scene = driver.top
    assert isinstance(scene, BoardScene)
    pygame.display.set_mode((900, 1600), pygame.RESIZABLE)
    driver.step(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 1600), w=900, h=1600))
    assert driver.ctx.size == (900, 1600)
    assert not scene.layout.landscape


def test_ctrl_o_on_the_menu_opens_the_picker(driver: Driver) -> None:
    from game.ui.picker.scene import PickerScene

    assert isinstance(driver.top, MenuScene)
    driver.key(pygame.K_o, pygame.KMOD_LCTRL)
    assert isinstance(driver.top, PickerScene)


def test_ctrl_s_opens_the_save_dialog(driver: Driver) -> None:
    from game.ui.screens.save_dialog import SaveDialogScene

    start_board(driver)
    driver.key(pygame.K_s, pygame.KMOD_LCTRL)
    assert isinstance(driver.top, SaveDialogScene)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, BoardScene)


def test_opening_a_file_reads_it_in_the_background(driver: Driver, tmp_path: object) -> None:
    from pathlib import Path

    from game.ui.stage.destinations import OpenFile
    from game.ui.stage.scene_stack import Go

    path = Path(str(tmp_path)) / "one.txt"
    path.write_text(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
    )
    driver.app.apply(Go(OpenFile(str(path))))
    driver.settle()
    assert isinstance(driver.top, BoardScene)
    assert driver.top.play.origin.heading == "one"
    bad = Path(str(tmp_path)) / "bad.txt"
    bad.write_text("not a sudoku\n")
    driver.app.apply(Go(OpenFile(str(bad))))
    driver.settle()
    assert isinstance(driver.top, NoticeScene)
    assert "bad.txt" in driver.top.body


def test_options() -> None:
    assert parse_options([]).windowed is False
    options = parse_options(["--size", "800x600", "x.txt"])
    assert options.windowed and options.size == (800, 600) and options.path == "x.txt"
    with pytest.raises(SystemExit):
        parse_options(["--size", "big"])


def test_the_window_size_reads_numbers_as_every_command_does() -> None:
    assert parse_options(["--size", "0800x0600"]).size == (800, 600)
    for text in ("８００x６００", "+800x600", "8_00x600", "800x600x2", " 800x600", "800x"):
        with pytest.raises(SystemExit):
            parse_options(["--size", text])


def test_tasks_deliver_on_the_main_thread_and_cancel() -> None:
    woken = []
    runner = TaskRunner(wake=lambda: woken.append(1))
    results: list[int] = []
    runner.run(lambda task: 6 * 7, results.append)

    cancelled = threading.Event()

    def slow_job(task: Task[int]) -> int:
        cancelled.wait()  # the job looks for a cancel only once it was cancelled
        task.check()
        return 1

    slow = runner.run(slow_job, results.append)
    slow.cancel()
    cancelled.set()
    assert runner.wait_idle()
    assert runner.poll() == 1
    assert results == [42]
    assert woken


def test_a_new_game_can_be_cancelled(driver: Driver) -> None:
    from game.session.play.puzzle_kind import PuzzleKind
    from game.ui.stage.destinations import Generate
    from game.ui.stage.scene_stack import Go

    driver.app.apply(Go(Generate(PuzzleKind(Variant.CLASSIC, 9))))
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, MenuScene)
    driver.ctx.tasks.wait_idle()
    driver.step()
    assert isinstance(driver.top, MenuScene)  # the late result is dropped


def test_app_construction_defaults_to_the_menu(make_driver: MakeDriver) -> None:
    driver = make_driver((800, 600))
    assert isinstance(driver.top, MenuScene)
    assert isinstance(driver.app, App)


def test_text_wraps_words_longer_than_a_line() -> None:
    from game.ui.kit.text import Text

    text = Text()
    lines = text.wrap("see " + "x" * 200 + " here", 14, 120)
    assert all(text.measure(line, 14)[0] <= 120 for line in lines)
    assert "".join(lines).replace(" ", "") == "see" + "x" * 200 + "here"


def test_run_game_opens_the_menu_and_quits_on_the_window_close(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.ui.app.loop import run_game
    from game.ui.stage import display

    shown = display.Display.present
    frames: list[tuple[int, int]] = []

    def present(self: display.Display, rects: list[pygame.Rect] | None = None) -> None:
        shown(self, rects)
        if not frames:  # the window closes once the menu is on screen, however late
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames.append(self.size)

    monkeypatch.setattr(display.Display, "present", present)
    try:
        assert run_game(["--windowed", "--size", "800x600"]) == 0
    finally:
        pygame.display.init()  # run_game ends with pygame.quit(); later tests need these
        pygame.font.init()
    assert frames and frames[0] == (800, 600)


def test_a_window_larger_than_the_screen_is_fitted_to_it() -> None:
    from game.ui.stage.display import MIN_SIZE, desktop_size, fitted

    size, clamped = fitted((99_999_999, 99_999_999))
    assert clamped and size == desktop_size()
    small, clamped = fitted((100, 100))
    assert clamped and small == MIN_SIZE
    assert fitted(MIN_SIZE) == (MIN_SIZE, False)


def test_without_sdl_to_sleep_on_the_loop_sleeps_and_still_sees_events(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The dummy driver's wait: nothing pending gives nothing after the timeout, and
    an event posted while the loop sleeps (a task done, a timer) comes back."""
    import time

    from game.ui.app import loop

    sleeps: list[float] = []
    events = loop.PygameEvents()
    assert events._sdl_wait is None  # the tests run under the dummy driver
    pygame.event.clear()

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        if len(sleeps) == 3:
            pygame.event.post(pygame.event.Event(pygame.USEREVENT, tag="woken"))

    monkeypatch.setattr(time, "sleep", sleep)
    assert events.wait(0) == [] and not sleeps
    woken = events.wait(None)
    assert [getattr(e, "tag", None) for e in woken] == ["woken"]
    assert len(sleeps) == 3 and all(0 < s <= loop.SLICE for s in sleeps)
