"""Intermediate techniques against HoDoKu's regression library.

For every library case of a technique, the steps our finder yields must include
every elimination (and placement) HoDoKu expects, and none of them may contradict
the solution.  Where HoDoKu and we name a variant differently (a sashimi fish is
"finned" to one and "sashimi" to the other) both names are accepted.
"""

from __future__ import annotations

import pytest

from game.engine.logic import registry

from .reglib import REGLIB, cases

pytestmark = pytest.mark.skipif(not REGLIB.exists(), reason="shared data not available")

CODES: dict[str, tuple[str, ...]] = {
    "0100": ("Pointing",),
    "0101": ("Claiming",),
    "0200": ("Naked Pair",),
    "0201": ("Naked Triple",),
    "0202": ("Naked Quad",),
    "0210": ("Hidden Pair",),
    "0211": ("Hidden Triple",),
    "0212": ("Hidden Quad",),
    "0300": ("X-Wing",),
    "0301": ("Swordfish",),
    "0302": ("Jellyfish",),
    "0310": ("Finned X-Wing", "Sashimi X-Wing"),
    "0311": ("Finned Swordfish", "Sashimi Swordfish"),
    "0312": ("Finned Jellyfish", "Sashimi Jellyfish"),
    "0320": ("Finned X-Wing", "Sashimi X-Wing"),
    "0321": ("Finned Swordfish", "Sashimi Swordfish"),
    "0322": ("Finned Jellyfish", "Sashimi Jellyfish"),
    "0400": ("Skyscraper",),
    "0401": ("2-String Kite",),
    "0402": ("Empty Rectangle",),
    "0403": ("Turbot Fish", "Skyscraper", "2-String Kite", "Empty Rectangle"),
}


@pytest.mark.parametrize("code", sorted(CODES))
def test_expected_eliminations_are_found(code: str) -> None:
    finders = [registry.get(name) for name in CODES[code] if _known(name)]
    if not finders:
        pytest.skip(f"no technique for {code} yet")
    checked = 0
    for case in cases(code):
        if case.code != code:
            continue  # a longer code sharing the prefix (e.g. 03111, Siamese fish)
        steps = [step for finder in finders for step in finder.find(case.grid)]
        eliminations = {e for step in steps for e in step.eliminations}
        placements = {p for step in steps for p in step.placements}
        for cell, digit in eliminations:
            assert case.solution[cell] != digit, f"reglib line {case.line}: removes the answer"
        for cell, digit in placements:
            assert case.solution[cell] == digit, f"reglib line {case.line}: wrong placement"
        if case.is_fail_case:
            assert not steps, f"reglib line {case.line}: fail case found a step"
        else:
            missing = case.eliminations - eliminations
            assert not missing, f"reglib line {case.line}: missed {sorted(missing)}"
            assert case.placements <= placements, f"reglib line {case.line}"
        checked += 1
    assert checked >= 5


def _known(name: str) -> bool:
    try:
        registry.get(name)
    except KeyError:
        return False
    return True
