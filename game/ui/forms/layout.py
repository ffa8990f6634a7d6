"""Where everything on a form goes, from the window size and the words on it.

Every size is a named proportion of one unit ``u``, as on the board screen.  The
unit starts from the window (:func:`form_unit`: every dialog at one window size
has the same type), and shrinks only when the form would not fit; so dialogs grow
with the window and read the same at 800x600 and 4K, only larger.  Widths come
from the words themselves, measured at the size they are drawn, so a label is
never cut and an option never squeezed; and no text is drawn under
:data:`MIN_TEXT` pixels.  A form with a scrolling block (the Keys page's lines, a
table) scrolls rather than shrink its type below that.

Pure geometry: :func:`lay_out` returns a :class:`FormLayout` value, and
hit-testing (:meth:`FormLayout.target_at`) lives on it, so tests check layouts
without drawing anything.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

from pygame import Rect

from ..kit import Text
from .model import Area, Buttons, Choice, Control, Fit, FormSpec, Labels, Lines, Note, Target

MIN_TEXT = 12
"""Pixels: nothing a player reads is drawn smaller (LOOK.md)."""

# Proportions, in units; tuned by eye on real screenshots at 800x600 ... 4K.
TEXT = 0.3  # labels, options, buttons
SMALL = 0.26  # notes
TITLE = 0.55
CONTROL = 0.62  # a choice's options, a line's buttons, a key chip
LINE = 0.8  # from one labelled line to the next (beside labels)
CAPTION = 0.56  # a caption above its control (labels above)
AFTER = 0.3  # below a captioned control, before the next caption
SWITCH = (1.0, 0.52)
OPTION_PAD = 0.7  # room around an option's words, both sides together
CHIP_PAD = 0.42
CHIP_MIN = 0.62
OPTION_GAP = 0.1
LABEL_GAP = 0.5  # between a label and its control
COLUMN_GAP = 0.9
PAD = 0.55  # the card's inner margin, left and right
TITLE_TOP = 0.42
TITLE_ROOM = 1.35  # from the card's top to the first block
BLOCK_GAP = 0.3
FOOTER_GAP = 0.45  # above the footer
FOOTER = 0.78
FOOTER_MIN = 2.6  # the least width of a footer button
BOTTOM = 0.5
MARGIN = 0.6  # around the card, inside the window
COLUMNS_WORTH = 1.15  # how much larger a second column must make the type to be used
NOTE_SPACING = 1.35  # line height of notes, in text sizes
HINT_LINE = 1.3  # a line's explanation under it, in small text sizes
FLOOR_UNIT = MIN_TEXT / TEXT
"""The least unit at which the main text is drawn at its proportion; below it a
scrolling form scrolls instead of shrinking."""
SCROLL_BELOW = 0.6
"""A form that can scroll shows everything at once only at this share of the
window's unit or more: a page of keys may read a little smaller than the other
dialogs to be seen whole, a long table scrolls instead."""


def form_unit(width: int, height: int) -> float:
    """The unit every form starts from in a ``width`` x ``height`` window."""
    return min(height / 13, width / 17)


def text_sizes(unit: float) -> tuple[int, int, int]:
    """(text, small, title) sizes in pixels at ``unit``: proportional, never under the floor."""
    text = max(MIN_TEXT, round(TEXT * unit))
    small = max(MIN_TEXT, round(SMALL * unit))
    return text, small, max(text, round(TITLE * unit))


@dataclass(frozen=True)
class LinePlace:
    """One control on the card: its line (for the focus band), label and parts."""

    stop: int
    band: Rect
    label: Rect  # the label is drawn at its left, centred vertically
    parts: tuple[Rect, ...]
    remark: Rect | None = None
    caption: bool = False  # the label is a caption above the control
    hint: Rect | None = None  # the line's explanation, under its label and control


@dataclass(frozen=True)
class Scroll:
    """A scrolled block: which lines (or rows) show, and the track of its bar."""

    first: int
    shown: int
    total: int
    track: Rect
    start: int | None = None  # the stop of the first scrolled line; None for a table


@dataclass(frozen=True)
class FormLayout:
    """A form placed in a window: the card, its type sizes, and every rectangle."""

    window: tuple[int, int]
    card: Rect
    unit: int
    text: int
    small: int
    title_size: int
    title: Rect
    lines: tuple[LinePlace, ...]  # the lines on screen, then the footer
    notes: dict[str, Rect] = field(default_factory=dict)
    areas: dict[str, Rect] = field(default_factory=dict)
    scroll: Scroll | None = None

    def targets(self) -> dict[Target, Rect]:
        """Every part on screen: (stop, part) -> rect, in reading order."""
        return {
            (line.stop, index): rect for line in self.lines for index, rect in enumerate(line.parts)
        }

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """The part under ``pos``, or None."""
        for target, rect in self.targets().items():
            if rect.collidepoint(pos):
                return target
        return None


# -- measuring --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Sizes:
    """Pixel sizes at one unit."""

    unit: float
    text: int
    small: int
    title: int
    control: int
    line: int
    footer: int

    @classmethod
    def at(cls, unit: float) -> _Sizes:
        text, small, title = text_sizes(unit)
        control = max(round(CONTROL * unit), round(text * 1.9))
        line = max(round(LINE * unit), control + max(4, round(0.16 * unit)))
        footer = max(round(FOOTER * unit), round(text * 2.2))
        return cls(unit, text, small, title, control, line, footer)

    def px(self, units: float) -> int:
        return round(units * self.unit)


def _option_width(text: Text, words: str, s: _Sizes, bold: bool = True) -> int:
    return text.measure(words, s.text, bold)[0] + s.px(OPTION_PAD)


def _chip_width(text: Text, words: str, s: _Sizes, bold: bool) -> int:
    return max(s.px(CHIP_MIN), text.measure(words, s.text, bold)[0] + s.px(CHIP_PAD))


def _part_widths(control: Control, text: Text, s: _Sizes) -> list[int]:
    """The least width of each part of ``control`` at these sizes."""
    if isinstance(control, Choice):
        widest = max(_option_width(text, words, s) for _, words in control.options)
        return [widest] * len(control.options)
    if isinstance(control, Buttons):
        if control.fit is Fit.CONTENT:
            return [_chip_width(text, b.label, s, b.bold) for b in control.buttons]
        widest = max(_option_width(text, b.label, s, b.bold) for b in control.buttons)
        return [widest] * len(control.buttons)
    return [s.px(SWITCH[0])]


def _control_width(control: Control, text: Text, s: _Sizes) -> int:
    widths = _part_widths(control, text, s)
    gap = s.px(OPTION_GAP) if isinstance(control, Choice) else s.px(OPTION_GAP * 1.2)
    width = sum(widths) + gap * (len(widths) - 1)
    if isinstance(control, Buttons) and control.remark:
        width += text.measure(control.remark, s.small)[0] + s.px(LABEL_GAP / 2)
    return width


@dataclass(frozen=True)
class _Columns:
    """How a :class:`Lines` block is arranged at one unit."""

    count: int
    label: int  # the widest label and its gap (beside), or 0
    control: int  # the control column
    width: int  # one column, label and control together

    @property
    def total(self) -> int:
        return self.count * self.width


def _columns(block: Lines, text: Text, s: _Sizes, count: int) -> _Columns:
    labels = max((text.measure(c.label, s.text)[0] for c in block.controls), default=0)
    controls = max((_control_width(c, text, s) for c in block.controls), default=0)
    least = s.px(block.width)
    if block.labels is Labels.ABOVE:
        width = max(labels, controls, least)
        return _Columns(count, 0, width, width)
    label = labels + s.px(LABEL_GAP) if labels else 0
    # A line's explanation is never cut: the column is as wide as the longest.
    hints = max((text.measure(c.hint, s.small)[0] for c in block.controls if c.hint), default=0)
    return _Columns(count, label, controls, max(label + controls, least, hints))


def _columns_of(block: Lines, columns: int) -> int:
    """How many columns ``block`` takes when the form is tried in ``columns``."""
    return columns if columns in block.columns else 1


def _hinted(block: Lines) -> bool:
    """Whether the lines of ``block`` carry a line of explanation each (labels beside)."""
    return block.labels is Labels.BESIDE and any(c.hint for c in block.controls)


def _pitch(block: Lines, s: _Sizes) -> int:
    """From one line of ``block`` to the next (labels beside): a line, and its
    explanation's line under it when the block has explanations."""
    return s.line + (round(s.small * HINT_LINE) if _hinted(block) else 0)


