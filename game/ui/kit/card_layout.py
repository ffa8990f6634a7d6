"""Where a card and a block of buttons go, from the window size: for every screen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pygame import Rect


@dataclass(frozen=True)
class CardLayout:
    """A centred card for menus and overlays, with its unit for type and spacing."""

    rect: Rect
    unit: int


def button_grid(
    names: Sequence[str], left: int, top: int, width: int, columns: int, height: int, gap: int
) -> dict[str, Rect]:
    """Buttons ``names`` in rows of ``columns`` filling ``width`` from (``left``, ``top``),
    each ``height`` tall, ``gap`` apart both ways (the panels' button blocks)."""
    column_w = (width - (columns - 1) * gap) / columns
    return {
        name: Rect(
            round(left + (i % columns) * (column_w + gap)),
            top + (i // columns) * (height + gap),
            round(column_w),
            height,
        )
        for i, name in enumerate(names)
    }


def card_layout(
    width: int, height: int, rows: float, width_units: float = 9.0, margin: float = 2.0
) -> CardLayout:
    """A card ``rows`` units tall, as large as fits with ``margin`` units around it."""
    unit = max(10, int(min(width / (width_units + margin), height / (rows + margin), 110)))
    w = round(width_units * unit)
    h = round(rows * unit)
    return CardLayout(Rect((width - w) // 2, (height - h) // 2, w, h), unit)
