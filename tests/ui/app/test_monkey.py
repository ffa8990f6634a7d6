"""The monkey: 20,000 random events through every scene, checking the game's laws after each.

A headless run of the whole app (``seams.install`` over a temporary data folder,
the picker and persistence included) is driven by a seeded ``random.Random``:
keys from the key map's bindings and random others with random modifiers, typed
text, clicks (left, right, middle, double), motion, the wheel, window resizes,
focus changes and the odd close of the window.  Time passes in explicit ``dt``
steps and background jobs are waited for, so a run is the same every time.
Every event is drawn (the run takes about half a minute; were it much slower,
drawing every Nth event would be the way to keep it quick).

The events are dealt in *chapters*, each starting somewhere (every menu entry,
walked from the menu itself so entries added later are included; boards of every
variant and size; win, lose, pause, help, the save dialog, the step panel ...),
so no scene depends on the monkey's luck to be reached.  After every event the
laws of :func:`check_game` and a non-empty scene stack must hold; at the end,
every scene class in ``game.ui`` must have been on top at least once, so
a new scene that no chapter reaches fails here until it gets one.

When the window closes (Quit, or a close event), the session quits as in the
real loop and the next chapter starts a new run over the same folder: the game
that was in progress must come back under Continue exactly as it was.

On failure the message gives the seed, the event number and the last events;
``MONKEY_SEED=... MONKEY_EVENTS=...`` reproduce or extend a run.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import itertools
import os
import pkgutil
import random
import time
import types
import weakref
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import ui as ui_package
from game.engine.logic.registry import Level
from game.engine.rules import is_solution
from game.session import tasks as tasks_module
from game.session.play import Game, Phase, Settings
from game.session.play.moves import Solve
from game.session.play.puzzle_kind import PuzzleKind, Variant
from game.session.puzzles import sources
from game.session.puzzles.sources import Prepared, generate
from game.session.tasks import TaskRunner
from game.ui.app import routes
from game.ui.app import startup as seams
from game.ui.app.loop import App
from game.ui.board.scene import BoardScene
from game.ui.forms.scene import FormScene
from game.ui.input.actions import Action
from game.ui.picker import scene as picker_scene
from game.ui.screens.card import CardScene
from game.ui.screens.confirm import ConfirmScene
from game.ui.screens.menu import MenuScene
from game.ui.stage.context import AppContext
from game.ui.stage.destinations import OpenFile
from game.ui.stage.display import Display
from game.ui.stage.scene_stack import Go, Reset, Scene

from ...conftest import ROOT
from ..conftest import prepared

SEED = int(os.environ.get("MONKEY_SEED", "20250131"))
EVENTS = int(os.environ.get("MONKEY_EVENTS", "20000"))
CHAPTER = 350  # events per chapter
SIZES = ((1280, 800), (800, 600), (1920, 1080), (900, 1400), (640, 480))

MODIFIERS = (
    0,
    0,
    0,
    pygame.KMOD_LSHIFT,
    pygame.KMOD_LCTRL,
    pygame.KMOD_LALT,
    pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT,
)
OTHER_KEYS = tuple(
    getattr(pygame, name) for name in dir(pygame) if name.startswith("K_") and name != "K_UNKNOWN"
)
TEXT = "abcxyz019 .-_/:?*<>|\\\"'é数\t"


# -- the laws ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """What the laws remember of a game between two looks at it."""

    mistakes: int
    phase: Phase
    solution_seen: bool


def check_game(game: Game, seen: weakref.WeakKeyDictionary[Game, Seen]) -> None:
    """The laws a game keeps whatever the player does (AssertionError naming the broken one)."""
    state = game.state
    givens = game.givens
    assert all(not e for e, g in zip(state.entries, givens, strict=True) if g), "entry on a given"
    grid = game.grid
    assert all(not n for n, d in zip(state.notes, grid, strict=True) if d), "note in a full cell"
    history = game.history
    assert 0 <= history.position <= len(history), "history position out of bounds"
    assert history.current is state
    counters = game.counters
    assert min(counters.mistakes, counters.hints, counters.checks, counters.reveals) >= 0
    assert game.elapsed >= 0, "negative clock"
    before = seen.get(game)
    phase = game.phase
    solved = all(grid) and is_solution(game.shape, grid, game.givens)
    shown = isinstance(history.last_move, Solve)
    # The phase machine's laws, checked against the board and counters independently.
    assert phase is not Phase.SOLVED or solved, "solved with a wrong grid"
    assert phase not in (Phase.PLAYING, Phase.PAUSED) or not solved, "a right grid goes on"
    assert phase is not Phase.SHOWN or shown, "solution shown but not on the board"
    assert phase not in (Phase.PLAYING, Phase.PAUSED) or not shown, "solution on a live board"
    assert not shown or game.solution_seen, "the solution was shown and not recorded"
    assert phase is not Phase.SOLVED or not game.counts_as_win or game.clean
    if before is not None:
        assert counters.mistakes >= before.mistakes, "mistakes went down"
        assert game.solution_seen or not before.solution_seen, "a seen solution was forgotten"
        if before.phase.final:
            assert phase is before.phase, f"left the final phase {before.phase}"
        if phase is Phase.LOST and before.phase is not Phase.LOST:
            # A limit never ends a game retroactively: only a new mistake does.
            assert counters.mistakes > before.mistakes, "lost without a new mistake"
    seen[game] = Seen(counters.mistakes, phase, game.solution_seen)


# -- the monkey ----------------------------------------------------------------------------------


@dataclass
class Monkey:
    """One seeded run: the app, the random source, and what it has seen so far."""

    data: Path
    rng: random.Random
    boards: dict[str, Prepared]
    driver: App | None = None
    count: int = 0
    runs: int = 0
    visited: set[str] = field(default_factory=set)
    recent: deque[str] = field(default_factory=lambda: deque(maxlen=25))
    mistakes: weakref.WeakKeyDictionary[Game, Seen] = field(
        default_factory=weakref.WeakKeyDictionary
    )
    checked: dict[int, object] = field(default_factory=dict)

    @property
    def app(self) -> App:
        assert self.driver is not None
        return self.driver

    @property
    def ctx(self) -> AppContext:
        return self.app.ctx

    # -- runs ------------------------------------------------------------------------------

    def new_run(self) -> None:
        """Start the game as ``main.py`` does, over the same data folder."""
        size = self.rng.choice(SIZES)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        ctx = AppContext(Settings(), tasks=TaskRunner(wake=lambda: None), size=size)
        seams.install(ctx)
        ctx.settings_override(fullscreen=False)
        self.driver = App(ctx, Display(False, size))
        self.runs += 1
        self.step([], 0.0)

    def quit_run(self) -> None:
        """What the loop does as the window closes, then check what Continue will offer."""
        ctx = self.ctx
        ctx.session.quit()
        ctx.tasks.cancel_all()
        game = ctx.session.game
        autosave = self.data / "autosave.sudoku"
        if game is not None and ctx.keeper.persistent:
            from game.session.keep.savegame import load_saved

            assert autosave.exists(), "a game in progress was not autosaved at quit"
            kept = load_saved(autosave)
            saved = kept.game
            assert saved.state == game.state, "the autosave differs from the game"
            assert saved.history.moves == game.history.moves
            assert saved.history.position == game.history.position
            assert saved.counters == game.counters
            assert kept.cursor == ctx.session.cursor
            assert saved.phase is (Phase.PLAYING if game.phase is Phase.PAUSED else game.phase)
        for key, kind in ctx.keeper.stats:
            assert kind.won <= kind.played and kind.streak <= kind.best_streak <= kind.won, key
        if ctx.keeper.persistent:  # every setting was written as it changed (full screen aside)
            from game.session.keep.userdata import parse_settings

            path = self.data / "settings.json"  # none yet: nothing was changed
            written = parse_settings(path.read_text("utf-8")) if path.exists() else Settings()
            assert dataclasses.replace(written, fullscreen=False) == dataclasses.replace(
                ctx.settings, fullscreen=False
            ), "settings.json differs from the settings in use"
        self.driver = None

    # -- one event -------------------------------------------------------------------------

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        if not self.app.step(events, dt):
            self.recent.append("(the window closed: the session quits, then a new run)")
            self.quit_run()
            self.new_run()
            return
        self.visited.add(type(self.app.stack.top).__name__)  # before a wait ends a Busy card
        self.settle()
        self.check()

    def settle(self) -> None:
        """Let background jobs finish (bounded), and deliver them on the next step.

        Waiting makes the run repeatable: what a click hits must not depend on how
        far a worker thread got.  The picker has lanes of its own (``jobs``).
        """
        jobs = getattr(self.app.stack.top, "jobs", None)
        if jobs is not None and hasattr(jobs, "wait_idle"):
            jobs.wait_idle(1.0)
            self.app.step([], 0.0)  # the picker takes its lanes' results in update
        tasks = self.ctx.tasks
        tasks.wait_idle(2.0)
        if tasks.busy:  # a long job (a hard puzzle being made): stop waiting for it
            tasks.cancel_all()
        if tasks.poll():
            self.app.step([], 0.0)  # the scene that asked acts on the answer

    def check(self) -> None:
        stack = self.app.stack
        assert len(stack) > 0, "the scene stack is empty"
        self.visited.add(type(stack.top).__name__)
        title = getattr(stack.top, "title", "")
        assert title != "Something went wrong", f"{title}: {getattr(stack.top, 'body', '')}"
        games = {id(s.game): s.game for s in stack.scenes if isinstance(s, BoardScene)}
        session = self.ctx.session.game
        if session is not None:
            games[id(session)] = session
        for game in games.values():
            key = (game.version, game.settings)
            if self.checked.get(id(game)) != key:
                check_game(game, self.mistakes)
                self.checked[id(game)] = key

    # -- random events ---------------------------------------------------------------------

    def random_event(self) -> tuple[list[pygame.event.Event], float, str]:
        rng = self.rng
        roll = rng.random()
        if roll < 0.5:
            events, what = self.key_event()
        elif roll < 0.62:
            events, what = self.text_event()
        elif roll < 0.9:
            events, what = self.mouse_event()
        elif roll < 0.94:
            amount = rng.choice((-3, -1, 1, 2))
            events = [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=amount, flipped=False)]
            what = f"wheel {amount}"
        elif roll < 0.95:
            size = rng.choice(SIZES)
            pygame.display.set_mode(size, pygame.RESIZABLE)
            events = [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]
            what = f"resize {size}"
        elif roll < 0.99:
            kind = rng.choice(
                (
                    pygame.WINDOWFOCUSLOST,
                    pygame.WINDOWFOCUSGAINED,
                    pygame.WINDOWMINIMIZED,
                    pygame.WINDOWRESTORED,
                    pygame.WINDOWEXPOSED,
                    pygame.WINDOWLEAVE,
                )
            )
            events = [pygame.event.Event(kind)]
            what = pygame.event.event_name(kind)
        elif roll < 0.9985:
            events, what = [], "time"
        else:
            events, what = [pygame.event.Event(pygame.QUIT)], "close the window"
        dt = rng.choice((0.0, 0.0, 1 / 60, 0.1, 0.5)) if rng.random() < 0.97 else 2.5
        return events, dt, what

    def key_event(self) -> tuple[list[pygame.event.Event], str]:
        rng = self.rng
        char = ""
        if rng.random() < 0.6:
            chords = [c for chords in self.ctx.keymap.bindings.values() for c in chords]
            chord = rng.choice(chords)
            key = chord.key or (ord(chord.char) if len(chord.char) == 1 else 0)
            mod = (
                (pygame.KMOD_LCTRL if chord.ctrl else 0)
                | (pygame.KMOD_LSHIFT if chord.shift else 0)
                | (pygame.KMOD_LALT if chord.alt else 0)
            )
            char = chord.char
            if rng.random() < 0.1:
                mod |= rng.choice(MODIFIERS)
        elif rng.random() < 0.5:
            digit = rng.randint(0, 9)
            key = rng.choice((pygame.K_0, pygame.K_KP0)) + digit
            mod, char = rng.choice(MODIFIERS), str(digit)
        else:
            key, mod = rng.choice(OTHER_KEYS), rng.choice(MODIFIERS)
            char = chr(key) if 32 <= key < 127 else ""
        event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)
        return [event], f"key {pygame.key.name(key) or key} mod {mod} {char!r}"

    def text_event(self) -> tuple[list[pygame.event.Event], str]:
        text = "".join(self.rng.choice(TEXT) for _ in range(self.rng.randint(1, 4)))
        return [pygame.event.Event(pygame.TEXTINPUT, text=text)], f"text {text!r}"

    def mouse_event(self) -> tuple[list[pygame.event.Event], str]:
        rng = self.rng
        pos = self.target()
        button = rng.choice((1, 1, 1, 1, 3, 3, 2))
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        roll = rng.random()
        if roll < 0.2:
            motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            return [motion], f"move {pos}"
        if roll < 0.3:
            return [down, up, down, up], f"double click {pos} button {button}"
        if roll < 0.4:  # a drag: press, a few moves with the button held, release
            path = [self.target() for _ in range(rng.randint(1, 4))]
            moves = [
                pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
                for p in path
            ]
            end = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=path[-1], button=1)
            start = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            return [start, *moves, end], f"drag {pos} through {path}"
        if roll < 0.5:  # Ctrl or Shift held on a click
            mod = rng.choice((pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT))
            down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, mod=mod)
            up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, mod=mod)
            return [down, up], f"click {pos} button {button} mod {mod}"
        return [down, up], f"click {pos} button {button}"

    def target(self) -> tuple[int, int]:
        """Anywhere in the window, or (often) on one of the top scene's buttons."""
        rng = self.rng
        top = self.app.stack.top
        rects = list(getattr(getattr(top, "buttons", None), "rects", []) or [])
        controls = getattr(top, "controls", None)
        if callable(controls):  # the settings rows' switches and choices
            rects += list(controls().values())
        if isinstance(top, BoardScene):
            board = top.layout.board
            rects += [board.cell_rect(rng.randrange(top.game.shape.cells))]
        if rects and rng.random() < 0.45:
            centre: tuple[int, int] = rng.choice(rects).center
            return centre
        width, height = self.ctx.size
        return (rng.randrange(max(1, width)), rng.randrange(max(1, height)))

    def play(self, count: int) -> None:
        for _ in range(count):
            events, dt, what = self.random_event()
            self.recent.append(
                f"{self.count}: {what} (dt {dt}) on {type(self.app.stack.top).__name__}"
            )
            self.count += 1
            self.step(events, dt)


