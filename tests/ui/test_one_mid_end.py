"""Issue 18's findings from play, seen on the board: driven by synthetic events and
checked on the models the scene draws from (cell looks, the panel model)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pygame

from game.engine.logic.about import by_level
from game.engine.logic.registry import Level
from game.engine.puzzle import Puzzle
from game.session.play import Status
from game.session.play.puzzle_kind import Difficulty, Origin, PuzzleKind, Variant
from game.session.puzzles.sources import Prepared, load_file
from game.ui.board.scene import BoardScene
from game.ui.board.view import BoardView
from game.ui.kit.text import Text
from game.ui.kit.theme import LIGHT
from game.ui.screens.save_dialog import Mode, suggest_name

from .conftest import SOLUTION, Driver, MakeDriver, harmless_mistakes, start_board

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT

SEVERAL = ".........6...95....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def board(driver: Driver, prepared: Prepared | None = None) -> BoardScene:
    start_board(driver, prepared)
    scene = driver.top
    assert isinstance(scene, BoardScene)
    return scene


def status(scene: BoardScene) -> str:
    return scene.panel_model().status


# 3. "Mistakes 4/3" after the limit was lowered; "Mistakes 0" where none are counted.
def test_the_mistake_counter_tells_a_lowered_limit_in_true_words(make_driver: MakeDriver) -> None:
    driver = make_driver(mistake_limit=5)
    scene = board(driver)
    for cell, digit in harmless_mistakes(4):
        scene.play.select(cell)
        driver.key(pygame.K_0 + digit)
    assert scene.panel_model().detail.startswith("Mistakes 4/5")
    driver.ctx.change_settings(mistake_limit=3)
    driver.step()
    detail = scene.panel_model().detail
    assert "4/3" not in detail and "Mistakes 4 (limit 3 from the next)" in detail


def test_no_mistake_counter_where_mistakes_are_not_counted(make_driver: MakeDriver) -> None:
    driver = make_driver(mistake_limit=3, show_mistake_counter=True)
    puzzle = Puzzle.from_string(SEVERAL)
    origin = Origin(PuzzleKind.of(puzzle.shape, None))
    scene = board(driver, Prepared(puzzle, None, Status.MULTIPLE, origin))
    assert "Mistakes" not in scene.panel_model().detail


# 2. A dead end on a puzzle with several solutions: the words name the undo key.
def test_a_dead_end_is_told_with_the_undo_key_bound(make_driver: MakeDriver) -> None:
    driver = make_driver(show_mistakes=True)
    puzzle = Puzzle.from_string(SEVERAL)
    origin = Origin(PuzzleKind.of(puzzle.shape, None))
    scene = board(driver, Prepared(puzzle, None, Status.MULTIPLE, origin))
    scene.play.select(0)
    driver.key(pygame.K_2)
    assert "can't be finished" in status(scene) and "Press Ctrl+Z to take it back." in status(scene)
    assert "  " not in status(scene)  # one space between the sentences


# 4. Applying a hint, revealing and colouring said nothing; a revealed digit looked typed.
def test_every_change_to_the_board_says_what_it_did(driver: Driver) -> None:
    scene = board(driver)
    scene.play.select(2)
    driver.key(pygame.K_4)
    assert status(scene) == "4 in r1c3."
    driver.key(pygame.K_1, CTRL)
    assert status(scene) == "Colour 1 on r1c3."
    driver.key(pygame.K_h, 0, "h")
    driver.settle()
    driver.key(pygame.K_h, 0, "h")
    driver.key(pygame.K_h, 0, "h")
    driver.settle()
    assert status(scene).startswith("Applied ")
    scene.play.select(3)
    driver.key(pygame.K_h, SHIFT, "H")
    assert status(scene) == f"Revealed r1c4: {SOLUTION[3]} (counted as a hint)."


def test_a_revealed_digit_has_a_look_of_its_own(driver: Driver) -> None:
    scene = board(driver)
    scene.play.select(3)
    driver.key(pygame.K_h, SHIFT, "H")
    scene.play.select(2)
    driver.key(pygame.K_4)
    looks = scene.looks()
    assert looks[3].digit == int(SOLUTION[3]) and looks[3].revealed
    assert looks[2].digit == 4 and not looks[2].revealed
    # Drawn differently from the same digit typed, by more than its colour.
    view = BoardView(Text())
    view.configure(scene.layout.board, scene.game.shape, LIGHT)
    typed = dataclasses.replace(looks[3], revealed=False)
    revealed_tile = view.painter.draw_tile(looks[3])
    typed_tile = view.painter.draw_tile(typed)
    differ = sum(
        1
        for x in range(revealed_tile.get_width())
        for y in range(revealed_tile.get_height())
        if revealed_tile.get_at((x, y)) != typed_tile.get_at((x, y))
    )
    assert differ > 0
    # Typing over it makes the cell the player's again; undo brings the reveal back.
    scene.play.select(3)
    driver.key(pygame.K_0 + int(SOLUTION[3]) % 9 + 1)
    assert not scene.looks()[3].revealed
    driver.key(pygame.K_z, CTRL)
    assert scene.looks()[3].revealed


# 5. A save's default name repeated the date; the menu read "seed 1005000".
def test_the_daily_puzzles_save_name_names_its_day_once(tmp_path: Path) -> None:
    daily = Origin(PuzzleKind(Variant.CLASSIC, 9, Level.EXPERT), title="Daily puzzle · 31 Jan")
    assert suggest_name(daily, tmp_path, Mode.GAME, "2025-01-31") == "Daily puzzle · 31 Jan"
    made = Origin(PuzzleKind(Variant.CLASSIC, 9, Level.HARD))
    assert suggest_name(made, tmp_path, Mode.GAME, "2025-01-31") == "Hard 2025-01-31"


def test_a_bundled_puzzle_is_not_headed_by_its_generator_comment(tmp_path: Path) -> None:
    path = tmp_path / "5-extreme.txt"
    path.write_text(
        "4.......59.8...2...5...1.4.7..18..3....9.7....3..64..8.8.5...7...4...8.62.......1"
        " # Extreme 8.9 seed 1005000\n"
    )
    origin = load_file(str(path), 0).origin
    assert origin.seed == 1005000 and origin.title == ""
    assert origin.difficulty == Difficulty(Level.EXTREME, 8.9)
    for words in (origin.heading, origin.label, origin.subtitle):
        assert "seed" not in words
    assert origin.subtitle == "Classic 9×9 · Extreme · 8.9"


# 5. The README said 39 techniques where the reference lists 87.
def test_the_readme_counts_the_techniques_the_reference_lists() -> None:
    listed = sum(len(techniques) for _, techniques in by_level())
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    counts = re.findall(r"([0-9]+) techniques, from singles", readme)
    assert counts == [str(listed)]
