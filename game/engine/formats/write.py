"""Canonical text for puzzles: one form per kind, always readable back to the same puzzle.

- Classic grids: ``N`` lines of ``N`` symbols (``1-9`` then ``A-P``), ``.`` for empty.
- Jigsaw grids: the COMP3258 map generalised to any size: ``N`` lines of 0-based
  region ids (``0-9`` then ``A-Z``, numbered in reading order of first appearance),
  then ``N`` lines of values; a 9x9 jigsaw is exactly a COMP3258 map.
- Collections: one puzzle per line, ``N*N`` symbols; a jigsaw puzzle adds one blank
  and its ``N*N`` region ids (``givens regions``).
- Variant puzzles (any constraint): f-puzzles JSON (:mod:`.fpuzzles`), and in a
  collection its ``https://f-puzzles.com/?load=`` link, one per line; a rule
  f-puzzles cannot hold raises :class:`~.variants.NotWritable` (a ValueError).

Every form ends with a newline and uses LF line endings.  Only givens are written
(or the ``grid`` passed in, e.g. a solution): a game in progress needs the
session's own save format.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..puzzle import Puzzle
from ..symbols import grid_string


def format_puzzle(puzzle: Puzzle, grid: Sequence[int] | None = None) -> str:
    """The canonical multi-line text of ``puzzle`` (or of ``grid`` on its shape)."""
    if puzzle.constraints and grid is None:
        from .fpuzzles import format_fpuzzles

        return format_fpuzzles(puzzle)
    shape = puzzle.shape
    values = tuple(puzzle.givens if grid is None else grid)
    if len(values) != shape.cells:
        raise ValueError(f"the grid has {len(values)} cells; the puzzle has {shape.cells}")
    n = shape.size
    lines = [grid_string(values[row * n : row * n + n]) for row in range(n)]
    if shape.is_jigsaw:
        labels = shape.region_labels()
        lines = [labels[row * n : row * n + n] for row in range(n)] + lines
    return "\n".join(lines) + "\n"


def format_line(puzzle: Puzzle) -> str:
    """One puzzle as one line (without the line break): ``givens`` or ``givens regions``,
    or a variant's f-puzzles link."""
    if puzzle.constraints:
        from .fpuzzles import fpuzzles_link

        return fpuzzles_link(puzzle)
    text = grid_string(puzzle.givens)
    if puzzle.shape.is_jigsaw:
        return f"{text} {puzzle.shape.region_labels()}"
    return text


def format_collection(puzzles: Iterable[Puzzle]) -> str:
    """The puzzles one per line, the canonical collection form."""
    return "".join(format_line(puzzle) + "\n" for puzzle in puzzles)
