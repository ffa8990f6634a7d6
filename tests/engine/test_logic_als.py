"""The almost-locked-set family and its relatives, on positions with exact answers.

- HoDoKu's regression library (ALS-XZ 0901, ALS-XY-Wing 0902, ALS chains 0903,
  Death Blossom 0904, Sue de Coq 1101): every expected elimination is found and
  none contradicts the solution.
- Exemplars from real solve paths (classic 9x9, jigsaw and 6x6) with the exact
  eliminations, the sets outlined for the board and the rating of the step.
- The shared ALS machinery against brute force: every set is an ALS, every ALS
  is found, and the restricted commons match a pairwise check.
- WXYZ- and VWXYZ-Wing against a plain reference search over positions of every
  size: their faster search finds exactly the same steps, in the same order.
"""

from __future__ import annotations

import functools
import itertools
import random
from dataclasses import dataclass, field

import pytest

from game.engine import solver
from game.engine.logic import AreaKind, CandidateGrid, Role, Step, registry
from game.engine.logic.als import (
    Als,
    AlsIndex,
    als_index,
    chain_length,
    max_cells,
    restricted_commons,
)
from game.engine.logic.grid import cells_of
from game.engine.puzzle import Puzzle
from game.engine.shape import Shape
from game.engine.symbols import cell_name

from .reglib import REGLIB, cases


@dataclass(frozen=True)
class Case:
    """A position and the step ``technique`` must find there.

    ``eliminations`` reads ``"r8c3-6 r9c1-2"``; ``areas`` lists each set's cells in
    the order the step letters them (A, B, ...).  Unless ``first`` is False the
    step is the first one the technique offers (its simplest).
    """

    label: str
    technique: str
    size: int
    regions: str | None
    text: str
    eliminations: str
    areas: tuple[str, ...]
    rating: float
    first: bool = field(default=True, kw_only=True)

    def grid(self) -> CandidateGrid:
        shape = Shape.from_regions(self.regions) if self.regions else Shape.classic(self.size)
        return position(self.text, shape)


def position(text: str, shape: Shape) -> CandidateGrid:
    """A pencil-mark grid: ``=5`` is a placed 5, ``359`` the candidates of an empty cell."""
    values, cands = [], []
    for token in text.split():
        if token.startswith("="):
            values.append(int(token[1:]))
            cands.append(0)
        else:
            values.append(0)
            cands.append(sum(1 << (int(ch) - 1) for ch in token))
    assert len(values) == shape.cells
    return CandidateGrid(shape, values, cands)


def removals(step: Step, size: int) -> str:
    return " ".join(sorted(f"{cell_name(c, size)}-{d}" for c, d in step.eliminations))


def area_cells(step: Step, size: int) -> tuple[str, ...]:
    return tuple(" ".join(cell_name(c, size) for c in area.cells) for area in step.areas)


