"""What is under the pointer on the board screen, as typed values.

:func:`hit_at` answers with a :class:`CellHit` (a cell, and the note spot under the
pointer), a :class:`PadHit` (a digit of the number pad) or a :class:`ButtonHit`
(any button: an action button, the pause button, the hint card's and the step
card's buttons), each button carrying the :class:`~.actions.Action` it stands for,
so a click does exactly what the button's key does.  What the panel covers comes
from the session's :class:`~game.session.board.playing.Mode`: the hint card and the step
card cover the pad and the buttons.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...session.board import Mode
from ..input import CHORES, Action
from .layout import BoardLayout
from .panel_view import BUTTONS, hint_button_rects
from .steps_view import steps_geometry


@dataclass(frozen=True)
class CellHit:
    """A cell of the grid; ``note`` is the note spot's digit under the pointer."""

    cell: int
    note: int | None = None


@dataclass(frozen=True)
class PadHit:
    """A digit of the number pad."""

    digit: int


@dataclass(frozen=True)
class ButtonHit:
    """A button: its name (for hover) and the action it stands for."""

    name: str
    action: Action


Hit = CellHit | PadHit | ButtonHit

HINT_CARD: dict[str, Action] = {"hint-apply": Action.HINT, "hint-close": Action.BACK}
"""The hint card's buttons: Apply is the third press of Hint, Close is Esc."""

STEP_CARD: dict[str, Action] = {
    "step-previous": Action.PREVIOUS,
    "step-next": Action.NEXT,
    "step-apply": Action.CONFIRM,
    "step-close": Action.STEPS,
}
"""The step card's buttons and the keys they stand for."""


def hit_at(layout: BoardLayout, mode: Mode, pos: tuple[int, int]) -> Hit | None:
    """What is under ``pos`` on the board screen in ``mode`` (None: nothing)."""
    if mode is Mode.HINT:
        for name, rect in hint_button_rects(layout).items():
            if rect.collidepoint(pos):
                return ButtonHit(name, HINT_CARD[name])
    if mode is Mode.STEPS:
        geometry = steps_geometry(layout, len(CHORES))
        for name, rect in geometry.nav.items():
            if rect.collidepoint(pos):
                return ButtonHit(name, STEP_CARD[name])
        for action, rect in zip(CHORES, geometry.everywhere, strict=True):
            if rect.collidepoint(pos):
                return ButtonHit(action.value, action)
    button = layout.button_at(pos)
    if button == "menu":
        return ButtonHit("menu", Action.BACK)
    covered = mode in (Mode.STEPS, Mode.HINT)  # the cards cover the pad and the buttons
    if button is not None and not covered:
        if isinstance(button, int):
            return PadHit(button)
        return ButtonHit(button, BUTTONS[button][1])
    board = layout.board
    cell = board.cell_at(pos)
    if cell is None:
        return None
    spot = board.note_at(pos)
    return CellHit(cell, spot[1] if spot is not None else None)
