"""The game's command: ``sudoku`` when installed, ``python main.py`` in a checkout.

``sudoku`` plays; ``sudoku SUBCOMMAND ...`` runs the engine (see ``--help``).  The
installed command (``[project.scripts]`` in ``pyproject.toml`` names :func:`run`),
``python -m game`` and the checkout's ``main.py`` all come to :func:`main`, so they
cannot drift apart.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from game.cli import PROG, is_command, say, unknown_argument
from game.cli import main as cli_main
from game.cli.exits import INTERRUPTED, USAGE

COMMAND = "sudoku"
"""The installed command's name, shown in its help and errors."""


def run() -> int:
    """The installed ``sudoku`` command."""
    return main(sys.argv[1:], COMMAND)


def main(argv: Sequence[str] | None = None, prog: str = PROG) -> int:
    """Play, or run the subcommand ``argv`` names; the exit status.

    ``argv`` defaults to the process's arguments; ``prog`` is the name the
    command line's help and errors show.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        if argv and (is_command(argv[0]) or argv[0] in ("-h", "--help")):
            return cli_main(argv, prog)
        problem = unknown_argument(argv, prog)
        if problem is not None:
            # A mistyped command must not open a full-screen game on a missing file.
            return say(problem, USAGE, prog)
        from game.ui.app.loop import run_game  # here: pygame loads only for the game itself

        return run_game(argv)
    except KeyboardInterrupt:
        # Ctrl+C before a command or the game's loop has its own handler (while
        # modules load, say) ends the same way as one during the run.
        return INTERRUPTED
