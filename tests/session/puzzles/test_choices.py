"""What New game offers: only kinds the generator makes, each with a grid to make."""

from __future__ import annotations

import itertools

import pytest

from game.engine import solver
from game.engine.generation.kinds import Kind
from game.engine.generator import available_levels
from game.engine.logic.registry import Level
from game.engine.rules import VARIANTS, RuleSet
from game.engine.shape import Shape
from game.session.play import PuzzleKind, Variant
from game.session.puzzles import (
    NEW_GAME_SIZES,
    RULE_GROUPS,
    is_made,
    kind_with_grid,
    kind_with_rule,
    offered_kind,
    offered_levels,
    offered_sizes,
    picked_rule,
    rule_group,
)


def test_the_groups_hold_every_variant_the_generator_makes_once() -> None:
    names = [name for rules in RULE_GROUPS for name in rules.names]
    assert sorted(names) == sorted(n for n in VARIANTS if n not in ("classic", "jigsaw"))
    assert rule_group("clues").options()[1] == ("killer", "Killer")
    with pytest.raises(KeyError):
        rule_group("colours")


def card_kinds() -> list[str]:
    """Every kind the card can ask for: a grid and at most one rule from each group."""
    found = []
    for grid in Variant:
        for picks in itertools.product(*(("", *rules.names) for rules in RULE_GROUPS)):
            kind = PuzzleKind(",".join([grid.value, *(p for p in picks if p)]), 9, None)
            found.append(kind.variant)
    return found


@pytest.mark.parametrize("size", [4, 6])
def test_every_small_kind_offered_has_a_grid_to_make(size: int) -> None:
    """A kind the card offers must have a solution grid under its global rules (a 4x4
    anti-king has none): the solver on the empty grid, per kind offered."""
    for variant in card_kinds():
        if not available_levels(variant, size) or variant.startswith("jigsaw"):
            continue  # jigsaw layouts are screened for a grid by the generator itself
        kind = Kind.parse(variant)
        shape = Shape.classic(size)
        rules = RuleSet(shape, kind.constraints(shape))
        found = solver.settle(rules, [0] * shape.cells, limit=1)
        assert found.status is solver.Status.MULTIPLE, (variant, size)


def test_a_kind_is_made_possible_step_by_step() -> None:
    kind = PuzzleKind("classic", 16, Level.EXTREME)
    assert offered_kind(kind).level in available_levels("classic", 16)
    jigsaw = kind_with_grid(PuzzleKind("disjoint", 9, Level.HARD), Variant.JIGSAW)
    assert not is_made(jigsaw)
    assert offered_kind(jigsaw) == PuzzleKind("jigsaw", 9, Level.HARD)
    thermo = kind_with_rule(PuzzleKind("x", 4, Level.EASY), rule_group("clues"), "thermo")
    assert thermo.variant == "x,thermo"
    assert offered_kind(thermo).size == 9  # thermometers come in 9x9 only
    assert picked_rule(thermo, rule_group("houses")) == "x"
    assert picked_rule(thermo, rule_group("neighbours")) == ""
    assert kind_with_rule(thermo, rule_group("houses"), "").variant == "thermo"
    assert offered_sizes("jigsaw") == (6, 9) and set(offered_sizes("classic")) <= set(
        NEW_GAME_SIZES
    )
    assert offered_levels("killer", 4) == (Level.EASY,)
