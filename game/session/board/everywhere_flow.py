"""Apply one technique across the whole board, as one undoable move.

A player who has learnt naked singles should not have to click every one of
them; these commands do the chore.  They work on the position the player sees
(their notes, legal digits where a cell has none), through the engine's
``apply_everywhere``, and refuse to build on a wrong entry or a note that leaves
out the right digit: applying logic to a broken position spreads the mistake.
Each application counts as a hint, since it makes the deductions for the player.

The search runs as a background job like the hint (a big grid's pairs take a
moment); its answer is applied only if the board is still the one it was found on.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from ...engine.logic.hint import apply_everywhere
from ...engine.logic.step import Step
from ...engine.symbols import cell_name
from ..play.dead_ends import cannot_finish, dead_end_words
from ..play.game import Game
from ..play.help_ledger import deduction_of
from ..play.solvability import no_help
from ..play.state import BoardState
from ..tasks import TaskRunner
from .hint_flow import HintUpdate
from .hints import HintQuery


class Chore(enum.StrEnum):
    """The techniques a player can apply across the board at once."""

    NAKED_SINGLES = "naked-singles"
    HIDDEN_SINGLES = "hidden-singles"
    LOCKED_CANDIDATES = "locked-candidates"
    NAKED_PAIRS = "naked-pairs"
    HIDDEN_PAIRS = "hidden-pairs"
    NAKED_TRIPLES = "naked-triples"


@dataclass(frozen=True)
class Everywhere:
    """One "everywhere" command: what players call it and the techniques behind it."""

    label: str  # "Naked singles"
    techniques: tuple[str, ...]  # engine technique names, applied together
    places: bool  # singles place digits; the others only remove notes


EVERYWHERE: dict[Chore, Everywhere] = {
    Chore.NAKED_SINGLES: Everywhere("Naked singles", ("Naked Single",), True),
    Chore.HIDDEN_SINGLES: Everywhere("Hidden singles", ("Hidden Single",), True),
    # Pointing and claiming are the two faces of one idea players call locked
    # candidates; one command for both reads better than two.
    Chore.LOCKED_CANDIDATES: Everywhere("Locked candidates", ("Pointing", "Claiming"), False),
    Chore.NAKED_PAIRS: Everywhere("Naked pairs", ("Naked Pair",), False),
    Chore.HIDDEN_PAIRS: Everywhere("Hidden pairs", ("Hidden Pair",), False),
    Chore.NAKED_TRIPLES: Everywhere("Naked triples", ("Naked Triple",), False),
}
"""The commands in the order the step panel lists them (simplest first)."""


@dataclass(frozen=True)
class Found:
    """The merged step to apply (None when there is none) and what to tell the player."""

    step: Step | None
    message: str


def find(query: HintQuery, what: Everywhere) -> Found:
    """Every application of ``what`` in ``query``'s position, merged into one step."""
    problem = _problem(query)
    if problem:
        return Found(None, problem)
    if not what.places and not query.keeps_notes:
        return Found(None, f"{what.label} work on notes: fill them in first (Fill notes).")
    grid = query.position()
    found = [step for name in what.techniques if (step := apply_everywhere(grid, name))]
    if not found:
        return Found(None, f"No {what.label.lower()} anywhere on the board.")
    step = found[0] if len(found) == 1 else _merge(found, what.label)
    return Found(step, _summary(what, step))


def _problem(query: HintQuery) -> str:
    """Why the position is not fit to build on ("" when it is)."""
    grid, solution = query.grid, query.solution
    if solution is None:
        book = query.book()
        if book.conflicts(grid) or book.broken(grid):
            return "Some digits break the rules; fix them first."
        reason = cannot_finish(book, grid, unique=False)
        return f"{dead_end_words(reason)} Undo first." if reason else ""
    if any(e and e != s for e, s in zip(query.entries, solution, strict=True)):
        return "One of your digits is not right; fix it first (Hint shows which)."
    for cell, (value, note) in enumerate(zip(grid, query.notes, strict=True)):
        if not value and note and not note >> (solution[cell] - 1) & 1:
            name = cell_name(cell, query.shape.size)
            return f"Your notes in {name} leave out the digit that belongs there; fix them first."
    return ""


def _merge(steps: list[Step], label: str) -> Step:
    """Steps found in one position, as one (their union holds there too)."""
    placements = tuple(sorted({p for s in steps for p in s.placements}))
    eliminations = tuple(sorted({e for s in steps for e in s.eliminations}))
    return Step(
        label,
        placements=placements,
        eliminations=eliminations,
        explanation=" ".join(s.explanation for s in steps),
        marks=tuple(dict.fromkeys(m for s in steps for m in s.marks)),
        units=tuple(dict.fromkeys(u for s in steps for u in s.units)),
        rating=max(s.rating for s in steps),
    )


def _summary(what: Everywhere, step: Step) -> str:
    parts = []
    if step.placements:
        count = len(step.placements)
        parts.append(f"{count} digit{'s' if count > 1 else ''} placed")
    if step.eliminations:
        count = len(step.eliminations)
        parts.append(f"{count} note{'s' if count > 1 else ''} removed")
    return f"{what.label} everywhere: {' and '.join(parts)}."


class EverywhereFlow:
    """Runs one "everywhere" command at a time and applies its answer to the game."""

    def __init__(self, tasks: TaskRunner, notify: Callable[[HintUpdate], None]) -> None:
        self.tasks = tasks
        self.notify = notify

    def run(self, game: Game, chore: Chore) -> None:
        """Look for ``chore``'s technique everywhere; the answer comes through ``notify``."""
        what = EVERYWHERE[chore]
        if no_help(game.solvability):
            self.notify(HintUpdate(no_help(game.solvability)))
            return
        query = HintQuery.of(game)
        state = game.state
        self.tasks.run(
            lambda task: find(query, what),
            lambda found: self._found(game, state, found),
            lambda error: self.notify(HintUpdate(f"{what.label}: {error}")),
            "everywhere",
        )

    def _found(self, game: Game, state: BoardState, found: Found) -> None:
        if game.state != state:
            self.notify(HintUpdate("The board changed meanwhile; press the key again."))
            return
        if found.step is None:
            self.notify(HintUpdate(found.message))
            return
        effect = game.assist.apply_step(found.step)
        if effect.changed:
            game.charge_hint(deduction_of(found.step))
        self.notify(HintUpdate(found.message, effect))
