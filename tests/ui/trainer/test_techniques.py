"""The technique reference: help -> list -> pages, and each page's picture and words."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pytest

from game.engine.logic.about import reading_order
from game.engine.logic.grid import CandidateGrid
from game.engine.logic.path import find_step
from game.engine.logic.registry import get
from game.engine.logic.step import Step
from game.engine.puzzle import Puzzle
from game.session.trainer import exemplars
from game.ui.board.layout import geometry_in
from game.ui.board.looks import Fill, step_looks
from game.ui.kit.text import Text
from game.ui.screens.help import HelpScene, small_size
from game.ui.stage.destinations import TechniquePage, Techniques
from game.ui.stage.scene_stack import Go
from game.ui.trainer.technique_list import TechniqueListScene, list_plan, rows
from game.ui.trainer.technique_page import (
    NO_EXAMPLE,
    TechniquePageScene,
    page_layout,
    page_text,
)

from ..conftest import Driver, MakeDriver, start_board

SIZES = [(800, 600), (1280, 800), (1920, 1080), (3840, 2160), (900, 1400)]


def open_list(driver: Driver) -> TechniqueListScene:
    """F1 on the board, then the help's Techniques button."""
    start_board(driver)
    driver.key(pygame.K_F1)
    help_scene = driver.top
    assert isinstance(help_scene, HelpScene)
    driver.step()
    driver.click(help_scene.techniques_button().center)
    scene = driver.top
    assert isinstance(scene, TechniqueListScene)
    return scene


def page(driver: Driver) -> TechniquePageScene:
    scene = driver.top
    assert isinstance(scene, TechniquePageScene)
    return scene


def test_help_leads_to_the_list_and_pages_turn_both_ways(driver: Driver) -> None:
    listing = open_list(driver)
    order = [t.name for t in reading_order()]
    driver.key(pygame.K_RETURN)
    assert page(driver).technique.name == order[0]
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert page(driver).technique.name == order[2]
    driver.key(pygame.K_LEFT)
    assert page(driver).technique.name == order[1]
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_LEFT)  # the first page stays the first
    assert page(driver).technique.name == order[0]
    driver.key(pygame.K_TAB)
    assert page(driver).technique.name == order[1]
    driver.key(pygame.K_ESCAPE)
    assert driver.top is listing
    assert listing.focused == order[1]  # the list followed the pages
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, HelpScene)


def test_the_page_buttons_turn_pages_and_go_back(driver: Driver) -> None:
    listing = open_list(driver)
    driver.step()
    target = listing.entries[5]
    driver.click(listing.screen_rect(target).center)
    scene = page(driver)
    name = scene.technique.name
    assert listing.focused == name
    driver.step()
    buttons = scene.layout().buttons
    driver.click(buttons["next"].center)
    driver.click(buttons["next"].center)
    driver.click(buttons["previous"].center)
    order = [t.name for t in reading_order()]
    assert scene.technique.name == order[order.index(name) + 1]
    driver.click(buttons["list"].center)
    assert driver.top is listing


def test_help_keys_reach_the_list_and_other_clicks_close_it(driver: Driver) -> None:
    start_board(driver)
    driver.key(pygame.K_F1)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, TechniqueListScene)
    driver.key(pygame.K_ESCAPE)
    help_scene = driver.top
    assert isinstance(help_scene, HelpScene)
    driver.key(pygame.K_TAB)  # the focus leaves the button: Enter closes again
    driver.key(pygame.K_RETURN)
    assert not isinstance(driver.top, HelpScene)
    driver.key(pygame.K_F1)
    driver.click((5, 5))
    assert not isinstance(driver.top, HelpScene)


def test_see_also_opens_the_named_page(driver: Driver) -> None:
    driver.app.apply(go_page("Claiming"))
    driver.step()
    scene = page(driver)
    chip = scene.targets()["see:Pointing"]
    driver.click(chip.center)
    assert scene.technique.name == "Pointing"


def go_page(name: str) -> Go:
    return Go(TechniquePage(name))


def test_a_technique_without_an_example_says_so(make_driver: MakeDriver) -> None:
    driver = make_driver((800, 600))
    scene = TechniquePageScene(driver.ctx, "Template Set", lambda name: None)
    driver.app.stack.push(scene)
    driver.step()
    assert scene.example is None
    assert any(NO_EXAMPLE in p for s in scene.page.sections for p in s.paragraphs)
    assert scene.page.legend == ()
    driver.key(pygame.K_RIGHT)
    assert scene.technique.name == "Template Delete" and scene.example is None


def test_every_page_reads_without_an_example(make_driver: MakeDriver) -> None:
    """Whatever the catalogue holds, a page with no example is its words and a note."""
    driver = make_driver((800, 600))
    order = reading_order()
    scene = TechniquePageScene(driver.ctx, order[0].name, lambda name: None)
    driver.app.stack.push(scene)
    surface = pygame.Surface((800, 600))
    for technique in order:
        assert scene.technique == technique
        assert scene.example is None and scene.page.legend == ()
        assert any(NO_EXAMPLE in p for s in scene.page.sections for p in s.paragraphs)
        assert all(line.size >= 12 for line in scene.words().lines)
        scene.draw(surface)
        driver.key(pygame.K_RIGHT)


