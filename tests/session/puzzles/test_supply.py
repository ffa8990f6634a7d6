"""The puzzle supply without a UI: background jobs, making ahead, cancelling; the daily puzzle.

Most tests use a stand-in maker whose jobs finish only when the test lets them, so
what runs when is under the test's control; one test runs the real generator.
"""

from __future__ import annotations

import datetime
import threading
import time
from collections.abc import Callable

import pytest

from game.engine import solver
from game.engine.generation.symmetry import Symmetry, is_symmetric
from game.engine.generator import GenerationCancelled, GenerationFailed, RatedPuzzle, generate
from game.engine.logic.rating import rate
from game.engine.logic.registry import Level
from game.session.play.puzzle_kind import PuzzleKind, Variant
from game.session.puzzles.supply import (
    DAILY_LEVELS,
    PuzzleSupply,
    daily_level,
    daily_puzzle,
    daily_seed,
)

EASY4 = PuzzleKind(Variant.CLASSIC, 4, Level.EASY)
EASY6 = PuzzleKind(Variant.CLASSIC, 6, Level.EASY)
MONDAY = datetime.date(2025, 6, 2)


class Maker:
    """Makes distinct 4x4 puzzles, but each job waits until the test sets ``release``."""

    def __init__(self, *, released: bool = False, error: Exception | None = None) -> None:
        self.release = threading.Event()
        if released:
            self.release.set()
        self.error = error
        self.started: list[PuzzleKind] = []
        self.cancelled: list[PuzzleKind] = []
        self._count = 0
        self._lock = threading.Lock()

    def __call__(self, kind: PuzzleKind, progress: Callable[[float], bool]) -> RatedPuzzle:
        self.started.append(kind)
        progress(0.25)
        while not self.release.wait(0.001):
            if not progress(0.5):
                self.cancelled.append(kind)
                raise GenerationCancelled
        if self.error is not None:
            raise self.error
        with self._lock:
            self._count += 1
            seed = self._count
        return generate("classic", 4, Level.EASY, seed=seed)


def eventually(condition: Callable[[], bool]) -> bool:
    """Wait until ``condition`` holds (threads need a moment); True then.

    No deadline: how long the worker threads take on a busy machine decides
    nothing.  A condition that never comes shows as a hang, not as a failure
    that depends on the machine's speed.
    """
    while not condition():
        time.sleep(0.002)  # a poll, not a verdict
    return True


def test_a_request_runs_in_the_background_with_progress() -> None:
    maker = Maker()
    with PuzzleSupply(maker, ahead=False) as supply:
        job = supply.request(EASY4)
        assert eventually(lambda: job.progress == 0.5)
        assert not job.done
        with pytest.raises(RuntimeError, match="not ready"):
            job.result()
        maker.release.set()
        assert job.wait()
        assert job.progress == 1.0
        assert job.result().puzzle.size == 4


def test_the_next_puzzle_is_made_ahead_so_new_game_is_instant() -> None:
    maker = Maker(released=True)
    with PuzzleSupply(maker) as supply:
        first = supply.request(EASY4)
        assert first.wait()
        assert eventually(lambda: supply.is_ready(EASY4))
        second = supply.request(EASY4)
        assert second.done  # no waiting at all
        assert second.result().puzzle != first.result().puzzle
        assert eventually(lambda: supply.is_ready(EASY4))  # and the one after that


def test_a_request_for_the_kind_being_made_ahead_takes_over_that_job() -> None:
    maker = Maker(released=True)
    with PuzzleSupply(maker) as supply:
        assert supply.request(EASY4).wait()
        assert eventually(lambda: supply.is_ready(EASY4))
        maker.release.clear()
        supply.request(EASY4)  # instant; the next one starts and waits
        assert eventually(lambda: len(maker.started) == 3)
        adopted = supply.request(EASY4)
        assert not adopted.done
        assert len(maker.started) == 3  # no new job: the running one was adopted
        maker.release.set()
        assert adopted.wait()
        assert eventually(lambda: supply.is_ready(EASY4))


