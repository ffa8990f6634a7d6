"""A question before something that cannot be taken back: Yes goes on, No (or Esc) stays.

Used before Solve (the game will never count as a win) and before a new game
replaces one in progress (the old one counts as played, lost).  The card only asks;
what Yes does is the caller's ``then``, which may lead somewhere (a transition)
or act in place (None: the card simply closes).

No is the primary button, so Enter (and Esc) keep things as they are: a key
pressed by accident never gives a game up.
"""

from __future__ import annotations

from collections.abc import Callable

from ..kit import Item
from ..stage import AppContext, Pop, Push, Replace, Transition
from .card import CardScene

LEAVE_TITLE = "Leave this game?"
LEAVE_BODY = "It counts as played."
SOLVE_TITLE = "Show the solution?"
SOLVE_BODY = "This game will no longer count as a win."


class ConfirmScene(CardScene):
    width_units = 7.0

    def __init__(
        self,
        ctx: AppContext,
        title: str,
        body: str,
        then: Callable[[], Transition | None],
        yes: str = "Yes",
        no: str = "No",
    ) -> None:
        super().__init__(ctx, title, body, [Item("yes", yes), Item("no", no, primary=True)])
        self.then = then

    def choose(self, key: str) -> Transition | None:
        if key != "yes":
            return Pop()
        return instead(self.then())


def instead(transition: Transition | None) -> Transition:
    """``transition`` taken from the card's place: the card leaves as it happens.

    A scene pushed over the card takes its place (so Cancel on a busy card goes
    back to where the question was asked, not to the question); a reset leaves no
    card anyway; nothing at all just closes the card.
    """
    if transition is None:
        return Pop()
    if isinstance(transition, Push):
        return Replace(transition.scene)
    return transition
