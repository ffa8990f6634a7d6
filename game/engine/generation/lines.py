"""Lines, outside clues and quadruples drawn from a solution grid.

The sibling of :mod:`.drawn` for the constraints setters draw as lines (German
whispers, renban, palindromes, between lines), as clues outside the grid (little
killer diagonals, sandwich sums) and as circles on grid corners (quadruples).  Each
is read off the solution, so the solution keeps it; the generator then removes
clues while its logic still solves the puzzle at the level.  What each draws:

- **Lines** (whisper, renban, palindrome, between): paths of touching cells
  (diagonal steps too, as setters draw them), each :data:`SHORTEST` to
  :data:`LINE_LONGEST` cells, none sharing a cell, until :data:`LINE_SHARE` of the
  grid is covered.  A path is searched depth first in random order from a random
  start and kept when it has the rule:

  - a *whisper* changes by at least :func:`whisper_gap` at each step (5 on 9x9,
    German whispers; half the digits, rounded up, on other sizes);
  - a *renban* holds a run of consecutive digits in any order, none repeated;
  - a *palindrome* reads the same from either end (grown from its middle out);
  - a *between* line has every middle digit strictly between its two ends.

- **Little killer**: sums along diagonals from a clue outside the grid, on
  :data:`LITTLE_KILLER_SHARE` of the diagonals of at least two cells (setters give a
  handful, with clues in the grid beside them).
- **Sandwich**: the sum between the 1 and the largest digit, on
  :data:`SANDWICH_SHARE` of the rows and columns.
- **Quadruple**: the four digits around a grid corner, on
  :data:`QUADRUPLE_SHARE` of the cells (corners that share no cell).  These are the
  puzzles whose logic is the generic "Constraint Sum": no technique of its own reads
  a quadruple.

Randomness comes only from ``rng``, over lists in a fixed order.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Sequence

from ..rules import (
    Between,
    Constraint,
    LittleKiller,
    Palindrome,
    Quadruple,
    Renban,
    Sandwich,
    Whisper,
)

LINE_SHARE = 0.4
"""The share of the cells lines cover."""

SHORTEST = 3
LINE_LONGEST = 7

LITTLE_KILLER_SHARE = 0.35
SANDWICH_SHARE = 0.6
QUADRUPLE_SHARE = 0.11
"""About nine quadruples on a 9x9 grid: each fixes the digits of four cells."""

TRIES = 40
"""Starts tried per line before a start is given up (a depth-first search each)."""

Fits = Callable[[Sequence[int]], bool]
"""Whether a path's digits (in order) keep a line's rule: each line has one test for
a path still growing (``fits``) and one for a whole line (``done``)."""


def whisper_gap(size: int) -> int:
    """The least difference between whisper neighbours: 5 on 9x9 (German whispers),
    half the digits rounded up elsewhere (3 on 6x6, 2 on 4x4)."""
    return (size + 1) // 2


def draw(
    variant: str, size: int, solution: Sequence[int], rng: random.Random
) -> tuple[Constraint, ...]:
    """The constraints of ``variant`` (see :data:`VARIANTS`) drawn from ``solution``."""
    if variant == "little-killer":
        return little_killers(size, solution, rng)
    if variant == "sandwich":
        return sandwiches(size, solution, rng)
    if variant == "quadruple":
        return quadruples(size, solution, rng)
    if variant == "palindrome":
        return palindromes(size, solution, rng)
    if variant in ("whisper", "renban", "between"):
        return _lines(variant, size, solution, rng)
    raise ValueError(f"no constraints are drawn for {variant!r}")


VARIANTS = ("whisper", "renban", "palindrome", "between", "little-killer", "sandwich", "quadruple")
"""The drawn variants this module makes."""


@functools.cache
def touching(size: int) -> tuple[tuple[int, ...], ...]:
    """Per cell, its neighbours including diagonal ones, in cell order (lines and
    thermometers step to any of them, as setters draw them)."""
    found = []
    for cell in range(size * size):
        row, column = divmod(cell, size)
        found.append(
            tuple(
                r * size + c
                for r in range(row - 1, row + 2)
                for c in range(column - 1, column + 2)
                if 0 <= r < size and 0 <= c < size and (r, c) != (row, column)
            )
        )
    return tuple(found)


def _crosses(a: int, b: int, size: int, steps: set[frozenset[int]]) -> bool:
    """Whether a diagonal step from ``a`` to ``b`` would cross a diagonal step already
    drawn (one of ``steps``) through the same four cells: lines that cross read as
    one, so setters never draw them so."""
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    if ra == rb or ca == cb:
        return False
    return frozenset((ra * size + cb, rb * size + ca)) in steps


def _record(path: Sequence[int], steps: set[frozenset[int]]) -> None:
    """Add the steps of ``path`` to ``steps`` (see :func:`_crosses`)."""
    steps.update(frozenset(pair) for pair in itertools.pairwise(path))


# -- lines grown from one end ---------------------------------------------------------


def _whisper(size: int) -> tuple[Fits, Fits]:
    gap = whisper_gap(size)

    def fits(digits: Sequence[int]) -> bool:
        return len(digits) < 2 or abs(digits[-1] - digits[-2]) >= gap

    return fits, fits


def _renban(size: int) -> tuple[Fits, Fits]:
    def fits(digits: Sequence[int]) -> bool:
        # Distinct and no wider than the longest line: some run can still hold them.
        return len(set(digits)) == len(digits) and max(digits) - min(digits) < LINE_LONGEST

    def done(digits: Sequence[int]) -> bool:
        return fits(digits) and max(digits) - min(digits) == len(digits) - 1

    return fits, done


def _between(size: int) -> tuple[Fits, Fits]:
    def fits(digits: Sequence[int]) -> bool:
        # The first end and the middle so far: the middle lies on one side of the end,
        # with room for the other end beyond it.
        first, middle = digits[0], digits[1:]
        if not middle:
            return True
        if any(d == first for d in middle):
            return False
        above = all(d > first for d in middle)
        below = all(d < first for d in middle)
        return (above and max(middle) < size) or (below and min(middle) > 1)

    def done(digits: Sequence[int]) -> bool:
        # The last digit closes the line: every middle digit strictly between the ends.
        if len(digits) < SHORTEST:
            return False
        low, high = sorted((digits[0], digits[-1]))
        return all(low < d < high for d in digits[1:-1])

    return fits, done


_RULES: dict[str, Callable[[int], tuple[Fits, Fits]]] = {
    "whisper": _whisper,
    "renban": _renban,
    "between": _between,
}


def _make(variant: str, path: tuple[int, ...], size: int) -> Constraint:
    if variant == "whisper":
        return Whisper(path, whisper_gap(size))
    if variant == "renban":
        return Renban(path)
    return Between(path)


def _lines(
    variant: str, size: int, solution: Sequence[int], rng: random.Random
) -> tuple[Constraint, ...]:
    """Lines of ``variant`` (whisper, renban or between) until :data:`LINE_SHARE` of the
    grid is covered (see the module docstring)."""
    fits, done = _RULES[variant](size)
    near = touching(size)
    used = [False] * (size * size)
    steps: set[frozenset[int]] = set()
    found: list[Constraint] = []
    covered = 0
    starts = list(range(size * size))
    rng.shuffle(starts)
    for start in starts:
        if covered >= LINE_SHARE * size * size:
            break
        if used[start]:
            continue
        length = rng.randint(SHORTEST, min(LINE_LONGEST, size))
        path = _grow(start, length, solution, near, used, steps, fits, done, rng)
        if path is None:
            continue
        _record(path, steps)
        for cell in path:
            used[cell] = True
        covered += len(path)
        found.append(_make(variant, path, size))
    return tuple(found)


def _grow(
    start: int,
    length: int,
    solution: Sequence[int],
    near: tuple[tuple[int, ...], ...],
    used: list[bool],
    steps: set[frozenset[int]],
    fits: Fits,
    done: Fits,
    rng: random.Random,
) -> tuple[int, ...] | None:
    """A path of ``length`` free cells from ``start`` that ``fits`` all along and is
    ``done`` at the end, or None (depth first in random order, at most :data:`TRIES`
    dead ends), crossing no step drawn (``steps``) nor itself."""
    budget = [TRIES]
    size = round(len(used) ** 0.5)

    def walk(path: list[int]) -> tuple[int, ...] | None:
        digits = [solution[c] for c in path]
        if len(path) == length:
            return tuple(path) if done(digits) else None
        if not fits(digits):
            return None
        own = set(steps)
        _record(path, own)
        options = [
            c
            for c in near[path[-1]]
            if not used[c] and c not in path and not _crosses(path[-1], c, size, own)
        ]
        rng.shuffle(options)
        for cell in options:
            if budget[0] <= 0:
                return None
            found = walk([*path, cell])
            if found is not None:
                return found
            budget[0] -= 1
        return None

    return walk([start])


def palindromes(size: int, solution: Sequence[int], rng: random.Random) -> tuple[Palindrome, ...]:
    """Palindromes grown from their middle out, until :data:`LINE_SHARE` of the grid is
    covered: each step adds a free cell at each end, the two holding the same digit
    (so the two never share a house)."""
    near = touching(size)
    used = [False] * (size * size)
    steps: set[frozenset[int]] = set()
    found: list[Palindrome] = []
    covered = 0
    starts = list(range(size * size))
    rng.shuffle(starts)
    for start in starts:
        if covered >= LINE_SHARE * size * size:
            break
        if used[start]:
            continue
        path = [start]
        # An even palindrome starts from two touching cells holding the same digit.
        twins = [
            c
            for c in near[start]
            if not used[c]
            and solution[c] == solution[start]
            and not _crosses(start, c, size, steps)
        ]
        if twins and rng.random() < 0.5:
            path.append(rng.choice(twins))
        while len(path) + 2 <= LINE_LONGEST:
            own = set(steps)
            _record(path, own)
            ends = [
                (a, b)
                for a in near[path[0]]
                for b in near[path[-1]]
                if a != b
                and not used[a]
                and not used[b]
                and a not in path
                and b not in path
                and solution[a] == solution[b]
                and not _crosses(a, path[0], size, own)
                and not _crosses(path[-1], b, size, own)
            ]
            if not ends:
                break
            a, b = rng.choice(ends)
            path = [a, *path, b]
        if len(path) >= SHORTEST:
            _record(path, steps)
            for cell in path:
                used[cell] = True
            covered += len(path)
            found.append(Palindrome(tuple(path)))
    return tuple(found)


# -- clues outside the grid and on its corners ----------------------------------------

_DIAGONAL_STEPS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


@functools.cache
def diagonals(size: int) -> tuple[tuple[int, ...], ...]:
    """Every diagonal a little killer clue outside the grid can point along (at least
    two cells), once per clue place and direction, in a fixed order."""
    found = []
    for dr, dc in _DIAGONAL_STEPS:
        for row in range(size):
            for column in range(size):
                back_r, back_c = row - dr, column - dc
                if 0 <= back_r < size and 0 <= back_c < size:
                    continue  # not an edge cell along this direction
                cells = []
                r, c = row, column
                while 0 <= r < size and 0 <= c < size:
                    cells.append(r * size + c)
                    r, c = r + dr, c + dc
                if len(cells) >= 2:
                    found.append(tuple(cells))
    return tuple(found)


def little_killers(
    size: int, solution: Sequence[int], rng: random.Random
) -> tuple[LittleKiller, ...]:
    """Little killer sums on :data:`LITTLE_KILLER_SHARE` of the diagonals, no diagonal
    clued from both ends."""
    options = list(diagonals(size))
    rng.shuffle(options)
    want = round(LITTLE_KILLER_SHARE * len(options) / 2)
    taken: set[frozenset[int]] = set()
    found: list[LittleKiller] = []
    for cells in options:
        if len(found) >= want:
            break
        if frozenset(cells) in taken:
            continue
        taken.add(frozenset(cells))
        found.append(LittleKiller(cells, sum(solution[c] for c in cells)))
    return tuple(found)


def sandwiches(size: int, solution: Sequence[int], rng: random.Random) -> tuple[Sandwich, ...]:
    """Sandwich sums on :data:`SANDWICH_SHARE` of the rows and columns."""
    lines = [tuple(r * size + c for c in range(size)) for r in range(size)]
    lines += [tuple(r * size + c for r in range(size)) for c in range(size)]
    chosen = sorted(rng.sample(range(len(lines)), round(SANDWICH_SHARE * len(lines))))
    found = []
    for index in chosen:
        cells = lines[index]
        digits = [solution[c] for c in cells]
        i, j = sorted((digits.index(1), digits.index(size)))
        found.append(Sandwich(cells, sum(digits[i + 1 : j])))
    return tuple(found)


def quadruples(size: int, solution: Sequence[int], rng: random.Random) -> tuple[Quadruple, ...]:
    """Quadruples on corners that share no cell, about :data:`QUADRUPLE_SHARE` of the
    cells, each with the four digits around it."""
    corners = [(r, c) for r in range(size - 1) for c in range(size - 1)]
    rng.shuffle(corners)
    want = round(QUADRUPLE_SHARE * size * size)
    used: set[int] = set()
    found: list[Quadruple] = []
    for r, c in corners:
        if len(found) >= want:
            break
        cells = (r * size + c, r * size + c + 1, (r + 1) * size + c, (r + 1) * size + c + 1)
        if used.intersection(cells):
            continue
        used.update(cells)
        found.append(Quadruple(cells, tuple(sorted(solution[x] for x in cells))))
    return tuple(found)
