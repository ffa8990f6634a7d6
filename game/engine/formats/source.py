"""Bytes to text: size caps, byte-order marks, encodings, line breaks and I/O errors.

Everything that can go wrong before a format is even guessed is decided here, with
one error type for the caller to catch: every problem is a :class:`FormatError`
(I/O problems are the subclass :class:`UnreadableFileError`, files over a cap are
:class:`FileTooLargeError`).

Leniency policy:

- Encodings: UTF-8 with or without a byte-order mark; UTF-16LE/BE with a BOM, or
  without one when every other byte of the start is NUL (ASCII text saved as
  UTF-16).  UTF-8 is decoded with ``surrogateescape``, so a stray Latin-1 byte in a
  comment or title does no harm; where such a byte stands in a cell the parsers
  report "byte 0xe9 is not UTF-8 text" at its line and column.  A file with many
  undecodable bytes, or any NUL byte, is refused as "not text".
- Line breaks: LF, CRLF and lone CR, mixed freely; a missing or extra final
  newline changes nothing.
- Size: files over :data:`COLLECTION_CAP` are refused unopened; formats parsed in
  one piece (everything but one-puzzle-per-line collections) are refused over
  :data:`WHOLE_CAP`; no line may be longer than :data:`MAX_LINE`, which lets a
  10 MB single-line file fail after reading its first 64 KiB.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from ..errors import FileTooLargeError, FormatError

COLLECTION_CAP = 64 * 1024 * 1024
"""Largest file opened at all: one-puzzle-per-line collections, read lazily."""

WHOLE_CAP = 16 * 1024 * 1024
"""Largest file parsed in one piece: grids, .sdk, XML, jigsaw maps, UTF-16 files."""

MAX_LINE = 64 * 1024
"""Longest line accepted, in characters (bytes for lazily read collections)."""

HEAD = 64 * 1024
"""How much of a file is read to guess its encoding and format."""

_MAX_UNDECODABLE = 16
"""More undecodable bytes than this (in the text read) and the file is "not text"."""

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class UnreadableFileError(FormatError):
    """The file could not be read at all: missing, a directory, no permission, I/O."""


def mib(size: int) -> str:
    """A byte count for messages: ``64 MiB``."""
    return f"{size // (1024 * 1024)} MiB" if size >= 1024 * 1024 else f"{size // 1024} KiB"


@dataclass(frozen=True)
class Encoding:
    """How a file's bytes become text: a codec name and the length of its BOM."""

    codec: str
    bom: int = 0

    @property
    def is_utf8(self) -> bool:
        """Whether line breaks and ASCII are single bytes (UTF-8, so lazy reading works)."""
        return self.codec == "utf-8"


UTF8 = Encoding("utf-8")


def sniff_encoding(head: bytes) -> Encoding:
    """The encoding of a file that starts with ``head``."""
    if head.startswith(b"\xef\xbb\xbf"):
        return Encoding("utf-8", 3)
    if head.startswith(b"\xff\xfe"):
        return Encoding("utf-16-le", 2)
    if head.startswith(b"\xfe\xff"):
        return Encoding("utf-16-be", 2)
    sample = head[:512]
    if len(sample) >= 4 and b"\x00" in sample:
        # ASCII text saved as UTF-16 without a BOM: NULs on one parity only.
        even, odd = sample[0::2], sample[1::2]
        if odd.count(0) == len(odd) and even.count(0) == 0:
            return Encoding("utf-16-le")
        if even.count(0) == len(even) and odd.count(0) == 0:
            return Encoding("utf-16-be")
    return UTF8


def decode(data: bytes, encoding: Encoding) -> str:
    """``data`` (without its BOM) as text; raises :class:`FormatError` if it is not text."""
    if encoding.is_utf8:
        text = data.decode("utf-8", "surrogateescape")
    else:
        try:
            text = data.decode(encoding.codec)
        except UnicodeDecodeError as error:
            raise FormatError(
                f"the file is not valid {encoding.codec.upper()} text "
                f"(bad bytes at offset {error.start + encoding.bom})"
            ) from None
    check_text(text)
    return text


def check_text(text: str) -> None:
    """Refuse text that is really binary data: NUL bytes or many undecodable bytes."""
    nul = text.find("\x00")
    if nul >= 0:
        line, column = position(text, nul)
        raise FormatError("the file is not text (it holds a NUL byte)", line=line, column=column)
    first = -1
    for bad, match in enumerate(_UNDECODABLE.finditer(text), 1):
        if first < 0:
            first = match.start()
        if bad > _MAX_UNDECODABLE:
            line, column = position(text, first)
            raise FormatError(
                "the file is not text (it holds many bytes that are not UTF-8)",
                line=line,
                column=column,
            )


_UNDECODABLE = re.compile("[\udc80-\udcff]")


def position(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of ``offset`` in ``text`` (any line breaks)."""
    before = text[:offset]
    breaks = list(_LINE_BREAK.finditer(before))
    if not breaks:
        return 1, offset + 1
    return len(breaks) + 1, offset - breaks[-1].end() + 1


def looks_like_xml(text: str) -> bool:
    """Whether ``text`` is XML (its first non-blank character is ``<``)."""
    return text.lstrip("\ufeff \t\r\n").startswith("<")


def split_lines(text: str) -> list[str]:
    """The lines of ``text``; LF, CRLF and lone CR all end a line; no final empty line."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def check_line_lengths(lines: list[str]) -> None:
    """Refuse any line longer than :data:`MAX_LINE`: no puzzle format has one."""
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise FormatError(line_too_long(len(line)), line=number)


def line_too_long(length: int | None = None) -> str:
    """The reason given for an over-long line."""
    size = f"{length} characters" if length is not None else f"over {MAX_LINE} characters"
    return f"the line is {size} long; no puzzle format has lines over {MAX_LINE}"


def file_size(path: str) -> int:
    """The size of the regular file at ``path``; I/O problems become FormatErrors."""
    try:
        info = os.stat(path)
    except OSError as error:
        raise unreadable(error, path) from None
    if os.path.isdir(path):
        raise UnreadableFileError("this is a directory, not a puzzle file", path=path)
    return info.st_size


def check_size(size: int, cap: int, path: str, what: str) -> None:
    """Raise :class:`FileTooLargeError` naming ``cap`` when ``size`` is over it."""
    if size > cap:
        raise FileTooLargeError(
            f"the file is {size / (1024 * 1024):.1f} MiB; {what} are read up to {mib(cap)}",
            path=path,
        )


def read_bytes(path: str, limit: int) -> bytes:
    """Up to ``limit`` bytes from the start of ``path``; I/O problems become FormatErrors."""
    try:
        with open(path, "rb") as stream:
            return stream.read(limit)
    except OSError as error:
        raise unreadable(error, path) from None


def unreadable(error: OSError, path: str) -> UnreadableFileError:
    """The FormatError for an OSError, in words a player understands."""
    if isinstance(error, FileNotFoundError):
        reason = "no such file"
    elif isinstance(error, IsADirectoryError):
        reason = "this is a directory, not a puzzle file"
    elif isinstance(error, PermissionError):
        reason = "permission denied"
    else:
        reason = f"cannot read the file ({error.strerror or error})"
    return UnreadableFileError(reason, path=path)
