"""Pasting a puzzle, on demand: ``python benchmarks/paste.py`` prints a table.

Measures what the issue sets a limit for: pasting a 5 KB f-puzzles link to a
playable board in under 300 ms.  Each case goes the whole way a Ctrl+V goes,
minus the clipboard itself: the text is read (:func:`game.session.puzzles.read_text`:
lz-string, JSON, the puzzle, its validity), the game and its board scene are made,
and the board's first full frame is drawn at 1920x1080.  The solver's count of
solutions is not waited for: as after Ctrl+V, the board starts it in the
background (with the rater) and the player plays meanwhile; ``proof`` is how long
that count then took, measured apart (on the main thread, nothing else running).

The links are real puzzles grown to 5 KB with what real links carry besides the
rules (the solution, lines, texts and cell colours, which the game does not read):

- a classic 9x9 (the Wikipedia puzzle), playable today;
- two variant puzzles of ``../shared/data/variants/fpuzzles.jsonl`` (see
  :data:`VARIANT_CASES`), which the board plays once variants are playable; until
  then each case times the reading alone and says the board refused it.

Wall time (what the player waits) and CPU time of this thread, median of the runs;
the machine may be shared, so the CPU time is the steadier number.

Runs headless (``SDL_VIDEODRIVER=dummy``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT.parent / "shared" / "data" / "variants" / "fpuzzles.jsonl"
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
TARGET = 5 * 1024
"""Characters of the link: the issue's 5 KB."""


def _grown(data: dict[str, object], solution: list[int], seed: int = 1) -> str:
    """``data`` as an f-puzzles link of at least :data:`TARGET` characters.

    What is added is what setters' links carry and the game does not read: the
    solution, cosmetic lines, texts and cell colours, at random places (lz-string
    packs a repeated drawing to almost nothing, a real one less so).
    """
    from game.engine.formats.fpuzzles import LINK
    from game.engine.formats.lzstring import compress_to_base64

    chance = random.Random(seed)
    data = dict(data)
    data["solution"] = solution
    size = int(data["size"])  # type: ignore[call-overload]
    lines: list[object] = []
    texts: list[object] = []
    data["line"], data["text"] = lines, texts

    def cell() -> str:
        return f"R{chance.randint(1, size)}C{chance.randint(1, size)}"

    link = ""
    while len(link) < TARGET:
        colour = f"#{chance.randrange(1 << 24):06X}"
        lines.append({"lines": [[cell() for _ in range(4)]], "outlineC": colour, "width": 0.1})
        texts.append({"cells": [cell()], "value": chance.choice("ABCXYZ?!"), "fontC": colour})
        link = LINK + compress_to_base64(json.dumps(data, separators=(",", ":")))
    return link


def classic_link() -> str:
    from game.engine.formats.fpuzzles import to_fpuzzles
    from game.engine.puzzle import Puzzle

    data = to_fpuzzles(Puzzle.from_string(CLASSIC), title="Wikipedia")
    grid = data["grid"]
    for row in grid:  # cell colours, as setters paint them
        for entry in row:
            entry.setdefault("c", "#E0E0E0")
    return _grown(data, [int(c) for c in SOLUTION])


VARIANT_CASES = {
    "variant 9x9, renban and whispers": "Sept. 5, '23: Renban Whispers",
    "variant 9x9, kropki and renban": "159",
}
"""Variant cases by title in ``fpuzzles.jsonl``: a typical one (its uniqueness is
settled in about 20 ms) and the slowest of the unique ones (about 2 s: the solver's
proof that no second solution exists is most of the time)."""


def variant_link(title: str) -> str | None:
    """The puzzle titled ``title`` grown to a 5 KB link, or None if the set lacks it."""
    puzzles = [json.loads(line) for line in VARIANTS.read_text(encoding="utf-8").splitlines()]
    chosen = next((p for p in puzzles if p["title"] == title), None)
    if chosen is None:
        return None
    return _grown(chosen["fpuzzles"], [int(c) for c in chosen["solution"]])


def measure(link: str, runs: int) -> tuple[float, float, float, float, str]:
    """(wall ms, CPU ms, wall ms reading alone, ms of the count of solutions in the
    background, what happened) for pasting ``link``."""
    import pygame

    from game.engine.errors import PuzzleError
    from game.session.play import Settings
    from game.session.puzzles import read_text
    from game.ui.app import routes
    from game.ui.app.loop import App
    from game.ui.stage.context import AppContext
    from game.ui.stage.display import Display

    pygame.display.init()
    pygame.font.init()
    display = Display(False, (1920, 1080))
    walls, cpus, reads, proofs = [], [], [], []
    outcome = "playable"
    for _ in range(runs):
        ctx = AppContext(Settings(fullscreen=False), size=display.size)
        app = App(ctx, display)
        app.step([], 0.0)
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            prepared = read_text(link, prove=False)  # as Ctrl+V reads it (routes.py)
        except PuzzleError as error:
            reads.append((time.perf_counter() - wall) * 1000)
            outcome = f"refused: {str(error)[:70]}"
            continue
        reads.append((time.perf_counter() - wall) * 1000)
        app.apply(routes.board(ctx, prepared))
        app.stack.top.invalidate()
        app.stack.draw(display.surface)
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.thread_time() - cpu) * 1000)
        ctx.tasks.cancel_all()
        ctx.tasks.wait_idle()  # the count and the rating end before the next run starts
        proofs.append(_proof_ms(prepared.puzzle))
    median = statistics.median
    return (
        median(walls) if walls else float("nan"),
        median(cpus) if cpus else float("nan"),
        median(reads),
        median(proofs) if proofs else float("nan"),
        outcome,
    )


def _proof_ms(puzzle: object) -> float:
    """How long the solver's count of ``puzzle``'s solutions takes alone (ms)."""
    from game.engine import solver
    from game.engine.puzzle import Puzzle

    assert isinstance(puzzle, Puzzle)
    start = time.perf_counter()
    solver.settle(puzzle.rules, puzzle.givens)
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs per case (median)")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    cases = [("classic 9x9", classic_link())]
    if VARIANTS.exists():
        for name, title in VARIANT_CASES.items():
            link = variant_link(title)
            if link is not None:
                cases.append((name, link))
    print(
        f"{'5 KB f-puzzles link pasted':34} {'chars':>6} {'read':>8} {'to board':>9} "
        f"{'CPU':>8}  limit 300 ms  {'proof (after)':>13}"
    )
    for name, link in cases:
        wall, cpu, read, proof, outcome = measure(link, args.runs)
        print(
            f"{name:34} {len(link):6} {read:6.1f} ms {wall:6.1f} ms {cpu:6.1f} ms  "
            f"{outcome:12} {proof:8.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
