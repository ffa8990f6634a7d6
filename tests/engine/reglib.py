"""Test helper: HoDoKu's regression library as positions with expected results.

Each library line is ``:code:candidates:givens:deleted:eliminations:placements:extra``
(see the header of the file).  ``givens`` marks placed-but-not-given digits with
``+``; ``deleted`` lists candidates removed after the digits are placed.  Variant
codes ending in ``-x`` are fail cases: the technique must find nothing there.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from game.engine import solver
from game.engine.logic import CandidateGrid
from game.engine.shape import Shape

REGLIB = (
    Path(__file__).resolve().parents[3]
    / "shared"
    / "data"
    / "real-files"
    / "formats"
    / "hodoku-library"
    / "zh3305_HoDoKu__reglib-1.4.txt"
)


@dataclass(frozen=True)
class Case:
    """One library line: a position and what the technique ``code`` must do there."""

    line: int
    code: str  # e.g. "0300" (X-Wing); the variant, if any, is in ``variant``
    variant: str  # "" or e.g. "1", or "x" for a fail case
    grid: CandidateGrid
    solution: tuple[int, ...]
    eliminations: frozenset[tuple[int, int]]  # (cell, digit)
    placements: frozenset[tuple[int, int]]

    @property
    def is_fail_case(self) -> bool:
        return self.variant == "x"


def _triples(text: str) -> frozenset[tuple[int, int]]:
    found = set()
    for item in text.split():
        digit, row, column = int(item[0]), int(item[1]), int(item[2])
        found.add(((row - 1) * 9 + column - 1, digit))
    return frozenset(found)


def cases(code_prefix: str = "") -> Iterator[Case]:
    """Every usable case whose technique code starts with ``code_prefix``."""
    shape = Shape.classic(9)
    lines = REGLIB.read_text(encoding="utf-8").splitlines()
    for number, raw in enumerate(lines, 1):
        if not raw.startswith(":"):
            continue
        fields = raw.split(":")
        if len(fields) < 8:
            continue
        code_field, _cands, givens_text, deleted, elims, places = fields[1:7]
        code, _, variant = code_field.partition("-")
        if not code.startswith(code_prefix):
            continue
        givens = [0] * 81
        grid = [0] * 81
        cell = 0
        plus = False
        for char in givens_text:
            if char == "+":
                plus = True
                continue
            digit = 0 if char in ".0" else int(char)
            grid[cell] = digit
            if not plus:
                givens[cell] = digit
            plus = False
            cell += 1
        if cell != 81:
            continue
        found = solver.solutions(shape, givens, limit=2)
        if len(found) != 1:
            continue  # the library has a few non-unique test grids; skip them
        # Digits marked '+' were placed by the solver, not given: the avoidable
        # rectangles need to tell them apart.
        candidate_grid = CandidateGrid.from_grid(
            shape, grid, givens=sum(1 << c for c, g in enumerate(givens) if g)
        ).apply(eliminations=sorted(_triples(deleted)))
        yield Case(
            number,
            code,
            variant,
            candidate_grid,
            found[0],
            _triples(elims),
            _triples(places),
        )
