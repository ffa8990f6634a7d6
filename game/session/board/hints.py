"""Asking the logic engine for a hint, from a snapshot safe to hand to a thread.

The board takes a :class:`HintQuery` (immutable tuples copied from the game) and
runs :func:`ask` as a background job.  The engine's ``find_hint`` decides
everything: the player's mistakes first, then notes that leave out the right
digit, then the simplest technique from the position the player sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.logic.grid import CandidateGrid, given_cells
from ...engine.logic.hint import MISTAKE, Hint, find_hint
from ...engine.logic.step import Mark, Role, Step
from ...engine.rules import RuleSet
from ...engine.shape import Shape
from ...engine.solver import Status
from ...engine.symbols import cell_name, symbol
from ..play.dead_ends import cannot_finish, dead_end_words
from ..play.game import Game
from ..play.rulebook import Rulebook


@dataclass(frozen=True)
class HintMarks:
    """What a hint shows on the board: units only (the nudge) or the whole step.

    ``position`` is the position the step was found in when it is not the board's
    own (a step several moves ahead in step-through): the board then draws those
    candidates, so the picture agrees with the explanation; ``ahead`` says how many
    steps lie between the board and that position.
    """

    step: Step
    full: bool  # False: the nudge (units tinted); True: marks, strikes and links
    position: CandidateGrid | None = None
    ahead: int = 0


@dataclass(frozen=True)
class HintQuery:
    """The position a hint is asked for (copied, so the game may change meanwhile)."""

    shape: Shape
    givens: tuple[int, ...]
    entries: tuple[int, ...]
    notes: tuple[int, ...]
    solution: tuple[int, ...] | None
    unique: bool
    status: Status = Status.UNIQUE
    rulebook: Rulebook | None = None
    """The puzzle's rules (None: those of ``shape`` alone, made when asked)."""

    @classmethod
    def of(cls, game: Game) -> HintQuery:
        state = game.state
        return cls(
            game.shape,
            game.givens,
            state.entries,
            state.notes,
            game.solution,
            game.unique,
            game.solvability,
            game.rulebook,
        )

    @property
    def rules(self) -> RuleSet | None:
        """The variant's rule set for the logic (None without constraints)."""
        book = self.rulebook
        return book.rules if book is not None and book.has_constraints else None

    def book(self) -> Rulebook:
        """The rules the position is judged by (the shape's alone when no rulebook)."""
        if self.rulebook is not None:
            return self.rulebook
        from ...engine.puzzle import Puzzle

        return Rulebook(Puzzle(self.shape, self.givens))

    @property
    def grid(self) -> tuple[int, ...]:
        """Givens and entries together."""
        return tuple(g or e for g, e in zip(self.givens, self.entries, strict=True))

    @property
    def keeps_notes(self) -> bool:
        """Whether the player has notes in some empty cell."""
        return any(not v and note for v, note in zip(self.grid, self.notes, strict=True))

    def position(self) -> CandidateGrid:
        """The position the logic works on, built as ``find_hint`` builds it.

        A cell's candidates are its notes (less digits a peer holds), or every legal
        digit where it has no notes: the player sees their notes, and a cell left
        blank is read as "anything still possible" rather than "nothing".
        """
        grid = self.grid
        legal = self.book().candidates(grid)
        cands = [
            0 if v else (note & ok if note else ok)
            for v, note, ok in zip(grid, self.notes, legal, strict=True)
        ]
        return CandidateGrid(
            self.shape, grid, cands, givens=given_cells(self.givens), rules=self.rules
        )


def ask(query: HintQuery) -> Hint:
    """The hint for ``query`` (may take a while on hard positions: run it off the loop).

    Without a single solution to compare with, a position that can no longer be
    finished gets that answer first (:func:`~.dead_ends.cannot_finish`), so a hint
    never leads the player further into a dead end, as on a puzzle with one
    solution it would point at the wrong digit first.
    """
    if query.solution is None and query.status is not Status.NONE:
        broken = _broken_entry(query)
        if broken is not None:
            return broken
        reason = cannot_finish(query.book(), query.grid, unique=False)
        if reason is not None:
            words = dead_end_words(reason)
            return Hint("dead-end", None, query.keeps_notes, False, words, query.status)
    return find_hint(
        query.shape,
        query.givens,
        query.entries,
        query.notes,
        query.solution,
        unique=query.unique,
        status=query.status,
        rules=query.rules,
    )


def _broken_entry(query: HintQuery) -> Hint | None:
    """A variant's rule broken by one of the player's digits, as a mistake (without a
    solution, the engine's own check reads rows, columns and regions only): a repeat
    in a diagonal, an extra region or a cage, or a constraint broken."""
    book = query.book()
    if not book.has_constraints:
        return None
    grid, n = query.grid, query.shape.size
    mine = [c for c, e in enumerate(query.entries) if e and not query.givens[c]]
    clashes = book.conflicts(grid)
    for cell in mine:
        if cell in clashes:
            house = next(
                h for h in book.houses if cell in h.cells and _repeats(h.cells, grid, cell)
            )
            words = (
                f"{cell_name(cell, n)} is not right: {symbol(grid[cell])} appears more "
                f"than once in {book.house_name(house)}."
            )
            return _pointer(cell, grid[cell], words, query)
    for broken in book.broken(grid):
        at = next((c for c in broken.cells if c in mine), None)
        if at is not None:
            return _pointer(at, grid[at], broken.words, query)
    return None


def _repeats(cells: tuple[int, ...], grid: tuple[int, ...], cell: int) -> bool:
    return sum(1 for c in cells if grid[c] == grid[cell]) > 1


def _pointer(cell: int, digit: int, words: str, query: HintQuery) -> Hint:
    step = Step(MISTAKE, explanation=words, marks=(Mark(cell, digit, Role.WRONG),))
    return Hint("mistake", step, query.keeps_notes, False, words, query.status)
