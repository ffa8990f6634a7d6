"""Legibility: every string drawn at 12 px or more at 800x600 and 1280x800, and an
explanation never cut before its conclusion.

The type sizes are measured where they are used: a :class:`~game.ui.kit.text.Text`
that notes the size of every font asked to render is handed to the app, the scenes
lay themselves out at the window size and draw, and every size noted is checked.
(Sizes are font sizes in pixels, as LOOK.md's floor and the layouts mean them.)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.engine.generator import generate_unrated
from game.engine.puzzle import Puzzle
from game.engine.rules.constraints import Cage, LittleKiller
from game.engine.shape import Shape
from game.engine.symbols import symbol
from game.session.play import NoteKind, Settings, Status
from game.session.play.puzzle_kind import Origin, PuzzleKind
from game.session.puzzles.sources import Prepared
from game.session.tasks import TaskRunner
from game.ui.app.loop import App
from game.ui.board.layout import least_note_size, note_size, window_for_notes
from game.ui.board.panel_view import explanation_fit, notice_lines
from game.ui.board.scene import BoardScene
from game.ui.kit.text import Text
from game.ui.stage.context import AppContext
from game.ui.stage.destinations import EnterPuzzle, Help, KeysPage, Menu, SettingsPage
from game.ui.stage.display import Display
from game.ui.stage.scene_stack import Go

from .conftest import PUZZLE, SOLUTION, Driver, prepared, start_board

SIZES = ((800, 600), (1280, 800))
SHIFT = pygame.KMOD_LSHIFT


class _Spy:
    """A font that notes the size of every string it renders."""

    def __init__(self, font: pygame.font.Font, size: int, seen: list[tuple[int, str]]) -> None:
        self._font, self._size, self._seen = font, size, seen

    def render(self, words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        if words.strip():
            self._seen.append((self._size, words))
        return self._font.render(words, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)


class MeasuredText(Text):
    """:class:`Text` whose fonts note every size they render (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[int, str]] = []

    def __bool__(self) -> bool:  # an empty cache must not read as "no Text given"
        return True

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        real = super().font(size, bold)
        return _Spy(real, max(6, int(size)), self.seen)  # type: ignore[return-value]


def measured(size: tuple[int, int], **settings: object) -> tuple[Driver, MeasuredText]:
    text = MeasuredText()
    display = Display(False, size)
    chosen = Settings(**{"fullscreen": False, **settings})  # type: ignore[arg-type]
    ctx = AppContext(chosen, text=text, tasks=TaskRunner(wake=lambda: None), size=display.size)
    driver = Driver(App(ctx, display))
    driver.step()
    return driver, text


def board_with_notes(driver: Driver) -> None:
    start_board(driver)
    driver.settle()
    driver.key(pygame.K_f, 0, "f")  # every candidate note
    driver.click(driver.top.layout.board.cell_rect(2).center)  # type: ignore[attr-defined]
    driver.settle()


def killer() -> Prepared:
    """The classic test puzzle with killer cages (sums of one and two digits) that its
    solution keeps: pairs along the first and last rows and columns."""
    sol = [int(ch) for ch in SOLUTION]
    pairs = [(2, 3), (5, 6), (77, 78), (9, 18), (45, 54), (26, 35)]
    cages = tuple(Cage(pair, sol[pair[0]] + sol[pair[1]]) for pair in pairs)
    puzzle = Puzzle(Shape.classic(9), Puzzle.from_string(PUZZLE).givens, cages)
    return Prepared(puzzle, tuple(sol), Status.UNIQUE, Origin(PuzzleKind.of(puzzle.shape, None)))


def killer_with_notes(driver: Driver) -> None:
    """A killer board (cages with their sums) with every candidate note, and a caged
    cell holding corner and centre notes as well."""
    start_board(driver, killer())
    driver.settle()
    while not isinstance(driver.top, BoardScene):
        driver.key(pygame.K_ESCAPE)  # the rules card over the board
    driver.key(pygame.K_f, 0, "f")  # every candidate note
    scene = driver.top
    assert isinstance(scene, BoardScene)
    driver.click(scene.layout.board.cell_rect(2).center)  # the first cell of a cage
    for digit, kind in ((1, NoteKind.CORNER), (8, NoteKind.CORNER), (4, NoteKind.CENTRE)):
        scene.game.marking.note_many({2}, digit, kind)
    scene.game.marking.note_many({2}, 6, NoteKind.CENTRE)
    scene.uncover()  # the board reads the notes the session wrote
    driver.settle()
    look = scene.looks()[2]
    assert look.notes and look.corner == 0b10000001 and look.centre == 0b101000


