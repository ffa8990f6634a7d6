"""One copy of the game, driven line by line through stdin, for tests of two copies.

Run as ``python -m tests.session.keep.copy_child`` with ``SUDOKU_DATA_DIR`` set.  It
opens the data folder as the game does (:func:`open_user_data`, a threaded
writer, one :class:`Session`) and answers every command with one line on stdout
once everything it queued is on disk, so the test decides by what each copy
says and what the files hold, never by waiting a while:

- ``hello``: ``place <n> <title of each notice, |-separated>``
- ``win``: play the 4x4 puzzle to a clean win and leave it: ``won <played> <won>``
- ``start``: start the 4x4 puzzle and make one move (a game in progress): ``started``
- ``set <name> <json value>``: change one setting: ``set``
- ``fsize <bytes>``: limit the size of files this process may write (-1: none): ``fsize``
- ``notices``: ``notices <title: message, |-separated>``
- ``quit``: quit as the window's close button does: ``bye <all written: 0 or 1>``
"""

from __future__ import annotations

import json
import resource
import signal
import sys

from game.engine.puzzle import Puzzle
from game.session.keep.keeper import Keeper
from game.session.keep.userdata import open_user_data
from game.session.mid_end import Session
from game.session.play.game import Game
from game.session.play.puzzle_kind import Origin, PuzzleKind, Variant
from game.session.puzzles.sources import Prepared

SMALL = "1...3.....1...2."
KIND = PuzzleKind(Variant.CLASSIC, 4, None)


def prepared() -> Prepared:
    puzzle = Puzzle.from_string(SMALL)
    probe = Game(puzzle)
    return Prepared(puzzle, probe.solution, probe.solvability, Origin(KIND, path="small.txt"))


def main() -> int:
    # A write past RLIMIT_FSIZE then fails with EFBIG instead of killing the process.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    keeper = Keeper(open_user_data())
    session = Session(keeper)
    saved = keeper.data.resumed.saved
    if saved is not None:
        session.resume_saved(saved)
    notices = keeper.take_notices()
    for line in sys.stdin:
        command, _, rest = line.strip().partition(" ")
        if command == "hello":
            titles = "|".join(title for title, _ in notices)
            answer = f"place {keeper.data.claim.place} {titles}"
        elif command == "win":
            game = session.start(prepared())
            assert game.solution is not None
            for cell, digit in enumerate(game.solution):
                if not game.givens[cell]:
                    game.place(cell, digit)
            notices += session.frame()
            session.leave()
            keeper.data.writer.flush(timeout=30)
            stats = keeper.stats.kind(KIND)
            answer = f"won {stats.played} {stats.won}"
        elif command == "start":
            game = session.start(prepared())
            game.place(1, game.solution[1] if game.solution else 1)
            notices += session.frame()
            keeper.data.writer.flush(timeout=30)
            answer = "started"
        elif command == "set":
            name, _, value = rest.partition(" ")
            session.change_settings(**{name: json.loads(value)})
            keeper.data.writer.flush(timeout=30)
            answer = "set"
        elif command == "fsize":
            limit = int(rest)
            hard = resource.getrlimit(resource.RLIMIT_FSIZE)[1]
            soft = hard if limit < 0 else limit
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
            answer = "fsize"
        elif command == "notices":
            notices += session.frame()
            answer = "notices " + "|".join(f"{t}: {m}" for t, m in notices)
            notices = []
        elif command == "quit":
            session.frame()
            session.suspend()
            done = keeper.data.close(timeout=30)
            print(f"bye {int(done)}", flush=True)
            return 0
        else:
            answer = f"unknown {command}"
        print(answer, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
