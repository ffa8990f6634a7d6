"""The result card of a finished grid: time, mistakes, hints, difficulty, best time.

A grid finished with revealed cells is complete but not the player's own win
(``Game.counts_as_win``): the card then says so and keeps no best time.  The
board plays the short celebration before pushing this card, so the card itself
stays still.
"""

from __future__ import annotations

from ...session import Game
from .. import routes
from ..context import AppContext
from ..panel_view import clock_text
from ..scene_stack import Reset, Transition
from ..sources import GameInfo, Request
from ..widgets import Item
from .card import CardScene


class WinScene(CardScene):
    width_units = 7.0

    def __init__(self, ctx: AppContext, game: Game, info: GameInfo) -> None:
        self.game = game
        self.info = info
        own = game.counts_as_win
        # The statistics counted this game as it ended (the keeper's game_over hook).
        result = ctx.keeper.result(game)
        record = result is not None and result.new_best
        best = result.after.best_time if result is not None else None
        time_line = f"Time {clock_text(game.elapsed)}"
        if record:
            time_line += " · New best!"
        elif best is not None and own and result is not None and result.before.won:
            time_line += f" · best {clock_text(best)}"
        counts = f"Mistakes {game.mistakes} · Hints {game.hints_used}"
        body = "\n".join((info.label, time_line, counts))
        if not own:
            body += "\nRevealed cells were used, so this one is not counted as a win."
        super().__init__(
            ctx,
            "Solved!" if own else "Solved with help",
            body,
            [
                Item("new", "New puzzle", primary=True),
                Item("again", "Play again"),
                Item("menu", "Menu"),
            ],
        )
        self.new_best = record

    def choose(self, key: str) -> Transition | None:
        ctx, info = self.ctx, self.info
        if key == "new":
            if info.level is None:
                return routes.choose_new_game(ctx)
            return routes.generate(ctx, Request(info.variant, info.size, info.level))
        if key == "again":
            return routes.replay(ctx, info)
        if key == "menu":
            return Reset((routes.menu(ctx),))
        return None

    def back(self) -> Transition | None:
        return Reset((routes.menu(self.ctx),))
