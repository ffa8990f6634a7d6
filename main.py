"""Sudoku in a checkout: ``python main.py`` plays; ``python main.py SUBCOMMAND`` runs the engine.

python main.py                       full-screen game
python main.py --windowed [--size WxH] [FILE|DIR]
python main.py solve|hint|rate|steps|generate ...   (see --help)

Installed (``pip install .`` or ``pipx install .``), the same is the ``sudoku``
command; both run :func:`game.main.main`.
"""

from __future__ import annotations

import sys

if __name__ == "__main__":
    try:
        from game.main import main
    except KeyboardInterrupt:  # Ctrl+C while the game's modules load
        sys.exit(130)
    sys.exit(main(sys.argv[1:]))
