"""The hint decision: mistakes first, then notes, then the next step; apply everywhere."""

from __future__ import annotations

import pytest

from game.engine import solver
from game.engine.logic import CandidateGrid, Role, next_step
from game.engine.logic.hint import MISTAKE, STUCK, apply_everywhere, find_hint
from game.engine.puzzle import Puzzle
from game.engine.shape import Shape

# Norvig's top95 #1: singles first, then a pointing step is needed.
TEXT = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
PUZZLE = Puzzle.from_string(TEXT)
SHAPE = PUZZLE.shape
SOLUTION = solver.solutions(SHAPE, PUZZLE.givens, limit=1)[0]
NO_NOTES = (0,) * 81
SINGLES = {"Full House", "Hidden Single", "Naked Single"}


def after_singles() -> tuple[int, ...]:
    """The player's entries once every single is placed (the next step is harder)."""
    grid = CandidateGrid.from_grid(SHAPE, PUZZLE.givens)
    while True:
        step = next_step(grid)
        assert step is not None
        if step.technique not in SINGLES:
            break
        grid = CandidateGrid.from_grid(SHAPE, grid.apply(step.placements).values)
    return tuple(v if not g else 0 for v, g in zip(grid.values, PUZZLE.givens, strict=True))


def test_a_wrong_entry_comes_first() -> None:
    cell = PUZZLE.givens.index(0)
    wrong = SOLUTION[cell] % 9 + 1
    entries = tuple(wrong if c == cell else 0 for c in range(81))
    hint = find_hint(SHAPE, PUZZLE.givens, entries, NO_NOTES, SOLUTION)
    assert hint.kind == "mistake"
    assert hint.step is not None and hint.step.technique == MISTAKE
    assert [(m.cell, m.role) for m in hint.step.marks] == [(cell, Role.WRONG)]
    assert "r1c2 is not right" in hint.message


def test_a_clash_is_a_mistake_without_a_solution() -> None:
    # r1c2 = 4 repeats the given 4 in r1c1.
    entries = tuple(4 if c == 1 else 0 for c in range(81))
    hint = find_hint(SHAPE, PUZZLE.givens, entries, NO_NOTES, None)
    assert hint.kind == "mistake"
    assert "r1c2" in hint.message and "row 1" in hint.message


def test_notes_that_leave_out_the_answer_come_next() -> None:
    cell = 1
    notes = [0] * 81
    notes[cell] = ((1 << 9) - 1) & ~(1 << (SOLUTION[cell] - 1))
    hint = find_hint(SHAPE, PUZZLE.givens, (0,) * 81, tuple(notes), SOLUTION)
    assert hint.kind == "notes"
    assert hint.step is not None and hint.step.marks[0].cell == cell
    assert "r1c2" in hint.message


def test_without_notes_a_hard_step_suggests_notes() -> None:
    entries = after_singles()
    hint = find_hint(SHAPE, PUZZLE.givens, entries, NO_NOTES, SOLUTION)
    assert hint.kind == "step" and hint.step is not None
    assert hint.step.technique not in SINGLES
    assert hint.suggest_notes and not hint.uses_notes


def test_a_single_does_not_suggest_notes() -> None:
    hint = find_hint(SHAPE, PUZZLE.givens, (0,) * 81, NO_NOTES, SOLUTION)
    assert hint.kind == "step" and hint.step is not None
    assert hint.step.technique in SINGLES
    assert not hint.suggest_notes


def test_the_hint_works_from_the_players_notes() -> None:
    entries = after_singles()
    grid = tuple(g or e for g, e in zip(PUZZLE.givens, entries, strict=True))
    # Notes only in one cell, holding just the answer: from the notes a single
    # appears, where the legal candidates alone need a harder step.
    cell = next(
        c
        for c, cands in enumerate(CandidateGrid.from_grid(SHAPE, grid).cands)
        if cands.bit_count() > 2
    )
    notes = tuple(1 << (SOLUTION[cell] - 1) if c == cell else 0 for c in range(81))
    hint = find_hint(SHAPE, PUZZLE.givens, entries, notes, SOLUTION)
    assert hint.kind == "step" and hint.uses_notes and not hint.suggest_notes
    assert hint.step is not None and hint.step.technique in SINGLES
    assert all(SOLUTION[c] == d for c, d in hint.step.placements)


def test_solved_and_stuck() -> None:
    entries = tuple(s if not g else 0 for s, g in zip(SOLUTION, PUZZLE.givens, strict=True))
    assert find_hint(SHAPE, PUZZLE.givens, entries, NO_NOTES, SOLUTION).kind == "solved"
    # Told (wrongly) that an empty 4x4 grid has one solution, the hint tries every
    # technique, the last resort included, and none finds anything.
    small = Shape.classic(4)
    empty = (0,) * 16
    hint = find_hint(small, empty, empty, empty, None, status=solver.Status.UNIQUE)
    assert hint.kind == "stuck" and hint.step is None
    assert hint.message == STUCK


def test_apply_everywhere_merges_every_step() -> None:
    grid = CandidateGrid.from_grid(SHAPE, PUZZLE.givens)
    merged = apply_everywhere(grid, "hidden single")
    assert merged is not None and merged.technique == "Hidden Single"
    assert len(merged.placements) > 1
    assert all(SOLUTION[c] == d for c, d in merged.placements)
    cells = [c for c, _ in merged.placements]
    assert len(cells) == len(set(cells))


def test_apply_everywhere_never_places_two_clashing_singles() -> None:
    # A broken position: r1c1 and r1c2 both have only 1 left.
    small = Shape.classic(4)
    cands = [0b1111] * 16
    cands[0] = cands[1] = 0b0001
    grid = CandidateGrid(small, (0,) * 16, cands)
    merged = apply_everywhere(grid, "Naked Single")
    assert merged is not None
    assert merged.placements == ((0, 1),)


def test_apply_everywhere_with_nothing_to_do_and_unknown_names() -> None:
    solved = CandidateGrid.from_grid(SHAPE, SOLUTION)
    assert apply_everywhere(solved, "Naked Pair") is None
    with pytest.raises(KeyError):
        apply_everywhere(solved, "No Such Technique")
