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
- :class:`LoadedFile` for everything else: the whole file is read at once (it is
  at most :data:`.source.WHOLE_CAP`), cut into puzzles, and each puzzle is built
  from its own text when it is read (:class:`~.records.Records`), so memory
  follows the text, not the number of puzzles.

Both read from a :class:`Source`: a file, or bytes already in memory, which is
how pipes and standard input are read (once, whole; :func:`open_bytes`).
"""

from __future__ import annotations

import io
import os
import threading
from abc import ABC, abstractmethod
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import BinaryIO

from ..errors import FormatError, PuzzleError
from ..puzzle import PuzzleRecord
from .build import clean_title
from .detect import Collection, collection_layout, parse_document
from .lines import parse_line
from .native import looks_like_native
from .records import Item, Records
from .source import (
    COLLECTION_CAP,
    GRIDS_CAP,
    HEAD,
    MAX_LINE,
    MAX_PUZZLES,
    WHOLE_CAP,
    Encoding,
    UnreadableFileError,
    check_line_lengths,
    check_size,
    decode,
    explain_invisible,
    file_problem,
    file_size,
    is_pipe,
    line_too_long,
    looks_like_xml,
    read_bytes,
    read_pipe,
    sniff_encoding,
    split_lines,
    too_many_puzzles,
    unreadable,
    visible,
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
    def __iter__(self) -> Iterator[Item]:
        """Every puzzle in order; a bad one is its located error with ``index`` set."""

    def build_index(self, progress: Progress | None = None) -> bool:
        """Prepare random access; False if ``progress`` cancelled it (nothing is kept)."""
        return True

    def titles(self) -> list[str]:
        """Every puzzle's title in order, cleaned as records' titles are (``""`` for none).

        A bad puzzle's title is ``""``, or its title as written where the format
        tells it without parsing the puzzle.

        Formats that tell titles apart from puzzles (XML games, titled grids) give
        them without building a single puzzle: a 150,000-game file in a fraction
        of a second instead of a minute.  Others build each puzzle in turn.
        """
        return ["" if isinstance(item, PuzzleError) else item.title for item in self]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.path!r}, kind={self.kind!r})"


class LoadedFile(PuzzleFile):
    """A file parsed in one piece; its text is kept and each puzzle built when read.

    Only the first :data:`.source.MAX_PUZZLES` puzzles are offered; a file with
    more gets one more item, an error saying so.
    """

    def __init__(self, path: str, kind: str, title: str, records: Sequence[Item]) -> None:
        self.path = path
        self.kind = kind
        self.title = title
        self._records = records
        self._overflow = len(records) > MAX_PUZZLES

    @property
    def count(self) -> int:
        return min(len(self._records), MAX_PUZZLES + 1)

    def record(self, index: int) -> PuzzleRecord:
        if not 0 <= index < self.count:
            raise IndexError(f"{self.path} has {self.count} puzzles, not {index + 1}")
        return _raise_or_return(self._item(index))

    def __iter__(self) -> Iterator[Item]:
        for index in range(self.count):
            yield self._item(index)

    def titles(self) -> list[str]:
        records = self._records
        if not isinstance(records, Records) or records.title is None:
            return super().titles()
        title = records.title
        cleaned: dict[str, str] = {}  # titles repeat (a folder's name on every game)
        found = []
        for index in range(min(len(records), MAX_PUZZLES)):
            raw = title(index)
            if raw not in cleaned:
                cleaned[raw] = clean_title(raw)
            found.append(cleaned[raw])
        return found + [""] * (self.count - len(found))

    def _item(self, index: int) -> Item:
        if self._overflow and index == MAX_PUZZLES:
            error = FormatError(too_many_puzzles())
            error.index = index
            item: Item = error
        else:
            item = self._records[index]
        if isinstance(item, PuzzleError):
            item.path = item.path or self.path
        return item


class Source:
    """Where a puzzle file's bytes come from: a file on disk, or bytes already read.

    Pipes and standard input are read once into bytes (they cannot be read twice,
    nor sought in), so every reader works on them as on a file.
    """

    def __init__(self, name: str, data: bytes | None = None) -> None:
        self.name = name
        self._data = data

    @property
    def size(self) -> int:
        return len(self._data) if self._data is not None else file_size(self.name)

    def stream(self) -> BinaryIO:
        """A fresh binary stream at the start (the caller closes it)."""
        if self._data is not None:
            return io.BytesIO(self._data)  # shares the bytes until written to
        try:
            return open(self.name, "rb")
        except OSError as error:
            raise unreadable(error, self.name) from None

    def read(self, limit: int) -> bytes:
        """Up to ``limit`` bytes from the start."""
        if self._data is not None:
            return self._data[:limit]
        return read_bytes(self.name, limit)

    def chunks(self, start: int) -> Iterator[bytes]:
        """The bytes from offset ``start`` on, in steps of :data:`_STEP`."""
        with self.stream() as stream:
            stream.seek(start)
            while True:
                try:
                    chunk = stream.read(_STEP)
                except OSError as error:
                    raise unreadable(error, self.name) from None
                if not chunk:
                    return
                yield chunk

    def stamp(self) -> tuple[int, int]:
        """Size and modification time, to notice a file changed under an index."""
        if self._data is not None:
            return len(self._data), 0
        return _stamp(self.name)


class LineCollection(PuzzleFile):
    """A UTF-8 file with one puzzle per line, read lazily; see the module docstring."""

    def __init__(self, source: Source | str, layout: Collection, bom: int) -> None:
        self._source = source if isinstance(source, Source) else Source(source)
        self.path = self._source.name
        self.kind = layout.kind
        self.title = layout.title
        self._layout = layout
        self._bom = bom
        self._stamp = self._source.stamp()
        self._lock = threading.Lock()
        self._offsets: array[int] | None = None
        self._overflow: int | None = None  # the line of the first puzzle past MAX_PUZZLES
        self._gap_at = array("Q")  # puzzle indices after which the line numbering jumps
        self._gap_total = array("Q")  # non-puzzle lines before that puzzle, in all

    @property
    def indexed(self) -> bool:
        """Whether the index is built (``count`` and ``record`` are then instant)."""
        return self._offsets is not None

    @property
    def count(self) -> int:
        offsets = self._index()
        return len(offsets) + (self._overflow is not None)

    def build_index(self, progress: Progress | None = None) -> bool:
        with self._lock:
            if self._offsets is not None:
                return True
            offsets = array("Q")
            gap_at = array("Q")
            gap_total = array("Q")
            gaps = 0
            overflow = None
            cancel = _Cancel()
            for line, offset, _, _ in self._walk(progress, cancel, want_text=False):
                count = len(offsets)
                if count == MAX_PUZZLES:
                    overflow = line
                    break
                if line != count + 1 + gaps:
                    gaps = line - count - 1
                    gap_at.append(count)
                    gap_total.append(gaps)
                offsets.append(offset)
            if cancel.cancelled:
                return False
            self._gap_at, self._gap_total = gap_at, gap_total
            self._overflow = overflow
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
        if self._overflow is not None and index == len(offsets):
            raise self._too_many()
        if not 0 <= index < len(offsets):
            raise IndexError(f"{self.path} has {self.count} puzzles, not {index + 1}")
        if self._source.stamp() != self._stamp:
            raise FormatError("the file changed since it was opened; open it again", path=self.path)
        with self._source.stream() as stream:
            try:
                stream.seek(offsets[index])
                data = stream.readline(MAX_LINE + 1)
            except OSError as error:
                raise unreadable(error, self.path) from None
        return _raise_or_return(self._parse(data, self._line_of(index), index))

    def __iter__(self) -> Iterator[Item]:
        for index, (line, _, data, _) in enumerate(self._walk(None, _Cancel(), want_text=True)):
            if index == MAX_PUZZLES:
                yield self._too_many(line)
                return
            yield self._parse(data, line, index)

    # -- internals ------------------------------------------------------------------

    def _too_many(self, line: int | None = None) -> FormatError:
        error = FormatError(too_many_puzzles(), line=line or self._overflow, path=self.path)
        error.index = MAX_PUZZLES
        return error

    def _index(self) -> array[int]:
        if self._offsets is None:
            self.build_index()
        assert self._offsets is not None
        return self._offsets

    def _line_of(self, index: int) -> int:
        slot = bisect_right(self._gap_at, index) - 1
        return index + 1 + (self._gap_total[slot] if slot >= 0 else 0)

    def _parse(self, data: bytes, line: int, index: int) -> Item:
        try:
            if len(data) > MAX_LINE and not data.endswith(b"\n"):
                raise FormatError(line_too_long(), line=line)
            raw = data.decode("utf-8", "surrogateescape").rstrip("\r\n")

            def read(text: str) -> PuzzleRecord:
                return parse_line(text, line, index, self._layout.context)

            try:
                return read(visible(raw))
            except PuzzleError as error:
                raise explain_invisible(error, raw, read, line) from None
        except PuzzleError as error:
            error.path = self.path
            return error.as_item(index)

    def _walk(
        self, progress: Progress | None, cancel: _Cancel, *, want_text: bool
    ) -> Iterator[tuple[int, int, bytes, bool]]:
        """(line number, byte offset, bytes, overlong) of every puzzle line, in order.

        Stops and sets ``cancel.cancelled`` when ``progress`` returns False.
        """
        total = self._source.size
        skip = self._layout.header_lines
        with self._source.stream() as stream:
            stream.seek(self._bom)
            readline = stream.readline
            position = self._bom
            report = position + _STEP
            line = 0
            while True:
                try:
                    data = readline(MAX_LINE + 1)
                except OSError as error:
                    raise unreadable(error, self.path) from None
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
                if line > skip:
                    stripped = data.strip()
                    if stripped and not stripped.startswith(b"#"):
                        yield line, start, data if want_text else b"", overlong
                if progress is not None and position >= report:
                    report = position + _STEP
                    if progress(position, total) is False:
                        cancel.cancelled = True
                        return
        if progress is not None:
            progress(total, total)


def _raise_or_return(item: Item) -> PuzzleRecord:
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

    Directories, devices and sockets are refused at once, judged by ``os.stat``
    (nothing is opened); a FIFO or pipe (``/dev/stdin``, ``<(...)``) is read
    once, without blocking, when something is writing to it, and refused at once
    when nothing is (see :func:`.source.read_pipe`).

    :raises PuzzleError: (a :class:`FormatError` subclass for I/O problems and files
        over the caps) when the file as a whole cannot be read; problems of single
        puzzles surface later, from :meth:`PuzzleFile.record` or iteration.
    """
    name = os.fspath(path)
    try:
        problem = file_problem(name, pipes=True)
        if problem is not None:
            raise UnreadableFileError(problem)
        if is_pipe(name):
            return _open(Source(name, read_pipe(name, COLLECTION_CAP)))
        return _open(Source(name))
    except PuzzleError as error:
        error.path = error.path or name
        raise


