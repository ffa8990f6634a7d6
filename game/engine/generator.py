"""New puzzles: random jigsaw layouts, random solution grids, clues removed while unique.

Every puzzle this module returns has exactly one solution (the exact solver checks
each removal).  A seed makes a run reproducible; without one, the seed is drawn
from the operating system, so no two runs repeat.
"""

from __future__ import annotations

import enum
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from . import solver
from .errors import InvalidPuzzleError
from .logic.registry import Level
from .puzzle import Puzzle
from .shape import Shape, box_dims

Progress = Callable[[float], bool]
"""Called with a fraction of the work done; returning False cancels."""


class Symmetry(enum.Enum):
    """Which clue layouts count as symmetric."""

    NONE = "none"
    ROTATIONAL = "180"  # the layout looks the same turned half a turn
    MIRROR = "mirror"  # left and right halves mirror each other
    QUARTER = "90"  # the layout looks the same turned a quarter turn

    @classmethod
    def parse(cls, text: str) -> Symmetry:
        for member in cls:
            if text.strip().lower() in (member.value, member.name.lower()):
                return member
        names = ", ".join(member.value for member in cls)
        raise ValueError(f"unknown symmetry {text!r} (choose from {names})")


class GenerationCancelled(Exception):
    """The progress callback asked to stop."""


@dataclass(frozen=True)
class GeneratedPuzzle:
    """A fresh puzzle with its unique solution and the seed that reproduces it."""

    puzzle: Puzzle
    solution: tuple[int, ...]
    seed: int


def new_seed() -> int:
    """A seed from the operating system's randomness."""
    return secrets.randbits(48)


def generate_unrated(
    variant: str = "classic",
    size: int = 9,
    *,
    symmetry: Symmetry | None = None,
    seed: int | None = None,
    progress: Progress | None = None,
) -> GeneratedPuzzle:
    """A unique puzzle with as few clues as removal in random order leaves.

    ``symmetry`` defaults to 180-degree for classic grids and none for jigsaw.
    """
    if seed is None:
        seed = new_seed()
    rng = random.Random(seed)
    if variant == "classic":
        shape = Shape.classic(size)
    elif variant == "jigsaw":
        shape = random_layout(size, rng, progress)
    else:
        raise ValueError(f"unknown variant {variant!r} (choose classic or jigsaw)")
    if symmetry is None:
        symmetry = Symmetry.ROTATIONAL if variant == "classic" else Symmetry.NONE
    solution = random_solution(shape, rng)
    givens = remove_clues(shape, solution, symmetry, rng, progress)
    return GeneratedPuzzle(Puzzle(shape, givens), solution, seed)


def random_layout(size: int, rng: random.Random, progress: Progress | None = None) -> Shape:
    """A random jigsaw layout of ``size`` regions that admits a solution grid.

    Starts from the classic boxes (or, for sizes without boxes, from rows) and
    swaps cells across region borders many times, keeping every region connected.
    """
    n = size
    start = Shape.classic(n).regions if box_dims(n) else [cell // n for cell in range(n * n)]
    regions = list(start)
    tries = 100
    for _ in range(tries):
        _shuffle_regions(regions, n, rng, swaps=n * n * 12)
        try:
            shape = Shape.from_regions(regions)
        except InvalidPuzzleError:  # pragma: no cover - swaps keep regions valid
            continue
        if shape.is_jigsaw and solver.solve(shape, [0] * (n * n)) is not None:
            return shape
        if progress is not None and not progress(0.0):
            raise GenerationCancelled
    raise RuntimeError(f"no solvable {n}x{n} jigsaw layout found after {tries} tries")


def _shuffle_regions(regions: list[int], n: int, rng: random.Random, swaps: int) -> None:
    for _ in range(swaps):
        a = rng.randrange(n * n)
        row, column = divmod(a, n)
        neighbours = [
            r * n + c
            for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))
            if 0 <= r < n and 0 <= c < n and regions[r * n + c] != regions[a]
        ]
        if not neighbours:
            continue
        b = rng.choice(neighbours)
        # Move a into b's region and some cell of b's region (touching a's region)
        # into a's region, so sizes stay equal.
        region_a, region_b = regions[a], regions[b]
        donors = [
            c
            for c in range(n * n)
            if regions[c] == region_b and c != b and _touches(regions, n, c, region_a)
        ]
        if not donors:
            continue
        c = rng.choice(donors)
        regions[a], regions[c] = region_b, region_a
        if not (_connected(regions, n, region_a) and _connected(regions, n, region_b)):
            regions[a], regions[c] = region_a, region_b