# -- chapters: where each stretch of random events starts ---------------------------------------


Start = Callable[[Monkey], None]


def menu_entry(key: str) -> Start:
    def start(monkey: Monkey) -> None:
        to_menu(monkey)
        menu = monkey.app.stack.top
        assert isinstance(menu, MenuScene)
        monkey.app.apply(menu.choose(key))
        monkey.step([], 0.0)

    return start


def to_menu(monkey: Monkey) -> None:
    monkey.app.apply(Reset((routes.menu(monkey.ctx),)))
    monkey.step([], 0.0)


def board_of(name: str, *then: Callable[[Monkey], None]) -> Start:
    def start(monkey: Monkey) -> None:
        prepared = monkey.boards[name]
        monkey.app.apply(routes.board(monkey.ctx, prepared))
        monkey.step([], 0.0)
        for more in then:
            more(monkey)

    return start


def press(key: int, mod: int = 0, char: str = "") -> Callable[[Monkey], None]:
    def go(monkey: Monkey) -> None:
        event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)
        monkey.step([event], 0.0)
        monkey.step([], 2.5)  # animations (Solve, the win wave) run out

    return go


def finish(monkey: Monkey) -> None:
    """Fill in every cell but one from the solution, then the last one by key: the win card."""
    monkey.ctx.change_settings(input_mode="cell-first")  # a digit key places (not picks) it
    top = monkey.app.stack.top
    assert isinstance(top, BoardScene)
    game = top.game
    assert game.solution is not None
    empty = [c for c in range(game.shape.cells) if not game.grid[c]]
    for cell in empty[:-1]:
        game.place(cell, game.solution[cell])
    top.play.select(empty[-1])
    top.uncover()
    press(pygame.K_0 + game.solution[empty[-1]])(monkey)


