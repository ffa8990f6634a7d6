"""Writing files off the frame thread: one daemon thread, the latest version per file wins.

The game changes files far more often than it needs to wait for them: the
autosave after every move, settings after every toggle, statistics after every
game.  :class:`Writer` keeps one slot per file name; queueing a new version of a
file replaces the one not yet written (ten quick moves cost one write, never ten
queued ones), and the text itself is made on the writer thread from an
immutable snapshot, so the caller pays only for the snapshot.  Files are written
atomically through :class:`~.storage.Storage`.

The thread is a daemon, so a hanging disk cannot keep the game from closing;
:meth:`Writer.flush` (pause, focus loss, quit) waits a bounded time for the
writes.  With ``threaded=False`` every write happens at once on the caller's
thread (tests, and tools that write one file and exit).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from .storage import Storage, StorageError

Job = Callable[[], str] | None
"""What to write: a function making the file's text, or None to remove the file."""


class Writer:
    """Writes files in the background, latest version per name; see the module."""

    def __init__(self, storage: Storage, *, threaded: bool = True) -> None:
        self.storage = storage
        self._threaded = threaded
        self._condition = threading.Condition()
        self._slots: dict[str, Job] = {}
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        self._message = ""
        self._failing: set[str] = set()
        self.writes = 0
        """Files written so far (tests and measurements read it)."""

    def put(self, name: str, job: Job) -> None:
        """Queue ``job`` for file ``name``, replacing any job for it not yet started."""
        if not self._threaded:
            self._run_job(name, job)
            return
        with self._condition:
            if self._closed:
                return
            self._slots[name] = job
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="writer", daemon=True)
                self._thread.start()
            self._condition.notify_all()

    def flush(self, timeout: float = 2.0) -> bool:
        """Wait until every queued job is done; False if ``timeout`` ran out first."""
        with self._condition:
            return self._condition.wait_for(
                lambda: not self._slots and not self._busy, timeout=timeout
            )

    def close(self, timeout: float = 2.0) -> bool:
        """Flush, then stop the thread; later jobs are ignored.  Whether all was written."""
        done = self.flush(timeout)
        with self._condition:
            self._closed = True
            self._condition.notify_all()
        return done

    def take_message(self) -> str:
        """The latest failure, once (then ""); a file's failure is reported when it starts."""
        with self._condition:
            message, self._message = self._message, ""
        return message

    def _run(self) -> None:
        while True:
            with self._condition:
                self._condition.wait_for(lambda: bool(self._slots) or self._closed)
                if not self._slots:
                    return
                name = next(iter(self._slots))
                job = self._slots.pop(name)
                self._busy = True
            try:
                self._run_job(name, job)
            finally:
                with self._condition:
                    self._busy = False
                    self._condition.notify_all()

    def _run_job(self, name: str, job: Job) -> None:
        try:
            if job is None:
                self.storage.remove(name)
            else:
                self.storage.write(name, job())
                self.writes += 1
        except Exception as error:
            # Nobody is there to catch it on this thread: a StorageError (or a bug
            # making the text) becomes the message, and the thread lives on.
            reason = str(error) if isinstance(error, StorageError) else f"{name}: {error!r}"
            with self._condition:
                if name not in self._failing:
                    self._message = reason
                self._failing.add(name)
            return
        with self._condition:
            self._failing.discard(name)
