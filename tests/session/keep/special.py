"""Things that are not files, made where a data file should be, and a guard against hangs."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

KINDS = ("folder", "named pipe", "socket", "device")
"""What :func:`make` can put in place of a file (the last three on POSIX only)."""

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX special files")


@contextlib.contextmanager
def made(path: Path, kind: str) -> Iterator[str]:
    """``path`` is a ``kind`` (folder, named pipe, socket, or a link to /dev/null) while in use.

    Yields the words the game uses for it (``"a named pipe"``).
    """
    if kind == "folder":
        path.mkdir()
        yield "a folder"
        return
    if sys.platform == "win32":  # pragma: no cover
        pytest.skip("POSIX special files")
    if kind == "named pipe":
        os.mkfifo(path)
        yield "a named pipe"
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        try:
            server.bind(str(path))
        except OSError:  # pragma: no cover - a path too long for a socket
            server.close()
            pytest.skip("socket path too long")
        with server:
            yield "a socket"
    elif kind == "device":
        path.symlink_to("/dev/null")  # a device, with no need to be root
        yield "a device"
    else:  # pragma: no cover
        raise ValueError(kind)


@contextlib.contextmanager
def no_hang(seconds: int = 20) -> Iterator[None]:
    """Fail (instead of hanging the suite) if the body blocks, e.g. opening a named pipe.

    An alarm, not a sleep: a body that does not block finishes at its own speed.
    """
    if sys.platform == "win32":  # pragma: no cover
        yield
        return

    def hung(signum: int, frame: object) -> None:
        raise TimeoutError(f"blocked for {seconds} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