CASES = [
    Case(
        "xz-classic",
        "ALS-XZ",
        9,
        None,
        (
            "358 58 35678 69 =1 =2 789 679 =4 =1 =4 68 69 =5 =7 689 =3 =2 67 =2 =9 =4 =3 =8 "
            "=5 =1 67 458 =3 4568 =7 68 =9 16 =2 1568 =2 5678 5678 =1 68 =4 679 5679 =3 =9 "
            "678 =1 =5 =2 =3 =4 67 678 34 567 234 =8 =9 =1 23 567 567 67 =1 267 =3 =4 =5 267 "
            "=8 =9 358 =9 358 =2 =7 =6 13 =4 15"
        ),
        "r8c3-6",
        ("r1c2 r2c3", "r7c2 r8c1"),
        8.1,
    ),
    Case(
        "wing-classic",
        "ALS-XY-Wing",
        9,
        None,
        (
            "789 =3 4589 1249 12478 1478 1258 268 156 =1 49 =6 =5 2489 48 =7 28 =3 78 =2 58 "
            "=3 1678 1678 158 =4 =9 =4 689 =2 =7 89 568 =3 =1 56 =5 68 =1 468 =3 468 =9 =7 =2 "
            "69 =7 =3 169 156 =2 =4 56 =8 =2 =5 48 1468 14678 =3 18 =9 17 =3 =1 =7 28 258 =9 "
            "=6 258 =4 689 46 489 1248 1478 14578 1258 =3 157"
        ),
        "r7c5-8",
        ("r4c5", "r4c2 r5c2", "r7c3 r9c2"),
        8.2,
    ),
    Case(
        "chain-classic",
        "ALS Chain",
        9,
        None,
        (
            "27 =8 29 =4 59 5679 =3 =1 69 =4 39 =5 689 =1 3689 289 268 =7 =6 1379 19 789 389 "
            "=2 589 =4 589 278 679 =3 25689 24589 5689 47 278 =1 128 =4 68 268 =7 138 258 =9 "
            "358 =5 179 1289 1289 23489 1389 =6 2378 348 18 =5 1468 =3 89 1789 47 67 =2 =9 =2 "
            "48 578 =6 578 =1 378 348 =3 16 =7 128 28 =4 89 =5 689"
        ),
        "r4c5-2",
        ("r9c5", "r7c7 r7c8 r9c7 r9c9", "r4c7", "r4c1 r4c8"),
        8.3,
    ),
    Case(
        "sdc-classic",
        "Sue de Coq",
        9,
        None,
        (
            "=5 78 478 2378 =6 1347 13 12 =9 =1 67 =3 27 =9 57 =4 256 =8 89 =2 4689 38 14 "
            "1345 56 =7 136 =4 378 278 369 12 136 6789 168 =5 278 358 258 369 124 1346 689 "
            "168 167 =6 =9 =1 =5 =7 =8 =2 =3 =4 28 =4 258 67 58 67 13 =9 13 =3 =1 5678 =4 58 "
            "=9 5678 568 =2 789 568 5689 =1 =3 =2 568 =4 67"
        ),
        "r8c3-5 r8c3-8 r9c7-6",
        ("r8c7 r8c8", "r8c5", "r9c9"),
        5.5,
    ),
    Case(
        "db-classic",
        "Death Blossom",
        9,
        None,
        (
            "578 578 =6 38 =4 =9 =2 =1 35 =9 58 =1 38 26 26 57 357 =4 =2 =4 =3 17 17 =5 =8 =9 "
            "=6 678 =3 78 =5 =9 =1 467 4678 =2 =1 5679 =2 67 =8 =4 =3 567 59 =4 56789 5789 =2 "
            "67 =3 5679 5678 =1 =3 25689 4589 16 1256 26 14569 456 =7 56 256 45 =9 12356 =7 "
            "1456 3456 =8 567 =1 579 =4 356 =8 569 =2 359"
        ),
        "r7c3-5 r8c3-5",
        ("r8c1 r9c1", "r4c3 r6c3 r9c3"),
        8.4,
    ),
    Case(
        "xz-jigsaw",
        "ALS-XZ",
        9,
        "000012222033012112033311112003444122333444555667444588677775558677678558666678888",
        (
            "15 =3 15 689 =4 =7 =2 689 689 69 579 3579 =4 =8 =1 37 =2 3569 =2 45 =8 37 =6 =9 "
            "37 =1 45 =7 89 1349 139 =2 =6 =5 3489 3489 1369 1269 12369 1359 =7 =8 =4 359 39 "
            "135689 15679 367 359 39 =4 1689 689 =2 34689 46789 34679 36789 =5 =2 689 36789 "
            "=1 145689 24689 24679 679 19 =3 1689 56789 46789 134689 1679 13679 =2 139 =5 689 "
            "4689 46789"
        ),
        "r6c3-3",
        ("r6c5", "r8c5 r9c5"),
        8.1,
    ),
    Case(
        "wing-jigsaw",
        "ALS-XY-Wing",
        9,
        "000012222033012112033311112003444122333444555667444588677775558677678558666678888",
        (
            "13 =8 =2 =9 134 1345 45 =7 =6 =5 =3 =1 =4 =7 =2 =6 =8 =9 =7 =2 48 =6 134 59 59 "
            "134 1348 136 16 48 =5 =9 =7 =2 134 1348 =9 =7 =5 =2 1346 14 =8 346 34 26 56 367 "
            "=8 346 34 =1 =9 2457 68 =4 367 =1 58 369 79 =2 57 1268 =9 67 =3 28 1468 47 =5 "
            "1247 =4 156 =9 =7 258 68 =3 16 125"
        ),
        "r8c6-1",
        ("r5c6", "r5c8 r5c9", "r9c8"),
        8.2,
    ),
    Case(
        "chain-jigsaw",
        "ALS Chain",
        9,
        "000012222033012112033311112003444122333444555667444588677775558677678558666678888",
        (
            "=5 =4 =7 69 =3 1268 1689 16 12689 =2 567 68 =1 56 =4 678 =9 =3 =3 5679 4689 458 "
            "156 15678 1678 =2 69 69 =8 =3 =2 169 16 =4 =5 =7 =1 69 =2 48 4689 =3 =5 =7 46 "
            "4689 =2 14689 =7 456 56 136 1346 14689 46 356 146 45 =7 =9 1236 =8 12456 46789 "
            "3569 14689 369 248 2678 1236 146 1245689 4678 =1 =5 369 248 2678 6789 346 24689"
        ),
        "r1c6-1",
        ("r1c8", "r1c4", "r4c1", "r4c6"),
        8.2,
    ),
    Case(
        "db-jigsaw",
        "Death Blossom",
        9,
        "000012222033012112033311112003444122333444555667444588677775558677678558666678888",
        (
            "13 =8 =2 =9 134 1345 45 =7 =6 =5 =3 =1 =4 =7 =2 =6 =8 =9 =7 =2 48 =6 134 59 59 "
            "134 1348 136 16 48 =5 =9 =7 =2 134 1348 =9 =7 =5 =2 1346 14 =8 346 34 26 56 367 "
            "=8 346 34 =1 =9 2457 68 =4 367 =1 58 369 79 =2 57 1268 =9 67 =3 28 1468 47 =5 "
            "1247 =4 156 =9 =7 258 68 =3 16 125"
        ),
        "r8c6-1",
        ("r5c6 r5c9", "r9c8"),
        8.3,
    ),
    Case(
        "sdc-jigsaw",
        "Sue de Coq",
        9,
        "000012222033012112033311112003444122333444555667444588677775558677678558666678888",
        (
            "13 =9 25 =4 =6 138 1258 35 =7 1368 1356 13568 136 23 =9 =7 235 =4 =7 135 1358 =2 "
            "=4 138 158 =9 =6 1368 25 368 =7 =9 =4 158 235 13 =9 =4 =7 =5 =1 =6 =3 =8 =2 =4 "
            "=7 16 =8 23 23 =9 16 =5 123 136 1236 =9 =7 =5 =4 16 =8 =5 23 =4 136 =8 123 16 =7 "
            "=9 1236 =8 =9 136 =5 =7 126 =4 13"
        ),
        "r7c1-1",
        ("r7c2 r7c3", "r7c8", "r8c2"),
        5.5,
    ),
    Case(
        "ape-jigsaw",
        "Aligned Pair Exclusion",
        9,
        "000012222033012112033311112003444122333444555667444588677775558677678558666678888",
        (
            "=2 =7 =9 =8 =5 =1 346 36 346 =6 =2 =7 =3 =8 =9 =1 =4 =5 45 45 =8 =1 =3 =7 69 69 "
            "=2 145 14 356 469 49 35 =2 =7 =8 34 =9 56 67 =1 58 78 =2 34 18 =6 13 47 =2 38 47 "
            "=5 =9 =7 358 =2 49 49 =6 58 18 13 138 58 15 =2 =6 =4 3589 1389 =7 =9 13 =4 =5 =7 "
            "=2 368 368 16"
        ),
        "r5c1-4",
        (),
        6.2,
    ),
    Case(
        "xz-six",
        "ALS-XZ",
        6,
        None,
        (
            "=3 45 15 =2 =6 14 14 =6 =2 =3 14 =5 =2 =1 =4 =5 =3 =6 =5 =3 =6 =1 24 24 =6 25 35 "
            "=4 12 123 14 24 13 =6 =5 23"
        ),
        "r1c3-1",
        ("r6c3", "r1c6 r4c6 r6c6"),
        8.1,
    ),
    Case(
        "wing-six",
        "ALS-XY-Wing",
        6,
        None,
        (
            "=3 45 15 =2 =6 14 14 =6 =2 =3 14 =5 =2 =1 =4 =5 =3 =6 =5 =3 =6 =1 24 24 =6 25 35 "
            "=4 12 123 14 24 13 =6 =5 23"
        ),
        "r1c6-4 r2c1-4",
        ("r1c2", "r5c2", "r2c5 r5c5"),
        8.2,
    ),
    Case(
        "chain-six",
        "ALS Chain",
        6,
        None,
        (
            "=3 45 15 =2 =6 14 14 =6 =2 =3 14 =5 =2 =1 =4 =5 =3 =6 =5 =3 =6 =1 24 24 =6 25 35 "
            "=4 12 123 14 24 13 =6 =5 23"
        ),
        "r1c6-4",
        ("r1c2", "r1c3 r6c3", "r6c6", "r4c6"),
        8.3,
    ),
    Case(
        "db-six",
        "Death Blossom",
        6,
        None,
        (
            "=3 45 15 =2 =6 14 14 =6 =2 =3 14 =5 =2 =1 =4 =5 =3 =6 =5 =3 =6 =1 24 24 =6 25 35 "
            "=4 12 123 14 24 13 =6 =5 23"
        ),
        "r2c5-1 r5c6-1",
        ("r1c6", "r5c2 r5c5"),
        8.2,
    ),
    Case(
        "ape-six",
        "Aligned Pair Exclusion",
        6,
        "001112001122301222304444334455335555",
        (
            "245 =3 25 =1 =6 45 156 156 =3 =4 15 =2 24 1245 25 =6 145 =3 2346 24 =1 =5 23 46 "
            "12356 12456 46 23 25 15 125 125 46 23 2345 1456"
        ),
        "r5c5-2",
        (),
        6.2,
    ),
    Case(
        "xz-doubly-classic",
        "ALS-XZ",
        9,
        None,
        (
            "=8 4569 346 29 =1 469 256 23569 =7 13579 =2 367 789 679 68 156 =4 3569 1479 "
            "14679 467 =5 24679 =3 126 1269 =8 245 =3 24 =1 49 =7 2456 =8 24569 1457 14578 =9 "
            "=6 48 =2 =3 57 45 =6 47 2478 =3 =5 489 247 279 =1 2479 4679 =5 279 =3 169 =8 "
            "1267 246 237 678 =1 =4 2678 =5 =9 2367 236 23479 4679 234678 2789 2679 1689 "
            "124567 123567 23456"
        ),
        "r3c8-1 r4c7-5 r4c9-4 r4c9-5 r5c1-5 r5c2-5 r6c8-7 r9c7-1 r9c7-2 r9c7-5 r9c7-6",
        ("r5c8 r5c9", "r1c7 r2c7 r3c7 r4c7 r6c7"),
        8.3,
        first=False,
    ),
    Case(
        "ape-classic",
        "Aligned Pair Exclusion",
        9,
        None,
        (
            "=3 589 128 1578 25 15678 256 259 =4 145 4589 1248 1358 2345 14568 2356 2359 =7 "
            "245 =6 =7 35 =9 45 =8 =1 235 =6 =7 =5 =2 =1 =3 =9 =4 =8 14 =2 1348 =9 =6 458 135 "
            "=7 35 =9 38 1348 578 45 4578 1235 235 =6 =7 =1 =6 =4 35 =2 35 =8 =9 =8 35 23 =6 "
            "=7 =9 =4 235 =1 245 345 =9 135 =8 15 =7 =6 235"
        ),
        "r1c4-5",
        (),
        6.2,
    ),
    Case(
        "sdc-six",
        "Sue de Coq",
        6,
        None,
        (
            "12 =5 =3 146 1246 14 12 =4 =6 15 123 135 =4 =6 =1 =3 =5 =2 =5 =3 =2 14 14 =6 =6 "
            "=1 =5 =2 34 34 =3 =2 =4 156 16 15"
        ),
        "r1c4-1 r1c5-1 r2c5-1",
        ("r1c6 r2c6", "r5c6", "r2c4"),
        5.5,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.label for case in CASES])
