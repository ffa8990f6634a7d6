"""Save and load of a long game, on demand: ``python benchmarks/saves.py`` prints a table.

The enthusiast issue's limit: a 1,000-move game with colours (cells and
candidates), notes of every kind and three nested what-if levels saves and loads
in under 20 ms.  The game is built through the session's own moves, as a player
makes them, from a fixed seed; the table gives the median of ``--repeat`` runs of

- ``save``: the save text (:func:`~game.session.keep.savegame.save_game`);
- ``write``: that text written atomically to a file, as the autosave does;
- ``load``: the file read, checked and every move replayed
  (:func:`~game.session.keep.savegame.load_game`), so undo works as before the save.

It checks that the loaded game is the saved one (position, history, guess level).

``--big`` measures instead what a frame sees while a 16 MiB save loads in the
background: the save above, padded to the byte cap with a field of five million
tiny values (what made ``json.loads`` hold the interpreter for 650 ms), loaded in
a thread while this thread ticks every 4 ms; it prints the longest tick (the
worst frame's wait, limit 100 ms) and the load's wall time.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.puzzle import Puzzle  # noqa: E402
from game.session.keep.savegame import load_game, load_saved, save_game  # noqa: E402
from game.session.keep.storage import write_atomic  # noqa: E402
from game.session.play.game import Game  # noqa: E402
from game.session.play.state import NoteKind  # noqa: E402

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GUESS_LEVELS = 3


def long_game(moves: int, seed: int) -> Game:
    """A game of ``moves`` history entries: entries, three kinds of notes, colours, guesses."""
    rng = random.Random(seed)
    game = Game(Puzzle.from_string(PUZZLE))
    empty = [cell for cell in range(81) if not game.is_given(cell)]
    guess_at = {moves * (k + 1) // (GUESS_LEVELS + 1) for k in range(GUESS_LEVELS)}
    made = 0
    while made < moves:
        before = game.version
        if made in guess_at:
            game.what_if.guess()
        else:
            cell = rng.choice(empty)
            digit = rng.randint(1, 9)
            kind = rng.randrange(6)
            if kind == 0:
                game.place(cell, digit)
            elif kind == 1:
                game.marking.toggle_note(cell, digit)
            elif kind == 2:
                game.marking.toggle_note(cell, digit, NoteKind.CORNER)
            elif kind == 3:
                game.marking.toggle_note(cell, digit, NoteKind.CENTRE)
            elif kind == 4:
                game.marking.paint([cell, rng.choice(empty)], rng.randrange(1, 9))
            else:
                game.marking.paint([cell], rng.randrange(1, 9), digit=digit)
        if game.version != before:
            made += 1
    return game


def _median_ms(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median CPU and wall milliseconds (CPU time: other work on a shared machine
    inflates it less)."""
    cpu, wall = [], []
    for _ in range(repeat):
        start, started = time.process_time(), time.perf_counter()
        action()
        cpu.append(time.process_time() - start)
        wall.append(time.perf_counter() - started)
    return statistics.median(cpu) * 1000, statistics.median(wall) * 1000


def _load(path: Path, done: threading.Event) -> None:
    load_saved(path)
    done.set()


def big(game: Game) -> None:
    """The worst wait of this thread while a 16 MiB save loads in another."""
    data = json.loads(save_game(game))
    data["padding"] = [0] * 5_400_000
    text = json.dumps(data)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.sudoku"
        path.write_text(text, encoding="utf-8")
        for run in range(2):  # the first run starts the helper process
            done = threading.Event()
            started = time.perf_counter()
            loading = threading.Thread(target=_load, args=(path, done))
            loading.start()
            worst, last = 0.0, time.perf_counter()
            while not done.is_set():
                time.sleep(0.004)
                now = time.perf_counter()
                worst, last = max(worst, now - last), now
            loading.join()
            print(
                f"run {run + 1}: {len(text) / 2**20:.1f} MiB save loaded in "
                f"{time.perf_counter() - started:.2f} s; worst frame wait {worst * 1000:.0f} ms "
                f"(limit 100 ms)"
            )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=1000, help="history entries")
    parser.add_argument("--repeat", type=int, default=20, help="runs per measure")
    parser.add_argument("--seed", type=int, default=20261124)
    parser.add_argument("--big", action="store_true", help="a 16 MiB save loading meanwhile")
    args = parser.parse_args(argv)
    game = long_game(args.moves, args.seed)
    if args.big:
        big(game)
        return 0
    text = save_game(game)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.sudoku"
        write_atomic(path, text)
        loaded = load_game(path)
        assert loaded.state == game.state and loaded.what_if.guess_level == game.what_if.guess_level
        rows = [
            ("save (text)", _median_ms(lambda: save_game(game), args.repeat)),
            ("write (atomic file)", _median_ms(lambda: write_atomic(path, text), args.repeat)),
            ("load (read + replay)", _median_ms(lambda: load_game(path), args.repeat)),
        ]
    print(
        f"{args.moves}-move game, {GUESS_LEVELS} what-if levels open "
        f"(level {game.what_if.guess_level}), save file {len(text) / 1024:.0f} KiB; "
        f"median of {args.repeat}, limit 20 ms each"
    )
    print(f"{'measure':<24}{'cpu ms':>8}{'wall ms':>9}")
    for name, (cpu, wall) in rows:
        print(f"{name:<24}{cpu:>8.2f}{wall:>9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
