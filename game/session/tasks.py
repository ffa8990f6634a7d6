"""Background work off the frame loop: hints, puzzle generation, file reading.

A job runs in a worker thread; when it ends, the runner calls the ``wake`` it was
given (the UI passes one that posts a pygame event, which ``pygame.event.post``
allows from any thread) and the loop calls :meth:`TaskRunner.poll`, which runs the
job's callback on the main thread.  Callers therefore never touch results from
another thread.  Pure Python: the session's flows and tests use it without a window.

Cancelling is cooperative (a job checks ``task.cancelled``, the generator through
its progress callback) and the result of a cancelled job is dropped.  A child
process would stop at once, but "spawn" costs half a second per puzzle and the
generator already checks between attempts, so threads it is.
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Cancelled(Exception):
    """Raised inside a job that noticed it was cancelled."""


class Task(Generic[T]):
    """One job: its state, result and the callbacks that receive them."""

    def __init__(
        self,
        label: str,
        on_done: Callable[[T], None],
        on_error: Callable[[BaseException], None] | None,
    ) -> None:
        self.label = label
        self.started = time.monotonic()
        self.on_done = on_done
        self.on_error = on_error
        self.result: T | None = None
        self.error: BaseException | None = None
        self.finished = threading.Event()
        self._cancelled = threading.Event()
        self.delivered = False
        self.progress = 0.0
        """How far the job thinks it is, 0..1 (0 when it cannot tell); set by the job."""

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        """Stop caring about the result; a job that checks will stop early."""
        self._cancelled.set()

    def check(self) -> None:
        """Raise :class:`Cancelled` if the task was cancelled (for jobs to call)."""
        if self._cancelled.is_set():
            raise Cancelled

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    @property
    def running(self) -> bool:
        return not self.finished.is_set() and not self.cancelled


def _nobody() -> None:
    """The default wake-up: nothing to wake (tests poll, or wait with :meth:`wait_idle`)."""


class TaskRunner:
    """Starts jobs in daemon threads and delivers their results on the main thread."""

    def __init__(self, wake: Callable[[], None] = _nobody) -> None:
        self._wake = wake
        self._tasks: list[Task[Any]] = []
        self._lock = threading.Lock()

    def run(
        self,
        job: Callable[[Task[T]], T],
        on_done: Callable[[T], None],
        on_error: Callable[[BaseException], None] | None = None,
        label: str = "",
    ) -> Task[T]:
        """Start ``job(task)`` in the background; ``on_done(result)`` runs in :meth:`poll`."""
        task: Task[T] = Task(label, on_done, on_error)
        with self._lock:
            self._tasks.append(task)

        def work() -> None:
            try:
                task.result = job(task)
            except Cancelled:
                task.cancel()
            except BaseException as error:  # delivered to on_error on the main thread
                task.error = error
            finally:
                task.finished.set()
                self._wake()

        threading.Thread(target=work, name=f"task:{label}", daemon=True).start()
        return task

    def poll(self) -> int:
        """Run the callbacks of finished jobs (main thread); how many were delivered."""
        with self._lock:
            done = [t for t in self._tasks if t.finished.is_set()]
            self._tasks = [t for t in self._tasks if not t.finished.is_set()]
        delivered = 0
        for task in done:
            if task.cancelled or task.delivered:
                continue
            task.delivered = True
            delivered += 1
            if task.error is not None:
                if task.on_error is None:
                    traceback.print_exception(task.error)
                else:
                    task.on_error(task.error)
            else:
                task.on_done(task.result)
        return delivered

    @property
    def busy(self) -> bool:
        with self._lock:
            return any(t.running for t in self._tasks)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until every job finished (tests); whether they all did in time.

        ``timeout`` None (the default) waits as long as that takes: a test that
        needs the jobs done must not fail because a busy machine ran them slowly.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            with self._lock:
                pending = [t for t in self._tasks if not t.finished.is_set()]
            if not pending:
                return True
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                return False
            if not pending[0].finished.wait(remaining):
                return False

    def cancel_all(self) -> None:
        with self._lock:
            for task in self._tasks:
                task.cancel()
