"""The Sudoku engine: puzzle model, file formats, solver, logic, generator and rating.

Pure Python; never imports pygame (a test enforces it), so every piece can be used
from the command line, from tests and from background threads of the game.

Glossary (one word per concept, everywhere in the code base):

- *size* ``N``: the grid has ``N`` rows, ``N`` columns and ``N`` regions.
- *cell*: a square of the grid, named by a 0-based index in reading order
  (``cell = row * N + column``).  Players see 1-based names such as ``r4c7``.
- *row*, *column*: as usual.  *region*: a box of a classic grid or an irregular
  piece of a jigsaw grid; every region holds ``N`` orthogonally connected cells.
- *unit* or *house*: a row, a column or a region (an all-different group).  Unit
  ``u`` is ``shape.houses[u]``, which says its kind and its index among houses of
  that kind (:mod:`.houses`); code asks it, and never works a kind out from ``u``.
- *peers* of a cell: the other cells that share a unit with it.
- *digit*: a value ``1..N`` (shown as ``1-9`` then ``A, B, ...`` for ``N > 9``);
  0 means empty.  A *grid* is a tuple of ``N * N`` digits.
- *given*: a clue of the puzzle.  *entry*: a digit the player placed.
- *note*: a pencil mark the player made.  *candidate*: a digit the logic still
  allows in a cell.  Sets of digits are bitmasks: bit ``d - 1`` stands for ``d``.
- *shape*: the size plus the region layout; units and peers are tables built
  once per shape and shared by every puzzle of that shape.

The words that are numbers have type aliases in :mod:`.types` (``Cell``, ``Digit``,
``DigitMask``, ``CellSet``, ``Unit``, ``Grid``) for signatures to say which they mean.
"""
