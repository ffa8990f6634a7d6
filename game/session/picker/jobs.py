"""Background work for the picker: one thread per lane, the most wanted job first.

Why not the app's :class:`~game.session.tasks.TaskRunner`: it starts a thread per job
and suits a few slow jobs (a hint, a new puzzle).  The picker has thousands of
small ones (a file to read, a block of puzzles, a solution check, a rating) whose
order must follow the player's scrolling.  So each *lane* (reading, checking,
rating) has one worker thread and three queues, taken in this order:

- :attr:`Priority.FIRST` jobs (reading the folder itself, opening a collection)
  in the order given;
- :attr:`Priority.VISIBLE` jobs (rows on screen) newest first, so after a fast
  scroll the rows now shown come before the rows scrolled past, and
  :meth:`Jobs.keep_visible` drops the ones no longer wanted;
- :attr:`Priority.BACKGROUND` jobs (the rest of a folder) in the order given.

A job asked for again while it waits or runs is not queued twice.  Results wait
in an outbox that the scene drains on the main thread (:meth:`Jobs.results`)
while it polls at a modest frame rate, which also caps redraws while a thousand
files stream in; workers never wake the loop themselves.  Pure Python.
"""

from __future__ import annotations

import enum
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Container, Hashable, Iterable
from dataclasses import dataclass, field

from ..puzzles.library import Cancelled, Stopped

Work = Callable[[Cancelled], object]
"""A job: called with a ``cancelled()`` callback to poll; returns the result."""


class Priority(enum.IntEnum):
    FIRST = 0
    VISIBLE = 1
    BACKGROUND = 2


@dataclass
class _Ticket:
    key: Hashable
    cancelled: bool = False

    def asked_to_stop(self) -> bool:
        return self.cancelled


@dataclass
class _Lane:
    queues: tuple[OrderedDict[Hashable, Work], ...] = field(
        default_factory=lambda: tuple(OrderedDict() for _ in Priority)
    )
    running: _Ticket | None = None
    thread: threading.Thread | None = None

    def take(self) -> tuple[Hashable, Work] | None:
        for priority, queue in zip(Priority, self.queues, strict=True):
            if queue:
                return queue.popitem(last=priority is Priority.VISIBLE)
        return None

    def find(self, key: Hashable) -> Priority | None:
        return next((p for p, q in zip(Priority, self.queues, strict=True) if key in q), None)

    @property
    def waiting(self) -> int:
        return sum(len(queue) for queue in self.queues)


class Jobs:
    """Worker lanes with keyed, prioritised jobs (see the module docstring)."""

    def __init__(self, lanes: Iterable[str]) -> None:
        self._cond = threading.Condition()
        self._lanes = {name: _Lane() for name in lanes}
        self._outbox: list[tuple[Hashable, object]] = []
        self._paused = False
        self._closed = False
        self.done = 0  # results delivered so far (for tests and progress)
        for name, lane in self._lanes.items():
            lane.thread = threading.Thread(
                target=self._work, args=(lane,), name=f"picker:{name}", daemon=True
            )
            lane.thread.start()

    # -- main thread ------------------------------------------------------------------

    def submit(
        self, key: Hashable, work: Work, lane: str, priority: Priority = Priority.VISIBLE
    ) -> None:
        """Queue ``work`` under ``key`` unless it already waits or runs (a higher priority wins)."""
        with self._cond:
            queues = self._lanes[lane]
            if queues.running is not None and queues.running.key == key:
                return
            found = queues.find(key)
            if found is not None:
                if found < priority:
                    return
                if found == priority:
                    if priority is Priority.VISIBLE:
                        queues.queues[found].move_to_end(key)
                    return
                del queues.queues[found][key]
            queues.queues[priority][key] = work
            self._cond.notify_all()

    def keep_visible(self, lane: str, wanted: Container[Hashable]) -> None:
        """Drop the jobs of ``lane`` queued for rows on screen that are not ``wanted`` any more."""
        with self._cond:
            queue = self._lanes[lane].queues[Priority.VISIBLE]
            for key in [key for key in queue if key not in wanted]:
                del queue[key]

    def cancel(self, key: Hashable, lane: str) -> None:
        """Drop the job ``key`` if it waits, or ask it to stop if it runs."""
        with self._cond:
            queues = self._lanes[lane]
            found = queues.find(key)
            if found is not None:
                del queues.queues[found][key]
            if queues.running is not None and queues.running.key == key:
                queues.running.cancelled = True

    def forget(self) -> None:
        """Drop every waiting job and ask running ones to stop (the player left the folder)."""
        with self._cond:
            for lane in self._lanes.values():
                for queue in lane.queues:
                    queue.clear()
                if lane.running is not None:
                    lane.running.cancelled = True
            self._outbox.clear()

    def results(self) -> list[tuple[Hashable, object]]:
        """Finished jobs since the last call: (key, result or the exception it raised)."""
        with self._cond:
            out, self._outbox = self._outbox, []
        self.done += len(out)
        return out

    def waiting(self, lane: str) -> int:
        """Jobs of ``lane`` waiting or running."""
        with self._cond:
            queue = self._lanes[lane]
            return queue.waiting + (queue.running is not None)

    @property
    def busy(self) -> bool:
        with self._cond:
            return bool(self._outbox) or any(
                queue.waiting or queue.running for queue in self._lanes.values()
            )

    def pause(self, paused: bool) -> None:
        """Hold the workers after their current job (the picker is covered) or let them go."""
        with self._cond:
            self._paused = paused
            self._cond.notify_all()

    def close(self) -> None:
        """Stop the workers for good; running jobs are asked to stop."""
        with self._cond:
            self._closed = True
            for queue in self._lanes.values():
                if queue.running is not None:
                    queue.running.cancelled = True
            self._cond.notify_all()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until no job waits or runs (tests); whether that happened in time.

        ``timeout`` None (the default) waits as long as that takes.  Paused lanes
        never become idle, so that is False at once.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while any(q.waiting or q.running for q in self._lanes.values()):
                left = None if deadline is None else deadline - time.monotonic()
                if (left is not None and left <= 0) or self._paused:
                    return False
                self._cond.wait(left)
        return True

    # -- worker threads ---------------------------------------------------------------

    def _work(self, lane: _Lane) -> None:
        while True:
            with self._cond:
                while not self._closed and (self._paused or not lane.waiting):
                    self._cond.wait()
                if self._closed:
                    return
                taken = lane.take()
                assert taken is not None
                key, work = taken
                ticket = _Ticket(key)
                lane.running = ticket
            try:
                result: object = work(ticket.asked_to_stop)
            except Stopped:
                result = Stopped()
            except Exception as error:  # delivered to the scene, which shows the reason
                result = error
            with self._cond:
                lane.running = None
                if not ticket.cancelled and not isinstance(result, Stopped):
                    self._outbox.append((key, result))
                self._cond.notify_all()
