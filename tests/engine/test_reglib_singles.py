"""Singles against HoDoKu's regression library: every expected placement is found."""

from __future__ import annotations

import pytest

from game.engine.logic import registry

from .reglib import REGLIB, cases

pytestmark = pytest.mark.skipif(not REGLIB.exists(), reason="shared data not available")

CODES = {"0000": "Full House", "0002": "Hidden Single", "0003": "Naked Single"}


@pytest.mark.parametrize("code", sorted(CODES))
def test_expected_placement_is_found(code: str) -> None:
    technique = registry.get(CODES[code])
    checked = 0
    for case in cases(code):
        found = {p for step in technique.find(case.grid) for p in step.placements}
        assert case.placements <= found, f"reglib line {case.line}"
        assert all(case.solution[cell] == digit for cell, digit in found)
        checked += 1
    assert checked > 5