def test_the_caveat_heads_the_words_whole(make_driver: MakeDriver) -> None:
    driver = make_driver((800, 600))
    scene = TechniquePageScene(driver.ctx, "Trial and Error", lambda name: None)
    driver.app.stack.push(scene)
    driver.step()
    assert scene.page.caveat.startswith("A last resort")
    words = scene.words()
    accent = [line for line in words.lines if line.accent]
    assert accent and words.lines[: len(accent)] == tuple(accent)
    assert " ".join(line.text for line in accent) == scene.page.caveat
    for line in accent:
        assert driver.ctx.text.measure(line.text, line.size)[0] <= scene.layout().words.w


@pytest.mark.parametrize("size", SIZES)
def test_the_help_button_to_the_reference_is_readable(
    make_driver: MakeDriver, size: tuple[int, int]
) -> None:
    driver = make_driver(size)
    start_board(driver)
    driver.key(pygame.K_F1)
    scene = driver.top
    assert isinstance(scene, HelpScene)
    card, line, *_ = scene.plan()
    assert card.contains(scene.techniques_button())
    assert small_size(line) >= 12


@dataclass(frozen=True)
class Made:
    """An example found here rather than in the trainer's catalogue."""

    position: CandidateGrid
    step: Step | None
    source: str
    simpler: str = ""


def walk_to(technique: str, text: str) -> Made:
    """The first position on ``text``'s solve path where ``technique`` is the step."""
    puzzle = Puzzle.from_string(text)
    position = CandidateGrid.from_grid(puzzle.shape, puzzle.givens)
    while not position.is_solved():
        step = find_step(position).step
        assert step is not None
        if step.technique == technique:
            return Made(position, step, "a test")
        position = position.apply(step.placements, step.eliminations)
    raise AssertionError(f"no {technique} on the path")


