"""The board's highlights on a variant: the selected cell's peers across every house
(diagonals, extra regions), conflicts along them, and the one-digit filter under the
constraints -- all read from the session, the board only drawing them."""

from __future__ import annotations

import pygame

from game.engine.puzzle import Puzzle
from game.engine.rules import VARIANTS, AntiKnight
from game.engine.shape import Shape
from game.session.play import Status
from game.session.play.puzzle_kind import Origin, PuzzleKind
from game.session.puzzles.sources import Prepared
from game.ui.board.looks import Fill, Lit
from game.ui.board.scene import BoardScene
from game.ui.screens.rules import RulesCard

from ..conftest import Driver, start_board


def board(driver: Driver, *variants: str, extra: tuple[AntiKnight, ...] = ()) -> BoardScene:
    shape = Shape.classic(9)
    rules = tuple(rule for name in variants for rule in VARIANTS[name].rules(shape))
    puzzle = Puzzle(shape, (0,) * 81, rules + extra)
    start_board(driver, Prepared(puzzle, None, Status.MULTIPLE, Origin(PuzzleKind.of(puzzle))))
    if isinstance(driver.top, RulesCard):  # a variant's rules come first
        driver.key(pygame.K_RETURN)
    scene = driver.top
    assert isinstance(scene, BoardScene)
    return scene


def click(driver: Driver, scene: BoardScene, cell: int) -> None:
    driver.click(scene.layout.board.cell_rect(cell).center)


def test_the_selected_cell_s_peers_include_diagonals_and_windoku_regions(
    driver: Driver,
) -> None:
    scene = board(driver, "x", "windoku")
    click(driver, scene, 10)  # r2c2: on the main diagonal and in the first window
    fills = [look.fill for look in scene.looks()]
    assert fills[10] is Fill.SELECTED
    assert fills[80] is Fill.PEER  # r9c9, along the diagonal only
    assert fills[30] is Fill.PEER  # r4c4, the diagonal and the window
    assert fills[12] is Fill.PEER and fills[28] is Fill.PEER  # the window only
    assert fills[26] is Fill.PLAIN  # r3c9 shares no house with r2c2
    peers = {cell for cell, fill in enumerate(fills) if fill is Fill.PEER}
    assert peers == scene.game.on_board.peers(10)


def test_a_repeat_along_a_diagonal_is_marked_as_a_conflict(driver: Driver) -> None:
    scene = board(driver, "x")
    click(driver, scene, 0)
    driver.key(pygame.K_3, 0, "3")
    click(driver, scene, 80)
    driver.key(pygame.K_3, 0, "3")
    looks = scene.looks()
    assert looks[0].conflict and looks[80].conflict
    assert not looks[40].conflict


def test_the_digit_filter_lights_only_cells_the_constraints_leave_the_digit(
    driver: Driver,
) -> None:
    scene = board(driver, extra=(AntiKnight(),))
    click(driver, scene, 40)
    driver.key(pygame.K_5, 0, "5")
    driver.key(pygame.K_v, 0, "v")  # the filter starts on the digit last used
    assert scene.play.view().filter_digit == 5
    looks = scene.looks()
    knight = (21, 23, 29, 33, 47, 51, 57, 59)
    assert all(looks[c].lit is Lit.NONE for c in knight)
    assert looks[0].lit is Lit.DIGIT
