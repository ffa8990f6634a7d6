"""New game and the Daily puzzle: offered levels, made through the supply, played on the board."""

from __future__ import annotations

import datetime

import pygame

from game.engine.generator import available_levels
from game.engine.logic.registry import Level
from game.engine.rules import is_solution
from game.session.play.puzzle_kind import PuzzleKind, Variant
from game.session.puzzles.sources import generate
from game.session.puzzles.supply import daily_level
from game.ui.board.scene import BoardScene
from game.ui.forms.model import part_values
from game.ui.kit import Style
from game.ui.screens.menu import MenuScene
from game.ui.screens.new_game import NewGameScene
from game.ui.screens.rules import RulesCard
from game.ui.stage.destinations import ChooseNewGame, Daily, Generate
from game.ui.stage.scene_stack import Go

from ..conftest import Driver


def open_new_game(driver: Driver) -> NewGameScene:
    driver.app.apply(Go(ChooseNewGame()))
    driver.step()
    scene = driver.top
    assert isinstance(scene, NewGameScene)
    return scene


def test_a_level_the_grid_does_not_offer_cannot_be_chosen(driver: Driver) -> None:
    scene = open_new_game(driver)
    scene.change("variant", Variant.CLASSIC)
    scene.change("size", 4)
    assert scene.request.size == 4
    assert scene.request.level in available_levels("classic", 4)
    assert not scene.enabled("level", Level.HARD)
    scene.change("level", Level.HARD)
    assert scene.request.level is not Level.HARD


def test_keyboard_skips_levels_not_offered(driver: Driver) -> None:
    scene = open_new_game(driver)
    scene.change("size", 4)  # classic 4x4: Easy only
    scene.focus_on("level")
    driver.key(pygame.K_RIGHT)
    assert scene.request.level in available_levels("classic", 4)


def test_jigsaw_comes_in_six_and_nine(driver: Driver) -> None:
    scene = open_new_game(driver)
    scene.change("variant", Variant.JIGSAW)
    sizes = [n for n in scene.sizes() if scene.enabled("size", n)]
    assert sizes == [6, 9]
    scene.change("size", 16)  # greyed: nothing changes
    assert scene.request.size == 9
    scene.change("size", 6)
    assert (scene.request.variant, scene.request.size) == ("jigsaw", 6)


def test_the_card_offers_the_variants_the_generator_makes(driver: Driver) -> None:
    scene = open_new_game(driver)
    keys = [control.key for control in scene.spec().controls()]
    assert keys == [
        *("variant", "houses", "neighbours", "clues", "lines", "sums"),
        *("size", "level", "footer"),
    ]
    scene.change("variant", Variant.JIGSAW)
    scene.change("houses", "x")
    scene.change("clues", "killer")
    assert scene.request.variant == "jigsaw,x,killer"
    assert scene.request.grid == "Jigsaw X Killer 9×9"
    assert scene.request.level in available_levels("jigsaw,x,killer", 9)
    assert not scene.enabled("neighbours", "anti-knight")  # no anti-knight jigsaw
    assert not scene.enabled("size", 6)  # jigsaw killers come in 9x9
    scene.change("variant", Variant.CLASSIC)
    scene.change("houses", "x")  # a toggle: X taken off again
    assert scene.request.variant == "killer" and scene.enabled("size", 6)
    scene.change("size", 4)
    assert scene.request.label == "Easy · Killer 4×4"
    assert not scene.enabled("level", Level.MEDIUM)
    scene.change("clues", "")  # the last rule taken off: a classic grid again
    assert scene.request.variant == "classic"
    for control in scene.spec().controls():  # every option can be asked about
        assert all(isinstance(scene.enabled(control.key, v), bool) for v in part_values(control))


def test_drawn_clues_stay_one_of_a_kind_across_their_three_rows(driver: Driver) -> None:
    scene = open_new_game(driver)
    scene.change("houses", "x")
    scene.change("clues", "killer")
    scene.change("lines", "whisper")  # a line drops the cages, keeps the X
    assert scene.request.variant == "x,whisper"
    assert (scene.value("clues"), scene.value("lines")) == ("", "whisper")
    scene.change("sums", "sandwich")
    assert scene.request.variant == "x,sandwich" and scene.value("lines") == ""
    scene.change("houses", "x")
    for row, names in (
        ("lines", ("whisper", "renban", "palindrome", "between")),
        ("sums", ("little-killer", "sandwich", "quadruple")),
    ):
        for name in names:
            assert scene.enabled(row, name), name
            scene.change(row, name)
            assert scene.request.variant == name and scene.request.size == 9
    scene.change("sums", "")
    assert scene.request.variant == "classic"


