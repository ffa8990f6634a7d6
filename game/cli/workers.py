"""Settling a long collection on every core, in file order, with bounded memory.

``solve`` on a 150,000-game file spends most of its time in :func:`settle`, one
puzzle after another, on one core.  Past the first :data:`INLINE` puzzles (so a
small file never pays for starting processes) the puzzles go in batches to a pool
of worker processes while this process goes on reading the file and printing the
answers of the batches already back.  At most two batches per worker are in flight,
so memory stays bounded whatever the file's length, and answers come out in the
order of the file, as they would from one process: :func:`settle` is deterministic.

The workers ignore SIGINT (Ctrl-C reaches the whole process group): the main
process alone decides what an interrupt means, and stops them.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from game.engine.rules import RuleSet
from game.engine.solver import Topology, settle

INLINE = 2_000
"""Puzzles settled in this process before a pool is started: starting workers costs
about a tenth of a second, as much as settling a thousand easy puzzles."""

BATCH = 1_000
"""Puzzles per batch sent to a worker: large enough that sending them costs little
beside settling them, small enough that the first answers come quickly."""

MAX_WORKERS = 16
"""More workers than this rarely help: this process must still read and print."""

Task = tuple[Topology, tuple[int, ...]]
"""One puzzle to settle: its shape (or rule set, for a variant) and its grid."""

Answer = tuple[str, tuple[tuple[int, ...], ...]]
"""The answer for one puzzle: the status and the solutions found."""

_Sent = tuple[Topology, bytes]
_Received = tuple[str, tuple[bytes, ...]]
# Grids cross between processes as bytes (a digit per byte, up to 25): ten times
# cheaper to pickle than tuples of ints, which matters at 150,000 puzzles.

Item = TypeVar("Item")

_Batch = tuple[list[tuple[Item, bool]], list[_Sent], "Future[list[_Received]] | None"]
# A batch in flight: its items (each marked with whether it was sent), what was
# sent, and the future answer (None: to be settled here, the pool being gone).


def workers() -> int:
    """How many worker processes to use: the cores this process may run on, capped."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        cores = os.cpu_count() or 1
    return min(cores, MAX_WORKERS)


def settle_all(
    items: Iterable[Item],
    task_of: Callable[[Item], Task | None],
    limit: int,
    *,
    inline: int = INLINE,
) -> Iterator[tuple[Item, Answer | None]]:
    """Each item with the answer for its task, in the order of ``items``.

    ``task_of`` gives an item's puzzle, or None for an item with nothing to settle
    (a puzzle that could not be read), which comes back with None.  The first
    ``inline`` items are settled here; the rest in worker processes when there is
    more than one core.
    """
    stream = iter(items)
    for item in itertools.islice(stream, inline):
        yield item, _answer(task_of(item), limit)
    count = workers()
    if count < 2:
        for item in stream:
            yield item, _answer(task_of(item), limit)
        return
    yield from _pooled(stream, task_of, limit, count)  # starts no pool if nothing is left


def _pooled(
    items: Iterator[Item],
    task_of: Callable[[Item], Task | None],
    limit: int,
    count: int,
) -> Iterator[tuple[Item, Answer | None]]:
    pool: ProcessPoolExecutor | None = None  # started with the first batch to settle
    broken = False
    pending: deque[_Batch[Item]] = deque()
    try:
        while True:
            batch = list(itertools.islice(items, BATCH))
            if batch:
                tasks = [task_of(item) for item in batch]
                sent = [(task[0], bytes(task[1])) for task in tasks if task is not None]
                marked = [(item, task is not None) for item, task in zip(batch, tasks, strict=True)]
                future = None
                if sent and not broken:
                    pool = pool or _start(count)
                    with contextlib.suppress(BrokenProcessPool, RuntimeError):
                        future = pool.submit(_settle_batch, sent, limit) if pool else None
                    broken = future is None  # no pool, or a broken one: the rest is settled here
                pending.append((marked, sent, future))
            while pending and (not batch or len(pending) > 2 * count):
                marked, sent, future = pending.popleft()
                yield from _matched(marked, _received(future, sent, limit))
            if not batch:
                return
    finally:
        # Also on an early stop (a closed output pipe, Ctrl-C): drop what is queued.
        if pool is not None:
            pool.shutdown(wait=not pending, cancel_futures=True)


def _start(count: int) -> ProcessPoolExecutor | None:
    """A pool of ``count`` workers, or None where processes cannot be started."""
    try:
        context = multiprocessing.get_context(
            "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        )
        return ProcessPoolExecutor(count, mp_context=context, initializer=_ignore_interrupts)
    except (OSError, ImportError, NotImplementedError):
        # No working semaphores (some sandboxes and phones): settle everything here.
        return None


def _received(
    future: Future[list[_Received]] | None, sent: list[_Sent], limit: int
) -> list[_Received]:
    if future is not None:
        try:
            return future.result()
        except BrokenProcessPool:
            pass  # a worker died (killed, out of memory): this batch is settled here
    return _settle_batch(sent, limit)


def _matched(
    marked: list[tuple[Item, bool]], received: list[_Received]
) -> Iterator[tuple[Item, Answer | None]]:
    answers = iter(received)
    for item, was_sent in marked:
        if not was_sent:
            yield item, None
            continue
        status, solutions = next(answers)
        yield item, (status, tuple(tuple(grid) for grid in solutions))


def _settle_batch(tasks: list[_Sent], limit: int) -> list[_Received]:
    answers = []
    for shape, grid in tasks:
        status, solutions = _settled((shape, tuple(grid)), limit)
        answers.append((status, tuple(bytes(solution) for solution in solutions)))
    return answers


def _answer(task: Task | None, limit: int) -> Answer | None:
    return None if task is None else _settled(task, limit)


def _settled(task: Task, limit: int) -> Answer:
    shape, grid = task
    if isinstance(shape, RuleSet) and shape.narrowing:
        # Sums, lines and dots: the logic may prove what the search runs out on.  Loaded
        # here only, so a run over a classic collection never imports it.
        from game.engine.logic import decide

        analysis = decide(shape, grid, limit)
    else:
        analysis = settle(shape, grid, limit=limit)
    return analysis.status.value, analysis.solutions


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
