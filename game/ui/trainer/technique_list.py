"""The technique reference's contents: every technique by level, each opening its page.

Reached from the help overlay.  The list reads as a book's contents: the levels
Easy to Extreme as headings, under each its techniques simplest first (the order
of :func:`~game.engine.logic.about.by_level`), each with its Sudoku Explainer
rating, flowing down as many columns as the window takes.  Type shrinks to fit
the whole list on screen, down to a readable floor; below that (800x600) the
columns scroll together.  Arrows move the focus (Left and Right jump between
columns), Enter or a click opens the page, Esc goes back.

Where things are is a value, :func:`list_plan`, computed from the window size
alone, so tests hit-test rows without drawing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...engine.logic.about import by_level
from ...engine.logic.registry import Level, Technique
from ..input import Action, Command, Intent, Pointer, PointerKind
from ..kit import Text, draw_button, draw_scrollbar, mix
from ..stage import AppContext, Go, Pop, Scene, TechniquePage, Transition

MIN_TEXT = 13
"""The smallest type the list uses before it scrolls instead (LOOK.md's floor is 12)."""

INTRO = "Simplest first. Most pages show the technique at work on a real position."


@dataclass(frozen=True)
class Row:
    """A line of the list: a level's heading, or a technique under it."""

    level: Level
    technique: Technique | None = None  # None: the heading


def rows() -> tuple[Row, ...]:
    """The list's lines in reading order: each level's heading, then its techniques."""
    found: list[Row] = []
    for level, techniques in by_level():
        found.append(Row(level))
        found += [Row(level, technique) for technique in techniques]
    return tuple(found)


@dataclass(frozen=True)
class ListPlan:
    """Where the list goes: header, the visible area, every row, the Back button."""

    unit: int
    title_size: int
    size: int  # the rows' type
    header: pygame.Rect
    view: pygame.Rect  # where rows show; rows outside it are scrolled away
    places: tuple[pygame.Rect, ...]  # per row, in content coordinates (view's top is 0)
    content_h: int
    back: pygame.Rect

    def scrolls(self) -> bool:
        return self.content_h > self.view.h

    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view.h)


def _unit(width: int, height: int) -> int:
    return max(40, round(min(width / 16, height / 10)))


