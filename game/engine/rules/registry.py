"""The one registry of rules: every constraint type and named variant, said once.

Each entry carries the name code and files use, the title and the rule as a sentence
players read on screen, the keys files store it under, and how the board draws it.
Other modules look rules up here instead of spelling their words again, as
python-chess keeps its variants in one module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..shape import Shape, box_dims
from . import constraints as c


@dataclass(frozen=True)
class RuleType:
    """One kind of constraint: its names, its sentence, its file keys and its drawing."""

    name: str
    title: str
    sentence: str
    drawing: str
    """``cage``, ``diagonal``, ``shade``, ``line``, ``thermometer``, ``arrow``, ``dot``,
    ``edge-letter``, ``cell-shape``, ``circle``, ``outside-clue`` or ``none`` (a global
    rule the board states in words)."""
    fpuzzles: tuple[str, ...]
    constraint: type[c.Constraint]


RULE_TYPES: dict[str, RuleType] = {
    entry.name: entry
    for entry in (
        RuleType(
            "diagonal",
            "Diagonal",
            "Each marked diagonal holds every digit once.",
            "diagonal",
            ("diagonal+", "diagonal-"),
            c.Diagonal,
        ),
        RuleType(
            "extra-region",
            "Extra region",
            "Each shaded extra region holds every digit once.",
            "shade",
            ("extraregion",),
            c.ExtraRegion,
        ),
        RuleType(
            "disjoint-groups",
            "Disjoint groups",
            "Cells in the same position of each box hold different digits.",
            "none",
            ("disjointgroups",),
            c.DisjointGroups,
        ),
        RuleType(
            "cage",
            "Killer cage",
            "Digits in a cage do not repeat and add up to the cage's total.",
            "cage",
            ("killercage",),
            c.Cage,
        ),
        RuleType(
            "little-killer",
            "Little killer",
            "Digits along an arrowed diagonal add up to the clue; they may repeat.",
            "outside-clue",
            ("littlekillersum",),
            c.LittleKiller,
        ),
        RuleType(
            "sandwich",
            "Sandwich",
            "A clue outside the grid is the sum of the digits between the 1 and the "
            "largest digit in its row or column.",
            "outside-clue",
            ("sandwichsum",),
            c.Sandwich,
        ),
        RuleType(
            "arrow",
            "Arrow",
            "Digits along an arrow add up to the number in its circle.",
            "arrow",
            ("arrow",),
            c.Arrow,
        ),
        RuleType(
            "thermometer",
            "Thermometer",
            "Digits increase along a thermometer, starting from its bulb.",
            "thermometer",
            ("thermometer",),
            c.Thermometer,
        ),
        RuleType(
            "kropki",
            "Kropki dots",
            "Cells joined by a white dot hold consecutive digits; by a black dot, one "
            "digit twice the other.",
            "dot",
            ("difference", "ratio"),
            c.Kropki,
        ),
        RuleType(
            "xv",
            "XV",
            "Cells joined by an X add up to 10; by a V, to 5.",
            "edge-letter",
            ("xv",),
            c.XV,
        ),
        RuleType(
            "negative",
            "Negative rule",
            "Every pair of neighbours without a mark is shown: no unmarked neighbours "
            "have the relation the marks show.",
            "none",
            ("negative",),
            c.Negative,
        ),
        RuleType(
            "non-consecutive",
            "Non-consecutive",
            "Orthogonally neighbouring cells never hold consecutive digits.",
            "none",
            ("nonconsecutive",),
            c.NonConsecutive,
        ),
        RuleType(
            "anti-knight",
            "Anti-knight",
            "Cells a chess knight's move apart never hold the same digit.",
            "none",
            ("antiknight",),
            c.AntiKnight,
        ),
        RuleType(
            "anti-king",
            "Anti-king",
            "Cells a chess king's move apart never hold the same digit.",
            "none",
            ("antiking",),
            c.AntiKing,
        ),
        RuleType(
            "parity",
            "Even and odd",
            "A grey square holds an even digit; a grey circle, an odd one.",
            "cell-shape",
            ("even", "odd"),
            c.Parity,
        ),
        RuleType(
            "extreme",
            "Minimum and maximum",
            "A minimum cell is smaller than each neighbour; a maximum, larger.",
            "cell-shape",
            ("minimum", "maximum"),
            c.Extreme,
        ),
        RuleType(
            "quadruple",
            "Quadruple",
            "The digits in a circle appear in the four cells around it.",
            "circle",
            ("quadruple",),
            c.Quadruple,
        ),
        RuleType(
            "clone",
            "Clone",
            "Shaded groups of the same shape hold the same digits, cell for cell.",
            "shade",
            ("clone",),
            c.Clone,
        ),
        RuleType(
            "palindrome",
            "Palindrome",
            "A grey line reads the same from either end.",
            "line",
            ("palindrome",),
            c.Palindrome,
        ),
        RuleType(
            "renban",
            "Renban",
            "A purple line holds a set of consecutive digits in any order.",
            "line",
            ("renban",),
            c.Renban,
        ),
        RuleType(
            "whisper",
            "Whispers",
            "Neighbours along a green line differ by at least 5 (German whispers; "
            "Dutch whispers: 4).",
            "line",
            ("whispers",),
            c.Whisper,
        ),
        RuleType(
            "between",
            "Between line",
            "Digits on a line lie strictly between the digits in its two end circles.",
            "line",
            ("betweenline",),
            c.Between,
        ),
    )
}

_BY_CLASS = {entry.constraint: entry for entry in RULE_TYPES.values()}


def rule_type(rule: c.Constraint) -> RuleType:
    """The registry entry of a constraint."""
    return _BY_CLASS[type(rule)]


@dataclass(frozen=True)
class Variant:
    """A variant by the name players use: the global rules it adds to a grid."""

    name: str
    title: str
    sentence: str
    rules: Callable[[Shape], tuple[c.Constraint, ...]]
    """The constraints the variant itself brings (cages, lines and dots come from the
    puzzle, not the variant)."""
    generated: bool = False
    """Whether the generator makes puzzles of this variant."""


def _windoku(shape: Shape) -> tuple[c.Constraint, ...]:
    n = shape.size
    dims = box_dims(n)
    if dims is None or dims[0] != dims[1]:
        return ()
    side = dims[0]
    windows = []
    for top in range(1, n - side, side + 1):
        for left in range(1, n - side, side + 1):
            windows.append(
                c.ExtraRegion(
                    tuple((top + r) * n + left + k for r in range(side) for k in range(side))
                )
            )
    return tuple(windows)


def _disjoint(shape: Shape) -> tuple[c.Constraint, ...]:
    if shape.box is None:
        return ()
    return (c.DisjointGroups.of(shape.size, *shape.box),)


VARIANTS: dict[str, Variant] = {
    entry.name: entry
    for entry in (
        Variant(
            "classic", "Classic", "Each row, column and box holds every digit once.", lambda s: ()
        ),
        Variant(
            "jigsaw",
            "Jigsaw",
            "Each row, column and irregular region holds every digit once.",
            lambda s: (),
        ),
        Variant(
            "killer",
            "Killer",
            "Digits in a cage do not repeat and add up to the cage's total.",
            lambda s: (),
        ),
        Variant(
            "x",
            "X",
            "Both main diagonals hold every digit once.",
            lambda s: (c.Diagonal.of(s.size), c.Diagonal.of(s.size, anti=True)),
        ),
        Variant("windoku", "Windoku", "The four shaded windows hold every digit once.", _windoku),
        Variant(
            "disjoint",
            "Disjoint groups",
            RULE_TYPES["disjoint-groups"].sentence,
            _disjoint,
        ),
        Variant(
            "anti-knight",
            "Anti-knight",
            RULE_TYPES["anti-knight"].sentence,
            lambda s: (c.AntiKnight(),),
        ),
        Variant(
            "anti-king", "Anti-king", RULE_TYPES["anti-king"].sentence, lambda s: (c.AntiKing(),)
        ),
        Variant(
            "non-consecutive",
            "Non-consecutive",
            RULE_TYPES["non-consecutive"].sentence,
            lambda s: (c.NonConsecutive(),),
        ),
        Variant("thermo", "Thermo", RULE_TYPES["thermometer"].sentence, lambda s: ()),
        Variant("arrow", "Arrow", RULE_TYPES["arrow"].sentence, lambda s: ()),
        Variant("kropki", "Kropki", RULE_TYPES["kropki"].sentence, lambda s: ()),
        Variant("xv", "XV", RULE_TYPES["xv"].sentence, lambda s: ()),
        Variant("whisper", "Whispers", RULE_TYPES["whisper"].sentence, lambda s: ()),
        Variant("renban", "Renban", RULE_TYPES["renban"].sentence, lambda s: ()),
        Variant("palindrome", "Palindrome", RULE_TYPES["palindrome"].sentence, lambda s: ()),
        Variant("between", "Between lines", RULE_TYPES["between"].sentence, lambda s: ()),
        Variant(
            "little-killer", "Little killer", RULE_TYPES["little-killer"].sentence, lambda s: ()
        ),
        Variant("sandwich", "Sandwich", RULE_TYPES["sandwich"].sentence, lambda s: ()),
        Variant("quadruple", "Quadruple", RULE_TYPES["quadruple"].sentence, lambda s: ()),
    )
}


DRAWN_RULES: dict[str, tuple[str, ...]] = {
    "killer": ("cage",),
    "thermo": ("thermometer",),
    "arrow": ("arrow",),
    "kropki": ("kropki",),
    "xv": ("xv",),
    "whisper": ("whisper",),
    "renban": ("renban",),
    "palindrome": ("palindrome",),
    "between": ("between",),
    "little-killer": ("little-killer",),
    "sandwich": ("sandwich",),
    "quadruple": ("quadruple",),
}
"""The constraint types each drawn variant's puzzles carry (a killer has cages)."""


