"""Save as and Export (Ctrl+S): names checked as typed, the Replace question, files written."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.errors import PuzzleError
from game.engine.formats import open_puzzles
from game.session.keep.keeper import Keeper
from game.session.keep.savegame import load_saved
from game.session.play.puzzle_kind import Origin, PuzzleKind, Variant
from game.ui.app import startup as seams
from game.ui.board.scene import BoardScene
from game.ui.screens.save_dialog import Mode, SaveDialogScene, check_name, suggest_name

from ..conftest import PUZZLE, Driver, start_board

CTRL = pygame.KMOD_LCTRL


@pytest.fixture
def saving(driver: Driver, tmp_path: Path) -> Driver:
    """A driver whose keeper writes into ``tmp_path``."""
    from game.session.keep.userdata import open_user_data

    seams.connect(driver.ctx, Keeper(open_user_data(tmp_path, threaded=False)))
    start_board(driver)
    return driver


def dialog(driver: Driver) -> SaveDialogScene:
    driver.key(pygame.K_s, CTRL)
    scene = driver.top
    assert isinstance(scene, SaveDialogScene)
    return scene


def type_name(driver: Driver, name: str) -> None:
    driver.key(pygame.K_BACKSPACE)  # the suggestion goes as a whole
    driver.text(name)


def test_the_suggestion_is_free_and_enter_saves_it(saving: Driver, tmp_path: Path) -> None:
    scene = dialog(saving)
    assert scene.field.suggested and scene.field.text.startswith("Easy ")
    saving.key(pygame.K_RETURN)
    board = saving.top
    assert isinstance(board, BoardScene)
    path = tmp_path / "saves" / f"{scene.field.text}.sudoku"
    assert path.exists()
    assert board.panel_model().status == f"Saved {path.name} in {path.parent}"
    again = dialog(saving)
    assert again.field.text.endswith("(2)")  # the suggestion never asks to replace


def test_illegal_and_reserved_names_say_why_inline(saving: Driver) -> None:
    scene = dialog(saving)
    type_name(saving, "my/game")
    message, error = scene.message()
    assert error and "cannot contain /" in message
    assert not scene.enabled("footer", "save")
    saving.key(pygame.K_RETURN)
    assert saving.top is scene  # nothing written, the dialog stays
    for _ in range(10):
        saving.key(pygame.K_BACKSPACE)
    saving.text("COM1")
    message, error = scene.message()
    assert error and "reserved" in message
    for _ in range(10):
        saving.key(pygame.K_BACKSPACE)
    saving.key(pygame.K_RETURN)
    assert scene.message() == ("Type a name for the saved game.", True)


def test_a_taken_name_asks_before_replacing(saving: Driver, tmp_path: Path) -> None:
    dialog(saving)
    type_name(saving, "mine")
    saving.key(pygame.K_RETURN)
    path = tmp_path / "saves" / "mine.sudoku"
    first = path.read_text()
    board = saving.top
    assert isinstance(board, BoardScene)
    board.play.select(2)
    saving.key(pygame.K_4)
    scene = dialog(saving)
    type_name(saving, "mine")
    assert "asked" in scene.message()[0]
    saving.key(pygame.K_RETURN)
    assert scene.replacing is not None and not scene.input_context().text_entry
    saving.key(pygame.K_ESCAPE)  # Back: the name is still there to change
    assert scene.replacing is None and scene.field.text == "mine"
    assert path.read_text() == first
    saving.key(pygame.K_RETURN)
    saving.key(pygame.K_RETURN)  # Replace
    assert isinstance(saving.top, BoardScene)
    assert load_saved(path).game.state.entries[2] == 4


def test_export_writes_the_givens_as_text(saving: Driver, tmp_path: Path) -> None:
    scene = dialog(saving)
    saving.key(pygame.K_TAB)
    assert scene.mode is Mode.PUZZLE and scene.field.suggested
    type_name(saving, "share.txt")
    saving.key(pygame.K_RETURN)
    path = tmp_path / "saves" / "share.txt"
    board = saving.top
    assert isinstance(board, BoardScene) and "exported" in board.panel_model().status
    [record] = list(open_puzzles(path))
    assert not isinstance(record, PuzzleError)
    assert "".join(str(d) if d else "." for d in record.puzzle.givens) == PUZZLE


def test_escape_and_clicks_outside_keep_the_game(saving: Driver) -> None:
    scene = dialog(saving)
    saving.click((3, 3))  # outside the card: nothing happens, the typed name stays
    assert saving.top is scene
    saving.key(pygame.K_ESCAPE)
    assert isinstance(saving.top, BoardScene)


def test_clicking_the_mode_and_the_field(saving: Driver) -> None:
    scene = dialog(saving)
    saving.click(scene.rect_of("mode", Mode.PUZZLE).center)
    assert scene.mode is Mode.PUZZLE
    saving.click(scene.layout().areas["field"].midleft)
    assert scene.field.caret == 0 and not scene.field.suggested
    saving.click(scene.rect_of("footer", "cancel").center)
    assert isinstance(saving.top, BoardScene)


def test_names_for_export_and_suggestions(tmp_path: Path) -> None:
    assert check_name("a.txt", tmp_path, Mode.PUZZLE).name == "a.txt"
    assert check_name("a", tmp_path, Mode.PUZZLE).name == "a.txt"
    assert check_name("a", tmp_path, Mode.GAME).name == "a.sudoku"
    assert not check_name("nul.txt", tmp_path, Mode.PUZZLE).ok
    info = Origin(PuzzleKind(Variant.CLASSIC, 9, None), title="Grid 01: hard?")
    name = suggest_name(info, tmp_path, Mode.GAME, today="2025-01-31")
    assert name == "Grid 01- hard- 2025-01-31"
    (tmp_path / f"{name}.sudoku").write_text("")
    assert suggest_name(info, tmp_path, Mode.GAME, "2025-01-31") == f"{name} (2)"


def test_open_shows_the_saves_first_then_where_the_player_was(
    saving: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.app import routes
    from game.ui.screens.notice import NoticeScene

    opened: list[str | None] = []

    def picker(ctx: object, folder: str | None) -> NoticeScene:
        opened.append(folder)
        return NoticeScene(saving.ctx, "Picker", folder or "")

    monkeypatch.setattr(routes, "PickerScene", picker)
    saving.key(pygame.K_o, CTRL)  # no saves yet: the picker's own choice
    saving.key(pygame.K_RETURN)
    dialog(saving)
    saving.key(pygame.K_RETURN)  # saved
    saving.key(pygame.K_o, CTRL)  # just saved: the saves folder
    saving.key(pygame.K_RETURN)
    saving.key(pygame.K_o, CTRL)  # and then the picker's memory again
    assert opened[0] is None
    assert opened[1] is not None and opened[1].endswith("saves")
    assert opened[2] is None
