"""Fixtures that build the game app headless, with events and time passed in by hand."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pygame
import pytest

from game.engine import solver
from game.engine.logic.registry import Level
from game.engine.puzzle import Puzzle
from game.engine.rules import candidates, dead_end
from game.engine.shape import Shape
from game.session.play import Settings, Status
from game.session.play.puzzle_kind import Origin, PuzzleKind
from game.session.puzzles.sources import Prepared
from game.session.tasks import TaskRunner
from game.ui.app import routes
from game.ui.app.loop import App
from game.ui.stage.context import AppContext
from game.ui.stage.display import Display
from game.ui.stage.scene_stack import Scene

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


@pytest.fixture(scope="session", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


@dataclass
class Driver:
    """Runs the app one iteration at a time with synthetic events and exact dt."""

    app: App

    @property
    def ctx(self) -> AppContext:
        return self.app.ctx

    @property
    def top(self) -> Scene:
        return self.app.stack.top

    def step(self, *events: pygame.event.Event, dt: float = 0.0) -> bool:
        return self.app.step(list(events), dt)

    def key(self, key: int, mod: int = 0, char: str = "") -> bool:
        event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)
        return self.step(event)

    def text(self, text: str) -> bool:
        return self.step(pygame.event.Event(pygame.TEXTINPUT, text=text))

    def click(self, pos: tuple[int, int], button: int = 1) -> bool:
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        return self.step(down, up)

    def move(self, pos: tuple[int, int]) -> bool:
        return self.step(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )

    def run(self, seconds: float, frame: float = 1 / 60) -> None:
        """Let time pass in frames (animations, timers)."""
        elapsed = 0.0
        while elapsed < seconds:
            self.step(dt=frame)
            elapsed += frame

    def settle(self) -> None:
        """Wait for background jobs (however long they take), then deliver them."""
        assert self.ctx.tasks.wait_idle()
        self.step()
        self.step()


def prepared(
    text: str = PUZZLE, solution: str | None = SOLUTION, level: Level = Level.EASY
) -> Prepared:
    puzzle = Puzzle.from_string(text)
    if solution is None:
        found = solver.solve(puzzle.shape, puzzle.givens)
        grid = found
    else:
        grid = tuple(int(c) for c in solution)
    origin = Origin(PuzzleKind.of(puzzle.shape, level))
    return Prepared(puzzle, grid, Status.UNIQUE, origin)


def variant_prepared() -> Prepared:
    """The classic test puzzle with a constraint of each drawn kind that its solution
    keeps (so it stays unique): cages, a thermometer, an arrow, kropki dots, X and V,
    a little killer, a sandwich, a renban line and an even cell."""
    from game.engine.rules import constraints as c

    n = 9
    sol = [int(ch) for ch in SOLUTION]
    pairs = [(a, b) for a in range(81) for b in (a + 1, a + n) if b < 81 and (b != a + 1 or b % n)]

    def first_pair(test: Callable[[int, int], bool]) -> tuple[int, int]:
        return next((a, b) for a, b in pairs if test(sol[a], sol[b]))

    rules: list[c.Constraint] = [
        c.Cage((2, 3), sol[2] + sol[3]),
        c.Cage((77, 78), sol[77] + sol[78]),
    ]
    thermo = next(
        (a, b, b + 1)
        for a, b in pairs
        if b == a + n and (b + 1) % n and sol[a] < sol[b] < sol[b + 1]
    )
    rules.append(c.Thermometer(thermo))
    arrow = next(
        (a, (b, d))
        for a, b in pairs
        for d in (b + 1, b + n)
        if b == a + n and d < 81 and d % n and d not in (a,) and sol[b] + sol[d] == sol[a]
    )
    rules.append(c.Arrow((arrow[0],), arrow[1]))
    rules.append(c.Kropki(*first_pair(lambda x, y: abs(x - y) == 1), False))
    rules.append(c.Kropki(*first_pair(lambda x, y: x == 2 * y or y == 2 * x), True))
    rules.append(c.XV(*first_pair(lambda x, y: x + y == 10), 10))
    rules.append(c.XV(*first_pair(lambda x, y: x + y == 5), 5))
    diagonal = tuple(k * n + k + 1 for k in range(8))
    rules.append(c.LittleKiller(diagonal, sum(sol[cell] for cell in diagonal)))
    row = [sol[4 * n + k] for k in range(n)]
    i, j = sorted((row.index(1), row.index(9)))
    rules.append(c.Sandwich(tuple(4 * n + k for k in range(n)), sum(row[i + 1 : j])))
    rules.append(c.Parity(next(cell for cell in range(81) if sol[cell] % 2 == 0), True))
    renban = next(
        (a, a + 1, a + 2)
        for a in range(81)
        if a % n < n - 2 and max(sol[a : a + 3]) - min(sol[a : a + 3]) == 2
    )
    rules.append(c.Renban(renban))
    puzzle = Puzzle(Shape.classic(n), Puzzle.from_string(PUZZLE).givens, tuple(rules))
    origin = Origin(PuzzleKind.of(puzzle.shape, Level.EASY))
    return Prepared(puzzle, tuple(sol), Status.UNIQUE, origin)


MakeDriver = Callable[..., Driver]


@pytest.fixture
def make_driver() -> MakeDriver:
    def make(size: tuple[int, int] = (1280, 800), **settings: object) -> Driver:
        display = Display(False, size)
        values = {"fullscreen": False, **settings}
        chosen = Settings(**values)  # type: ignore[arg-type]
        ctx = AppContext(chosen, tasks=TaskRunner(wake=lambda: None), size=display.size)
        driver = Driver(App(ctx, display))
        driver.step()
        return driver

    return make


@pytest.fixture
def driver(make_driver: MakeDriver) -> Driver:
    return make_driver()


def answer(driver: Driver, yes: bool = True) -> None:
    """Click Yes (or No) on the confirmation card on top."""
    from game.ui.screens.confirm import ConfirmScene

    card = driver.top
    assert isinstance(card, ConfirmScene), f"no question on top but {type(card).__name__}"
    driver.step()  # laid out and drawn
    driver.click(card.buttons.rects[0 if yes else 1].center)


def start_board(driver: Driver, game: Prepared | None = None) -> None:
    """Put a known puzzle on the board, as if it had been generated."""
    driver.app.apply(routes.board(driver.ctx, game or prepared()))
    driver.step()


def harmless_mistakes(count: int) -> list[tuple[int, int]]:
    """Wrong digits in different cells that break no rule and leave no visible dead end."""
    grid = [int(c) if c != "." else 0 for c in PUZZLE]
    shape = Shape.classic(9)
    found: list[tuple[int, int]] = []
    for cell in range(81):
        if grid[cell] or any(cell in shape.peer_sets[c] for c, _ in found):
            continue
        legal = candidates(shape, grid)[cell]
        for digit in range(1, 10):
            if digit == int(SOLUTION[cell]) or not legal >> (digit - 1) & 1:
                continue
            grid[cell] = digit
            if dead_end(shape, grid) is None:
                found.append((cell, digit))
                break
            grid[cell] = 0
        if len(found) == count:
            return found
    raise AssertionError("no such mistakes")