def open_bytes(data: bytes, name: str = "") -> PuzzleFile:
    """The puzzles in ``data``, the bytes of a whole file (standard input, say).

    Read exactly as :func:`open_puzzles` reads a file; ``name`` is the file's name
    for messages.

    :raises PuzzleError: as :func:`open_puzzles`.
    """
    try:
        return _open(Source(name, data))
    except PuzzleError as error:
        error.path = error.path or name or None
        raise


def _open(source: Source) -> PuzzleFile:
    name = source.name
    size = source.size
    check_size(size, COLLECTION_CAP, name, "files")
    head = source.read(HEAD)
    encoding = sniff_encoding(head)
    start = head[encoding.bom :].decode("latin-1")
    if looks_like_xml(start):
        check_size(size, WHOLE_CAP, name, "XML files")
        return _open_xml(source, encoding)
    if encoding.is_utf8 and not looks_like_native(start) and not _is_variant(start):
        body = head[encoding.bom :]
        if b"\x00" in body:
            decode(body, encoding)  # binary data: say so, not that a line is too long
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
                return LineCollection(source, layout, encoding.bom)
            if len(head) < size:
                # Not a collection, so a text taken apart whole: refuse it unread
                # when it is bigger than any grid text is allowed to be.
                check_size(size, GRIDS_CAP, name, "files that are not one puzzle per line")
    check_size(size, WHOLE_CAP, name, "files that are not one puzzle per line (or not UTF-8)")
    data = source.read(WHOLE_CAP + 1)
    document = parse_document(decode(data[encoding.bom :], encoding))
    return LoadedFile(name, document.kind, document.title, document.records)


def _is_variant(start: str) -> bool:
    """Whether the file's start is a variant text (read whole, never as lines)."""
    from .links import looks_like_variant

    return looks_like_variant(start)


def _open_xml(source: Source, encoding: Encoding) -> PuzzleFile:
    """An OpenSudoku file, parsed as it is read (UTF-8), or decoded first (UTF-16)."""
    from .opensudoku import read_opensudoku

    if encoding.is_utf8:
        chunks: Iterable[bytes] = source.chunks(encoding.bom)
    else:
        text = decode(source.read(WHOLE_CAP + 1)[encoding.bom :], encoding)
        chunks = [text.encode("utf-8", "surrogateescape")]
    title, records = read_opensudoku(chunks)
    return LoadedFile(source.name, "OpenSudoku XML", clean_title(title), records)
