"""Constraints drawn from a solution grid: thermometers, arrows, kropki dots and XV.

Each is read off the solution, so the solution keeps every one of them; clues are
then removed while the logic still solves the puzzle at its level (the generator's
job).  What each draws, and why:

- **Thermo**: thermometers along strictly increasing paths of touching cells
  (diagonal steps too, as setters draw them), grown greedily from low digits, each
  3 to :data:`THERMO_LONGEST` cells, until :data:`THERMO_SHARE` of the grid is
  covered.  Long thermometers carry the most (a 9-cell one fixes its digits), so
  growth takes the longest way on: the neighbour with the smallest rise.
- **Arrow**: a bulb with a shaft of 2 to 4 touching cells whose digits add up to the
  bulb's, until :data:`ARROW_SHARE` of the grid is covered.  One-cell shafts would
  only say "equal", which a sudoku already forbids in a house and tells little
  elsewhere.
- **Kropki** and **XV**: every pair of neighbours that has the relation gets its
  mark, with the negative rule ("no mark: no relation") up to
  :data:`NEGATIVE_UP_TO`, so the marks and their absence together pin the grid
  down and few clues remain; a pair of 1 and 2 is both consecutive and double,
  and gets a white or black dot at random.

Randomness comes only from ``rng``, over lists in a fixed order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..logic.registry import Level
from ..rules import XV, Arrow, Constraint, Kropki, Negative, Thermometer
from ..rules.constraints import orthogonal_pairs
from ..shape import Shape
from . import lines

THERMO_SHARE = 0.45
"""The share of the cells thermometers cover."""

THERMO_LONGEST = 8

ARROW_SHARE = 0.4
"""The share of the cells arrows (bulbs and shafts) cover."""

ARROW_LONGEST = 4

NEGATIVE_UP_TO = Level.MEDIUM
"""The hardest level whose dots and XV come with the negative rule.  With it, every
mark and every missing mark pins the grid down so well that a puzzle needs no clue
or one and cannot get harder than Medium by removing clues (measured: Hard took 30
candidates, Expert was not found in 60); without it the marks alone say less, clues
are needed, and removing them reaches the higher levels."""

MARK_SHARE = 0.5
"""Without the negative rule, the share of the marks drawn: all of them still pin a
kropki grid down with a clue or two, leaving clue removal no room to tune the level."""


def draw(
    variant: str, shape: Shape, solution: Sequence[int], level: Level, rng: random.Random
) -> tuple[Constraint, ...]:
    """The constraints of ``variant`` (thermo, arrow, kropki, xv, and the lines and
    outside clues of :mod:`.lines`) drawn from ``solution`` for a puzzle at ``level``."""
    if variant in lines.VARIANTS:
        return lines.draw(variant, shape.size, solution, rng)
    if variant == "thermo":
        return thermometers(shape.size, solution, rng)
    if variant == "arrow":
        return arrows(shape.size, solution, rng)
    negative = level <= NEGATIVE_UP_TO
    if variant == "kropki":
        return kropki(shape.size, solution, rng, negative=negative)
    if variant == "xv":
        return xv(shape.size, solution, rng, negative=negative)
    raise ValueError(f"no constraints are drawn for {variant!r}")


def thermometers(size: int, solution: Sequence[int], rng: random.Random) -> tuple[Thermometer, ...]:
    """Thermometers along increasing paths of ``solution`` (see the module docstring)."""
    near = lines.touching(size)
    used = [False] * (size * size)
    found: list[Thermometer] = []
    covered = 0
    starts = list(range(size * size))
    rng.shuffle(starts)
    starts.sort(key=lambda cell: solution[cell])  # low bulbs first: longer thermometers
    for start in starts:
        if covered >= THERMO_SHARE * size * size:
            break
        if used[start]:
            continue
        path = [start]
        while len(path) < min(THERMO_LONGEST, size):
            here = path[-1]
            options = [
                other
                for other in near[here]
                if not used[other] and other not in path and solution[other] > solution[here]
            ]
            if not options:
                break
            rise = min(solution[other] for other in options)
            path.append(rng.choice([o for o in options if solution[o] == rise]))
        if len(path) >= 3:
            for cell in path:
                used[cell] = True
            covered += len(path)
            found.append(Thermometer(tuple(path)))
    return tuple(found)


def arrows(size: int, solution: Sequence[int], rng: random.Random) -> tuple[Arrow, ...]:
    """Arrows whose shafts add up to their bulbs (see the module docstring)."""
    near = lines.touching(size)
    used = [False] * (size * size)
    found: list[Arrow] = []
    covered = 0
    bulbs = [cell for cell in range(size * size) if solution[cell] >= 3]
    rng.shuffle(bulbs)
    for bulb in bulbs:
        if covered >= ARROW_SHARE * size * size:
            break
        if used[bulb]:
            continue
        shaft = _shaft(bulb, solution, near, used, rng)
        if shaft is None:
            continue
        for cell in (bulb, *shaft):
            used[cell] = True
        covered += 1 + len(shaft)
        found.append(Arrow((bulb,), shaft))
    return tuple(found)


def _shaft(
    bulb: int,
    solution: Sequence[int],
    near: tuple[tuple[int, ...], ...],
    used: list[bool],
    rng: random.Random,
) -> tuple[int, ...] | None:
    """A random path of 2 to :data:`ARROW_LONGEST` free cells from beside ``bulb`` whose
    digits add up to the bulb's, or None (a depth-first search in random order)."""
    target = solution[bulb]

    def walk(path: list[int], total: int) -> tuple[int, ...] | None:
        if total == target and len(path) >= 2:
            return tuple(path)
        if total >= target or len(path) == ARROW_LONGEST:
            return None
        options = [
            cell
            for cell in near[path[-1] if path else bulb]
            if not used[cell] and cell != bulb and cell not in path
        ]
        rng.shuffle(options)
        for cell in options:
            done = walk([*path, cell], total + solution[cell])
            if done is not None:
                return done
        return None

    return walk([], 0)


def kropki(
    size: int, solution: Sequence[int], rng: random.Random, *, negative: bool = True
) -> tuple[Constraint, ...]:
    """Every kropki dot of ``solution`` with the negative rule; without it (not
    ``negative``), each dot with probability :data:`MARK_SHARE`."""
    dots: list[Constraint] = []
    marked = []
    for a, b in orthogonal_pairs(size):
        x, y = solution[a], solution[b]
        white = abs(x - y) == 1
        black = x == 2 * y or y == 2 * x
        if white and black:
            black = rng.random() < 0.5
            white = not black
        if (white or black) and (negative or rng.random() < MARK_SHARE):
            dots.append(Kropki(a, b, black))
            marked.append((a, b))
    return (*dots, Negative("kropki", frozenset(marked))) if negative else tuple(dots)


def xv(
    size: int, solution: Sequence[int], rng: random.Random, *, negative: bool = True
) -> tuple[Constraint, ...]:
    """Every X and V of ``solution`` with the negative rule; without it (not
    ``negative``), each mark with probability :data:`MARK_SHARE`."""
    marks: list[Constraint] = []
    marked = []
    for a, b in orthogonal_pairs(size):
        total = solution[a] + solution[b]
        if total in (5, 10) and (negative or rng.random() < MARK_SHARE):
            marks.append(XV(a, b, total))
            marked.append((a, b))
    return (*marks, Negative("xv", frozenset(marked))) if negative else tuple(marks)
