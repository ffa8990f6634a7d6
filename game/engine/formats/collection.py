"""Puzzle files as objects: :func:`open_puzzles` sniffs a file and returns a :class:`PuzzleFile`.

Two kinds of :class:`PuzzleFile`:

- :class:`LineCollection` for UTF-8 one-puzzle-per-line files of any size up to
  :data:`.source.COLLECTION_CAP`.  Nothing is parsed up front.  Iterating streams
  the file, and so does :meth:`~PuzzleFile.record` for one of the first
  :data:`_WALK_INSTEAD` puzzles (the game opens puzzle 0 at once); beyond them
  :meth:`~PuzzleFile.record` needs the *index*: the byte offset of every
  puzzle line in an ``array('Q')`` (8 bytes a puzzle) plus a short table of where
  comment or blank lines interrupt the numbering (so line numbers cost nothing for
  files without them).  Building the index reads the file once, in 1 MiB steps,
  reporting progress to a callback that may cancel it; the game's picker does this
  from a background thread.  The index assumes the file does not change; a record
  read after it did is refused with a clear message.
- :class:`LoadedFile` for everything else: the whole file is parsed at once (it is
  at most :data:`.source.WHOLE_CAP`), and its records are kept.
"""

from __future__ import annotations

import os
import threading
from abc import ABC, abstractmethod
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterator

from ..errors import FormatError, PuzzleError
from ..puzzle import PuzzleRecord
from .detect import Collection, collection_layout, parse_document
from .lines import parse_line
from .native import looks_like_native
from .source import (
    COLLECTION_CAP,
    HEAD,
    MAX_LINE,
    WHOLE_CAP,
    check_line_lengths,
    check_size,
    decode,
    file_size,
    line_too_long,
    looks_like_xml,
    read_bytes,
    sniff_encoding,
    split_lines,
    unreadable,
)

Progress = Callable[[int, int], bool | None]
"""``progress(done_bytes, total_bytes)``; returning ``False`` cancels indexing."""

_STEP = 1024 * 1024
"""Bytes between two progress reports."""

_WALK_INSTEAD = 1000
"""Below this index, a record of an unindexed file is found by reading up to it."""


class PuzzleFile(ABC):
    """The puzzles of one file, read on demand.

    ``path`` is the file as given; ``kind`` a short name of its format (``"one-line
    collection"``, ``"SadMan .sdk"``, ``"COMP3258 jigsaw map"`` ...); ``title`` the
    collection's name when the file has one, else ``""``.
    """

    path: str
    kind: str
    title: str

    @property
    @abstractmethod
    def count(self) -> int:
        """How many puzzles (and unreadable puzzle entries) the file holds; may build the index."""

    @abstractmethod
    def record(self, index: int) -> PuzzleRecord:
        """Puzzle ``index`` (0-based).

        :raises PuzzleError: located with line (and column) if that puzzle is bad.
        :raises IndexError: if there is no such puzzle.
        """

    @abstractmethod
    def __iter__(self) -> Iterator[PuzzleRecord | PuzzleError]:
        """Every puzzle in order; a bad one is its located error with ``index`` set."""

    def build_index(self, progress: Progress | None = None) -> bool:
        """Prepare random access; False if ``progress`` cancelled it (nothing is kept)."""
        return True

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.path!r}, kind={self.kind!r})"


class LoadedFile(PuzzleFile):
    """A file parsed in one piece; its records are kept in memory."""

    def __init__(
        self, path: str, kind: str, title: str, records: list[PuzzleRecord | PuzzleError]
    ) -> None:
        self.path = path
        self.kind = kind
        self.title = title
        self._records = records
        for item in records:
            if isinstance(item, PuzzleError):
                item.path = item.path or path

    @property
    def count(self) -> int:
        return len(self._records)

    def record(self, index: int) -> PuzzleRecord:
        if not 0 <= index < len(self._records):
            raise IndexError(f"{self.path} has {len(self._records)} puzzles, not {index + 1}")
        item = self._records[index]
        if isinstance(item, PuzzleError):
            raise item
        return item

    def __iter__(self) -> Iterator[PuzzleRecord | PuzzleError]:
        return iter(self._records)


