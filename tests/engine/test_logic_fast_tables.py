"""The tables and memos that make the Expert techniques fast on variants tell the truth.

:attr:`VariantUnits.seen_digits` must say exactly what ``digit_peers`` says (the bent
wings read one instead of the other), Sue de Coq's per-crossing memo must never hand
one position another's patterns, nor its quick test rule out a crossing that holds
one, and the pair steps must still read only their own
rules' pairs when a rule set mixes kinds.
"""

from __future__ import annotations

import pytest

from game.engine.generator import generate
from game.engine.logic import CandidateGrid
from game.engine.logic.path import solve_path
from game.engine.logic.registry import Level, get
from game.engine.logic.techniques import sue_de_coq
from game.engine.logic.variant_units import units_of
from game.engine.rules import XV, AntiKnight, Diagonal, Kropki, RuleSet
from game.engine.shape import Shape


def test_seen_digits_is_digit_peers_read_by_pair_of_cells() -> None:
    shape = Shape.classic(9)
    rules = RuleSet(shape, (AntiKnight(), Diagonal.of(9), Diagonal.of(9, anti=True)))
    units = units_of(rules)
    cells = shape.cells
    for digit in range(1, 10):
        peers = units.digit_peers[digit - 1]
        for a in range(cells):
            for b in range(cells):
                seen = units.seen_digits[a * cells + b] >> (digit - 1) & 1
                assert seen == peers[a] >> b & 1, (digit, a, b)
    # A knight's move is one for the anti-knight rule, both ways round, for every digit.
    assert units.seen_digits[0 * cells + 11] == (1 << 9) - 1
    assert units.seen_digits[11 * cells + 0] == (1 << 9) - 1
    assert units.seen_digits[0 * cells + 12] == 0  # r1c1 and r2c4: nothing joins them
    assert units.symmetric


def _walk(variant: str, level: Level, seed: int) -> list[CandidateGrid]:
    """The positions of the rater's path through a generated puzzle."""
    rated = generate(variant, 9, level, seed=seed)
    puzzle = rated.puzzle
    grid = CandidateGrid.from_grid(puzzle.shape, puzzle.givens, rules=puzzle.rules)
    positions = [grid]
    for step in solve_path(grid, by_rating=True).steps:
        grid = grid.apply(step.placements, step.eliminations)
        positions.append(grid)
    return positions


def test_sue_de_coq_gives_each_position_its_own_steps_however_often_asked() -> None:
    sue = get("Sue de Coq")
    positions = _walk("windoku", Level.HARD, 1000)
    forward = [list(sue.find(grid)) for grid in positions]
    assert any(forward), "no Sue de Coq on the way: the test would prove nothing"
    # The memo is shared by every position of the shape: asked again, fresh grids and
    # in the other order, each position still gets its own steps.
    for grid, steps in reversed(list(zip(positions, forward, strict=True))):
        fresh = CandidateGrid(grid.shape, grid.values, grid.cands, rules=grid.rules)
        assert list(sue.find(fresh)) == steps


def test_sue_de_coq_rules_out_no_crossing_that_holds_a_pattern(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sue de Coq skips a crossing at once when no cell (or group) of the line shares no
    digit with one of the region; searched in full instead, every position of two
    paths gets the same steps."""
    sue = get("Sue de Coq")
    positions = _walk("windoku", Level.HARD, 1000) + _walk("jigsaw,windoku", Level.EXTREME, 1000)
    quick = [list(sue.find(grid)) for grid in positions]
    assert any(quick), "no Sue de Coq on the way: the test would prove nothing"
    monkeypatch.setattr(sue_de_coq, "_apart", lambda *_: True)
    sue_de_coq._MEMOS.clear()  # what the quick search remembered is not asked again
    for grid, steps in zip(positions, quick, strict=True):
        fresh = CandidateGrid(grid.shape, grid.values, grid.cands, rules=grid.rules)
        assert list(sue.find(fresh)) == steps


def test_pair_steps_read_only_their_own_rules() -> None:
    shape = Shape.classic(9)
    # r1c1-r1c2 carries a white dot, r1c1-r2c1 an X; r1c2 may only be 1 or 9, which a
    # white dot leaves r1c1 no partner for 5 (and others), an X only 1 or 9 beside.
    rules = RuleSet(shape, (Kropki(0, 1, black=False), XV(0, 9, total=10)))
    grid = [0] * 81
    cands = [(1 << 9) - 1] * 81
    cands[1] = 0b100000001  # 1 or 9
    cands[9] = 0b000010000  # 5
    position = CandidateGrid(shape, grid, cands, rules=rules)
    kropki = list(get("Kropki Pair").find(position))
    xv = list(get("XV Pair").find(position))
    assert kropki and all("white dot" in step.explanation for step in kropki)
    assert xv and all("An X joins" in step.explanation for step in xv)
    assert {cell for step in kropki for cell, _digit in step.eliminations} <= {0, 1}
    assert {cell for step in xv for cell, _digit in step.eliminations} <= {0, 9}
