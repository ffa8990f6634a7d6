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
- Invisible characters (zero-width spaces and joiners, a byte-order mark past the
  start, soft hyphens, direction marks: :data:`INVISIBLE`) are dropped wherever
  they stand, by :func:`visible` (and :func:`visible_chunks` for XML bytes), as a
  person reading the text never sees them.  Where dropping one changes the meaning
  the reader says so instead (:func:`explain_invisible`): when the text does not
  read without it but does with a blank in its place, as ``5\u200b3 . . 7 ...``
  (blank-separated cells) or ``1\u200b16 0 ...`` (numbers) do.
- Size: files over :data:`COLLECTION_CAP` are refused unopened; formats parsed in
  one piece (everything but one-puzzle-per-line collections) are refused over
  :data:`WHOLE_CAP`, and grids drawn over several lines over :data:`GRIDS_CAP`;
  no line may be longer than :data:`MAX_LINE`, which lets a 10 MB single-line
  file fail after reading its first 64 KiB.  Only the first :data:`MAX_PUZZLES`
  puzzles of a file are read, and titles are cut to :data:`MAX_TITLE` characters.
- Special files: :func:`file_problem` tells directories, devices, sockets and
  FIFOs from puzzle files with ``os.stat`` alone, so nothing is opened that could
  block.  A pipe is read (by :func:`read_pipe`) only when something is writing to
  it; one that nobody writes to is refused at once.
"""

from __future__ import annotations

import errno
import os
import re
import select
import stat
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ..errors import FileTooLargeError, FormatError, InvalidPuzzleError, PuzzleError

COLLECTION_CAP = 64 * 1024 * 1024
"""Largest file opened at all: one-puzzle-per-line collections, read lazily."""

WHOLE_CAP = 16 * 1024 * 1024
"""Largest file read in one piece: XML, saved games, UTF-16 or CR-only files (grids: less)."""

GRIDS_CAP = 1024 * 1024
"""Largest text read as grids drawn over several lines (the slowest text to take apart)."""

MAX_LINE = 64 * 1024
"""Longest line accepted, in characters (bytes for lazily read collections)."""

MAX_PUZZLES = 1_000_000
"""Puzzles read from one file; past them the file's last item is an error saying so."""

MAX_TITLE = 200
"""Longest title (or extra field) kept, in characters; longer ones are cut with an ellipsis."""

PIPE_STALL = 30.0
"""Seconds a pipe may stay silent while it is read before it is given up."""

HEAD = 64 * 1024
"""How much of a file is read to guess its encoding and format."""

_MAX_UNDECODABLE = 16
"""More undecodable bytes than this (in the text read) and the file is "not text"."""

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class UnreadableFileError(FormatError):
    """The file could not be read at all: missing, a directory, no permission, I/O."""


def too_many_puzzles() -> str:
    """The reason given for the item past :data:`MAX_PUZZLES`."""
    return (
        f"the file holds more than {MAX_PUZZLES:,} puzzles; only the first "
        f"{MAX_PUZZLES:,} are read (split the file to play the rest)"
    )


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


INVISIBLE = frozenset(
    "\u00ad\u034f\u061c\u180e\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d"
    "\u202e\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff"
)
"""Characters that take no room on screen: soft hyphen, zero-width space, non-joiner
and joiner, word joiner, byte-order mark (anywhere, not just first), the invisible
operators, and the marks that only steer the direction of text.  Copied from a web
page they sit between digits, at the start of a line or of a pasted puzzle."""

_DROP_INVISIBLE = dict.fromkeys(map(ord, INVISIBLE))


def visible(text: str) -> str:
    """``text`` without its :data:`INVISIBLE` characters, as a person reads it.

    Every text reader goes through here (whole texts in :func:`split_lines`, the
    lines of big collections one by one as they are read), so no format counts an
    invisible character as a cell or misses a puzzle behind one.  Columns in later
    messages count the characters that are seen.
    """
    if text.isascii():  # nearly every file: nothing to look for
        return text
    return text.translate(_DROP_INVISIBLE)


