"""The technique trainer's screens, driven with synthetic events: the way there from the
menu and the help, the chooser's list and filter, and drills played to right and wrong."""

from __future__ import annotations

import pygame
import pytest

from game.engine.logic.registry import all_techniques
from game.engine.logic.step import Role
from game.session.trainer.drill import Outcome
from game.session.trainer.exemplars import examples
from game.ui.screens.help import HelpScene
from game.ui.screens.menu import MenuScene
from game.ui.stage.destinations import Notice
from game.ui.stage.scene_stack import Go
from game.ui.trainer.chooser import TrainerChooserScene, chooser_rows
from game.ui.trainer.looks import trainer_looks
from game.ui.trainer.scene import TrainerScene

from ..conftest import Driver, MakeDriver

DIGIT_KEYS = {d: getattr(pygame, f"K_{d}") for d in range(1, 10)}


def open_chooser(driver: Driver) -> TrainerChooserScene:
    menu = driver.top
    assert isinstance(menu, MenuScene)
    menu.layout()
    index = next(i for i, item in enumerate(menu.buttons.items) if item.key == "trainer")
    driver.click(menu.buttons.rects[index].center)
    chooser = driver.top
    assert isinstance(chooser, TrainerChooserScene)
    driver.step()
    return chooser


def drill(driver: Driver, technique: str = "X-Wing", variant: str = "any") -> TrainerScene:
    scene = TrainerScene(driver.ctx, technique, variant, seed=3)
    driver.app.stack.push(scene)
    driver.settle()
    assert scene.drill.round is not None
    return scene


def go_to(driver: Driver, scene: TrainerScene, cell: int) -> None:
    """Move the cursor to ``cell`` with the arrow keys."""
    n = scene.size
    row, column = divmod(scene.drill.selected, n)
    target_row, target_column = divmod(cell, n)
    for _ in range((target_row - row) % n):
        driver.key(pygame.K_DOWN)
    for _ in range((target_column - column) % n):
        driver.key(pygame.K_RIGHT)
    assert scene.drill.selected == cell


# -- getting there ----------------------------------------------------------------------


def test_the_menu_leads_to_the_chooser_and_a_technique_to_its_drill(driver: Driver) -> None:
    chooser = open_chooser(driver)
    assert chooser.technique == "Full House"  # the simplest technique comes first
    driver.key(pygame.K_DOWN)
    assert chooser.technique == "Hidden Single"
    driver.key(pygame.K_RETURN)
    scene = driver.top
    assert isinstance(scene, TrainerScene) and scene.technique == "Hidden Single"
    driver.settle()
    assert scene.drill.round is not None and scene.panel().task
    driver.key(pygame.K_ESCAPE)
    assert driver.top is chooser
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, MenuScene)


def test_a_click_on_a_row_trains_that_technique(driver: Driver) -> None:
    chooser = open_chooser(driver)
    index, rect = next((i, r) for i, r in chooser.row_rects() if chooser.rows[i].technique)
    driver.click(rect.center)
    scene = driver.top
    assert isinstance(scene, TrainerScene)
    assert scene.technique == chooser.rows[index].technique


def test_the_help_overlay_leads_to_the_trainer(driver: Driver) -> None:
    driver.key(pygame.K_F1)
    help_scene = driver.top
    assert isinstance(help_scene, HelpScene)
    driver.step()
    driver.click(help_scene.buttons()[1].center)
    assert isinstance(driver.top, TrainerChooserScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is help_scene
    driver.click((1, 1))  # a click anywhere else still closes the overlay
    assert driver.top is not help_scene


def test_tab_reaches_the_trainer_button_after_the_techniques_button(driver: Driver) -> None:
    driver.key(pygame.K_F1)
    help_scene = driver.top
    assert isinstance(help_scene, HelpScene)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, TrainerChooserScene)


# -- the chooser ------------------------------------------------------------------------