def _lines_height(block: Lines, s: _Sizes, shown: int) -> int:
    if block.labels is Labels.ABOVE:
        return shown * (s.px(CAPTION) + s.control + s.px(AFTER)) - s.px(AFTER)
    return shown * _pitch(block, s)


def _area_height(area: Area, s: _Sizes, shown: int) -> int:
    return s.px(area.head) + shown * s.px(area.row)


# -- the plan: every block's arrangement at one unit ---------------------------------------------


@dataclass(frozen=True)
class _Plan:
    sizes: _Sizes
    columns: int
    shown: int | None  # lines or rows shown of the scrolling block (None: all)
    width: int
    height: int
    notes: dict[str, int]  # lines of each note block


def _scroller(spec: FormSpec) -> Lines | Area | None:
    for block in spec.blocks:
        if isinstance(block, Lines) and block.scroll:
            return block
        if isinstance(block, Area) and block.rows:
            return block
    return None


def _count(block: Lines | Area) -> int:
    return len(block.controls) if isinstance(block, Lines) else block.rows


def _shown(block: Lines | Area, columns: int, shown: int | None) -> int:
    total = _count(block)
    if shown is not None:
        return min(shown, total)
    return math.ceil(total / columns) if isinstance(block, Lines) else total


def _plan(spec: FormSpec, text: Text, unit: float, columns: int, shown: int | None) -> _Plan:
    s = _Sizes.at(unit)
    width = text.measure(spec.title, s.title, True)[0] + s.px(3.0 if spec.aside else 0.0)
    for block in spec.blocks:
        if isinstance(block, Lines):
            count = _columns_of(block, columns)
            gaps = (count - 1) * s.px(COLUMN_GAP)
            width = max(width, _columns(block, text, s, count).total + gaps)
        else:
            width = max(width, s.px(block.width))
    footer = _footer_widths(spec.footer, text, s)
    gaps = s.px(OPTION_GAP * 3) * (len(footer) - 1)
    least_note = s.px(4.0) if spec.footnote else 0
    width = max(width, sum(footer) + gaps + least_note)
    # Heights, now that the width is known: notes with fixed words take the lines they wrap to.
    height = s.px(TITLE_ROOM)
    notes: dict[str, int] = {}
    for block in spec.blocks:
        if isinstance(block, Lines):
            count = _columns_of(block, columns)
            height += _lines_height(block, s, _shown(block, count, shown if block.scroll else None))
        elif isinstance(block, Note):
            notes[block.key] = _note_lines(block, text, s, width)
            height += notes[block.key] * round(s.small * NOTE_SPACING)
        else:
            height += _area_height(block, s, _shown(block, 1, shown))
        height += s.px(BLOCK_GAP)
    height += s.px(FOOTER_GAP - BLOCK_GAP) + s.footer + s.px(BOTTOM)
    return _Plan(s, columns, shown, width + 2 * s.px(PAD), height, notes)