def test_exemplar_step_is_exact(case: Case) -> None:
    grid = case.grid()
    steps = registry.get(case.technique).find(grid)
    if case.first:
        step = next(iter(steps))
    else:
        step = next(s for s in steps if area_cells(s, grid.size) == case.areas)
    assert step.technique == case.technique
    assert removals(step, grid.size) == case.eliminations
    assert area_cells(step, grid.size) == case.areas
    assert step.rating == case.rating
    # Sets are outlined as ALS areas lettered in order; the explanation names
    # every cell that loses a candidate, in r4c7 terms.
    assert [a.kind for a in step.areas] == [AreaKind.ALS] * len(case.areas)
    if case.technique != "Sue de Coq":
        assert [a.label for a in step.areas] == [chr(65 + i) for i in range(len(case.areas))]
    for cell, _ in step.eliminations:
        assert cell_name(cell, grid.size) in step.explanation
    assert {(m.cell, m.digit) for m in step.marks if m.role is Role.OFF} == set(step.eliminations)


def test_the_exemplars_cover_every_technique_on_jigsaw_and_six_by_six() -> None:
    for name in ("ALS-XZ", "ALS-XY-Wing", "ALS Chain", "Death Blossom", "Sue de Coq"):
        kinds = {(c.size, c.regions is not None) for c in CASES if c.technique == name}
        assert (9, False) in kinds and (9, True) in kinds and (6, False) in kinds, name
    kinds = {(c.size, c.regions is not None) for c in CASES if "Aligned" in c.technique}
    assert {(9, False), (9, True), (6, True)} <= kinds


