"""Colour sanity: each meaning readable on what it is drawn on, in every theme.

Contrast ratios are WCAG 2's (``theme.contrast``).  The colour-blind theme is also
checked under simulated dichromacy: colours are converted to linear RGB, passed
through Machado, Oliveira and Fernandes' (2009) matrices for protanopia,
deuteranopia and tritanopia at full severity, and compared in CIELAB (delta E
1976; about 2 is just noticeable, 10 plainly different, 20 "another colour").
"""

from __future__ import annotations

import itertools
import math
from dataclasses import fields

import pytest

from game.engine.logic.step import Role
from game.session.play.settings import Theme
from game.ui.kit.theme import (
    COLOUR_BLIND,
    DARK,
    HIGH_CONTRAST,
    LIGHT,
    PALETTES,
    Colour,
    Palette,
    contrast,
    mix,
    palette_for,
)

ALL = list(PALETTES.values())
IDS = [p.name for p in ALL]


def cell_backgrounds(p: Palette) -> dict[str, Colour]:
    """Everything a digit or a note can sit on (animations at full strength)."""
    return {
        "cell": p.cell,
        "tint": p.cell_tint,
        "peer": mix(p.cell, p.peer, 0.85),
        "same digit": p.same_digit,
        "selected": p.selected,
        "unit hint": p.unit_hint,
        "glow": mix(p.cell, p.glow, 0.85),
        "flash": p.error_fill,
    }


def test_every_theme_has_a_palette_and_every_palette_every_colour() -> None:
    assert {str(theme) for theme in Theme} == set(PALETTES)
    for theme in Theme:
        palette = palette_for(theme)
        assert palette.name == theme
        for item in fields(Palette):
            assert getattr(palette, item.name) is not None
        assert set(palette.roles) == set(Role), palette.name
        assert set(palette.role_fills) == set(Role), palette.name


@pytest.mark.parametrize("palette", ALL, ids=IDS)
def test_digits_read_on_every_cell_background(palette: Palette) -> None:
    for name, background in cell_backgrounds(palette).items():
        assert contrast(palette.given, background) >= 7.0, name
        assert contrast(palette.entry, background) >= 3.0, name
        assert contrast(palette.error, background) >= 3.0, name
        assert contrast(palette.note, background) >= 3.0, name
    # A note of the selected digit: bold, in the accent, on its disc.
    assert contrast(palette.accent, mix(palette.same_digit, palette.same_frame, 0.18)) >= 3.0


@pytest.mark.parametrize("palette", ALL, ids=IDS)
def test_text_and_lines_stand_out(palette: Palette) -> None:
    assert contrast(palette.text, palette.background) >= 7.0
    assert contrast(palette.text, palette.surface) >= 7.0
    assert contrast(palette.text_dim, palette.surface) >= 4.5
    assert contrast(palette.accent_text, palette.accent) >= 4.5
    assert contrast(palette.line_thick, palette.cell) >= 3.0
    assert contrast(palette.line_thin, palette.cell) >= 1.2


@pytest.mark.parametrize("palette", ALL, ids=IDS)
def test_entries_and_givens_differ_by_more_than_weight(palette: Palette) -> None:
    assert contrast(palette.given, palette.entry) >= 1.5


@pytest.mark.parametrize("palette", ALL, ids=IDS)
def test_every_hint_role_has_a_readable_colour(palette: Palette) -> None:
    for role in Role:
        assert contrast(palette.role(role), palette.role_fill(role)) >= 3.0, role


@pytest.mark.parametrize("palette", ALL, ids=IDS)
def test_the_frames_show_on_their_fills(palette: Palette) -> None:
    # WCAG's 3:1 for the parts of a picture one needs to read it (1.4.11).
    assert contrast(palette.selected_frame, palette.selected) >= 3.0
    assert contrast(palette.selected_frame, palette.cell) >= 3.0
    assert contrast(palette.same_frame, palette.same_digit) >= 3.0


def test_high_contrast_meets_wcag_aa_everywhere() -> None:
    p = HIGH_CONTRAST
    aa, large, parts = 4.5, 3.0, 3.0
    inks = {
        "given": p.given,
        "entry": p.entry,
        "error": p.error,
        "note": p.note,
        "struck note": mix(p.note, p.cell, 0.3),  # as the board view draws it
        "solution digit": p.role(Role.FOCUS),
    }
    for (ink_name, ink), (name, background) in itertools.product(
        inks.items(), cell_backgrounds(p).items()
    ):
        assert contrast(ink, background) >= aa, f"{ink_name} on {name}"
    # A same-digit note (accent, bold) on its disc.
    assert contrast(p.accent, mix(p.same_digit, p.same_frame, 0.18)) >= aa
    # A digit a step ahead of the board is drawn faded, large: the large-text bar.
    assert contrast(mix(p.entry, p.cell, 0.45), p.cell) >= large
    for role in Role:
        # A note in a role's ring, or inverted in a solid mark: the same pair.
        assert contrast(p.role(role), p.role_fill(role)) >= aa, role
        # An area's label, white on the role's colour.
        assert contrast(p.accent_text, mix(p.role(role), (0, 0, 0), 0.1)) >= aa, role
    for text in (p.text, p.text_dim, p.error, p.accent):
        for background in (p.background, p.surface, p.surface_alt):
            assert contrast(text, background) >= aa
    assert contrast(p.accent_text, p.accent) >= aa
    for line in (p.line_thin, p.line_thick, p.border):
        assert contrast(line, p.cell) >= parts
    assert contrast(p.disabled, p.surface) >= large  # dimmed, yet legible


