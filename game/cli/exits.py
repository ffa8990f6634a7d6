"""How a command ends: one table of exit statuses, and the guard that keeps every run to it.

:data:`STATUSES` is the table; README's *Exit statuses* and the epilog of every
``--help`` are that table, word for word (a test compares them).  A run that meets
several rows reports the largest number: an output error ends the run (3) even
after an unreadable file (2), and an interrupt (130) wins over all of them.

:func:`guarded` runs a command so that it can only end by returning a status from
the table, never with a traceback:

- **Output.**  Standard output becomes an :class:`_Output` for the run, so a write
  that fails (``ENOSPC`` on ``/dev/full``, ``EIO``, ``EBADF`` when the shell
  closed it with ``>&-``) raises :class:`OutputError` from the write itself, which
  tells it apart from an error reading a file.  The run stops with one line on
  standard error and status 3.  A closed pipe (``solve big.txt | head``) is the
  reader's choice, not a failure to report: the run stops quietly with 141, the
  status a shell gives any program that a closed pipe stops, so ``set -o
  pipefail`` scripts still see it.  The run's last flush happens here too:
  left to the interpreter's exit, a failing flush would print "Exception
  ignored" and exit 120.
- **Standard error** is the last place to say anything: a write there that fails
  is dropped (the status still tells), and a closed one never sends messages to
  standard output instead, as ``print(file=None)`` would.
- **Signals.**  SIGINT raises :class:`KeyboardInterrupt` and SIGTERM
  :class:`Terminated`, so ``finally`` blocks run: the worker pool of ``solve``
  shuts down and its semaphores are released (killed outright, the process would
  leave them to the resource tracker, which reports them leaked).  The first
  signal also ignores further ones, so the clean-up cannot be interrupted into a
  traceback.
"""

from __future__ import annotations

import errno
import io
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TextIO, cast

OK = 0
INCOMPLETE = 1
USAGE = 2
OUTPUT = 3
INTERRUPTED = 130
CLOSED_PIPE = 141
TERMINATED = 143

STATUSES: tuple[tuple[int, str], ...] = (
    (
        OK,
        "done: everything was read, and every puzzle has exactly one solution "
        "(generate: every puzzle asked for was made)",
    ),
    (
        INCOMPLETE,
        "done, but not every answer is the one asked for: some puzzle has no solution "
        "or several, or the solver could not settle its count within its limit "
        "(solve, hint and steps still print what they found); rate: some puzzle was "
        "not rated; generate: a search found no puzzle",
    ),
    (
        USAGE,
        "bad usage (an unknown command, option or technique, a number out of range) "
        "or a file or puzzle that cannot be read (FILE[:LINE[:COL]]: reason on stderr)",
    ),
    (
        OUTPUT,
        "the output could not be written (a full disk, standard output closed, an "
        "I/O error): the run stops with one line on stderr",
    ),
    (INTERRUPTED, "interrupted by Ctrl+C (SIGINT)"),
    (
        CLOSED_PIPE,
        "the reader went away (a closed pipe: head, say, stopped reading): the run stops quietly",
    ),
    (TERMINATED, "terminated (SIGTERM); worker processes are stopped first"),
)
"""Exit status -> what it means, for every command (the game itself: see :func:`epilog`)."""


EPILOG_TITLE = "exit statuses"


def epilog(width: int = 79) -> str:
    """The table as the last part of ``--help``, wrapped to ``width`` columns."""
    import textwrap

    number = max(len(str(status)) for status, _ in STATUSES)
    lines = [f"{EPILOG_TITLE} (a run that meets several gives the largest):"]
    for status, meaning in STATUSES:
        lines += textwrap.wrap(
            meaning,
            width,
            initial_indent=f"  {status:>{number}}  ",
            subsequent_indent=" " * (number + 4),
        )
    return "\n".join(lines)


class OutputError(Exception):
    """Standard output could not be written.

    Not an :class:`OSError`: code that handles a file it reads (``except
    OSError``), and argparse, which swallows ``OSError`` while printing help,
    must let it through to :func:`guarded`.
    """

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.errno = error.errno

    @property
    def closed_pipe(self) -> bool:
        """Whether the reader went away (rather than the output failing)."""
        return self.errno in (errno.EPIPE, errno.ECONNRESET)


