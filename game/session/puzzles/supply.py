"""Puzzles on demand for New game, made in a background thread, and the daily puzzle.

Generation takes from a few milliseconds (Easy) to several seconds (Extreme), so
the game never waits for it on its own thread.  :class:`PuzzleSupply` runs each
puzzle as a :class:`Job` in a worker thread that the game polls (``progress``,
``done``) and may cancel; when a job ends, the supply quietly makes the *next*
puzzle of the same kind, so the following New game is usually instant.

Threads rather than processes: the generator checks for cancellation between
candidates and steps (well under a second apart), so a thread stops promptly, and
a process would cost a second of start-up per puzzle.  Results are read by
polling, never pushed through callbacks, so the UI touches them on its own thread.

:func:`daily_puzzle` is the same puzzle for everyone on a given date: a classic
9x9 with a half-turn symmetric clue layout, its seed the date written as
``YYYYMMDD`` (so ``python main.py generate --seed 20250101 --difficulty ...``
gives it too) and its level from :data:`DAILY_LEVELS`, a weekly cycle from Easy
on Monday to Expert at the weekend.  Extreme is left out: a puzzle everyone plays
should not need trial and error.  Like every seeded puzzle it depends on the
game's version, since new techniques change ratings.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable

from ...engine.generation.symmetry import Symmetry
from ...engine.generator import RatedPuzzle, available_levels, generate
from ...engine.logic.registry import Level
from ..play.puzzle_kind import PuzzleKind

DAILY_LEVELS: tuple[Level, ...] = (
    Level.EASY,  # Monday
    Level.MEDIUM,  # Tuesday
    Level.MEDIUM,  # Wednesday
    Level.HARD,  # Thursday
    Level.HARD,  # Friday
    Level.EXPERT,  # Saturday
    Level.EXPERT,  # Sunday
)
"""The daily puzzle's level by weekday (``date.weekday()``: Monday is 0)."""

DAILY_VARIANT = "classic"
"""The kind of the menu's daily puzzle (any kind the generator makes at 9x9 works)."""

READY_KINDS = 8
"""At most this many kinds keep a puzzle ready (the oldest are dropped first)."""


Maker = Callable[[PuzzleKind, Callable[[float], bool]], RatedPuzzle]
"""Makes one puzzle of a kind, reporting progress; the supply's only link to the generator."""


def generate_kind(kind: PuzzleKind, progress: Callable[[float], bool]) -> RatedPuzzle:
    """The default :data:`Maker`: :func:`~game.engine.generator.generate` without a seed."""
    return generate(kind.variant, kind.size, _level(kind), progress=progress)


def _level(kind: PuzzleKind) -> Level:
    if kind.level is None:
        raise ValueError(f"a {kind.grid} puzzle is made at a level; none was given")
    return kind.level


