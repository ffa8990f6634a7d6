"""Share: the puzzle to the clipboard in the form another program reads, or a picture to print.

The card offers every form that holds the whole puzzle, richest first (see
:func:`~game.session.puzzles.share_forms`): an f-puzzles link, a SudokuPad link,
a Solo game ID, a line of digits.  Choosing one copies it and says so on the
board's status line; *Picture to print* writes the PNG of :mod:`.picture`.
"""

from __future__ import annotations

from collections.abc import Callable

from ...session import puzzles
from ...session.play import Game, Origin
from ..kit import Item, write_clipboard
from ..screens import CardScene
from ..stage import AppContext, Pop, Transition
from .picture import export_picture

_LABELS = {
    "f-puzzles link": "f-puzzles link",
    "SudokuPad link": "SudokuPad link",
    "Solo game ID": "Solo game ID",
    "line": "Line of digits",
}

NO_CLIPBOARD = "The clipboard cannot be written here; nothing was copied."


class ShareScene(CardScene):
    width_units = 7.0

    def __init__(
        self, ctx: AppContext, game: Game, origin: Origin, report: Callable[[str], None]
    ) -> None:
        self.forms = puzzles.share_forms(game.puzzle, origin.title)
        items = [
            Item(f"copy-{k}", "Copy as " + _LABELS.get(form.form, form.form), primary=k == 0)
            for k, form in enumerate(self.forms)
        ]
        items += [Item("picture", "Picture to print (PNG)"), Item("cancel", "Cancel")]
        body = (
            "Copy the puzzle (its givens, not your progress) for another program, "
            "or save a picture of it with its rules."
        )
        super().__init__(ctx, "Share this puzzle", body, items)
        self.game = game
        self.origin = origin
        self.report = report

    def choose(self, key: str) -> Transition | None:
        if key.startswith("copy-"):
            self.report(copy_form(self.forms[int(key.removeprefix("copy-"))]))
        elif key == "picture":
            ctx = self.ctx
            self.report(export_picture(ctx.keeper, ctx.text, self.game.puzzle, self.origin))
        return Pop()


def copy_form(form: puzzles.Shared) -> str:
    """Put ``form`` on the clipboard; the sentence for the status line."""
    if not write_clipboard(form.text):
        return NO_CLIPBOARD
    return f"Copied the puzzle as {form.said}."
