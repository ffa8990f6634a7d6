"""Killing the game in the middle of saving never leaves a save that cannot be loaded."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.session.savegame import load_saved

ROOT = Path(__file__).resolve().parents[2]

# The child plays one note per save and sets the clock to the number of moves, so
# every version it writes satisfies elapsed == moves; a torn or mixed file would not
# load, and an old one would still satisfy it.
CHILD = """
import sys
from pathlib import Path
from game.engine.puzzle import Puzzle
from game.session import Game
from game.session.savegame import snapshot
from game.session.storage import FileStorage

storage = FileStorage(Path(sys.argv[1]))
game = Game(Puzzle.from_string(sys.argv[2]))
empty = [c for c in range(81) if not game.givens[c]]
padding = "x" * 200_000  # a long title: each write takes long enough to be hit
k = 0
while True:
    k += 1
    game.toggle_note(empty[k % len(empty)], 1 + k % 9)
    game.elapsed = float(k)
    storage.write("autosave.sudoku", snapshot(game).text().replace('"status"', '"pad": "'
        + padding[: (k * 7919) % len(padding)] + '", "status"'))
    if k == 3:
        print("saving", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_sigkill_at_random_moments_never_corrupts_the_save(tmp_path: Path) -> None:
    from .games import CLASSIC

    rng = random.Random(20250131)
    seen = set()
    for _ in range(8):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(tmp_path), CLASSIC],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert child.stdout is not None
        assert child.stdout.readline() == b"saving\n"
        time.sleep(rng.uniform(0.01, 0.25))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        saved = load_saved(tmp_path / "autosave.sudoku")  # raises if the file is damaged
        moves = len(saved.game.history)
        assert saved.game.elapsed == moves >= 3
        seen.add(moves)
    assert len(seen) > 1  # the kills did land at different points
    # ... and some in the middle of a write: its temporary file is left behind
    # (the next start of the game removes such files once they are old).
    assert list(tmp_path.glob(".autosave.sudoku.*.tmp"))
