"""The intermediate techniques on hand-checked positions, and the rater.

Soundness over thousands of positions is in test_logic_soundness; here each
family is pinned to a concrete case: the words a player reads, the jigsaw
geometry, and the rater's verdicts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from game.engine import solver
from game.engine.logic import CandidateGrid, Level, Role, Step, next_step, registry, solve_path
from game.engine.logic.rating import Rating, rate, rate_puzzle
from game.engine.logic.techniques.leftovers import leftover_sets
from game.engine.puzzle import Puzzle
from game.engine.shape import Shape

TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
JIGSAW = (
    "8...........1.....2.....4.6.....8..5...62..18.3...4.2....5..1.7..2.........8...9.",
    "888887777444887777444887222444000222111000222111000333111655333666655333666655555",
)
JIGSAW_LAYOUTS = [
    JIGSAW[1],
    "222263333288263663288866663228777633888777555004777511044445551044041551000041111",
    "000011001111222333222433555443555444",
    "0011112200111122003344420033444253333442556667725556677755666777",
]


def test_pointing_explains_itself_in_players_words() -> None:
    path = solve_path(CandidateGrid.from_grid(Shape.classic(9), Puzzle.from_string(TOP95_1).givens))
    step = next(s for s in path.steps if s.technique == "Pointing")
    assert step.explanation == (
        "In box 3, the 7s are all in row 2 (r2c7 and r2c9), so 7 cannot be elsewhere "
        "in row 2: remove 7 from r2c1 and r2c3."
    )
    assert step.units == (20, 1)  # box 3, row 2
    assert {m.role for m in step.marks} == {Role.PATTERN, Role.FOCUS}
    assert step.nudge(Shape.classic(9)) == "Look for Pointing in box 3 and row 2."


def test_pointing_in_a_jigsaw_region_meeting_a_row_in_one_cell() -> None:
    # In this 4x4 jigsaw region 0 is r1c1, r1c2, r1c3 and r2c1; row 2 meets it in one cell.
    shape = Shape.from_regions("0001011122332233")
    cands = [0b1111] * 16
    # Digit 4 in region 0 only at r2c1 (cell 4), and possible elsewhere in row 2.
    for cell in (0, 1, 2):
        cands[cell] &= ~0b1000
    grid = CandidateGrid(shape, (0,) * 16, cands)
    steps = [s for s in registry.get("Pointing").find(grid) if s.eliminations[0][1] == 4]
    assert steps and steps[0].eliminations == ((5, 4), (6, 4), (7, 4))
    assert "region 1" in steps[0].explanation and "row 2" in steps[0].explanation


def test_naked_pair_names_its_cells_and_digits() -> None:
    shape = Shape.classic(4)
    cands = [0b1111] * 16
    cands[0] = cands[1] = 0b0011  # r1c1, r1c2 hold only 1 and 2
    grid = CandidateGrid(shape, (0,) * 16, cands)
    step = next(iter(registry.get("Naked Pair").find(grid)))
    # The pair shares row 1 and box 1: both lose 1 and 2 elsewhere.
    assert set(step.eliminations) == {(c, d) for c in (2, 3, 4, 5) for d in (1, 2)}
    assert step.explanation.startswith(
        "In row 1 and box 1, the two cells r1c1 and r1c2 can only hold 1 and 2 between them"
    )


def test_hidden_pair_trims_its_cells() -> None:
    shape = Shape.classic(4)
    cands = [0b1111] * 16
    for cell in (2, 3):
        cands[cell] = 0b0011  # 3 and 4 of row 1 only fit in r1c1 and r1c2
    grid = CandidateGrid(shape, (0,) * 16, cands)
    steps = list(registry.get("Hidden Pair").find(grid))
    assert any(set(s.eliminations) == {(0, 1), (0, 2), (1, 1), (1, 2)} for s in steps)


@pytest.mark.parametrize("layout", JIGSAW_LAYOUTS)
def test_leftover_innies_and_outies_hold_the_same_digits(layout: str) -> None:
    """The geometry itself: on a full solution the two sides always match."""
    shape = Shape.from_regions(layout)
    solution = solver.solve(shape, [0] * shape.cells)
    assert solution is not None
    sets = leftover_sets(shape)
    assert sets
    for found in sets:
        assert len(found.innies) == len(found.outies) <= 4
        assert Counter(solution[c] for c in found.innies) == Counter(
            solution[c] for c in found.outies
        )


def test_leftovers_never_apply_to_classic_grids() -> None:
    assert leftover_sets(Shape.classic(9)) == ()


def test_leftovers_find_sound_steps_on_a_real_jigsaw() -> None:
    puzzle = Puzzle.from_string(*JIGSAW)
    solution = solver.solve(puzzle.shape, puzzle.givens)
    assert solution is not None
    found = 0
    grid = CandidateGrid.from_grid(puzzle.shape, puzzle.givens)
    for step in registry.get("Law of Leftovers").find(grid):
        assert "innies" in step.explanation and "outies" in step.explanation
        assert all(solution[c] != d for c, d in step.eliminations)
        assert all(solution[c] == d for c, d in step.placements)
        found += 1
    assert found


def test_rating_of_a_medium_puzzle() -> None:
    rating = rate_puzzle(Puzzle.from_string(TOP95_1))
    assert isinstance(rating, Rating)
    assert rating.level is Level.MEDIUM
    assert rating.score == 2.6
    assert rating.solved_by_logic and rating.steps == 71
    assert rating.techniques["Pointing"] == 7
    assert sum(rating.techniques.values()) == rating.steps


def test_rating_of_a_singles_puzzle_is_easy() -> None:
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    rating = rate_puzzle(Puzzle.from_string(easy))
    assert isinstance(rating, Rating)
    assert rating.level is Level.EASY and rating.score <= 2.3 and rating.solved_by_logic


def test_a_path_that_is_not_pure_logic_is_extreme() -> None:
    # A very hard puzzle needs forcing chains or trial (or gets stuck without
    # them): Extreme either way, and anything but pure logic is Extreme too.
    hardest = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    rating = rate(Shape.classic(9), Puzzle.from_string(hardest).givens)
    assert rating.level is Level.EXTREME
    assert rating.score >= 5.0
    assert rating.solved_by_logic or rating.steps > 0


def test_a_stuck_path_is_extreme_and_keeps_its_hardest_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.engine.logic import SolvePath, Step
    from game.engine.logic import rating as rating_module

    shape = Shape.classic(9)
    givens = Puzzle.from_string(TOP95_1).givens
    start = CandidateGrid.from_grid(shape, givens)
    steps = (Step("Pointing", eliminations=((1, 7),), rating=2.6),)

    def stuck_path(grid: CandidateGrid, **_: object) -> SolvePath:
        return SolvePath(steps, start)

    monkeypatch.setattr(rating_module, "solve_path", stuck_path)
    rating = rate(shape, givens)
    assert rating.level is Level.EXTREME and not rating.solved_by_logic
    assert rating.score == 2.6 and rating.techniques == {"Pointing": 1} and rating.steps == 1


def test_catalogue_places_shapes_where_players_learn_them_and_rates_them_as_se_does() -> None:
    """SE reaches a W-Wing's elimination with a chain and rates it so; the hint
    still offers it among the wings, before the longer wings and any chain."""
    catalogue = [t.name for t in registry.all_techniques()]
    get = registry.get
    w_wing, vwxyz, hidden = get("W-Wing"), get("VWXYZ-Wing"), get("Hidden Rectangle")
    assert w_wing.rating > vwxyz.rating
    assert catalogue.index("W-Wing") < catalogue.index("VWXYZ-Wing")
    assert catalogue.index("W-Wing") < catalogue.index("Alternating Inference Chain")
    assert hidden.rating > get("Naked Quad").rating
    assert catalogue.index("Hidden Rectangle") < catalogue.index("Naked Quad")
    places = [t.place for t in registry.all_techniques() if not t.last_resort]
    assert places == sorted(places)


def test_the_catalogue_order_does_not_depend_on_what_was_imported_first() -> None:
    """Techniques of equal place keep their order of registration: importing one module
    before the catalogue loads must not move it ahead (a jigsaw's Claiming once became
    Law of Leftovers after a test imported the leftovers module directly)."""
    import subprocess
    import sys

    listing = (
        "from game.engine.logic import registry; print([t.name for t in registry.all_techniques()])"
    )
    orders = [
        subprocess.run(
            [sys.executable, "-c", first + listing], capture_output=True, text=True, check=True
        ).stdout
        for first in ("", "import game.engine.logic.techniques.leftovers; ")
    ]
    assert orders[0] == orders[1] and "Law of Leftovers" in orders[0]


def test_a_technique_registered_after_the_catalogue_was_read_is_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The catalogue and each search's technique list are kept between calls (a path
    asks at every step), so registering must renew them."""
    before = registry.all_techniques()
    # A registry of its own, and the catalogue read from it put back afterwards.
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    monkeypatch.setattr(registry, "_catalogue", before)
    solution = solver.solve(Shape.classic(9), [0] * 81)
    assert solution is not None
    grid = CandidateGrid.from_grid(Shape.classic(9), [0, *solution[1:]])
    first = next_step(grid)
    assert first is not None and first.technique == "Full House"

    def announce(position: CandidateGrid) -> Iterator[Step]:
        yield Step("Test Announcement", explanation="registered late")

    registry.technique("Test Announcement", level=Level.EASY, rating=0.1)(announce)
    assert registry.all_techniques() != before
    assert "Test Announcement" in [t.name for t in registry.all_techniques()]
    found = next_step(grid)
    assert found is not None and found.technique == "Test Announcement"
    monkeypatch.undo()
    assert registry.all_techniques() is before
    after = next_step(grid)
    assert after is not None and after.technique == "Full House"