def test_a_page_draws_its_own_example(make_driver: MakeDriver) -> None:
    made = walk_to(
        "Hidden Single",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    driver = make_driver((1280, 800))
    scene = TechniquePageScene(driver.ctx, "Hidden Single", lambda name: made)
    driver.app.stack.push(scene)
    driver.step()
    assert scene.example is made
    texts = [p for s in scene.page.sections for p in s.paragraphs]
    assert made.step is not None and made.step.explanation in texts
    words = {item.words for item in scene.page.legend}
    assert "placed by this step" in words


EXAMPLES = ["Hidden Single", "X-Wing", "Grouped AIC", "ALS-XZ", "Unique Rectangle", "Turbot Fish"]
"""A single, a fish, a chain, an ALS, a uniqueness technique and (in the catalogue) a jigsaw."""


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("name", EXAMPLES)
def test_pages_draw_inside_the_window(
    make_driver: MakeDriver, size: tuple[int, int], name: str
) -> None:
    driver = make_driver(size)
    driver.app.apply(go_page(name))
    driver.step()
    scene = page(driver)
    window = pygame.Rect((0, 0), size)
    layout = scene.layout()
    for rect in (layout.header, layout.picture, layout.words, *layout.buttons.values()):
        assert window.contains(rect)
    assert not layout.picture.colliderect(layout.words)
    words = scene.words()
    assert words.size >= 13
    assert all(line.size >= 12 for line in words.lines)
    for rect in scene.targets().values():
        assert window.contains(rect)
    if scene.example is not None:
        assert scene.example.step is not None
        drawn = scene.picture.view.screen_rect
        assert layout.picture.contains(drawn)
    surface = pygame.Surface(size)
    scene.draw(surface)  # again, scrolled to the bottom
    driver.key(pygame.K_END)
    scene.draw(surface)


def test_the_catalogue_examples_of_a_fish_a_chain_and_a_jigsaw_are_pictured() -> None:
    assert exemplars.examples("X-Wing"), "the trainer's catalogue lost its X-Wings"
    jigsaw = [e for e in exemplars.examples("Law of Leftovers") if e.shape.is_jigsaw]
    assert jigsaw, "no jigsaw example for the Law of Leftovers"
    text = page_text(get("Law of Leftovers"), jigsaw[0])
    assert any("jigsaw" in p for s in text.sections for p in s.paragraphs)


@pytest.mark.parametrize("size", SIZES)
def test_the_page_layout_fits_every_window(size: tuple[int, int]) -> None:
    layout = page_layout(*size)
    window = pygame.Rect((0, 0), size)
    parts = [layout.header, layout.picture, layout.words, *layout.buttons.values()]
    for rect in parts:
        assert window.contains(rect) and rect.w > 0 and rect.h > 0
    for i, one in enumerate(parts):
        for other in parts[i + 1 :]:
            assert not one.colliderect(other)
    assert layout.picture.w == layout.picture.h


@pytest.mark.parametrize("size", SIZES)
def test_the_list_fits_or_scrolls_and_every_row_can_be_reached(
    make_driver: MakeDriver, size: tuple[int, int]
) -> None:
    driver = make_driver(size)
    driver.app.apply(Go(Techniques()))
    scene = driver.top
    assert isinstance(scene, TechniqueListScene)
    plan = scene.plan()
    assert plan.size >= 13
    window = pygame.Rect((0, 0), size)
    for rect in plan.places:
        assert plan.view.x <= rect.x and rect.right <= plan.view.right
    assert window.contains(plan.back) and window.contains(plan.view)
    # The smallest window always scrolls; with the variant techniques in the catalogue
    # the larger ones may too, and every row must still come into view (below).
    if size == (800, 600):
        assert plan.scrolls()
    for _ in scene.entries:  # Down through the whole list: each row comes into view
        rect = scene.screen_rect(scene.focus)
        assert plan.view.contains(rect)
        assert scene.row_at(rect.center) == scene.focus
        driver.key(pygame.K_DOWN)
    assert scene.focus == scene.entries[-1]
    driver.key(pygame.K_HOME)
    assert scene.focus == scene.entries[0]


def test_the_list_holds_every_technique_under_its_level() -> None:
    lines = rows()
    names = [line.technique.name for line in lines if line.technique is not None]
    assert names == [t.name for t in reading_order()]
    headings = [line.level for line in lines if line.technique is None]
    assert headings == sorted(set(headings))
    plan = list_plan(1280, 800, lines, Text())
    heads = [i for i, line in enumerate(lines) if line.technique is None]
    for index in heads:  # a heading never ends a column
        below = index + 1
        assert plan.places[below].x == plan.places[index].x


def test_step_looks_draw_the_step_on_its_position() -> None:
    made = walk_to(
        "Hidden Single",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    assert made.step is not None
    looks = step_looks(made.position, made.step)
    cell, digit = made.step.placements[0]
    assert looks[cell].target == digit
    assert looks[0].digit == 5 and looks[0].given
    empty = next(c for c, v in enumerate(made.position.values) if not v and c != cell)
    assert looks[empty].notes == made.position.cands[empty]
    struck = step_looks(made.position, Step("t", eliminations=((empty, 1),), units=(0,)))
    assert struck[empty].struck == 1 and struck[empty].notes & 1
    assert all(struck[c].fill is Fill.UNIT for c in range(9))
    assert all(struck[c].fill is Fill.PLAIN for c in range(9, 81))


@pytest.mark.parametrize("size", [4, 6, 9, 16])
def test_geometry_in_fits_the_rect_with_its_border(size: int) -> None:
    for rect in (pygame.Rect(10, 20, 400, 300), pygame.Rect(33, 7, 777, 777)):
        geometry = geometry_in(rect, size)
        border = geometry.thick | 1
        outer = geometry.rect.inflate(2 * border, 2 * border)
        assert rect.contains(outer)
        assert geometry.cell % 2 == 0 and geometry.x % 2 == 0


def test_a_killer_page_names_its_rules_and_draws_its_cages(make_driver: MakeDriver) -> None:
    from game.engine.rules import Cage, RuleSet

    shape = Puzzle.from_string("." * 81).shape
    rules = RuleSet(shape, (Cage((0, 1), 3), Cage((2, 3, 4), 24)))
    position = CandidateGrid.from_grid(shape, [0] * 81, rules=rules)
    step = find_step(position).step
    assert step is not None and step.technique == "Cage Combinations"
    made = Made(position, step, "a test")
    driver = make_driver((1280, 800))
    scene = TechniquePageScene(driver.ctx, "Cage Combinations", lambda name: made)
    driver.app.stack.push(scene)
    driver.step()
    notes = [p for s in scene.page.sections for p in s.paragraphs if "position" in p]
    assert any("A killer 9×9 position" in p for p in notes)
    # The 24 cage (r1c3-r1c5) is in no step area: only the rules layer draws its tag.
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    bare = pygame.Surface((1280, 800))
    plain = Made(CandidateGrid.from_grid(shape, [0] * 81), step, "a test")
    other = TechniquePageScene(driver.ctx, "Cage Combinations", lambda name: plain)
    other.draw(bare)
    geometry = scene.picture.geometry(scene.layout().picture, 9)
    corner = geometry.cell_rect(2).inflate(-2, -2)
    assert surface.subsurface(corner).copy().get_view("2").raw != (
        bare.subsurface(corner).copy().get_view("2").raw
    )


def test_a_marked_example_says_a_hint_gives_another_step_first() -> None:
    example = next(e for e in exemplars.examples("Skyscraper") if e.simpler)
    page = page_text(get("Skyscraper"), example)
    texts = [p for s in page.sections for p in s.paragraphs]
    assert example.step is not None and example.step.technique == "Skyscraper"
    assert example.step.explanation in texts  # the Skyscraper drawn, not the hint's fish
    note = f"gives {'an' if example.simpler[0] in 'AEIOU' else 'a'} {example.simpler} first"
    assert any(note in text and "a Skyscraper works too" in text for text in texts)
    assert all("In this example (" not in s.heading for s in page.sections)
