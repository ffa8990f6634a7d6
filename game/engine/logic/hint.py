"""The decision behind the hint button: check the player's work, then teach the next step.

A hint that teaches a technique on top of a wrong entry teaches nonsense, so the
player's own work comes first: a wrong entry, then a note that leaves out the
digit that belongs in its cell.  Only then is the next logical step found, from
the player's notes when they keep notes (that is the position they are looking
at) and from all legal candidates otherwise.  When the player keeps no notes and
the step is beyond singles, the hint suggests filling in notes, because such a
step removes candidates that are nowhere on the board.

Before any of that, the hint takes the puzzle's solution count into account (the
caller's :class:`~game.engine.solver.Status`, or :func:`~game.engine.solver.settle`
on the givens, which is bounded): a puzzle with no solution gets that answer and
nothing else; one with several solutions, or whose count the solver could not
settle, gets the player's clashes and the pattern steps that hold whatever the
solution (singles, subsets, fish...), never a uniqueness technique nor the last
resort, and when none applies, the reason instead of a search that cannot end
well.  Only a puzzle with one solution gets the whole catalogue, within the hint's
work budget (:mod:`.budget`); a search that the budget cut short says so.

:func:`apply_everywhere` backs the "apply this technique everywhere" keys: every
step one technique finds in the current position, merged into one undoable step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from ..rules import RuleSet, conflicts
from ..shape import Shape
from ..solver import Status
from ..symbols import cell_name, symbol
from .dead_ends import dead_end
from .grid import CandidateGrid, given_cells, legal
from .path import find_step, steps_of
from .proof import decide
from .registry import Level, get
from .step import Mark, Role, Step
from .wording import cells_text, plural, removal_text

HintKind = Literal[
    "mistake",
    "notes",
    "step",
    "solved",
    "stuck",
    "no-solution",
    "several-solutions",
    "undecided",
    "dead-end",
]

NO_SOLUTION = "This puzzle has no solution, so no step can lead to one."
SEVERAL_SOLUTIONS = (
    "This puzzle has several solutions: no logical step narrows it further, "
    "so the next digit would be a choice between them, not a deduction."
)
UNDECIDED = (
    "The solver could not tell within its limit whether this puzzle has a solution; "
    "no logical step applies here."
)
STUCK = "No technique the game knows applies here."
OUT_OF_BUDGET = (
    "No step found within the hint's work limit: this position needs a longer search "
    "than a hint may spend."
)

MISTAKE = "Mistake"
"""The technique name of a step that points out a player's mistake."""

DEAD_END = "Dead End"
"""The technique name of a step that points at a broken cage or rule on a variant
(:mod:`.dead_ends`): it places and removes nothing."""


@dataclass(frozen=True)
class Hint:
    """What the hint button shows.

    ``kind``: ``"mistake"`` (a wrong or clashing entry), ``"notes"`` (a note that
    leaves out the right digit), ``"step"`` (the next logical step), ``"solved"``,
    ``"stuck"`` (no technique applies, or none within the work budget: the message
    says which), ``"no-solution"``, ``"several-solutions"`` (no pattern step is
    left and only guessing could go on) or ``"undecided"`` (the same, when the
    solver could not settle the count); ``"dead-end"`` is the caller's own (the
    session's check that a position with no single answer can still be finished).
    ``step`` carries the marks to draw;
    mistake steps place and remove nothing, they only point.  ``uses_notes`` says
    the step was found from the player's notes; ``suggest_notes`` asks the UI to
    offer filling in notes, since the step removes candidates the board does not
    show.  ``message`` is the sentence to show.  ``status`` is the solution count
    the hint worked with.
    """

    kind: HintKind
    step: Step | None
    uses_notes: bool
    suggest_notes: bool
    message: str
    status: Status = Status.UNIQUE


def find_hint(
    shape: Shape,
    givens: Sequence[int],
    entries: Sequence[int],
    notes: Sequence[int],
    solution: Sequence[int] | None,
    *,
    unique: bool = True,
    status: Status | None = None,
    rules: RuleSet | None = None,
) -> Hint:
    """The hint for the position the player sees.

    ``entries`` holds the player's digits (0 elsewhere), ``notes`` a digit bitmask
    per cell, ``solution`` the puzzle's solution, or None when it has none or
    several (then only clashes between digits count as mistakes).  ``status`` is
    the solver's verdict on the givens; without it, a puzzle with ``unique`` set
    and a ``solution`` is taken to have one solution, and any other is settled
    here (:func:`~.proof.decide`, a few seconds at most).
    ``unique`` False also keeps the uniqueness techniques off.  ``rules`` are a
    variant's (None for a classic or jigsaw grid).
    """
    if status is None:
        settled = rules if rules is not None and rules.constraints else shape
        status = (
            Status.UNIQUE if unique and solution is not None else decide(settled, givens).status
        )
    if status is Status.NONE:
        return Hint("no-solution", None, False, False, NO_SOLUTION, status)
    single = status is Status.UNIQUE
    if not single:
        solution = None  # a solution the player's could differ from proves nothing
    grid = tuple(g or e for g, e in zip(givens, entries, strict=True))
    mistake = find_mistake(shape, givens, entries, notes, solution)
    if mistake is not None:
        return replace(mistake, status=status)
    keeps_notes = any(not value and note for value, note in zip(grid, notes, strict=True))
    if all(grid):
        return Hint("solved", None, keeps_notes, False, "The puzzle is solved.", status)
    allowed = legal(shape, grid, rules)
    cands = [note & ok if note else ok for note, ok in zip(notes, allowed, strict=True)]
    position = CandidateGrid(
        shape,
        grid,
        [0 if v else c for v, c in zip(grid, cands, strict=True)],
        givens=given_cells(givens),
        rules=rules,
    )
    if rules is not None:
        broken = dead_end(position)
        if broken is not None:
            pointer = Step(
                DEAD_END,
                explanation=broken.sentence,
                marks=tuple(Mark(c, None, Role.WRONG) for c in broken.cells),
                areas=broken.areas,
            )
            return Hint("dead-end", pointer, keeps_notes, False, broken.sentence, status)
    search = find_step(position, unique=single and unique, include_last_resort=single)
    step = search.step
    if step is None:
        if status is Status.MULTIPLE:
            return Hint("several-solutions", None, keeps_notes, False, SEVERAL_SOLUTIONS, status)
        if status is Status.UNDECIDED:
            return Hint("undecided", None, keeps_notes, False, UNDECIDED, status)
        message = STUCK if search.complete else OUT_OF_BUDGET
        return Hint("stuck", None, keeps_notes, False, message, status)
    suggest = not keeps_notes and _level(step) > Level.EASY
    message = step.explanation
    if suggest:
        message += " (Filling in notes shows every candidate this step works with.)"
    return Hint("step", step, keeps_notes, suggest, message, status)


