"""Big files parsed in a helper process, so parsing never holds up a frame.

``json.loads`` on a 16 MiB save holds the interpreter lock for as long as it
parses (650 ms for a save padded with millions of small values), and so do the
regular expressions and decoding that read any big text: the UI thread then
waits, whichever thread the parse runs in.  A helper process has a lock of its
own.  It sends back a compact result (a summary, or a save rewritten with only
the fields the game reads), which this process takes in a few milliseconds.

One helper is started with the first big file and kept for the next ones
(starting one costs about a tenth of a second: ``forkserver`` where there is one,
else ``spawn``, never ``fork`` in a process with threads).  When no helper can
be started or it dies, the work runs here as before: slower frames, never a lost
file.  Small files (under :data:`APART_BYTES`) are always read here: they parse
in a few milliseconds.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

T = TypeVar("T")

APART_BYTES = 1024 * 1024
"""Files at least this big are parsed in the helper: a 1 MiB save of the worst
shape (millions of tiny JSON values) parses in about 40 ms, inside a frame."""

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_failed = False
_in_helper = False


def is_big(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` is big enough to be parsed apart."""
    try:
        return os.stat(path).st_size >= APART_BYTES
    except OSError:
        return False


def run_apart(function: Callable[..., T], *args: object) -> T:
    """``function(*args)`` in the helper process (blocking: call it from a worker
    thread); here when no helper can run.  ``function`` and its result must pickle."""
    pool = _helper()
    if pool is not None:
        try:
            return pool.submit(function, *args).result()
        except (BrokenProcessPool, OSError, RuntimeError):
            _broken()
    return function(*args)


def _helper() -> ProcessPoolExecutor | None:
    global _pool
    if _in_helper or _failed:
        return None
    with _lock:
        if _pool is None:
            try:
                methods = multiprocessing.get_all_start_methods()
                context = multiprocessing.get_context(
                    "forkserver" if "forkserver" in methods else "spawn"
                )
                _pool = ProcessPoolExecutor(1, mp_context=context, initializer=_start_helper)
            except (OSError, ValueError, RuntimeError):
                _broken()
        return _pool


def _broken() -> None:
    """The helper cannot run (no processes allowed, killed): read here from now on."""
    global _failed, _pool
    _failed = True
    with contextlib.suppress(Exception):
        if _pool is not None:
            _pool.shutdown(wait=False, cancel_futures=True)
    _pool = None


def _start_helper() -> None:
    """In the helper: Ctrl+C is for the game to decide, and nothing nests."""
    global _in_helper
    _in_helper = True
    signal.signal(signal.SIGINT, signal.SIG_IGN)
