"""What a puzzle's constraints put on the board, as values: the geometry of the rule layer.

Pure (no drawing): a rule set's constraints become, once per puzzle and set of broken
rules, three kinds of marks that :mod:`.paint` turns into pixels at any size and theme:

- per cell, a :class:`CellMarks` (a shade, diagonals, the cage's outline sides and its
  sum, the pieces of lines that leave the cell, bulbs and circles, arrowheads, an even
  or odd shape, a minimum or maximum), drawn inside the cell's tile so each cell stays
  independent and cached with the rest of its look (Tatham's ``draw_tile`` idea);
- :class:`PointMark`\\ s that sit on a cell edge or corner across two or four cells
  (kropki dots, X and V, quadruple circles), drawn over the grid lines;
- :class:`OutsideClue`\\ s beyond the grid (little killer and sandwich sums), for
  which the layout leaves room (:attr:`RuleMarks.room`).

Which kind of drawing a constraint gets comes from the registry's ``drawing`` entry;
the few types a kind covers in more than one way (a thermometer and an arrow are both
lines with an end) are told apart by the constraint's class.  Rules drawn as ``none``
(anti-knight, non-consecutive ...) are stated in words, not drawn.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ....engine.rules import constraints as c
from ....engine.rules.registry import rule_type

WAYS: tuple[tuple[int, int], ...] = (
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
)
"""The eight directions out of a cell as (rows, columns): N, NE, E, SE, S, SW, W, NW;
a line piece names them by index (bit ``k`` of :attr:`LinePart.ways`)."""

TOP, RIGHT, BOTTOM, LEFT = 1, 2, 4, 8
"""Sides of a cell where a cage's outline runs (bits of :attr:`CellMarks.cage`)."""
TOP_LEFT, TOP_RIGHT, BOTTOM_RIGHT, BOTTOM_LEFT = 16, 32, 64, 128
"""Inner corners of a cage: both sides inside it, the diagonal neighbour outside."""

CORNERS: tuple[tuple[int, int], ...] = ((0, 0), (0, 1), (1, 1), (1, 0))
"""A cell's corners as (rows, columns) from its top left: top left, top right, bottom
right, bottom left; bit ``8 + k`` of :attr:`LinePart.ways` says a diagonal line's band
crosses corner ``k`` (the line runs between the cell's two neighbours there)."""

SPOTS: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (1.0, 0.0),
    (0.0, 1.0),
    (1.0, 1.0),
    (0.5, 0.0),
    (0.5, 1.0),
    (0.0, 0.5),
    (1.0, 0.5),
)
"""The places of corner notes as (x, y) fractions of a cell, in SudokuPad's order (the
board's ``CORNER_SPOTS``): corners, then the middles of the top, bottom, left and right."""

LINE_KINDS = ("thermometer", "arrow", "renban", "whisper", "palindrome", "between")
"""Line pieces in drawing order (bottom first): wide tubes under thin lines."""


@dataclass(frozen=True, slots=True)
class LinePart:
    """One line's piece in a cell: the directions it leaves the centre in."""

    kind: str  # one of LINE_KINDS
    ways: int  # bit k < 8: the line runs from the centre towards WAYS[k]; 8..11: CORNERS
    broken: bool = False


@dataclass(frozen=True, slots=True)
class End:
    """A line's end drawn in its cell: a thermometer's bulb, an arrow's circle (``ways``:
    the orthogonal sides joining the other cells of a pill-shaped bulb), a between
    line's end circle, or an arrowhead (``ways``: the one direction it points in)."""

    kind: str  # "bulb", "circle", "end-circle", "head"
    ways: int = 0
    broken: bool = False


@dataclass(frozen=True, slots=True)
class CellMarks:
    """Everything the constraints draw inside one cell.  Equal marks draw alike."""

    shade: str = ""  # "region" (extra region) or "clone"
    diagonals: int = 0  # 1: the main diagonal crosses the cell; 2: the anti-diagonal
    cage: int = 0  # outline sides and inner corners (TOP ... BOTTOM_LEFT)
    caged: bool = False  # the cell lies in a cage
    cage_sum: str = ""  # the cage's total, in its first cell alone
    cage_broken: bool = False
    lines: tuple[LinePart, ...] = ()
    ends: tuple[End, ...] = ()
    shape: str = ""  # "even" (square), "odd" (circle), "min" or "max"
    shape_broken: bool = False
    covered: int = 0
    """Corner-note places a dot, letter or circle on the cell's edge or corner covers:
    bit k for SPOTS[k] (corner notes go elsewhere when they can)."""

    @property
    def labelled(self) -> bool:
        """Whether a label (the cage's sum) takes the cell's top-left corner."""
        return bool(self.cage_sum)