def _note_lines(note: Note, text: Text, s: _Sizes, width: int) -> int:
    """The lines a note takes: its words wrapped, if it has fixed words, up to its limit."""
    if not note.words:
        return note.lines
    return max(1, min(note.lines, len(text.wrap(note.words, s.small, width))))


def _footer_widths(footer: Buttons, text: Text, s: _Sizes) -> list[int]:
    widest = max(
        (text.measure(b.label, s.text, b.bold)[0] + s.px(OPTION_PAD * 1.6) for b in footer.buttons),
        default=0,
    )
    return [max(widest, s.px(FOOTER_MIN))] * len(footer.buttons)


def _fits(plan: _Plan, window: tuple[int, int]) -> bool:
    margin = max(8, round(MARGIN * plan.sizes.unit))
    return plan.width + 2 * margin <= window[0] and plan.height + 2 * margin <= window[1]


def _largest(
    spec: FormSpec, text: Text, window: tuple[int, int], columns: int, shown: int | None
) -> _Plan:
    """The plan at the largest unit, up to the window's own, that fits (or the smallest tried)."""
    unit = form_unit(*window)
    plan = _plan(spec, text, unit, columns, shown)
    for _ in range(40):
        if _fits(plan, window) or unit <= 6:
            return plan
        margin = 2 * max(8, round(MARGIN * unit))
        scale = min((window[0] - margin) / plan.width, (window[1] - margin) / plan.height)
        unit = max(6.0, min(unit - 0.5, unit * scale))
        plan = _plan(spec, text, unit, columns, shown)
    return plan


