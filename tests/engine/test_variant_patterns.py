"""One-digit patterns, bent wings and fish that only a variant's houses and links make.

Each position is built by hand: a digit's candidates where the pattern needs them and
nowhere else (other cells are empty with no candidates, which the finders read as
cells the digit cannot take).  Each test checks that the technique finds the step
under the variant's rules, says which rule it used, and that the same candidates
without the rules give no such step, so the test fails if the finder stops reading
the variant.  Soundness on real puzzles is walked in test_variant_fish_wings.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.engine.logic import CandidateGrid
from game.engine.logic.path import steps_of
from game.engine.logic.registry import get
from game.engine.rules import AntiKnight, Cage, Constraint, Diagonal, ExtraRegion, RuleSet
from game.engine.shape import Shape

SHAPE = Shape.classic(9)


def cell(name: str) -> int:
    """``r4c7`` as a 0-based cell index."""
    row, column = name[1:].split("c")
    return (int(row) - 1) * 9 + int(column) - 1


def position(cands: Mapping[str, Iterable[int]]) -> tuple[int, ...]:
    """Candidate masks: the named cells get their digits, every other cell none."""
    masks = [0] * 81
    for name, digits in cands.items():
        for digit in digits:
            masks[cell(name)] |= 1 << (digit - 1)
    return tuple(masks)


def removals(
    technique: str, masks: tuple[int, ...], rules: RuleSet | None
) -> list[tuple[set[tuple[int, int]], str]]:
    """What each step of ``technique`` removes, and how it says it."""
    grid = CandidateGrid(SHAPE, [0] * 81, masks, givens=0, rules=rules)
    return [(set(step.eliminations), step.explanation) for step in steps_of(grid, get(technique))]


def found_only_under(
    technique: str, masks: tuple[int, ...], constraints: tuple[Constraint, ...], target: str
) -> str:
    """The explanation of the step removing ``target``'s digit under the variant;
    asserts that without the variant no step of ``technique`` removes it."""
    rules = RuleSet(SHAPE, constraints)
    digit = masks[cell(target)]
    wanted = {(cell(target), d + 1) for d in range(9) if digit >> d & 1}
    with_rules = [text for removed, text in removals(technique, masks, rules) if removed & wanted]
    assert with_rules, f"{technique} missed {target} under the variant"
    classic = [text for removed, text in removals(technique, masks, None) if removed & wanted]
    assert not classic, classic
    return with_rules[0]


def test_skyscraper_joined_by_a_knights_move() -> None:
    # Row 1 has its 1s in r1c1 and r1c5, row 2 in r2c2 and r2c7; the inner ends
    # r1c5 and r2c7 share no house but are a knight's move apart.
    masks = position({"r1c1": [1], "r1c5": [1], "r2c7": [1], "r2c2": [1], "r3c1": [1]})
    text = found_only_under("Skyscraper", masks, (AntiKnight(),), "r3c1")
    assert "r1c5 sees r2c7 by the anti-knight rule" in text


def test_two_string_kite_joined_by_a_knights_move() -> None:
    masks = position({"r1c4": [1], "r1c9": [1], "r3c3": [1], "r8c3": [1], "r8c9": [1]})
    text = found_only_under("2-String Kite", masks, (AntiKnight(),), "r8c9")
    assert "r1c4 sees r3c3 by the anti-knight rule" in text


def test_turbot_fish_with_a_strong_link_on_the_diagonal() -> None:
    masks = position({"r2c2": [1], "r7c7": [1], "r4c7": [1], "r4c1": [1], "r3c1": [1]})
    text = found_only_under("Turbot Fish", masks, (Diagonal.of(9),), "r3c1")
    assert "in the main diagonal, only in r7c7 or r2c2" in text


def test_empty_rectangle_in_an_extra_region() -> None:
    # The window r2-4 c2-4 has its 5s on row 4 (r4c2, r4c3) and column 4 (r2c4,
    # r3c4); column 8 links r4c8 and r7c8; so r7c4 cannot be 5.  No box holds both arms.
    window = tuple(cell(f"r{r}c{c}") for r in (2, 3, 4) for c in (2, 3, 4))
    cands = {name: [5] for name in ("r4c2", "r4c3", "r2c4", "r3c4", "r4c8", "r7c8", "r7c4")}
    text = found_only_under("Empty Rectangle", position(cands), (ExtraRegion(window),), "r7c4")
    assert "in extra region 1, every 5 is in row 4 or column 4" in text


def test_wxyz_wing_whose_pivot_sees_a_wing_by_a_knights_move() -> None:
    # r1c3 {1,2,3} sees r2c5 {2,4} only by a knight's move; r1c1 {1,3} and r1c8 {1,4}
    # share its row.  Only 4 is free, in r1c8 and r2c5, so r2c9 (seeing both) loses it.
    masks = position(
        {"r1c3": [1, 2, 3], "r2c5": [2, 4], "r1c1": [1, 3], "r1c8": [1, 4], "r2c9": [4, 5]}
    )
    text = found_only_under("WXYZ-Wing", masks, (AntiKnight(),), "r2c9")
    assert "r1c3 sees r2c5 by the anti-knight rule" in text


def test_a_killer_cage_covers_a_fish_but_never_bases_one() -> None:
    # Rows 3 and 4 have their 7s in column 7 and in the cage r3c3+r4c3+r4c4: each
    # row needs a 7, the column and the cage hold one each, so r8c7 cannot be 7.
    # Only the cage can cover this fish, so a step naming it in the cover is the test.
    cage = Cage((cell("r3c3"), cell("r4c3"), cell("r4c4")), 12)
    masks = position({name: [7] for name in ("r3c3", "r3c7", "r4c4", "r4c7", "r8c7", "r8c1")})
    rules = RuleSet(SHAPE, (cage,))
    said = [
        text
        for removed, text in removals("Franken X-Wing", masks, rules)
        if (cell("r8c7"), 7) in removed
    ]
    assert any("the cover column 7 and the cage at r3c3" in text for text in said), said
    for technique in ("Franken X-Wing", "Mutant X-Wing", "Finned Mutant X-Wing"):
        for _removed, text in removals(technique, masks, rules):
            base = text.split("the base is ", 1)[1].split(", the cover", 1)[0]
            assert "cage" not in base, text
