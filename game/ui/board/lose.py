"""The card of a game that ended without a win: the mistake limit, or the solution shown.

A game lost to the mistake limit is final: the card offers the solution, a fresh
start and the menu.  A game whose solution is shown can be taken back with Undo
(it will never count as a clean win).  Esc closes the card over the finished
board; what each ending allows is the game's rule (:class:`~game.session.Game`).
"""

from __future__ import annotations

from ...session.play import Game, Origin, Phase
from ..kit import Item
from ..screens import CardScene
from ..stage import AppContext, Go, Menu, PlayAgain, Pop, Transition


class LoseScene(CardScene):
    width_units = 7.5

    def __init__(self, ctx: AppContext, game: Game, origin: Origin) -> None:
        self.game = game
        self.origin = origin
        title = "Solution shown" if game.phase is Phase.SHOWN else "Too many mistakes"
        super().__init__(ctx, title, game.ending, self._items())

    def _items(self) -> list[Item]:
        game = self.game
        items = []
        if game.can_undo():
            items.append(Item("undo", "Undo Solve", primary=True))
        if game.can_show_solution() and not game.solution_seen:
            items.append(Item("solution", "Show solution", primary=not items))
        items.append(Item("again", "Play again", primary=not items))
        items.append(Item("menu", "Menu"))
        return items

    def choose(self, key: str) -> Transition | None:
        game = self.game
        if key == "undo":
            game.undo()
            return Pop()
        if key == "solution":
            game.assist.show_solution()
            return Pop()
        if key == "again":
            return Go(PlayAgain())
        if key == "menu":
            return Go(Menu(leave_game=True))
        return None