def test_a_variant_is_made_and_played_from_new_game(driver: Driver) -> None:
    kind = PuzzleKind("x", 4, Level.EASY)
    driver.app.apply(Go(Generate(kind)))
    driver.settle()
    assert isinstance(driver.top, RulesCard)  # a variant's rules come first
    assert any("diagonal" in sentence for sentence in driver.top.sentences)
    driver.key(pygame.K_RETURN)
    board = driver.top
    assert isinstance(board, BoardScene)
    game = driver.ctx.session.game
    assert game is not None and game.puzzle.constraints  # the two diagonals
    assert driver.ctx.session.origin is not None
    assert driver.ctx.session.origin.kind.variant == "x"


def test_new_game_goes_through_the_supply_and_makes_the_next_one_ahead(driver: Driver) -> None:
    kind = PuzzleKind(Variant.CLASSIC, 9, Level.EASY)
    prepared = generate(kind, None, driver.ctx.supply)
    assert is_solution(prepared.puzzle.shape, prepared.solution or (), prepared.puzzle.givens)
    assert prepared.origin.kind.level is Level.EASY
    kind = PuzzleKind(Variant.CLASSIC, 9, Level.EASY)
    while not driver.ctx.supply.is_ready(kind):  # a poll with no deadline: no time verdict
        pygame.time.wait(10)


def test_the_daily_puzzle_is_on_the_menu_and_plays_on_the_board(driver: Driver) -> None:
    menu = driver.top
    assert isinstance(menu, MenuScene)
    today = datetime.date.today()
    labels = [item.label for item in menu.buttons.items]
    assert f"Daily puzzle · {daily_level(today).label}" in labels
    driver.app.apply(Go(Daily(datetime.date(2026, 11, 16))))  # a Monday
    driver.settle()
    board = driver.top
    assert isinstance(board, BoardScene)
    origin = driver.ctx.session.origin
    assert origin is not None and origin.heading == "Daily puzzle · 16 Nov"
    assert origin.kind.level is Level.EASY


def test_the_daily_puzzle_is_the_same_each_time(driver: Driver) -> None:
    date = datetime.date(2026, 11, 17)
    first = driver.ctx.supply.daily(date)
    assert first.wait()
    from game.session.puzzles.supply import daily_puzzle

    assert daily_puzzle(date).puzzle == first.result().puzzle


def test_extra_houses_and_neighbour_rules_are_toggles_that_combine(driver: Driver) -> None:
    scene = open_new_game(driver)
    scene.change("variant", Variant.CLASSIC)
    driver.click(scene.rect_of("houses", "windoku").center)
    driver.click(scene.rect_of("houses", "x").center)
    assert scene.request.variant == "x,windoku" and scene.request.size == 9
    assert scene.value("houses") == ("x", "windoku")
    assert scene.style("houses", "x") is Style.TOGGLED
    assert scene.style("houses", "disjoint") is Style.NORMAL
    driver.click(scene.rect_of("houses", "x").center)  # a second click takes it off
    assert scene.request.variant == "windoku"
    driver.click(scene.rect_of("neighbours", "anti-king").center)
    assert scene.request.variant == "windoku,anti-king"
    # Windoku with anti-knight is not made on 9x9: greyed, and a click is nothing.
    assert scene.style("neighbours", "anti-knight") is Style.DISABLED
    driver.click(scene.rect_of("neighbours", "anti-knight").center)
    assert scene.request.variant == "windoku,anti-king"
    assert not scene.enabled("neighbours", "non-consecutive")  # not with Windoku 9x9
    # The keyboard: Left/Right along the toggles (skipping greyed ones), Enter flips one.
    stop = scene.spec().stop_of("neighbours")
    scene.focus_on("neighbours", "anti-king")
    driver.key(pygame.K_RIGHT)
    assert scene.form.focus == (stop, 1)  # both others greyed: it stays
    driver.key(pygame.K_LEFT)
    assert scene.form.focus == (stop, 1)
    scene.focus_on("houses", "windoku")
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)
    assert scene.request.variant == "windoku,disjoint,anti-king"
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)
    assert scene.request.variant == "disjoint,anti-king"
    assert all(scene.enabled("neighbours", n) for n in ("anti-knight", "non-consecutive"))
    scene.change("clues", "killer")  # clues stay one of a kind, beside the toggles
    assert scene.request.variant == "disjoint,anti-king,killer"