def command(action: Action) -> Callable[[Monkey], None]:
    def go(monkey: Monkey) -> None:
        from game.ui.input.actions import Command

        monkey.app.dispatch(Command(action))
        monkey.step([], 2.5)

    return go


def techniques(monkey: Monkey) -> None:
    """Help, then its Techniques button by the keyboard (Tab, Enter): the reference's list."""
    for action in (Action.HELP, Action.NEXT, Action.CONFIRM):
        command(action)(monkey)


def answer_yes(monkey: Monkey) -> None:
    """Yes on the question on top (Solve, or leaving a game that counts)."""
    top = monkey.app.stack.top
    assert isinstance(top, ConfirmScene), type(top).__name__
    monkey.step([], 0.0)  # laid out
    rect = top.buttons.rects[0]
    click = [
        pygame.event.Event(kind, pos=rect.center, button=1)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
    ]
    monkey.step(click, 2.5)


def solve_yes(monkey: Monkey) -> None:
    command(Action.SOLVE)(monkey)
    answer_yes(monkey)
    monkey.step([], 2.5)


def leave_with_a_move(monkey: Monkey) -> None:
    """A move on the board, then the daily puzzle from the menu: the question."""
    top = monkey.app.stack.top
    assert isinstance(top, BoardScene)
    game = top.game
    cell = next(c for c in range(game.shape.cells) if not game.grid[c])
    game.place(cell, 1)
    menu_entry("daily")(monkey)


