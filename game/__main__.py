"""``python -m game``: the same as the ``sudoku`` command (see :mod:`game.main`)."""

from __future__ import annotations

import sys

from game.main import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], "python -m game"))