def test_exemplar_eliminations_keep_the_solution() -> None:
    for case in CASES:
        grid = case.grid()
        found = solver.solutions(grid.shape, grid.values, limit=2)
        if len(found) != 1:
            continue  # positions made from random givens have several solutions
        for step in registry.get(case.technique).find(grid):
            assert all(found[0][c] != d for c, d in step.eliminations), case.label


def test_doubly_linked_als_xz_tells_both_restricted_commons() -> None:
    case = next(c for c in CASES if c.label == "xz-doubly-classic")
    grid = case.grid()
    step = next(s for s in registry.get("ALS-XZ").find(grid) if area_cells(s, 9) == case.areas)
    assert "Both 4 and 7 are restricted commons" in step.explanation
    # The locked digits of each set leave the cells seeing them: 5 from set A's
    # row and box, 1, 2, 5 and 6 from the rest of set B's column.
    assert {"r5c1-5", "r9c7-2", "r9c7-6"} <= set(removals(step, 9).split())


def test_als_chain_tells_each_link() -> None:
    case = next(c for c in CASES if c.label == "chain-classic")
    step = next(iter(registry.get("ALS Chain").find(case.grid())))
    assert (
        "If A had no 2, it would be locked: A holds 8, so B loses 8 and holds 4, so C loses 4 "
        "and holds 7, so D loses 7 and must hold 2. So 2 is in A or D"
    ) in step.explanation