def find_mistake(
    shape: Shape,
    givens: Sequence[int],
    entries: Sequence[int],
    notes: Sequence[int],
    solution: Sequence[int] | None,
) -> Hint | None:
    """The player's first mistake as a hint, or None: a wrong entry (a clashing one
    when ``solution`` is None), then a note that leaves out the digit of the solution.

    The cheap part of :func:`find_hint`, for callers that only check the player's work.
    """
    n = shape.size
    grid = tuple(g or e for g, e in zip(givens, entries, strict=True))
    mistake = _wrong_entry(shape, givens, entries, grid, solution)
    if mistake is not None:
        return mistake
    if solution is None:
        return None
    for cell, (value, note) in enumerate(zip(grid, notes, strict=True)):
        if not value and note and not note >> (solution[cell] - 1) & 1:
            name = cell_name(cell, n)
            message = (
                f"Your notes in {name} leave out the digit that belongs there; "
                f"check which digits {name} can still take."
            )
            pointer = Step(MISTAKE, explanation=message, marks=(Mark(cell, None, Role.WRONG),))
            return Hint("notes", pointer, True, False, message)
    return None


def _level(step: Step) -> Level:
    try:
        return get(step.technique).level
    except KeyError:
        return Level.EXTREME


def _wrong_entry(
    shape: Shape,
    givens: Sequence[int],
    entries: Sequence[int],
    grid: Sequence[int],
    solution: Sequence[int] | None,
) -> Hint | None:
    """The first wrong entry (or, without a solution, the first clashing one)."""
    n = shape.size
    for cell, entry in enumerate(entries):
        if not entry or givens[cell]:
            continue
        if solution is not None and solution[cell] != entry:
            message = f"{cell_name(cell, n)} is not right: {symbol(entry)} does not belong there."
            return _mistake(cell, entry, message)
    if solution is None:
        for clash in conflicts(shape, grid):
            mine = [c for c in clash.cells if entries[c] and not givens[c]]
            if mine:
                cell = mine[0]
                message = (
                    f"{cell_name(cell, n)} is not right: {symbol(clash.digit)} appears "
                    f"more than once in {shape.unit_name(clash.unit)} "
                    f"({cells_text(clash.cells, n)})."
                )
                return _mistake(cell, clash.digit, message)
    return None


def _mistake(cell: int, digit: int, message: str) -> Hint:
    step = Step(MISTAKE, explanation=message, marks=(Mark(cell, digit, Role.WRONG),))
    return Hint("mistake", step, False, False, message)


def apply_everywhere(grid: CandidateGrid, technique_name: str) -> Step | None:
    """Every step of one technique in ``grid``, merged into one step (None if none).

    The steps all hold in the same position, so their union holds too.  Singles
    are guarded anyway: a placement is dropped if an earlier one already fills its
    cell or puts the same digit in a peer (which only a broken position allows),
    and an elimination that would remove a digit being placed is dropped.

    :raises KeyError: if no technique is called ``technique_name``.
    """
    technique = get(technique_name)
    steps = steps_of(grid, technique)
    if not steps:
        return None
    peers = grid.shape.peer_sets
    placed: dict[int, int] = {}
    for step in steps:
        for cell, digit in step.placements:
            if cell in placed or any(placed.get(p) == digit for p in peers[cell]):
                continue
            placed[cell] = digit
    eliminations = sorted(
        {
            (cell, digit)
            for step in steps
            for cell, digit in step.eliminations
            if placed.get(cell) != digit
        }
    )
    if not placed and not eliminations:
        return None
    n = grid.size
    placements = tuple(sorted(placed.items()))
    parts = []
    if placements:
        listed = ", ".join(f"{cell_name(c, n)}={symbol(d)}" for c, d in placements)
        parts.append(f"place {listed}")
    if eliminations:
        parts.append(removal_text(eliminations, n))
    explanation = (
        f"{technique.name} applied everywhere ({plural(len(steps), 'step')}): "
        + "; ".join(parts)
        + "."
    )
    marks = tuple(dict.fromkeys(m for step in steps for m in step.marks))
    units = tuple(dict.fromkeys(u for step in steps for u in step.units))
    return Step(
        technique.name,
        placements=placements,
        eliminations=tuple(eliminations),
        explanation=explanation,
        marks=marks,
        units=units,
        rating=max(step.rating for step in steps),
        last_resort=any(step.last_resort for step in steps),
    )
