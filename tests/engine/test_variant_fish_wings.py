"""Fish, wings and chains under a variant's houses and weak links, checked against the
exact solution at every position of real X, Windoku, anti-knight and jigsaw puzzles.

Every step the fish, wing and chain finders offer (not only the one a hint picks)
may remove only digits the solution does not have; and on these puzzles some of
those steps do use what the variant adds, named as players name it.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from game.engine.formats.fpuzzles import parse_fpuzzles
from game.engine.formats.solo import parse_solo
from game.engine.logic import CandidateGrid
from game.engine.logic.path import find_step, steps_of
from game.engine.logic.registry import all_techniques
from game.engine.rules import RuleSet

FAMILY = ("X-Wing", "Swordfish", "Jellyfish", "XY-Wing", "XYZ-Wing", "W-Wing", "X-Chain")
TECHNIQUES = [
    t
    for t in all_techniques()
    if any(t.name.endswith(word) for word in FAMILY) and "Siamese" not in t.name
]
FPUZZLES_KINDS = (("antiknight",), ("extraregion",), ("diagonal",))
"""The f-puzzles puzzles walked, by their whole list of rules (one each keeps it fast)."""


def _cases(data: Path) -> list[tuple[str, RuleSet, tuple[int, ...], tuple[int, ...]]]:
    cases = []
    taken: dict[str, int] = {}
    rows = csv.DictReader((data / "variants" / "solo.tsv").open(), delimiter="\t")
    for row in rows:
        kind = row["kind"]
        if kind != "jigsaw-x-9x9" or taken.get(kind, 0) >= 1:
            continue
        if row["solo_difficulty"] not in ("Advanced", "Extreme", "Trivial"):
            continue
        taken[kind] = taken.get(kind, 0) + 1
        puzzle = parse_solo(row["solo_id"]).puzzle
        solution = tuple(int(c) for c in row["solution"])
        cases.append((kind, puzzle.rules, puzzle.givens, solution))
    with (data / "variants" / "fpuzzles.jsonl").open(encoding="utf-8") as lines:
        for line in lines:
            entry = json.loads(line)
            if tuple(entry["types"]) not in FPUZZLES_KINDS:
                continue
            puzzle = parse_fpuzzles(entry["fpuzzles"]).puzzle
            solution = tuple(int(c, 36) for c in entry["solution"])
            cases.append((",".join(entry["types"]), puzzle.rules, puzzle.givens, solution))
    return cases


def _walk(rules: RuleSet, givens: tuple[int, ...], solution: tuple[int, ...]) -> list[str]:
    """Every fish, wing and chain step at every position of the hint path, checked."""
    said = []
    position = CandidateGrid.from_grid(rules.shape, givens, rules=rules)
    while not position.is_solved():
        for technique in TECHNIQUES:
            for step in steps_of(position, technique):
                for cell, digit in step.eliminations:
                    assert solution[cell] != digit, step.explanation
                for cell, digit in step.placements:
                    assert solution[cell] == digit, step.explanation
                said.append(step.explanation)
        hint = find_step(position, unique=True).step
        if hint is None or hint.last_resort:
            break
        position = position.apply(hint.placements, hint.eliminations)
    return said


@pytest.fixture(scope="module")
def walked(shared_data: Path) -> list[str]:
    said = []
    for _kind, rules, givens, solution in _cases(shared_data):
        said += _walk(rules, givens, solution)
    return said


def test_fish_wing_and_chain_steps_on_variants_are_sound(walked: list[str]) -> None:
    assert walked, "no fish, wing or chain step was tried"


def test_some_steps_see_through_what_the_variant_adds(walked: list[str]) -> None:
    through = [
        text
        for text in walked
        if "diagonal" in text
        or "extra region" in text
        or " rule)" in text
        or "by the anti-knight rule" in text
    ]
    assert through, "no step used a diagonal, an extra region or a constraint's link"