def new_run(monkey: Monkey) -> None:
    monkey.quit_run()
    monkey.new_run()


def settings_pages(monkey: Monkey) -> None:
    """Settings, then its controls one by one until one opens a page (Keys ...)."""
    menu_entry("settings")(monkey)
    top = monkey.app.stack.top
    controls = getattr(top, "controls", None)
    for rect in list(controls().values()) if callable(controls) else []:
        click = [
            pygame.event.Event(kind, pos=rect.center, button=1)
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        ]
        monkey.step(click, 0.0)
        if monkey.app.stack.top is not top:
            break


def open_bad_file(monkey: Monkey) -> None:
    """A file that is no puzzle at all: the notice that says why."""
    path = monkey.data / "not a puzzle.txt"
    path.write_text("this is not a sudoku\n", encoding="utf-8")
    monkey.app.apply(Go(OpenFile(str(path))))
    monkey.step([], 0.0)


def corrupt_autosave(monkey: Monkey) -> None:
    """The autosave torn (as no atomic write leaves it): set aside, said once, play on."""
    monkey.quit_run()
    (monkey.data / "autosave.sudoku").write_text('{"format": "sudoku-game", "ver', "utf-8")
    monkey.new_run()


def chapters(monkey: Monkey) -> list[tuple[str, Start]]:
    """Every starting point; menu entries are read from the menu, so new ones are included."""
    to_menu(monkey)
    menu = monkey.app.stack.top
    assert isinstance(menu, MenuScene)
    entries = [item.key for item in menu.buttons.items if item.key not in ("quit", "continue")]
    found: list[tuple[str, Start]] = [(f"menu {key}", menu_entry(key)) for key in entries]
    found += [
        ("menu", to_menu),
        ("menu quit", menu_entry("quit")),
        ("new run (Continue)", new_run),
        ("settings pages", settings_pages),
        ("open a bad file", open_bad_file),
        ("corrupt autosave", corrupt_autosave),
        ("board classic 9x9", board_of("classic9")),
        ("board jigsaw 9x9", board_of("jigsaw9")),
        ("board classic 4x4", board_of("classic4")),
        ("board classic 6x6", board_of("classic6")),
        ("board classic 16x16", board_of("classic16")),
        ("win card", board_of("classic9", finish)),
        ("win card 4x4", board_of("classic4", finish)),
        ("lose card (Solve)", board_of("jigsaw9", solve_yes)),
        ("the Solve question", board_of("classic6", command(Action.SOLVE))),
        ("the leave question", board_of("classic9", leave_with_a_move)),
        ("pause", board_of("classic9", command(Action.BACK))),
        ("help", board_of("classic16", command(Action.HELP))),
        ("save dialog", board_of("classic9", command(Action.SAVE))),
        ("open", board_of("classic9", command(Action.OPEN))),
        ("typed move", board_of("classic9", command(Action.TYPED_MOVE))),
    ]
    found += [
        ("technique list", board_of("classic9", techniques)),
        ("technique page", board_of("jigsaw9", techniques, command(Action.CONFIRM))),
    ]
    if hasattr(Action, "STEPS"):
        found.append(("step-through", board_of("classic9", command(Action.STEPS))))
    return found


