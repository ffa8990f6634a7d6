"""Colours: one palette per theme, each colour with one meaning.

Following LOOK.md: a calm light theme (warm off-white, white cells, near-black
givens, blue entries) and a dark theme that mirrors it with the same meanings.
Hint roles get their own colours so a deduction reads the same in both themes.
The player's own colours (:data:`PAINTS`) are the Okabe–Ito set, told apart under
the common colour-vision deficiencies; each also has a shape of its own
(``board_view``), so none relies on hue alone.  What-if guesses write in inks of
their own (:data:`INKS`), one per level.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.logic.step import Role

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """Every colour the game draws with; scenes never invent colours of their own."""

    name: str
    background: Colour  # the window behind everything
    surface: Colour  # cards, buttons, board cells
    surface_alt: Colour  # a hovered button, a shade off the surface
    cell: Colour
    cell_tint: Colour  # every other jigsaw region
    line_thin: Colour
    line_thick: Colour
    given: Colour
    entry: Colour
    note: Colour
    selected: Colour
    peer: Colour
    same_digit: Colour
    unit_hint: Colour  # the units a hint's nudge points at
    error: Colour  # conflicts and wrong entries (with a non-colour cue each)
    error_fill: Colour  # the flash behind a wrong or conflicting entry
    glow: Colour  # a completed unit
    text: Colour
    text_dim: Colour
    accent: Colour  # primary buttons, the active digit, notes mode on
    accent_text: Colour  # text on an accent fill
    border: Colour
    disabled: Colour
    shade: tuple[int, int, int, int]  # veil behind overlays (RGBA)
    roles: dict[Role, Colour] = field(default_factory=dict)  # hint marks
    role_fills: dict[Role, Colour] = field(default_factory=dict)  # hint cell fills
    paints: tuple[Colour, ...] = ()  # the player's colours 1..8 (paints[k - 1])
    inks: tuple[Colour, ...] = ()  # entries of what-if level 1, 2, ... (cycled)

    def role(self, role: Role) -> Colour:
        return self.roles.get(role, self.accent)

    def role_fill(self, role: Role) -> Colour:
        return self.role_fills.get(role, self.unit_hint)

    def paint(self, colour: int) -> Colour:
        """The player's colour ``colour`` (1..8) at full strength."""
        paints = self.paints or PAINTS
        return paints[(colour - 1) % len(paints)]

    def ink(self, level: int) -> Colour:
        """The ink of entries placed at what-if level ``level`` (1 and up)."""
        inks = self.inks or INKS
        return inks[(level - 1) % len(inks)]


PAINTS: tuple[Colour, ...] = (
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (0, 158, 115),  # bluish green
    (240, 228, 66),  # yellow
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (204, 121, 167),  # reddish purple
    (0, 0, 0),  # black (a grey once tinted)
)
"""Okabe and Ito's eight colours (2008), the usual set for colour-blind-safe plots.
Neighbours in the order differ in lightness as well as hue."""

_DARK_PAINTS = (*PAINTS[:7], (200, 200, 200))  # black would vanish on dark cells

INKS: tuple[Colour, ...] = (
    (190, 80, 0),  # level 1: burnt orange
    (150, 60, 160),  # level 2: purple
    (0, 128, 112),  # level 3: teal
    (130, 110, 0),  # level 4: olive
)
"""What-if inks: far from the entries' blue, the givens' black, the error red and the
hint green, dark enough to read on white (each also carries its level's number)."""

_DARK_INKS = ((255, 160, 80), (215, 150, 240), (90, 215, 195), (220, 200, 90))


