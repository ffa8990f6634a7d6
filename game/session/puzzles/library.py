"""Browsing puzzle folders: what a folder holds and what each puzzle file contains.

Pure Python (never imports pygame); the picker runs every function here in a
background thread, so each may be slow (a folder on a network drive, a 64 MiB
collection) but none may hang: FIFOs and devices are never opened, directory
links that lead back up are listed but not followed, and long reads check a
``cancelled`` callback.  Every problem becomes a sentence on the entry
(``problem``) instead of an exception, because the picker lists bad files too.

Puzzles travel as :class:`Sketch` values, not :class:`~game.engine.puzzle.Puzzle`
objects: a jigsaw :class:`~game.engine.shape.Shape` carries about 125 KB of unit
and peer tables, and a folder of a thousand jigsaw files would otherwise keep a
thousand of them alive just to draw thumbnails.
"""

from __future__ import annotations

import dataclasses
import enum
import errno
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ...engine import solver
from ...engine.errors import PuzzleError
from ...engine.formats import PuzzleFile, open_puzzles
from ...engine.formats.native import KIND as NATIVE
from ...engine.formats.native import looks_like_native
from ...engine.formats.source import file_problem
from ...engine.logic import decide
from ...engine.logic.rating import rate
from ...engine.logic.registry import Level
from ...engine.puzzle import Puzzle, PuzzleRecord
from ...engine.rules import Constraint
from ...engine.shape import Shape
from ..keep.big_files import is_big, run_apart
from ..keep.stats import puzzle_id
from ..play.puzzle_kind import PuzzleKind, kind_of
from ..shown import shown

Cancelled = Callable[[], bool]
"""Asked now and then by slow functions; True stops them with :class:`Stopped`."""


class Stopped(Exception):
    """A slow read noticed that nobody wants its result any more."""


def _never() -> bool:
    return False


# -- names ------------------------------------------------------------------------------


def display_name(name: str) -> str:
    """``name`` fit for the screen: undecodable bytes and control characters become ``�``
    (see :func:`.shown.shown`, the one rule for every title on screen)."""
    return shown(name)


_NUMBERS = re.compile(r"(\d+)")


def natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that puts ``2-medium`` before ``10-hard`` and ignores case."""
    parts = _NUMBERS.split(name.casefold())
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in parts if part)


# -- folders ----------------------------------------------------------------------------


class EntryKind(enum.Enum):
    PARENT = "parent"  # the ".." row
    FOLDER = "folder"
    FILE = "file"


@dataclass(frozen=True)
class Entry:
    """One row of a folder: a sub-folder or a file, with why it cannot be opened."""

    name: str  # as shown (see display_name)
    path: str
    kind: EntryKind
    size: int = 0  # bytes, for files
    mtime: int = 0  # last change in ns, for files: a changed file is read again
    problem: str = ""  # non-empty: listed but not opened

    @property
    def usable(self) -> bool:
        return not self.problem


@dataclass(frozen=True)
class Listing:
    """A folder's entries, folders first, in natural name order; or why it cannot be read."""

    path: str
    entries: tuple[Entry, ...] = ()
    problem: str = ""
    stamp: tuple[int, int] | None = None  # (mtime, inode) when read: see folder_stamp


def parent_of(path: str) -> str | None:
    """The folder above ``path`` (by name, so ``..`` out of a linked folder goes back), or None."""
    parent = os.path.dirname(os.path.normpath(path))
    return parent if parent and parent != os.path.normpath(path) else None


def folder_stamp(path: str) -> tuple[int, int] | None:
    """What changes when entries are added or removed: (mtime, inode); None if it is gone."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_ino) if stat.S_ISDIR(info.st_mode) else None


def file_stamp(path: str) -> tuple[int, int] | None:
    """What changes when a file is rewritten: (mtime, size); None if it is gone."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size)


