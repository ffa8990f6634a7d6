"""The mouse on the board: which cells a press or a drag chooses, the pad, the buttons,
and what the pointer hovers.

A press selects a cell and a drag (the button held) chooses every cell it crosses;
Ctrl+click adds or removes a cell, Ctrl+drag adds (or, begun on a chosen cell,
removes) the cells crossed; Shift+click chooses the rectangle from the cursor.
Digit first with a digit picked, a press places it and a drag does nothing more:
the pointer is a pen then, not a lasso.  The scene hands each pointer event and
what it hit here, and gets back what to do with it (:data:`Outcome`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...session.board import Mode, Playing, Reply
from ..input import Action, Command, Pointer, PointerKind
from .hits import ButtonHit, CellHit, Hit, PadHit

Outcome = Reply | Command | bool | None
"""A session's reply to show, a button's command to run, True when only the hover
changed (a redraw), or None: nothing happened."""


@dataclass
class Drag:
    """A press on a cell with the left button, while the button stays down.

    ``base`` is what was chosen before (Ctrl+drag adds to it, or takes from it when
    it began on a chosen cell: ``remove``); ``crossed`` the cells the drag went over.
    """

    base: frozenset[int]
    crossed: set[int] = field(default_factory=set)
    remove: bool = False


class BoardPointer:
    """Turns pointer events on the board into the session's calls (see the module)."""

    def __init__(self, play: Playing) -> None:
        self.play = play
        self.hover: Hit | None = None  # the button or pad key under the pointer
        self.drag: Drag | None = None

    def event(self, pointer: Pointer, hit: Hit | None) -> Outcome:
        """What ``pointer`` (over ``hit``) does; wheel events are not handled here."""
        if pointer.kind in (PointerKind.MOVE, PointerKind.LEAVE):
            return self._moved(pointer, hit)
        if pointer.kind is PointerKind.RELEASE:
            self.drag = None
            return None
        if pointer.kind is not PointerKind.PRESS:
            return None
        if isinstance(hit, CellHit):
            return self._cell_pressed(hit, pointer)
        if isinstance(hit, PadHit):
            return self.play.press_pad(hit.digit)
        if isinstance(hit, ButtonHit) and self._button_works(hit):
            return Command(hit.action)
        return None

    def _moved(self, pointer: Pointer, hit: Hit | None) -> Outcome:
        if self.drag is not None and not pointer.held:
            self.drag = None  # released outside the window
        if self.drag is not None and isinstance(hit, CellHit):
            return self._dragged(self.drag, hit.cell)
        hover = hit if isinstance(hit, ButtonHit | PadHit) else None
        if pointer.kind is PointerKind.LEAVE:
            hover = None
        if hover == self.hover:
            return None
        self.hover = hover
        return True

    def _cell_pressed(self, hit: CellHit, pointer: Pointer) -> Reply:
        """A press on a cell: Ctrl adds or removes it, Shift a rectangle, else a click;
        a left press may then become a drag."""
        play = self.play
        if pointer.button != 1:
            return play.click_cell(hit.cell, hit.note, pointer.button)
        if pointer.ctrl:
            removing = hit.cell in play.chosen and len(play.chosen) > 1
            reply = play.toggle_cell(hit.cell)
            self.drag = Drag(play.chosen, {hit.cell}, remove=removing)
            return reply
        if pointer.shift:
            return play.extend_to(hit.cell)
        reply = play.click_cell(hit.cell, hit.note, 1)
        if not (play.digit_first and play.active_digit):
            self.drag = Drag(frozenset(), {hit.cell})
        return reply

    def _dragged(self, drag: Drag, cell: int) -> Reply | None:
        """The drag reached ``cell``: the cells crossed so far join the choice."""
        if cell in drag.crossed:
            return None
        drag.crossed.add(cell)
        crossed = frozenset(drag.crossed)
        cells = drag.base - crossed if drag.remove else drag.base | crossed
        return self.play.drag_over(cells)

    def _button_works(self, hit: ButtonHit) -> bool:
        """A finished game's buttons rest (Undo too unless the game allows it)."""
        if self.play.mode is not Mode.ENDED or hit.action is Action.BACK:
            return True
        return hit.action is Action.UNDO and self.play.game.can_undo()
