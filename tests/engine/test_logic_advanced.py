"""Advanced techniques on inline positions: each finds its deduction, soundly, and says so.

The positions were taken from logical solve paths of Norvig's top95 and magictour's
top1465 puzzles at the moment each technique was the simplest step; they are
written as pencil-mark grids (``=5`` a placed digit, ``359`` the candidates of an
empty cell), so these tests need no shared data.  Soundness is judged against the
position's unique solution, found by the exact solver from the placed digits.
"""

from __future__ import annotations

import itertools

import pytest

from game.engine import solver
from game.engine.houses import HouseKind
from game.engine.logic import CandidateGrid, Level, Role, Step, registry, solve_path
from game.engine.logic.grid import digits_of
from game.engine.logic.links import ChainSearch, Kind, link_graph
from game.engine.logic.se_scale import length_bonus, strong_link_rating
from game.engine.logic.trial import Bitboard, Trace
from game.engine.puzzle import Puzzle
from game.engine.shape import Shape

from . import pencil
from .pencil import solution_of, wrong

CLASSIC = Shape.classic(9)

# name -> (pencil-mark grid, the eliminations and placements it was first seen making)
POSITIONS: dict[str, tuple[str, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]] = {
    "XY-Wing": (
        "=4 =8 =7 =3 12 12 56 =9 56 "
        "59 359 39 =6 48 48 =2 =7 =1 "
        "=1 =2 =6 57 =9 57 =3 =8 =4 "
        "=7 34 =5 89 348 489 =1 =6 =2 "
        "69 13469 349 =2 1346 57 =8 34 57 "
        "28 1346 28 57 1346 14 57 34 =9 "
        "58 45 =1 48 =7 =6 =9 =2 =3 "
        "=3 67 89 =1 28 289 =4 =5 67 "
        "269 4679 249 49 =5 =3 67 =1 =8 ",
        ((11, 9), (72, 9)),
        (),
    ),
    "WXYZ-Wing": (
        "=4 =8 =7 =3 12 12 56 =9 56 "
        "59 59 =3 =6 48 48 =2 =7 =1 "
        "=1 =2 =6 57 =9 57 =3 =8 =4 "
        "=7 34 =5 89 348 489 =1 =6 =2 "
        "69 13469 49 =2 1346 57 =8 34 57 "
        "28 1346 28 57 1346 14 57 34 =9 "
        "58 45 =1 48 =7 =6 =9 =2 =3 "
        "=3 67 89 =1 28 289 =4 =5 67 "
        "26 4679 249 49 =5 =3 67 =1 =8 ",
        ((28, 4), (37, 4), (46, 4), (74, 4)),
        (),
    ),
    "Forcing Chain": (
        "=6 4789 =2 14789 =5 479 1389 179 39 "
        "1789 5789 15789 1789 169 =3 1689 =4 =2 "
        "13789 4789 13489 14789 1469 =2 1689 15679 569 "
        "=4 =3 5679 1579 =2 =8 169 1569 569 "
        "789 =1 56789 34579 349 45679 =2 3569 48 "
        "289 25689 5689 13459 1349 4569 =7 13569 48 "
        "=5 4689 134689 =2 =7 149 3469 69 369 "
        "279 24679 4679 3459 349 459 4569 =8 =1 "
        "139 49 1349 =6 =8 1459 3459 =2 =7 ",
        ((46, 6),),
        (),
    ),
    "Alternating Inference Chain": (
        "69 =5 =2 =4 =8 =1 79 3679 367 "
        "4689 346 348 69 =7 569 =1 24569 24568 "
        "4689 17 17 =3 =2 569 4589 4569 4568 "
        "456 1467 1457 =8 1469 =2 4579 134579 13457 "
        "=3 124 1458 17 149 47 =6 12459 12458 "
        "2468 =9 1478 =5 146 =3 2478 1247 12478 "
        "=1 248 =6 79 =3 4789 2457 2457 2457 "
        "245 234 345 167 14 46 2347 =8 =9 "
        "=7 348 =9 =2 =5 48 34 16 16 ",
        ((9, 6), (10, 6)),
        (),
    ),
    "Unique Rectangle": (
        "=6 179 14789 =3 1789 =2 =5 479 89 "
        "489 =5 34789 4789 6789 46789 3489 =1 =2 "
        "1489 =2 134789 =5 1789 1489 3489 34679 3689 "
        "=7 =4 =2 =6 1389 =5 1389 39 389 "
        "189 169 1689 279 12379 1379 1369 =5 =4 "
        "=3 169 =5 489 189 1489 1689 =2 =7 "
        "=2 =8 679 =1 =5 3679 349 3469 369 "
        "159 13679 1679 789 =4 36789 =2 3689 15 "
        "1459 1369 1469 289 23689 3689 =7 3689 15 ",
        ((63, 1), (72, 1)),
        (),
    ),
    "VWXYZ-Wing": (
        "3478 =6 3478 =5 28 =1 478 =9 24 "
        "=1 =2 78 46 =9 46 78 =5 =3 "
        "=9 =5 48 23 38 =7 1468 12468 1246 "
        "2356 =4 2359 =8 136 239 16 =7 126 "
        "367 39 2379 12349 1346 2349 =5 1246 =8 "
        "26 =8 =1 =7 246 =5 469 =3 2469 "
        "348 139 3489 13469 =5 3469 =2 1468 =7 "
        "23458 139 25 123469 =7 23469 134689 1468 14569 "
        "2345 =7 =6 12349 1234 =8 1349 14 159 ",
        ((8, 2),),
        (),
    ),
    "X-Chain": (
        "359 =4 =7 2359 =8 29 239 =6 =1 "
        "13589 =6 123589 234579 3579 12479 23489 2358 234589 "
        "13589 35 123589 =6 359 1249 =7 2358 234589 "
        "=6 =2 489 489 =1 =3 =5 =7 489 "
        "34789 37 3489 24789 79 =5 123489 1238 =6 "
        "345789 =1 34589 24789 =6 24789 23489 238 23489 "
        "=2 =8 356 3579 =4 679 13 135 357 "
        "37 =9 356 =1 357 678 238 =4 23578 "
        "14 357 14 378 =2 78 =6 =9 3578 ",
        ((65, 5),),
        (),
    ),
    "W-Wing": (
        "68 =3 68 =5 =2 =1 =9 =4 =7 "
        "=1 =4 =2 =3 =7 =9 =5 =8 =6 "
        "=9 =7 =5 46 48 68 =3 =2 =1 "
        "=3 69 =4 =8 69 =2 =7 =1 =5 "
        "=2 =5 69 =1 46 =7 48 =3 89 "
        "=7 =8 =1 49 =3 =5 24 =6 249 "
        "=5 69 689 =2 =1 =4 68 =7 =3 "
        "468 =1 =3 =7 =5 68 2468 =9 248 "
        "468 =2 =7 69 89 =3 =1 =5 48 ",
        ((63, 8),),
        (),
    ),
    "XYZ-Wing": (
        "57 24 =8 =3 =9 24 =1 67 567 "
        "139 =6 79 =5 1478 148 4789 =2 38 "
        "139 124 257 248 178 =6 459 49 358 "
        "69 =3 29 =1 468 =7 48 =5 268 "
        "16 128 57 2468 =3 2458 47 146 =9 "
        "57 128 =4 2689 2568 589 =3 167 1268 "
        "=8 =5 136 469 146 149 =2 1379 17 "
        "=4 =7 16 269 126 =3 59 =8 15 "
        "=2 =9 13 =7 58 58 =6 13 =4 ",
        ((15, 9),),
        (),
    ),
    "Simple Colouring": (
        "17 =2 =6 17 =3 =9 458 458 58 "
        "58 =4 57 =6 2578 258 =3 =9 =1 "
        "=9 138 35 =4 158 158 =7 =6 =2 "
        "26 13 137 =8 26 =4 15 157 =9 "
        "167 =5 =4 1379 1679 136 =2 1378 3678 "
        "1267 =9 =8 =5 1267 1236 14 1347 367 "
        "=3 67 15 =2 =4 1568 =9 1578 578 "
        "=4 18 =9 13 158 =7 =6 =2 358 "
        "58 67 =2 139 1689 1368 158 1378 =4 ",
        ((43, 7), (44, 7)),
        (),
    ),
    "Nested Forcing Chain": (
        "=7 126 =8 459 4569 4569 =3 1456 125 "
        "49 36 3469 =2 3456 =1 467 4578 578 "
        "=5 1236 12346 78 346 78 269 146 129 "
        "189 =4 1579 3579 59 3579 178 =2 =6 "
        "=3 1267 1269 479 =8 24679 147 1457 157 "
        "268 578 2567 =1 2456 2467 478 =9 =3 "
        "128 =9 1357 =6 125 2358 127 1378 =4 "
        "12468 12368 12346 3489 =7 23489 =5 1368 1289 "
        "12468 3578 1234567 34589 1249 234589 2679 13678 12789 ",
        ((9, 4),),
        (),
    ),
    "BUG+1": (
        "18 129 =3 =4 12 =5 =6 =7 89 "
        "=5 16 89 89 16 =7 =3 =4 =2 "
        "=7 =4 26 89 =3 26 18 19 =5 "
        "=6 25 =1 =3 25 =4 =9 =8 =7 "
        "=9 =8 =7 =1 56 26 25 =3 =4 "
        "=4 =3 25 =7 =8 =9 25 =6 =1 "
        "=2 19 =4 =6 =7 =3 18 =5 89 "
        "13 =7 56 25 =9 =8 =4 12 36 "
        "38 56 89 25 =4 =1 =7 29 36 ",
        (),
        ((1, 1),),
    ),
    "XY-Chain": (
        "=4 259 257 =6 =1 58 =3 789 89 "
        "37 =1 3579 39 =2 58 4789 =6 48 "
        "36 69 =8 349 349 =7 =2 =5 =1 "
        "=9 =7 136 =8 46 14 =5 =2 346 "
        "28 =4 26 =7 =5 =3 89 =1 689 "
        "1368 58 1356 149 469 =2 48 38 =7 "
        "=5 289 12479 1234 347 14 =6 3789 389 "
        "17 =3 19 =5 =8 =6 179 =4 =2 "
        "12678 268 467 1234 347 =9 178 378 =5 ",
        ((11, 9),),
        (),
    ),
}

