"""Statistics: how the player does per kind of puzzle, in one calm table.

One row per kind the player has played (variant, size and level, as
:class:`~game.session.keep.stats.Statistics` keeps them), grouped by variant and
size: games played and won, the best and average winning time, and the current
and best winning streak.  The words come from :func:`table_rows`, a pure
function, so tests read the table without drawing it.  With nothing played yet
the card says how the table fills instead of showing empty columns.  More rows
than fit scroll (wheel, arrows, Page keys, Home, End).

The card is a form (:mod:`game.ui.forms.scene`): the table is its one area, the
rules a note, Done the footer; what is this scene's own is the table and its
scrolling.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...engine.logic.registry import Level
from ...session.keep import KindStats, Statistics
from ...session.play import PuzzleKind
from ..forms import Area, Button, Buttons, FormScene, FormSpec, Note
from ..input import Action
from ..kit import clock_text
from ..stage import AppContext, Pop, Transition

COLUMNS = (
    ("Puzzle", 2.7),
    ("Level", 1.8),
    ("Played", 1.35),
    ("Won", 1.1),
    ("Best", 1.45),
    ("Average", 1.75),
    ("Streak", 1.5),
    ("Best streak", 2.3),
)
"""Header and width in units; the first two are words (left), the rest numbers (right)."""

WORDS = 2
ROW = 0.6  # row height, in units
TABLE_WIDTH = sum(width for _, width in COLUMNS)
TEXT_UNITS = 0.3  # the table's text size in units (the forms' TEXT)
CELL_PAD = 0.35  # units between the longest kind and the Level column

EMPTY = (
    "No games yet. Every game you finish, or leave for another, shows up here "
    "by kind of puzzle and level."
)
EMPTY_WIDTH = 8.0  # units: the empty card is a short note, not an empty table
RULES = (
    "Only a win by your own hand counts as won; Solve, a loss or a game left unfinished "
    "for another counts as played and ends the streak."
)
FOOTER = Buttons("footer", "", (Button("done", "Done", primary=True),))


@dataclass(frozen=True)
class TableRow:
    """One kind's line: the words of every column, and whether it starts a group."""

    cells: tuple[str, ...]
    first_of_group: bool
    group: str  # the kind, shown on the group's first row (and on the top row when scrolled)


def kind_label(key: PuzzleKind) -> str:
    return key.grid


def level_label(level: Level | None) -> str:
    """The level's name; None is a puzzle from a file, made at no level."""
    return level.label if level is not None else "From files"


def table_rows(stats: Statistics) -> list[TableRow]:
    """The table's lines by variant, size and level; puzzles from files after the levels."""
    rows = []
    group: tuple[str, int] | None = None
    ordered = sorted(stats, key=lambda item: (item[0].variant, item[0].size, item[0].level or 99))
    for key, kind in ordered:
        first = (key.variant, key.size) != group
        group = (key.variant, key.size)
        rows.append(TableRow(_cells(key, kind, first), first, kind_label(key)))
    return rows


def column_widths(
    rows: list[TableRow], measure: Callable[[str, int, bool], tuple[int, int]]
) -> tuple[float, ...]:
    """Each column's width in units: the kinds' column as wide as its longest name
    ("Jigsaw X Killer 9×9"), the others as :data:`COLUMNS` says."""
    size = 100  # measured large, then scaled: text widths grow linearly with size
    longest = max((measure(row.group, size, True)[0] for row in rows), default=0)
    kinds = longest / size * TEXT_UNITS + CELL_PAD
    first = max(COLUMNS[0][1], kinds)
    return (first, *(width for _, width in COLUMNS[1:]))


def _cells(key: PuzzleKind, kind: KindStats, first: bool) -> tuple[str, ...]:
    def time(seconds: float | None) -> str:
        return clock_text(seconds) if seconds is not None else "–"

    return (
        kind_label(key) if first else "",
        level_label(key.level),
        str(kind.played),
        str(kind.won),
        time(kind.best_time),
        time(kind.average_time),
        str(kind.streak),
        str(kind.best_streak),
    )


