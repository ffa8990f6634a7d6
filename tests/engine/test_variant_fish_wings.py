"""Fish, wings and chains under a variant's houses and weak links, checked against the
exact solution at every position of real jigsaw X, extra-region, diagonal, disjoint-group,
anti-knight and killer puzzles.

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
PATTERNS = ("Skyscraper", "2-String Kite", "Turbot Fish", "Empty Rectangle")
TECHNIQUES = [
    t
    for t in all_techniques()
    if any(t.name.endswith(word) for word in FAMILY + PATTERNS) and t.name != "ALS-XY-Wing"
]
SLOW = [t for t in all_techniques() if t.name == "ALS-XY-Wing"]
"""Walked at every :data:`SLOW_EVERY`-th position only: it costs more than all the rest."""
SLOW_EVERY = 8
FPUZZLES_KINDS = (
    ("antiknight",),
    ("extraregion",),
    ("diagonal",),
    ("disjointgroups",),
    ("evenodd", "killer", "littlekiller"),
)
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


def _walk(
    rules: RuleSet, givens: tuple[int, ...], solution: tuple[int, ...]
) -> list[tuple[str, str]]:
    """Every fish, wing and chain step at every position of the hint path, checked."""
    said = []
    position = CandidateGrid.from_grid(rules.shape, givens, rules=rules)
    count = 0
    while not position.is_solved():
        count += 1
        for technique in TECHNIQUES + (SLOW if count % SLOW_EVERY == 1 else []):
            for step in steps_of(position, technique):
                for cell, digit in step.eliminations:
                    assert solution[cell] != digit, step.explanation
                for cell, digit in step.placements:
                    assert solution[cell] == digit, step.explanation
                said.append((step.technique, step.explanation))
        hint = find_step(position, unique=True).step
        if hint is None or hint.last_resort:
            break
        position = position.apply(hint.placements, hint.eliminations)
    return said


@pytest.fixture(scope="module")
def walked(shared_data: Path) -> list[tuple[str, str]]:
    said = []
    for _kind, rules, givens, solution in _cases(shared_data):
        said += _walk(rules, givens, solution)
    return said


def test_fish_wing_and_chain_steps_on_variants_are_sound(walked: list[tuple[str, str]]) -> None:
    assert walked, "no fish, wing or chain step was tried"


def _through(text: str) -> bool:
    """Whether a step says it used what the variant adds."""
    return any(
        word in text
        for word in ("diagonal", "extra region", "disjoint group", " rule)", " rule;", "cage at")
    )


def test_some_steps_see_through_what_the_variant_adds(walked: list[tuple[str, str]]) -> None:
    through = [text for _name, text in walked if _through(text)]
    assert through, "no step used a diagonal, an extra region or a constraint's link"


@pytest.mark.parametrize(
    "family",
    ["Skyscraper", "2-String Kite", "Turbot Fish", "Empty Rectangle", "WXYZ-Wing", "Siamese"],
)
def test_each_extended_technique_meets_the_variant_on_real_puzzles(
    walked: list[tuple[str, str]], family: str
) -> None:
    assert any(family in name and _through(text) for name, text in walked), family