# Puzzles whose simplest path needs the last resort (Norvig's top95, MIT licence),
# and jigsaw puzzles made with the generator (fixed here, not regenerated).
LAST_RESORT_PUZZLE = (
    "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6....."
)
JIGSAWS = [
    (
        "..............7..8....4..7..1...6..9..........7....8.2....9.6...21....9.5..4.....",
        "000011122000111222003311122333344522333445555666445555667444888667777888667777888",
    ),
    (
        "...8....66....2..1......9........85...1.........9.7.2.....3...5...4...7.7....6...",
        "001112222000111222000011122333344445333334445667744555667778555666778885667788888",
    ),
    ("...5.........4......1..61..3.......1", "000011220011222311442333445533445555"),
    ("1......4..5.....6.5......6..2.......", "000111000111233334255334225544225544"),
]
MINE = {
    "XY-Wing",
    "XYZ-Wing",
    "W-Wing",
    "WXYZ-Wing",
    "VWXYZ-Wing",
    "Simple Colouring",
    "Unique Rectangle",
    "BUG+1",
    "X-Chain",
    "XY-Chain",
    "Alternating Inference Chain",
    "Forcing Chain",
    "Nested Forcing Chain",
    "Trial and Error",
    # The almost-locked-set family and its relatives (tested in test_logic_als.py).
    "ALS-XZ",
    "ALS-XY-Wing",
    "ALS Chain",
    "Death Blossom",
    "Sue de Coq",
    "Aligned Pair Exclusion",
}
LAST_RESORT = {"Forcing Chain", "Nested Forcing Chain", "Trial and Error"}


