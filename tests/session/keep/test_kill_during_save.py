"""Killing the game in the middle of saving never leaves a save that cannot be loaded,
loses at most the last move, and leaves no litter once the game starts again.

Each child plays note moves, autosaving after each and saving by name ("Save as",
into ``saves/``) after every third, and kills itself with SIGKILL at one exact
point of one write: after its temporary file is made, halfway through writing
it, before its fsync, just before or just after the rename.  Exact points rather
than a timer: every stage of a save is hit on every run, and nothing sleeps.
The benchmark ``benchmarks/kill_saves.py`` kills at random moments instead.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.session.keep.autosave import AUTOSAVE
from game.session.keep.savegame import load_saved
from game.session.keep.userdata import open_user_data

from ..games import CLASSIC

ROOT = Path(__file__).resolve().parents[3]

# The child sets the clock to the number of moves, so every version it writes
# satisfies elapsed == moves; a torn or mixed file would not load, and an old one
# would still satisfy it.  It prints "saved k" once move k is on disk everywhere.
CHILD = """
import os, signal, sys, tempfile
from pathlib import Path
from game.engine.puzzle import Puzzle
from game.session.play import Game
from game.session.keep.filenames import validate_save_name
from game.session.keep.userdata import open_user_data

folder, puzzle, hook, nth = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
calls = 0

def die():
    os.kill(os.getpid(), signal.SIGKILL)

def hooked(real, when):
    def call(*args, **kwargs):
        global calls
        calls += 1
        if calls == nth and when == "before":
            die()
        result = real(*args, **kwargs)
        if calls == nth and when == "after":
            die()
        return result
    return call

class Torn:
    # A file that dies halfway through the first write made to it.
    def __init__(self, stream):
        self.stream = stream
    def __enter__(self):
        return self
    def __exit__(self, *error):
        self.stream.close()
    def write(self, data):
        self.stream.write(data[: len(data) // 2])
        self.stream.flush()
        die()
    def __getattr__(self, name):
        return getattr(self.stream, name)

def tearing(real):
    def call(*args, **kwargs):
        global calls
        calls += 1
        stream = real(*args, **kwargs)
        return Torn(stream) if calls == nth else stream
    return call

if hook == "made":
    tempfile.mkstemp = hooked(tempfile.mkstemp, "after")
elif hook == "torn":
    os.fdopen = tearing(os.fdopen)
elif hook == "fsync":
    os.fsync = hooked(os.fsync, "before")
elif hook == "rename":
    os.replace = hooked(os.replace, "before")
elif hook == "renamed":
    os.replace = hooked(os.replace, "after")

data = open_user_data(folder, threaded=False)
saves = data.saves_folder()
game = Game(Puzzle.from_string(puzzle))
empty = [c for c in range(81) if not game.givens[c]]
for k in range(1, 40):
    game.marking.toggle_note(empty[k % len(empty)], 1 + k % 9)
    game.elapsed = float(k)
    data.autosaver.update(game)
    if k % 3 == 0:
        data.save_as(game, validate_save_name("mine", saves))
    print("saved", k, flush=True)
print("survived", flush=True)
"""

HOOKS = ("made", "torn", "fsync", "rename", "renamed")


def temporaries(folder: Path) -> list[Path]:
    """Our temporary files left in the data folder and in ``saves/``."""
    return sorted(folder.glob(".*.tmp")) + sorted(folder.glob("saves/.*.tmp"))


def moves_in(path: Path) -> int | None:
    """How many moves the save at ``path`` holds (None if there is none); raises if damaged."""
    if not path.exists():
        return None
    saved = load_saved(path)  # raises SaveError if the file is damaged
    moves = len(saved.game.history)
    assert saved.game.elapsed == moves
    return moves


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("hook", HOOKS)
def test_sigkill_at_every_stage_of_a_save_leaves_whole_files_and_no_litter(
    tmp_path: Path, hook: str
) -> None:
    left_behind = 0
    for nth in (2, 7):  # a kill in an early autosave, and one around the first "Save as"
        folder = tmp_path / f"{hook}-{nth}"
        child = subprocess.run(
            [sys.executable, "-c", CHILD, str(folder), CLASSIC, hook, str(nth)],
            cwd=ROOT,
            capture_output=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=False,
        )
        assert child.returncode == -signal.SIGKILL, child.stderr.decode()
        lines = child.stdout.decode().split()
        last = int(lines[-1]) if lines else 0  # the last move known to be on disk

        left_behind += len(temporaries(folder))
        autosaved = moves_in(folder / AUTOSAVE)
        assert autosaved is not None or last == 0
        assert last <= (autosaved or 0) <= last + 1  # at most the last move lost
        saved = moves_in(folder / "saves" / "mine.sudoku")
        assert saved is None or saved % 3 == 0

        again = open_user_data(folder, threaded=False)  # the game starts again
        assert temporaries(folder) == []
        assert again.take_messages() == []
        assert again.resumed.saved is None or len(again.resumed.saved.game.history) == autosaved
    if hook in ("made", "torn", "fsync", "rename"):
        assert left_behind  # the kills did land inside writes, and left what they leave
