"""How a fish of any kind is told and drawn: names, explanations, marks and areas.

Shared by the Franken and Mutant fish and by Siamese fish, whose base and cover
sets may be any units; the basic fish of :mod:`.techniques.fish` word rows and
columns their own way but outline their sets with the same :func:`fish_areas`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..houses import HouseKind
from ..shape import Shape
from ..symbols import symbol
from .fish_search import Fish, FishKind
from .grid import cells_of, tables
from .step import Area, AreaKind, Mark, Role, Step
from .variant_units import VariantUnits, sightings
from .wording import and_list, cells_text, removal_text

FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
NUMBER = {2: "two", 3: "three", 4: "four"}


def fish_name(kind: FishKind, size: int, finned: bool) -> str:
    """``"Finned Franken Swordfish"`` and the like (HoDoKu's names)."""
    family = {FishKind.BASIC: "", FishKind.FRANKEN: "Franken ", FishKind.MUTANT: "Mutant "}[kind]
    return f"{'Finned ' if finned else ''}{family}{FISH_NAMES[size]}"


SHORT_KIND = {HouseKind.ROW: "r", HouseKind.COLUMN: "c", HouseKind.BOX: "b"}
"""The letter of a house kind in short labels; other kinds are written out."""


def unit_label(shape: Shape, unit: int, units: VariantUnits | None = None) -> str:
    """A unit's short name for an outline's corner: ``r1``, ``c5``, ``b8``, ``region 3``,
    and under a variant's ``units`` ``main diagonal``, ``extra region 2`` ..."""
    if units is not None and units.is_extra(unit):
        return units.fish_labels[unit]
    house = shape.houses[unit]
    letter = SHORT_KIND.get(house.kind)
    return f"{letter}{house.index + 1}" if letter else house.name


def _members(shape: Shape, unit: int, units: VariantUnits | None) -> tuple[int, ...]:
    if units is not None and units.is_extra(unit):
        return tuple(cells_of(units.fish_mask[unit]))
    return tuple(shape.units[unit])


def fish_areas(
    shape: Shape,
    digit: int,
    bases: Sequence[int],
    covers: Sequence[int],
    units: VariantUnits | None = None,
) -> tuple[Area, ...]:
    """Outlines of the base units and the cover units, numbered and labelled."""
    bit = 1 << (digit - 1)
    return tuple(
        Area(
            _members(shape, unit, units),
            AreaKind.BASE,
            index,
            bit,
            f"base {unit_label(shape, unit, units)}",
        )
        for index, unit in enumerate(bases)
    ) + tuple(
        Area(
            _members(shape, unit, units),
            AreaKind.COVER,
            index,
            bit,
            f"cover {unit_label(shape, unit, units)}",
        )
        for index, unit in enumerate(covers)
    )


def fish_marks(
    shape: Shape,
    places: int,
    digit: int,
    fishes: Sequence[Fish],
    eliminations: int,
    units: VariantUnits | None = None,
) -> tuple[Mark, ...]:
    """Body as pattern, fins, removals as focus, the rest of the cover as cover."""
    unit_mask = tables(shape).unit_mask if units is None else units.fish_mask
    body = fins = members = 0
    for fish in fishes:
        body |= fish.body
        fins |= fish.fins
        for unit in fish.covers:
            members |= unit_mask[unit]
    fins &= ~body
    cover = members & places & ~body & ~fins & ~eliminations
    return (
        tuple(Mark(cell, digit, Role.PATTERN) for cell in cells_of(body))
        + tuple(Mark(cell, digit, Role.FIN) for cell in cells_of(fins))
        + tuple(Mark(cell, digit, Role.COVER) for cell in cells_of(cover))
        + tuple(Mark(cell, digit, Role.FOCUS) for cell in cells_of(eliminations))
    )


def units_text(shape: Shape, members: Sequence[int], units: VariantUnits | None = None) -> str:
    """``row 2, column 5 and box 8``; ``row 2 and the main diagonal`` under a variant."""
    if units is not None:
        return and_list([units.fish_names[unit] for unit in members])
    return and_list([shape.unit_name(unit) for unit in members])


def fins_text(shape: Shape, places: int, fish: Fish, units: VariantUnits | None = None) -> str:
    """``the fin r8c4`` or ``the fins r4c4 (in two base units) and r8c4``."""
    n = shape.size
    unit_mask = tables(shape).unit_mask if units is None else units.fish_mask
    shared = 0
    seen = 0
    for unit in fish.bases:
        cells = unit_mask[unit] & places
        shared |= seen & cells
        seen |= cells
    words = []
    for cell in cells_of(fish.fins):
        text = cells_text([cell], n)
        words.append(f"{text} (in two base units)" if shared >> cell & 1 else text)
    return f"the fin{'s' if len(words) > 1 else ''} {and_list(words)}"


def fish_step(
    shape: Shape,
    places: int,
    digit: int,
    fish: Fish,
    name: str,
    rating: float,
    units: VariantUnits | None = None,
) -> Step:
    """The step of one fish of any kind on ``digit`` (candidates ``places``); under a
    variant's ``units``, its units may be any full house, and its fins seen through a
    constraint."""
    n = shape.size
    d = symbol(digit)
    eliminations = tuple((cell, digit) for cell in cells_of(fish.eliminations))
    count = NUMBER.get(fish.size, str(fish.size))
    head = (
        f"{name} on {d}: the base is {units_text(shape, fish.bases, units)}, the cover "
        f"{units_text(shape, fish.covers, units)}. Every {d} of the base lies in the cover "
        f"({cells_text(cells_of(fish.body), n)})"
    )
    need = (
        f"The {count} base units need {count} {d}s in different cells and each cover "
        f"unit holds only one {d}"
    )
    cannibals = fish.eliminations & fish.body
    twice = ""
    if cannibals:
        verb = "lies" if cannibals.bit_count() == 1 else "lie"
        twice = (
            f" {cells_text(cells_of(cannibals), n)} {verb} in two cover units, so it "
            f"cannot be one of those {d}s either."
        )
    if fish.fins:
        one = fish.fins.bit_count() == 1
        sight = (
            "" if units is None else sightings(units, fish.eliminations, cells_of(fish.fins), digit)
        )
        explanation = (
            f"{head}, except {fins_text(shape, places, fish, units)}. {need}, so unless "
            f"{'the fin' if one else 'a fin'} is {d}, those {d}s fill the cover units.{twice} "
            f"Either way, a cover cell that sees {'the fin' if one else 'every fin'}{sight} "
            f"cannot be {d}: {removal_text(eliminations, n)}."
        )
    else:
        explanation = (
            f"{head}. {need}, so those {d}s fill the cover units and no other cell of "
            f"them can be {d}.{twice} So {removal_text(eliminations, n)}."
        )
    return Step(
        name,
        eliminations=eliminations,
        explanation=explanation,
        marks=fish_marks(shape, places, digit, (fish,), fish.eliminations, units),
        # A step's units are the shape's (the board draws them); extra houses are
        # outlined by the areas alone.
        units=tuple(u for u in (*fish.bases, *fish.covers) if u < len(shape.houses)),
        rating=rating,
        areas=fish_areas(shape, digit, fish.bases, fish.covers, units),
    )


def siamese_step(
    shape: Shape,
    places: int,
    digit: int,
    first: Fish,
    second: Fish,
    name: str,
    rating: float,
    units: VariantUnits | None = None,
) -> Step:
    """Two finned fish on the same base units, their removals made in one step; under
    a variant's ``units``, as :func:`fish_step`."""
    n = shape.size
    d = symbol(digit)
    removed = first.eliminations | second.eliminations
    eliminations = tuple((cell, digit) for cell in cells_of(removed))
    covers: list[int] = list(first.covers)
    covers += [unit for unit in second.covers if unit not in covers]
    one, other = (
        f"covered by {units_text(shape, fish.covers, units)} with "
        f"{fins_text(shape, places, fish, units)}, removes {d} from "
        f"{cells_text(cells_of(fish.eliminations), n)}"
        + ("" if units is None else sightings(units, fish.eliminations, cells_of(fish.fins), digit))
        for fish in (first, second)
    )
    bases = units_text(shape, first.bases, units)
    explanation = (
        f"{name} on {d}: two finned fish share the base {bases}. "
        f"One, {one}; the other, {other}. Each is a fish of its own (a fin is {d}, or "
        f"the base {d}s fill its cover), so both hold: {removal_text(eliminations, n)}."
    )
    return Step(
        name,
        eliminations=eliminations,
        explanation=explanation,
        marks=fish_marks(shape, places, digit, (first, second), removed, units),
        units=tuple(u for u in (*first.bases, *covers) if u < len(shape.houses)),
        rating=rating,
        areas=fish_areas(shape, digit, first.bases, covers, units),
    )