_CLASS = re.escape("".join(sorted(INVISIBLE)))
_JOIN = re.compile(f"(?<=[^\\s{_CLASS}])[{_CLASS}]+(?=[^\\s{_CLASS}])")
"""A run of invisible characters that is all that stands between two visible ones."""


Joins = dict[int, tuple[str, re.Match[str]]]
"""Line number -> (that line, its first :data:`_JOIN`), from :func:`find_joins`."""


def find_joins(raw: str, first_line: int = 1) -> Joins:
    """Where invisible characters stand alone between two visible ones, line by line."""
    if raw.isascii() or _JOIN.search(raw) is None:
        return {}
    found: Joins = {}
    for number, text in enumerate(_LINE_BREAK.split(raw), first_line):
        match = _JOIN.search(text)
        if match is not None:
            found[number] = (text, match)
    return found


def explain_invisible(
    error: PuzzleError,
    raw: str,
    reread: Callable[[str], object],
    first_line: int = 1,
    joins: Joins | None = None,
) -> PuzzleError:
    """``error``, or the invisible character in ``raw`` that really caused it.

    The one rule for every text reader on when an invisible character changes the
    meaning.  Dropping it is what a person does, so wherever the text reads
    without it (between the cells of ``53..7....``, at a line's end, before a
    puzzle) nothing is said.  When the text does *not* read (``error``), but does
    once every invisible run that stands alone between two visible characters is
    read as a blank, the writer meant a separator there: two blank-separated
    cells (``5\u200b3 . .``), two numbers of a 16x16 row (``1\u200b16``), two
    pencil-mark groups or a puzzle and its id would otherwise run together.  The
    error then names that character, on the line of ``error`` when it has one,
    else the first; columns count the characters that are seen.

    ``reread`` reads the text with those blanks and raises :class:`PuzzleError` if
    it still does not read; ``first_line`` is the number of ``raw``'s first line;
    ``joins`` is :func:`find_joins` of ``raw`` for a caller explaining many errors.

    A rule by syntax alone was the road not taken: ``12\u200b3`` in a
    pencil-mark grid is one group or two, and only the count of the whole grid
    tells which; and each reader would have had to apply it itself.
    """
    if isinstance(error, InvalidPuzzleError):
        # The text read as a grid and the grid broke a rule (two 8s in a row): no
        # separator would mend that, whatever another reading of the blanks makes.
        return error
    if joins is None:
        joins = find_joins(raw, first_line)
    if error.line is not None:
        number = error.line
    elif joins:
        number = min(joins)
    else:
        return error
    if number not in joins:
        return error
    try:
        reread(visible(_JOIN.sub(" ", raw)))
    except PuzzleError:
        return error
    text, match = joins[number]
    char = match.group()[0]
    name = unicodedata.name(char, "").lower() or "a direction mark"
    located = FormatError(
        f"an invisible character (U+{ord(char):04X}, {name}) between "
        f"{text[match.start() - 1]!r} and {text[match.end()]!r} separates them, but "
        "invisible characters are ignored, so the two run together: put a blank there",
        line=number,
        column=len(visible(text[: match.start()])) + 1,
        path=error.path,
    )
    located.index = error.index
    return located


_INVISIBLE_BYTES = re.compile(b"|".join(re.escape(c.encode()) for c in sorted(INVISIBLE)))
_LONGEST = max(len(c.encode()) for c in INVISIBLE)