def test_the_list_goes_by_level_with_counts_and_the_filter_keeps_one_kind(
    driver: Driver,
) -> None:
    rows = chooser_rows("any", driver.ctx.session.training)
    headings = [row.text for row in rows if not row.technique]
    assert headings == sorted(headings, key=["Easy", "Medium", "Hard", "Expert", "Extreme"].index)
    order = [t.name for t in all_techniques()]
    level = {t.name: t.level for t in all_techniques()}
    named = [row.technique for row in rows if row.technique]
    assert named == sorted(named, key=lambda name: (level[name], order.index(name)))
    x_wing = next(row for row in rows if row.technique == "X-Wing")
    assert x_wing.count == f"{len(examples('X-Wing'))} positions"
    jigsaw = chooser_rows("jigsaw", driver.ctx.session.training)
    assert all(
        any(e.shape.is_jigsaw for e in examples(row.technique)) for row in jigsaw if row.technique
    )
    assert "Law of Leftovers" in [row.technique for row in jigsaw]
    classic = [row.technique for row in chooser_rows("classic", driver.ctx.session.training)]
    assert "Law of Leftovers" not in classic  # a jigsaw-only technique

    chooser = open_chooser(driver)
    driver.key(pygame.K_RIGHT)
    assert chooser.variant == "classic"
    driver.key(pygame.K_RETURN)
    scene = driver.top
    assert isinstance(scene, TrainerScene) and scene.variant == "classic"
    driver.settle()
    assert scene.drill.round is not None and not scene.drill.round.shape.is_jigsaw


def test_the_chooser_shows_the_tally_after_a_drill(driver: Driver) -> None:
    chooser = open_chooser(driver)
    driver.key(pygame.K_RETURN)
    scene = driver.top
    assert isinstance(scene, TrainerScene)
    driver.settle()
    driver.key(pygame.K_h)  # show me: tried, not right
    driver.key(pygame.K_ESCAPE)
    assert driver.top is chooser
    row = chooser.rows[chooser.chosen]
    assert row.tally == "0/1 right"
    assert "0/1 right" in chooser.note("detail")[0]


def test_the_about_hook_opens_a_technique_page_when_given(driver: Driver) -> None:
    plain = TrainerChooserScene(driver.ctx)
    assert plain.open_about() is None and "F1" not in plain.note("detail")[0]
    page = TrainerChooserScene(driver.ctx, about=lambda name: Notice(name, "page"))
    driver.app.stack.push(page)
    driver.step()
    transition = page.open_about()
    assert transition == Go(Notice("Full House", "page"))
    _, rect = next((i, r) for i, r in page.row_rects() if page.rows[i].technique)
    driver.click(page.about_rect(rect).center)
    assert driver.top.__class__.__name__ == "NoticeScene"


# -- drills ------------------------------------------------------------------------------


def test_a_drill_played_with_the_keyboard_to_a_right_answer(driver: Driver) -> None:
    scene = drill(driver)
    round_ = scene.drill.round
    assert round_ is not None
    for cell, digit in sorted(round_.answers[0]):
        go_to(driver, scene, cell)
        driver.key(DIGIT_KEYS[digit], char=str(digit))
    assert scene.drill.marks == round_.answers[0]
    last = scene.drill.selected
    driver.key(pygame.K_BACKSPACE)  # takes back the cursor's cell's marks
    assert scene.drill.marks == {pick for pick in round_.answers[0] if pick[0] != last}
    for digit in sorted(d for c, d in round_.answers[0] if c == last):
        driver.key(DIGIT_KEYS[digit], char=str(digit))
    assert scene.drill.marks == round_.answers[0]
    looks = scene.looks()
    for cell, digit in round_.answers[0]:
        assert looks[cell].struck >> (digit - 1) & 1  # marked: struck as a hint strikes
    driver.key(pygame.K_RETURN)
    assert scene.drill.verdict is not None and scene.drill.verdict.outcome is Outcome.RIGHT
    panel = scene.panel()
    assert panel.verdict.startswith("Right") and panel.explanation and panel.legend
    assert not panel.task  # the explanation takes its room
    assert scene.drill.tally.right == 1
    assert driver.ctx.session.training.of("X-Wing").right == 1  # kept for the run
    first = scene.drill.round
    driver.key(pygame.K_RETURN)  # Enter goes on once the round is over
    driver.settle()
    assert scene.drill.round is not first and scene.drill.verdict is None


def test_a_drill_played_with_the_mouse_to_a_wrong_answer(driver: Driver) -> None:
    scene = drill(driver)
    round_ = scene.drill.round
    assert round_ is not None
    every = set().union(*round_.answers)
    cell, digit = next(
        (c, d)
        for c in range(81)
        for d in range(1, 10)
        if round_.position.cands[c] >> (d - 1) & 1 and (c, d) not in every
    )
    spot = scene.layout().board.note_rect(cell, digit).center
    driver.click(spot)
    assert scene.drill.marks == {(cell, digit)}
    before = dict(scene.layout().buttons)
    driver.click(scene.layout().buttons["submit"].center)
    assert scene.layout().buttons == before  # the buttons stay put for the next click
    verdict = scene.drill.verdict
    assert verdict is not None and verdict.outcome is Outcome.WRONG
    panel = scene.panel()
    assert panel.verdict.startswith("Wrong")
    assert any(item.role is Role.WRONG for item in panel.legend)  # the wrong mark's ring
    looks = scene.looks()
    assert (digit, Role.WRONG) in looks[cell].note_roles
    assert scene.drill.drawn is None  # the answer is not given away: try again
    assert scene.layout().buttons["submit"] and not scene.drill.over
    driver.click(spot)  # the wrong mark taken back, the right ones marked
    assert scene.drill.marks == frozenset() and scene.drill.verdict is None
    for pick in sorted(round_.answers[0]):
        driver.click(scene.layout().board.note_rect(*pick).center)
    driver.click(scene.layout().buttons["submit"].center)
    verdict = scene.drill.verdict
    assert verdict is not None and verdict.outcome is Outcome.RIGHT and scene.drill.over
    assert scene.drill.tally.tried == 1 and scene.drill.tally.right == 0  # wrong once
    driver.click(scene.layout().buttons["next"].center)
    driver.settle()
    assert scene.drill.verdict is None and scene.drill.served == 2


