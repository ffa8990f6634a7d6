"""How hard a puzzle is for a person: the level and score of its simplest logical path.

The rater walks :func:`solve_path`, which always takes the simplest step available,
and reports the hardest step it needed.  That is how Sudoku Explainer rates, so
``score`` is on its scale (1.0 .. about 11); ``level`` is the coarser label players
pick from.  A path that needs trial (a last-resort step) or gets stuck is Extreme:
no pattern the game teaches cracks it.  When the path is stuck, ``score`` is the
hardest step taken before that, so it understates the puzzle; ``solved_by_logic``
says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..puzzle import Puzzle
from ..shape import Shape
from .grid import CandidateGrid
from .path import solve_path
from .registry import Level, all_techniques


@dataclass(frozen=True)
class Rating:
    """The verdict on one puzzle (see the module docstring for each field's meaning)."""

    level: Level
    score: float
    techniques: dict[str, int] = field(default_factory=dict)
    solved_by_logic: bool = True
    steps: int = 0

    def to_json(self) -> dict[str, object]:
        """The CLI's JSON form (``level`` as the word players see, e.g. ``"Hard"``)."""
        return {
            "level": self.level.label,
            "score": self.score,
            "techniques": dict(self.techniques),
            "solved_by_logic": self.solved_by_logic,
            "steps": self.steps,
        }


def rate(shape: Shape, grid: Sequence[int], *, unique: bool = True) -> Rating:
    """Rate the position ``grid`` (digits, 0 for empty) of ``shape``.

    ``unique`` says the caller knows the puzzle has exactly one solution, which
    allows the uniqueness techniques; pass False for puzzles that may have several.
    """
    path = solve_path(CandidateGrid.from_grid(shape, grid), unique=unique)
    levels = {t.name: t.level for t in all_techniques()}
    counts = Counter(step.technique for step in path.steps)
    level = max((levels.get(name, Level.EXTREME) for name in counts), default=Level.EASY)
    solved_by_logic = path.solved and not path.used_last_resort
    if not solved_by_logic:
        level = Level.EXTREME
    score = max((step.rating for step in path.steps), default=0.0)
    return Rating(
        level=level,
        score=round(score, 1),
        techniques=dict(counts),
        solved_by_logic=solved_by_logic,
        steps=len(path.steps),
    )


def rate_puzzle(puzzle: Puzzle) -> Rating:
    """Rate ``puzzle`` from its givens; uniqueness techniques only if it has one solution."""
    from ..solver import count_solutions

    unique = count_solutions(puzzle.shape, puzzle.givens, limit=2) == 1
    return rate(puzzle.shape, puzzle.givens, unique=unique)