def visible_chunks(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """UTF-8 ``chunks`` without their :data:`INVISIBLE` characters (:func:`visible` for bytes).

    For text parsed straight from bytes (XML): a byte-order mark anywhere, even
    a second one before ``<?xml``, and zero-width characters inside the data
    go, as they do from text.  A character cut between two chunks is kept back
    until the next one completes it.
    """
    held = b""
    for chunk in chunks:
        data = held + chunk
        # Keep back a tail that could be the start of an invisible character.
        cut = len(data)
        for back in range(1, min(_LONGEST, len(data) + 1)):
            if data[-back] >= 0xC0:  # a lead byte: its character may be incomplete
                cut = len(data) - back
                break
            if data[-back] < 0x80:
                break
        data, held = data[:cut], data[cut:]
        yield _INVISIBLE_BYTES.sub(b"", data) if not data.isascii() else data
    if held:
        yield _INVISIBLE_BYTES.sub(b"", held)


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
    """The lines of ``text`` as seen (:func:`visible`); LF, CRLF and lone CR all end a
    line; no final empty line."""
    lines = _LINE_BREAK.split(visible(text))
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


def file_problem(path: str, *, pipes: bool = False) -> str | None:
    """Why ``path`` cannot be read as a puzzle file, or None when it is a regular file.

    Decided with ``os.stat`` alone, never by opening: a FIFO that nobody writes to,
    a terminal or ``/dev/zero`` would block or never end.  The reason is a phrase
    for a player ("this is a directory, not a puzzle file", "this is a named pipe
    (FIFO), not a puzzle file", "a link that loops back on itself" ...).  With
    ``pipes`` a FIFO or pipe is no problem (:func:`read_pipe` reads it without
    blocking); the picker leaves it out, since reading a pipe empties it.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        return unreadable(error, path).reason
    except ValueError:  # a NUL in the name: no such file can exist
        return "no such file (the name holds a NUL character)"
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return None if pipes else "this is a named pipe (FIFO), not a puzzle file"
    return f"this is {special_kind(mode)}, not a puzzle file"


def special_kind(mode: int) -> str:
    """``a directory``, ``a device``, ``a socket`` ...: what a non-regular file is."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    return "a special file"


def is_pipe(path: str) -> bool:
    """Whether ``path`` is a FIFO or a pipe (``/dev/stdin`` fed by ``|``, ``<(...)``)."""
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def file_size(path: str) -> int:
    """The size of the regular file at ``path``; anything else becomes a FormatError."""
    problem = file_problem(path)
    if problem is not None:
        raise UnreadableFileError(problem, path=path)
    try:
        return os.stat(path).st_size
    except OSError as error:
        raise unreadable(error, path) from None


def read_pipe(path: str, limit: int, stall: float = PIPE_STALL) -> bytes:
    """Everything a pipe or FIFO holds, up to ``limit`` bytes, never waiting for a writer.

    The pipe is opened without blocking.  If nothing is writing to it (a FIFO
    nobody opened, or an empty pipe already closed) it is refused at once;
    otherwise it is read to its end, giving up when it sends nothing for
    ``stall`` seconds or more than ``limit`` bytes.

    :raises FormatError: :class:`UnreadableFileError` or :class:`FileTooLargeError`.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise unreadable(error, path) from None
    chunks: list[bytes] = []
    total = 0
    try:
        deadline = time.monotonic() + stall
        while True:
            try:
                data = os.read(fd, 1 << 16)
            except BlockingIOError:
                # A writer is there but has not written yet: wait for it, a while.
                left = deadline - time.monotonic()
                if left <= 0:
                    raise UnreadableFileError(
                        f"the pipe sent nothing for {stall:g} s; given up", path=path
                    ) from None
                select.select([fd], [], [], min(left, 1.0))
                continue
            except OSError as error:
                raise unreadable(error, path) from None
            if not data:
                break
            deadline = time.monotonic() + stall
            chunks.append(data)
            total += len(data)
            if total > limit:
                raise FileTooLargeError(
                    f"the pipe sends more than {mib(limit)}; puzzle files are read up to that",
                    path=path,
                )
    finally:
        os.close(fd)
    if not chunks:
        raise UnreadableFileError("a pipe with nothing in it (nobody is writing to it)", path=path)
    return b"".join(chunks)


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
        reason = "a broken link" if os.path.islink(path) else "no such file"
    elif error.errno == errno.ELOOP:
        reason = "a link that loops back on itself"
    elif error.errno == errno.ENAMETOOLONG:
        reason = "the name is too long"
    elif isinstance(error, IsADirectoryError):
        reason = "this is a directory, not a puzzle file"
    elif isinstance(error, PermissionError):
        reason = "permission denied"
    else:
        reason = f"cannot read the file ({error.strerror or error})"
    return UnreadableFileError(reason, path=path)
