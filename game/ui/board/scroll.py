"""How far the open card's explanation (a hint's or a step's) is scrolled.

The wheel over the card scrolls it two lines a notch; Page Down and Page Up move a
page, keeping one line for context; a new explanation starts at its top.  How many
lines there are and how many show comes from the panel's own fitting
(:func:`~.panel_view.explanation_fit`), so the scroll never passes the conclusion.
"""

from __future__ import annotations

from collections.abc import Callable

from ...session.board import Mode, Playing
from .steps_view import ExplanationFit


class ExplanationScroll:
    """The open card's scroll (see the module); ``fit`` measures the explanation shown."""

    def __init__(self, play: Playing, fit: Callable[[], ExplanationFit | None]) -> None:
        self.play = play
        self.fit = fit
        self.lines = 0  # lines the explanation is scrolled by
        self._shown: object = None  # the explanation those lines belong to

    def by(self, lines: int) -> bool:
        """Scroll by ``lines`` (within the explanation); whether the scroll moved."""
        fit = self.fit()
        if fit is None:
            return False
        scroll = max(0, min(fit.last, self.lines + lines))
        moved, self.lines = scroll != self.lines, scroll
        return moved

    def page(self, pages: int) -> bool:
        """Page Down / Page Up: the explanation a page on (one line kept for context)."""
        fit = self.fit()
        return fit is not None and self.by(pages * max(1, fit.page - 1))

    def follow(self) -> None:
        """After any change: a new explanation starts at its top."""
        shown = self._explanation()
        if shown != self._shown:
            self._shown, self.lines = shown, 0

    def _explanation(self) -> object:
        """Which explanation the panel shows (the step's, the hint's), cheaply."""
        play = self.play
        mode = play.mode
        if mode is Mode.STEPS:
            steps = play.help.steps
            return (mode, id(steps.job), steps.index, id(steps.shown()))
        if mode is Mode.HINT:
            return (mode, play.help.hints.explanation)
        return None
