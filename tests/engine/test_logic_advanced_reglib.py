"""Advanced techniques against HoDoKu's regression library.

For every library case of a technique, the steps our finder yields must make every
elimination and placement HoDoKu expects (a placement also counts when our steps
remove every other candidate of its cell), and none may contradict the solution.
(HoDoKu's three BUG+1 fail cases are grids with several solutions, which the
library reader skips, so there is no fail case to check here.)
"""

from __future__ import annotations

import pytest

from game.engine.logic import registry

from .reglib import REGLIB, Case, cases

pytestmark = pytest.mark.skipif(not REGLIB.exists(), reason="shared data not available")

CODES: dict[str, str] = {
    "0500": "Simple Colouring",  # colour trap
    "0501": "Simple Colouring",  # colour wrap
    "0600": "Unique Rectangle",  # types 1 to 4 ...
    "0601": "Unique Rectangle",
    "0602": "Unique Rectangle",
    "0603": "Unique Rectangle",
    "0610": "BUG+1",
    "0701": "X-Chain",
    "0702": "XY-Chain",
    "0703": "XY-Chain",  # remote pairs are XY-chains
    "0706": "Alternating Inference Chain",  # continuous nice loops
    "0707": "Alternating Inference Chain",  # discontinuous nice loops
    "0708": "Alternating Inference Chain",
    "0800": "XY-Wing",
    "0801": "XYZ-Wing",
    "0803": "W-Wing",
}


def _made(case: Case, name: str) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """What the technique's steps remove and place in the case, checked for soundness."""
    removed: set[tuple[int, int]] = set()
    placed: set[tuple[int, int]] = set()
    for step in registry.get(name).find(case.grid):
        for cell, digit in step.eliminations:
            assert case.solution[cell] != digit, f"line {case.line}: {step.explanation}"
        for cell, digit in step.placements:
            assert case.solution[cell] == digit, f"line {case.line}: {step.explanation}"
        removed.update(step.eliminations)
        placed.update(step.placements)
    for cell, digit in placed:
        removed.update((cell, d) for d in range(1, 10) if d != digit)
    for cell in range(81):
        left = [d for d in range(1, 10) if case.grid.cands[cell] >> (d - 1) & 1]
        kept = [d for d in left if (cell, d) not in removed]
        if len(left) > 1 and len(kept) == 1:
            placed.add((cell, kept[0]))
    return removed, placed


@pytest.mark.parametrize("code", sorted(CODES))
def test_expected_results_are_found_and_sound(code: str) -> None:
    name = CODES[code]
    checked = 0
    for case in cases(code):
        if case.is_fail_case:
            continue
        removed, placed = _made(case, name)
        assert case.eliminations <= removed, f"reglib line {case.line}"
        assert case.placements <= placed, f"reglib line {case.line}"
        checked += 1
    assert checked >= 3