def position(text: str, shape: Shape = CLASSIC) -> CandidateGrid:
    """A pencil-mark grid (see :mod:`.pencil`), classic 9x9 unless told otherwise."""
    return pencil.position(text, shape)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_technique_finds_its_step_and_every_step_is_sound(name: str) -> None:
    text, eliminations, placements = POSITIONS[name]
    grid = position(text)
    answer = solution_of(grid)
    technique = registry.get(name)
    # Last-resort finders replay each deduction they tell: check the first few only.
    limit = 12 if technique.last_resort else None
    steps = list(itertools.islice(technique.find(grid), limit))
    assert steps, f"{name} finds nothing"
    for step in steps:
        assert not wrong(step, grid, answer), (step.technique, step.explanation)
        assert step.explanation and step.rating > 0
        assert step.last_resort == technique.last_resort
    made = [(set(s.eliminations), set(s.placements)) for s in steps]
    assert (set(eliminations), set(placements)) in made


def test_last_resort_is_labelled_extreme_and_the_rest_is_not() -> None:
    for technique in registry.all_techniques():
        if technique.name in LAST_RESORT:
            assert technique.last_resort and technique.level is Level.EXTREME
        elif technique.name in MINE:
            assert not technique.last_resort
            assert technique.level in (Level.HARD, Level.EXPERT)
    assert registry.get("Unique Rectangle").needs_unique
    assert registry.get("BUG+1").needs_unique


def test_trial_and_error_always_finds_a_false_candidate() -> None:
    grid = position(POSITIONS["Forcing Chain"][0])
    answer = solution_of(grid)
    step = next(registry.get("Trial and Error").find(grid))
    assert not wrong(step, grid, answer)
    assert "trial and error" in step.explanation


