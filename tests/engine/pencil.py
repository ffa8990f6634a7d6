"""Test helper: positions written as pencil-mark grids, and their solutions.

``=5`` is a placed 5 and ``359`` the candidates of an empty cell, one token per cell
in reading order; symbols above 9 are letters (``=A``, ``19AG``), as players see
them on 16x16 grids.  The positions come from real solve paths, so the placed
digits have one solution, which :func:`solution_of` finds and checks.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import solver
from game.engine.logic import CandidateGrid, Step
from game.engine.shape import Shape
from game.engine.symbols import digit_of


def position(text: str, shape: Shape) -> CandidateGrid:
    """The grid a pencil-mark text describes."""
    values, cands = [], []
    for token in text.split():
        if token.startswith("="):
            digit = digit_of(token[1:], shape.size)
            assert digit is not None, token
            values.append(digit)
            cands.append(0)
        else:
            values.append(0)
            mask = 0
            for char in token:
                digit = digit_of(char, shape.size)
                assert digit is not None, token
                mask |= 1 << (digit - 1)
            cands.append(mask)
    assert len(values) == shape.cells
    return CandidateGrid(shape, values, cands)


def solution_of(grid: CandidateGrid) -> tuple[int, ...]:
    """The unique solution of the placed digits, checked to keep every true candidate."""
    found = solver.solutions(grid.shape, grid.values, limit=2)
    assert len(found) == 1
    answer = found[0]
    for cell, mask in enumerate(grid.cands):
        if mask:
            assert mask >> (answer[cell] - 1) & 1, "the position lost a true candidate"
    return answer


def wrong(step: Step, grid: CandidateGrid, answer: tuple[int, ...]) -> list[str]:
    """What ``step`` gets wrong in ``grid`` (empty when it is sound and changes something)."""
    found = [f"places {d} in {c}" for c, d in step.placements if answer[c] != d]
    found += [f"removes the answer {d} from {c}" for c, d in step.eliminations if answer[c] == d]
    found += [
        f"removes absent {d} from {c}"
        for c, d in step.eliminations
        if not grid.cands[c] >> (d - 1) & 1
    ]
    if not step.placements and not step.eliminations:
        found.append("changes nothing")
    if not step.explanation:
        found.append("no explanation")
    return found


@dataclass(frozen=True)
class Exemplar:
    """A position, the technique seen there and the removals (``"6r8c1 9r4c2"``) it made."""

    technique: str
    shape: Shape
    text: str
    removals: str

    def grid(self) -> CandidateGrid:
        return position(self.text, self.shape)

    def eliminations(self) -> set[tuple[int, int]]:
        n = self.shape.size
        found = set()
        for word in self.removals.split():
            digit_text, rest = word.split("r")
            row, column = rest.split("c")
            digit = digit_of(digit_text, n)
            assert digit is not None
            found.add(((int(row) - 1) * n + int(column) - 1, digit))
        return found
