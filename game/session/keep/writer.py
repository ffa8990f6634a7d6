"""Writing files off the frame thread: one daemon thread, the latest version per file wins.

The game changes files far more often than it needs to wait for them: the
autosave after every move, settings after every toggle, statistics after every
game.  :class:`Writer` keeps one slot per file name; queueing a new version of a
file replaces the one not yet written (ten quick moves cost one write, never ten
queued ones), and the text itself is made on the writer thread from an
immutable snapshot, so the caller pays only for the snapshot.  Files are written
atomically through :class:`~.storage.Storage`.  A job may also be an
:class:`Action` that does its own reading and writing (statistics and settings
are merged with what another copy of the game wrote, :mod:`.shared`).

**A write that fails is kept and retried** (a full disk, a folder made
read-only, a network drive gone): the job stays in its slot's place until it
succeeds, a newer version of the same file replaces it, or the game quits.  The
thread tries again every :data:`RETRY_SECONDS` (doubling up to
:data:`RETRY_MAX`), and :meth:`Writer.flush` (pause, focus loss, quit) and
:meth:`Writer.retry` try at once.  :meth:`Writer.take_message` names every file
not kept, each time one more starts failing, so a win during a full disk is
never lost silently: the statistics are kept in memory and written once space
is back.

The thread is a daemon, so a hanging disk cannot keep the game from closing;
:meth:`Writer.flush` waits a bounded time for the writes.  With
``threaded=False`` every write happens at once on the caller's thread (tests,
and tools that write one file and exit); failed jobs then wait for
:meth:`Writer.retry` or :meth:`Writer.flush`.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections.abc import Callable

from .storage import Storage, StorageError

RETRY_SECONDS = 1.0
"""First wait before a failed write is tried again."""

RETRY_MAX = 30.0
"""Longest wait between tries (the delay doubles up to it)."""

WHAT = {
    "autosave.sudoku": "your game in progress",
    "stats.json": "your statistics",
    "settings.json": "your settings",
    "recent.json": "the picker's recent folders",
}
"""What each file of the data folder holds, in the player's words (others go by name)."""


class Action(ABC):
    """A job that reads and writes through the storage itself (a merge, a careful removal)."""

    @abstractmethod
    def run(self, storage: Storage) -> str:
        """Do the work; a sentence for the player ("" if none).

        :raises StorageError: when the disk refuses; the job is then retried.
        """


Job = Callable[[], str] | Action | None
"""What to write: a function making the file's text, an :class:`Action`, or None to
remove the file."""


class Writer:
    """Writes files in the background, latest version per name; see the module."""

    def __init__(self, storage: Storage, *, threaded: bool = True) -> None:
        self.storage = storage
        self._threaded = threaded
        self._condition = threading.Condition()
        self._slots: dict[str, Job] = {}
        self._failed: dict[str, Job] = {}  # waiting to be tried again
        self._reasons: dict[str, StorageError] = {}  # name -> why it failed last
        self._told: set[str] = set()  # failing names the last message covered
        self._delay = RETRY_SECONDS
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        self._message = ""
        self._notes: list[str] = []  # what actions had to say (a file set aside)
        self.writes = 0
        """Files written so far (tests and measurements read it)."""

    @property
    def failing(self) -> tuple[str, ...]:
        """The files whose latest version could not be written yet, by name."""
        with self._condition:
            return tuple(self._reasons)

    def put(self, name: str, job: Job) -> None:
        """Queue ``job`` for file ``name``, replacing any job for it not yet started."""
        if not self._threaded:
            with self._condition:
                self._failed.pop(name, None)
            self._run_job(name, job)
            return
        with self._condition:
            if self._closed:
                return
            self._failed.pop(name, None)  # the newer version is the one to keep
            self._slots[name] = job
            self._start()
            self._condition.notify_all()

    def retry(self) -> None:
        """Try every failed write again now (on this thread when not threaded)."""
        with self._condition:
            failed, self._failed = self._failed, {}
            if self._threaded:
                for name, job in failed.items():
                    self._slots.setdefault(name, job)
                if failed:
                    self._start()
                self._condition.notify_all()
                return
        for name, job in failed.items():
            self._run_job(name, job)

    def flush(self, timeout: float = 2.0) -> bool:
        """Try failed writes again and wait until every queued job is done.

        False if ``timeout`` ran out first or a file still could not be written.
        """
        self.retry()
        with self._condition:
            done = self._condition.wait_for(
                lambda: not self._slots and not self._busy, timeout=timeout
            )
            return done and not self._reasons

    def close(self, timeout: float = 2.0) -> bool:
        """Flush (with one last try of failed writes), then stop the thread; later jobs
        are ignored.  Whether everything was written."""
        done = self.flush(timeout)
        with self._condition:
            self._closed = True
            self._condition.notify_all()
        return done

    def take_message(self) -> str:
        """What the player should hear, once (then ""): files not kept, files set aside."""
        with self._condition:
            notes, self._notes = self._notes, []
            message, self._message = self._message, ""
        return " ".join([*notes, message]).strip()

    # -- the thread -------------------------------------------------------------------

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="writer", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._condition:
                ready = self._condition.wait_for(
                    lambda: bool(self._slots) or self._closed,
                    timeout=self._delay if self._failed else None,
                )
                if not ready and self._failed:  # time to try the failed ones again
                    for name, job in self._failed.items():
                        self._slots.setdefault(name, job)
                    self._failed = {}
                    self._delay = min(RETRY_MAX, self._delay * 2)
                if not self._slots:
                    if self._closed:
                        return
                    continue
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
                note = ""
            elif isinstance(job, Action):
                note = job.run(self.storage)
            else:
                self.storage.write(name, job())
                note = ""
            self.writes += 1
        except Exception as error:
            # Nobody is there to catch it on this thread: a StorageError (or a bug
            # making the text) becomes the message, and the job waits to be retried.
            if not isinstance(error, StorageError):
                error = StorageError(f"Could not save {name}: {error!r}.", repr(error))
            with self._condition:
                if name not in self._slots:  # no newer version queued meanwhile
                    self._failed[name] = job
                self._reasons[name] = error
                if name not in self._told:
                    self._told = set(self._reasons)
                    self._message = self._failure_message()
            return
        with self._condition:
            if note:
                self._notes.append(note)
            self._reasons.pop(name, None)
            self._told.discard(name)
            if not self._reasons:
                self._delay = RETRY_SECONDS

    def _failure_message(self) -> str:
        """Every file not kept, in words, with the latest reason (lock held)."""
        names = list(self._reasons)
        latest = self._reasons[names[-1]]
        if len(names) == 1:
            return (
                f"{latest} The game keeps {WHAT.get(names[0], names[0])} and tries again "
                "until it is saved or you quit."
            )
        what = [WHAT.get(name, name) for name in names]
        listed = ", ".join(what[:-1]) + " and " + what[-1]
        files = ", ".join(self.storage.where(name) for name in names)
        return (
            f"Could not save {listed} ({files}): {latest.reason.rstrip('.')}. The game "
            "keeps them and tries again until they are saved or you quit."
        )
