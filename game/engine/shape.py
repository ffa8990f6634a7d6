"""Grid topology as data: size, region layout, units and peers, built once per shape.

A classic grid is one region layout among many; every solver, technique, check and
drawing routine reads these tables, so jigsaw grids cost nothing extra.  Shapes are
interned: ``Shape.classic(9) is Shape.classic(9)``, and two jigsaw layouts that are
the same partition under different labels give the same object, for as long as
anyone holds it.

Interning is weak plus a few recent shapes held strongly: a 25x25 shape takes
about half a megabyte, and a file of a thousand jigsaw layouts must not keep them
all (a cache of 256 shapes once held 290 MB of solver tables each).  Tables built
from a shape elsewhere (the solver's, the logic's) are cached by their owners with
their own bounds.
"""

from __future__ import annotations

import math
import threading
import weakref
from collections import OrderedDict
from collections.abc import Hashable, Sequence

from .errors import InvalidPuzzleError
from .houses import House, HouseKind

MIN_SIZE = 4
MAX_SIZE = 25


def box_dims(size: int) -> tuple[int, int] | None:
    """Rows and columns of a classic box for ``size``, or None if there is none.

    The box is as square as possible with fewer rows than columns when it cannot be
    square: 6 -> 2x3, 12 -> 3x4 (the conventions of the files players have).
    """
    best = None
    for rows in range(2, math.isqrt(size) + 1):
        if size % rows == 0:
            best = (rows, size // rows)
    return best


class Shape:
    """The size and region layout of a grid, with its unit and peer tables.

    Build with :meth:`classic` or :meth:`from_regions`; the constructor is internal.
    """

    __slots__ = (
        "__weakref__",
        "_hash",
        "_labels",
        "_peer_sets",
        "box",
        "cell_units",
        "cells",
        "column_units",
        "columns",
        "houses",
        "line_units",
        "peers",
        "region_cells",
        "region_units",
        "regions",
        "row_units",
        "rows",
        "size",
        "units",
    )

    size: int
    cells: int
    regions: tuple[int, ...]
    box: tuple[int, int] | None
    rows: tuple[tuple[int, ...], ...]
    columns: tuple[tuple[int, ...], ...]
    region_cells: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    houses: tuple[House, ...]
    row_units: tuple[int, ...]
    column_units: tuple[int, ...]
    line_units: tuple[int, ...]
    region_units: tuple[int, ...]
    cell_units: tuple[tuple[int, int, int], ...]
    peers: tuple[tuple[int, ...], ...]

    def __init__(self, size: int, regions: tuple[int, ...]) -> None:
        n = size
        self.size = n
        self.cells = n * n
        self.regions = regions
        self.rows = tuple(tuple(range(r * n, r * n + n)) for r in range(n))
        self.columns = tuple(tuple(range(c, n * n, n)) for c in range(n))
        self.region_cells = tuple(
            tuple(cell for cell in range(n * n) if regions[cell] == g) for g in range(n)
        )
        dims = box_dims(n)
        self.box = dims if dims and regions == _box_regions(n, *dims) else None
        # The house table: unit ``u`` is ``houses[u]``; code asks it its kind.
        region_kind = HouseKind.BOX if self.box else HouseKind.REGION
        self.houses = (
            tuple(House(HouseKind.ROW, r, cells) for r, cells in enumerate(self.rows))
            + tuple(House(HouseKind.COLUMN, c, cells) for c, cells in enumerate(self.columns))
            + tuple(House(region_kind, g, cells) for g, cells in enumerate(self.region_cells))
        )
        self.units = tuple(house.cells for house in self.houses)
        self.row_units = tuple(u for u, h in enumerate(self.houses) if h.kind is HouseKind.ROW)
        self.column_units = tuple(
            u for u, h in enumerate(self.houses) if h.kind is HouseKind.COLUMN
        )
        self.line_units = self.row_units + self.column_units
        self.region_units = tuple(u for u, h in enumerate(self.houses) if h.kind.is_region)
        self.cell_units = tuple(
            (self.row_units[r], self.column_units[c], self.region_units[regions[r * n + c]])
            for r in range(n)
            for c in range(n)
        )
        peers = []
        for cell in range(n * n):
            seen: set[int] = set()
            for unit in self.cell_units[cell]:
                seen.update(self.units[unit])
            seen.discard(cell)
            peers.append(tuple(sorted(seen)))
        self.peers = tuple(peers)
        self._peer_sets: tuple[frozenset[int], ...] | None = None
        self._hash = hash((n, regions))  # kept: every solver call looks its tables up by shape
        self._labels = "".join(_REGION_CHARS[g] for g in regions)

    # -- construction ---------------------------------------------------------------

    @staticmethod
    def classic(size: int) -> Shape:
        """The classic grid of ``size`` with its standard boxes."""
        dims = box_dims(size)
        if dims is None or not MIN_SIZE <= size <= MAX_SIZE:
            raise InvalidPuzzleError(f"there is no classic {size}x{size} grid")
        return _intern(size, _box_regions(size, *dims))

    @staticmethod
    def from_regions(
        labels: Sequence[Hashable], size: int | None = None, *, connected: bool = True
    ) -> Shape:
        """The shape whose cell ``i`` lies in the region labelled ``labels[i]``.

        Labels are arbitrary (digits, letters, numbers); layouts are compared as
        partitions.  Raises :class:`InvalidPuzzleError` saying exactly what is wrong:
        the cell count, a region of the wrong size, or a region that is not connected
        (unless ``connected`` is False: f-puzzles lets a setter paint a region in
        pieces, and the rules need only its cells).
        """
        cells = len(labels)
        n = size if size is not None else math.isqrt(cells)
        if n * n != cells:
            raise InvalidPuzzleError(
                f"the region layout has {cells} cells; a square grid is needed"
            )
        if not MIN_SIZE <= n <= MAX_SIZE:
            raise InvalidPuzzleError(
                f"a {n}x{n} grid is not supported (sizes {MIN_SIZE} to {MAX_SIZE})"
            )
        numbering: dict[Hashable, int] = {}
        for label in labels:
            numbering.setdefault(label, len(numbering))
        if len(numbering) != n:
            raise InvalidPuzzleError(
                f"the region layout has {len(numbering)} regions; a {n}x{n} grid needs {n}"
            )
        regions = tuple(numbering[label] for label in labels)
        for label, g in numbering.items():
            members = [cell for cell in range(cells) if regions[cell] == g]
            if len(members) != n:
                raise InvalidPuzzleError(
                    f"region {_label_text(label)} has {len(members)} cells; each region needs {n}"
                )
            pieces = _count_pieces(members, n) if connected else 1
            if pieces != 1:
                raise InvalidPuzzleError(
                    f"region {_label_text(label)} is not connected (it falls into {pieces} pieces)"
                )
        return _intern(n, regions)

    # -- queries --------------------------------------------------------------------

    @property
    def peer_sets(self) -> tuple[frozenset[int], ...]:
        """The peers of each cell as sets, built on first use (they are the bulk of a
        large shape's memory, and few callers need them)."""
        found = self._peer_sets
        if found is None:
            found = self._peer_sets = tuple(frozenset(p) for p in self.peers)
        return found

    @property
    def is_jigsaw(self) -> bool:
        """Whether the regions are anything but the classic boxes."""
        return self.box is None

    @property
    def variant(self) -> str:
        """``"classic"`` or ``"jigsaw"``: the word players and files use."""
        return "jigsaw" if self.box is None else "classic"

    def row_of(self, cell: int) -> int:
        return cell // self.size

    def column_of(self, cell: int) -> int:
        return cell % self.size

    def region_of(self, cell: int) -> int:
        return self.regions[cell]

    def unit_name(self, unit: int) -> str:
        """``row 4``, ``column 7``, ``box 5`` or ``region 5`` (1-based, for players)."""
        return self.houses[unit].name

    def region_labels(self) -> str:
        """The layout as ``N*N`` characters of 0-based region ids (``0-9`` then ``A-Z``)."""
        return self._labels  # kept: `solve --json` prints it once per puzzle

    def __repr__(self) -> str:
        if self.box:
            return f"Shape.classic({self.size})"
        return f"Shape.from_regions({self.region_labels()!r})"

    def __eq__(self, other: object) -> bool:
        # Interning makes equal shapes identical while they are cached; this keeps
        # equality right for shapes rebuilt after leaving the cache.
        if not isinstance(other, Shape):
            return NotImplemented
        return self is other or (self.size == other.size and self.regions == other.regions)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[object, ...]:
        # Pickling (for worker processes) goes through the interning constructor.
        return (_intern, (self.size, self.regions))


_REGION_CHARS = "0123456789ABCDEFGHIJKLMNOP"


def _label_text(label: Hashable) -> str:
    return repr(label) if isinstance(label, str) else str(label)


def _box_regions(size: int, box_rows: int, box_cols: int) -> tuple[int, ...]:
    per_band = size // box_cols
    return tuple(
        (cell // size // box_rows) * per_band + (cell % size) // box_cols
        for cell in range(size * size)
    )


def _count_pieces(members: list[int], size: int) -> int:
    """How many orthogonally connected pieces the cells ``members`` form."""
    todo = set(members)
    pieces = 0
    while todo:
        pieces += 1
        stack = [todo.pop()]
        while stack:
            cell = stack.pop()
            row, col = divmod(cell, size)
            for nrow, ncol in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                neighbour = nrow * size + ncol
                if 0 <= nrow < size and 0 <= ncol < size and neighbour in todo:
                    todo.remove(neighbour)
                    stack.append(neighbour)
    return pieces


_RECENT = 8
"""Shapes held strongly besides those in use, so a shape dropped and asked for
again soon (a file read twice) is not rebuilt."""

_interned: weakref.WeakValueDictionary[tuple[int, tuple[int, ...]], Shape] = (
    weakref.WeakValueDictionary()
)
_recent: OrderedDict[tuple[int, tuple[int, ...]], Shape] = OrderedDict()
_intern_lock = threading.Lock()


def _intern(size: int, regions: tuple[int, ...]) -> Shape:
    key = (size, regions)
    with _intern_lock:
        shape = _interned.get(key)
        if shape is None:
            shape = _interned[key] = Shape(size, regions)
        _recent[key] = shape
        _recent.move_to_end(key)
        while len(_recent) > _RECENT:
            _recent.popitem(last=False)
        return shape
