"""The puzzle value and the rules: validation messages, conflicts, dead ends."""

from __future__ import annotations

import pytest

from game.engine.errors import InvalidPuzzleError, PuzzleError
from game.engine.puzzle import Puzzle, PuzzleRecord
from game.engine.rules import candidates, conflicting_cells, dead_end, is_solution
from game.engine.shape import Shape

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_conflicting_givens_name_the_unit_and_digit() -> None:
    text = "55" + CLASSIC[2:]
    with pytest.raises(InvalidPuzzleError, match=r"5 appears 2 times in row 1 \(r1c1, r1c2\)"):
        Puzzle.from_string(text)


def test_unknown_character_has_a_column() -> None:
    with pytest.raises(InvalidPuzzleError) as caught:
        Puzzle.from_string(CLASSIC[:40] + "x" + CLASSIC[41:])
    assert caught.value.column == 41
    assert caught.value.located("p.txt") == "p.txt:1:41: unknown character 'x'"


def test_wrong_cell_count() -> None:
    with pytest.raises(PuzzleError, match="80 cells do not make a square grid"):
        Puzzle.from_string(CLASSIC[:80])


def test_repr_rebuilds_the_puzzle() -> None:
    puzzle = Puzzle.from_string(CLASSIC)
    assert eval(repr(puzzle), {"Puzzle": Puzzle}) == puzzle
    assert puzzle.clue_count == 30


def test_sixteen_by_sixteen_symbols() -> None:
    shape = Shape.classic(16)
    puzzle = Puzzle(shape, tuple([16] + [0] * 255))
    assert str(puzzle)[0] == "G"


def test_record_keeps_entries_apart_from_givens() -> None:
    puzzle = Puzzle.from_string(CLASSIC)
    entries = [0] * 81
    entries[2] = 4
    record = PuzzleRecord(puzzle, entries=tuple(entries))
    assert record.grid[2] == 4 and puzzle.givens[2] == 0
    assert record.has_progress
    entries[0] = 1  # r1c1 is a given
    with pytest.raises(InvalidPuzzleError, match="r1c1, which is not free"):
        PuzzleRecord(puzzle, entries=tuple(entries))


def test_candidates_and_conflicts() -> None:
    shape = Shape.classic(9)
    grid = list(Puzzle.from_string(CLASSIC).givens)
    cands = candidates(shape, grid)
    assert cands[2] == 0b1011  # r1c3 can hold 1, 2 or 4
    grid[2] = 5
    assert conflicting_cells(shape, grid) == {0, 2}


def test_dead_end_reasons_players_understand() -> None:
    shape = Shape.classic(9)
    grid = list(Puzzle.from_string(CLASSIC).givens)
    grid[3], grid[5], grid[6] = 1, 2, 4  # r1c3 has nothing left
    assert dead_end(shape, grid) is not None
    assert dead_end(shape, list(Puzzle.from_string(CLASSIC).givens)) is None


def test_is_solution_rejects_wrong_grids() -> None:
    shape = Shape.classic(4)
    good = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    assert is_solution(shape, good)
    bad = good.copy()
    bad[0], bad[1] = bad[1], bad[0]
    assert not is_solution(shape, bad)
    assert not is_solution(shape, good, givens=[2] + [0] * 15)


def test_nudges_use_the_article_players_expect() -> None:
    from game.engine.logic.step import Step

    shape = Shape.classic(9)
    assert Step("XY-Wing", units=(0,)).nudge(shape) == "Look for an XY-Wing in row 1."
    assert Step("Alternating Inference Chain").nudge(shape).startswith("Look for an Alt")
    assert Step("Unique Rectangle").nudge(shape) == "Look for a Unique Rectangle."
    assert Step("2-String Kite").nudge(shape) == "Look for a 2-String Kite."
    assert Step("Hidden Single").nudge(shape) == "Look for a Hidden Single."
    assert Step("Simple Colouring").nudge(shape) == "Look for Simple Colouring."
    assert Step("Law of Leftovers").nudge(shape) == "Look for the Law of Leftovers."