class StatisticsScene(FormScene):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.rows = table_rows(ctx.keeper.stats)
        self.widths = column_widths(self.rows, ctx.text.measure)
        self.commands.update(
            {
                Action.MOVE_UP: lambda: self.scroll(-1),
                Action.MOVE_DOWN: lambda: self.scroll(1),
                Action.PREVIOUS: lambda: self.scroll(-1),
                Action.NEXT: lambda: self.scroll(1),
                Action.PAGE_UP: lambda: self.scroll(-self.fits()),
                Action.PAGE_DOWN: lambda: self.scroll(self.fits()),
                Action.FIRST: lambda: self.scroll(-len(self.rows)),
                Action.LAST: lambda: self.scroll(len(self.rows)),
                Action.CONFIRM: self.back,
            }
        )

    def spec(self) -> FormSpec:
        if not self.rows:
            return FormSpec("Statistics", (Note("empty", 4, EMPTY_WIDTH, EMPTY),), FOOTER)
        table = Area("table", sum(self.widths), ROW, ROW, len(self.rows))
        return FormSpec(
            "Statistics", (table, Note("rules", 3, words=RULES)), FOOTER, footnote=Note("shown", 1)
        )

    def fits(self) -> int:
        """How many rows the table shows at once."""
        scroll = self.layout().scroll
        return scroll.shown if scroll is not None else len(self.rows)

    def note(self, key: str) -> tuple[str, bool]:
        fits = self.fits()
        if key == "shown" and fits < len(self.rows):
            first = self.form.first
            last = first + fits
            return f"Rows {first + 1}–{last} of {len(self.rows)}; scroll for more.", False
        return "", False

    def change(self, key: str, value: object) -> Transition | None:
        return Pop()

    def wheel(self, notches: int) -> None:
        self.scroll(-3 * notches)

    # -- the table ------------------------------------------------------------------------

    def draw_area(self, surface: pygame.Surface, key: str, rect: pygame.Rect) -> None:
        layout = self.layout()
        p, text = self.ctx.palette, self.ctx.text
        u = layout.unit
        # The columns share the area's width in their proportions; the header is one row.
        edges = [rect.x]
        total = sum(self.widths)
        for width in self.widths:
            edges.append(edges[-1] + round(width / total * rect.w))
        shown = self.rows[self.form.first : self.form.first + self.fits()]
        row_h = rect.h // (1 + len(shown))
        y = rect.y
        for index, (name, _) in enumerate(COLUMNS):
            image = text.render(name, layout.small, p.text_dim, True)
            _cell(surface, image, edges, index, y + row_h // 2)
        y += row_h
        right = edges[-1]
        pygame.draw.line(surface, p.border, (rect.x, y), (right, y), max(1, u // 40))
        for number, row in enumerate(shown):
            if row.first_of_group and number:
                line_y = y + max(1, u // 40)
                pygame.draw.line(surface, p.line_thin, (rect.x, line_y), (right, line_y), 1)
            cells = row.cells if number else (row.group, *row.cells[1:])
            for index, cell in enumerate(cells):
                if cell:
                    image = text.render(cell, layout.text, p.text, index == 0)
                    _cell(surface, image, edges, index, y + row_h // 2)
            y += row_h


def _cell(
    surface: pygame.Surface, image: pygame.Surface, edges: list[int], index: int, mid: int
) -> None:
    """Words sit left in their column, numbers right, so digits line up."""
    if index < WORDS:
        surface.blit(image, image.get_rect(midleft=(edges[index], mid)))
    else:
        pad = max(4, (edges[index + 1] - edges[index]) // 20)
        surface.blit(image, image.get_rect(midright=(edges[index + 1] - pad, mid)))
