"""What the picker shows and keeps: pages for a folder and a collection, and its memory.

Plain state with no behaviour beyond small look-ups; :mod:`.browser` changes it
and :mod:`.words` describes it.  Everything that grows with a folder's size is
prepared in a worker (:class:`Folder`), so taking it in costs the main thread
nothing in proportion.  Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...engine.formats import LineCollection, PuzzleFile
from ..puzzles.library import (
    Cancelled,
    Entry,
    EntryKind,
    Listing,
    PuzzleRow,
    Summary,
    Verdict,
    file_stamp,
    open_indexed,
    parent_of,
)
from .listing import ListState
from .lru import Lru

BLOCK = 32
"""Puzzles of a collection read per job."""

BACKGROUND_LIMIT = 3000
"""Folders with more files than this are read only where the player looks (below the
summary cache's size, so reading the rest never pushes out what is on screen)."""

RATE_UP_TO = 16
"""Largest grid rated in the background: a 25x25 rating can take minutes."""


def summary_key(entry: Entry) -> tuple[str, int, int]:
    """A file's summary is kept per path, size and time of change: an edited file is read again."""
    return (entry.path, entry.size, entry.mtime)


class Memory:
    """What the picker keeps between visits (the app's lifetime), all bounded."""

    def __init__(self) -> None:
        self.summaries: Lru[tuple[str, int, int], Summary] = Lru(4000)
        self.verdicts: Lru[str, Verdict] = Lru(20000)
        self.places: dict[str, str] = {}  # folder -> name of the entry selected last
        self.puzzles: dict[str, int] = {}  # collection -> the puzzle chosen last
        self.last_folder: str | None = None

    def summary(self, entry: Entry) -> Summary | None:
        """What is known of a file, if it was read since it last changed."""
        return self.summaries.get(summary_key(entry))


@dataclass
class FolderPage:
    path: str
    state: ListState = field(default_factory=ListState)
    listing: Listing | None = None  # None while the folder is read
    entries: list[Entry] = field(default_factory=list)
    folded: list[str] = field(default_factory=list)  # names in lower case, for the filter
    filter: str = ""
    counts: dict[str, int | str] = field(default_factory=dict)  # sub-folder -> items
    files: int = 0  # usable files
    folders: int = 0
    listed_files: int = 0  # usable or not
    unread: set[tuple[str, int, int]] = field(default_factory=set)  # summaries to come
    since_stamp: float = 0.0


@dataclass
class Progress:
    """Bytes indexed so far, written by a worker and read by the main thread."""

    done: int = 0
    total: int = 0


@dataclass
class CollectionPage:
    entry: Entry
    summary: Summary
    state: ListState = field(default_factory=ListState)
    opened: PuzzleFile | None = None
    problem: str = ""
    progress: Progress = field(default_factory=Progress)
    blocks: Lru[int, tuple[PuzzleRow, ...]] = field(default_factory=lambda: Lru(96))
    titles: list[str] | None = None  # when the file names its puzzles
    filter: str = ""
    stamp: tuple[int, int] | None = None  # the file's when it was opened
    reopened: int | None = None  # the item chosen when a change was found, until read again

    @property
    def count(self) -> int:
        return self.opened.count if self.opened is not None else 0


Page = FolderPage | CollectionPage


@dataclass(frozen=True)
class Folder:
    """A listing made ready for the page in the worker that read it.

    Everything here is proportional to the folder's size (100,000 files take a
    second), so none of it may run on the main thread.
    """

    listing: Listing
    entries: list[Entry]  # with ".." first when there is a parent
    folded: list[str]  # names in lower case, for the filter
    files: list[Entry]  # usable files
    folders: int
    listed_files: int  # usable or not
    chosen: int | None  # the entry to select

    @classmethod
    def of(cls, listing: Listing, keep: str | None = None) -> Folder:
        entries = list(listing.entries)
        parent = parent_of(listing.path)
        if parent is not None:
            entries.insert(0, Entry("..", parent, EntryKind.PARENT))
        chosen = next((i for i, e in enumerate(entries) if e.name == keep), None)
        if chosen is None and parent is not None and len(entries) > 1:
            chosen = 1  # the first real entry rather than ".."
        return cls(
            listing,
            entries,
            [entry.name.casefold() for entry in entries],
            [e for e in entries if e.kind is EntryKind.FILE and e.usable],
            sum(1 for entry in entries if entry.kind is EntryKind.FOLDER),
            sum(1 for entry in entries if entry.kind is EntryKind.FILE),
            chosen,
        )


@dataclass(frozen=True)
class Opened:
    """A collection opened and indexed in a worker, with its puzzles' titles if it has any.

    Titles (for filtering by name) are collected here because a file parsed whole
    can hold a hundred thousand puzzles: too many to walk on the main thread.
    """

    file: PuzzleFile
    titles: list[str] | None
    stamp: tuple[int, int] | None = None
    """The file's stamp before it was read: a later one means it changed since."""

    @classmethod
    def of(
        cls, path: str, cancelled: Cancelled, report: Callable[[int, int], None] | None = None
    ) -> Opened:
        stamp = file_stamp(path)
        opened = open_indexed(path, cancelled, report)
        titles = None
        if not isinstance(opened, LineCollection):  # one-line collections carry no titles
            # The format's own titles, without building every puzzle (a big XML file).
            titles = [title.casefold() for title in opened.titles()]
            if not any(titles):
                titles = None
        return cls(opened, titles, stamp)
