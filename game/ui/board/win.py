"""The result card of a finished grid: time, mistakes, hints, difficulty, best time.

A grid finished with help (a revealed cell, or the solution seen and undone) is
complete but not the player's own win (``Game.counts_as_win``): the card then
says so and keeps no best time.  The board plays the short celebration before
pushing this card, so the card itself stays still.  The difficulty is the
rater's level and score; if the rating of a puzzle from a file is still being
worked out, the line appears when it arrives.  Esc closes the card over the
finished board.
"""

from __future__ import annotations

from ...session.board import Rater
from ...session.play import Difficulty, Game, Origin
from ..kit import Item, clock_text
from ..screens import CardScene
from ..stage import AppContext, ChooseNewGame, Generate, Go, Menu, PlayAgain, Transition


class WinScene(CardScene):
    width_units = 7.0

    def __init__(
        self, ctx: AppContext, game: Game, origin: Origin, rater: Rater | None = None
    ) -> None:
        self.game = game
        self.origin = origin
        own = game.counts_as_win
        # The session counted this game as it ended (the keeper's rules).
        result = ctx.keeper.result(game)
        record = result is not None and result.new_best
        best = result.after.best_time if result is not None else None
        time_line = f"Time {clock_text(game.elapsed)}"
        if record:
            time_line += " · New best!"
        elif best is not None and own and result is not None and result.before.won:
            time_line += f" · best {clock_text(best)}"
        counts = f"Mistakes {game.mistakes} · Hints {game.hints_used}"
        self.lines = [origin.label, time_line, counts]
        if not own:
            help_used = "the solution was seen" if game.solution_seen else "cells were revealed"
            self.lines.append(f"Help was used ({help_used}), so this one is not counted as a win.")
        difficulty = origin.difficulty or (rater.difficulty if rater else None)
        super().__init__(
            ctx,
            "Solved!" if own else "Solved with help",
            self._body(difficulty),
            [
                Item("new", "New puzzle", primary=True),
                Item("again", "Play again"),
                Item("menu", "Menu"),
            ],
        )
        self.new_best = record
        if difficulty is None and rater is not None:
            rater.listen(lambda found: self.set_content(self._body(found)))

    def _body(self, difficulty: Difficulty | None) -> str:
        """The card's lines, with the difficulty under the puzzle's name once known."""
        lines = list(self.lines)
        if difficulty is not None:
            lines.insert(1, f"Difficulty {difficulty.level.label}, score {difficulty.score:.1f}")
        return "\n".join(lines)

    def choose(self, key: str) -> Transition | None:
        kind = self.origin.kind
        if key == "new":
            if kind.level is None:
                return Go(ChooseNewGame())
            return Go(Generate(kind))
        if key == "again":
            return Go(PlayAgain())
        if key == "menu":
            return Go(Menu(leave_game=True))
        return None