class Job:
    """One puzzle being made (or already made): poll it, wait for it, or cancel it."""

    def __init__(self, kind: PuzzleKind) -> None:
        self.kind = kind
        self.progress = 0.0
        self._done = threading.Event()
        self._cancel = threading.Event()
        self._result: RatedPuzzle | None = None
        self._error: BaseException | None = None

    @classmethod
    def finished(cls, kind: PuzzleKind, puzzle: RatedPuzzle) -> Job:
        """A job that is already done (a puzzle that was ready)."""
        job = cls(kind)
        job._succeed(puzzle)
        return job

    @property
    def done(self) -> bool:
        """Whether the job has ended: made, failed or cancelled."""
        return self._done.is_set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def cancel(self) -> None:
        """Ask the job to stop; it ends at the generator's next check (well under a second)."""
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job ends (for tests and tools; the game polls ``done``)."""
        return self._done.wait(timeout)

    def result(self) -> RatedPuzzle:
        """The puzzle.

        :raises RuntimeError: if the job has not ended yet.
        :raises GenerationCancelled: if it was cancelled first.
        :raises Exception: whatever stopped the generator (e.g. ``GenerationFailed``).
        """
        if not self.done:
            raise RuntimeError("the puzzle is not ready yet")
        if self._error is not None:
            raise self._error
        assert self._result is not None
        return self._result

    def report(self, fraction: float) -> bool:
        """The progress callback handed to the generator."""
        self.progress = fraction
        return not self._cancel.is_set()

    def _succeed(self, puzzle: RatedPuzzle) -> None:
        self._result = puzzle
        self.progress = 1.0
        self._done.set()

    def _fail(self, error: BaseException) -> None:
        self._error = error
        self._done.set()

    def __repr__(self) -> str:
        state = "done" if self.done else "cancelled" if self.cancelled else f"{self.progress:.0%}"
        return f"<Job {self.kind} {state}>"


class PuzzleSupply:
    """New puzzles without waiting: background generation plus one puzzle made ahead.

    ``request(kind)`` returns a :class:`Job`: already done when a puzzle of that kind
    was made ahead, otherwise running.  Either way, once it is done the supply makes
    the next puzzle of the same kind in the background.  A request for another kind
    cancels that work, since the player has moved on.  Call :meth:`close` (or use
    ``with``) when the game ends.
    """

    def __init__(self, maker: Maker = generate_kind, *, ahead: bool = True) -> None:
        self._maker = maker
        self._ahead = ahead
        self._lock = threading.Lock()
        self._ready: dict[PuzzleKind, RatedPuzzle] = {}
        self._making_ahead: Job | None = None  # a job whose puzzle goes to _ready
        self._running: set[Job] = set()
        self._threads: list[threading.Thread] = []
        self._daily: dict[tuple[datetime.date, str], Job] = {}
        self._closed = False

    def request(self, kind: PuzzleKind) -> Job:
        """A job for a puzzle of ``kind``; done at once if one was ready.

        :raises ValueError: if the generator does not offer ``kind`` (see
            :func:`~game.engine.generator.available_levels`).
        """
        if kind.level not in available_levels(kind.variant, kind.size):
            raise ValueError(f"no {kind.label} puzzles are made")
        with self._lock:
            self._check_open()
            ready = self._ready.pop(kind, None)
            if ready is not None:
                self._make_ahead(kind)
                return Job.finished(kind, ready)
            ahead = self._making_ahead
            self._making_ahead = None
            if ahead is not None and ahead.kind == kind and not ahead.cancelled:
                return ahead  # the puzzle being made ahead is the one wanted: adopt it
            if ahead is not None:
                ahead.cancel()
            job = Job(kind)
            self._start(job, lambda: self._maker(kind, job.report))
            return job

    def is_ready(self, kind: PuzzleKind) -> bool:
        """Whether a puzzle of ``kind`` is waiting, so New game will be instant."""
        with self._lock:
            return kind in self._ready

    def daily(self, date: datetime.date, variant: str = DAILY_VARIANT) -> Job:
        """A job for the daily ``variant`` puzzle of ``date`` (made once, then kept)."""
        with self._lock:
            self._check_open()
            key = (date, variant)
            job = self._daily.get(key)
            if job is None or (job.done and job.cancelled):
                job = Job(daily_kind(date, variant))
                self._daily[key] = job
                self._start(job, lambda: daily_puzzle(date, job.report, variant))
            return job

    def close(self, timeout: float | None = 5.0) -> None:
        """Cancel all work and wait (up to ``timeout`` seconds per thread) for it to stop."""
        with self._lock:
            self._closed = True
            for job in self._running:
                job.cancel()
            threads = list(self._threads)
        for thread in threads:
            thread.join(timeout)

    def __enter__(self) -> PuzzleSupply:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals: every method below runs with the lock held, or in a worker ------

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("the puzzle supply is closed")

    def _make_ahead(self, kind: PuzzleKind) -> None:
        if not self._ahead or self._closed or kind in self._ready:
            return
        if self._making_ahead is not None:
            if self._making_ahead.kind == kind:
                return
            self._making_ahead.cancel()
        job = Job(kind)
        self._making_ahead = job
        self._start(job, lambda: self._maker(kind, job.report))

    def _start(self, job: Job, work: Callable[[], RatedPuzzle]) -> None:
        self._running.add(job)
        self._threads = [thread for thread in self._threads if thread.is_alive()]
        thread = threading.Thread(
            target=self._run, args=(job, work), name=f"puzzle {job.kind}", daemon=True
        )
        self._threads.append(thread)
        thread.start()

    def _run(self, job: Job, work: Callable[[], RatedPuzzle]) -> None:
        try:
            puzzle = work()
        except Exception as error:  # handed to whoever reads the job
            job._fail(error)
        else:
            job._succeed(puzzle)
        with self._lock:
            self._running.discard(job)
            if job._error is not None:
                if job is self._making_ahead:
                    self._making_ahead = None
                return
            if job is self._making_ahead:
                self._making_ahead = None
                self._keep(job.kind, job.result())
            elif job not in self._daily.values():
                self._make_ahead(job.kind)

    def _keep(self, kind: PuzzleKind, puzzle: RatedPuzzle) -> None:
        self._ready.pop(kind, None)
        self._ready[kind] = puzzle
        while len(self._ready) > READY_KINDS:
            del self._ready[next(iter(self._ready))]


def daily_seed(date: datetime.date) -> int:
    """The daily puzzle's seed: the date as the number ``YYYYMMDD``."""
    return date.year * 10_000 + date.month * 100 + date.day


def daily_level(date: datetime.date) -> Level:
    """The daily puzzle's level: :data:`DAILY_LEVELS` by weekday."""
    return DAILY_LEVELS[date.weekday()]


def daily_kind(date: datetime.date, variant: str = DAILY_VARIANT) -> PuzzleKind:
    """The kind of the daily puzzle of ``date``: 9x9 ``variant`` at the weekday's level."""
    return PuzzleKind(variant, 9, daily_level(date))


def daily_puzzle(
    date: datetime.date,
    progress: Callable[[float], bool] | None = None,
    variant: str = DAILY_VARIANT,
) -> RatedPuzzle:
    """The puzzle of the day for ``date``: the same for every player of this version.

    ``variant`` (a kind name) makes a daily puzzle of another kind from the same
    seed; the menu's is classic, with its clues in half-turn symmetry.
    """
    kind = daily_kind(date, variant)
    return generate(
        kind.variant,
        kind.size,
        daily_level(date),
        symmetry=Symmetry.ROTATIONAL if kind.variant == "classic" else None,
        seed=daily_seed(date),
        progress=progress,
    )
