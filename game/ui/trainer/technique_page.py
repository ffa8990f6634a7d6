"""One technique's reference page: what it does, what to look for, and a real example.

The page puts a technique's name, level and Sudoku Explainer rating over two
halves: a picture of a real position with the technique's step drawn as a hint
draws it (:class:`~..step_picture.StepPicture`: marks, struck candidates, links,
outlines), and the words: when it applies (:mod:`game.engine.logic.about`), what
to look for, the step's own explanation, the key to the picture
(:func:`~..board_panel.legend_of`) and the techniques the text mentions, each a
button to its page.  A technique with no example position says so where the
picture would be.

The example comes from the function the page is given (the routes give it the
trainer's catalogue, :mod:`game.session.trainer.exemplars`): the page only needs a
position, its step and where it came from (:class:`Example`).  Finding the step
costs up to a tenth of a second for the hardest techniques, so it is done when
the page changes, never while drawing.

Previous and Next (Left and Right, Tab, Page keys) walk the reference in the
list's order; Up and Down scroll the words when they do not fit; Esc goes back.
Landscape windows put the picture left of the words, portrait ones above them;
every size derives from the window's unit, and the words shrink to fit before
they scroll, never below a readable floor.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from ...engine.logic.about import about, plain, reading_order, related
from ...engine.logic.grid import CandidateGrid
from ...engine.logic.registry import Technique
from ...engine.logic.step import Step, with_article
from ..board import LegendItem, StepPicture, draw_legend, legend_of, legend_size
from ..input import Action, Command, Intent, Pointer, PointerKind
from ..kit import Colour, Palette, Style, Text, draw_button, draw_scrollbar, mix
from ..stage import AppContext, Pop, Scene, Transition
from .rules_view import draw_ruled_step, position_kind

MIN_TEXT = 13
"""The words shrink to fit down to this size, then scroll (LOOK.md's floor is 12)."""

NO_EXAMPLE = "No example position yet."


class Example(Protocol):
    """What the page needs of an example: a position, the step found there, its origin,
    and the technique a hint gives there first when that is another one ("" if not)."""

    @property
    def position(self) -> CandidateGrid: ...

    @property
    def step(self) -> Step | None: ...

    @property
    def source(self) -> str: ...

    @property
    def simpler(self) -> str: ...


ExampleOf = Callable[[str], "Example | None"]
"""The example position of a technique, by name (None: there is none yet)."""


@dataclass(frozen=True)
class Section:
    heading: str
    paragraphs: tuple[str, ...]
    dim: bool = False  # a note rather than the page's matter


@dataclass(frozen=True)
class PageText:
    """Every word of one page, as a value (tests read it without drawing)."""

    name: str
    facts: str  # "Hard · rated 3.2 on the Sudoku Explainer scale"
    caveat: str  # uniqueness, last resort; "" for most (heads the words, in the accent)
    sections: tuple[Section, ...]
    related: tuple[str, ...]  # techniques the text mentions, each a button
    legend: tuple[LegendItem, ...]  # the key to the picture (empty without one)


def page_text(technique: Technique, example: Example | None) -> PageText:
    """The words of ``technique``'s page, with ``example`` (None: no example yet)."""
    entry = about(technique.name)
    facts = f"{technique.level.label} · rated {technique.rating:.1f} on the Sudoku Explainer scale"
    caveats = []
    if technique.needs_unique:
        caveats.append("Only for puzzles known to have exactly one solution.")
    if technique.last_resort:
        caveats.append("A last resort: the hint uses it only when no pattern applies.")
    sections = [Section("When it applies", (plain(entry.summary),))]
    if entry.forms:
        sections.append(Section("Its forms", tuple(plain(form) for form in entry.forms)))
    sections.append(Section("What to look for", (plain(entry.look_for),)))
    step = example.step if example is not None else None
    legend: tuple[LegendItem, ...] = ()
    if example is not None and step is not None:
        position = example.position
        kind = position_kind(position).grid.lower()
        heading = "In this example"
        if step.technique != technique.name:
            heading += f" ({step.technique})"
        sections.append(Section(heading, (step.explanation,)))
        origin = f"A {kind} position, from {example.source}."
        if example.simpler:
            first = with_article(example.simpler)
            origin += f" A hint here gives {first} first; {with_article(step.technique)} works too."
        sections.append(Section("", (origin,), dim=True))
        legend = legend_of(step, position.values)
    else:
        sections.append(Section("Example", (NO_EXAMPLE,), dim=True))
    return PageText(
        technique.name, facts, " ".join(caveats), tuple(sections), related(technique.name), legend
    )


# -- geometry --------------------------------------------------------------------------


@dataclass(frozen=True)
class PageLayout:
    """Where the page's parts go, from the window size alone."""

    unit: int
    margin: int
    title_size: int
    header: pygame.Rect
    picture: pygame.Rect
    words: pygame.Rect
    buttons: dict[str, pygame.Rect]  # "previous", "list", "next"


def _unit(width: int, height: int) -> int:
    return max(40, round(min(width / 16, height / 10)))


def page_layout(width: int, height: int) -> PageLayout:
    """The page for a window of ``width`` x ``height``: picture beside or above the words."""
    u = _unit(width, height)
    margin = round(u * 0.4)
    title_size = max(20, round(u * 0.42))
    facts = max(MIN_TEXT, round(u * 0.24))
    header = pygame.Rect(margin, margin, width - 2 * margin, round(title_size * 1.3 + facts * 1.5))
    button_h = max(30, round(u * 0.58))
    footer_y = height - margin - button_h
    gap = round(u * 0.3)
    list_w = max(round(u * 2.6), 120)
    side_w = (width - 2 * margin - list_w - 2 * gap) // 2
    buttons = {
        "previous": pygame.Rect(margin, footer_y, side_w, button_h),
        "list": pygame.Rect(margin + side_w + gap, footer_y, list_w, button_h),
        "next": pygame.Rect(width - margin - side_w, footer_y, side_w, button_h),
    }
    top = header.bottom + round(u * 0.25)
    body = pygame.Rect(margin, top, width - 2 * margin, footer_y - round(u * 0.3) - top)
    if width >= height * 1.1:
        side = max(1, min(body.h, round(body.w * 0.55)))
        picture = pygame.Rect(body.x, body.y + (body.h - side) // 2, side, side)
        left = picture.right + round(u * 0.45)
        words = pygame.Rect(left, body.y, body.right - left, body.h)
    else:
        side = max(1, min(body.w, round(body.h * 0.55)))
        picture = pygame.Rect(body.x + (body.w - side) // 2, body.y, side, side)
        below = picture.bottom + round(u * 0.3)
        words = pygame.Rect(body.x, below, body.w, body.bottom - below)
    return PageLayout(u, margin, title_size, header, picture, words, buttons)


@dataclass(frozen=True)
class Line:
    """A line of words in the page's text column (y from the column's top)."""

    text: str
    y: int
    size: int
    bold: bool = False
    dim: bool = False
    accent: bool = False  # the caveat


@dataclass(frozen=True)
class Words:
    """The text column laid out at one type size: lines, the key, the related buttons."""

    size: int
    lines: tuple[Line, ...]
    legend_y: int  # where the key starts (-1: none)
    legend_unit: int  # the unit that gives the key this page's type size
    chips: tuple[tuple[str, pygame.Rect], ...]  # related techniques' buttons (column coords)
    height: int


def lay_words(page: PageText, width: int, size: int, text: Text) -> Words:
    """The text column of ``page`` at type ``size`` in ``width`` pixels."""
    lines: list[Line] = []
    y = 0
    step = round(size * 1.35)
    head = max(MIN_TEXT, round(size * 0.92))
    # The caveat heads the words rather than sharing the facts' line in the header,
    # where a small window cut it short.
    if page.caveat:
        for wrapped in text.wrap(page.caveat, size, width):
            lines.append(Line(wrapped, y, size, accent=True))
            y += step
        y += round(size * 0.3)
    for section in page.sections:
        if section.heading:
            y += round(size * 0.35) if lines else 0
            lines.append(Line(section.heading, y, head, bold=True, dim=True))
            y += round(head * 1.5)
        for paragraph in section.paragraphs:
            for wrapped in text.wrap(paragraph, size, width):
                lines.append(Line(wrapped, y, size, dim=section.dim))
                y += step
            y += round(size * 0.3)
    legend_unit = round(size / 0.2)
    legend_y = -1
    if page.legend:
        y += round(size * 0.35)
        legend_y = y
        _size, line = legend_size(legend_unit)
        y += (1 + len(page.legend)) * line
    chips: list[tuple[str, pygame.Rect]] = []
    if page.related:
        y += round(size * 0.5)
        lines.append(Line("See also", y, head, bold=True, dim=True))
        y += round(head * 1.5)
        chip_h = round(size * 2.0)
        x = 0
        for name in page.related:
            w = min(width, text.measure(name, size)[0] + round(size * 1.6))
            if x and x + w > width:
                x, y = 0, y + chip_h + round(size * 0.4)
            chips.append((name, pygame.Rect(x, y, w, chip_h)))
            x += w + round(size * 0.5)
        y += chip_h
    return Words(size, tuple(lines), legend_y, legend_unit, tuple(chips), y)


def fit_words(page: PageText, rect: pygame.Rect, unit: int, text: Text) -> Words:
    """The largest type from the unit's down to :data:`MIN_TEXT` at which the words fit
    ``rect``; at the floor they may not, and the column scrolls."""
    largest = max(MIN_TEXT, round(unit * 0.25))
    words = lay_words(page, rect.w, largest, text)
    for size in range(largest - 1, MIN_TEXT - 1, -1):
        if words.height <= rect.h:
            break
        words = lay_words(page, rect.w, size, text)
    return words


# -- the scene --------------------------------------------------------------------------


class TechniquePageScene(Scene):
    """A technique's reference page (see the module docstring)."""

    def __init__(
        self,
        ctx: AppContext,
        name: str,
        example_of: ExampleOf,
        seen: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.order = reading_order()
        self.index = next(i for i, t in enumerate(self.order) if t.name == name)
        self.example_of = example_of
        self.seen = seen
        self.picture = StepPicture(ctx.text)
        self.scroll = 0
        self.hover: str | None = None
        self.example: Example | None = None
        self.page: PageText = page_text(self.technique, None)
        self._words: tuple[object, Words] | None = None
        self._show(self.index)

    @property
    def technique(self) -> Technique:
        return self.order[self.index]

    def _show(self, index: int) -> None:
        """Move to the page of ``order[index]``: its example and words, scrolled to the top."""
        self.index = index
        example = self.example_of(self.technique.name)
        if example is not None and example.step is None:
            example = None  # the engine no longer finds a step there: no picture to draw
        self.example = example
        self.page = page_text(self.technique, example)
        self.scroll = 0
        self._words = None
        self.dirty = True
        if self.seen is not None:
            self.seen(self.technique.name)

    def go(self, delta: int) -> None:
        """Previous (-1) or next (+1) page, staying put at either end."""
        index = self.index + delta
        if 0 <= index < len(self.order):
            self._show(index)

    def open(self, name: str) -> None:
        """Show technique ``name``'s page (a "See also" button)."""
        index = next((i for i, t in enumerate(self.order) if t.name == name), None)
        if index is not None:
            self._show(index)

    # -- geometry ---------------------------------------------------------------------

    def layout(self) -> PageLayout:
        return page_layout(*self.ctx.size)

    def words(self) -> Words:
        """The text column, laid out (cached per page and window size)."""
        layout = self.layout()
        key = (self.page, layout.words.size, layout.unit)
        if self._words is None or self._words[0] != key:
            self._words = (key, fit_words(self.page, layout.words, layout.unit, self.ctx.text))
        return self._words[1]

    def max_scroll(self) -> int:
        return max(0, self.words().height - self.layout().words.h)

    def targets(self) -> dict[str, pygame.Rect]:
        """Everything a click can hit, on screen: the footer buttons and visible chips."""
        layout = self.layout()
        found = {name: rect for name, rect in layout.buttons.items() if self._enabled(name)}
        column = layout.words
        for name, rect in self.words().chips:
            on_screen = rect.move(column.x, column.y - self.scroll)
            if column.contains(on_screen):
                found["see:" + name] = on_screen
        return found

    def _enabled(self, name: str) -> bool:
        if name == "previous":
            return self.index > 0
        if name == "next":
            return self.index + 1 < len(self.order)
        return True

    # -- input ------------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Command):
            return self.command(intent.action)
        if isinstance(intent, Pointer):
            return self.pointer(intent)
        return None

    def command(self, action: Action) -> Transition | None:
        if action is Action.BACK:
            return Pop()
        turns = {
            Action.MOVE_LEFT: -1,
            Action.PREVIOUS: -1,
            Action.PAGE_UP: -1,
            Action.MOVE_RIGHT: 1,
            Action.NEXT: 1,
            Action.PAGE_DOWN: 1,
        }
        if action in turns:
            self.go(turns[action])
            return None
        line = round(self.words().size * 1.35)
        scrolls = {
            Action.MOVE_UP: -line,
            Action.MOVE_DOWN: line,
            Action.FIRST: -self.max_scroll(),
            Action.LAST: self.max_scroll(),
        }
        if action in scrolls:
            self._scroll_by(scrolls[action])
        return None

    def _scroll_by(self, pixels: int) -> None:
        scroll = max(0, min(self.max_scroll(), self.scroll + pixels))
        if scroll != self.scroll:
            self.scroll = scroll
            self.dirty = True

    def pointer(self, pointer: Pointer) -> Transition | None:
        if pointer.kind is PointerKind.WHEEL:
            self._scroll_by(-pointer.wheel * 3 * round(self.words().size * 1.35))
            return None
        target = next(
            (name for name, rect in self.targets().items() if rect.collidepoint(pointer.pos)),
            None,
        )
        if pointer.kind in (PointerKind.MOVE, PointerKind.LEAVE):
            hover = target if pointer.kind is PointerKind.MOVE else None
            if hover != self.hover:
                self.hover = hover
                self.dirty = True
            return None
        if pointer.kind is not PointerKind.PRESS or pointer.button != 1 or target is None:
            return None
        if target == "list":
            return Pop()
        if target.startswith("see:"):
            self.open(target[4:])
        else:
            self.go(-1 if target == "previous" else 1)
        return None

    def resize(self, size: tuple[int, int]) -> None:
        self._words = None
        self.scroll = min(self.scroll, self.max_scroll())
        self.dirty = True

    # -- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout()
        p, text = self.ctx.palette, self.ctx.text
        surface.fill(p.background)
        self._draw_header(surface, layout, p, text)
        example = self.example
        step = example.step if example is not None else None
        if example is not None and step is not None:
            position = example.position
            if position.rules is None:
                self.picture.draw(surface, layout.picture, position, step, p)
            else:
                geometry = self.picture.geometry(layout.picture, position.size)
                draw_ruled_step(surface, self.picture.view, geometry, position, step, p, text)
        else:
            _no_example(surface, layout, p, text)
        self._draw_words(surface, layout, p, text)
        self._draw_footer(surface, layout, p, text)

    def _draw_header(
        self, surface: pygame.Surface, layout: PageLayout, p: Palette, text: Text
    ) -> None:
        header = layout.header
        page = self.page
        size = text.fit_size(page.name, layout.title_size, header.w, True)
        surface.blit(text.render(page.name, size, p.text, True), header.topleft)
        facts_size = max(MIN_TEXT, round(layout.unit * 0.24))
        y = header.y + round(layout.title_size * 1.3)
        facts = text.render(page.facts, facts_size, p.text_dim, True, width=header.w)
        surface.blit(facts, (header.x, y))

    def _draw_words(
        self, surface: pygame.Surface, layout: PageLayout, p: Palette, text: Text
    ) -> None:
        column = layout.words
        words = self.words()
        top = column.y - self.scroll
        surface.set_clip(column)
        for line in words.lines:
            y = top + line.y
            if y > column.bottom or y + line.size * 2 < column.y:
                continue
            colour = p.accent if line.accent else p.text_dim if line.dim else p.text
            surface.blit(text.render(line.text, line.size, colour, line.bold), (column.x, y))
        if words.legend_y >= 0:
            draw_legend(
                surface,
                text,
                p,
                self.page.legend,
                (column.x, top + words.legend_y),
                column.w,
                top + words.height + column.h,
                words.legend_unit,
            )
        for name, rect in words.chips:
            on_screen = rect.move(column.x, top)
            draw_button(
                surface,
                text,
                p,
                on_screen,
                name,
                hovered=self.hover == "see:" + name,
                size=words.size,
            )
        surface.set_clip(None)
        draw_scrollbar(
            surface, p, column.inflate(round(layout.unit * 0.3), 0), self.scroll, words.height
        )

    def _draw_footer(
        self, surface: pygame.Surface, layout: PageLayout, p: Palette, text: Text
    ) -> None:
        order = self.order
        labels = {
            "previous": f"← {order[self.index - 1].name}" if self.index > 0 else "← Previous",
            "list": "All techniques" if self.seen is not None else "Back",
            "next": f"{order[self.index + 1].name} →" if self.index + 1 < len(order) else "Next →",
        }
        for name, rect in layout.buttons.items():
            style = Style.NORMAL if self._enabled(name) else Style.DISABLED
            draw_button(
                surface,
                text,
                p,
                rect,
                labels[name],
                style=style,
                hovered=self.hover == name,
                size=max(MIN_TEXT, round(rect.h * 0.36)),
            )


def _no_example(surface: pygame.Surface, layout: PageLayout, p: Palette, text: Text) -> None:
    """Where the picture would be: an honest note that there is none yet."""
    box = layout.picture
    fill: Colour = mix(p.background, p.surface, 0.6)
    radius = max(6, layout.unit // 6)
    pygame.draw.rect(surface, fill, box, border_radius=radius)
    pygame.draw.rect(surface, p.border, box, 1, border_radius=radius)
    size = max(MIN_TEXT, round(layout.unit * 0.28))
    image = text.render(NO_EXAMPLE, text.fit_size(NO_EXAMPLE, size, box.w - size), p.text_dim)
    surface.blit(image, image.get_rect(center=box.center))
