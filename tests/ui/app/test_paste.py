"""Paste, enter, copy and export: the clipboard and the command line as ways into a game."""

from __future__ import annotations

import datetime
from pathlib import Path

import pygame
import pytest

from game.cli import unknown_argument
from game.engine.formats import fpuzzles_link
from game.engine.puzzle import Puzzle
from game.session.keep.keeper import Keeper
from game.session.keep.userdata import open_user_data
from game.session.play.puzzle_kind import Origin, PuzzleKind
from game.ui.app.loop import COMMAND_LINE, opening
from game.ui.board import share
from game.ui.board.picture import export_picture
from game.ui.board.scene import BoardScene
from game.ui.board.share import ShareScene
from game.ui.editor.scene import EditorScene
from game.ui.picker.scene import PickerScene
from game.ui.screens import menu
from game.ui.screens.menu import MenuScene
from game.ui.screens.notice import NoticeScene
from game.ui.screens.rules import RulesCard
from game.ui.stage.destinations import OpenFile, OpenText, Picker

from ..conftest import PUZZLE, Driver, start_board

CTRL = pygame.KMOD_LCTRL


@pytest.fixture
def clipboard(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The clipboard, as a list whose last text is what is on it."""
    held = [""]
    monkeypatch.setattr(menu, "read_clipboard", lambda: held[-1])
    monkeypatch.setattr("game.ui.board.scene.read_clipboard", lambda: held[-1])
    monkeypatch.setattr("game.ui.picker.scene.read_clipboard", lambda: held[-1])

    def write(text: str) -> bool:
        held.append(text)
        return True

    monkeypatch.setattr(share, "write_clipboard", write)
    return held


def test_ctrl_v_on_the_menu_plays_the_puzzle_on_the_clipboard(
    driver: Driver, clipboard: list[str]
) -> None:
    clipboard.append(f"\n{PUZZLE}\n")
    assert isinstance(driver.top, MenuScene)
    driver.key(pygame.K_v, CTRL)
    driver.settle()
    assert isinstance(driver.top, BoardScene)
    assert driver.top.game.puzzle == Puzzle.from_string(PUZZLE)
    assert driver.top.play.origin.heading == "Pasted puzzle"
    # The board opened before the count of solutions; the count arrived after it.
    assert not driver.top.game.proving and driver.top.game.solution is not None
    assert driver.top.play.status.message.startswith("Checked")


def test_a_bad_clipboard_says_why_and_changes_nothing(driver: Driver, clipboard: list[str]) -> None:
    start_board(driver)
    board = driver.top
    for text in ("", "Dear Sir, 12 apples", "55" + PUZZLE[2:]):
        clipboard.append(text)
        driver.key(pygame.K_v, CTRL)
        driver.settle()
        assert isinstance(driver.top, NoticeScene), text
        assert driver.top.body.startswith("The clipboard")
        driver.key(pygame.K_ESCAPE)
        assert driver.top is board
        assert driver.ctx.session.game is board.game  # type: ignore[attr-defined]


def test_the_menu_offers_paste_and_enter(driver: Driver, clipboard: list[str]) -> None:
    scene = driver.top
    assert isinstance(scene, MenuScene)
    keys = [item.key for item in scene.buttons.items]
    assert "paste" in keys and "enter" in keys
    clipboard.append(fpuzzles_link(Puzzle.from_string(PUZZLE), title="Linked"))
    driver.app.apply(scene.choose("paste"))
    driver.settle()
    assert isinstance(driver.top, BoardScene)
    assert driver.top.play.origin.heading == "Linked"


def test_copy_offers_the_forms_and_says_what_was_copied(
    driver: Driver, clipboard: list[str]
) -> None:
    start_board(driver)
    board = driver.top
    assert isinstance(board, BoardScene)
    driver.key(pygame.K_c, CTRL | pygame.KMOD_LSHIFT)
    card = driver.top
    assert isinstance(card, ShareScene)
    labels = [item.label for item in card.buttons.items]
    assert labels[:4] == [
        "Copy as f-puzzles link",
        "Copy as SudokuPad link",
        "Copy as Solo game ID",
        "Copy as Line of digits",
    ]
    driver.app.apply(card.choose("copy-3"))
    assert driver.top is board
    assert clipboard[-1] == PUZZLE
    assert board.play.status.message == "Copied the puzzle as a line (81 characters)."


def test_the_pause_card_leads_to_share(driver: Driver, clipboard: list[str]) -> None:
    start_board(driver)
    driver.key(pygame.K_ESCAPE)
    pause = driver.top
    driver.app.apply(pause.choose("share"))  # type: ignore[attr-defined]
    assert isinstance(driver.top, ShareScene)


def test_export_writes_a_png_in_the_exports_folder(driver: Driver, tmp_path: Path) -> None:
    start_board(driver)
    board = driver.top
    assert isinstance(board, BoardScene)
    driver.key(pygame.K_e, CTRL)  # the tests' keeper keeps nothing: it says so
    assert board.play.status.message == driver.ctx.keeper.why_not_saving()
    keeper = Keeper(open_user_data(tmp_path, threaded=False))
    origin = Origin(PuzzleKind(), title="Wiki")
    message = export_picture(keeper, driver.ctx.text, board.game.puzzle, origin)
    name = f"Wiki {datetime.date.today()}.png"
    assert message.startswith(f"Picture saved as {name} in ")
    image = pygame.image.load(str(tmp_path / "exports" / name))
    assert image.get_width() >= 1800 and image.get_height() > image.get_width()
    assert image.get_at((5, 5))[:3] == (255, 255, 255)  # white paper, whatever the theme


def test_entering_a_puzzle_checks_it_and_plays_it(driver: Driver) -> None:
    driver.app.apply(driver.top.choose("enter"))  # type: ignore[attr-defined]
    editor = driver.top
    assert isinstance(editor, EditorScene)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, EditorScene) and "givens first" in editor.message
    for cell, char in enumerate(PUZZLE):
        if char != ".":
            editor.draft.cursor = cell
            driver.key(getattr(pygame, f"K_{char}"))
    assert editor.draft.count == sum(c != "." for c in PUZZLE)
    editor.draft.cursor = 1
    driver.key(pygame.K_5)  # a second 5 in row 1
    assert "already in row 1" in editor.message
    driver.settle()
    assert editor.draft.verdict.name == "UNIQUE"
    driver.key(pygame.K_RETURN)
    driver.settle()
    assert isinstance(driver.top, BoardScene)
    assert driver.top.game.puzzle == Puzzle.from_string(PUZZLE)
    assert driver.top.play.origin.heading == "Your puzzle"


def test_the_editor_changes_size_only_on_an_empty_board(driver: Driver) -> None:
    driver.app.apply(driver.top.choose("enter"))  # type: ignore[attr-defined]
    editor = driver.top
    assert isinstance(editor, EditorScene)
    driver.key(pygame.K_TAB)
    assert editor.draft.size == 16
    driver.key(pygame.K_g)  # G is 16 on a 16x16 grid
    assert editor.draft.givens[0] == 16
    driver.key(pygame.K_TAB)
    assert editor.draft.size == 16 and "Clear" in editor.message
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, MenuScene)


def test_ctrl_v_in_the_picker_plays_the_clipboard(driver: Driver, clipboard: list[str]) -> None:
    driver.key(pygame.K_o, CTRL)
    assert isinstance(driver.top, PickerScene)
    clipboard.append(PUZZLE)
    driver.key(pygame.K_v, CTRL)
    driver.settle()
    assert isinstance(driver.top, BoardScene)


def test_the_command_line_argument_may_be_a_puzzle(tmp_path: Path) -> None:
    link = fpuzzles_link(Puzzle.from_string(PUZZLE))
    assert opening(link) == OpenText(link, COMMAND_LINE)
    assert opening(PUZZLE) == OpenText(PUZZLE, COMMAND_LINE)
    assert opening(str(tmp_path)) == Picker(str(tmp_path))
    assert opening("missing.txt") == OpenFile("missing.txt")
    (tmp_path / "p.txt").write_text(PUZZLE)
    assert opening(str(tmp_path / "p.txt")) == OpenFile(str(tmp_path / "p.txt"))
    assert unknown_argument([link]) is None
    assert unknown_argument(["--windowed", PUZZLE]) is None
    assert unknown_argument(["slove"]) is not None


def test_a_cage_is_drawn_by_choosing_cells_and_typing_its_sum(driver: Driver) -> None:
    driver.app.apply(driver.top.choose("enter"))  # type: ignore[attr-defined]
    editor = driver.top
    assert isinstance(editor, EditorScene)
    shift = pygame.KMOD_LSHIFT
    driver.key(pygame.K_RIGHT, shift)
    driver.key(pygame.K_RIGHT, shift)
    assert editor.draft.chosen == {0, 1, 2}
    assert editor.input_context().typing  # digits are the sum's figures now
    driver.text("1")
    driver.text("0")
    assert editor.draft.total == "10"
    driver.key(pygame.K_BACKSPACE)
    driver.text("2")
    driver.key(pygame.K_RETURN)
    assert [(c.members, c.total) for c in editor.draft.cages] == [((0, 1, 2), 12)]
    assert not editor.input_context().typing
    editor.draw(driver.app.display.surface)  # the cage is drawn without trouble
    driver.key(pygame.K_BACKSPACE)  # no given under the cursor: the cage goes
    assert not editor.draft.cages


def test_a_variant_on_the_clipboard_plays_with_its_rules(
    driver: Driver, clipboard: list[str]
) -> None:
    clipboard.append("2x2k:p,__aa___acaa_aa_,6_7_7d5a8_7e")  # README's 4x4 killer
    driver.key(pygame.K_v, CTRL)
    driver.settle()
    assert isinstance(driver.top, RulesCard)  # a variant opens with its rules
    assert any("cage" in sentence for sentence in driver.top.sentences)
    driver.key(pygame.K_RETURN)
    board = driver.top
    assert isinstance(board, BoardScene)
    assert board.game.puzzle.rules.kinds() == ("cage",)
    driver.key(pygame.K_c, CTRL | pygame.KMOD_LSHIFT)
    card = driver.top
    assert isinstance(card, ShareScene)
    assert [item.key for item in card.buttons.items][:3] == ["copy-0", "copy-1", "copy-2"]
    driver.app.apply(card.choose("copy-0"))
    assert clipboard[-1].startswith("https://f-puzzles.com/?load=")


def test_a_killer_typed_in_plays_with_its_cages(driver: Driver) -> None:
    driver.app.apply(driver.top.choose("enter"))  # type: ignore[attr-defined]
    editor = driver.top
    assert isinstance(editor, EditorScene)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)  # 9x9, 16x16, then 4x4
    assert editor.draft.size == 4
    shift = pygame.KMOD_LSHIFT
    down, right, left = pygame.K_DOWN, pygame.K_RIGHT, pygame.K_LEFT
    # README's 4x4 killer, cage by cage: first cell, Shift+arrows, sum.
    for first, keys, total in (
        (0, (down, down), "6"),
        (1, (down, right), "7"),
        (2, (right,), "7"),
        (7, (down,), "5"),
        (9, (down, left), "8"),
        (10, (down, right), "7"),
    ):
        editor.draft.cursor = first
        for key in keys:
            driver.key(key, shift)
        driver.text(total)
        driver.key(pygame.K_RETURN)
        assert editor.message == "", editor.message
    assert len(editor.draft.cages) == 6
    driver.settle()
    assert editor.draft.verdict.name == "UNIQUE"
    driver.key(pygame.K_RETURN)
    driver.settle()
    assert isinstance(driver.top, RulesCard)
    driver.key(pygame.K_RETURN)
    board = driver.top
    assert isinstance(board, BoardScene)
    assert set(board.game.puzzle.constraints) == set(editor.draft.cages)


JIGSAW_LAYOUT = "001111222000011222003411122033445552333444555633344558667774588666778888666777788"
JIGSAW = ".8......11....63.........4....3.8.7.....8.....7.1.2....5.........79....43......1."


def test_a_jigsaw_is_drawn_region_by_region_in_the_editor_and_plays(driver: Driver) -> None:
    driver.app.apply(driver.top.choose("enter"))  # type: ignore[attr-defined]
    editor = driver.top
    assert isinstance(editor, EditorScene)
    driver.key(pygame.K_n)  # region mode
    assert editor.draft.regions_mode and not editor.input_context().typing
    board = editor.layout.board

    def press(cell: int, mod: int = 0, kind: int = pygame.MOUSEBUTTONDOWN) -> None:
        pos = board.cell_rect(cell).center
        driver.step(pygame.event.Event(kind, pos=pos, button=1, mod=mod))

    def drag(cells: list[int]) -> None:
        """A drag that starts on the first cell and crosses the others."""
        press(cells[0])
        for cell in cells[1:]:
            pos = board.cell_rect(cell).center
            driver.step(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
            )
        press(cells[-1], kind=pygame.MOUSEBUTTONUP)

    # A region too small, then one that does not touch: refused, nothing drawn.
    drag([0, 1, 2])
    driver.key(pygame.K_RETURN)
    assert "9 cells; 3 are chosen" in editor.message and not editor.draft.regions
    press(0)
    for cell in (1, 2, 9, 10, 11, 18, 19, 80):
        press(cell, CTRL)
    driver.key(pygame.K_RETURN)
    assert "touch" in editor.message and not editor.draft.regions
    driver.key(pygame.K_ESCAPE)  # lets the cells go; the editor stays
    assert isinstance(driver.top, EditorScene) and not editor.draft.chosen
    for label in sorted(set(JIGSAW_LAYOUT))[:-1]:
        cells = [cell for cell, here in enumerate(JIGSAW_LAYOUT) if here == label]
        press(cells[0])
        for cell in cells[1:]:
            press(cell, CTRL)
        driver.key(pygame.K_RETURN)
        assert editor.message == "", editor.message
    assert editor.draft.jigsaw  # the ninth region drew itself
    looks = editor.looks()
    assert len({look.tint for look in looks}) > 1  # regions are shaded apart
    editor.draw(driver.app.display.surface)
    driver.key(pygame.K_z, CTRL)  # undo: the last region (and the one it left) go
    assert len(editor.draft.regions) == 7
    driver.key(pygame.K_y, CTRL)
    assert editor.draft.jigsaw
    driver.key(pygame.K_n)  # back to givens and cages
    for cell, char in enumerate(JIGSAW):
        if char != ".":
            editor.draft.cursor = cell
            driver.key(getattr(pygame, f"K_{char}"))
    driver.settle()
    assert editor.draft.verdict.name == "UNIQUE"
    driver.key(pygame.K_RETURN)
    driver.settle()
    assert isinstance(driver.top, BoardScene)
    assert driver.top.game.puzzle == Puzzle.from_string(JIGSAW, regions=JIGSAW_LAYOUT)