def scan_folder(path: str, cancelled: Cancelled = _never) -> Listing:
    """The entries of ``path`` (hidden names skipped), never raising for I/O problems."""
    stamp = folder_stamp(path)
    try:
        real = os.path.realpath(path)
        with os.scandir(path) as found:
            items = list(found)
    except OSError as error:
        return Listing(path, problem=folder_problem(error))
    entries = []
    for item in items:
        if cancelled():
            raise Stopped
        if not item.name.startswith("."):
            entries.append(_entry(item, real))
    entries.sort(key=lambda e: (e.kind is not EntryKind.FOLDER, natural_key(e.name), e.name))
    return Listing(path, tuple(entries), stamp=stamp)


def folder_problem(error: OSError) -> str:
    """Why a folder cannot be listed, as a player reads it."""
    if isinstance(error, FileNotFoundError):
        return "this folder no longer exists"
    if isinstance(error, NotADirectoryError):
        return "this is not a folder"
    if isinstance(error, PermissionError):
        return "you have no permission to read this folder"
    return f"this folder cannot be read ({error.strerror or error})"


def count_items(path: str) -> int | str:
    """How many visible entries a sub-folder has, or why it cannot be read."""
    try:
        with os.scandir(path) as found:
            return sum(1 for item in found if not item.name.startswith("."))
    except OSError as error:
        return folder_problem(error)


def _entry(item: os.DirEntry[str], real_folder: str) -> Entry:
    name = display_name(item.name)
    path = item.path
    target = ""
    try:
        linked = item.is_symlink()
        if linked:
            # A link that points at this folder or one above it would let the player
            # walk in circles (and a recursive scan loop forever): list, don't follow.
            target = os.path.realpath(path, strict=True)
        info = item.stat()  # follows links
    except OSError as error:
        if error.errno == errno.ELOOP:
            return Entry(name, path, EntryKind.FILE, problem="a link that loops back on itself")
        if isinstance(error, FileNotFoundError):
            return Entry(name, path, EntryKind.FILE, problem="a broken link")
        return Entry(name, path, EntryKind.FILE, problem=f"cannot be read ({error.strerror})")
    if stat.S_ISDIR(info.st_mode):
        if linked and (real_folder == target or real_folder.startswith(target + os.sep)):
            problem = "a link back to a folder above this one (not followed)"
            return Entry(name, path, EntryKind.FOLDER, problem=problem)
        return Entry(name, path, EntryKind.FOLDER)
    if not stat.S_ISREG(info.st_mode):
        # The engine's words for what it is ("a named pipe (FIFO), not a puzzle file"),
        # judged from the file's status alone: the picker never opens it.
        problem = file_problem(path) or "not a regular file"
        return Entry(name, path, EntryKind.FILE, problem=problem)
    return Entry(name, path, EntryKind.FILE, size=info.st_size, mtime=info.st_mtime_ns)


# -- puzzles ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Sketch:
    """A puzzle reduced to what a thumbnail, a cache key and a later check need.

    ``givens`` and ``regions`` are one byte per cell (``regions`` None for classic
    boxes); ``ident`` is the statistics' puzzle id, the same in every file.  A saved
    game carries its own progress: ``entries`` (the player's digits, drawn in the
    preview) and ``progress`` ("In progress · 12:04", "Solved · 3:34"), which the
    picker shows instead of the puzzle's mark in the statistics: the mark belongs
    to the puzzle, the progress to this save.
    """

    size: int
    givens: bytes
    regions: bytes | None
    ident: str
    entries: bytes | None = None
    progress: str = ""
    constraints: tuple[Constraint, ...] = ()
    """A variant's rules (small values: cages, lines, dots), for the preview and the check."""
    variant: str = "classic"
    """The puzzle's kind name (``classic``, ``jigsaw``, ``killer``, ``jigsaw,x``, ...)."""

    @classmethod
    def of(cls, puzzle: Puzzle) -> Sketch:
        shape = puzzle.shape
        regions = bytes(shape.regions) if shape.is_jigsaw else None
        return cls(
            shape.size,
            bytes(puzzle.givens),
            regions,
            puzzle_id(puzzle),
            constraints=puzzle.constraints,
            variant=kind_of(puzzle),
        )

    @classmethod
    def of_record(cls, record: PuzzleRecord, saved: bool) -> Sketch:
        """The record's puzzle; a saved game's (``saved``) with its own progress."""
        sketch = cls.of(record.puzzle)
        if not saved:
            return sketch
        entries = bytes(record.entries) if record.entries is not None else None
        return dataclasses.replace(sketch, entries=entries, progress=save_progress(record))

    @property
    def kind(self) -> str:
        """``Classic 9×9``, ``Killer 9×9``, ``Jigsaw X 9×9``."""
        return PuzzleKind(self.variant, self.size, None).grid

    @property
    def clues(self) -> int:
        return sum(1 for digit in self.givens if digit)

    def puzzle(self) -> Puzzle:
        """The puzzle again (builds its shape's tables: do it in a worker)."""
        shape = (
            Shape.classic(self.size) if self.regions is None else Shape.from_regions(self.regions)
        )
        return Puzzle(shape, tuple(self.givens), self.constraints)