def _touches(regions: list[int], n: int, cell: int, region: int) -> bool:
    row, column = divmod(cell, n)
    return any(
        0 <= r < n and 0 <= c < n and regions[r * n + c] == region
        for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))
    )


def _connected(regions: list[int], n: int, region: int) -> bool:
    members = {c for c in range(n * n) if regions[c] == region}
    if not members:
        return False
    start = next(iter(members))
    seen = {start}
    stack = [start]
    while stack:
        cell = stack.pop()
        row, column = divmod(cell, n)
        for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
            other = r * n + c
            if 0 <= r < n and 0 <= c < n and other in members and other not in seen:
                seen.add(other)
                stack.append(other)
    return len(seen) == len(members)


def random_solution(shape: Shape, rng: random.Random) -> tuple[int, ...]:
    """A random complete grid of ``shape``.

    Seeds a few random legal digits, lets the solver complete the grid, then
    relabels the digits at random (a relabelled solution is still a solution for
    any layout), so every digit pattern is equally likely to show up.
    """
    n = shape.size
    while True:
        grid = [0] * (n * n)
        for cell in rng.sample(range(n * n), max(2, n + n // 3)):
            used = {grid[p] for p in shape.peers[cell]}
            choices = [d for d in range(1, n + 1) if d not in used]
            if choices:
                grid[cell] = rng.choice(choices)
        found = solver.solve(shape, grid)
        if found is not None:
            relabel = list(range(1, n + 1))
            rng.shuffle(relabel)
            return tuple(relabel[d - 1] for d in found)


def orbits(size: int, symmetry: Symmetry) -> list[tuple[int, ...]]:
    """The cells grouped so that each group is removed or kept together."""
    n = size
    seen: set[int] = set()
    groups = []
    for cell in range(n * n):
        if cell in seen:
            continue
        row, column = divmod(cell, n)
        images = {cell}
        if symmetry is Symmetry.ROTATIONAL:
            images.add((n - 1 - row) * n + (n - 1 - column))
        elif symmetry is Symmetry.MIRROR:
            images.add(row * n + (n - 1 - column))
        elif symmetry is Symmetry.QUARTER:
            r, c = row, column
            for _ in range(3):
                r, c = c, n - 1 - r
                images.add(r * n + c)
        seen |= images
        groups.append(tuple(sorted(images)))
    return groups


def remove_clues(
    shape: Shape,
    solution: tuple[int, ...],
    symmetry: Symmetry,
    rng: random.Random,
    progress: Progress | None = None,
    keep: int = 0,
) -> tuple[int, ...]:
    """Remove clue groups in random order while the puzzle stays unique.

    Stops early once only ``keep`` clues would remain (0: go as far as possible).
    """
    givens = list(solution)
    groups = orbits(shape.size, symmetry)
    rng.shuffle(groups)
    count = len(givens)
    for done, group in enumerate(groups):
        if progress is not None and not progress(done / len(groups)):
            raise GenerationCancelled
        if keep and count - len(group) < keep:
            continue
        saved = [givens[c] for c in group]
        for c in group:
            givens[c] = 0
        if solver.count_solutions(shape, givens, limit=2) != 1:
            for c, digit in zip(group, saved, strict=True):
                givens[c] = digit
        else:
            count -= len(group)
    return tuple(givens)


@dataclass(frozen=True)
class RatedPuzzle:
    """A generated puzzle at a known difficulty."""

    puzzle: Puzzle
    solution: tuple[int, ...]
    level: Level
    score: float
    seed: int


def generate(
    variant: str = "classic",
    size: int = 9,
    level: Level = Level.MEDIUM,
    *,
    symmetry: Symmetry | None = None,
    seed: int | None = None,
    progress: Progress | None = None,
    max_attempts: int = 500,
) -> RatedPuzzle:
    """A unique puzzle that our rater puts at ``level``.

    Tries fresh puzzles from a sequence of seeds derived from ``seed`` until one
    rates at ``level``; Easy puzzles are made by removing clues only while the
    puzzle stays solvable by singles.
    """
    from .logic.rating import rate

    if seed is None:
        seed = new_seed()
    master = random.Random(seed)
    for attempt in range(max_attempts):
        if progress is not None and not progress(attempt / max_attempts):
            raise GenerationCancelled
        attempt_seed = seed if attempt == 0 else master.getrandbits(48)
        made = generate_unrated(variant, size, symmetry=symmetry, seed=attempt_seed)
        rating = rate(made.puzzle.shape, made.puzzle.givens)
        if rating.level is level:
            return RatedPuzzle(made.puzzle, made.solution, rating.level, rating.score, attempt_seed)
    raise RuntimeError(f"no {level.label} puzzle found in {max_attempts} attempts")