# -- HoDoKu's regression library ------------------------------------------------------

REGLIB_CODES = {
    "0901": "ALS-XZ",
    "0902": "ALS-XY-Wing",
    "0903": "ALS Chain",
    "0904": "Death Blossom",
    "1101": "Sue de Coq",
}


@pytest.mark.skipif(not REGLIB.exists(), reason="shared data not available")
@pytest.mark.parametrize("code", sorted(REGLIB_CODES))
def test_hodoku_library_cases(code: str) -> None:
    finder = registry.get(REGLIB_CODES[code])
    checked = 0
    for case in cases(code):
        if case.code != code:
            continue
        steps = list(finder.find(case.grid))
        eliminations = {e for step in steps for e in step.eliminations}
        for cell, digit in eliminations:
            assert case.solution[cell] != digit, f"reglib line {case.line}: removes the answer"
        if case.is_fail_case:
            assert not steps, f"reglib line {case.line}: fail case found a step"
        else:
            missing = case.eliminations - eliminations
            assert not missing, f"reglib line {case.line}: missed {sorted(missing)}"
        checked += 1
    assert checked >= 14


# -- the ALS machinery against brute force --------------------------------------------

PUZZLES = [
    ("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", None),
    (
        "8...........1.....2.....4.6.....8..5...62..18.3...4.2....5..1.7..2.........8...9.",
        "888887777444887777444887222444000222111000222111000333111655333666655333666655555",
    ),
]


