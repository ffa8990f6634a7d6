"""Simon Tatham's Solo game IDs: classic, X, jigsaw and killer puzzles in one line.

A game ID is ``<params>:<description>``, read as ``solo.c`` reads it
(``decode_params``, ``validate_desc``, ``spec_to_grid``, ``spec_to_dsf``):

- params: ``<c>x<r>`` (blocks ``c`` rows tall and ``r`` columns wide, so the grid
  is ``c*r`` square: ``3x3``, ``2x3``) or ``<n>j`` (jigsaw), then ``x`` (both
  main diagonals hold every digit once) and/or ``k`` (killer).  Solo's symmetry
  and difficulty letters (``r2``, ``m4d``, ``a``, ``dt``...) are accepted and
  ignored, as Solo does; anything else is refused.
- the grid: digits as decimal numbers (``_`` separates two adjacent ones), a
  letter ``a``-``z`` for a run of 1-26 empty cells;
- for a jigsaw, ``,`` and the region walls; for a killer, ``,`` the cage walls,
  ``,`` and the clue grid (each cage's sum in one of its cells, Solo puts it in
  the first in reading order).  Walls list the ``n(n-1)`` inner vertical edges in
  reading order, then the ``n(n-1)`` horizontal ones column by column; each
  letter counts the edges without a wall before the next wall (``_`` none, ``a``
  one ... ``y`` 25), ``z`` counts 25 with no wall after them.

Solo's own checks hold: digits in range, exactly ``n*n`` cells, ``n`` regions of
``n`` cells, killer cages of 2 to ``n`` cells each with exactly one clue (Solo
asserts that), killers at most 9x9.  A random seed (``3x3#12345``) is refused:
only Solo can turn it into a puzzle.  Errors give the column in the ID.

Writing (:func:`format_solo`) covers what Solo holds: classic grids with its box
shapes, jigsaw grids, X (both diagonals), killer (cages covering the whole grid,
each with a sum, 2 to ``n`` cells, grids up to 9x9), and their combinations.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import FormatError, InvalidPuzzleError
from ..puzzle import Puzzle, PuzzleRecord
from ..rules import Cage, Constraint, Diagonal
from ..shape import Shape, box_dims
from .variants import NotWritable, checked, variant_record

KIND = "Solo game ID"

_PARAMS = re.compile(r"([0-9]{1,3})(?:x([0-9]{1,3}))?")
_SYMMETRY = re.compile(r"a|r[0-9]*|md?[0-9]*|d[tbiaeu]?")


class _Text:
    """The description being read, with the column of each character in the ID."""

    def __init__(self, text: str, offset: int) -> None:
        self.text = text
        self.at = 0
        self.offset = offset

    def error(self, reason: str, at: int | None = None) -> FormatError:
        where = self.at if at is None else at
        return FormatError(f"Solo game ID: {reason}", column=self.offset + where + 1)

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def expect_comma(self, what: str) -> None:
        if self.peek() != ",":
            raise self.error(f"expected {what} after a comma")
        self.at += 1


def parse_solo(text: str, *, line: int | None = None, index: int = 0) -> PuzzleRecord:
    """The puzzle of a Solo game ID.

    :raises PuzzleError: a :class:`FormatError` with the column in the ID, or an
        :class:`InvalidPuzzleError` for givens that break the rules.
    """
    try:
        return _parse(text.strip(), line, index)
    except (FormatError, InvalidPuzzleError) as error:
        error.line = error.line if error.line is not None else line
        raise


def _parse(text: str, line: int | None, index: int) -> PuzzleRecord:
    params, colon, desc = text.partition(":")
    if "#" in params:
        raise FormatError(
            "Solo game ID: a random seed (with #) is no puzzle; only Solo can make it one. "
            "Use the game ID (Game > Specific... in Solo)"
        )
    if not colon:
        raise FormatError("Solo game ID: no ':' between the parameters and the puzzle")
    c, r, xtype, killer = _params(params)
    n = c * r
    if not 4 <= n <= 25:
        raise FormatError(f"Solo game ID: a {n}x{n} grid is not supported (sizes 4 to 25)")
    if killer and n > 9:
        raise FormatError("Solo game ID: Solo's killer grids are at most 9x9")
    reader = _Text(desc, len(params) + 1)
    givens = _grid(reader, n, n)
    if r == 1:
        reader.expect_comma("the jigsaw regions")
        start = reader.at
        classes = _walls(reader, n)
        _check_blocks(reader, classes, n, n, n, start)
        shape = _shape(classes, n)
    else:
        labels = [(y // c) * c + x // r for y in range(n) for x in range(n)]
        shape = Shape.classic(n) if box_dims(n) == (c, r) else _shape(labels, n)
    constraints: list[Constraint] = []
    if xtype:
        constraints += [Diagonal.of(n), Diagonal.of(n, anti=True)]
    if killer:
        reader.expect_comma("the killer cages")
        start = reader.at
        classes = _walls(reader, n)
        _check_blocks(reader, classes, n, n * n, 2, start, most_cells=n)
        reader.expect_comma("the killer clues")
        clues = _grid(reader, n, n * n * n)
        constraints += _cages(reader, classes, clues, n)
    if reader.at < len(desc):
        raise reader.error("unexpected data at the end")
    return variant_record(shape, givens, constraints, title="", line=line, index=index)


def _params(params: str) -> tuple[int, int, bool, bool]:
    """``c``, ``r``, X and killer from the part before the colon."""
    match = _PARAMS.match(params)
    if match is None:
        raise FormatError(f"Solo game ID: {params!r} does not start with a grid size")
    c = int(match[1])
    r = int(match[2]) if match[2] is not None else c
    seen_r = match[2] is not None
    xtype = killer = False
    rest = params[match.end() :]
    while rest:
        if rest[0] == "j":
            if seen_r:  # "3x3j": a jigsaw of 3*3; "9j": the number is the size
                c *= r
            r = 1
            rest = rest[1:]
        elif rest[0] == "x":
            xtype = True
            rest = rest[1:]
        elif rest[0] == "k":
            killer = True
            rest = rest[1:]
        else:
            symmetry = _SYMMETRY.match(rest)
            if symmetry is None or not symmetry.group():
                raise FormatError(f"Solo game ID: unknown parameter {rest[0]!r} in {params!r}")
            rest = rest[symmetry.end() :]
    if c < 1 or r < 1:
        raise FormatError(f"Solo game ID: {params!r} is no grid size")
    return c, r, xtype, killer


def _grid(reader: _Text, area_side: int, most: int) -> list[int]:
    """A grid description (``spec_to_grid``), numbers ``1..most``, up to a comma."""
    area = area_side * area_side
    cells: list[int] = []
    text = reader.text
    while reader.at < len(text) and text[reader.at] != ",":
        char = text[reader.at]
        start = reader.at
        if "a" <= char <= "z":
            cells.extend([0] * (ord(char) - ord("a") + 1))
            reader.at += 1
        elif char == "_":
            reader.at += 1
        elif "1" <= char <= "9":
            while reader.at < len(text) and "0" <= text[reader.at] <= "9":
                reader.at += 1
            value = int(text[start : reader.at])
            if value > most:
                raise reader.error(f"{value} is out of range (1-{most})", start)
            cells.append(value)
        else:
            raise reader.error(f"invalid character {char!r}")
        if len(cells) > area:
            raise reader.error("too much data to fit in the grid", start)
    if len(cells) < area:
        raise reader.error(f"not enough data to fill the grid ({len(cells)} of {area} cells)")
    return cells


def _walls(reader: _Text, n: int) -> list[int]:
    """The classes of a wall description (``spec_to_dsf``): a label per cell."""
    parent = list(range(n * n))

    def find(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    edges = _edge_count(n)
    position = 0
    text = reader.text
    while reader.at < len(text) and text[reader.at] != ",":
        char = text[reader.at]
        if char == "_":
            count = 0
        elif "a" <= char <= "z":
            count = ord(char) - ord("a") + 1
        else:
            raise reader.error(f"invalid character {char!r} in the walls")
        for _ in range(count):
            if position >= edges:
                raise reader.error("too much data in the walls")
            if position < n * (n - 1):
                y, x = divmod(position, n - 1)
                a, b = y * n + x, y * n + x + 1
            else:
                x, y = divmod(position - n * (n - 1), n - 1)
                a, b = y * n + x, (y + 1) * n + x
            parent[find(a)] = find(b)
            position += 1
        if count != 26:  # "z": 25 open edges and no wall after them
            position += 1
        reader.at += 1
    if position != edges + 1:
        raise reader.error("not enough data in the walls")
    return [find(cell) for cell in range(n * n)]


def _check_blocks(
    reader: _Text,
    classes: Sequence[int],
    least_blocks: int,
    most_blocks: int,
    least_cells: int,
    start: int,
    most_cells: int | None = None,
) -> None:
    """Solo's ``validate_block_desc``: block count and sizes."""
    most = most_cells if most_cells is not None else least_cells
    sizes: dict[int, int] = {}
    for label in classes:
        sizes[label] = sizes.get(label, 0) + 1
    for size in sizes.values():
        if size > most:
            raise reader.error(f"a block of {size} cells is too big (at most {most})", start)
    if len(sizes) > most_blocks:
        raise reader.error("too many distinct blocks", start)
    if len(sizes) < least_blocks:
        raise reader.error("not enough distinct blocks", start)
    for size in sizes.values():
        if size < least_cells:
            raise reader.error(f"a block of {size} cells is too small", start)


