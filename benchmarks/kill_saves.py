"""Kill the game while it saves, many times: ``python benchmarks/kill_saves.py`` prints a table.

Each round starts a child that opens a data folder the way the game does
(:func:`~game.session.keep.userdata.open_user_data`, background writer), continues a
long game (thousands of moves, so each autosave takes a while to write),
and plays on: a note per move, the autosave flushed after every move, "Save as"
into ``saves/`` after every third.  The parent kills it with SIGKILL at a random
moment, then starts the game again on the same folder and counts:

- temporary files the kill left behind, and how many are still there after the
  restart (should be 0: the restart removes them);
- autosaves and named saves that no longer load (should be 0: writes are atomic);
- moves lost: how far the autosave is behind the last move known to be on disk
  (should be at most 1, the move being saved when the kill came).

The random moments are what the test (``tests/session/keep/test_kill_during_save.py``)
does not do: it kills at exact stages of a save instead, and never sleeps.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.session.keep.autosave import AUTOSAVE  # noqa: E402
from game.session.keep.savegame import SaveError, load_saved  # noqa: E402
from game.session.keep.userdata import open_user_data  # noqa: E402

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

CHILD = """
import sys
from pathlib import Path
from game.session.keep.filenames import validate_save_name
from game.session.keep.savegame import load_game
from game.session.keep.userdata import open_user_data

folder, start = Path(sys.argv[1]), Path(sys.argv[2])
data = open_user_data(folder)  # removes what the previous kill left
saves = data.saves_folder()
game = load_game(start)
empty = [c for c in range(81) if not game.givens[c]]
k = len(game.history)
print("saving", flush=True)
while True:
    k += 1
    game.marking.toggle_note(empty[k % len(empty)], 1 + k % 9)
    game.elapsed = float(k)  # every save then says elapsed == moves
    data.autosaver.update(game)
    data.autosaver.flush(timeout=60)
    if k % 3 == 0:
        data.save_as(game, validate_save_name("mine", saves))
    print(k, flush=True)
"""


def long_game(moves: int) -> str:
    """A save of a game with ``moves`` note moves (each round continues it)."""
    from game.engine.puzzle import Puzzle
    from game.session.keep.savegame import save_game
    from game.session.play import Game

    game = Game(Puzzle.from_string(PUZZLE))
    data = json.loads(save_game(game))
    empty = [c for c in range(81) if not game.givens[c]]
    cells = [empty[k % len(empty)] for k in range(1, moves + 1)]
    data["moves"] = [
        f"note r{1 + c // 9}c{1 + c % 9} {1 + k % 9}" for k, c in enumerate(cells, start=1)
    ]
    data["position"] = moves
    data["elapsed"] = float(moves)
    return json.dumps(data)


def temporaries(folder: Path) -> int:
    return len(list(folder.glob(".*.tmp"))) + len(list(folder.glob("saves/.*.tmp")))


def moves_in(path: Path) -> int | None:
    """Moves in the save at ``path``; None if missing; -1 if it does not load."""
    if not path.exists():
        return None
    try:
        saved = load_saved(path)
    except SaveError:
        return -1
    moves = len(saved.game.history)
    return moves if saved.game.elapsed == moves else -1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument(
        "--history", type=int, default=5_000, help="moves in the game (the autosave's size)"
    )
    parser.add_argument("--seed", type=int, default=20250131)
    args = parser.parse_args()
    if sys.platform == "win32":
        sys.exit("SIGKILL is POSIX")
    rng = random.Random(args.seed)
    left = remaining = bad_autosaves = bad_saves = 0
    lost: list[int] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "data"
        start = Path(scratch) / "start.sudoku"
        start.write_text(long_game(args.history), encoding="utf-8")
        started = time.perf_counter()
        for _ in range(args.kills):
            child = subprocess.Popen(
                [sys.executable, "-c", CHILD, str(folder), str(start)],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )
            assert child.stdout is not None
            for line in child.stdout:
                if line == b"saving\n":
                    break
            time.sleep(rng.uniform(0.0, 0.4))  # a benchmark may sleep; the test does not
            child.send_signal(signal.SIGKILL)
            rest = child.stdout.read().split()
            child.wait()
            child.stdout.close()
            last = int(rest[-1]) if rest else args.history

            left += temporaries(folder)
            autosaved = moves_in(folder / AUTOSAVE)
            bad_autosaves += autosaved == -1
            bad_saves += moves_in(folder / "saves" / "mine.sudoku") == -1
            if autosaved is not None and autosaved >= 0:
                lost.append(max(0, last - autosaved))
            open_user_data(folder, threaded=False).close()  # the game starts again
            remaining += temporaries(folder)
        seconds = time.perf_counter() - started

    rows = [
        ("kills", str(args.kills)),
        ("temporary files left by the kills", str(left)),
        ("temporary files left after restart", str(remaining)),
        ("autosaves that do not load", str(bad_autosaves)),
        ("named saves that do not load", str(bad_saves)),
        ("most moves lost (autosave behind the last save done)", str(max(lost, default=0))),
        ("wall time (s)", f"{seconds:.1f}"),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"{'what':<{width}}  value")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    main()
