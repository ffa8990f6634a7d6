"""Applying one technique across the board: a known position, one undo step, the refusals."""

from __future__ import annotations

import pygame
import pytest

from game.session.board.everywhere_flow import EVERYWHERE
from game.ui.board.scene import BoardScene
from game.ui.board.steps_view import steps_geometry
from game.ui.input.actions import CHORES

from ..conftest import Driver, harmless_mistakes, start_board

ALT = pygame.KMOD_LALT
CTRL = pygame.KMOD_LCTRL


def cell(name: str) -> int:
    """``"r5c5"`` -> its 0-based index."""
    row, column = name[1:].split("c")
    return (int(row) - 1) * 9 + int(column) - 1


@pytest.fixture
def scene(driver: Driver) -> BoardScene:
    start_board(driver)
    driver.settle()
    top = driver.top
    assert isinstance(top, BoardScene)
    return top


def press(driver: Driver, digit: int) -> None:
    driver.key(pygame.K_0 + digit, ALT)
    driver.settle()


def test_naked_singles_everywhere_places_the_known_four_as_one_move(
    driver: Driver, scene: BoardScene
) -> None:
    before = scene.game.state
    press(driver, 1)
    entries = scene.game.state.entries
    placed = {c: d for c, d in enumerate(entries) if d}
    assert placed == {cell("r5c5"): 5, cell("r7c6"): 7, cell("r7c9"): 4, cell("r8c8"): 3}
    assert scene.panel_model().status == "Naked singles everywhere: 4 digits placed."
    assert scene.game.hints_used == 1
    driver.key(pygame.K_z, CTRL)
    assert scene.game.state == before


def test_hidden_pairs_everywhere_removes_the_known_notes(driver: Driver, scene: BoardScene) -> None:
    driver.key(pygame.K_f, 0, "f")
    filled = scene.game.state
    press(driver, 5)
    notes = scene.game.state.notes
    removed = {
        (c, d)
        for c in range(81)
        for d in range(1, 10)
        if filled.notes[c] >> (d - 1) & 1 and not notes[c] >> (d - 1) & 1
    }
    expected = {("r4c6", 7), ("r7c1", 3), ("r7c3", 3), ("r7c3", 4), ("r7c3", 5)}
    expected |= {("r7c3", 7), ("r9c4", 3), ("r9c4", 5)}
    assert removed == {(cell(name), d) for name, d in expected}
    assert scene.panel_model().status == "Hidden pairs everywhere: 8 notes removed."
    driver.key(pygame.K_z, CTRL)  # one undo step brings every note back
    assert scene.game.state == filled


def test_nothing_to_apply_is_said(driver: Driver, scene: BoardScene) -> None:
    driver.key(pygame.K_f, 0, "f")
    state = scene.game.state
    press(driver, 4)  # naked pairs: none in this position
    assert scene.panel_model().status == "No naked pairs anywhere on the board."
    assert scene.game.state == state and scene.game.hints_used == 0


def test_techniques_on_notes_ask_for_notes_first(driver: Driver, scene: BoardScene) -> None:
    press(driver, 3)
    assert "fill them in first" in scene.panel_model().status
    assert not any(scene.game.state.notes)


def test_a_wrong_entry_stops_it(driver: Driver, scene: BoardScene) -> None:
    wrong, digit = harmless_mistakes(1)[0]
    scene.play.select(wrong)
    driver.key(pygame.K_0 + digit)
    state = scene.game.state
    press(driver, 1)
    assert "not right" in scene.panel_model().status and scene.game.state == state


def test_the_step_card_lists_every_command_and_its_buttons_work(
    driver: Driver, scene: BoardScene
) -> None:
    driver.key(pygame.K_t, 0, "t")
    driver.settle()
    card = scene.panel_model().steps
    assert card is not None
    assert [k.name for k in card.everywhere] == [a.value for a in CHORES]
    assert "Alt+2" in card.everywhere[1].tooltip
    rects = steps_geometry(scene.layout).everywhere
    driver.click(rects[0].center)
    driver.settle()
    assert scene.panel_model().status.startswith("Naked singles everywhere")
    assert sum(1 for d in scene.game.state.entries if d) == 4
    assert scene.play.help.steps.open  # the path follows the new board


def test_every_command_has_a_key_and_a_known_technique() -> None:
    from game.engine.logic.registry import get
    from game.ui.input.keymap import KeyMap

    keymap = KeyMap()
    for action, chore in CHORES.items():
        assert keymap.keys_for(action, 9) and keymap.keys_for(action, 16)
        for name in EVERYWHERE[chore].techniques:
            get(name)
    assert set(CHORES.values()) == set(EVERYWHERE)
