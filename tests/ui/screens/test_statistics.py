"""The Statistics scene: the table's words, the empty state, scrolling, and the way there."""

from __future__ import annotations

import pygame

from game.engine.logic.registry import Level
from game.session.keep.stats import KindStats, Statistics
from game.session.play.puzzle_kind import PuzzleKind, Variant
from game.ui.screens.menu import MenuScene
from game.ui.screens.statistics import (
    COLUMNS,
    EMPTY,
    StatisticsScene,
    column_widths,
    table_rows,
)

from ..conftest import Driver, MakeDriver


def filled(count: int = 3) -> Statistics:
    stats = Statistics()
    stats.kinds[PuzzleKind(Variant.CLASSIC, 9, Level.MEDIUM)] = KindStats(
        9, 7, 7 * 512.0, 388.0, 0, 3
    )
    stats.kinds[PuzzleKind(Variant.CLASSIC, 9, None)] = KindStats(3, 1, 812.0, 812.0, 0, 1)
    stats.kinds[PuzzleKind(Variant.JIGSAW, 9, Level.EXPERT)] = KindStats(2, 0, 0.0, None, 0, 0)
    for level in range(1, count - 2):
        kind = PuzzleKind(Variant.CLASSIC, 4 + level, Level.EASY)
        stats.kinds[kind] = KindStats(1, 1, 60.0, 60.0, 1, 1)
    return stats


def test_rows_group_by_kind_with_files_after_the_levels() -> None:
    rows = table_rows(filled())
    assert [row.cells for row in rows] == [
        ("Classic 9×9", "Medium", "9", "7", "06:28", "08:32", "0", "3"),
        ("", "From files", "3", "1", "13:32", "13:32", "0", "1"),
        ("Jigsaw 9×9", "Expert", "2", "0", "–", "–", "0", "0"),
    ]
    assert [row.first_of_group for row in rows] == [True, False, True]


def test_variants_have_rows_of_their_own_and_their_names_fit(driver: Driver) -> None:
    stats = filled()
    stats.kinds[PuzzleKind("jigsaw,x,killer", 9, Level.HARD)] = KindStats(1, 0, 0.0, None, 0, 0)
    rows = table_rows(stats)
    assert [row.group for row in rows if row.first_of_group] == [
        "Classic 9×9",
        "Jigsaw 9×9",
        "Jigsaw X Killer 9×9",
    ]
    text = driver.ctx.text
    widths = column_widths(rows, text.measure)
    assert widths[1:] == tuple(width for _, width in COLUMNS[1:])
    # The longest name at the table's text size, in units, fits its column.
    assert text.measure("Jigsaw X Killer 9×9", 100, True)[0] / 100 * 0.3 < widths[0]
    assert column_widths(table_rows(filled()), text.measure)[0] == COLUMNS[0][1]


def test_the_menu_leads_to_statistics_and_back(driver: Driver) -> None:
    menu = driver.top
    assert isinstance(menu, MenuScene)
    stats = next(i for i, item in enumerate(menu.buttons.items) if item.key == "stats")
    menu.layout()
    driver.click(menu.buttons.rects[stats].center)
    scene = driver.top
    assert isinstance(scene, StatisticsScene)
    assert scene.rows == []
    driver.step()
    assert EMPTY  # drawn without a table
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, MenuScene)


def test_many_rows_scroll(make_driver: MakeDriver) -> None:
    driver = make_driver(size=(800, 600))
    driver.ctx.keeper.data.stats = filled(40)
    scene = StatisticsScene(driver.ctx)
    driver.app.stack.push(scene)
    driver.step()
    fits = scene.fits()
    assert fits < len(scene.rows)
    driver.key(pygame.K_DOWN)
    assert scene.form.first == 1
    driver.step(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-100, flipped=False))
    assert scene.form.first == len(scene.rows) - fits
    driver.click(scene.rect_of("footer", "done").center)
    assert isinstance(driver.top, MenuScene)
