"""Sudoku: ``python main.py`` plays; ``python main.py SUBCOMMAND ...`` runs the engine.

python main.py                       full-screen game
python main.py --windowed [--size WxH] [FILE|DIR]
python main.py solve|hint|rate|steps|generate ...   (see --help)
"""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    from game.cli import is_command, unknown_argument
    from game.cli import main as cli_main

    if argv and (is_command(argv[0]) or argv[0] in ("-h", "--help")):
        return cli_main(argv)
    problem = unknown_argument(argv)
    if problem is not None:
        # A mistyped command must not open a full-screen game on a missing file.
        print(problem, file=sys.stderr)
        return 2
    from game.ui.app import run_game

    return run_game(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