@dataclass(frozen=True)
class Summary:
    """What the picker shows about one file: its format, puzzle count and first puzzle.

    ``problem`` is set when the file cannot be played at all (``detail`` then says
    where, with line and column when known).
    """

    kind: str = ""
    title: str = ""
    count: int = 0
    first: Sketch | None = None
    problem: str = ""
    detail: str = ""

    @property
    def usable(self) -> bool:
        return not self.problem

    @property
    def collection(self) -> bool:
        """Whether opening the file lists its puzzles (more than one) instead of playing."""
        return self.count > 1


def open_indexed(
    path: str,
    cancelled: Cancelled = _never,
    report: Callable[[int, int], None] | None = None,
) -> PuzzleFile:
    """The file opened and ready for random access; ``report(done, total)`` follows the bytes.

    :raises PuzzleError: when the file cannot be read.
    :raises Stopped: when ``cancelled`` said so while indexing.
    """
    opened = open_puzzles(path)

    def progress(done: int, total: int) -> bool:
        if report is not None:
            report(done, total)
        return not cancelled()

    if not opened.build_index(progress):
        raise Stopped
    return opened


_WRITING = (".md", ".markdown", ".rst", ".html", ".htm", ".pdf")
_PICTURES = (".png", ".jpg", ".jpeg", ".gif", ".svg")
_OTHERS = (".zip", ".gz", ".py", ".json")
DOCUMENTS = frozenset(_WRITING + _PICTURES + _OTHERS)
"""Extensions of files that sit beside puzzles (a README, a picture) but are none."""


_PHASE_WORDS = {
    "playing": "In progress",
    "paused": "In progress",
    "won": "Solved",
    "solved": "Solved",
    "shown": "Solution shown",
    "lost": "Lost",
    "abandoned": "Left unfinished",
}
"""A save's ``phase`` (or, in older saves, ``status``) as the picker says it."""


def save_progress(record: PuzzleRecord) -> str:
    """``In progress · 12:04``: how far the saved game was, from what the save says."""
    words = _PHASE_WORDS.get(record.extra.get("status", ""), "Saved game")
    elapsed = record.extra.get("elapsed", "")
    if elapsed.isdigit():
        seconds = int(elapsed)
        words += f" · {seconds // 60:02d}:{seconds % 60:02d}"
    return words


def summarise(path: str, cancelled: Cancelled = _never) -> Summary:
    """Read enough of the file at ``path`` to list it; never raises but :class:`Stopped`.

    A document that fails to read as puzzles (``README.md``) says "not a puzzle
    file" rather than what the parser stumbled on ("found 672 cells"), which
    only makes sense for a file meant to hold puzzles; that stays in ``detail``.
    """
    if is_big(path) and _starts_like_a_save(path):
        # A big save is one JSON document, parsed in one go: in the helper process,
        # so the picker's frames never wait on it (a folder of 6 MB saves: 328 ms).
        return run_apart(summarise_here, path)
    return summarise_here(path, cancelled)


