"""Every technique against the solver: no step ever contradicts the unique solution.

Positions come from walking logical solve paths (singles and the intermediate
techniques), so they carry the eliminations a real solve accumulates; when the
walk is stuck it places one digit of the solution and goes on, which reaches the
deep positions where the hard techniques live.  At each position *every* step of
every registered technique is checked, not only the first: a placement must be
the solution's digit, an elimination must not remove it, and the step must change
something.

Inline puzzles (generated from fixed seeds, any size, classic and jigsaw) run
everywhere; the bulk comes from the shared benchmark files when they are present.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.engine import solver
from game.engine.logic import CandidateGrid, Step, all_techniques
from game.engine.logic.registry import Technique
from game.engine.puzzle import Puzzle
from game.engine.shape import Shape

# The walk uses only these (fast, well-tested) families, so the positions do not
# depend on which other techniques are registered at the moment.
WALK_MODULES = {"singles", "intersections", "subsets", "fish", "single_digit", "leftovers"}

Position = tuple[CandidateGrid, tuple[int, ...]]


def _module(found: Technique) -> str:
    return found.find.__module__.rsplit(".", 1)[-1]


def _walkers() -> list[Technique]:
    return [t for t in all_techniques() if _module(t) in WALK_MODULES and not t.last_resort]


def walk(
    shape: Shape, givens: tuple[int, ...], solution: tuple[int, ...]
) -> Iterator[CandidateGrid]:
    """The positions of a logical solve path, placing a solution digit when stuck."""
    walkers = _walkers()
    grid = CandidateGrid.from_grid(shape, givens)
    while not grid.is_solved():
        yield grid
        step = next((s for t in walkers for s in t.find(grid)), None)
        if step is None:
            cell = min(grid.empty_cells(), key=lambda c: (grid.cands[c].bit_count(), c))
            grid = grid.apply([(cell, solution[cell])])
        else:
            assert not problems(step, grid, solution), step
            grid = grid.apply(step.placements, step.eliminations)


def problems(step: Step, grid: CandidateGrid, solution: tuple[int, ...]) -> list[str]:
    """What is wrong with ``step`` in ``grid`` given the true ``solution`` (empty: nothing)."""
    found = []
    if not step.placements and not step.eliminations:
        found.append("changes nothing")
    for cell, digit in step.placements:
        if solution[cell] != digit:
            found.append(f"places {digit} in cell {cell}, the answer is {solution[cell]}")
        if grid.values[cell]:
            found.append(f"places in filled cell {cell}")
    for cell, digit in step.eliminations:
        if solution[cell] == digit:
            found.append(f"removes the answer {digit} from cell {cell}")
        if not grid.cands[cell] >> (digit - 1) & 1:
            found.append(f"removes {digit} from cell {cell}, which does not have it")
    if not step.explanation:
        found.append("has no explanation")
    return found


def sample(
    puzzles: list[tuple[Shape, tuple[int, ...]]], every: int, rng: random.Random
) -> list[Position]:
    """Positions of each puzzle's path, one in ``every`` (from a random start)."""
    positions: list[Position] = []
    for shape, givens in puzzles:
        solutions = solver.solutions(shape, givens, limit=2)
        if len(solutions) != 1:
            continue
        solution = solutions[0]
        offset = rng.randrange(every)
        for index, grid in enumerate(walk(shape, givens, solution)):
            if index % every == offset:
                positions.append((grid, solution))
    return positions


# Techniques outside the families above (wings, colouring, chains, ...) have their
# own tests; here they get an even sample, smaller still for the expensive ones,
# so that the file stays within its time budget.
OTHER_SAMPLE = 400
HEAVY_RATING = 6.0
HEAVY_SAMPLE = 40


@dataclass
class Outcome:
    """What running one technique over a set of positions gave."""

    positions: int = 0
    steps: int = 0
    failure: str | None = None
    seconds: float = 0.0


