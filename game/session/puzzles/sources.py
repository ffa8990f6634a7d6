"""Where puzzles come from: the generator and puzzle files, run as background jobs.

Both produce a :class:`Prepared` game, everything a board needs with the slow
parts (generation, the solver's uniqueness check) already done, so creating the
:class:`~game.session.Game` on the main thread is instant.  The functions here
take a :class:`~.tasks.Task` so they can stop early when the player cancels.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...engine.logic import decide
from ...engine.logic.registry import Level
from ...engine.puzzle import Puzzle
from ...engine.solver import Status
from ..keep.big_files import is_big
from ..play.game import Game
from ..play.puzzle_kind import Difficulty, Origin, PuzzleKind
from ..play.settings import Settings
from ..play.state import BoardState
from ..tasks import Cancelled, Task

if TYPE_CHECKING:
    from ...engine.formats import PuzzleFile
    from ...engine.generator import RatedPuzzle
    from ...engine.puzzle import PuzzleRecord
    from .supply import Job, PuzzleSupply


@dataclass(frozen=True)
class Prepared:
    """A puzzle ready to play: solution known, progress (if any) attached."""

    puzzle: Puzzle
    solution: tuple[int, ...] | None
    solvability: Status
    origin: Origin
    initial: BoardState | None = None
    game: Game | None = None
    """A saved game, loaded with its history: played as it is instead of a new one."""
    created: str = ""
    """When the saved game was first started ("" for a new game)."""
    cursor: int | None = None
    """Where the saved game's board had its cursor (None for a new game)."""
    proving: bool = False
    """Whether the solutions are still to count: the board opens at once and counts
    them in the background (a pasted puzzle; see :func:`prepare_opened`)."""

    def new_game(self, settings: Settings) -> Game:
        """The game to play: the saved one with ``settings`` in force, or a fresh one."""
        if self.game is not None:
            self.game.use_settings(settings)
            return self.game
        return Game(
            self.puzzle,
            settings=settings,
            initial=self.initial,
            solution=self.solution,
            solvability=self.solvability,
            proving=self.proving,
        )

    @classmethod
    def again(cls, game: Game, origin: Origin) -> Prepared:
        """``game``'s puzzle from the start as a new game (Play again, Restart after a loss)."""
        return cls(game.puzzle, game.solution, game.solvability, origin, proving=game.proving)


PrepareJob = Callable[["Task[Prepared]"], Prepared]
"""A background job that prepares a puzzle (generate, daily, load_file)."""


def generate(
    kind: PuzzleKind,
    task: Task[Prepared] | None = None,
    supply: PuzzleSupply | None = None,
    seed: int | None = None,
) -> Prepared:
    """A fresh puzzle at the requested level (slow: run it as a background job).

    Through ``supply`` the puzzle is usually ready at once, made ahead while the
    player played the last one; a request with a seed is made directly, so the
    same seed always gives the same puzzle.
    """
    from ...engine.generator import generate as make
    from ...engine.logic.registry import Level

    level = kind.level if kind.level is not None else Level.MEDIUM
    if supply is None or seed is not None:

        def progress(fraction: float) -> bool:
            if task is not None:
                task.progress = fraction
            return task is None or not task.cancelled

        made = _unless_cancelled(
            lambda: make(kind.variant, kind.size, level, seed=seed, progress=progress)
        )
    else:
        made = _await(supply.request(kind), task)
    origin = Origin(
        PuzzleKind(kind.variant, kind.size, made.level),
        seed=made.seed,
        difficulty=Difficulty(made.level, made.score),
    )
    return Prepared(made.puzzle, made.solution, Status.UNIQUE, origin)