@dataclass(frozen=True, slots=True)
class PointMark:
    """A mark on an edge or a corner: ``y`` and ``x`` in cells from the grid's top left
    (1.5, 3.0: the middle of the edge under row 1 at column 3's left side)."""

    kind: str  # "white", "black" (kropki dots), "xv" (its letter in text), "quad"
    y: float
    x: float
    cells: tuple[int, ...]
    text: str = ""  # a quadruple's digits
    broken: bool = False


@dataclass(frozen=True, slots=True)
class OutsideClue:
    """A sum written outside the grid, at ``row`` and ``column`` (one of them -1 or N);
    ``way`` is the direction a little killer's arrow points into the grid (-1: none)."""

    text: str
    row: int
    column: int
    way: int = -1
    broken: bool = False


@dataclass(frozen=True)
class RuleMarks:
    """A puzzle's rule layer: marks per cell, on edges and corners, and outside."""

    size: int
    cells: tuple[CellMarks | None, ...]
    points: tuple[PointMark, ...] = ()
    outside: tuple[OutsideClue, ...] = ()
    room: tuple[bool, bool, bool, bool] = (False, False, False, False)
    """Whether clues lie above, right of, below and left of the grid."""
    words: tuple[str, ...] = field(default=())
    """Registry names of the rules drawn as ``none``: stated in words alone."""

    @property
    def empty(self) -> bool:
        return not (any(self.cells) or self.points or self.outside)


def _way(a: int, b: int, size: int) -> int:
    """The direction from cell ``a`` to a touching cell ``b``."""
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    return WAYS.index((rb - ra, cb - ca))


def _sides(members: Iterable[int], size: int) -> dict[int, int]:
    """For a group of cells, each cell's outline sides and inner corners."""
    inside = set(members)
    found: dict[int, int] = {}

    def has(cell: int, dr: int, dc: int) -> bool:
        r, col = divmod(cell, size)
        nr, nc = r + dr, col + dc
        return 0 <= nr < size and 0 <= nc < size and nr * size + nc in inside

    for cell in inside:
        bits = 0
        for bit, (dr, dc) in ((TOP, (-1, 0)), (RIGHT, (0, 1)), (BOTTOM, (1, 0)), (LEFT, (0, -1))):
            if not has(cell, dr, dc):
                bits |= bit
        for bit, (dr, dc) in (
            (TOP_LEFT, (-1, -1)),
            (TOP_RIGHT, (-1, 1)),
            (BOTTOM_RIGHT, (1, 1)),
            (BOTTOM_LEFT, (1, -1)),
        ):
            if has(cell, dr, 0) and has(cell, 0, dc) and not has(cell, dr, dc):
                bits |= bit
        found[cell] = bits
    return found


