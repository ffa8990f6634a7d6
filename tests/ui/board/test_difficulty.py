"""The puzzle's difficulty: known from the generator, or rated in the background, then shown."""

from __future__ import annotations

import pygame

from game.engine.logic.registry import Level
from game.engine.puzzle import Puzzle
from game.session.board.difficulty import Rater, rate_givens
from game.session.play import Status
from game.session.play.puzzle_kind import Difficulty, Origin, PuzzleKind, Variant
from game.session.puzzles.sources import Prepared
from game.session.tasks import TaskRunner
from game.ui.board.scene import BoardScene
from game.ui.board.win import WinScene

from ..conftest import PUZZLE, SOLUTION, Driver, prepared, start_board


def test_a_file_puzzle_is_rated_in_the_background_and_the_header_shows_it(
    driver: Driver,
) -> None:
    puzzle = Puzzle.from_string(PUZZLE)
    solution = tuple(int(c) for c in SOLUTION)
    origin = Origin(PuzzleKind(Variant.CLASSIC, 9, None), title="Wiki")
    start_board(driver, Prepared(puzzle, solution, Status.UNIQUE, origin))
    scene = driver.top
    assert isinstance(scene, BoardScene)
    driver.settle()
    session_origin = driver.ctx.session.origin  # Continue and Play again keep it
    assert session_origin is not None
    difficulty = session_origin.difficulty
    assert difficulty is not None and difficulty.level is Level.EASY
    assert scene.panel_model().subtitle == f"Classic 9×9 · Easy · {difficulty.score:.1f}"


def test_a_generated_puzzle_shows_its_known_score(driver: Driver) -> None:
    origin = Origin(
        PuzzleKind(Variant.CLASSIC, 9, Level.EASY), difficulty=Difficulty(Level.EASY, 1.5)
    )
    start_board(driver, Prepared(Puzzle.from_string(PUZZLE), None, Status.UNIQUE, origin))
    scene = driver.top
    assert isinstance(scene, BoardScene)
    assert scene.play.rater.done
    assert scene.panel_model().subtitle == "Classic 9×9 · score 1.5"


def test_the_win_card_shows_the_difficulty(driver: Driver) -> None:
    start_board(driver, prepared())
    driver.settle()
    scene = driver.top
    assert isinstance(scene, BoardScene)
    game = scene.game
    last = next(c for c in range(81) if not game.is_given(c))
    for cell in range(81):
        if not game.is_given(cell) and cell != last:
            game.place(cell, int(SOLUTION[cell]))
    scene.play.select(last)
    driver.key(pygame.K_0 + int(SOLUTION[last]))
    driver.run(3.0)
    card = driver.top
    assert isinstance(card, WinScene)
    assert "Difficulty Easy, score" in card.body


def test_the_win_card_waits_for_a_late_rating() -> None:
    runner = TaskRunner(wake=lambda: None)
    puzzle = Puzzle.from_string(PUZZLE)
    rater = Rater(runner, puzzle.shape, tuple(reversed(puzzle.givens)))
    seen: list[Difficulty | None] = []
    rater.listen(seen.append)
    assert runner.wait_idle()
    runner.poll()
    assert seen == [rater.difficulty] and rater.done


def test_puzzles_without_one_solution_are_not_rated() -> None:
    puzzle = Puzzle.from_string("1" + "." * 15)
    assert rate_givens(puzzle.shape, puzzle.givens) is None
