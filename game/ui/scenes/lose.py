"""The card of a lost game: why, and the ways on (undo, restart, see the solution).

A game is lost at a dead end the rules can see ("this Sudoku can't be solved from
here"), after giving up with Solve, or at the mistake limit.  Undo is offered only
when the game allows it: the mistake limit is final by design.
"""

from __future__ import annotations

from collections.abc import Callable

from ...session import Game
from ...session.sources import GameInfo
from .. import routes
from ..context import AppContext
from ..scene_stack import Pop, Reset, Transition
from ..widgets import Item
from .card import CardScene


class LoseScene(CardScene):
    width_units = 7.5

    def __init__(
        self,
        ctx: AppContext,
        game: Game,
        info: GameInfo,
        show_solution: Callable[[], None],
    ) -> None:
        self.game = game
        self.info = info
        self.show_solution = show_solution
        limit = game.settings.mistake_limit
        if game.gave_up:
            title = "Solution shown"
        elif limit and game.mistakes >= limit:
            title = "Too many mistakes"
        else:
            title = "Dead end"
        super().__init__(ctx, title, game.loss_reason, self._items())

    def _items(self) -> list[Item]:
        items = []
        if self.game.can_undo():
            label = "Undo Solve" if self.game.gave_up else "Undo last move"
            items.append(Item("undo", label, primary=True))
        items.append(Item("restart", "Restart", primary=not items))
        if not self.game.gave_up and self.game.solution is not None:
            items.append(Item("solution", "Show solution"))
        items.append(Item("menu", "Menu"))
        return items

    def choose(self, key: str) -> Transition | None:
        ctx, game = self.ctx, self.game
        if key == "undo":
            game.undo()
            return Pop()
        if key == "restart":
            # Restart is an undoable move, except after the mistake limit or Solve,
            # where the game stays lost: then the same puzzle starts afresh.
            if not game.restart().changed or game.is_over:
                return routes.replay(ctx, self.info)
            return Pop()
        if key == "solution":
            self.show_solution()
            return Pop()
        if key == "menu":
            return Reset((routes.menu(ctx),))
        return None

    def back(self) -> Transition | None:
        """Esc keeps the card: the game is over, a choice is needed."""
        return None
