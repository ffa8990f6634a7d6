"""Where puzzles come from: the generator and puzzle files, run as background jobs.

Both produce a :class:`Prepared` game, everything a board needs with the slow
parts (generation, the solver's uniqueness check) already done, so creating the
:class:`~game.session.Game` on the main thread is instant.  The functions here
take a :class:`~.tasks.Task` so they can stop early when the player cancels.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine import solver
from ..engine.logic.registry import Level
from ..engine.puzzle import Puzzle
from ..session import BoardState, Game, Settings
from .tasks import Cancelled, Task

VARIANTS = ("classic", "jigsaw")
CLASSIC_SIZES = (4, 6, 9, 16)


@dataclass(frozen=True)
class GameInfo:
    """What the player chose or opened, for the panel header and "New puzzle"."""

    variant: str
    size: int
    level: Level | None = None
    path: str = ""  # the file the puzzle came from ("" when generated)
    index: int = 0  # its position in that file
    title: str = ""
    seed: int | None = None

    @property
    def heading(self) -> str:
        """The big word of the panel header: the level, or the puzzle's title."""
        if self.level is not None:
            return self.level.label
        return self.title or Path(self.path).stem or "Puzzle"

    @property
    def kind(self) -> str:
        """``Classic 9×9``."""
        return f"{self.variant.capitalize()} {self.size}×{self.size}"

    @property
    def label(self) -> str:
        """``Hard · Classic 9×9`` or ``Jigsaw 9×9 · janko_93.txt``."""
        kind = f"{self.variant.capitalize()} {self.size}×{self.size}"
        if self.level is not None:
            return f"{self.level.label} · {kind}"
        name = self.title or Path(self.path).name
        return f"{kind} · {name}" if name else kind

    @property
    def key(self) -> tuple[str, int, int]:
        """What best times are kept per: variant, size and level (0 for files)."""
        return (self.variant, self.size, int(self.level) if self.level else 0)


@dataclass(frozen=True)
class Request:
    """A new game as chosen in the New game scene."""

    variant: str = "classic"
    size: int = 9
    level: Level = Level.MEDIUM
    seed: int | None = None

    def describe(self) -> str:
        kind = f"{self.variant} {self.size}×{self.size}"
        return f"{self.level.label} {kind}"


@dataclass(frozen=True)
class Prepared:
    """A puzzle ready to play: solution known, progress (if any) attached."""

    puzzle: Puzzle
    solution: tuple[int, ...] | None
    unique: bool
    info: GameInfo
    initial: BoardState | None = None

    def new_game(self, settings: Settings) -> Game:
        return Game(
            self.puzzle,
            settings=settings,
            initial=self.initial,
            solution=self.solution,
            unique=self.unique,
        )


def generate(request: Request, task: Task[Prepared] | None = None) -> Prepared:
    """A fresh puzzle at the requested level (slow: run it as a background job)."""
    from ..engine.generator import GenerationCancelled
    from ..engine.generator import generate as make

    def progress(_fraction: float) -> bool:
        return task is None or not task.cancelled

    try:
        made = make(
            request.variant, request.size, request.level, seed=request.seed, progress=progress
        )
    except GenerationCancelled:
        raise Cancelled from None
    info = GameInfo(request.variant, request.size, made.level, seed=made.seed)
    return Prepared(made.puzzle, made.solution, True, info)


def load_file(path: str, index: int = 0, task: Task[Prepared] | None = None) -> Prepared:
    """Puzzle ``index`` of the file at ``path``, with any progress the file carries.

    Raises :class:`~game.engine.errors.PuzzleError` with the located reason when the
    file or that puzzle cannot be read.
    """
    from ..engine.formats import open_puzzles

    opened = open_puzzles(path)
    record = opened.record(index)
    if task is not None:
        task.check()
    puzzle = record.puzzle
    found = solver.solutions(puzzle.shape, puzzle.givens, limit=2)
    unique = len(found) == 1
    initial = None
    if record.has_progress:
        cells = puzzle.shape.cells
        initial = BoardState(record.entries or (0,) * cells, record.notes or (0,) * cells)
    info = GameInfo(
        puzzle.shape.variant,
        puzzle.size,
        path=str(path),
        index=index,
        title=record.title or opened.title or "",
    )
    return Prepared(puzzle, found[0] if found else None, unique, info, initial)
