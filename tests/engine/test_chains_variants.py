"""Chains through the constraints' weak links: sound at every position of the shared
variant puzzles, and telling which constraint makes a link.

Positions come from walking each puzzle's path with the singles (a solution digit is
placed when they stall), so they are the positions a player meets.  At each one every
chain the chain techniques find is checked against the recorded solution.
"""

from __future__ import annotations

import functools
from pathlib import Path

from game.engine.formats.fpuzzles import parse_fpuzzles
from game.engine.logic import CandidateGrid, Step, all_techniques
from game.engine.logic.registry import Technique
from tests.engine.variant_helpers import fpuzzles_entries, solution_of

POSITIONS_PER_PUZZLE = 12


def _chains() -> list[Technique]:
    return [t for t in all_techniques() if t.find.__module__.endswith(".chains")]


def _singles() -> list[Technique]:
    return [
        t for t in all_techniques() if t.name in ("Full House", "Hidden Single", "Naked Single")
    ]


def _wrong(step: Step, solution: tuple[int, ...]) -> list[str]:
    bad = [f"places {d} in {c}" for c, d in step.placements if solution[c] != d]
    bad += [f"removes {d} from {c}" for c, d in step.eliminations if solution[c] == d]
    return bad


@functools.cache
def _outcome(shared: str) -> tuple[int, int, tuple[str, ...], tuple[str, ...]]:
    """(positions, chain steps, wrong steps, explanations naming a constraint)."""
    singles = _singles()
    chains = _chains()
    positions = steps = 0
    wrong: list[str] = []
    told: list[str] = []
    for entry in fpuzzles_entries(Path(shared)):
        puzzle = parse_fpuzzles(entry["fpuzzles"]).puzzle
        if puzzle.size != 9 or not puzzle.constraints:
            continue
        solution = solution_of(str(entry["solution"]))
        grid = CandidateGrid.from_grid(puzzle.shape, puzzle.givens, rules=puzzle.rules)
        seen = 0
        while not grid.is_solved() and seen < POSITIONS_PER_PUZZLE:
            step = next((s for t in singles for s in t.find(grid)), None)
            if step is not None:
                grid = grid.apply(step.placements, step.eliminations)
                continue
            seen += 1
            positions += 1
            for technique in chains:
                for found in technique.find(grid):
                    steps += 1
                    wrong.extend(
                        f"{entry['title']}: {found.technique} {w}" for w in _wrong(found, solution)
                    )
                    if "and sees it by" in found.explanation:
                        told.append(found.explanation)
            cell = min(grid.empty_cells(), key=lambda c: (grid.cands[c].bit_count(), c))
            grid = grid.apply([(cell, solution[cell])])
    return positions, steps, tuple(wrong), tuple(told)


def test_chains_are_sound_through_every_constraint(shared_data: Path) -> None:
    positions, steps, wrong, _told = _outcome(str(shared_data))
    assert positions >= 100 and steps >= 50
    assert wrong == ()


def test_a_chain_passes_through_a_constraint_and_says_which(shared_data: Path) -> None:
    _positions, _steps, _wrong, told = _outcome(str(shared_data))
    assert told
    assert any(" rule)" in text or "cage at" in text for text in told)