def hint_card(driver: Driver) -> None:
    board_with_notes(driver)
    for _ in range(2):
        driver.key(pygame.K_h, 0, "h")
        driver.settle()


def steps_card(driver: Driver) -> None:
    board_with_notes(driver)
    driver.key(pygame.K_t, 0, "t")
    driver.settle()


def corner_notes(driver: Driver) -> None:
    board_with_notes(driver)
    driver.key(pygame.K_n, 0, "n")  # notes mode, in corner notes: "Corner notes" labels
    driver.settle()


def screen(destination: object) -> Callable[[Driver], None]:
    def open_it(driver: Driver) -> None:
        board_with_notes(driver)
        driver.app.apply(Go(destination))  # type: ignore[arg-type]
        driver.step()

    return open_it


def technique_page(name: str) -> Callable[[Driver], None]:
    def open_it(driver: Driver) -> None:
        from game.ui.app.routes import first_example
        from game.ui.stage.scene_stack import Push
        from game.ui.trainer.technique_page import TechniquePageScene

        driver.app.apply(Push(TechniquePageScene(driver.ctx, name, first_example)))
        driver.step()

    return open_it


def share_card(driver: Driver) -> None:
    board_with_notes(driver)
    driver.key(pygame.K_c, pygame.KMOD_LCTRL | SHIFT)  # Copy the puzzle: the Share card
    driver.step()


def menu_with_continue(driver: Driver) -> None:
    board_with_notes(driver)
    driver.app.apply(Go(Menu()))
    driver.step()


def editor_with_a_cage(driver: Driver) -> None:
    driver.app.apply(Go(EnterPuzzle()))
    driver.key(pygame.K_5)
    driver.key(pygame.K_RIGHT, SHIFT)
    driver.text("1")
    driver.text("2")
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_DOWN, SHIFT)
    driver.settle()


