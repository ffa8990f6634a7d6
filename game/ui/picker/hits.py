"""What is under the pointer in the picker: a row, a shortcut, a choice or a control.

Answered as a :class:`~.view.Pointing` value from the layout and the browser's state
alone, so clicks are hit-tested without drawing, as on the board
(:mod:`game.ui.board.hits`).
"""

from __future__ import annotations

from ...session.picker import Browser, Place
from . import line_view, places_view
from .layout import PickerLayout, Pointing


def pointing_at(
    layout: PickerLayout,
    browser: Browser,
    places: tuple[Place, ...],
    pos: tuple[int, int],
    line_open: bool,
) -> Pointing:
    """The control, row, shortcut or choice under ``pos`` (nothing: an empty Pointing)."""
    state = browser.state
    line = browser.line
    if line_open and line is not None:
        if layout.line.collidepoint(pos):
            return Pointing(control="line")
        drop = line_view.arrange(layout, line)
        choice = drop.choice_at(pos)
        if choice is not None:
            return Pointing(choice=choice)
        if drop.card.collidepoint(pos) and not line.problem:
            return Pointing(control="card")
    elif layout.heading.collidepoint(pos):
        return Pointing(control="path")
    place = places_view.arrange(layout, places).at(pos)
    if place is not None:
        return Pointing(place=place)
    if layout.back.collidepoint(pos):
        return Pointing(control="back")
    if browser.filter and layout.clear.collidepoint(pos):
        return Pointing(control="clear")
    if layout.play.collidepoint(pos):
        details = browser.details()
        if details is not None and details.action:
            return Pointing(control="play")
    bar = layout.scrollbar.inflate(layout.unit // 4, 0)
    if state.count > state.rows and bar.collidepoint(pos):
        return Pointing(control="scrollbar")
    position = layout.row_at(pos, state.top)
    if position is not None and position < state.count:
        return Pointing(row=position)
    return Pointing()
