"""How hard a puzzle is for a person: the level and score of its simplest logical path.

The rater walks :func:`solve_path`, which always takes the simplest step available,
and reports the hardest step it needed.  That is how Sudoku Explainer rates, so
``score`` is on its scale (1.0 .. about 11); ``level`` is the coarser label players
pick from.  A path that needs trial (a last-resort step) or gets stuck is Extreme:
no pattern the game teaches cracks it.  When the path is stuck, ``score`` is the
hardest step taken before that, so it understates the puzzle; ``solved_by_logic``
says so, and ``exhausted`` says the path's work budget (:mod:`.budget`) ran out.

Only a puzzle with exactly one solution has a rating: a path on one with several
can only end in a guess, and one with none has nothing to find.
:func:`rate_puzzle` settles the count first, within the solver's budget, and
returns :class:`Unrated` with the reason instead of searching; so does a path cut
short by its budget, whose score would be a guess too.  :func:`rate` is the bare
path rater, for callers that know the puzzle is unique (the generator).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..puzzle import Puzzle
from ..rules import RuleSet
from ..shape import Shape
from ..solver import Status
from .budget import Budget
from .grid import CandidateGrid
from .path import Findings, solve_path
from .proof import decide
from .registry import Level, all_techniques


@dataclass(frozen=True)
class Rating:
    """The verdict on one puzzle (see the module docstring for each field's meaning)."""

    level: Level
    score: float
    techniques: dict[str, int] = field(default_factory=dict)
    solved_by_logic: bool = True
    steps: int = 0
    exhausted: bool = False

    def to_json(self) -> dict[str, object]:
        """The CLI's JSON form (``level`` as the word players see, e.g. ``"Hard"``)."""
        return {
            "level": self.level.label,
            "score": self.score,
            "techniques": dict(self.techniques),
            "solved_by_logic": self.solved_by_logic,
            "steps": self.steps,
        }


NO_SOLUTION = "the puzzle has no solution"
SEVERAL_SOLUTIONS = "the puzzle has several solutions, so no logical path leads to one answer"
UNDECIDED = "the solver could not tell within its limit whether the puzzle has a solution"


@dataclass(frozen=True)
class Unrated:
    """Why a puzzle gets no rating: its solution count, or a path cut short.

    ``status`` is the solver's verdict on the givens; ``reason`` the phrase to show
    after "not rated: "; ``steps`` the steps a cut-short path took.
    """

    status: Status
    reason: str
    steps: int = 0

    def to_json(self) -> dict[str, object]:
        """The CLI's JSON form: ``{"rated": false, "status": "multiple", "reason": ...}``."""
        return {"rated": False, "status": self.status.value, "reason": self.reason}


def rate(
    shape: Shape,
    grid: Sequence[int],
    *,
    unique: bool = True,
    budget: Budget | None = None,
    rules: RuleSet | None = None,
    known: Findings | None = None,
) -> Rating:
    """Rate the position ``grid`` (digits, 0 for empty) of ``shape``.

    ``unique`` says the caller knows the puzzle has exactly one solution, which
    allows the uniqueness techniques; pass False for puzzles that may have several.
    ``budget`` bounds the path's work (default :data:`~.budget.PATH_BUDGET`).
    ``rules`` are a variant's (None for a classic or jigsaw grid).
    ``known`` is what a search along the same path already learnt (the generator's
    grading: see :func:`~.path.find_step`), so the rater need not search again.
    """
    # In rating order, as SE scores: a lower-rated step first where one applies.
    path = solve_path(
        CandidateGrid.from_grid(shape, grid, rules=rules),
        unique=unique,
        budget=budget,
        by_rating=True,
        known=known,
    )
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
        exhausted=not path.complete,
    )


def rate_puzzle(puzzle: Puzzle, *, status: Status | None = None) -> Rating | Unrated:
    """Rate ``puzzle`` from its givens, or say why it gets no rating.

    ``status`` is the solver's verdict on the givens when the caller has it;
    otherwise it is settled here (:func:`~.proof.decide`, bounded).
    """
    if status is None:
        status = decide(puzzle.rules, puzzle.givens).status
    reason = {
        Status.NONE: NO_SOLUTION,
        Status.MULTIPLE: SEVERAL_SOLUTIONS,
        Status.UNDECIDED: UNDECIDED,
    }.get(status)
    if reason is not None:
        return Unrated(status, reason)
    rating = rate(puzzle.shape, puzzle.givens, unique=True, rules=puzzle.rules)
    if rating.exhausted:
        return Unrated(
            status,
            f"the logic reached its work limit after {rating.steps} steps "
            "(the puzzle needs more search than a rating may spend)",
            rating.steps,
        )
    return rating