def _shape(labels: Sequence[int], n: int) -> Shape:
    try:
        return Shape.from_regions(list(labels), n)
    except InvalidPuzzleError as error:
        raise InvalidPuzzleError(f"Solo game ID: {error.reason}") from None


def _cages(reader: _Text, classes: Sequence[int], clues: Sequence[int], n: int) -> list[Cage]:
    members: dict[int, list[int]] = {}
    for cell, label in enumerate(classes):
        members.setdefault(label, []).append(cell)
    cages = []
    for cells in sorted(members.values()):
        totals = [clues[cell] for cell in cells if clues[cell]]
        where = f"Solo game ID: the cage at r{cells[0] // n + 1}c{cells[0] % n + 1}"
        if len(totals) != 1:
            what = "no clue" if not totals else f"{len(totals)} clues"
            raise FormatError(f"{where} has {what}; Solo gives each cage one")
        cage = Cage(tuple(cells), totals[0])
        checked(cage, n, where)
        cages.append(cage)
    return cages


# -- writing --------------------------------------------------------------------


def format_solo(puzzle: Puzzle) -> str:
    """The Solo game ID of ``puzzle``.

    :raises NotWritable: for rules Solo does not have, or cages Solo cannot hold.
    """
    n = puzzle.size
    shape = puzzle.shape
    if n > 31:
        raise NotWritable("Solo holds grids up to 31x31")
    params = f"{shape.box[0]}x{shape.box[1]}" if shape.box is not None else f"{n}j"
    diagonals = {rule for rule in puzzle.constraints if isinstance(rule, Diagonal)}
    cages = [rule for rule in puzzle.constraints if isinstance(rule, Cage)]
    others = [r for r in puzzle.constraints if not isinstance(r, Diagonal | Cage)]
    if others:
        raise NotWritable(f"Solo has no {others[0].kind} rule")
    if diagonals:
        if diagonals != {Diagonal.of(n), Diagonal.of(n, anti=True)}:
            raise NotWritable("Solo's X puzzles have both diagonals")
        params += "x"
    parts = [_encode_grid(puzzle.givens)]
    if shape.box is None:
        parts.append(_encode_walls(shape.regions, n))
    if cages:
        params += "k"
        if n > 9:
            raise NotWritable("Solo's killer grids are at most 9x9")
        which = [-1] * (n * n)
        clues = [0] * (n * n)
        for k, cage in enumerate(cages):
            if cage.total is None:
                raise NotWritable("every Solo killer cage has a sum")
            if not 2 <= len(cage.members) <= n:
                raise NotWritable(f"Solo's killer cages have 2 to {n} cells")
            for cell in cage.members:
                if which[cell] >= 0:
                    raise NotWritable("two cages share a cell")
                which[cell] = k
            clues[min(cage.members)] = cage.total
        if min(which) < 0:
            raise NotWritable("Solo's killer cages cover the whole grid")
        parts.append(_encode_walls(which, n))
        parts.append(_encode_grid(clues))
    return f"{params}:{','.join(parts)}"


