"""Ctrl+C on the game started from a terminal: it quits at once, saved, with status 130.

The game runs in a child process (headless, as every test), which says ``ready``
on its standard output once it is where the test wants it, just before its loop
goes to sleep: idle at the menu, or in a game after a move.  The signal is sent
then; nothing waits on a clock.  At the menu the loop sleeps in the event wait
with no timeout, so only the signal itself can end that sleep: a game that missed
it would never quit, and the test would fail at its hang guard.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PUZZLE = ".3..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

CHILD = """
import sys, pygame
from game.ui.app import loop as app_module
from game.ui.stage import display

apps = []
made = app_module.App.__init__
def init(self, *args, **kwargs):
    made(self, *args, **kwargs)
    apps.append(self)
app_module.App.__init__ = init

typed, told = [], []
shown = display.Display.present
def present(self, rects=None):
    shown(self, rects)
    game = apps[0].ctx.session.game
    if game is not None and not typed:  # r1c1 is empty: an arrow selects it, 4 goes there
        typed.append(True)
        for key, char in ((pygame.K_UP, ""), (pygame.K_4, "4")):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char))
display.Display.present = present

# "ready" as late as can be: just before the loop goes to sleep in the event wait.
waits = app_module.PygameEvents.wait
def wait(self, timeout):
    app = apps[0]
    game = app.ctx.session.game
    if sys.argv[1] == "menu":
        ready = app.frames > 0 and timeout is None  # idle: asleep until an event comes
    else:
        ready = game is not None and game.grid[0] == 4
    if ready and not told:
        told.append(True)
        print("ready", flush=True)
    return waits(self, timeout)
app_module.PygameEvents.wait = wait

from game.main import main
sys.exit(main(["--windowed", "--size", "800x600", *sys.argv[2:]]))
"""


def interrupt_game(tmp_path: Path, where: str, *args: str) -> tuple[int, str]:
    """Start the game, wait until it says ``ready``, press Ctrl+C; its status and stderr."""
    environ = dict(os.environ, SUDOKU_DATA_DIR=str(tmp_path / "data"))
    process = subprocess.Popen(
        [sys.executable, "-c", CHILD, where, *args],
        cwd=ROOT,
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert process.stdout is not None
    try:
        line = process.stdout.readline()
        assert line == "ready\n", (line, process.stderr.read() if process.stderr else "")
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    return process.returncode, errors


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_at_the_idle_menu_quits_at_once(tmp_path: Path) -> None:
    status, errors = interrupt_game(tmp_path, "menu")
    assert status == 130
    assert "Traceback" not in errors and "KeyboardInterrupt" not in errors


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_in_a_game_saves_it_first(tmp_path: Path) -> None:
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(PUZZLE + "\n", encoding="utf-8")
    status, errors = interrupt_game(tmp_path, "game", str(puzzle))
    assert status == 130
    assert "Traceback" not in errors
    saved = json.loads((tmp_path / "data" / "autosave.sudoku").read_text(encoding="utf-8"))
    assert saved["moves"] == ["place r1c1 4"]
    assert saved["current"]["entries"][0] == "4"