def _choose(spec: FormSpec, text: Text, window: tuple[int, int]) -> _Plan:
    """The arrangement with the largest type; scrolling when nothing else stays readable."""
    options = sorted({c for b in spec.blocks if isinstance(b, Lines) for c in b.columns} | {1})
    plans = [_largest(spec, text, window, columns, None) for columns in options]
    # More columns only for clearly larger type: one column reads as a list, and two
    # of them stretch the card from edge to edge of a wide window.
    best = max(plans, key=lambda p: p.sizes.unit / COLUMNS_WORTH ** (p.columns - 1))
    scroller = _scroller(spec)
    share = scroller.whole if isinstance(scroller, Lines) and scroller.whole else SCROLL_BELOW
    least = max(FLOOR_UNIT, share * form_unit(*window))
    if scroller is None or (best.sizes.unit >= least and _fits(best, window)):
        return best
    # Too much to show at a readable size: one column at the window's own unit (or as
    # wide as fits), the scrolling block cut to the lines that fit under the rest.
    plan = _largest(spec, text, window, 1, 1)
    s = plan.sizes
    margin = max(8, round(MARGIN * s.unit))
    room = window[1] - 2 * margin - plan.height
    step = _pitch(scroller, s) if isinstance(scroller, Lines) else s.px(scroller.row)
    if isinstance(scroller, Lines) and scroller.labels is Labels.ABOVE:
        step = s.px(CAPTION) + s.control + s.px(AFTER)
    shown = max(1, min(_count(scroller), 1 + room // max(1, step)))
    return _plan(spec, text, s.unit, 1, shown)


# -- placing -----------------------------------------------------------------------------------


def lay_out(spec: FormSpec, window: tuple[int, int], text: Text, first: int = 0) -> FormLayout:
    """``spec`` placed in a window of ``window`` pixels, centred, scrolled to ``first``."""
    plan = _choose(spec, text, window)
    s = plan.sizes
    card = Rect(0, 0, plan.width, plan.height)
    card.center = (window[0] // 2, window[1] // 2)
    inner = card.inflate(-2 * s.px(PAD), 0)
    title = Rect(inner.x, card.y + s.px(TITLE_TOP), inner.w, round(s.title * 1.3))
    lines: list[LinePlace] = []
    notes: dict[str, Rect] = {}
    areas: dict[str, Rect] = {}
    scroll: Scroll | None = None
    y = card.y + s.px(TITLE_ROOM)
    stop = 0
    for block in spec.blocks:
        if isinstance(block, Lines):
            count = _columns_of(block, plan.columns)
            arranged = _columns(block, text, s, count)
            total = len(block.controls)
            rows = _shown(block, count, plan.shown if block.scroll else None)
            top = max(0, min(first, total - rows)) if rows < total else 0
            height = _lines_height(block, s, rows)
            for line in _place_lines(block, text, s, arranged, inner, y, stop, top, rows):
                lines.append(line)
            if rows * count < total:
                scroll = Scroll(top, rows, total, _track(card, s, y, height), stop)
            stop += total
            y += height
        elif isinstance(block, Note):
            height = plan.notes[block.key] * round(s.small * NOTE_SPACING)
            notes[block.key] = Rect(inner.x, y, inner.w, height)
            y += height
        else:
            rows = _shown(block, 1, plan.shown)
            rect = Rect(inner.x, y, inner.w, _area_height(block, s, rows))
            areas[block.key] = rect
            if rows < block.rows:
                top = max(0, min(first, block.rows - rows))
                track = Rect(rect.x, rect.y + s.px(block.head), rect.w, rows * s.px(block.row))
                scroll = Scroll(top, rows, block.rows, _track(card, s, track.y, track.h))
            y += rect.h
        y += s.px(BLOCK_GAP)
    footer = _place_footer(spec.footer, text, s, card, inner, stop)
    lines.append(footer)
    if spec.aside is not None:
        title_w = text.measure(spec.title, s.title, True)[0]
        left = inner.x + title_w + s.px(0.6)
        notes[spec.aside.key] = Rect(left, card.y + s.px(0.3), inner.right - left, s.px(0.95))
    if spec.footnote is not None:
        left_of = footer.parts[0].x - s.px(0.4) if footer.parts else inner.right
        notes[spec.footnote.key] = Rect(inner.x, footer.band.y, left_of - inner.x, footer.band.h)
    return FormLayout(
        window,
        card,
        round(s.unit),
        s.text,
        s.small,
        s.title,
        title,
        tuple(lines),
        notes,
        areas,
        scroll,
    )


def _track(card: Rect, s: _Sizes, top: int, height: int) -> Rect:
    """The scroll bar: thin, in the card's right margin."""
    width = max(3, s.px(0.08))
    return Rect(card.right - s.px(PAD) // 2 - width // 2, top, width, height)


def _place_lines(
    block: Lines,
    text: Text,
    s: _Sizes,
    arranged: _Columns,
    inner: Rect,
    y: int,
    stop: int,
    first: int,
    rows: int,
) -> Iterator[LinePlace]:
    gap = s.px(COLUMN_GAP)
    # Columns share the card's room (wider than the lines when the title or footer is).
    width = (inner.w - gap * (arranged.count - 1)) // arranged.count
    per_column = rows if arranged.count == 1 else math.ceil(len(block.controls) / arranged.count)
    for index, control in enumerate(block.controls):
        column, row = divmod(index, per_column) if arranged.count > 1 else (0, index - first)
        if not 0 <= row < rows:
            continue
        x = inner.x + column * (width + gap)
        caption = block.labels is Labels.ABOVE
        tip = None
        if caption:
            pitch = s.px(CAPTION) + s.control + s.px(AFTER)
            top = y + row * pitch
            label = Rect(x, top, width, s.px(CAPTION))
            body = Rect(x, top + s.px(CAPTION), width, s.control)
            band = Rect(x, top, width, s.px(CAPTION) + s.control)
            parts = _parts(control, text, s, body)
        else:
            pitch = _pitch(block, s)
            top = y + row * pitch
            band = Rect(x, top, width, pitch)
            # Without labels (the Save dialog's mode) the controls span the column.
            spans = arranged.control if arranged.label else width
            body = Rect(x + width - spans, top, spans, s.line)
            label = Rect(x, top, width - spans, s.line)
            parts = _parts(control, text, s, body)
            if control.hint and _hinted(block):
                # Under the control's bottom edge, the rest of the pitch below it.
                below = top + (s.line + s.control) // 2 + s.px(0.02)
                tip = Rect(x, below, width, pitch - s.line)
        remark = None
        if isinstance(control, Buttons) and control.remark and parts:
            words = text.measure(control.remark, s.small)[0]
            left = parts[0].x - s.px(LABEL_GAP / 2) - words
            remark = Rect(left, body.y, words, body.h)
        yield LinePlace(stop + index, band, label, tuple(parts), remark, caption, tip)


def _parts(control: Control, text: Text, s: _Sizes, body: Rect) -> list[Rect]:
    """The parts of ``control`` in ``body``, centred vertically: choices and equal
    buttons span it; chips and switches sit at its right."""
    widths = _part_widths(control, text, s)
    height = s.control
    middle = body.centery
    if isinstance(control, Choice) or (isinstance(control, Buttons) and control.fit is Fit.EQUAL):
        # Every choice of a column spans the column's control width, so they align.
        gap = s.px(OPTION_GAP)
        count = len(widths)
        share = (body.w - gap * (count - 1)) / count
        return [
            Rect(round(body.x + i * (share + gap)), middle - height // 2, round(share), height)
            for i in range(count)
        ]
    if isinstance(control, Buttons):
        gap = s.px(OPTION_GAP * 1.2)
        total = sum(widths) + gap * (len(widths) - 1)
        return _row(widths, gap, body.right - total, middle, height)
    switch = Rect(0, 0, s.px(SWITCH[0]), s.px(SWITCH[1]))
    switch.midright = (body.right, middle)
    return [switch]


def _row(widths: list[int], gap: int, left: int, middle: int, height: int) -> list[Rect]:
    rects = []
    for width in widths:
        rects.append(Rect(left, middle - height // 2, width, height))
        left += width + gap
    return rects


def _place_footer(
    footer: Buttons, text: Text, s: _Sizes, card: Rect, inner: Rect, stop: int
) -> LinePlace:
    widths = _footer_widths(footer, text, s)
    gap = s.px(OPTION_GAP * 3)
    top = card.bottom - s.px(BOTTOM) - s.footer
    left = inner.right - (sum(widths) + gap * (len(widths) - 1))
    parts = []
    for width in widths:
        parts.append(Rect(left, top, width, s.footer))
        left += width + gap
    band = Rect(inner.x, top, inner.w, s.footer)
    return LinePlace(stop, band, Rect(inner.x, top, 0, s.footer), tuple(parts))