class _Builder:
    """Collects marks per cell while the constraints are read."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.cells: list[CellMarks | None] = [None] * (size * size)
        self.lines: dict[int, dict[tuple[str, bool], int]] = {}
        self.ends: dict[int, list[End]] = {}

    def put(self, cell: int, **changes: object) -> None:
        self.cells[cell] = replace(self.cells[cell] or CellMarks(), **changes)  # type: ignore[arg-type]

    def line(self, kind: str, members: Sequence[int], broken: bool) -> None:
        size = self.size
        for a, b in itertools.pairwise(members):
            for here, there in ((a, b), (b, a)):
                ways = self.lines.setdefault(here, {})
                ways[(kind, broken)] = ways.get((kind, broken), 0) | 1 << _way(here, there, size)
            (ra, ca), (rb, cb) = divmod(a, size), divmod(b, size)
            if ra != rb and ca != cb:
                # A diagonal step crosses the corner of the two cells beside it: they
                # draw the band's sides there too, or a wide line would show notches.
                y, x = (ra + rb + 1) / 2, (ca + cb + 1) / 2
                for row, column in ((ra, cb), (rb, ca)):
                    corner = CORNERS.index((round(y - row), round(x - column)))
                    ways = self.lines.setdefault(row * size + column, {})
                    ways[(kind, broken)] = ways.get((kind, broken), 0) | 1 << (8 + corner)
        if len(members) == 1:
            self.lines.setdefault(members[0], {}).setdefault((kind, broken), 0)

    def end(self, cell: int, end: End) -> None:
        self.ends.setdefault(cell, []).append(end)

    def finish(self) -> tuple[CellMarks | None, ...]:
        order = {kind: i for i, kind in enumerate(LINE_KINDS)}
        for cell, ways in self.lines.items():
            parts = tuple(
                sorted(
                    (LinePart(kind, bits, broken) for (kind, broken), bits in ways.items()),
                    key=lambda p: (order[p.kind], p.broken, p.ways),
                )
            )
            self.put(cell, lines=parts)
        # A between line's end circle goes over a thermometer's bulb it shares a cell
        # with (drawn as a ring there), and an arrowhead over everything.
        kinds = {"circle": 0, "bulb": 1, "end-circle": 2, "head": 3}
        for cell, ends in self.ends.items():
            self.put(cell, ends=tuple(sorted(ends, key=lambda e: (kinds[e.kind], e.ways))))
        return tuple(self.cells)


def rule_marks(
    constraints: Sequence[c.Constraint], size: int, broken: frozenset[int] = frozenset()
) -> RuleMarks:
    """The rule layer of ``constraints`` on a ``size`` grid; ``broken`` holds the
    indices (into ``constraints``) of the rules the position breaks.  Cached."""
    return _rule_marks(tuple(constraints), size, broken)


@functools.lru_cache(maxsize=64)
def _rule_marks(
    constraints: tuple[c.Constraint, ...], size: int, broken: frozenset[int]
) -> RuleMarks:
    build = _Builder(size)
    points: list[PointMark] = []
    outside: list[OutsideClue] = []
    words: list[str] = []
    for index, rule in enumerate(constraints):
        bad = index in broken
        drawing = rule_type(rule).drawing
        if drawing == "none":
            name = rule_type(rule).name
            if name not in words:
                words.append(name)
        elif isinstance(rule, c.Diagonal):
            for cell in rule.members:
                marks = build.cells[cell] or CellMarks()
                build.put(cell, diagonals=marks.diagonals | (2 if rule.anti else 1))
        elif isinstance(rule, c.ExtraRegion):
            for cell in rule.members:
                build.put(cell, shade="region")
        elif isinstance(rule, c.Clone):
            for cell in rule.cells():
                build.put(cell, shade="clone")
        elif isinstance(rule, c.Cage):
            _cage(build, rule, bad)
        elif isinstance(rule, c.Thermometer):
            build.line("thermometer", rule.members, bad)
            build.end(rule.members[0], End("bulb", 0, bad))
        elif isinstance(rule, c.Arrow):
            _arrow(build, rule, bad)
        elif isinstance(rule, c.Renban | c.Whisper | c.Palindrome):
            build.line(rule.kind, rule.members, bad)
        elif isinstance(rule, c.Between):
            build.line("between", rule.members, bad)
            for cell in (rule.members[0], rule.members[-1]):
                build.end(cell, End("end-circle", 0, bad))
        elif isinstance(rule, c.Parity):
            build.put(rule.cell, shape="even" if rule.even else "odd", shape_broken=bad)
        elif isinstance(rule, c.Extreme):
            build.put(rule.cell, shape="max" if rule.maximum else "min", shape_broken=bad)
        elif isinstance(rule, c.Kropki | c.XV):
            points.append(_edge_mark(rule, size, bad))
            _cover(build, points[-1])
        elif isinstance(rule, c.Quadruple):
            points.append(_quad(rule, size, bad))
            _cover(build, points[-1])
        elif isinstance(rule, c.LittleKiller):
            outside.append(_little_killer(rule, size, bad))
        elif isinstance(rule, c.Sandwich):
            outside.append(_sandwich(rule, size, bad))
    room = (
        any(clue.row < 0 for clue in outside),
        any(clue.column >= size for clue in outside),
        any(clue.row >= size for clue in outside),
        any(clue.column < 0 for clue in outside),
    )
    return RuleMarks(size, build.finish(), tuple(points), tuple(outside), room, tuple(words))


def _cover(build: _Builder, mark: PointMark) -> None:
    """Note in each cell a mark touches which corner-note place it covers."""
    for cell in mark.cells:
        row, column = divmod(cell, build.size)
        spot = (mark.x - column, mark.y - row)
        if spot in SPOTS:
            marks = build.cells[cell] or CellMarks()
            build.put(cell, covered=marks.covered | 1 << SPOTS.index(spot))


def _cage(build: _Builder, rule: c.Cage, bad: bool) -> None:
    first = min(rule.members)
    for cell, bits in _sides(rule.members, build.size).items():
        label = str(rule.total) if cell == first and rule.total is not None else ""
        build.put(cell, cage=bits, caged=True, cage_sum=label, cage_broken=bad)


def _arrow(build: _Builder, rule: c.Arrow, bad: bool) -> None:
    size = build.size
    bulb = set(rule.bulb)
    for cell in rule.bulb:
        joins = 0
        for other in bulb:
            way = _way(cell, other, size) if _touch(cell, other, size) else -1
            if way in (0, 2, 4, 6):
                joins |= 1 << way
        build.end(cell, End("circle", joins, bad))
    # The shaft starts at the bulb cell it touches (the last listed one).
    touching = [b for b in rule.bulb if rule.shaft and _touch(b, rule.shaft[0], size)]
    start = touching[-1] if touching else None
    path = ((start,) if start is not None else ()) + rule.shaft
    build.line("arrow", path, bad)
    if len(path) >= 2:
        build.end(path[-1], End("head", 1 << _way(path[-2], path[-1], size), bad))


def _touch(a: int, b: int, size: int) -> bool:
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


def _edge_mark(rule: c.Kropki | c.XV, size: int, bad: bool) -> PointMark:
    ra, ca = divmod(rule.first, size)
    rb, cb = divmod(rule.second, size)
    if isinstance(rule, c.Kropki):
        kind, text = ("black" if rule.black else "white"), ""
    else:
        kind, text = "xv", rule_text(rule)
    return PointMark(
        kind, (ra + rb) / 2 + 0.5, (ca + cb) / 2 + 0.5, (rule.first, rule.second), text, bad
    )


def rule_text(rule: c.XV) -> str:
    """The letter an XV mark shows: X for 10, V for 5 (another sum: its number)."""
    return {10: "X", 5: "V"}.get(rule.total, str(rule.total))


def _quad(rule: c.Quadruple, size: int, bad: bool) -> PointMark:
    rows = [m // size for m in rule.members]
    columns = [m % size for m in rule.members]
    y = float(min(rows) + 1) if len(set(rows)) > 1 else min(rows) + 0.5
    x = float(min(columns) + 1) if len(set(columns)) > 1 else min(columns) + 0.5
    text = "".join(str(d) if d < 10 else chr(ord("A") + d - 10) for d in sorted(rule.digits))
    return PointMark("quad", y, x, tuple(rule.members), text, bad)


def _little_killer(rule: c.LittleKiller, size: int, bad: bool) -> OutsideClue:
    r0, c0 = divmod(rule.members[0], size)
    if len(rule.members) > 1:
        r1, c1 = divmod(rule.members[1], size)
        dr, dc = r1 - r0, c1 - c0
    else:  # a corner cell alone: the arrow comes from whichever corner is outside
        dr = 1 if r0 == 0 else -1
        dc = 1 if c0 == 0 else -1
    row, column = r0 - dr, c0 - dc
    # A clue that would sit inside the grid (a ray starting mid-grid) goes to the
    # nearest outside cell along the same diagonal.
    while 0 <= row < size and 0 <= column < size:
        row, column = row - dr, column - dc
    return OutsideClue(str(rule.total), row, column, WAYS.index((dr, dc)), bad)


def _sandwich(rule: c.Sandwich, size: int, bad: bool) -> OutsideClue:
    r0, c0 = divmod(rule.members[0], size)
    r1, _ = divmod(rule.members[-1], size)
    if r0 == r1:  # a row: the clue to its left
        return OutsideClue(str(rule.total), r0, -1, -1, bad)
    return OutsideClue(str(rule.total), -1, c0, -1, bad)