def scene_classes() -> set[str]:
    """Every concrete scene class in ``game.ui`` (new modules are found by themselves);
    the bases every screen builds on (Scene, CardScene, FormScene) are not screens."""
    names = set()
    for module in pkgutil.walk_packages(ui_package.__path__, "game.ui."):
        loaded = importlib.import_module(module.name)
        for name, value in inspect.getmembers(loaded, inspect.isclass):
            if (
                issubclass(value, Scene)
                and value.__module__ == loaded.__name__
                and value not in (Scene, CardScene, FormScene)
            ):
                names.add(name)
    return names


def made_boards() -> dict[str, Prepared]:
    """One small fixed puzzle per variant and size (seeded, so the run repeats)."""
    boards = {"classic9": prepared()}
    for name, variant, size in (
        ("jigsaw9", "jigsaw", 9),
        ("classic4", "classic", 4),
        ("classic6", "classic", 6),
        ("classic16", "classic", 16),
    ):
        boards[name] = generate(PuzzleKind(Variant(variant), size, Level.EASY), seed=SEED % 1000)
    return boards


# -- the test ------------------------------------------------------------------------------------


@pytest.mark.slow
def test_monkey(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("SUDOKU_DATA_DIR", str(data))
    seeds = itertools.count(SEED)

    def seeded(
        kind: PuzzleKind, task: Any = None, supply: Any = None, seed: int | None = None
    ) -> Prepared:
        """New game makes puzzles from fixed seeds too (not ahead), so the run repeats."""
        return generate(kind, task, None, next(seeds) % 100_000 if seed is None else seed)

    monkeypatch.setattr(sources, "generate", seeded)

    def unexpected(error: BaseException) -> None:
        raise AssertionError(f"a background job failed: {error!r}") from error

    # A job without an error handler only prints its traceback: here it fails the run.
    monkeypatch.setattr(
        tasks_module, "traceback", types.SimpleNamespace(print_exception=unexpected)
    )
    # The picker starts in a small library of easy puzzles: rating the bundled
    # Extreme collections in the background would make every wait seconds long.
    library = tmp_path / "puzzles"
    for name in ("classic/1-easy.txt", "jigsaw/1-easy.txt", "other-sizes/classic-4x4.txt"):
        source = ROOT / "puzzles" / name
        if source.exists():
            (library / Path(name).parent).mkdir(parents=True, exist_ok=True)
            (library / name).write_bytes(source.read_bytes())
    library.mkdir(exist_ok=True)
    monkeypatch.setattr(picker_scene, "PUZZLES", library, raising=False)
    monkey = Monkey(data, random.Random(SEED), made_boards())
    began = time.monotonic()
    chapter = "start"
    try:
        monkey.new_run()
        starts = chapters(monkey)
        turn = 0
        while monkey.count < EVENTS:
            chapter, start = starts[turn % len(starts)]
            turn += 1
            monkey.recent.append(f"-- chapter {chapter}")
            start(monkey)
            monkey.play(min(CHAPTER, EVENTS - monkey.count))
        monkey.quit_run()
    except BaseException as error:
        history = "\n  ".join(monkey.recent)
        raise AssertionError(
            f"monkey failed: seed {SEED}, event {monkey.count}, chapter {chapter!r}, run "
            f"{monkey.runs}: {type(error).__name__}: {error}\n  last events:\n  {history}\n"
            f"reproduce: MONKEY_SEED={SEED} pytest tests/ui/app/test_monkey.py"
        ) from error
    took = time.monotonic() - began
    print(f"monkey: seed {SEED}, {monkey.count} events, {monkey.runs} runs, {took:.1f} s")
    missed = scene_classes() - monkey.visited
    assert not missed, f"scenes the monkey never reached (give them a chapter): {sorted(missed)}"
