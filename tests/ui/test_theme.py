"""Colour sanity: each meaning readable on what it is drawn on, in both themes."""

from __future__ import annotations

import pytest

from game.engine.logic.step import Role
from game.ui.theme import DARK, LIGHT, Palette, contrast, mix, palette_for


@pytest.mark.parametrize("palette", [LIGHT, DARK], ids=["light", "dark"])
def test_digits_read_on_every_cell_background(palette: Palette) -> None:
    backgrounds = [
        palette.cell,
        palette.cell_tint,
        palette.peer,
        palette.same_digit,
        palette.selected,
        palette.unit_hint,
    ]
    for background in backgrounds:
        assert contrast(palette.given, background) >= 7.0
        assert contrast(palette.entry, background) >= 3.0
        assert contrast(palette.error, background) >= 3.0
        assert contrast(palette.note, background) >= 3.0


@pytest.mark.parametrize("palette", [LIGHT, DARK], ids=["light", "dark"])
def test_text_and_lines_stand_out(palette: Palette) -> None:
    assert contrast(palette.text, palette.background) >= 7.0
    assert contrast(palette.text, palette.surface) >= 7.0
    assert contrast(palette.text_dim, palette.surface) >= 4.5
    assert contrast(palette.accent_text, palette.accent) >= 4.5
    assert contrast(palette.line_thick, palette.cell) >= 3.0
    assert contrast(palette.line_thin, palette.cell) >= 1.2


@pytest.mark.parametrize("palette", [LIGHT, DARK], ids=["light", "dark"])
def test_entries_and_givens_differ_by_more_than_weight(palette: Palette) -> None:
    assert contrast(palette.given, palette.entry) >= 1.5


@pytest.mark.parametrize("palette", [LIGHT, DARK], ids=["light", "dark"])
def test_every_hint_role_has_a_readable_colour(palette: Palette) -> None:
    for role in Role:
        assert contrast(palette.role(role), palette.role_fill(role)) >= 3.0


def test_unknown_theme_falls_back_to_light() -> None:
    assert palette_for("neon") is LIGHT
    assert mix((0, 0, 0), (255, 255, 255), 0.5) == (128, 128, 128)