def list_plan(width: int, height: int, lines: tuple[Row, ...], text: Text) -> ListPlan:
    """The list laid out for a window of ``width`` x ``height``.

    From the largest type down, the first size at which the rows flow into
    columns that fit both ways; at the floor, as many columns as fit across, and
    the list scrolls.
    """
    u = _unit(width, height)
    margin = round(u * 0.4)
    title_size = max(20, round(u * 0.42))
    header = pygame.Rect(margin, margin, width - 2 * margin, round(title_size * 1.35 + u * 0.5))
    back_h = max(30, round(u * 0.55))
    back = pygame.Rect(0, 0, max(round(u * 2.2), 90), back_h)
    back.bottomright = (width - margin, height - margin)
    view = pygame.Rect(margin, header.bottom + round(u * 0.15), width - 2 * margin, 0)
    view.h = max(1, back.y - round(u * 0.25) - view.y)
    names = [row.technique.name for row in lines if row.technique is not None]
    longest = max(names, key=len)
    gap = round(u * 0.45)
    chosen: tuple[int, int, list[tuple[int, int]]] | None = None
    for size in range(max(MIN_TEXT, round(u * 0.3)), MIN_TEXT - 1, -1):
        row_h = round(size * 1.75)
        need = max(text.measure(name, size)[0] for name in _widest(names, longest)) + round(
            size * 3.2
        )  # room for the rating on the right
        columns = max(1, min(6, (view.w + gap) // (need + gap)))
        places = _flow(lines, columns)
        depth = 1 + max(r for _c, r in places)
        if depth * row_h <= view.h or size == MIN_TEXT:
            chosen = (size, columns, places)
            break
    assert chosen is not None
    size, columns, places = chosen
    row_h = round(size * 1.75)
    content_h = (1 + max(r for _c, r in places)) * row_h
    # A scrolling list keeps its right edge clear of the scroll bar.
    room = view.w - (round(u * 0.3) if content_h > view.h else 0)
    column_w = (room - (columns - 1) * gap) // columns
    rects = tuple(
        pygame.Rect(view.x + c * (column_w + gap), r * row_h, column_w, row_h) for c, r in places
    )
    return ListPlan(u, title_size, size, header, view, rects, content_h, back)


def _widest(names: list[str], longest: str) -> list[str]:
    """The few names that could be the widest (measuring all 90 each resize is waste)."""
    by_length = sorted(names, key=len, reverse=True)
    return [longest, *by_length[:6]]


def _flow(lines: tuple[Row, ...], columns: int) -> list[tuple[int, int]]:
    """(column, row) of every line, in as few rows as the columns allow.

    A heading never ends a column (it moves to the next with its first technique),
    so the shortest column depth that fits is found by trying from the even share
    upwards.
    """
    depth = max(2, math.ceil(len(lines) / columns))
    while True:
        places: list[tuple[int, int]] = []
        column, row = 0, 0
        for index, line in enumerate(lines):
            last = index + 1 == len(lines)
            if row >= depth or (line.technique is None and row == depth - 1 and not last):
                column, row = column + 1, 0
            places.append((column, row))
            row += 1
        if column < columns:
            return places
        depth += 1


class TechniqueListScene(Scene):
    """The contents of the technique reference (see the module docstring)."""

    def __init__(self, ctx: AppContext, focus: str | None = None) -> None:
        super().__init__()
        self.ctx = ctx
        self.lines = rows()
        self.entries = [i for i, row in enumerate(self.lines) if row.technique is not None]
        self.focus = next((i for i in self.entries if self._name(i) == focus), self.entries[0])
        self.hover: int | None = None
        self.hover_back = False
        self.keyboard = focus is not None  # the focus ring shows once the keyboard is used
        self.scroll = 0
        self._plan: tuple[tuple[int, int], ListPlan] | None = None

    def _name(self, index: int) -> str:
        technique = self.lines[index].technique
        return technique.name if technique is not None else ""

    @property
    def focused(self) -> str:
        """The name of the technique with the keyboard focus."""
        return self._name(self.focus)

    # -- geometry ---------------------------------------------------------------------

    def plan(self) -> ListPlan:
        size = self.ctx.size
        if self._plan is None or self._plan[0] != size:
            self._plan = (size, list_plan(*size, self.lines, self.ctx.text))
            self.scroll = min(self.scroll, self._plan[1].max_scroll())
        return self._plan[1]

    def screen_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is on the screen now (it may be scrolled out of view)."""
        plan = self.plan()
        return plan.places[index].move(0, plan.view.y - self.scroll)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The technique row under ``pos`` (None: a heading, a gap or outside the list)."""
        plan = self.plan()
        if not plan.view.collidepoint(pos):
            return None
        return next((i for i in self.entries if self.screen_rect(i).collidepoint(pos)), None)

    def reveal(self, index: int) -> None:
        """Scroll so that row ``index`` is in view."""
        plan = self.plan()
        place = plan.places[index]
        top = place.y
        if index > 0 and self.lines[index - 1].technique is None:
            top = plan.places[index - 1].y if plan.places[index - 1].x == place.x else top
        if top < self.scroll:
            self.scroll = top
        elif place.bottom > self.scroll + plan.view.h:
            self.scroll = place.bottom - plan.view.h
        self.scroll = max(0, min(self.scroll, plan.max_scroll()))

    # -- input ------------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Command):
            return self.command(intent.action)
        if isinstance(intent, Pointer):
            return self.pointer(intent)
        return None

    def command(self, action: Action) -> Transition | None:
        moves = {
            Action.MOVE_UP: -1,
            Action.MOVE_DOWN: 1,
            Action.PREVIOUS: -1,
            Action.NEXT: 1,
        }
        if action is Action.BACK:
            return Pop()
        if action is Action.CONFIRM:
            return self.open(self.focus)
        position = self.entries.index(self.focus)
        if action in moves:
            position += moves[action]
        elif action in (Action.MOVE_LEFT, Action.MOVE_RIGHT):
            self._sideways(-1 if action is Action.MOVE_LEFT else 1)
            return None
        elif action in (Action.PAGE_UP, Action.PAGE_DOWN):
            plan = self.plan()
            rows_shown = max(1, plan.view.h // max(1, plan.places[0].h) - 1)
            position += rows_shown if action is Action.PAGE_DOWN else -rows_shown
        elif action is Action.FIRST:
            position = 0
        elif action is Action.LAST:
            position = len(self.entries) - 1
        else:
            return None
        self._focus_on(self.entries[max(0, min(len(self.entries) - 1, position))])
        return None

    def _sideways(self, delta: int) -> None:
        """Focus the row beside the focused one in the next column (nearest in height)."""
        plan = self.plan()
        here = plan.places[self.focus]
        columns = sorted({plan.places[i].x for i in self.entries})
        at = columns.index(here.x) + delta
        if not 0 <= at < len(columns):
            return
        beside = [i for i in self.entries if plan.places[i].x == columns[at]]
        self._focus_on(min(beside, key=lambda i: abs(plan.places[i].y - here.y)))

    def _focus_on(self, index: int) -> None:
        self.focus = index
        self.keyboard = True
        self.reveal(index)
        self.dirty = True

    def pointer(self, pointer: Pointer) -> Transition | None:
        plan = self.plan()
        if pointer.kind in (PointerKind.MOVE, PointerKind.LEAVE):
            hover = self.row_at(pointer.pos) if pointer.kind is PointerKind.MOVE else None
            back = pointer.kind is PointerKind.MOVE and plan.back.collidepoint(pointer.pos)
            if (hover, back) != (self.hover, self.hover_back):
                self.hover, self.hover_back = hover, back
                self.dirty = True
            return None
        if pointer.kind is PointerKind.WHEEL:
            step = 3 * plan.places[0].h
            self.scroll = max(0, min(plan.max_scroll(), self.scroll - pointer.wheel * step))
            self.dirty = True
            return None
        if pointer.kind is not PointerKind.PRESS or pointer.button != 1:
            return None
        if plan.back.collidepoint(pointer.pos):
            return Pop()
        index = self.row_at(pointer.pos)
        if index is None:
            return None
        self.focus = index
        self.keyboard = False
        return self.open(index)

    def open(self, index: int) -> Transition | None:
        """Go to row ``index``'s page; the list follows the pages the player reads."""
        return Go(TechniquePage(self._name(index), seen=self.seen))

    def seen(self, name: str) -> None:
        """The page below moved to ``name`` (Previous/Next there): focus it here."""
        index = next((i for i in self.entries if self._name(i) == name), None)
        if index is not None:
            self.focus = index
            self.reveal(index)
            self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        self._plan = None
        self.dirty = True

    # -- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        plan = self.plan()
        p, text = self.ctx.palette, self.ctx.text
        surface.fill(p.background)
        title = text.render("Techniques", plan.title_size, p.text, True)
        surface.blit(title, plan.header.topleft)
        intro_size = max(MIN_TEXT, round(plan.title_size * 0.5))
        intro = text.render(INTRO, text.fit_size(INTRO, intro_size, plan.header.w), p.text_dim)
        surface.blit(intro, (plan.header.x, plan.header.y + round(plan.title_size * 1.3)))
        surface.set_clip(plan.view)
        for index, line in enumerate(self.lines):
            rect = self.screen_rect(index)
            if rect.bottom < plan.view.y or rect.y > plan.view.bottom:
                continue
            self._draw_row(surface, plan, index, line, rect)
        surface.set_clip(None)
        if plan.scrolls():
            draw_scrollbar(surface, p, plan.view, self.scroll, plan.content_h)
        hint = "Enter or a click opens a page · Esc goes back"
        hint_size = max(12, round(plan.size * 0.85))
        # Dim, not the disabled grey: at 12 px that grey read too faintly on light themes.
        image = text.render(hint, hint_size, p.text_dim)
        surface.blit(image, image.get_rect(midleft=(plan.view.x, plan.back.centery)))
        draw_button(surface, text, p, plan.back, "Back", hovered=self.hover_back)

    def _draw_row(
        self, surface: pygame.Surface, plan: ListPlan, index: int, line: Row, rect: pygame.Rect
    ) -> None:
        p, text = self.ctx.palette, self.ctx.text
        size = plan.size
        pad = max(4, size // 2)
        technique = line.technique
        if technique is None:
            image = text.render(line.level.label, size, p.accent, True)
            surface.blit(image, image.get_rect(midleft=(rect.x + pad, rect.centery)))
            y = rect.bottom - max(2, size // 6)
            pygame.draw.line(surface, p.border, (rect.x + pad, y), (rect.right - pad, y))
            return
        focused = index == self.focus and self.keyboard
        box = rect.inflate(0, -max(2, size // 5))
        radius = max(3, size // 4)
        if index == self.hover or focused:
            pygame.draw.rect(surface, mix(p.background, p.accent, 0.12), box, border_radius=radius)
        if focused:
            pygame.draw.rect(surface, p.accent, box, max(2, size // 8), border_radius=radius)
        rating = text.render(f"{technique.rating:.1f}", round(size * 0.85), p.text_dim)
        surface.blit(rating, rating.get_rect(midright=(rect.right - pad, rect.centery)))
        room = rect.w - 3 * pad - rating.get_width()
        image = text.render(technique.name, size, p.text, width=room)
        surface.blit(image, image.get_rect(midleft=(rect.x + pad, rect.centery)))
