"""Everything kept between runs, seen from the UI: several "runs" over one data folder.

Each run is a fresh context with ``seams.install`` (as ``main.py`` does) over a
temporary ``SUDOKU_DATA_DIR``; quitting quits the session, as the app's loop does.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.logic.registry import Level
from game.session.keep.keeper import CANNOT_READ, CANNOT_SAVE
from game.session.keep.savegame import load_saved
from game.session.play import Phase
from game.session.play.help_ledger import Deduction
from game.session.play.puzzle_kind import PuzzleKind, Variant
from game.session.tasks import TaskRunner
from game.ui.app import routes
from game.ui.app import startup as seams
from game.ui.app.loop import App
from game.ui.board.lose import LoseScene
from game.ui.board.pause import PauseScene
from game.ui.board.scene import BoardScene
from game.ui.board.win import WinScene
from game.ui.input.actions import Action
from game.ui.screens.menu import MenuScene
from game.ui.screens.notice import NoticeScene
from game.ui.stage.context import AppContext
from game.ui.stage.destinations import OpenFile
from game.ui.stage.display import Display
from game.ui.stage.scene_stack import Go, Reset

from ..conftest import SOLUTION, Driver, answer, harmless_mistakes, prepared

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "data"
    monkeypatch.setenv("SUDOKU_DATA_DIR", str(folder))
    yield folder


def run(windowed: bool = False) -> Driver:
    """A new run of the game over the data folder, as ``run_game`` starts one."""
    from game.session.play import Settings

    ctx = AppContext(Settings(), tasks=TaskRunner(wake=lambda: None), size=(1280, 800))
    seams.install(ctx)
    if windowed:
        ctx.settings_override(fullscreen=False)
    driver = Driver(App(ctx, Display(False, (1280, 800))))
    driver.step()
    return driver


EASY9 = PuzzleKind(Variant.CLASSIC, 9, Level.EASY)


def quit_game(driver: Driver) -> None:
    driver.ctx.session.quit()


def board(driver: Driver) -> BoardScene:
    scene = driver.top
    assert isinstance(scene, BoardScene)
    return scene


def start(driver: Driver) -> BoardScene:
    driver.app.apply(routes.board(driver.ctx, prepared()))
    driver.step()
    return board(driver)


def place(driver: Driver, cell: int, digit: int, mod: int = 0) -> None:
    board(driver).play.select(cell)
    driver.key(pygame.K_0 + digit, mod)


def win(driver: Driver, seconds: float = 0.0) -> WinScene:
    scene = board(driver)
    scene.game.elapsed = seconds
    for cell in range(81):
        if not scene.game.is_given(cell) and not scene.game.grid[cell]:
            place(driver, cell, int(SOLUTION[cell]))
    driver.run(2.0)
    card = driver.top
    assert isinstance(card, WinScene)
    return card


# -- settings ---------------------------------------------------------------------------------


def test_settings_are_read_at_start_and_written_on_every_change(data: Path) -> None:
    first = run()
    first.ctx.change_settings(theme="dark", key_bindings={"hint": ("ctrl+h",)})
    quit_game(first)
    saved = json.loads((data / "settings.json").read_text())
    assert saved["theme"] == "dark" and saved["key_bindings"] == {"hint": ["ctrl+h"]}
    second = run()
    assert second.ctx.settings.theme == "dark"
    assert second.ctx.keymap.keys_for(Action.HINT) == ["Ctrl+H"]


def test_windowed_on_the_command_line_stays_out_of_the_file(data: Path) -> None:
    first = run()
    first.ctx.change_settings(fullscreen=True)
    quit_game(first)
    second = run(windowed=True)
    assert not second.ctx.settings.fullscreen
    second.ctx.change_settings(theme="dark")  # any other change writes the file
    quit_game(second)
    saved = json.loads((data / "settings.json").read_text())
    assert saved["fullscreen"] is True and saved["theme"] == "dark"
    third = run()
    assert third.ctx.settings.fullscreen


# -- Continue -----------------------------------------------------------------------------------


def test_continue_restores_the_game_exactly_in_the_next_run(data: Path) -> None:
    first = run()
    scene = start(first)
    game = scene.game
    (cell, wrong), *_ = harmless_mistakes(1)
    place(first, 2, 4)  # r1c3: right
    place(first, cell, wrong)  # a mistake
    place(first, 3, 2, SHIFT)  # notes in r1c4
    place(first, 3, 6, SHIFT)
    first.key(pygame.K_z, CTRL)  # undo the last note: it stays redoable
    game.charge_hint(Deduction("Naked Single", frozenset({(3, 6)}), frozenset()))
    first.run(3.0)
    board(first).play.select(40)
    quit_game(first)

    second = run()
    menu = second.top
    assert isinstance(menu, MenuScene)
    assert menu.buttons.items[0].key == "continue"
    assert "Easy" in menu.body
    second.key(pygame.K_RETURN)  # Continue is the default
    again = board(second).game
    assert again.state == game.state
    assert again.history.moves == game.history.moves
    assert again.history.position == game.history.position
    assert again.can_redo()
    assert again.mistakes == game.mistakes == 1
    assert again.hints_used == 1
    assert board(second).play.cursor == 40
    assert again.elapsed == pytest.approx(game.elapsed)
    assert second.ctx.session.created == first.ctx.session.created != ""
    second.key(pygame.K_y, CTRL)  # redo the note undone in the last run
    assert again.state.notes[3]


def test_the_start_time_survives_continue(data: Path) -> None:
    first = run()
    start(first)
    place(first, 2, 4)
    quit_game(first)
    created = json.loads((data / "autosave.sudoku").read_text())["created"]
    second = run()
    second.key(pygame.K_RETURN)
    place(second, 4, 6)
    quit_game(second)
    assert json.loads((data / "autosave.sudoku").read_text())["created"] == created


def test_pause_and_focus_loss_save_the_clock_at_once(data: Path) -> None:
    driver = run()
    scene = start(driver)
    place(driver, 2, 4)
    driver.run(3.5)
    driver.step(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    driver.ctx.keeper.data.writer.flush()
    saved = json.loads((data / "autosave.sudoku").read_text())
    assert saved["elapsed"] == pytest.approx(scene.game.elapsed)
    driver.run(2.0)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    driver.ctx.keeper.data.writer.flush()
    saved = json.loads((data / "autosave.sudoku").read_text())
    assert saved["elapsed"] == pytest.approx(scene.game.elapsed)


def test_a_win_counts_at_once_and_quitting_on_its_card_loses_nothing(data: Path) -> None:
    driver = run()
    start(driver)
    place(driver, 2, 4)
    driver.ctx.keeper.data.writer.flush()
    assert (data / "autosave.sudoku").exists()
    card = win(driver, seconds=100.0)
    assert "New best" not in card.body
    quit_game(driver)  # the window closes while the card is up
    assert load_saved(data / "autosave.sudoku").game.phase is Phase.SOLVED
    again = run()
    assert not again.ctx.session.can_continue  # nothing to play on
    kind = again.ctx.keeper.stats.kind(EASY9)
    assert (kind.played, kind.won, kind.best_time) == (1, 1, pytest.approx(100.0))


def test_leaving_a_finished_game_clears_its_autosave(data: Path) -> None:
    driver = run()
    start(driver)
    card = win(driver, seconds=100.0)
    driver.app.apply(card.choose("menu"))
    assert isinstance(driver.top, MenuScene)
    driver.ctx.keeper.data.writer.flush()
    assert not (data / "autosave.sudoku").exists()


def test_a_faster_win_is_a_new_best_on_the_win_card(data: Path) -> None:
    first = run()
    start(first)
    win(first, seconds=300.0)
    quit_game(first)
    second = run()
    start(second)
    assert "New best!" in win(second, seconds=200.0).body
    second.app.apply(Reset((routes.menu(second.ctx),)))
    start(second)
    card = win(second, seconds=250.0)
    assert "New best" not in card.body and "best 03:20" in card.body


# -- what counts as played ---------------------------------------------------------------------


def test_a_game_left_with_moves_for_another_counts_as_played(data: Path) -> None:
    driver = run()
    start(driver)
    place(driver, 2, 4)
    start(driver)  # another game: the first one is abandoned
    driver.step()
    kind = driver.ctx.keeper.stats.kind(EASY9)
    assert (kind.played, kind.won, kind.streak) == (1, 0, 0)


def test_a_game_only_looked_at_is_not_counted(data: Path) -> None:
    driver = run()
    start(driver)
    start(driver)
    driver.step()
    assert driver.ctx.keeper.stats.kind(EASY9).played == 0


def test_quitting_abandons_nothing(data: Path) -> None:
    driver = run()
    start(driver)
    place(driver, 2, 4)
    quit_game(driver)
    assert run().ctx.keeper.stats.kind(EASY9).played == 0


def dead_end_move() -> tuple[int, int]:
    """A digit that leaves the puzzle unsolvable in a way the rules can see."""
    from game.engine.rules import dead_end
    from game.engine.shape import Shape

    from ..conftest import PUZZLE

    grid = [int(c) if c != "." else 0 for c in PUZZLE]
    shape = Shape.classic(9)
    for cell in range(81):
        for digit in range(1, 10):
            if grid[cell] or any(grid[p] == digit for p in shape.peers[cell]):
                continue
            trial = list(grid)
            trial[cell] = digit
            if dead_end(shape, tuple(trial)) is not None:
                return cell, digit
    raise AssertionError("no dead end in one move")


def test_a_dead_end_undone_and_then_won_counts_once_as_a_win(data: Path) -> None:
    driver = run()
    scene = start(driver)
    place(driver, *dead_end_move())
    driver.run(1.0)
    assert board(driver) is scene and scene.game.phase is Phase.PLAYING  # no card
    driver.key(pygame.K_z, CTRL)
    assert driver.ctx.keeper.stats.kind(EASY9).played == 0
    win(driver, seconds=50.0)
    kind = driver.ctx.keeper.stats.kind(EASY9)
    assert (kind.played, kind.won) == (1, 1)


def test_closing_the_window_on_the_solution_card_keeps_the_game(data: Path) -> None:
    driver = run()
    start(driver)
    place(driver, 2, 4)
    driver.key(pygame.K_s, CTRL | SHIFT)
    answer(driver)
    driver.run(3.0)
    assert isinstance(driver.top, LoseScene)
    quit_game(driver)  # the card is up: nothing is counted, nothing deleted
    again = run()
    assert again.ctx.keeper.stats.kind(EASY9).played == 0
    assert again.ctx.session.can_continue  # Undo can still revive it
    again.key(pygame.K_RETURN)
    again.step()
    card = again.top  # the solution's card comes back with the game
    assert isinstance(card, LoseScene) and card.buttons.items[0].key == "undo"
    again.key(pygame.K_RETURN)  # Undo Solve
    revived = board(again).game
    assert revived.phase is Phase.PLAYING and revived.solution_seen
    start(again)  # left for another game: played, not won
    again.step()
    kind = again.ctx.keeper.stats.kind(EASY9)
    assert (kind.played, kind.won) == (1, 0)


def test_a_loss_to_the_mistake_limit_counts_at_once(data: Path) -> None:
    driver = run()
    driver.ctx.change_settings(mistake_limit=3)
    start(driver)
    for cell, digit in harmless_mistakes(3):
        place(driver, cell, digit)
    driver.run(1.0)
    assert isinstance(driver.top, LoseScene)
    assert driver.ctx.keeper.stats.kind(EASY9).played == 1
    quit_game(driver)
    assert run().ctx.keeper.stats.kind(EASY9).played == 1  # counted once


# -- messages --------------------------------------------------------------------------------


def test_a_corrupt_autosave_is_set_aside_and_said_once(data: Path) -> None:
    data.mkdir(parents=True)
    (data / "autosave.sudoku").write_text('{"format": "sudoku-game", "version": 1, "puz')
    driver = run()
    notice = driver.top
    assert isinstance(notice, NoticeScene)
    assert notice.title == CANNOT_READ and "game in progress" in notice.body
    assert any(p.name.startswith("autosave.sudoku.corrupt-") for p in data.iterdir())
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, MenuScene)
    assert not driver.ctx.session.can_continue
    driver.run(0.5)
    assert isinstance(driver.top, MenuScene)  # once
    quit_game(driver)
    assert not isinstance(run().top, NoticeScene)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a non-root POSIX user")
def test_a_read_only_folder_says_progress_cannot_be_saved(data: Path) -> None:
    data.mkdir(parents=True)
    data.chmod(0o500)
    try:
        driver = run()
        notice = driver.top
        assert isinstance(notice, NoticeScene) and notice.title == CANNOT_SAVE
        driver.key(pygame.K_RETURN)
        start(driver)
        place(driver, 2, 4)  # the game still runs
    finally:
        data.chmod(0o700)


def test_an_unusable_folder_says_progress_cannot_be_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SUDOKU_DATA_DIR", str(blocker / "data"))
    driver = run()
    notice = driver.top
    assert isinstance(notice, NoticeScene) and notice.title == CANNOT_SAVE
    assert "cannot be saved" in notice.body
    driver.key(pygame.K_RETURN)
    scene = start(driver)
    place(driver, 2, 4)
    assert scene.game.state.entries[2] == 4
    driver.key(pygame.K_s, CTRL)  # the dialog opens and says why it cannot save
    from game.ui.screens.save_dialog import SaveDialogScene

    dialog = driver.top
    assert isinstance(dialog, SaveDialogScene)
    message, error = dialog.message()
    assert error and "cannot be saved" in message
    driver.key(pygame.K_RETURN)
    assert driver.top is dialog
    quit_game(driver)


# -- opening saved games -----------------------------------------------------------------------


def test_opening_a_save_keeps_its_history(data: Path, tmp_path: Path) -> None:
    driver = run()
    scene = start(driver)
    place(driver, 2, 4)
    place(driver, 3, 6)
    game = scene.game
    path = tmp_path / "kept.sudoku"
    from game.session.keep.savegame import write_game

    write_game(path, game)
    driver.app.apply(Reset((routes.menu(driver.ctx),)))
    driver.app.apply(Go(OpenFile(str(path))))
    answer(driver)  # the game in progress is left for the saved one
    driver.settle()
    opened = board(driver)
    assert opened.game is not game and opened.game.state == game.state
    assert opened.play.origin.heading == "kept"
    driver.key(pygame.K_z, CTRL)
    assert opened.game.state.entries[3] == 0


def test_a_bad_save_says_why_and_changes_nothing(data: Path, tmp_path: Path) -> None:
    driver = run()
    scene = start(driver)
    place(driver, 2, 4)
    path = tmp_path / "bad.sudoku"
    text = json.loads(load_saved_text(scene))
    text["moves"] = ["plce r1c1 5"]
    text["position"] = 1
    path.write_text(json.dumps(text))
    before = path.read_text()
    driver.app.apply(Go(OpenFile(str(path))))
    answer(driver)
    driver.settle()
    notice = driver.top
    assert isinstance(notice, NoticeScene)
    assert notice.title == "This saved game cannot be opened"
    assert "moves[0]" in notice.body and "bad.sudoku" in notice.body
    assert path.read_text() == before
    assert driver.ctx.session.game is scene.game


def load_saved_text(scene: BoardScene) -> str:
    from game.session.keep.savegame import save_game

    return save_game(scene.game)


def test_saved_games_read_back_with_their_origin(data: Path) -> None:
    driver = run()
    scene = start(driver)
    place(driver, 2, 4)
    name = driver.ctx.keeper.saves_folder()
    assert name is not None
    from game.session.keep.filenames import validate_save_name

    session = driver.ctx.session
    written = driver.ctx.keeper.save_as(
        scene.game, scene.play.origin, validate_save_name("one", name), session.created
    )
    assert written.ok and written.path is not None
    saved = load_saved(written.path)
    assert saved.origin.kind == scene.play.origin.kind
    assert saved.created == driver.ctx.session.created


def test_a_saved_title_with_escapes_and_line_breaks_is_shown_clean(data: Path) -> None:
    """ESC, a right-to-left override and line breaks in a save's title never reach
    the screen: the Continue line, the board's header and the picker use one rule."""
    from game.engine.puzzle import Puzzle
    from game.session.keep.savegame import save_game
    from game.session.play.game import Game
    from game.session.play.puzzle_kind import Origin

    from ..conftest import PUZZLE

    game = Game(Puzzle.from_string(PUZZLE))
    game.place(2, 4)
    title = "Evil\x1b[2J\u202eelttit\nsecond line\r\x07"
    origin = Origin(PuzzleKind(Variant.CLASSIC, 9, None), path="/x/evil.txt", title=title)
    data.mkdir(parents=True)
    (data / "autosave.sudoku").write_text(save_game(game, origin), encoding="utf-8")
    second = run()
    menu = second.top
    assert isinstance(menu, MenuScene)
    assert menu.buttons.items[0].key == "continue"
    shown = menu.body
    for bad in ("\x1b", "\u202e", "\n", "\r", "\x07"):
        assert bad not in shown
    assert "Evil\ufffd[2J\ufffdelttit\ufffdsecond line" in shown
    second.key(pygame.K_RETURN)
    header = board(second).panel_model().title
    assert header == "Evil\ufffd[2J\ufffdelttit\ufffdsecond line\ufffd\ufffd"
