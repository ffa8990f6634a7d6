"""What every command does with the files it is given: ``-`` for standard input, safe names.

- :func:`open_file`: ``-`` reads standard input once, to its end, into bytes (a
  pipe cannot be read twice, and every format is then read from those bytes);
  anything else goes to :func:`game.engine.formats.open_puzzles`, which refuses
  directories, devices and sockets at once and reads a pipe (``/dev/stdin``,
  ``<(...)``) without waiting for a writer that is not there.
- :func:`shown`: a file name as the terminal may print it.  A name is any bytes
  but ``/`` and NUL, so it may hold an escape sequence (``\\x1b[2J`` clears the
  screen), a line break, or bytes that are not UTF-8; they are written as
  ``\\xNN`` / ``\\uNNNN`` escapes, and ``\\`` as ``\\\\`` so two names never look
  alike.
- :func:`safe_output`: standard output and error never fail on a character the
  terminal's encoding cannot take (they write a backslash escape instead).
"""

from __future__ import annotations

import io
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.formats import PuzzleFile

STDIN = "-"
"""The file name that means standard input."""

STDIN_NAME = "<stdin>"
"""How standard input is named in messages."""


def open_file(path: str) -> PuzzleFile:
    """The puzzles of ``path``, or of standard input for ``-``.

    :raises PuzzleError: when the file (or what standard input held) cannot be read.
    """
    from game.engine.errors import FileTooLargeError
    from game.engine.formats import (
        COLLECTION_CAP,
        UnreadableFileError,
        open_bytes,
        open_puzzles,
    )

    if path != STDIN:
        return open_puzzles(path)
    if sys.stdin is None:
        raise UnreadableFileError("there is no standard input to read", path=STDIN_NAME)
    if sys.stdin.isatty():
        print("Reading a puzzle from the terminal; end it with Ctrl+D.", file=sys.stderr)
    data = sys.stdin.buffer.read(COLLECTION_CAP + 1)
    if len(data) > COLLECTION_CAP:
        raise FileTooLargeError(
            "standard input holds more than 64 MiB; puzzle files are read up to that",
            path=STDIN_NAME,
        )
    return open_bytes(data, STDIN_NAME)


def shown(name: str) -> str:
    """``name`` fit for a terminal: control characters and undecodable bytes escaped.

    Bytes that were not UTF-8 (held as surrogates by ``os.fsdecode``) become
    ``\\xNN``; unprintable characters ``\\xNN`` (ASCII controls), ``\\uNNNN`` or
    ``\\UNNNNNNNN``; a backslash ``\\\\``.  Printable characters stay as they are.
    """
    if name.isprintable() and "\\" not in name:
        return name  # the usual case, at the cost of one check
    parts = []
    for char in name:
        code = ord(char)
        if char == "\\":
            parts.append("\\\\")
        elif 0xDC80 <= code <= 0xDCFF:
            parts.append(f"\\x{code - 0xDC00:02x}")
        elif char.isprintable() and not 0xD800 <= code <= 0xDFFF:
            parts.append(char)
        elif code < 0x80:
            parts.append(f"\\x{code:02x}")
        elif code <= 0xFFFF:
            parts.append(f"\\u{code:04x}")
        else:
            parts.append(f"\\U{code:08x}")
    return "".join(parts)


def safe_output() -> None:
    """Make standard output and error write escapes instead of failing on odd characters."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
