"""The command line: ``python main.py SUBCOMMAND ...`` runs the engine headless.

Each subcommand lives in its own module with ``add_arguments(parser)`` and
``run(args) -> int``.  Command modules keep their top-level imports light (heavy
engine parts are imported inside ``run``), and nothing here imports pygame.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMANDS: dict[str, tuple[str, str]] = {
    "solve": (
        "game.cli.solve",
        "solve puzzles and say whether each has one, several or no solutions",
    ),
    "generate": (
        "game.cli.generate",
        "make new puzzles at a chosen difficulty: classic, jigsaw, killer and other variants",
    ),
    "hint": ("game.cli.hint", "show the next logical step for a puzzle or a saved game"),
    "rate": ("game.cli.rate", "rate puzzles: level, Sudoku Explainer score, techniques used"),
    "steps": ("game.cli.steps", "show the whole logical solution path, step by step"),
}
"""Subcommand name -> (module, one-line help)."""


GAME_OPTIONS = {"--windowed": False, "--size": True}
"""The game's own options (``main.py [--windowed] [--size WxH] [FILE|DIR]``): takes a value?"""


def is_command(word: str) -> bool:
    """Whether ``word`` names a subcommand (anything else opens the game)."""
    return word in COMMANDS


PROG = "main.py"
"""The command's name in messages; the installed ``sudoku`` command passes its own."""


def unknown_argument(argv: Sequence[str], prog: str = PROG) -> str | None:
    """Why ``argv`` (no subcommand) cannot open the game, or None when it can.

    The game takes options and one file or folder, or a puzzle written out (a
    line of digits, an f-puzzles or SudokuPad link, a Solo game ID).  A word that
    is none of these nor a command is most likely a mistyped command
    (``main.py slove p.txt``): say so, with the commands, rather than open the
    game on a missing file.  Options (even unknown ones) are left to the game.
    """
    import os

    from .files import shown

    skip = False
    for word in argv:
        if skip:
            skip = False
            continue
        if word == "--":
            continue
        if word.startswith("-"):
            skip = GAME_OPTIONS.get(word, False)
            continue
        if os.path.lexists(word):
            return None
        from ..session.puzzles import reads_as_puzzle

        if reads_as_puzzle(word):  # a line of digits, a link, a Solo ID: the game plays it
            return None
        names = ", ".join(COMMANDS)
        return (
            f"{prog}: error: {shown(word)!s} is neither a command nor a file or folder\n"
            f"commands: {names} ({prog} COMMAND --help for each); "
            f"play with: {prog} [--windowed] [--size WxH] [FILE|DIR|PUZZLE]"
        )
    return None


def main(argv: Sequence[str], prog: str = PROG) -> int:
    """Run one subcommand; returns the process exit status (one of :data:`exits.STATUSES`)."""
    from .exits import guarded
    from .files import safe_output

    safe_output()  # before the guard wraps the streams: it reconfigures the real ones
    argv = list(argv)
    name = f"{prog} {argv[0]}" if argv and is_command(argv[0]) else prog
    return guarded(lambda: _run(argv, prog), name)


def say(problem: str, status: int, prog: str = PROG) -> int:
    """Print ``problem`` on standard error and return ``status``, as a command would end."""
    from .exits import guarded

    def tell() -> int:
        print(problem, file=sys.stderr)
        return status

    return guarded(tell, prog)


class _HelpFormatter(argparse.HelpFormatter):
    """Argparse's layout, except the exit-status table, which is laid out already."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        from .exits import EPILOG_TITLE

        if text.startswith(EPILOG_TITLE):
            return text
        return super()._fill_text(text, width, indent)


def _run(argv: list[str], prog: str) -> int:
    from .exits import epilog

    play = "python main.py" if prog == PROG else prog
    parser = argparse.ArgumentParser(
        prog=prog,
        description=f"Sudoku. Play with `{play} [--windowed [--size WxH]] [FILE|DIR|PUZZLE]`, "
        "or use the engine from the command line:",
        epilog=epilog(),
        formatter_class=_HelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module_name, help_text) in COMMANDS.items():
        command_parser = sub.add_parser(
            name,
            help=help_text,
            description=help_text,
            epilog=epilog(),
            formatter_class=_HelpFormatter,
        )
        importlib.import_module(module_name).add_arguments(command_parser)
    args = parser.parse_args(argv)
    module = importlib.import_module(COMMANDS[args.command][0])
    return int(module.run(args))