def _encode_grid(grid: Sequence[int]) -> str:
    """Solo's ``encode_grid``: runs of empty cells as letters, ``_`` between numbers."""
    out: list[str] = []
    run = 0
    for value in [*grid, -1]:
        if not value:
            run += 1
            continue
        if run:
            while run > 0:
                step = min(run, 26)
                out.append(chr(ord("a") - 1 + step))
                run -= step
        elif out and value > 0:
            out.append("_")
        if value > 0:
            out.append(str(value))
        run = 0
    return "".join(out)


def _edge_count(n: int) -> int:
    """Inner cell edges of an ``n`` x ``n`` grid: vertical ones, then horizontal ones."""
    per_direction = n * (n - 1)
    return per_direction + per_direction


def _encode_walls(which: Sequence[int], n: int) -> str:
    """Solo's ``encode_block_structure_desc``: open edges counted between walls."""
    out: list[str] = []
    run = 0
    edges = _edge_count(n)
    for position in range(edges + 1):
        if position == edges:
            wall = True  # the virtual wall that ends the list
        elif position < n * (n - 1):
            y, x = divmod(position, n - 1)
            wall = which[y * n + x] != which[y * n + x + 1]
        else:
            x, y = divmod(position - n * (n - 1), n - 1)
            wall = which[y * n + x] != which[(y + 1) * n + x]
        if wall:
            # Solo's decoder reads "z" as 26 open edges and no wall (its encoder
            # writes it for 25, which its decoder would misread); write what the
            # decoder reads.  No grid up to 25x25 needs a run that long in practice.
            while run >= 26:
                out.append("z")
                run -= 26
            out.append(chr(ord("a") - 1 + run) if run else "_")
            run = 0
        else:
            run += 1
    return "".join(out)
