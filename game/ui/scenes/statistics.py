"""Statistics: how the player does per kind of puzzle, in one calm table.

One row per kind the player has played (variant, size and level, as
:class:`~game.session.stats.Statistics` keeps them), grouped by variant and
size: games played and won, the best and average winning time, and the current
and best winning streak.  The words come from :func:`table_rows`, a pure
function, so tests read the table without drawing it.  With nothing played yet
the card says how the table fills instead of showing empty columns.  More rows
than fit scroll (wheel, arrows, Page keys).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.logic.registry import Level
from ...session.kinds import PuzzleKind
from ...session.stats import KindStats, Statistics
from ..actions import Action, Command
from ..context import AppContext
from ..gate import Intent, Pointer, PointerKind
from ..panel_view import clock_text
from ..scene_stack import Pop, Scene, Transition
from ..widgets import Style, draw_button, draw_page

COLUMNS = (
    ("Puzzle", 2.7),
    ("Level", 1.8),
    ("Played", 1.25),
    ("Won", 1.1),
    ("Best", 1.45),
    ("Average", 1.6),
    ("Streak", 1.35),
    ("Best streak", 2.05),
)
"""Header and width in units; the first two are words (left), the rest numbers (right)."""

WORDS = 2
ROW = 0.6  # row height, in units
TABLE_WIDTH = sum(width for _, width in COLUMNS)

EMPTY = (
    "No games yet. Every game you finish, or leave for another, shows up here "
    "by kind of puzzle and level."
)
EMPTY_WIDTH = 8.0  # units: the empty card is a short note, not an empty table
RULES = (
    "Only a win by your own hand counts as won; Solve, a loss or a game left unfinished "
    "for another counts as played and ends the streak."
)


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


class StatisticsScene(Scene):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.rows = table_rows(ctx.keeper.stats)
        self.top_row = 0  # the first row shown, when they do not all fit
        self.hover_done = False

    # -- geometry ---------------------------------------------------------------------

    def unit(self) -> int:
        width, height = self.ctx.size
        return max(10, int(min(width / (TABLE_WIDTH + 1.8), height / 12.5, 64)))

    def geometry(self) -> tuple[pygame.Rect, int, int, pygame.Rect]:
        """The card, its unit, how many rows fit, and the Done button."""
        width, height = self.ctx.size
        u = self.unit()
        if not self.rows:
            card = pygame.Rect(0, 0, round(u * EMPTY_WIDTH), round(u * 4.3))
            card.center = (width // 2, height // 2)
            done = pygame.Rect(0, 0, round(u * 3), round(u * 0.8))
            done.midbottom = (card.centerx, card.bottom - round(u * 0.4))
            return card, u, 0, done
        chrome = 1.5 + ROW + 1.2 + 1.45  # title, header, the rules note, Done
        available = max(ROW, height / u - 1.0 - chrome)
        body = min(len(self.rows) * ROW, available)
        fits = max(1, int(body / ROW + 1e-6))
        card_h = round(u * (chrome + fits * ROW))
        card = pygame.Rect(0, 0, round(u * (TABLE_WIDTH + 1.0)), card_h)
        card.center = (width // 2, height // 2)
        done = pygame.Rect(0, 0, round(u * 3), round(u * 0.8))
        done.midbottom = (card.centerx, card.bottom - round(u * 0.4))
        return card, u, fits, done

    # -- input ------------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Command):
            action = intent.action
            if action in (Action.BACK, Action.CONFIRM):
                return Pop()
            steps = {
                Action.MOVE_UP: -1,
                Action.MOVE_DOWN: 1,
                Action.PREVIOUS: -1,
                Action.NEXT: 1,
            }
            if action in steps:
                self.scroll(steps[action])
            return None
        if isinstance(intent, Pointer):
            _, _, _, done = self.geometry()
            over = done.collidepoint(intent.pos)
            if intent.kind is PointerKind.WHEEL:
                self.scroll(-3 * intent.wheel)
            elif intent.kind is PointerKind.PRESS and intent.button == 1 and over:
                return Pop()
            elif over != self.hover_done:
                self.hover_done = over
                self.dirty = True
        return None

    def scroll(self, rows: int) -> None:
        _, _, fits, _ = self.geometry()
        top = max(0, min(self.top_row + rows, len(self.rows) - fits))
        if top != self.top_row:
            self.top_row = top
            self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        self.scroll(0)
        self.dirty = True

    # -- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        p, text = self.ctx.palette, self.ctx.text
        card, u, fits, done = self.geometry()
        draw_page(surface, text, p, card, u, "Statistics")
        left = card.x + u // 2
        y = card.y + round(u * 1.5)
        small = max(11, round(u * 0.27))
        if not self.rows:
            size = max(11, round(u * 0.3))
            for line in text.wrap(EMPTY, size, card.w - u)[:4]:
                image = text.render(line, size, p.text_dim)
                surface.blit(image, (left, y))
                y += round(size * 1.45)
            self._draw_done(surface, done)
            return
        self._draw_table(surface, left, y, u, fits)
        rules_y = done.top - round(u * 1.1)
        for line in text.wrap(RULES, small, card.w - u)[:2]:
            image = text.render(line, small, p.text_dim)
            surface.blit(image, (left, rules_y))
            rules_y += round(small * 1.35)
        self._draw_done(surface, done)

    def _draw_done(self, surface: pygame.Surface, done: pygame.Rect) -> None:
        p, text = self.ctx.palette, self.ctx.text
        draw_button(
            surface,
            text,
            p,
            done,
            "Done",
            style=Style.PRIMARY,
            hovered=self.hover_done,
            backdrop=p.surface,
        )

    def _draw_table(self, surface: pygame.Surface, left: int, y: int, u: int, fits: int) -> None:
        p, text = self.ctx.palette, self.ctx.text
        size = max(11, round(u * 0.3))
        head = max(10, round(u * 0.25))
        edges = [left]
        for _, width in COLUMNS:
            edges.append(edges[-1] + round(width * u))
        row_h = round(ROW * u)
        top = y
        for index, (name, _) in enumerate(COLUMNS):
            image = text.render(name, head, p.text_dim, True)
            self._cell(surface, image, edges, index, y + row_h // 2)
        y += row_h
        right = edges[-1]
        pygame.draw.line(surface, p.border, (left, y), (right, y), max(1, u // 40))
        shown = self.rows[self.top_row : self.top_row + fits]
        for number, row in enumerate(shown):
            if row.first_of_group and number:
                line_y = y + max(1, u // 40)
                pygame.draw.line(surface, p.line_thin, (left, line_y), (right, line_y), 1)
            cells = row.cells if number else (row.group, *row.cells[1:])
            for index, cell in enumerate(cells):
                if not cell:
                    continue
                image = text.render(cell, size, p.text, index == 0)
                self._cell(surface, image, edges, index, y + row_h // 2)
            y += row_h
        if len(self.rows) > fits:  # where the window is, beside the title
            more = f"{self.top_row + 1}–{self.top_row + len(shown)} of {len(self.rows)} ↕"
            image = text.render(more, max(10, round(u * 0.26)), p.text_dim)
            surface.blit(image, image.get_rect(midright=(right, top - round(u * 0.72))))

    @staticmethod
    def _cell(
        surface: pygame.Surface, image: pygame.Surface, edges: list[int], index: int, mid: int
    ) -> None:
        """Words sit left in their column, numbers right, so digits line up."""
        if index < WORDS:
            surface.blit(image, image.get_rect(midleft=(edges[index], mid)))
        else:
            pad = 4
            surface.blit(image, image.get_rect(midright=(edges[index + 1] - pad, mid)))