def summarise_here(path: str, cancelled: Cancelled = _never) -> Summary:
    """:func:`summarise` in this process."""
    document = os.path.splitext(path)[1].lower() in DOCUMENTS
    try:
        opened = open_indexed(path, cancelled)
        count = opened.count
    except PuzzleError as error:
        if document:
            return Summary(problem="not a puzzle file", detail=str(error))
        return Summary(problem=error.reason, detail=str(error))
    except OSError as error:  # the formats report I/O errors, but a race can slip through
        return Summary(problem=f"cannot be read ({error.strerror})")
    if count == 0:
        return Summary(opened.kind, opened.title, 0, problem="there are no puzzles in this file")
    try:
        first: Sketch | None = Sketch.of_record(opened.record(0), opened.kind == NATIVE)
        reason = detail = ""
    except PuzzleError as error:
        first, reason, detail = None, error.reason, str(error)
        if document:  # a README that looked like puzzles at first: same words as any
            reason = "not a puzzle file"
    except OSError as error:
        first, reason, detail = None, f"cannot be read ({error.strerror})", ""
    if first is None and count == 1:
        return Summary(opened.kind, opened.title, count, problem=reason, detail=detail)
    return Summary(opened.kind, opened.title, count, first)


def _starts_like_a_save(path: str) -> bool:
    try:
        with open(path, "rb") as stream:
            head = stream.read(64 * 1024).decode("utf-8", "replace")
    except OSError:
        return False
    return looks_like_native(head)


@dataclass(frozen=True)
class PuzzleRow:
    """One puzzle of a collection: its sketch, or why it cannot be played."""

    index: int
    sketch: Sketch | None
    title: str = ""
    problem: str = ""
    detail: str = ""


def read_rows(opened: PuzzleFile, start: int, stop: int) -> tuple[PuzzleRow, ...]:
    """Puzzles ``start`` to ``stop - 1`` of an indexed file, bad ones with their reason."""
    rows = []
    for index in range(start, min(stop, opened.count)):
        try:
            record = opened.record(index)
            sketch = Sketch.of_record(record, opened.kind == NATIVE)
            rows.append(PuzzleRow(index, sketch, record.title))
        except PuzzleError as error:
            rows.append(PuzzleRow(index, None, problem=error.reason, detail=str(error)))
        except OSError as error:
            rows.append(PuzzleRow(index, None, problem=f"cannot be read ({error.strerror})"))
    return tuple(rows)


# -- marks ------------------------------------------------------------------------------


class Mark(Protocol):
    """A puzzle's mark from the statistics (:class:`~.stats.PuzzleMark` is one)."""

    @property
    def status(self) -> str:
        """``"in progress"`` or ``"solved"``."""

    @property
    def best_time(self) -> float | None:
        """Seconds of the fastest win, if solved."""


MarkSource = Callable[[str], Mark | None]
"""A puzzle id to its mark, None for a puzzle never played (``Statistics.mark`` is one)."""


# -- verdicts ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """What the solver and the rater say: solutions, and the level once rated."""

    solutions: solver.Status
    level: Level | None = None
    score: float = 0.0

    @property
    def playable(self) -> bool:
        return self.solutions is solver.Status.UNIQUE


def check(sketch: Sketch) -> Verdict:
    """Whether the puzzle has one solution, several or none (milliseconds; a second
    at most, then undecided)."""
    puzzle = sketch.puzzle()
    return Verdict(decide(puzzle.rules, puzzle.givens).status)


def rate_sketch(sketch: Sketch) -> Verdict:
    """The level of a puzzle with one solution (from milliseconds to seconds)."""
    puzzle = sketch.puzzle()
    rating = rate(puzzle.shape, puzzle.givens, unique=True, rules=puzzle.rules)
    if rating.exhausted:  # cut short by the work budget: its level would be a guess
        return Verdict(solver.Status.UNIQUE)
    return Verdict(solver.Status.UNIQUE, rating.level, rating.score)