class Terminated(BaseException):
    """SIGTERM arrived: a :class:`BaseException`, like :class:`KeyboardInterrupt`,
    so no ``except Exception`` takes it for an ordinary error."""


class _Output(io.TextIOBase):
    """Standard output for one run: a write or flush that fails raises :class:`OutputError`.

    ``stream`` is None when the process started with standard output closed.
    """

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__()
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._target().write(text)
        except OSError as error:
            raise OutputError(error) from None

    def flush(self) -> None:
        if self._stream is None:
            return  # nothing was written, or the write already failed
        try:
            self._stream.flush()
        except OSError as error:
            raise OutputError(error) from None

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def fileno(self) -> int:
        return self._target().fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._stream.encoding if self._stream is not None else "utf-8"

    def _target(self) -> TextIO:
        if self._stream is None:
            raise OutputError(OSError(errno.EBADF, "standard output is closed"))
        return self._stream


class _Errors(io.TextIOBase):
    """Standard error for one run: what cannot be written there is dropped."""

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__()
        self._stream = stream

    def write(self, text: str) -> int:
        if self._stream is not None:
            try:
                self._stream.write(text)
            except (OSError, ValueError):  # ValueError: the stream was closed
                self._stream = None
        return len(text)

    def flush(self) -> None:
        if self._stream is not None:
            try:
                self._stream.flush()
            except (OSError, ValueError):
                self._stream = None

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._stream.encoding if self._stream is not None else "utf-8"


def guarded(command: Callable[[], int], name: str) -> int:
    """Run ``command`` and return its exit status, whatever happens to the output.

    ``name`` (``main.py solve``) starts the one-line message about output that
    could not be written.  A :class:`SystemExit` (argparse's ``--help`` and
    usage errors) becomes its status, after the same checks.
    """
    stdout, stderr = sys.stdout, sys.stderr
    output = _Output(stdout)
    sys.stdout = cast(TextIO, output)
    sys.stderr = cast(TextIO, _Errors(stderr))
    failed: OutputError | None = None
    try:
        with _signals():
            try:
                try:
                    status = command()
                except SystemExit as done:
                    status = _code(done.code)
                output.flush()
            except KeyboardInterrupt:
                status = INTERRUPTED
            except Terminated:
                status = TERMINATED
            except OutputError as error:
                failed = error
                status = CLOSED_PIPE if error.closed_pipe else OUTPUT
            if failed is None and status in (INTERRUPTED, TERMINATED):
                try:
                    output.flush()  # what was answered before the signal still goes out
                except OutputError as error:
                    failed = error
            if failed is not None and not failed.closed_pipe:
                print(f"{name}: error: cannot write the output: {failed}", file=sys.stderr)
                sys.stderr.flush()
    finally:
        sys.stdout, sys.stderr = stdout, stderr
    if failed is not None:
        _discard(stdout)
    return status


def _code(code: object) -> int:
    if code is None:
        return OK
    return code if isinstance(code, int) else USAGE


def _discard(stream: TextIO | None) -> None:
    """Keep the interpreter's own flush at exit from failing on what could not be written.

    What is still buffered goes to the null device instead: the run already said
    that its output was lost, and a second failure at exit would print "Exception
    ignored" and turn the status into 120.
    """
    if stream is None:
        return
    try:
        fd = stream.fileno()
    except (OSError, ValueError):
        return
    if fd < 0 or stream is not sys.__stdout__:
        return  # a stream a test put there: nothing will flush it at exit
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)


@contextmanager
def _signals() -> Iterator[None]:
    """SIGINT and SIGTERM as exceptions for the run.

    After the first one both are ignored, for good: the process is on its way
    out, and a second Ctrl+C during the clean-up must not become a traceback.
    Elsewhere (a run that no signal ended, or off the main thread, where
    handlers cannot be set) the previous handlers are left or put back.
    """
    came: list[int] = []

    def handle(signum: int, frame: FrameType | None) -> None:
        came.append(signum)
        for each in (signal.SIGINT, signal.SIGTERM):
            signal.signal(each, signal.SIG_IGN)
        if signum == signal.SIGTERM:
            raise Terminated
        raise KeyboardInterrupt

    try:
        previous = {each: signal.signal(each, handle) for each in (signal.SIGINT, signal.SIGTERM)}
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        if not came:
            for each, handler in previous.items():
                signal.signal(each, handler)