def variant_names(shape: Shape, constraints: Sequence[c.Constraint]) -> tuple[str, ...]:
    """A puzzle in the registry's words: its grid (``classic`` or ``jigsaw``), every
    variant whose rules it holds (``x``, ``windoku``, ``killer``, ... in registry
    order), then the constraint types no variant here accounts for (``sandwich``).

    A generated puzzle's names are its kind's (see
    :class:`~game.engine.generation.kinds.Kind`): ``("jigsaw", "x", "killer")``.
    A negative rule goes with the dots or letters it completes.
    """
    names = ["jigsaw" if shape.is_jigsaw else "classic"]
    held = set(constraints)
    types = {rule_type(rule).name for rule in constraints}
    covered: set[str] = set()
    for name, variant in VARIANTS.items():
        drawn = DRAWN_RULES.get(name)
        if drawn is not None:
            if types.intersection(drawn):
                names.append(name)
                covered.update(drawn)
            continue
        own = variant.rules(shape)
        if own and held.issuperset(own):
            names.append(name)
            held.difference_update(own)
    if "negative" in types and covered.intersection(("kropki", "xv")):
        covered.add("negative")
    leftover = {rule_type(rule).name for rule in held} - covered
    names.extend(name for name in RULE_TYPES if name in leftover)
    return tuple(names)
