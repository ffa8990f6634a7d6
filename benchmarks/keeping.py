"""What is kept between runs, under load: ``python benchmarks/keeping.py`` prints two tables.

**Frames with big statistics.**  A player with 10,000 to 200,000 puzzles in
``stats.json`` starts a new game and wins it while the game draws at 60 frames a
second.  Each frame is the session's own work (:meth:`Session.frame`, plus the
start or the win on the frames they happen) and a stand-in for drawing (3 ms of
Python), then a sleep to the next frame, as the real loop waits for events.  The
writer thread merges and writes the statistics meanwhile.  The table gives the
longest frame (the frame thread's own time, waiting for the interpreter
included) against the 100 ms budget, how long the statistics took to reach the
disk, and what the frame thread used to pay before (the whole file turned into
indented JSON on it, as every win and every new game did).

**Two copies.**  Two processes of the game (:mod:`tests.session.keep.copy_child`) on
one data folder win ``--wins`` games in turn; every win must be counted in
``stats.json`` and no game lost.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.puzzle import Puzzle  # noqa: E402
from game.session.keep.keeper import Keeper  # noqa: E402
from game.session.keep.stats import STATS, PuzzleMark, Statistics, load_stats  # noqa: E402
from game.session.keep.storage import FileStorage, json_text  # noqa: E402
from game.session.keep.userdata import open_user_data  # noqa: E402
from game.session.mid_end import Session  # noqa: E402
from game.session.play.game import Game  # noqa: E402
from game.session.play.puzzle_kind import Origin, PuzzleKind, Variant  # noqa: E402
from game.session.puzzles.sources import Prepared  # noqa: E402

SMALL = "1...3.....1...2."
KIND = PuzzleKind(Variant.CLASSIC, 4, None)
FRAME = 1 / 60
BUDGET = 0.100


def prepared() -> Prepared:
    puzzle = Puzzle.from_string(SMALL)
    probe = Game(puzzle)
    return Prepared(puzzle, probe.solution, probe.solvability, Origin(KIND))


def big_statistics(count: int) -> Statistics:
    stats = Statistics()
    for number in range(count):
        stats.puzzles[f"{number:020x}"] = PuzzleMark("solved", 60.0 + number % 600)
    return stats


def drawing() -> None:
    """About 3 ms of Python, as a frame's drawing costs the interpreter."""
    end = time.perf_counter() + 0.003
    while time.perf_counter() < end:
        sum(range(200))


def frames(count: int) -> tuple[float, float, float, float]:
    """(start-up load, longest frame, write latency, old frame cost) with ``count`` puzzles."""
    with tempfile.TemporaryDirectory() as folder:
        stats = big_statistics(count)
        FileStorage(Path(folder)).write(STATS, stats.to_json())
        began = time.perf_counter()
        data = open_user_data(Path(folder))
        loaded = time.perf_counter() - began
        session = Session(Keeper(data))
        longest = 0.0
        written_at = 0.0
        win_at = 0.0
        game: Game | None = None
        frame = 0
        while True:
            start = time.perf_counter()
            if frame == 10:
                game = session.start(prepared())
            if frame == 40 and game is not None and game.solution is not None:
                for cell, digit in enumerate(game.solution):
                    if not game.givens[cell]:
                        game.place(cell, digit)
                win_at = start
            session.frame()
            drawing()
            spent = time.perf_counter() - start
            longest = max(longest, spent)
            if frame > 40 and not written_at and data.book.pending == 0:
                written_at = time.perf_counter()
            if written_at and frame > 40 + 30:
                break
            frame += 1
            time.sleep(max(0.0, FRAME - spent))
        data.close(timeout=60)
        began = time.perf_counter()
        json_text(stats.to_dict(), indent=1)
        old = time.perf_counter() - began
    return loaded, longest, written_at - win_at, old


def two_copies(wins: int) -> tuple[int, int, int, float]:
    """(wins played, wins counted, games lost, seconds) for two copies taking turns."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "SUDOKU_DATA_DIR": folder}
        copies = [
            subprocess.Popen(
                [sys.executable, "-m", "tests.session.keep.copy_child"],
                cwd=ROOT,
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            for _ in range(2)
        ]

        def ask(copy: subprocess.Popen[str], command: str) -> str:
            assert copy.stdin is not None and copy.stdout is not None
            copy.stdin.write(command + "\n")
            copy.stdin.flush()
            return copy.stdout.readline().strip()

        places = [ask(copy, "hello").split()[1] for copy in copies]
        assert sorted(places) == ["1", "2"], places  # whichever started first is 1
        began = time.perf_counter()
        for number in range(wins):
            ask(copies[number % 2], "win")
        seconds = time.perf_counter() - began
        for copy in copies:
            ask(copy, "quit")
            copy.wait(timeout=60)
        stats = load_stats(FileStorage(Path(folder))).value or Statistics()
        counted = stats.kind(KIND)
        return wins, counted.won, wins - counted.won, seconds


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="10000,50000,200000")
    parser.add_argument("--wins", type=int, default=100)
    args = parser.parse_args(argv)
    print("puzzles in stats | start-up load | longest frame | win on disk after | old frame")
    worst = 0.0
    for count in (int(c) for c in args.counts.split(",")):
        loaded, longest, latency, old = frames(count)
        worst = max(worst, longest)
        print(
            f"{count:>16,} | {loaded * 1000:>10.0f} ms | {longest * 1000:>10.1f} ms |"
            f" {latency * 1000:>14.0f} ms | {old * 1000:>6.0f} ms"
        )
    print(f"frame budget {BUDGET * 1000:.0f} ms: {'kept' if worst <= BUDGET else 'EXCEEDED'}")
    print()
    played, counted, lost, seconds = two_copies(args.wins)
    print("two copies, alternating wins | counted | games lost | seconds")
    print(f"{played:>28} | {counted:>7} | {lost:>10} | {seconds:>7.1f}")
    return 0 if worst <= BUDGET and lost == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
