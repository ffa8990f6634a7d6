"""Every rectangle of the board screen, computed from the window size alone.

One unit ``u`` (a ninth of the board's side, whatever the grid size) sizes the
panel, the buttons and the type, so 800x600 and 4K look the same, only larger.
Cells are whole pixels so grid lines stay crisp.  The board goes beside the panel
(landscape) or above it (portrait), whichever arrangement gives the larger board.

Pure geometry: a :class:`BoardLayout` is a value built by :func:`board_layout`,
and hit-testing (which cell, which note spot, which button is under the pointer)
lives here too so tests can check it without drawing anything.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from pygame import Rect

from ...engine.shape import box_dims

GRID_ACTIONS = ("undo", "redo", "erase", "notes", "fill", "check", "hint", "steps", "solve")
"""The action buttons under the pad, in reading order: editing, notes, help."""

ACTIONS = (*GRID_ACTIONS, "menu")
"""Every action button; Pause ("menu") sits in the header by the clock, as players expect."""

# Panel proportions in units (landscape); tuned by eye on real screenshots.
PANEL_WIDTH = 4.4
HEADER = 1.0
PAD_ROW = 1.0
ACTION_ROW = 0.72
GAP = 0.16
SECTION = 0.34


def note_grid(size: int) -> tuple[int, int]:
    """Rows and columns of the fixed note positions in a cell (3x3 for 9, 2x3 for 6)."""
    dims = box_dims(size)
    if dims is not None:
        return dims
    side = math.isqrt(size - 1) + 1
    return (math.ceil(size / side), side)


MIN_TEXT = 12
"""Pixels: the least type a player must read (LOOK.md), candidate notes included."""


Room = tuple[bool, bool, bool, bool]
"""Whether clues outside the grid need a row or column of cells above, right of, below
and left of it (little killer and sandwich sums)."""

NO_ROOM: Room = (False, False, False, False)


def note_size(geometry: BoardGeometry, labelled: bool = False) -> int:
    """The type size of candidate notes on ``geometry``, as the tiles start from: about
    a third of a digit, 12 px at least, as large as lets a digit's ink fit its spot
    (inside the selection frame; a digit's ink is 0.75 of the size tall, 0.6 wide).
    With ``labelled``, in a cell whose spots a cage's sum shortens (the tiles may
    then draw smaller)."""
    rows, columns = note_grid(geometry.size)
    area = geometry.note_area(labelled)
    height, width = area.h / rows, area.w / columns
    font = round(max(12.0, geometry.cell * 0.22))
    while font > 7 and (round(font * 0.75) + 1 > height or round(font * 0.6) + 1 > width):
        font -= 1
    return font


def least_note_size(geometry: BoardGeometry) -> int:
    """The smallest candidate notes on ``geometry``: under a cage's sum, where there are
    sums (see :func:`note_size`)."""
    plain = note_size(geometry)
    return min(plain, note_size(geometry, True)) if geometry.labelled else plain


@functools.lru_cache(maxsize=16)
def window_for_notes(
    size: int, room: Room = NO_ROOM, labelled: bool = False
) -> tuple[int, int] | None:
    """The smallest 16:10 window whose board of ``size`` draws its candidate notes at
    :data:`MIN_TEXT` or more (None if even 4K does not), with clues outside the grid on
    the sides ``room`` names and, with ``labelled``, notes under cage sums."""
    sums = frozenset({0}) if labelled else frozenset()
    for height in range(600, 2161, 10):
        width = height * 16 // 10
        if least_note_size(board_layout(width, height, size, room, sums).board) >= MIN_TEXT:
            return (width, height)
    return None


def pad_grid(size: int, landscape: bool) -> tuple[int, int]:
    """Rows and columns of the number pad."""
    if landscape:
        columns = {4: 4, 6: 3, 9: 3}.get(size, math.isqrt(size - 1) + 1)
    else:
        columns = size if size <= 9 else math.ceil(size / 2)
    return (math.ceil(size / columns), columns)


@dataclass(frozen=True)
class BoardGeometry:
    """Where the grid is: its top-left corner, cell size and line widths."""

    x: int
    y: int
    cell: int
    size: int
    labelled: frozenset[int] = frozenset()
    """Cells whose top-left corner holds a label (a cage's sum): their notes start below it."""

    @property
    def side(self) -> int:
        return self.cell * self.size

    @property
    def rect(self) -> Rect:
        return Rect(self.x, self.y, self.side, self.side)

    @property
    def thin(self) -> int:
        return max(1, round(self.cell / 45))

    @property
    def thick(self) -> int:
        """Region borders: at least three thin lines wide, so regions read at a glance."""
        return max(3 * self.thin, round(self.cell / 14))

    # A cell from its edge inwards: the grid line's half (``edge``), the selection
    # frame's band (``frame``, where a cage's dashes also run), then the content:
    # notes, labels and glyphs, which the frame therefore never covers.

    @property
    def edge(self) -> int:
        """Pixels along a cell's sides that the grid lines drawn over it may cover."""
        return (self.thick + 1) // 2 + 1

    @property
    def frame(self) -> int:
        """Width of the selected cell's frame, just inside :attr:`edge`."""
        return max(3, self.cell // 16)

    @property
    def content(self) -> int:
        """Inset of everything a cell holds (notes, labels, marks) from its sides: the
        first pixel past the selection frame."""
        return self.edge + self.frame

    @property
    def cage_inset(self) -> int:
        """Where a cage's dashed outline runs: inside the frame's band."""
        return self.edge + max(1, self.frame // 3)

    @property
    def label_font(self) -> int:
        """Pixel size of a cage's sum (12 at least: it is read, not glanced at)."""
        return max(12, round(self.cell * 0.2))

    @property
    def label_bottom(self) -> int:
        """The bottom of a label's box in the top-left corner, from the cell's top: the
        ink of digits is about three quarters of the font size."""
        return self.edge + 2 + math.ceil(self.label_font * 0.76)

    def note_area(self, labelled: bool) -> Rect:
        """Where a cell's candidate notes go, from the cell's top left: inside the
        frame, and below the label when the cell has one."""
        top = self.label_bottom + 1 if labelled else self.content
        return Rect(self.content, top, self.cell - 2 * self.content, self.cell - self.content - top)

    def cell_rect(self, cell: int) -> Rect:
        row, column = divmod(cell, self.size)
        return Rect(self.x + column * self.cell, self.y + row * self.cell, self.cell, self.cell)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The cell under ``pos``, or None outside the grid."""
        column = (pos[0] - self.x) // self.cell
        row = (pos[1] - self.y) // self.cell
        if 0 <= row < self.size and 0 <= column < self.size:
            return row * self.size + column
        return None

    def note_spot(self, digit: int, labelled: bool) -> Rect:
        """The fixed spot of note ``digit`` in a cell, from the cell's top left."""
        rows, columns = note_grid(self.size)
        area = self.note_area(labelled)
        width = area.w / columns
        height = area.h / rows
        row, column = divmod(digit - 1, columns)
        left = round(area.x + column * width)
        top = round(area.y + row * height)
        right = round(area.x + (column + 1) * width)
        bottom = round(area.y + (row + 1) * height)
        return Rect(left, top, right - left, bottom - top)

    def note_rect(self, cell: int, digit: int) -> Rect:
        """The fixed spot of note ``digit`` inside ``cell``, on the screen."""
        base = self.cell_rect(cell)
        return self.note_spot(digit, cell in self.labelled).move(base.x, base.y)

    def note_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """(cell, digit) of the note spot under ``pos``, or None."""
        cell = self.cell_at(pos)
        if cell is None:
            return None
        rows, columns = note_grid(self.size)
        base = self.cell_rect(cell)
        area = self.note_area(cell in self.labelled).move(base.x, base.y)
        column = int((pos[0] - area.x) * columns // max(1, area.w))
        row = int((pos[1] - area.y) * rows // max(1, area.h))
        column = min(columns - 1, max(0, column))
        row = min(rows - 1, max(0, row))
        digit = row * columns + column + 1
        return (cell, digit) if digit <= self.size else None


@dataclass(frozen=True)
class BoardLayout:
    """The board screen: grid, panel and everything in the panel."""

    width: int
    height: int
    landscape: bool
    unit: int
    board: BoardGeometry
    panel: Rect
    header: Rect
    pad: tuple[Rect, ...]  # pad[d - 1] is digit d's button
    actions: dict[str, Rect]
    status: Rect

    def button_at(self, pos: tuple[int, int]) -> str | int | None:
        """The digit (int) or action name (str) of the button under ``pos``."""
        for index, rect in enumerate(self.pad):
            if rect.collidepoint(pos):
                return index + 1
        for name, rect in self.actions.items():
            if rect.collidepoint(pos):
                return name
        return None

    def all_rects(self) -> list[Rect]:
        """Every hit-testable rectangle (for overlap tests)."""
        return [self.board.rect, self.header, *self.pad, *self.actions.values(), self.status]


def board_layout(
    width: int,
    height: int,
    size: int,
    room: Room = NO_ROOM,
    labelled: frozenset[int] = frozenset(),
) -> BoardLayout:
    """The layout for a window of ``width`` x ``height`` and a grid of ``size``,
    leaving a cell's room on the sides ``room`` names, with ``labelled`` cells' notes
    below their labels (see :class:`BoardGeometry`)."""
    width = max(width, 320)
    height = max(height, 240)
    wide = _landscape_unit(width, height, size)
    tall = _portrait_unit(width, height, size)
    if wide >= tall:
        return _landscape(width, height, size, wide, room, labelled)
    return _portrait(width, height, size, tall, room, labelled)


def _span(size: int, room: Room) -> tuple[int, int, int]:
    """Cells across the grid and its clues: (the larger span, left room, top room)."""
    top, right, bottom, left = (int(side) for side in room)
    return size + max(top + bottom, left + right), left, top


def _pad_height(size: int, landscape: bool) -> float:
    rows, _ = pad_grid(size, landscape)
    row = PAD_ROW if landscape else 1.05
    if landscape and size > 9:
        row = PAD_ROW * 3 / rows * 1.15
    return rows * row + (rows - 1) * GAP


def _landscape_unit(width: int, height: int, size: int) -> float:
    # Board 9u, margins 0.5u around and between; panel PANEL_WIDTH wide.
    return min(height / 10, width / (9 + PANEL_WIDTH + 1.5))


def _portrait_height(size: int) -> float:
    pad = _pad_height(size, False)
    return 0.75 + SECTION + pad + SECTION + 2 * ACTION_ROW + GAP + SECTION + 1.3


def _portrait_unit(width: int, height: int, size: int) -> float:
    return min(width / 10, height / (9 + _portrait_height(size) + 1.5))


def _grid_in(
    x: float, y: float, w: float, rows: int, columns: int, h: float, gap: float
) -> list[Rect]:
    cw = (w - (columns - 1) * gap) / columns
    ch = (h - (rows - 1) * gap) / rows
    rects = []
    for index in range(rows * columns):
        row, column = divmod(index, columns)
        left = round(x + column * (cw + gap))
        top = round(y + row * (ch + gap))
        right = round(x + column * (cw + gap) + cw)
        bottom = round(y + row * (ch + gap) + ch)
        rects.append(Rect(left, top, right - left, bottom - top))
    return rects


def _cell_size(unit: float, size: int) -> int:
    """Whole, even pixels: crisp lines, and tiles at odd x (see ``board_view.board_pad``)."""
    cell = max(4, int(unit * 9 / size))
    return cell - cell % 2


def geometry_in(rect: Rect, size: int) -> BoardGeometry:
    """The largest grid of ``size`` that fits ``rect`` with its outer border, centred.

    For pictures of a board away from the board screen (the technique reference):
    cells whole and even, and the left edge even, as the board screen's are.
    """
    probe = BoardGeometry(0, 0, max(4, min(rect.w, rect.h) // size), size)
    room = min(rect.w, rect.h) - 2 * (probe.thick | 1)
    cell = max(4, room // size)
    cell -= cell % 2
    side = cell * size
    x = _even(rect.x + (rect.w - side) / 2)
    y = round(rect.y + (rect.h - side) / 2)
    return BoardGeometry(x, y, cell, size)


def _even(x: float) -> int:
    """The board's left edge, even, so its border (an odd pad to the left) starts odd."""
    whole = round(x)
    return whole - whole % 2


def _landscape(
    width: int, height: int, size: int, unit: float, room: Room, labelled: frozenset[int]
) -> BoardLayout:
    span, left, top_room = _span(size, room)
    cell = _cell_size(unit, span)
    block = cell * span  # the grid and the clues around it
    side = block
    u = side / 9
    margin = u / 2
    panel_w = round(PANEL_WIDTH * u)
    total = side + margin + panel_w
    x0 = _even((width - total) / 2)
    y = round((height - side) / 2)
    board = BoardGeometry(x0 + left * cell, y + top_room * cell, cell, size, labelled)
    px = round(x0 + side + margin)
    panel = Rect(px, y, panel_w, side)
    # The header takes most of the gap above the pad: room for a title on two lines.
    header = Rect(px, y, panel_w, round((HEADER + SECTION * 0.8) * u))
    top = y + (HEADER + SECTION) * u
    rows, columns = pad_grid(size, True)
    pad_h = _pad_height(size, True) * u
    pad = _grid_in(px, top, panel_w, rows, columns, pad_h, GAP * u)[:size]
    top += pad_h + SECTION * u
    action_h = 3 * ACTION_ROW * u + 2 * GAP * u
    cells = _grid_in(px, top, panel_w, 3, 3, action_h, GAP * u)
    actions = dict(zip(GRID_ACTIONS, cells, strict=True))
    actions["menu"] = _pause_rect(header, u)
    status_top = round(top + action_h + GAP * u)
    status = Rect(px, status_top, panel_w, max(0, y + side - status_top))
    return BoardLayout(
        width, height, True, round(u), board, panel, header, tuple(pad), actions, status
    )


def _pause_rect(header: Rect, u: float) -> Rect:
    """The pause button: a small square at the header's top right, beside the clock."""
    side = round(0.5 * u)
    return Rect(header.right - side, header.y, side, side)


def _portrait(
    width: int, height: int, size: int, unit: float, room: Room, labelled: frozenset[int]
) -> BoardLayout:
    span, left, top_room = _span(size, room)
    cell = _cell_size(unit, span)
    side = cell * span
    u = side / 9
    margin = u / 2
    content = side + margin + _portrait_height(size) * u
    x = _even((width - side) / 2)
    y = round(max(margin, (height - content) / 2))
    board = BoardGeometry(x + left * cell, y + top_room * cell, cell, size, labelled)
    top = y + side + margin
    panel = Rect(x, round(top), side, round(_portrait_height(size) * u))
    header = Rect(x, round(top), side, round((0.75 + SECTION * 0.8) * u))
    top += 0.75 * u + SECTION * u
    rows, columns = pad_grid(size, False)
    pad_h = _pad_height(size, False) * u
    pad = _grid_in(x, top, side, rows, columns, pad_h, GAP * u)[:size]
    top += pad_h + SECTION * u
    action_h = 2 * ACTION_ROW * u + GAP * u
    cells = _grid_in(x, top, side, 2, 5, action_h, GAP * u)
    # Nine buttons in rows of five: the second row of four sits centred.
    shift = (cells[1].x - cells[0].x) // 2
    cells[5:] = [rect.move(shift, 0) for rect in cells[5:9]]
    actions = dict(zip(GRID_ACTIONS, cells, strict=True))
    actions["menu"] = _pause_rect(header, u)
    top += action_h + SECTION * u
    status = Rect(x, round(top), side, round(min(1.3 * u, panel.bottom - top)))
    return BoardLayout(
        width, height, False, round(u), board, panel, header, tuple(pad), actions, status
    )