def test_show_me_reveals_the_pattern_without_counting_it_right(driver: Driver) -> None:
    scene = drill(driver, "Hidden Single")
    driver.key(pygame.K_h)
    verdict = scene.drill.verdict
    assert verdict is not None and verdict.outcome is Outcome.SHOWN
    assert scene.drill.drawn is not None
    looks = scene.looks()
    (cell, digit), *_ = scene.drill.drawn.placements
    assert looks[cell].target == digit
    assert (scene.drill.tally.tried, scene.drill.tally.right) == (1, 0)


def test_the_next_position_is_ready_before_it_is_asked_for(driver: Driver) -> None:
    scene = drill(driver)
    driver.settle()  # the following round was prepared in the background meanwhile
    assert scene._ready is not None
    driver.key(pygame.K_n)
    assert not scene.busy and scene.drill.served == 2


def test_jigsaw_drills_draw_the_turned_layout(driver: Driver) -> None:
    scene = drill(driver, "X-Wing", "jigsaw")
    round_ = scene.drill.round
    assert round_ is not None and round_.shape.is_jigsaw
    looks = trainer_looks(round_, (), 0, None)
    assert len({look.tint for look in looks}) > 1  # regions shaded apart
    driver.step()  # drawn without error


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (700, 1000)])
def test_the_drill_screen_fits_the_window(make_driver: MakeDriver, size: tuple[int, int]) -> None:
    driver = make_driver(size=size)
    scene = drill(driver)
    layout = scene.layout()
    window = pygame.Rect(0, 0, *size)
    board = layout.board.rect
    assert window.contains(board)
    rects = list(layout.buttons.values())
    for rect in rects:
        assert window.contains(rect) and not rect.colliderect(board)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert window.contains(layout.keys) and not layout.keys.colliderect(board)
    driver.key(pygame.K_h)
    driver.step()


def test_a_skyscraper_drill_says_a_simpler_step_comes_first_and_judges_skyscrapers(
    driver: Driver,
) -> None:
    scene = drill(driver, "Skyscraper", "classic")  # classic Skyscrapers are all marked
    round_ = scene.drill.round
    assert round_ is not None and round_.simpler is not None
    panel = scene.panel()
    assert panel.note == round_.note and panel.task.startswith("Find a Skyscraper")
    assert round_.simpler.technique in panel.note
    every = set().union(*round_.answers)
    cell, digit = next(
        (c, d)
        for c in range(81)
        for d in range(1, 10)
        if round_.position.cands[c] >> (d - 1) & 1 and (c, d) not in every
    )
    go_to(driver, scene, cell)
    driver.key(DIGIT_KEYS[digit], char=str(digit))
    driver.key(pygame.K_RETURN)
    verdict = scene.drill.verdict
    assert verdict is not None and verdict.outcome is Outcome.WRONG
    assert scene.panel().verdict.startswith("Wrong") and not scene.drill.over
    driver.key(pygame.K_BACKSPACE)  # retry: the stray mark taken back, the Skyscraper marked
    assert scene.drill.marks == frozenset()
    for pick in sorted(round_.answers[0]):
        driver.click(scene.layout().board.note_rect(*pick).center)
    driver.key(pygame.K_RETURN)
    verdict = scene.drill.verdict
    assert verdict is not None and verdict.outcome is Outcome.RIGHT and scene.drill.over
    assert scene.drill.drawn is not None and scene.drill.drawn.technique == "Skyscraper"
    panel = scene.panel()
    assert panel.verdict == "Right: that is a Skyscraper." and panel.explanation
    assert not panel.note and not panel.task  # the explanation takes their room
    assert (scene.drill.tally.tried, scene.drill.tally.right) == (1, 0)