def test_a_request_for_another_kind_cancels_the_work_ahead() -> None:
    maker = Maker(released=True)
    with PuzzleSupply(maker) as supply:
        assert supply.request(EASY4).wait()
        assert eventually(lambda: supply.is_ready(EASY4))
        maker.release.clear()
        supply.request(EASY4)
        assert eventually(lambda: len(maker.started) == 3)
        other = supply.request(EASY6)
        assert eventually(lambda: maker.cancelled == [EASY4])
        assert not supply.is_ready(EASY4)
        maker.release.set()
        assert other.wait()


def test_cancelling_a_job_ends_it() -> None:
    maker = Maker()
    with PuzzleSupply(maker, ahead=False) as supply:
        job = supply.request(EASY4)
        job.cancel()
        assert job.wait()
        assert job.cancelled
        with pytest.raises(GenerationCancelled):
            job.result()


def test_a_failure_reaches_the_reader_of_the_job() -> None:
    maker = Maker(released=True, error=GenerationFailed("none found"))
    with PuzzleSupply(maker) as supply:
        job = supply.request(EASY4)
        assert job.wait()
        with pytest.raises(GenerationFailed, match="none found"):
            job.result()
        assert not supply.is_ready(EASY4)  # every attempt fails: it can never be


def test_kinds_the_generator_does_not_offer_are_refused_at_once() -> None:
    with PuzzleSupply(Maker()) as supply, pytest.raises(ValueError, match="Hard · Classic 4×4"):
        supply.request(PuzzleKind(Variant.CLASSIC, 4, Level.HARD))


def test_closing_cancels_running_work() -> None:
    maker = Maker()
    supply = PuzzleSupply(maker)
    job = supply.request(EASY4)
    supply.close()
    assert job.done and job.cancelled
    with pytest.raises(RuntimeError, match="closed"):
        supply.request(EASY4)


def test_the_real_generator_behind_the_supply() -> None:
    with PuzzleSupply() as supply:
        job = supply.request(PuzzleKind(Variant.CLASSIC, 6, Level.MEDIUM))
        assert job.wait()
        made = job.result()
        assert solver.count_solutions(made.puzzle.shape, made.puzzle.givens) == 1
        assert rate(made.puzzle.shape, made.puzzle.givens).level is Level.MEDIUM


# -- the daily puzzle ----------------------------------------------------------------


def test_daily_seed_is_the_date() -> None:
    assert daily_seed(datetime.date(2025, 1, 31)) == 20250131


def test_daily_levels_follow_the_week() -> None:
    week = [MONDAY + datetime.timedelta(days=k) for k in range(7)]
    assert [daily_level(day) for day in week] == list(DAILY_LEVELS)
    assert daily_level(week[0]) is Level.EASY
    assert Level.EXTREME not in DAILY_LEVELS
    assert daily_level(MONDAY + datetime.timedelta(days=7)) is Level.EASY


def test_the_daily_puzzle_is_the_same_for_everyone_on_a_date() -> None:
    first = daily_puzzle(MONDAY)
    assert daily_puzzle(MONDAY) == first
    assert first.seed == 20250602
    assert first.level is Level.EASY
    assert first.puzzle.shape.variant == "classic" and first.puzzle.size == 9
    assert is_symmetric(first.puzzle.givens, 9, Symmetry.ROTATIONAL)
    assert rate(first.puzzle.shape, first.puzzle.givens).level is Level.EASY
    tuesday = daily_puzzle(MONDAY + datetime.timedelta(days=1))
    assert tuesday.level is Level.MEDIUM
    assert tuesday.puzzle != first.puzzle


def test_the_supply_makes_the_daily_puzzle_once() -> None:
    with PuzzleSupply(Maker()) as supply:
        job = supply.daily(MONDAY)
        assert supply.daily(MONDAY) is job
        assert job.wait()
        assert job.result() == daily_puzzle(MONDAY)
