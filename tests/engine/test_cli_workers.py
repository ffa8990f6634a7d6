"""``settle_all``: answers in order, and the same answers when worker processes fail."""

from __future__ import annotations

from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from game.cli import workers
from game.engine.puzzle import Puzzle
from game.engine.solver import settle

P = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
PUZZLES = [Puzzle.from_string(P), Puzzle.from_string("." * 81), Puzzle.from_string(P[::-1])]
ITEMS: list[Puzzle | str] = [*PUZZLES, "unreadable", *PUZZLES]


def task_of(item: Puzzle | str) -> tuple[Any, tuple[int, ...]] | None:
    return None if isinstance(item, str) else (item.shape, item.givens)


def expected() -> list[tuple[Puzzle | str, workers.Answer | None]]:
    answers: list[tuple[Puzzle | str, workers.Answer | None]] = []
    for item in ITEMS:
        if isinstance(item, str):
            answers.append((item, None))
            continue
        analysis = settle(item.shape, item.givens)
        answers.append((item, (analysis.status.value, analysis.solutions)))
    return answers


class NoPool:
    """Stands for a system where processes cannot be started."""

    def __init__(self, *_: object, **__: object) -> None:
        raise OSError("no semaphores here")


class DeadPool:
    """A pool whose workers die: every batch fails with BrokenProcessPool."""

    def __init__(self, *_: object, **__: object) -> None:
        self.shut = False

    def submit(self, *_: object) -> Future[object]:
        future: Future[object] = Future()
        future.set_exception(BrokenProcessPool("a worker was killed"))
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.shut = True


@pytest.mark.parametrize("pool", [NoPool, DeadPool], ids=["cannot start", "worker dies"])
def test_answers_are_the_same_when_workers_fail(
    monkeypatch: pytest.MonkeyPatch, pool: type[object]
) -> None:
    monkeypatch.setattr(workers, "workers", lambda: 2)
    monkeypatch.setattr(workers, "BATCH", 2)  # several batches, one item not sent
    monkeypatch.setattr(workers, "ProcessPoolExecutor", pool)
    got = list(workers.settle_all(ITEMS, task_of, 2, inline=1))
    assert got == expected()


def test_one_core_settles_everything_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "workers", lambda: 1)
    monkeypatch.setattr(workers, "ProcessPoolExecutor", NoPool)  # would fail if started
    assert list(workers.settle_all(ITEMS, task_of, 2, inline=0)) == expected()


def test_real_workers_answer_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "workers", lambda: 2)
    monkeypatch.setattr(workers, "BATCH", 2)
    assert list(workers.settle_all(ITEMS * 3, task_of, 2, inline=1)) == expected() * 3


def test_no_pool_for_a_file_of_unreadable_puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    # Nothing to settle, nothing to start: a file of bad lines stays one process.
    monkeypatch.setattr(workers, "workers", lambda: 2)
    monkeypatch.setattr(workers, "BATCH", 2)
    started: list[bool] = []
    monkeypatch.setattr(workers, "_start", lambda count: started.append(True))
    bad = ["unreadable"] * 7
    assert list(workers.settle_all(bad, task_of, 2, inline=1)) == [(item, None) for item in bad]
    assert not started
