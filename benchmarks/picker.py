"""Picker benchmark: time to first paint, frame times while reading, memory, at any size.

python benchmarks/picker.py [WxH]   (headless; builds its folders in a temporary directory)

Measures, through the real app loop with the SDL dummy driver:

- a folder of 1,000 puzzle files: time until the first frame with rows, until
  every row on screen has its thumbnail, until the whole folder is read; the
  slowest frame meanwhile;
- a 49,000-puzzle collection: time from Enter to the first frame with puzzles,
  the slowest frame while it is indexed and after jumping to its end;
- the process's peak memory (RSS) at the end.
"""

from __future__ import annotations

import itertools
import os
import resource
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.session.picker.rows import Icon
from game.session.play import Settings
from game.session.tasks import TaskRunner
from game.ui.app import startup as seams
from game.ui.app.loop import App
from game.ui.picker.scene import PickerScene
from game.ui.stage.context import AppContext
from game.ui.stage.destinations import Picker
from game.ui.stage.display import Display
from game.ui.stage.scene_stack import Go

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def relabelled(count: int) -> list[str]:
    """``count`` different puzzles: one puzzle with its digits renamed."""
    orders = itertools.islice(itertools.permutations("123456789"), count)
    return [PUZZLE.translate(str.maketrans("123456789", "".join(o))) for o in orders]


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


class Clock:
    """Steps the app at 60 Hz in real time, keeping the slowest step."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.slowest = 0.0

    def step(self, events: list[pygame.event.Event] | None = None) -> None:
        start = time.perf_counter()
        self.app.step(events or [], 1 / 60)
        self.slowest = max(self.slowest, time.perf_counter() - start)

    def until(self, done: Callable[[], bool], limit: float = 60.0) -> float:
        """Step until ``done()``; the seconds it took."""
        start = time.perf_counter()
        while not done():
            self.step()
            if time.perf_counter() - start > limit:
                raise SystemExit("timed out")
            time.sleep(1 / 120)
        return time.perf_counter() - start


def main(size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    root = Path(tempfile.mkdtemp(prefix="picker-bench-"))
    try:
        folder = root / "thousand"
        folder.mkdir()
        for k, text in enumerate(relabelled(1000)):
            (folder / f"puzzle {k:04}.txt").write_text(text + "\n")
        (root / "big.txt").write_text("\n".join(relabelled(49_000)) + "\n")
        run(root, size)
    finally:
        shutil.rmtree(root)


def run(root: Path, size: tuple[int, int]) -> None:
    display = Display(False, size)
    ctx = AppContext(Settings(fullscreen=False), tasks=TaskRunner(wake=lambda: None), size=size)
    seams.install(ctx)
    app = App(ctx, display)
    app.step([], 0)
    start = time.perf_counter()
    app.apply(Go(Picker(str(root / "thousand"))))
    scene = app.stack.top
    assert isinstance(scene, PickerScene)
    browser, view = scene.browser, scene.view
    clock = Clock(app)

    def rows_shown() -> bool:
        return browser.folder.listing is not None and view.rows_drawn > 0

    def pictures_shown() -> bool:
        shown = browser.state.visible()
        waiting = any(browser.row(p).icon is Icon.WAITING for p in shown)
        return rows_shown() and not view.pending and not waiting

    first = clock.until(rows_shown)
    pictures = first + clock.until(pictures_shown)
    everything = pictures + clock.until(lambda: not scene.jobs.busy)
    print(f"{size[0]}x{size[1]}")
    print(
        f"  1,000 files: first rows {first * 1000:.0f} ms, pictures on screen "
        f"{pictures * 1000:.0f} ms, whole folder read {everything:.2f} s; "
        f"slowest frame {clock.slowest * 1000:.1f} ms"
    )

    scene.browse(str(root))
    clock.until(lambda: browser.folder.listing is not None and not scene.jobs.busy)
    names = [browser.row(p).name for p in range(browser.state.count)]
    browser.state.select(names.index("big.txt"))
    clock.slowest = 0.0
    start = time.perf_counter()
    clock.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])

    def puzzles_shown() -> bool:
        page = browser.collection
        return (
            page is not None
            and page.opened is not None
            and browser.row(0).icon is not Icon.WAITING
            and not view.pending
        )

    clock.until(puzzles_shown)
    print(
        f"  49,000 puzzles: first puzzles {(time.perf_counter() - start) * 1000:.0f} ms; "
        f"slowest frame {clock.slowest * 1000:.1f} ms"
    )
    clock.slowest = 0.0
    clock.step([key(pygame.K_END)])
    clock.until(lambda: not scene.jobs.busy and not view.pending)
    for _ in range(60):  # a second of Page Up held down
        clock.step([key(pygame.K_PAGEUP)])
    clock.until(lambda: not scene.jobs.busy and not view.pending)
    print(f"  End, then Page Up x60: slowest frame {clock.slowest * 1000:.1f} ms")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory {peak:.0f} MB; thumbnails cached {view.thumbs.bytes / 2**20:.1f} MB")


if __name__ == "__main__":
    arg = sys.argv[1] if len(sys.argv) > 1 else "1920x1080"
    width, height = (int(v) for v in arg.split("x"))
    main((width, height))