@functools.cache
def sample_positions() -> list[CandidateGrid]:
    """Positions along the basic solve path of a hard classic and a jigsaw puzzle."""
    basics = [t for t in registry.all_techniques() if t.rating < 4.5 and not t.last_resort]
    found = []
    for text, regions in PUZZLES:
        puzzle = Puzzle.from_string(text, regions) if regions else Puzzle.from_string(text)
        answer = solver.solve(puzzle.shape, puzzle.givens)
        assert answer is not None
        grid = CandidateGrid.from_grid(puzzle.shape, puzzle.givens)
        while not grid.is_solved():
            found.append(grid)
            step = next((s for t in basics for s in t.find(grid)), None)
            if step is None:
                cell = min(grid.empty_cells(), key=lambda c: (grid.cands[c].bit_count(), c))
                grid = grid.apply([(cell, answer[cell])])
            else:
                grid = grid.apply(step.placements, step.eliminations)
    return found[::3]


def brute_force_sets(grid: CandidateGrid) -> set[tuple[int, int]]:
    """Every ALS as ``(cells, digits)`` by trying every subset of every unit."""
    found = set()
    for members in grid.shape.units:
        empty = [c for c in members if grid.cands[c]]
        for size in range(1, min(max_cells(grid.size), len(empty) - 1) + 1):
            for chosen in itertools.combinations(empty, size):
                digits = 0
                for cell in chosen:
                    digits |= grid.cands[cell]
                if digits.bit_count() == size + 1:
                    found.add((sum(1 << c for c in chosen), digits))
    return found


def test_every_als_is_found_once_and_is_one() -> None:
    for grid in sample_positions()[::4]:
        index = AlsIndex(grid)
        listed = [(als.cells, als.digits) for als in index.sets]
        assert len(listed) == len(set(listed))
        assert set(listed) == brute_force_sets(grid)
        for als in index.sets:
            assert als.cells & ~grid.tables.unit_mask[als.unit] == 0
            for digit in range(1, grid.size + 1):
                places = als.places[digit]
                assert places == (
                    als.cells & grid.digit_cells(digit) if als.digits >> (digit - 1) & 1 else 0
                )
                expected = 0
                if places:
                    expected = grid.tables.all_cells & ~als.cells
                    for cell in cells_of(places):
                        expected &= grid.tables.peer_mask[cell]
                assert als.reach[digit] == expected


def pairwise_rccs(grid: CandidateGrid, a: Als, b: Als) -> int:
    """RCC digits by the definition: every place of the digit in both sets sees every other."""
    found = 0
    for digit in range(1, grid.size + 1):
        bit = 1 << (digit - 1)
        if not (a.digits & b.digits & bit):
            continue
        places = list(cells_of(a.places[digit] | b.places[digit]))
        shared = a.places[digit] & b.places[digit]
        if not shared and all(
            grid.tables.peer_mask[p] >> q & 1 for p, q in itertools.combinations(places, 2)
        ):
            found |= bit
    return found


def test_restricted_commons_match_the_definition() -> None:
    for grid in sample_positions()[1::4]:
        index = AlsIndex(grid)
        sets = index.sets
        linked = {(a.index, other): mask for a in sets for other, mask in index.links(a.index)}
        for a, b in itertools.combinations(sets, 2):
            expected = pairwise_rccs(grid, a, b)
            assert restricted_commons(a, b) == expected
            assert linked.get((a.index, b.index), 0) == expected
            assert linked.get((b.index, a.index), 0) == expected


