"""A message with an OK button: errors opening files, features that need a setup."""

from __future__ import annotations

from ..kit import Item
from ..stage import AppContext, Pop, Transition
from .card import CardScene


class NoticeScene(CardScene):
    width_units = 8.0

    def __init__(self, ctx: AppContext, title: str, message: str) -> None:
        super().__init__(ctx, title, message, [Item("ok", "OK", primary=True)])

    def choose(self, key: str) -> Transition | None:
        return Pop()