# -- explanations and pictures ---------------------------------------------------------


def first(name: str) -> tuple[Step, CandidateGrid]:
    grid = position(POSITIONS[name][0])
    return next(registry.get(name).find(grid)), grid


def test_xy_wing_tells_pivot_and_pincers_with_player_names() -> None:
    step, _grid = first("XY-Wing")
    assert "(pivot, " in step.explanation
    assert "remove 9 from r2c3 and r9c1" in step.explanation
    roles = {mark.role for mark in step.marks}
    assert roles == {Role.PIVOT, Role.PINCER}


def test_colouring_marks_both_colours() -> None:
    step, _grid = first("Simple Colouring")
    roles = {mark.role for mark in step.marks}
    assert {Role.COLOUR_A, Role.COLOUR_B} <= roles
    assert all(link.strong for link in step.links)
    assert "colour A" in step.explanation and "colour B" in step.explanation


def test_chain_is_told_link_by_link_and_drawn_on_and_off() -> None:
    step, grid = first("Alternating Inference Chain")
    assert step.explanation.startswith("Follow the chain: if r")
    assert {mark.role for mark in step.marks} <= {Role.ON, Role.OFF}
    # Links alternate strong and weak, starting and ending strong.
    strong = [link.strong for link in step.links]
    assert strong[0] and strong[-1]
    assert all(a != b for a, b in itertools.pairwise(strong))
    # Each link joins candidates that exist in the position.
    for link in step.links:
        for cell, digit in (link.source, link.target):
            assert grid.cands[cell] >> (digit - 1) & 1


def test_unique_rectangle_marks_its_pattern() -> None:
    step, grid = first("Unique Rectangle")
    pattern = [mark for mark in step.marks if mark.role is Role.PATTERN]
    assert len({mark.cell for mark in pattern}) == 4
    assert all(grid.cands[m.cell] >> (m.digit - 1) & 1 for m in pattern if m.digit)
    assert "two solutions" in step.explanation


def test_forcing_chain_says_it_is_trial_and_names_the_contradiction() -> None:
    step, _grid = first("Forcing Chain")
    assert step.last_resort
    assert step.explanation.startswith("No pattern applies here")
    assert 7.5 <= step.rating < 10
    assert len(step.explanation) < 1500


# -- the machinery ---------------------------------------------------------------------


def test_length_bonus_follows_sudoku_explainer_thresholds() -> None:
    expected = {4: 0.0, 5: 0.1, 6: 0.1, 7: 0.2, 8: 0.2, 9: 0.3, 12: 0.3, 13: 0.4}
    expected |= {16: 0.4, 17: 0.5, 24: 0.5, 25: 0.6, 32: 0.6, 33: 0.7}
    for length, bonus in expected.items():
        assert length_bonus(length) == pytest.approx(bonus), length


def test_strong_link_rating_grows_with_links_and_mixed_units() -> None:
    row, column, box, region = HouseKind.ROW, HouseKind.COLUMN, HouseKind.BOX, HouseKind.REGION
    assert strong_link_rating(2, {row}) == 4.0
    assert strong_link_rating(3, {column}) == 5.4
    assert strong_link_rating(3, {row, column}) == 5.5
    assert strong_link_rating(3, {row, column, box}) == 5.6
    assert strong_link_rating(5, {box, row}) == 6.3
    assert strong_link_rating(5, {region}) == 6.3
    assert strong_link_rating(10, {row}) == 7.6


def test_chain_search_yields_shortest_chains_first() -> None:
    grid = position(POSITIONS["Alternating Inference Chain"][0])
    chains = list(ChainSearch(link_graph(grid), Kind.AIC).chains())
    lengths = [len(chain.nodes) for chain in chains]
    assert lengths == sorted(lengths) and lengths[0] >= 4
    claimed = [e for chain in chains for e in chain.eliminations]
    assert len(claimed) == len(set(claimed)), "an elimination was claimed twice"


def test_bitboard_and_replay_agree_on_every_contradiction() -> None:
    grid = position(POSITIONS["Forcing Chain"][0])
    board = Bitboard(grid)
    for cell, mask in enumerate(grid.cands):
        for digit in digits_of(mask):
            dead = board.propagate(board.place(board.base, cell, digit)).dead
            trace = Trace(grid, [(cell, digit)])
            assert dead == (trace.contradiction is not None), (cell, digit)


# -- whole paths -------------------------------------------------------------------------


