"""Where puzzles come from: the generator and puzzle files, run as background jobs.

Both produce a :class:`Prepared` game, everything a board needs with the slow
parts (generation, the solver's uniqueness check) already done, so creating the
:class:`~game.session.Game` on the main thread is instant.  The functions here
take a :class:`~.tasks.Task` so they can stop early when the player cancels.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import solver
from ..engine.logic.registry import Level
from ..engine.puzzle import Puzzle
from .difficulty import Difficulty
from .game import Game
from .settings import Settings
from .state import BoardState
from .tasks import Cancelled, Task

if TYPE_CHECKING:
    from ..engine.generator import RatedPuzzle
    from .supply import Job, PuzzleSupply

VARIANTS = ("classic", "jigsaw")
CLASSIC_SIZES = (4, 6, 9, 16)
JIGSAW_SIZES = (6, 9)


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
    difficulty: Difficulty | None = None  # the rater's verdict, once known

    @property
    def heading(self) -> str:
        """The big words of the panel header: the puzzle's title, else its level.

        Generated puzzles have no title, so their level heads the panel; the daily
        puzzle and puzzles from files are named by their title.
        """
        if self.title:
            return self.title
        if self.level is not None:
            return self.level.label
        return Path(self.path).stem or "Puzzle"

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
    game: Game | None = None
    """A saved game, loaded with its history: played as it is instead of a new one."""
    created: str = ""
    """When the saved game was first started ("" for a new game)."""

    def new_game(self, settings: Settings) -> Game:
        if self.game is not None:
            self.game.settings = settings
            self.game.recheck()  # the mistake limit may differ from the save's
            return self.game
        return Game(
            self.puzzle,
            settings=settings,
            initial=self.initial,
            solution=self.solution,
            unique=self.unique,
        )


def generate(
    request: Request, task: Task[Prepared] | None = None, supply: PuzzleSupply | None = None
) -> Prepared:
    """A fresh puzzle at the requested level (slow: run it as a background job).

    Through ``supply`` the puzzle is usually ready at once, made ahead while the
    player played the last one; a request with a seed is made directly, so the
    same seed always gives the same puzzle.
    """
    from ..engine.generator import generate as make
    from .supply import PuzzleKind

    if supply is None or request.seed is not None:

        def progress(fraction: float) -> bool:
            if task is not None:
                task.progress = fraction
            return task is None or not task.cancelled

        made = _unless_cancelled(
            lambda: make(
                request.variant, request.size, request.level, seed=request.seed, progress=progress
            )
        )
    else:
        job = supply.request(PuzzleKind(request.variant, request.size, request.level))
        made = _await(job, task)
    info = GameInfo(
        request.variant,
        request.size,
        made.level,
        seed=made.seed,
        difficulty=Difficulty(made.level, made.score),
    )
    return Prepared(made.puzzle, made.solution, True, info)


def daily(
    date: datetime.date, task: Task[Prepared] | None = None, supply: PuzzleSupply | None = None
) -> Prepared:
    """The puzzle of the day: the same for every player on ``date``."""
    from .supply import daily_puzzle

    if supply is None:
        made = _unless_cancelled(lambda: daily_puzzle(date))
    else:
        made = _await(supply.daily(date), task)
    info = GameInfo(
        "classic",
        9,
        made.level,
        title=f"Daily puzzle · {date.day} {date:%b}",
        seed=made.seed,
        difficulty=Difficulty(made.level, made.score),
    )
    return Prepared(made.puzzle, made.solution, True, info)


def _await(job: Job, task: Task[Prepared] | None) -> RatedPuzzle:
    """The job's puzzle, passing its progress on; the job stops if the task is cancelled."""
    while not job.wait(0.05):
        if task is not None:
            task.progress = job.progress
            if task.cancelled:
                job.cancel()
                raise Cancelled
    return _unless_cancelled(job.result)


def _unless_cancelled(make: Callable[[], RatedPuzzle]) -> RatedPuzzle:
    from ..engine.generator import GenerationCancelled

    try:
        return make()
    except GenerationCancelled:
        raise Cancelled from None


def load_file(path: str, index: int = 0, task: Task[Prepared] | None = None) -> Prepared:
    """Puzzle ``index`` of the file at ``path``, with any progress the file carries.

    A saved game (``.sudoku``, whatever its name) is loaded whole, history and
    counters included, so every way of opening a file (the picker, the command
    line, a drop on the window) continues it where it was saved.

    Raises :class:`~game.engine.errors.PuzzleError` with the located reason when the
    file or that puzzle cannot be read, :class:`~game.session.savegame.SaveError`
    when a saved game cannot be loaded.
    """
    from ..engine.errors import PuzzleError
    from ..engine.formats import open_puzzles
    from ..engine.formats.native import KIND

    try:
        opened = open_puzzles(path)
    except PuzzleError:
        if _looks_saved(path):  # the save's own reader says more precisely what is wrong
            return load_saved_game(path)
        raise
    if opened.kind == KIND:
        return load_saved_game(path)
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


def load_saved_game(path: str) -> Prepared:
    """The game saved at ``path``, history kept; SaveError says why it cannot be loaded."""
    from .origins import info_of
    from .savegame import load_saved

    saved = load_saved(Path(path))
    game = saved.game
    info = info_of(saved.origin, game.shape, Path(path).stem)
    return Prepared(game.puzzle, game.solution, game.unique, info, game=game, created=saved.created)


def _looks_saved(path: str) -> bool:
    """Whether the file at ``path`` starts like a saved game (for the better error)."""
    from ..engine.formats.native import looks_like_native

    try:
        with open(path, encoding="utf-8", errors="replace") as stream:
            return looks_like_native(stream.read(1 << 16))
    except OSError:
        return False