def daily(
    date: datetime.date,
    task: Task[Prepared] | None = None,
    supply: PuzzleSupply | None = None,
    variant: str = "classic",
) -> Prepared:
    """The puzzle of the day: the same for every player on ``date`` (a classic 9x9 on
    the menu; any ``variant`` the generator makes at 9x9 works the same way)."""
    from .supply import daily_puzzle

    if supply is None:
        made = _unless_cancelled(lambda: daily_puzzle(date, variant=variant))
    else:
        made = _await(supply.daily(date, variant), task)
    origin = Origin(
        PuzzleKind(made.variant, 9, made.level),
        title=f"Daily puzzle · {date.day} {date:%b}",
        seed=made.seed,
        difficulty=Difficulty(made.level, made.score),
    )
    return Prepared(made.puzzle, made.solution, Status.UNIQUE, origin)


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
    from ...engine.generator import GenerationCancelled

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
    file or that puzzle cannot be read, :class:`~game.session.keep.savegame.SaveError`
    when a saved game cannot be loaded.
    """
    from ...engine.errors import PuzzleError
    from ...engine.formats import open_puzzles
    from ...engine.formats.native import KIND

    if is_big(path) and _looks_saved(path):
        return load_saved_game(path)  # parsed once, in the helper process (see .apart)
    try:
        opened = open_puzzles(path)
    except PuzzleError:
        if _looks_saved(path):  # the save's own reader says more precisely what is wrong
            return load_saved_game(path)
        raise
    if opened.kind == KIND:
        return load_saved_game(path)
    return prepare_opened(opened, index, str(path), task)


def prepare_opened(
    opened: PuzzleFile,
    index: int,
    path: str,
    task: Task[Prepared] | None = None,
    *,
    prove: bool = True,
) -> Prepared:
    """Puzzle ``index`` of puzzles already opened, made ready to play.

    Every way into a game from text goes through here (a file, a pasted or typed
    text, a link on the command line), so they refuse and accept the same
    puzzles.  ``path`` is the file's path ("" for text that came from no file).
    Without ``prove`` the solutions are not counted here: the puzzle is read and
    valid, and the board counts them in the background (:attr:`Prepared.proving`),
    which for a hard variant takes seconds the player need not wait.
    """
    from ...engine.errors import FormatError

    if not 0 <= index < opened.count:  # the file shrank since the picker listed it
        count = opened.count
        raise FormatError(
            f"there is no puzzle {index + 1}: the file holds {count} "
            f"puzzle{'s' if count != 1 else ''} now",
            path=str(path),
        )
    record = opened.record(index)
    if task is not None:
        task.check()
    puzzle = record.puzzle
    if not prove:
        initial = _progress(puzzle, record)
        origin = file_origin(puzzle, str(path), index, record.title or opened.title or "")
        return Prepared(puzzle, None, Status.UNDECIDED, origin, initial, proving=True)
    # Under the whole rule set (a variant's cages, lines and dots too); bounded: about
    # a second at most on a classic grid, a few on a variant (see solver.work_budget).
    analysis = decide(puzzle.rules, puzzle.givens)
    solvability = analysis.status
    initial = _progress(puzzle, record)
    origin = file_origin(puzzle, str(path), index, record.title or opened.title or "")
    solution = analysis.solution if solvability is Status.UNIQUE else None
    return Prepared(puzzle, solution, solvability, origin, initial)


def _progress(puzzle: Puzzle, record: PuzzleRecord) -> BoardState | None:
    """The entries and notes a file's puzzle carries (None when it carries none)."""
    if not record.has_progress:
        return None
    cells = puzzle.shape.cells
    return BoardState(record.entries or (0,) * cells, record.notes or (0,) * cells)


_MADE = re.compile(r"([A-Za-z]+) +([0-9]{1,2}(?:\.[0-9])?) +seed +([0-9]{1,18})")
"""The comment the bundled library writes after each puzzle: ``Extreme 8.9 seed 1005000``
(see ``puzzles/README.md``)."""


def file_origin(puzzle: Puzzle, path: str, index: int, title: str) -> Origin:
    """Where a puzzle read from a file came from.

    A comment in the form the bundled library writes (level, score, seed) is what
    the generator said of the puzzle, not a title: the puzzle keeps its file's name
    and gets that rating and seed, rather than a heading "Extreme 8.9 seed 1005000".
    Its kind stays "from a file" (no level), so statistics and New game's choices
    are not those of a puzzle made in the game.
    """
    made = _MADE.fullmatch(title.strip())
    level = None
    if made is not None:
        try:
            level = Level.parse(made.group(1))
        except ValueError:
            level = None
    if made is None or level is None:
        return Origin(PuzzleKind.of(puzzle, None), path=path, index=index, title=title)
    return Origin(
        PuzzleKind.of(puzzle, None),
        path=path,
        index=index,
        seed=int(made.group(3)),
        difficulty=Difficulty(level, float(made.group(2))),
    )


def load_saved_game(path: str) -> Prepared:
    """The game saved at ``path``, history kept; SaveError says why it cannot be loaded."""
    from ..keep.savegame import load_saved

    saved = load_saved(Path(path))
    game = saved.game
    origin = saved.origin
    if not (origin.title or origin.path or origin.kind.level):
        # A save that says nothing of its origin (an old one, or another program's):
        # its file name reads better than "Puzzle".
        origin = dataclasses.replace(origin, title=Path(path).stem)
    return Prepared(
        game.puzzle,
        game.solution,
        game.solvability,
        origin,
        game=game,
        created=saved.created,
        cursor=saved.cursor,
    )


def _looks_saved(path: str) -> bool:
    """Whether the file at ``path`` starts like a saved game (for the better error)."""
    from ...engine.formats.native import looks_like_native

    try:
        with open(path, encoding="utf-8", errors="replace") as stream:
            return looks_like_native(stream.read(1 << 16))
    except OSError:
        return False