def _stride(technique: Technique, total: int) -> int:
    if _module(technique) in WALK_MODULES and not technique.last_resort:
        return 1
    heavy = technique.last_resort or technique.rating >= HEAVY_RATING
    return max(1, total // (HEAVY_SAMPLE if heavy else OTHER_SAMPLE))


def run_all(positions: list[Position]) -> dict[str, Outcome]:
    """Every technique's every step on the positions, checked against the solutions.

    Positions are the outer loop so that techniques sharing a search per grid
    (finned and sashimi fish, the two-strong-link patterns) share it here too.
    The first failure of a technique is recorded and ends its run.
    """
    techniques = all_techniques()
    names = {t.name for t in techniques}
    outcomes = {t.name: Outcome() for t in techniques}
    strides = {t.name: _stride(t, len(positions)) for t in techniques}
    for index, (grid, solution) in enumerate(positions):
        for technique in techniques:
            outcome = outcomes[technique.name]
            if outcome.failure or index % strides[technique.name]:
                continue
            started = time.perf_counter()
            try:
                for step in technique.find(grid):
                    outcome.steps += 1
                    wrong = problems(step, grid, solution)
                    if step.technique not in names:
                        wrong.append(f"names an unknown technique {step.technique!r}")
                    if wrong:
                        outcome.failure = f"{wrong} in {grid!r}: {step.explanation}"
                        break
            except Exception as error:  # a crash is a failure of that technique only
                outcome.failure = f"{type(error).__name__}: {error} in {grid!r}"
            outcome.positions += 1
            outcome.seconds += time.perf_counter() - started
    return outcomes


def _technique_names() -> list[str]:
    return [t.name for t in all_techniques()]


# -- inline positions: no shared data needed -------------------------------------

INLINE_CLASSIC = [
    # Norvig's "hardest" list and HoDoKu examples: fish, subsets, single-digit patterns.
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
]
INLINE_JIGSAW = [
    (
        "8...........1.....2.....4.6.....8..5...62..18.3...4.2....5..1.7..2.........8...9.",
        "888887777444887777444887222444000222111000222111000333111655333666655333666655555",
    ),
    (
        "....9.54.83.6..7......6....5........1.........7.8..6...6....314..4.........9.....",
        "222263333288263663288866663228777633888777555004777511044445551044041551000041111",
    ),
]
# Jigsaw layouts of other sizes (made once with the generator's layout search).
JIGSAW_LAYOUTS = [
    "000011001111222333222433555443555444",
    "001112001122301222304444334455335555",
    "0011112200111122003344420033444253333442556667725556677755666777",
    "0000111122001111220033332244433522444335666447556667775566777755",
    "222263333288263663288866663228777633888777555004777511044445551044041551000041111",
    "00000111111100000111223300444112233344442222233344442225553366477755553366777888"
    "555966777788859966667788859966AABB888999AAAAABBBB999AAAAABBBBBB9",
]
# (shape, seeds, clues to keep at least): puzzles made here from solver solutions.
MADE = [
    (Shape.classic(4), (1, 2, 3), 0),
    (Shape.classic(6), (1, 2, 3, 4), 0),
    (Shape.classic(9), (1, 2, 3, 4), 0),
    (Shape.classic(12), (1, 2), 0),
    (Shape.classic(16), (1,), 120),
] + [
    # The solver is slow near the minimum on 12x12 jigsaws: stop removing early.
    (Shape.from_regions(layout), (1, 2), 0 if len(layout) <= 81 else 64)
    for layout in JIGSAW_LAYOUTS
]


def make_puzzle(shape: Shape, seed: int, keep: int) -> tuple[int, ...]:
    """A unique puzzle: a random solver solution with clues removed while unique."""
    rng = random.Random(seed)
    n = shape.size
    while True:
        grid = [0] * (n * n)
        for cell in rng.sample(range(n * n), n):
            used = {grid[p] for p in shape.peers[cell]}
            choices = [d for d in range(1, n + 1) if d not in used]
            grid[cell] = rng.choice(choices) if choices else 0
        solution = solver.solve(shape, grid)
        if solution is not None:
            break
    givens = list(solution)
    order = list(range(n * n))
    rng.shuffle(order)
    clues = n * n
    for cell in order:
        if clues <= keep:
            break
        givens[cell] = 0
        if solver.count_solutions(shape, givens, limit=2) == 1:
            clues -= 1
        else:
            givens[cell] = solution[cell]
    return tuple(givens)


@functools.cache
def inline_positions() -> list[Position]:
    puzzles = [(Shape.classic(9), Puzzle.from_string(text).givens) for text in INLINE_CLASSIC]
    for text, regions in INLINE_JIGSAW:
        puzzle = Puzzle.from_string(text, regions)
        puzzles.append((puzzle.shape, puzzle.givens))
    for shape, seeds, keep in MADE:
        for seed in seeds:
            puzzles.append((shape, make_puzzle(shape, seed, keep)))
    return sample(puzzles, every=2, rng=random.Random(7))


@functools.cache
def inline_outcomes() -> dict[str, Outcome]:
    return run_all(inline_positions())


@pytest.mark.parametrize("name", _technique_names())
def test_inline_positions(name: str) -> None:
    outcome = inline_outcomes()[name]
    assert outcome.failure is None, outcome.failure
    assert outcome.positions >= HEAVY_SAMPLE


def test_inline_positions_are_many() -> None:
    assert inline_outcomes()["Full House"].positions >= 800


def test_inline_positions_cover_every_shape() -> None:
    shapes = {(grid.size, grid.shape.is_jigsaw) for grid, _ in inline_positions()}
    assert {(4, False), (6, False), (9, False), (12, False), (16, False)} <= shapes
    assert {(6, True), (8, True), (9, True)} <= shapes


def test_check_catches_a_wrong_step() -> None:
    """The harness can fail: a step removing the answer is reported."""
    grid, solution = inline_positions()[0]
    cell = grid.empty_cells()[0]
    wrong = Step("Bogus", eliminations=((cell, solution[cell]),), explanation="no")
    assert any("removes the answer" in p for p in problems(wrong, grid, solution))
    other = next(d for d in range(1, grid.size + 1) if d != solution[cell])
    placed = Step("Bogus", placements=((cell, other),), explanation="no")
    assert problems(placed, grid, solution)


# -- shared benchmark positions --------------------------------------------------


def _lines(path: Path, every: int) -> list[str]:
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if len(line) == 81][::every]