def test_a_digit_in_a_shared_cell_is_never_a_restricted_common() -> None:
    # Row 1 of a 4x4 grid: r1c1 {1,2}, r1c2 {1,3}; the sets {r1c1} and {r1c1, r1c2}
    # share r1c1, so 1 and 2 (both in it) cannot be restricted commons.
    shape = Shape.classic(4)
    cands = [0b0011, 0b0101] + [0b1111] * 14
    grid = CandidateGrid(shape, (0,) * 16, cands)
    sets = {(als.cells, als.digits): als for als in AlsIndex(grid).sets}
    single = sets[(0b01, 0b0011)]
    pair = sets[(0b11, 0b0111)]
    assert restricted_commons(single, pair) == 0


def test_set_size_is_capped_on_large_grids_only() -> None:
    assert max_cells(9) >= 8  # a 9x9 unit: no cap in practice
    assert max_cells(16) == max_cells(25) == 3


def test_chain_length_counts_a_set_of_n_cells_as_n_plus_one() -> None:
    sets = als_index(sample_positions()[0]).sets
    one = next(als for als in sets if als.size == 1)
    three = next(als for als in sets if als.size == 3)
    assert chain_length([one]) == 2
    assert chain_length([one, three]) == 6


# -- WXYZ- and VWXYZ-Wing: the faster search finds the same steps ----------------------


def reference_bent_wings(grid: CandidateGrid, size: int) -> list[tuple[int, tuple[int, ...], str]]:
    """``(pivot, wings, removals)`` by the definition, pivot by pivot, wings in order.

    A pivot with ``2..size`` candidates and ``size - 1`` peers of it with ``2..size``
    candidates, holding exactly ``size`` digits, of which exactly one has two cells
    that do not see each other; that digit leaves the cells seeing all its places.
    Each set of cells is told once, under its first pivot.
    """
    cands = grid.cands
    peers = grid.tables.peer_mask
    found = []
    seen: set[frozenset[int]] = set()
    for pivot, mask in enumerate(cands):
        if not 2 <= mask.bit_count() <= size:
            continue
        options = [c for c in cells_of(peers[pivot]) if 2 <= cands[c].bit_count() <= size]
        for wings in itertools.combinations(options, size - 1):
            members = (pivot, *wings)
            union = 0
            for cell in members:
                union |= cands[cell]
            if union.bit_count() != size or frozenset(members) in seen:
                continue
            seen.add(frozenset(members))
            free = []
            for digit in range(1, grid.size + 1):
                holders = [c for c in members if cands[c] >> (digit - 1) & 1]
                if any(not peers[a] >> b & 1 for a, b in itertools.combinations(holders, 2)):
                    free.append((digit, holders))
            if len(free) != 1:
                continue
            digit, holders = free[0]
            targets = [
                c
                for c in cells_of(grid.digit_cells(digit))
                if c not in members and all(peers[h] >> c & 1 for h in holders)
            ]
            if targets:
                text = " ".join(sorted(f"{cell_name(c, grid.size)}-{digit}" for c in targets))
                found.append((pivot, wings, text))
    return found


def wing_steps(grid: CandidateGrid, name: str) -> list[tuple[int, tuple[int, ...], str]]:
    told = []
    for step in registry.get(name).find(grid):
        pivot = next(m.cell for m in step.marks if m.role is Role.PIVOT)
        wings = tuple(dict.fromkeys(m.cell for m in step.marks if m.role is Role.PINCER))
        told.append((pivot, wings, removals(step, grid.size)))
    return told


@functools.cache
def wing_positions() -> list[CandidateGrid]:
    """Positions of every size and some jigsaws, from the soundness test's sample."""
    from .test_logic_soundness import inline_positions

    rng = random.Random(5)
    positions = [grid for grid, _ in inline_positions()]
    return rng.sample(positions, 120) + sample_positions()


@pytest.mark.parametrize("name,size", [("WXYZ-Wing", 4), ("VWXYZ-Wing", 5)])
def test_bent_wings_find_what_the_plain_search_finds(name: str, size: int) -> None:
    total = 0
    for grid in wing_positions():
        expected = reference_bent_wings(grid, size)
        assert wing_steps(grid, name) == expected
        total += len(expected)
    assert total >= 20
