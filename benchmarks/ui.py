"""Game UI speed, on demand: ``python benchmarks/ui.py`` prints a table.

Measures what the issue sets limits for:

- a full board redraw at 1920x1080 (every cell re-blitted from cached tiles, the
  panel and the screen fill included) and a typical frame (one cell changed);
- the cold redraw after a resize or theme change, when every tile is drawn anew;
- start-up: from launching the interpreter to the menu's first frame on screen;
- idle CPU (``--only idle``): the real loop on a board with the clock showing, for a
  few seconds, once the board's opening work in the background is done;
- resident memory of a 3840x2160 game with a full board of notes;
- for enthusiasts: a digit or a note on 81 chosen cells (one history entry, within
  one frame) and a full redraw with colours, corner and centre notes on every cell;
- variants (``--only variants``): the same full redraw on a 9x9 killer with its cages
  and on a puzzle carrying every constraint type at once;
- big boards (``--only big``): a 25x25 board opening at 1920x1080 and at 3840x2160,
  then, with every note filled, a resize and a theme change at 3840x2160: the worst
  frame of main-thread work (CPU time of this thread) until the board is whole,
  against the 100 ms limit.

Runs headless (``SDL_VIDEODRIVER=dummy``) unless ``--display`` is given, in which
case the child processes use the real display (start-up then includes the window).
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _setup(size: tuple[int, int], puzzle: Any = None) -> tuple[object, object]:
    """An app showing a board with entries and notes, at ``size`` (the classic
    :data:`PUZZLE`, or ``puzzle``)."""
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.engine import solver
    from game.engine.logic.registry import Level
    from game.engine.puzzle import Puzzle
    from game.session.play import Settings, Status
    from game.session.play.puzzle_kind import Origin, PuzzleKind, Variant
    from game.session.puzzles.sources import Prepared
    from game.ui.app import routes
    from game.ui.app.loop import App
    from game.ui.stage.context import AppContext
    from game.ui.stage.display import Display

    pygame.display.init()
    pygame.font.init()
    display = Display(False, size)
    ctx = AppContext(Settings(fullscreen=False), size=display.size)
    app = App(ctx, display)
    if puzzle is None:
        puzzle = Puzzle.from_string(PUZZLE)
        solution = solver.solve(puzzle.shape, puzzle.givens)
        origin = Origin(PuzzleKind(Variant.CLASSIC, 9, Level.HARD))
        prepared = Prepared(puzzle, solution, Status.UNIQUE, origin)
    else:
        origin = Origin(PuzzleKind.of(puzzle.shape, None))
        prepared = Prepared(puzzle, None, Status.MULTIPLE, origin)
    app.apply(routes.board(ctx, prepared))
    if not hasattr(app.stack.top, "game"):
        app.stack.pop()  # a variant's rules card, over the board
    board = app.stack.top
    game = board.game  # type: ignore[attr-defined]
    game.marking.fill_notes()
    board.play.select(40)  # type: ignore[attr-defined]
    if not puzzle.constraints:
        game.place(2, 4)
    board._sync()  # type: ignore[attr-defined]
    app.step([], 0.0)
    return app, board


def _time(function: object, repeat: int) -> float:
    """Median milliseconds of ``function()``, in CPU time of this thread.

    CPU time, not wall time, so that other programs busy on the machine do not
    inflate the numbers (the wall time is the same on an idle machine).
    """
    samples = []
    for _ in range(repeat):
        start = time.thread_time()
        function()  # type: ignore[operator]
        samples.append((time.thread_time() - start) * 1000)
    return statistics.median(samples)


def redraw() -> list[tuple[str, str, str]]:
    import pygame

    app, board = _setup((1920, 1080))
    surface = app.display.surface  # type: ignore[attr-defined]
    view = board.board_view  # type: ignore[attr-defined]
    game = board.game  # type: ignore[attr-defined]

    def full() -> None:
        board.invalidate()  # type: ignore[attr-defined]
        board.draw(surface)  # type: ignore[attr-defined]

    def every_cell() -> None:
        view.invalidate()
        full()

    def selection() -> None:
        board.play.move(0, 1)  # type: ignore[attr-defined]
        board._sync()  # type: ignore[attr-defined]
        board.draw(surface)  # type: ignore[attr-defined]

    def clock() -> None:
        game.elapsed += 1.0
        board.draw(surface)  # type: ignore[attr-defined]

    def cold() -> None:
        view.geometry = None  # as after a resize: tiles and lines are rebuilt
        full()

    def flip() -> None:
        pygame.display.flip()

    return [
        ("full window redraw, 1920x1080, board scene", f"{_time(full, 200):.2f} ms", "< 5 ms"),
        ("  ... with every cell re-composed", f"{_time(every_cell, 200):.2f} ms", "< 5 ms"),
        ("frame: the selection moves", f"{_time(selection, 200):.2f} ms", "< 5 ms"),
        ("frame: the clock ticks", f"{_time(clock, 200):.2f} ms", ""),
        ("cold redraw after resize or theme", f"{_time(cold, 20):.2f} ms", "< 100 ms"),
        ("display flip, whole window", f"{_time(flip, 50):.2f} ms", ""),
    ]


def enthusiast() -> list[tuple[str, str, str]]:
    """Many cells at once, and a board where every cell has colours and pencil marks."""
    sys.path.insert(0, str(ROOT))
    from game.session.play.state import NoteKind

    app, board = _setup((1920, 1080))
    surface = app.display.surface  # type: ignore[attr-defined]
    view = board.board_view  # type: ignore[attr-defined]
    game = board.game  # type: ignore[attr-defined]
    play = board.play  # type: ignore[attr-defined]
    every = frozenset(range(81))

    def many(action: object) -> object:
        def run() -> None:
            play.choose(every, cursor=40)
            action()  # type: ignore[operator]
            board._sync()  # type: ignore[attr-defined]
            board.draw(surface)  # type: ignore[attr-defined]
            game.undo()
            board._sync()  # type: ignore[attr-defined]

        return run

    before = len(game.history)
    play.choose(every, cursor=40)
    play.cells.notes_mode = False
    play.digit(5)
    entries = len(game.history) - before
    game.undo()
    play.cells.notes_mode = False
    place = _time(many(lambda: play.digit(5)), 30)
    play.cells.notes_mode = True
    note = _time(many(lambda: play.digit(5)), 30)
    play.choose(frozenset())
    # Every empty cell: corner and centre notes and a colour; every cell a colour.
    game.marking.clear_notes()
    for cell in range(81):
        if not game.grid[cell]:
            for digit in (1, 3, 7, 9):
                game.marking.toggle_note(cell, digit, NoteKind.CORNER)
            for digit in (2, 4, 5):
                game.marking.toggle_note(cell, digit, NoteKind.CENTRE)
        game.marking.paint([cell], cell % 8 + 1)
    board._sync()  # type: ignore[attr-defined]
    app.step([], 0.0)  # type: ignore[attr-defined]

    def full() -> None:
        board.invalidate()  # type: ignore[attr-defined]
        view.invalidate()
        board.draw(surface)  # type: ignore[attr-defined]

    def cold() -> None:
        view.geometry = None
        full()

    return [
        ("digit on 81 chosen cells: history entries", str(entries), "1"),
        ("  ... the move, its looks and the frame", f"{place:.2f} ms", "< 16.7 ms"),
        ("note on 81 chosen cells, looks and frame", f"{note:.2f} ms", "< 16.7 ms"),
        ("full redraw, colours + corner + centre notes", f"{_time(full, 200):.2f} ms", "< 5 ms"),
        ("  ... cold (every such tile drawn anew)", f"{_time(cold, 10):.2f} ms", "< 100 ms"),
    ]


def _killer() -> Any:
    """The first 9x9 killer of the shared variant puzzles (Solo's, no givens)."""
    sys.path.insert(0, str(ROOT))
    from game.engine.formats.solo import parse_solo

    rows = (ROOT.parent / "shared" / "data" / "variants" / "solo.tsv").read_text().splitlines()
    line = next(r for r in rows if r.startswith("killer-9x9"))
    return parse_solo(line.split("\t")[1]).puzzle


def variants() -> list[tuple[str, str, str]]:
    """Full redraws of variant boards at 1920x1080: a killer with notes of every kind
    and a colour on every cell, and a puzzle with every constraint type."""
    sys.path.insert(0, str(ROOT))
    from game.session.play.state import NoteKind
    from tests.ui.board.rule_samples import every_rule

    rows = []
    for name, puzzle in (("9x9 killer", _killer()), ("every constraint type", every_rule())):
        app, board = _setup((1920, 1080), puzzle)
        surface = app.display.surface  # type: ignore[attr-defined]
        view = board.board_view  # type: ignore[attr-defined]
        game = board.game  # type: ignore[attr-defined]
        for cell in range(81):
            if cell % 3 == 1:
                for digit in (1, 3, 7, 9):
                    game.marking.toggle_note(cell, digit, NoteKind.CORNER)
            if cell % 3 == 2:
                for digit in (2, 4, 5):
                    game.marking.toggle_note(cell, digit, NoteKind.CENTRE)
            game.marking.paint([cell], cell % 8 + 1)
        board._sync()  # type: ignore[attr-defined]
        app.step([], 0.0)  # type: ignore[attr-defined]

        def full(board: Any = board, view: Any = view, surface: Any = surface) -> None:
            board.invalidate()
            view.invalidate()
            board.draw(surface)

        def cold(view: Any = view, full: Any = full) -> None:
            view.geometry = None
            full()

        def move(game: Any = game, board: Any = board, surface: Any = surface) -> None:
            # A digit placed and taken back: the broken rules, the looks and the frame.
            game.place(40, 5)
            board._sync()
            board.draw(surface)
            game.undo()
            board._sync()
            board.draw(surface)

        rows.append(
            (f"full redraw, {name}, notes + colours", f"{_time(full, 200):.2f} ms", "< 5 ms")
        )
        rows.append(
            ("  ... cold (every tile and mark drawn anew)", f"{_time(cold, 10):.2f} ms", "< 100 ms")
        )
        two = f"{_time(move, 50):.2f} ms"
        rows.append(("  ... a digit placed and undone (two frames)", two, "< 33 ms"))
    return rows


def _board25() -> tuple[Any, tuple[int, ...]]:
    """A 25x25 classic puzzle with about 45 % of its cells given (fixed seed)."""
    import random

    from game.engine.puzzle import Puzzle

    n, rows = 25, 5
    solution = [(rows * (r % rows) + r // rows + c) % n + 1 for r in range(n) for c in range(n)]
    rng = random.Random(5)
    symbols = ".123456789ABCDEFGHIJKLMNOP"
    text = "".join(symbols[d] if rng.random() < 0.45 else "." for d in solution)
    return Puzzle.from_string(text), tuple(solution)


def big() -> list[tuple[str, str, str]]:
    """25x25 boards: opening, and a resize and theme change with every note filled."""
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.session.play import Settings, Status
    from game.session.play.puzzle_kind import Origin, PuzzleKind
    from game.session.play.settings import Theme
    from game.session.puzzles.sources import Prepared
    from game.ui.app import routes
    from game.ui.app.loop import App
    from game.ui.stage.context import AppContext
    from game.ui.stage.display import Display

    pygame.display.init()
    pygame.font.init()
    puzzle, solution = _board25()
    rows = []

    def frames(app: App, events: list[pygame.event.Event], before: object = None) -> float:
        """The worst frame, in ms of this thread's CPU, until the board is whole."""
        worst = 0.0
        for _ in range(30):
            start = time.thread_time()
            if before is not None:
                before()  # type: ignore[operator]
                before = None
            app.step(events, 0.0)
            worst = max(worst, (time.thread_time() - start) * 1000)
            events = []
            if not app.stack.top.board_view.pending:  # type: ignore[attr-defined]
                break
        return worst

    for size in ((1920, 1080), (3840, 2160)):
        display = Display(False, size)
        ctx = AppContext(Settings(fullscreen=False), size=display.size)
        app = App(ctx, display)
        app.step([], 0.0)
        origin = Origin(PuzzleKind.of(puzzle.shape, None))
        prepared = Prepared(puzzle, solution, Status.UNIQUE, origin)
        worst = frames(app, [], functools.partial(app.apply, routes.board(ctx, prepared)))
        rows.append(
            (f"25x25 board opens, {size[0]}x{size[1]}: worst frame", f"{worst:.1f} ms", "< 100 ms")
        )
    board = app.stack.top
    board.game.marking.fill_notes()  # type: ignore[attr-defined]
    board._sync()  # type: ignore[attr-defined]
    frames(app, [])
    smaller = (3800, 2120)
    display.surface = pygame.display.set_mode(smaller)  # what the window manager does
    resize = pygame.event.Event(pygame.VIDEORESIZE, w=smaller[0], h=smaller[1], size=smaller)
    rows.append(
        (
            "  ... every note filled, resized: worst frame",
            f"{frames(app, [resize]):.1f} ms",
            "< 100 ms",
        )
    )
    dark = lambda: ctx.change_settings(theme=Theme.DARK)  # noqa: E731
    rows.append(("  ... theme changed: worst frame", f"{frames(app, [], dark):.1f} ms", "< 100 ms"))
    return rows


def _child(mode: str, display: bool) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if not display:
        env["SDL_VIDEODRIVER"] = "dummy"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", mode],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
        check=True,
    )


def startup(display: bool) -> list[tuple[str, str, str]]:
    runs = []
    for _ in range(3):
        start = time.time()
        result = _child("startup", display)
        runs.append(float(result.stdout.split()[-1]) - start)
    return [("start-up to menu on screen", f"{min(runs) * 1000:.0f} ms", "< 1500 ms")]


def idle(display: bool) -> list[tuple[str, str, str]]:
    result = _child("idle", display)
    cpu, wall, frames = (float(x) for x in result.stdout.split())
    return [
        (f"idle CPU, board with clock, {wall:.0f} s", f"{cpu / wall * 100:.2f} %", "near 0"),
        ("frames drawn while idle", f"{frames:.0f}", "1 per second"),
    ]


def memory(display: bool) -> list[tuple[str, str, str]]:
    result = _child("memory", display)
    return [
        ("resident memory at 3840x2160", f"{float(result.stdout.split()[-1]):.0f} MB", "< 200 MB")
    ]


# -- child processes ------------------------------------------------------------------


def child_startup() -> None:
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.ui.app import loop as app_module

    class FirstFrame:
        """Stops the loop as soon as the first frame is on screen."""

        calls = 0

        def wait(self, timeout: float | None) -> list[pygame.event.Event]:
            self.calls += 1
            return [pygame.event.Event(pygame.QUIT)] if self.calls > 1 else []

    from game.ui.stage.display import Display

    original = Display.present

    def present(self: Display, rects: object = None) -> None:
        original(self, rects)  # type: ignore[arg-type]
        print(time.time(), flush=True)

    Display.present = present  # type: ignore[method-assign]
    app_module.PygameEvents = FirstFrame  # type: ignore[misc,assignment]
    app_module.run_game(["--windowed", "--size", "1280x800"])


def child_idle(seconds: float = 5.0) -> None:
    import pygame

    app, _ = _setup((1920, 1080))
    # The board's opening work (a background job) is not idling: it ends first.
    app.ctx.tasks.wait_idle(60)  # type: ignore[attr-defined]
    app.step([], 0.0)  # type: ignore[attr-defined]
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
    frames = app.frames  # type: ignore[attr-defined]
    cpu = time.process_time()
    wall = time.monotonic()
    app.run()  # type: ignore[attr-defined]
    print(
        time.process_time() - cpu,
        time.monotonic() - wall,
        app.frames - frames,  # type: ignore[attr-defined]
    )


def child_memory() -> None:
    app, board = _setup((3840, 2160))
    for _ in range(30):  # selection moves: tiles of many looks get cached
        board.play.move(0, 1)  # type: ignore[attr-defined]
        board._sync()  # type: ignore[attr-defined]
        app.step([], 0.016)  # type: ignore[attr-defined]
    rss = 0.0
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    print(rss)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--display", action="store_true", help="use the real display")
    parser.add_argument("--child", choices=("startup", "idle", "memory"), help=argparse.SUPPRESS)
    parser.add_argument(
        "--only",
        choices=("redraw", "enthusiast", "variants", "big", "idle"),
        help="run one part",
    )
    args = parser.parse_args(argv)
    if args.child:
        {"startup": child_startup, "idle": child_idle, "memory": child_memory}[args.child]()
        return 0
    os.environ.setdefault("SDL_VIDEODRIVER", "x11" if args.display else "dummy")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    if args.only:
        parts = {"redraw": redraw, "enthusiast": enthusiast, "variants": variants, "big": big}
        rows = idle(args.display) if args.only == "idle" else parts[args.only]()
    else:
        rows = redraw() + enthusiast() + variants() + big() + startup(args.display)
        rows += idle(args.display) + memory(args.display)
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'result':>10}  target")
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:>10}  {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