SCENES: dict[str, Callable[[Driver], None]] = {
    "board": board_with_notes,
    "killer with notes": killer_with_notes,
    "hint card": hint_card,
    "step card": steps_card,
    "corner notes mode": corner_notes,
    "settings": screen(SettingsPage()),
    "keys": screen(KeysPage()),
    "help": screen(Help(9)),
    "menu": menu_with_continue,
    "share card": share_card,
    "enter a puzzle": editor_with_a_cage,
    "X-Wing page": technique_page("X-Wing"),
    "Franken X-Wing page": technique_page("Franken X-Wing"),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", SCENES)
def test_no_text_under_12_px(size: tuple[int, int], name: str) -> None:
    settings: dict[str, object] = {"note_kind": NoteKind.CORNER} if "corner" in name else {}
    driver, text = measured(size, **settings)
    SCENES[name](driver)
    driver.top.dirty = True
    driver.step()
    assert text.seen, "nothing was drawn"
    small = sorted({(size, words) for size, words in text.seen if size < 12})
    assert not small, f"{name} at {size}: text under 12 px: {small[:8]}"


def sixteen() -> str:
    puzzle = generate_unrated("classic", 16, seed=1).puzzle
    return "".join(symbol(v) if v else "." for v in puzzle.givens)


@pytest.mark.parametrize("size", [*SIZES, (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_16x16_board_reads_or_says_it_needs_a_larger_window(size: tuple[int, int]) -> None:
    driver, text = measured(size)
    start_board(driver, prepared(sixteen(), None))
    driver.settle()
    driver.key(pygame.K_n, SHIFT, "N")  # fill notes (F is a digit on 16x16)
    driver.settle()
    scene = driver.top
    assert isinstance(scene, BoardScene)
    scene.invalidate()
    driver.step()
    notes = {size for size, words in text.seen if len(words) == 1 and size < 12}
    notice = scene.notice()
    if note_size(scene.layout.board) >= 12:
        assert not notice and not notes
    else:
        assert notes, "the tiles draw the notes at the size the layout says"
        wanted = window_for_notes(16)  # 1488x930 since notes are sized by their ink
        assert wanted is not None and f"{wanted[0]}×{wanted[1]}" in notice and "F11" in notice
        drawn = " ".join(words for _, words in text.seen)
        said = notice_lines(text, scene.layout, notice)
        in_panel = scene.panel_model().notice
        assert said is not None or in_panel == notice
        assert all(line in drawn for line in (said[1] if said else [])), "the notice is drawn"


LONG_STEP = "...8.673.98..7.5......9..48.6....8..87.....93..2....7.25..3......8.2..51.134.8..."
"""An expert puzzle whose solution path holds a Sue de Coq (a long explanation)."""


def test_a_long_explanation_scrolls_to_its_conclusion_at_800x600() -> None:
    driver, text = measured((800, 600))
    start_board(driver, prepared(LONG_STEP, None))
    driver.settle()
    driver.key(pygame.K_f, 0, "f")
    driver.key(pygame.K_t, 0, "t")
    driver.settle()
    scene = driver.top
    assert isinstance(scene, BoardScene)
    flow = scene.play.help.steps
    while (shown := flow.shown()) is not None and shown.technique != "Sue de Coq":
        driver.key(pygame.K_TAB)
    assert shown is not None, "the path has its Sue de Coq"
    fit = explanation_fit(text, scene.layout, scene.panel_model())
    assert fit is not None and fit.overflows and fit.size >= 12
    assert " ".join(fit.lines).split() == shown.explanation.split(), "every word, none cut"
    seen: set[str] = set()
    for _ in range(len(fit.lines)):
        seen.update(fit.lines[scene.scroll : scene.scroll + fit.page])
        driver.key(pygame.K_PAGEDOWN)
    assert scene.scroll == fit.last and fit.lines[-1] in seen  # the conclusion shows
    driver.key(pygame.K_PAGEUP)
    assert scene.scroll < fit.last
    driver.key(pygame.K_TAB)  # the next step starts at its top
    assert scene.scroll == 0


@pytest.mark.parametrize("size", [*SIZES, (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_setting_has_one_line_of_explanation_under_it(size: tuple[int, int]) -> None:
    from game.ui.forms.layout import lay_out
    from game.ui.screens.settings import FORM, ROWS

    assert all(control.hint for control in ROWS)
    text = Text()
    layout = lay_out(FORM, size, text)
    shown = [line for line in layout.lines if line.stop < len(ROWS)]
    assert shown and layout.small >= 12
    for line in shown:
        control = ROWS[line.stop]
        assert line.hint is not None, control.key
        assert text.measure(control.hint, layout.small)[0] <= line.hint.w, "never cut"
        assert line.hint.top >= max(part.bottom for part in line.parts), "under the control"
        assert line.hint.bottom <= line.band.bottom


def killer_with_clues_outside() -> Prepared:
    """:func:`killer` with a little killer sum above and left of the grid: the board
    gives the clues a row and a column, so its cells are smaller."""
    base = killer()
    sol = [int(ch) for ch in SOLUTION]
    down = tuple(range(1, 81, 10))  # r1c2 to r8c9
    across = tuple(range(9, 81, 10))  # r2c1 to r9c8
    clues = tuple(LittleKiller(cells, sum(sol[c] for c in cells)) for cells in (down, across))
    puzzle = Puzzle(base.puzzle.shape, base.puzzle.givens, base.puzzle.constraints + clues)
    return dataclasses.replace(base, puzzle=puzzle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_notes_under_cage_sums_beside_outside_clues_read_or_the_board_says_so(
    size: tuple[int, int],
) -> None:
    driver, text = measured(size)
    start_board(driver, killer_with_clues_outside())
    driver.settle()
    while not isinstance(driver.top, BoardScene):
        driver.key(pygame.K_ESCAPE)  # the rules card over the board
    driver.key(pygame.K_f, 0, "f")  # every candidate note
    driver.settle()
    scene = driver.top
    assert isinstance(scene, BoardScene)
    scene.invalidate()
    driver.step()
    notes = {size for size, words in text.seen if len(words) == 1 and size < 12}
    notice = scene.notice()
    if least_note_size(scene.layout.board) >= 12:
        assert not notice and not notes
    else:
        assert notes, "the tiles draw the notes at the size the layout says"
        wanted = window_for_notes(9, (True, False, False, True), True)
        assert wanted is not None and f"{wanted[0]}×{wanted[1]}" in notice
