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
    RuleGroup,
    is_made,
    kind_toggling,
    kind_with_grid,
    kind_with_rule,
    offered_kind,
    offered_levels,
    offered_sizes,
    picked_rule,
    picked_rules,
    rule_group,
)


def test_the_groups_hold_every_variant_the_generator_makes_once() -> None:
    names = [name for rules in RULE_GROUPS for name in rules.names]
    assert sorted(names) == sorted(n for n in VARIANTS if n not in ("classic", "jigsaw"))
    assert rule_group("clues").options()[1] == ("killer", "Killer")
    with pytest.raises(KeyError):
        rule_group("colours")


def _picks(rules: RuleGroup) -> list[tuple[str, ...]]:
    """What the card can take from ``rules``: any set of a group of many, else one."""
    if not rules.many:
        return [(), *((name,) for name in rules.names)]
    names = rules.names
    return [c for k in range(len(names) + 1) for c in itertools.combinations(names, k)]


def card_kinds() -> list[str]:
    """Every kind the card can ask for: a grid, any global rules of the groups of
    many, and at most one kind of clues."""
    found = []
    for grid in Variant:
        for picks in itertools.product(*(_picks(rules) for rules in RULE_GROUPS)):
            words = [grid.value, *(name for pick in picks for name in pick)]
            found.append(PuzzleKind(",".join(words), 9, None).variant)
    return found


@pytest.mark.parametrize("size", [4, 6])
def test_every_small_kind_offered_has_a_grid_to_make(size: int) -> None:
    """A kind the card offers must have a solution grid under its global rules (a 4x4
    anti-king has none, nor a 6x6 with anti-knight and anti-king): the solver on the
    empty grid, per set of global rules offered."""
    seen: set[tuple[str, ...]] = set()
    for variant in card_kinds():
        if not available_levels(variant, size) or variant.startswith("jigsaw"):
            continue  # jigsaw layouts are screened for a grid by the generator itself
        kind = Kind.parse(variant)
        if kind.rules in seen:
            continue  # the clues drawn do not change whether a grid exists
        seen.add(kind.rules)
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


def test_global_rules_combine_and_clues_stay_one_of_a_kind() -> None:
    houses, neighbours = rule_group("houses"), rule_group("neighbours")
    assert houses.many and neighbours.many and not rule_group("clues").many
    kind = kind_toggling(PuzzleKind("windoku", 9, Level.EASY), "x")
    assert kind.variant == "x,windoku" and is_made(kind)
    assert picked_rules(kind, houses) == ("x", "windoku")
    kind = kind_toggling(kind_toggling(kind, "anti-king"), "windoku")
    assert kind.variant == "x,anti-king" and picked_rules(kind, neighbours) == ("anti-king",)
    assert offered_sizes("x,anti-king") == (9,)  # no 4x4 or 6x6 grid keeps both
    assert not is_made(kind_toggling(PuzzleKind("windoku,anti-king", 9), "anti-knight"))
    jigsaw = kind_toggling(kind_toggling(PuzzleKind("jigsaw,x", 9), "killer"), "anti-knight")
    assert not is_made(jigsaw)  # no anti-knight on a jigsaw: that rule alone goes
    assert offered_kind(jigsaw).variant == "jigsaw,x,killer"


@pytest.mark.parametrize(
    ("variant", "size"),
    [("x,disjoint", 6), ("anti-knight,anti-king", 6), ("windoku,anti-knight", 9)],
)
def test_combinations_without_a_grid_are_not_made(variant: str, size: int) -> None:
    """Sets of rules the exact solver finds no grid for are refused by the kinds."""
    assert Kind.parse(variant).fits(size) is not None
    assert not available_levels(variant, size)