def check_path(puzzle: Puzzle, unique: bool = True) -> list[Step]:
    answer = solver.solve(puzzle.shape, puzzle.givens)
    assert answer is not None
    grid = CandidateGrid.from_grid(puzzle.shape, puzzle.givens)
    path = solve_path(grid, unique=unique)
    assert path.solved
    assert path.final.values == answer
    for step in path.steps:
        assert not any(answer[c] != d for c, d in step.placements), step.explanation
        assert not any(answer[c] == d for c, d in step.eliminations), step.explanation
        assert step.last_resort == (step.technique in LAST_RESORT)
        assert len(step.explanation) < 2000
    return list(path.steps)


def test_a_puzzle_beyond_patterns_is_finished_by_the_labelled_last_resort() -> None:
    steps = check_path(Puzzle.from_string(LAST_RESORT_PUZZLE))
    assert any(step.last_resort for step in steps)


@pytest.mark.parametrize("givens,regions", JIGSAWS)
def test_jigsaw_paths_use_the_advanced_techniques_soundly(givens: str, regions: str) -> None:
    steps = check_path(Puzzle.from_string(givens, regions))
    assert {step.technique for step in steps} & MINE


def test_without_uniqueness_no_uniqueness_technique_is_used() -> None:
    steps = check_path(Puzzle.from_string(LAST_RESORT_PUZZLE), unique=False)
    assert not {step.technique for step in steps} & {"Unique Rectangle", "BUG+1"}


# -- unique rectangles on jigsaw layouts -------------------------------------------------


def _rectangle_grid(regions: str) -> CandidateGrid:
    """A 4x4 position where r1c1, r1c2, r2c1 and r2c2 allow only 1 and 2, and r2c2 also 3."""
    shape = Shape.from_regions(regions)
    cands = [0b1111] * 16
    for cell in (0, 1, 4):
        cands[cell] = 0b0011
    cands[5] = 0b0111
    return CandidateGrid(shape, [0] * 16, cands)


def test_rectangle_over_exactly_two_regions_is_used() -> None:
    # Regions 0 and 1 each hold one row of the rectangle.
    grid = _rectangle_grid("0000111122223333")
    steps = list(registry.get("Unique Rectangle").find(grid))
    assert any(set(s.eliminations) == {(5, 1), (5, 2)} for s in steps)


def test_rectangle_inside_one_region_or_over_three_is_not() -> None:
    # Classic 4x4 boxes put all four corners in one box: no deadly pattern there.
    assert not list(registry.get("Unique Rectangle").find(_rectangle_grid("0011001122332233")))
    # This jigsaw layout puts the corners in three regions.
    grid = _rectangle_grid("0111022102330233")
    assert len({grid.shape.regions[c] for c in (0, 1, 4, 5)}) == 3
    assert not list(registry.get("Unique Rectangle").find(grid))


def test_x_chains_of_several_digits_merge_shortest_first() -> None:
    # Several digits have X-chains of the same length here (found by the general
    # soundness test: merging them once compared chains and crashed).
    values: tuple[int, ...] = (4, 1, 7, 3, 6, 9, 8, 2, 5, 0, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 7)
    values += (0, 0, 0, 0, 0)
    values += (0, 2, 0, 4, 3, 0, 0, 6, 0, 0, 0, 0, 0, 8, 0, 4, 0, 0, 0, 4, 0, 0, 1, 0, 0, 0)
    values += (0, 0, 0, 0, 6, 0, 3, 5, 7, 1, 5, 0, 3, 2, 0, 1, 0, 0, 0, 1, 0, 4, 8, 0, 5, 0, 0, 0)
    cands: tuple[int, ...] = (0,) * 9 + (418, 0, 434, 0, 26, 136, 352, 264, 360, 418, 400, 434)
    cands += (0, 26, 136)
    cands += (293, 269, 300, 448, 0, 401, 0, 0, 64, 321, 0, 448, 356, 272, 305, 272, 0, 98)
    cands += (0, 277, 326, 484, 0, 432, 272, 0, 98, 326, 404, 454, 386, 384, 386, 0, 264)
    cands += (0, 0, 0, 0, 0, 480, 0, 0, 328, 0, 288, 392, 424, 0, 352, 0, 0, 320, 0, 294, 260, 294)
    grid = CandidateGrid(CLASSIC, values, cands)
    answer = solution_of(grid)
    steps = list(registry.get("X-Chain").find(grid))
    assert len({s.marks[0].digit for s in steps}) > 1
    lengths = [len(s.links) for s in steps]
    assert lengths == sorted(lengths)
    assert all(not wrong(s, grid, answer) for s in steps)
