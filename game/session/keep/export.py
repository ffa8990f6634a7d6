"""A game's puzzle as plain text other Sudoku programs read (the canonical forms).

Export is for sharing a puzzle, not for keeping a game: the plain forms cannot
tell a given from an entry, so only the givens are written unless the caller
asks for the position too (then the player's entries read back as givens).
Classic grids become ``N`` lines of ``N`` symbols, jigsaw grids the COMP3258
map; :func:`game.engine.formats.format_puzzle` decides, so export and the
engine's writer never differ.
"""

from __future__ import annotations

from ...engine.formats import format_puzzle
from ..play.game import Game


def export_puzzle(game: Game, *, with_entries: bool = False) -> str:
    """The puzzle of ``game`` in its canonical plain form (givens only by default)."""
    return format_puzzle(game.puzzle, game.grid if with_entries else None)
