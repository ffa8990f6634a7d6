"""The drawing kit every screen uses: colours, text, widgets, cards.

:mod:`.theme` (one palette per theme), :mod:`.text` (fonts, a text cache, and the
generic helpers :func:`clock_text` and :func:`elide`), :mod:`.widgets`,
:mod:`.text_field`, :mod:`.card_layout` and :mod:`.clipboard` (the system clipboard).
"""

from .card_layout import button_grid, card_layout
from .clipboard import read_clipboard, write_clipboard
from .text import ASSETS, Text, Where, clock_text, elide
from .text_field import TextField, draw_field
from .theme import Colour, Palette, contrast, mix, palette_for
from .widgets import (
    ButtonColumn,
    Item,
    Style,
    draw_button,
    draw_card,
    draw_lines,
    draw_scrollbar,
    draw_spinner,
    draw_veil,
    fill_aligned,
    wrap_lines,
)

__all__ = [
    "ASSETS",
    "ButtonColumn",
    "Colour",
    "Item",
    "Palette",
    "Style",
    "Text",
    "TextField",
    "Where",
    "button_grid",
    "card_layout",
    "clock_text",
    "contrast",
    "draw_button",
    "draw_card",
    "draw_field",
    "draw_lines",
    "draw_scrollbar",
    "draw_spinner",
    "draw_veil",
    "elide",
    "fill_aligned",
    "mix",
    "palette_for",
    "read_clipboard",
    "wrap_lines",
    "write_clipboard",
]