@pytest.fixture(scope="module")
def shared_outcomes(shared_data: Path) -> dict[str, Outcome]:
    bench = shared_data / "bench"
    shape = Shape.classic(9)
    texts = _lines(bench / "norvig_top95.txt", 3) + _lines(
        bench / "tdoku_puzzles3_magictour_top1465.txt", 50
    )
    rated_lines = (bench / "sudoku_exchange_diabolical_se_rated.txt").read_text().splitlines()
    texts += [line.split()[1] for line in rated_lines[::1600]]
    puzzles = [(shape, Puzzle.from_string(text).givens) for text in texts]
    classic = sample(puzzles, every=4, rng=random.Random(11))
    jigsaw_puzzles = []
    folder = shared_data / "real-files" / "jigsaw"
    for name in ("jigsaw_oneline.tsv", "other_sources_oneline.tsv"):
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            fields = line.split("\t")
            if line.startswith("#") or len(fields) < 3 or len(fields[1]) != 81:
                continue
            puzzle = Puzzle.from_string(fields[1], fields[2])
            jigsaw_puzzles.append((puzzle.shape, puzzle.givens))
    jigsaw = sample(jigsaw_puzzles, every=3, rng=random.Random(13))
    return run_all(classic + jigsaw)


@pytest.mark.slow
@pytest.mark.parametrize("name", _technique_names())
def test_shared_positions(name: str, shared_outcomes: dict[str, Outcome]) -> None:
    outcome = shared_outcomes[name]
    assert outcome.failure is None, outcome.failure
    assert outcome.positions >= HEAVY_SAMPLE


@pytest.mark.slow
def test_shared_positions_are_thousands(shared_outcomes: dict[str, Outcome]) -> None:
    assert shared_outcomes["Full House"].positions >= 1500