# -- colour-blind simulation ------------------------------------------------------

# Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
# Simulation of Color Vision Deficiency", severity 1.0, applied to linear RGB.
MACHADO = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
Matrix = tuple[tuple[float, float, float], ...]


def _linear(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _simulate(colour: Colour, matrix: Matrix) -> tuple[float, float, float]:
    rgb = [_linear(v) for v in colour]
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix
    )
    return (r, g, b)


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: Colour, b: Colour, matrix: Matrix) -> float:
    """How far apart ``a`` and ``b`` look to an eye ``matrix`` simulates (CIE76)."""
    la, lb = _lab(_simulate(a, matrix)), _lab(_simulate(b, matrix))
    return math.dist(la, lb)


def test_the_simulation_is_a_real_one() -> None:
    # Red and green, the classic confusion, collapse for protanopes and deuteranopes
    # and stay apart for tritanopes; a unit matrix changes nothing.
    red, green = (200, 60, 40), (110, 110, 40)
    identity = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
    assert delta_e(red, green, identity) > 50
    assert delta_e(red, green, MACHADO["protanopia"]) < 15
    assert delta_e(red, green, MACHADO["deuteranopia"]) < 15
    assert delta_e(red, green, MACHADO["tritanopia"]) > 30
    # ... which is why the light theme's pivot and pincers needed this theme.
    assert delta_e(LIGHT.role(Role.PIVOT), LIGHT.role(Role.PINCER), MACHADO["deuteranopia"]) < 5


# Roles that one step draws together: chains (true, false, and the strong and weak
# links in the pivot's and the false colour), wings, fish and locked sets, and the
# ALS cycle (pattern, pivot, cover, fin, focus).  Pincers and false ends, fins and
# false ends, never meet and may share a hue.
TOGETHER = (
    {Role.ON, Role.OFF, Role.PIVOT, Role.PATTERN},
    {Role.PIVOT, Role.PINCER, Role.FOCUS},
    {Role.PATTERN, Role.COVER, Role.FIN, Role.FOCUS},
    {Role.COLOUR_A, Role.COLOUR_B},
    {Role.PATTERN, Role.PIVOT, Role.COVER, Role.FIN, Role.FOCUS},
)


def _apart(colours: dict[str, Colour], at_least: float) -> list[str]:
    failures = []
    for (name_a, a), (name_b, b) in itertools.combinations(colours.items(), 2):
        for vision, matrix in MACHADO.items():
            distance = delta_e(a, b, matrix)
            if distance < at_least:
                failures.append(f"{name_a}/{name_b} {vision}: {distance:.1f}")
    return failures


def test_colour_blind_inks_stay_apart_for_every_dichromat() -> None:
    p = COLOUR_BLIND
    inks = {"given": p.given, "entry": p.entry, "error": p.error}
    assert _apart(inks, 20.0) == []


def test_colour_blind_cell_fills_stay_apart_for_every_dichromat() -> None:
    p = COLOUR_BLIND
    fills = {"cell": p.cell, "selected": p.selected, "same": p.same_digit, "unit": p.unit_hint}
    assert _apart(fills, 10.0) == []
    assert _apart({"cell": p.cell, "flash": p.error_fill}, 10.0) == []


def test_colour_blind_roles_drawn_together_stay_apart_for_every_dichromat() -> None:
    failures = []
    for group in TOGETHER:
        colours = {role.value: COLOUR_BLIND.role(role) for role in group}
        if len(set(colours.values())) < len(colours):
            failures.append(f"shared colour in {sorted(colours)}")
        failures += _apart(colours, 15.0)
    assert failures == []


def test_the_light_theme_does_not_pass_the_colour_blind_checks() -> None:
    # The checks above can fail: the light theme's roles do.
    failures = []
    for group in TOGETHER:
        failures += _apart({role.value: LIGHT.role(role) for role in group}, 15.0)
    assert failures


def test_unknown_theme_falls_back_to_light() -> None:
    assert palette_for("neon") is LIGHT
    assert palette_for("dark") is DARK
    assert mix((0, 0, 0), (255, 255, 255), 0.5) == (128, 128, 128)