class LineCollection(PuzzleFile):
    """A UTF-8 file with one puzzle per line, read lazily; see the module docstring."""

    def __init__(self, path: str, layout: Collection, bom: int) -> None:
        self.path = path
        self.kind = layout.kind
        self.title = layout.title
        self._layout = layout
        self._bom = bom
        self._stamp = _stamp(path)
        self._lock = threading.Lock()
        self._offsets: array[int] | None = None
        self._gap_at = array("Q")  # puzzle indices after which the line numbering jumps
        self._gap_total = array("Q")  # non-puzzle lines before that puzzle, in all

    @property
    def indexed(self) -> bool:
        """Whether the index is built (``count`` and ``record`` are then instant)."""
        return self._offsets is not None

    @property
    def count(self) -> int:
        return len(self._index())

    def build_index(self, progress: Progress | None = None) -> bool:
        with self._lock:
            if self._offsets is not None:
                return True
            offsets = array("Q")
            gap_at = array("Q")
            gap_total = array("Q")
            gaps = 0
            cancel = _Cancel()
            for line, offset, _, _ in self._walk(progress, cancel, want_text=False):
                count = len(offsets)
                if line != count + 1 + gaps:
                    gaps = line - count - 1
                    gap_at.append(count)
                    gap_total.append(gaps)
                offsets.append(offset)
            if cancel.cancelled:
                return False
            self._gap_at, self._gap_total = gap_at, gap_total
            self._offsets = offsets
            return True

    def record(self, index: int) -> PuzzleRecord:
        if self._offsets is None and 0 <= index < _WALK_INSTEAD:
            # The first puzzles of a huge file (the game opens puzzle 0) need no index.
            for number, (line, _, data, _) in enumerate(
                self._walk(None, _Cancel(), want_text=True)
            ):
                if number == index:
                    return _raise_or_return(self._parse(data, line, index))
            raise IndexError(f"{self.path} has fewer than {index + 1} puzzles")
        offsets = self._index()
        if not 0 <= index < len(offsets):
            raise IndexError(f"{self.path} has {len(offsets)} puzzles, not {index + 1}")
        if _stamp(self.path) != self._stamp:
            raise FormatError("the file changed since it was opened; open it again", path=self.path)
        try:
            with open(self.path, "rb") as stream:
                stream.seek(offsets[index])
                data = stream.readline(MAX_LINE + 1)
        except OSError as error:
            raise unreadable(error, self.path) from None
        return _raise_or_return(self._parse(data, self._line_of(index), index))

    def __iter__(self) -> Iterator[PuzzleRecord | PuzzleError]:
        for index, (line, _, data, _) in enumerate(self._walk(None, _Cancel(), want_text=True)):
            yield self._parse(data, line, index)

    # -- internals ------------------------------------------------------------------

    def _index(self) -> array[int]:
        if self._offsets is None:
            self.build_index()
        assert self._offsets is not None
        return self._offsets

    def _line_of(self, index: int) -> int:
        slot = bisect_right(self._gap_at, index) - 1
        return index + 1 + (self._gap_total[slot] if slot >= 0 else 0)

    def _parse(self, data: bytes, line: int, index: int) -> PuzzleRecord | PuzzleError:
        try:
            if len(data) > MAX_LINE and not data.endswith(b"\n"):
                raise FormatError(line_too_long(), line=line)
            text = data.decode("utf-8", "surrogateescape").rstrip("\r\n")
            return parse_line(text, line, index, self._layout.context)
        except PuzzleError as error:
            error.index = index
            error.path = self.path
            return error

    def _walk(
        self, progress: Progress | None, cancel: _Cancel, *, want_text: bool
    ) -> Iterator[tuple[int, int, bytes, bool]]:
        """(line number, byte offset, bytes, overlong) of every puzzle line, in order.

        Stops and sets ``cancel.cancelled`` when ``progress`` returns False.
        """
        total = os.path.getsize(self.path)
        skip = self._layout.header_lines
        try:
            stream = open(self.path, "rb")  # noqa: SIM115 - only the open is guarded
        except OSError as error:
            raise unreadable(error, self.path) from None
        with stream:
            stream.seek(self._bom)
            readline = stream.readline
            position = self._bom
            report = position + _STEP
            line = 0
            while True:
                data = readline(MAX_LINE + 1)
                if not data:
                    break
                line += 1
                start = position
                position += len(data)
                overlong = len(data) > MAX_LINE and not data.endswith(b"\n")
                while overlong:
                    more = readline(_STEP)
                    position += len(more)
                    if not more or more.endswith(b"\n"):
                        break
                stripped = data.strip()
                if line > skip and stripped and not stripped.startswith(b"#"):
                    yield line, start, data if want_text else b"", overlong
                if progress is not None and position >= report:
                    report = position + _STEP
                    if progress(position, total) is False:
                        cancel.cancelled = True
                        return
        if progress is not None:
            progress(total, total)


def _raise_or_return(item: PuzzleRecord | PuzzleError) -> PuzzleRecord:
    if isinstance(item, PuzzleError):
        raise item
    return item


class _Cancel:
    """Set by a walk over the file when its progress callback asked to stop."""

    cancelled = False


def _stamp(path: str) -> tuple[int, int]:
    try:
        info = os.stat(path)
    except OSError as error:
        raise unreadable(error, path) from None
    return info.st_size, info.st_mtime_ns


def open_puzzles(path: str | os.PathLike[str]) -> PuzzleFile:
    """Open a puzzle file of any supported format, sniffed from its content.

    :raises PuzzleError: (a :class:`FormatError` subclass for I/O problems and files
        over the caps) when the file as a whole cannot be read; problems of single
        puzzles surface later, from :meth:`PuzzleFile.record` or iteration.
    """
    name = os.fspath(path)
    try:
        return _open(name)
    except PuzzleError as error:
        error.path = error.path or name
        raise


def _open(name: str) -> PuzzleFile:
    size = file_size(name)
    check_size(size, COLLECTION_CAP, name, "files")
    head = read_bytes(name, HEAD)
    encoding = sniff_encoding(head)
    start = head[encoding.bom :].decode("latin-1")
    if encoding.is_utf8 and not looks_like_xml(start) and not looks_like_native(start):
        body = head[encoding.bom :]
        if len(head) < size:
            cut = body.rfind(b"\n")
            if cut < 0:
                raise FormatError(line_too_long(), line=1)
            body = body[:cut]
        text = decode(body, encoding)
        lone_cr = b"\n" not in body and b"\r" in body
        if not lone_cr:
            lines = split_lines(text)
            check_line_lengths(lines)
            layout = collection_layout(lines)
            if layout is not None:
                return LineCollection(name, layout, encoding.bom)
    check_size(size, WHOLE_CAP, name, "files that are not one puzzle per line (or not UTF-8)")
    data = read_bytes(name, WHOLE_CAP + 1)
    document = parse_document(decode(data[encoding.bom :], encoding))
    return LoadedFile(name, document.kind, document.title, document.records)