_LIGHT_ROLES = {
    Role.FOCUS: (24, 128, 56),
    Role.PATTERN: (37, 99, 235),
    Role.COVER: (126, 58, 242),
    Role.PIVOT: (180, 83, 9),
    Role.PINCER: (194, 65, 12),
    Role.FIN: (190, 24, 93),
    Role.ON: (24, 128, 56),
    Role.OFF: (200, 40, 40),
    Role.COLOUR_A: (37, 99, 235),
    Role.COLOUR_B: (180, 83, 9),
    Role.WRONG: (200, 40, 40),
}
_LIGHT_ROLE_FILLS = {
    Role.FOCUS: (206, 236, 214),
    Role.PATTERN: (214, 228, 252),
    Role.COVER: (232, 222, 252),
    Role.PIVOT: (253, 234, 204),
    Role.PINCER: (253, 226, 208),
    Role.FIN: (251, 219, 234),
    Role.ON: (206, 236, 214),
    Role.OFF: (250, 220, 220),
    Role.COLOUR_A: (214, 228, 252),
    Role.COLOUR_B: (253, 234, 204),
    Role.WRONG: (250, 220, 220),
}
_DARK_ROLES = {
    Role.FOCUS: (102, 204, 136),
    Role.PATTERN: (125, 170, 255),
    Role.COVER: (186, 150, 255),
    Role.PIVOT: (245, 170, 80),
    Role.PINCER: (250, 140, 90),
    Role.FIN: (245, 130, 185),
    Role.ON: (102, 204, 136),
    Role.OFF: (255, 120, 120),
    Role.COLOUR_A: (125, 170, 255),
    Role.COLOUR_B: (245, 170, 80),
    Role.WRONG: (255, 120, 120),
}
_DARK_ROLE_FILLS = {
    Role.FOCUS: (30, 66, 44),
    Role.PATTERN: (33, 52, 90),
    Role.COVER: (55, 40, 88),
    Role.PIVOT: (78, 56, 26),
    Role.PINCER: (80, 46, 30),
    Role.FIN: (78, 34, 56),
    Role.ON: (30, 66, 44),
    Role.OFF: (84, 36, 38),
    Role.COLOUR_A: (33, 52, 90),
    Role.COLOUR_B: (78, 56, 26),
    Role.WRONG: (84, 36, 38),
}

LIGHT = Palette(
    name="light",
    background=(245, 243, 238),
    surface=(255, 255, 255),
    surface_alt=(236, 240, 247),
    cell=(255, 255, 255),
    cell_tint=(241, 239, 233),
    line_thin=(206, 209, 216),
    line_thick=(52, 58, 70),
    given=(27, 31, 39),
    entry=(33, 99, 214),
    note=(98, 104, 116),
    selected=(182, 206, 248),
    peer=(232, 239, 251),
    same_digit=(208, 222, 247),
    unit_hint=(222, 241, 226),
    error=(204, 37, 37),
    error_fill=(251, 214, 214),
    glow=(255, 236, 179),
    text=(27, 31, 39),
    text_dim=(98, 104, 116),
    accent=(33, 99, 214),
    accent_text=(255, 255, 255),
    border=(210, 213, 220),
    disabled=(178, 182, 190),
    shade=(30, 34, 44, 60),
    roles=_LIGHT_ROLES,
    role_fills=_LIGHT_ROLE_FILLS,
    paints=PAINTS,
    inks=INKS,
)

DARK = Palette(
    name="dark",
    background=(18, 20, 25),
    surface=(32, 36, 44),
    surface_alt=(44, 50, 61),
    cell=(30, 34, 42),
    cell_tint=(40, 45, 55),
    line_thin=(58, 64, 76),
    line_thick=(150, 158, 172),
    given=(236, 239, 244),
    entry=(126, 176, 255),
    note=(160, 168, 182),
    selected=(45, 74, 122),
    peer=(38, 47, 63),
    same_digit=(40, 58, 90),
    unit_hint=(30, 58, 40),
    error=(255, 110, 110),
    error_fill=(94, 36, 38),
    glow=(86, 72, 30),
    text=(236, 239, 244),
    text_dim=(160, 168, 182),
    accent=(88, 150, 255),
    accent_text=(12, 16, 24),
    border=(62, 68, 80),
    disabled=(88, 94, 106),
    shade=(0, 0, 0, 120),
    roles=_DARK_ROLES,
    role_fills=_DARK_ROLE_FILLS,
    paints=_DARK_PAINTS,
    inks=_DARK_INKS,
)

PALETTES = {palette.name: palette for palette in (LIGHT, DARK)}


def palette_for(theme: str) -> Palette:
    """The palette of a theme name; the light one for anything unknown."""
    return PALETTES.get(theme, LIGHT)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """``a`` moved a fraction ``t`` of the way to ``b``."""
    t = min(1.0, max(0.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(colour: Colour) -> float:
    """Relative luminance as WCAG defines it (0 black to 1 white)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
