"""The picker's model: the folder or collection on show, its rows, and the jobs that fill them.

The scene turns input into calls here (move, type, activate ...) and draws what
:meth:`Browser.row` and :meth:`Browser.details` describe; everything slow runs in
:class:`~.jobs.Jobs` lanes and arrives through :meth:`Browser.tick`, which also
asks for what the rows on screen still lack.  Rows are described as values with
their words, so tests check "No solution" or "Reading 3 of 10 files…" without
drawing.  Pure Python: no pygame here.

What is read when, so a big folder never waits on itself:

1. the folder listing (one job; names only, so the first frame has rows);
2. the files on screen, newest wish first (a summary each: format, count, first
   puzzle), then the rest of the folder in order, for the progress line;
3. for rows on screen: a solution check, then a rating, each in its own lane,
   so a rating that takes seconds never holds up the next check.

A collection is opened in one job that builds its index (with progress), then
its puzzles are read in blocks of :data:`BLOCK` as they scroll into view.
"""

from __future__ import annotations

import enum
import math
import os
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from ...engine.errors import PuzzleError
from ...engine.formats import LineCollection, PuzzleFile
from ...engine.solver import Status
from ...session.library import (
    Cancelled,
    Entry,
    EntryKind,
    Listing,
    MarkSource,
    PuzzleRow,
    Sketch,
    Summary,
    Verdict,
    check,
    count_items,
    display_name,
    folder_stamp,
    open_indexed,
    parent_of,
    rate_sketch,
    read_rows,
    scan_folder,
    summarise,
)
from .jobs import Jobs, Priority
from .listing import ListState, NumberPrefix
from .lru import Lru

READ, CHECK, RATE = "read", "check", "rate"
LANES = (READ, CHECK, RATE)
"""Reading files, checking solutions, rating: one worker thread each."""

BLOCK = 32
"""Puzzles of a collection read per job."""

BACKGROUND_LIMIT = 3000
"""Folders with more files than this are read only where the player looks (below the
summary cache's size, so reading the rest never pushes out what is on screen)."""

PREFETCH = 0.5
"""Pages read ahead above and below the rows on screen."""

STAMP_EVERY = 2.0
"""Seconds between checks that the folder still is as listed (files added, folder gone)."""

RATE_UP_TO = 16
"""Largest grid rated in the background: a 25x25 rating can take minutes."""


class Icon(enum.Enum):
    PARENT = "parent"
    FOLDER = "folder"
    PUZZLE = "puzzle"
    COLLECTION = "collection"
    BAD = "bad"
    WAITING = "waiting"


@dataclass(frozen=True)
class Row:
    """One row as the player reads it; ``problem`` set means greyed, with that reason."""

    name: str
    icon: Icon
    detail: str = ""
    sketch: Sketch | None = None
    problem: str = ""
    badge: str = ""  # the level, or a warning about the solutions
    warning: bool = False  # the badge warns: no solution or several
    status: str = ""  # "New", "In progress", "Solved · 4:32"; "" where it means nothing


@dataclass(frozen=True)
class Details:
    """The selected row in full, for the preview pane."""

    title: str
    lines: tuple[str, ...] = ()
    sketch: Sketch | None = None
    action: str = ""  # what Enter does ("Play", "Open folder"); "" for nothing
    problem: str = ""  # why it cannot be opened, with line and column when known
    warning: str = ""


@dataclass(frozen=True)
class Play:
    """The player chose puzzle ``index`` of the file at ``path``."""

    path: str
    index: int = 0


class Memory:
    """What the picker keeps between visits (the app's lifetime), all bounded."""

    def __init__(self) -> None:
        self.summaries: Lru[tuple[str, int, int], Summary] = Lru(4000)
        self.verdicts: Lru[str, Verdict] = Lru(20000)
        self.places: dict[str, str] = {}  # folder -> name of the entry selected last
        self.puzzles: dict[str, int] = {}  # collection -> the puzzle chosen last
        self.last_folder: str | None = None


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


class Browser:
    """Navigation, filtering and row descriptions over folders and collections."""

    def __init__(
        self,
        start: str,
        jobs: Jobs,
        memory: Memory | None = None,
        marks: MarkSource | None = None,
    ) -> None:
        self.jobs = jobs
        self.memory = memory or Memory()
        self.marks = marks
        self.folder = FolderPage(start)
        self.collection: CollectionPage | None = None
        self.outcome: Play | None = None
        self.note = ""  # a short message for the status line
        self._pending: Entry | None = None  # a file chosen before it was read
        self._scheduled: tuple[object, ...] | None = None
        self.open_folder(start)

    # -- where we are -------------------------------------------------------------------

    @property
    def page(self) -> Page:
        return self.collection or self.folder

    @property
    def state(self) -> ListState:
        return self.page.state

    @property
    def filter(self) -> str:
        return self.page.filter

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def title(self) -> str:
        """The folder's path or the collection's file name, for the header."""
        if self.collection is not None:
            return self.collection.entry.path
        return self.folder.path

    # -- navigation ---------------------------------------------------------------------

    def open_folder(self, path: str, select: str | None = None) -> None:
        """Show the folder at ``path``, selecting the entry named ``select`` once read."""
        path = os.path.abspath(path)
        self.jobs.forget()
        self.collection = None
        self._pending = None
        self.folder = FolderPage(path)
        self.memory.last_folder = path
        if select is not None:
            self.memory.places[path] = select
        self._scan(path)

    def parent(self) -> bool:
        """Up one level: out of a collection, or to the parent folder; whether it moved."""
        if self.collection is not None:
            self.leave_collection()
            return True
        parent = parent_of(self.folder.path)
        if parent is None:
            return False
        self.open_folder(parent, select=display_name(os.path.basename(self.folder.path)))
        return True

    def leave_collection(self) -> None:
        if self.collection is not None:
            self.jobs.forget()
            self.collection = None
            self._scheduled = None

    def refresh(self) -> None:
        """Read the folder again (F5), keeping the selection."""
        self._remember_place()
        self._scan(self.folder.path)

    def activate(self) -> Play | None:
        """Enter: open the selected folder or collection, or choose the puzzle to play."""
        self.note = ""
        if self.collection is not None:
            return self._activate_puzzle(self.collection)
        entry = self.selected_entry()
        if entry is None:
            return None
        if entry.kind is EntryKind.PARENT:
            self.parent()
            return None
        if not entry.usable:
            self.note = f"{entry.name} cannot be opened: {entry.problem}"
            return None
        if entry.kind is EntryKind.FOLDER:
            self._remember_place()
            self.open_folder(entry.path)
            return None
        summary = self._summary(entry)
        if summary is None:
            self._pending = entry  # acted on when its summary arrives
            self.note = f"Reading {entry.name}…"
            return None
        return self._activate_file(entry, summary)

    def enter(self) -> None:
        """Right arrow: into the selected folder or collection, never straight into a game."""
        entry = self.selected_entry() if self.collection is None else None
        if entry is None or not entry.usable:
            return
        summary = self._summary(entry) if entry.kind is EntryKind.FILE else None
        if entry.kind is not EntryKind.FILE or (summary is not None and summary.collection):
            self.activate()

    def take_outcome(self) -> Play | None:
        outcome, self.outcome = self.outcome, None
        return outcome

    def selected_entry(self) -> Entry | None:
        item = self.folder.state.item
        return self.folder.entries[item] if item is not None else None

    # -- filtering ----------------------------------------------------------------------

    def type(self, text: str) -> None:
        """Typed characters narrow the list (names; puzzle numbers in a collection)."""
        self._set_filter(self.page.filter + text)

    def erase(self) -> bool:
        """Backspace: the filter's last character, else up a level; whether anything changed."""
        if self.page.filter:
            self._set_filter(self.page.filter[:-1])
            return True
        return self.parent()

    def clear_filter(self) -> bool:
        if not self.page.filter:
            return False
        self._set_filter("")
        return True

    def _set_filter(self, text: str) -> None:
        page = self.page
        keep = page.state.item
        page.filter = text[:80]
        page.state.set_matches(self._matches(page), keep)
        self._scheduled = None

    def _matches(self, page: Page) -> Sequence[int]:
        needle = page.filter.casefold()
        if isinstance(page, FolderPage):
            if not needle:
                return range(len(page.entries))
            return [
                index
                for index, name in enumerate(page.folded)
                if needle in name and page.entries[index].kind is not EntryKind.PARENT
            ]
        count = page.count
        if not needle:
            return range(count)
        if needle.isdecimal():
            return NumberPrefix(needle, count)
        if page.titles is not None:
            return [index for index, title in enumerate(page.titles) if needle in title]
        return []

    # -- the background -----------------------------------------------------------------

    def tick(self, dt: float) -> bool:
        """Take in finished jobs and ask for what the rows on screen lack; whether to redraw."""
        changed = False
        for key, value in self.jobs.results():
            changed |= self._absorb(key, value)
        if self._pending is not None:
            summary = self._summary(self._pending)
            if summary is not None:
                entry, self._pending = self._pending, None
                self.note = ""
                self.outcome = self._activate_file(entry, summary)
                changed = True
        self._schedule()
        folder = self.folder
        folder.since_stamp += dt
        if folder.since_stamp >= STAMP_EVERY and not self.jobs.busy:
            folder.since_stamp = 0.0
            path = folder.path
            self.jobs.submit(
                ("stamp", path), lambda _stop: folder_stamp(path), READ, Priority.FIRST
            )
        return changed

    def _scan(self, path: str) -> None:
        page = self.folder
        page.since_stamp = 0.0
        keep = self.memory.places.get(path)
        if keep is None and page.state.item is not None and page.entries:
            keep = page.entries[page.state.item].name

        def scan(stop: Cancelled) -> Folder:
            return Folder.of(scan_folder(path, stop), keep)

        self.jobs.submit(("scan", path), scan, READ, Priority.FIRST)

    def _absorb(self, key: Hashable, value: object) -> bool:
        assert isinstance(key, tuple)
        kind = key[0]
        if kind == "scan":
            return self._absorb_listing(key[1], value)
        if kind == "summary":
            summary = value if isinstance(value, Summary) else _failed_summary(value)
            self.memory.summaries.put(key[1:], summary)
            self.folder.unread.discard(key[1:])
            return True
        if kind == "count":
            self.folder.counts[key[1]] = value if isinstance(value, int | str) else "?"
            return True
        if kind in ("check", "rate"):
            if isinstance(value, Verdict):
                known = self.memory.verdicts.get(key[1])
                if known is None or known.level is None:
                    self.memory.verdicts.put(key[1], value)
                return True
            return False
        if kind == "stamp":
            listing = self.folder.listing
            if key[1] == self.folder.path and listing is not None and value != listing.stamp:
                self.refresh()
            return False
        if kind == "open":
            return self._absorb_opened(key[1], value)
        if kind == "block":
            page = self.collection
            if page is not None and page.entry.path == key[1] and isinstance(value, tuple):
                page.blocks.put(key[2], value)
                return True
            return False
        return False

    def _absorb_listing(self, path: str, value: object) -> bool:
        page = self.folder
        if path != page.path:
            return False
        if not isinstance(value, Folder):
            value = Folder.of(Listing(path, problem=f"this folder cannot be read ({value})"))
        page.listing = value.listing
        page.entries = value.entries
        page.folded = value.folded
        page.files = len(value.files)
        page.folders = value.folders
        page.listed_files = value.listed_files
        page.state.set_matches(self._matches(page), value.chosen)
        page.unread = set()
        if page.files <= BACKGROUND_LIMIT:  # bounded work: a few thousand look-ups at most
            for entry in value.files:
                key = _summary_key(entry)
                if key not in self.memory.summaries:
                    page.unread.add(key)
                    self._want_summary(entry, Priority.BACKGROUND)
        self._scheduled = None
        return True

    def _absorb_opened(self, path: str, value: object) -> bool:
        page = self.collection
        if page is None or page.entry.path != path:
            return False
        if isinstance(value, PuzzleFile):
            page.opened = value
            if not isinstance(value, LineCollection):
                page.titles = [
                    item.title.casefold() if not isinstance(item, PuzzleError) else ""
                    for item in value
                ]
                if not any(page.titles):
                    page.titles = None
            page.state.set_matches(self._matches(page), self.memory.puzzles.get(path))
        elif isinstance(value, PuzzleError):
            page.problem = value.reason
        else:
            page.problem = f"cannot be read ({value})"
        self._scheduled = None
        return True

    def _schedule(self) -> None:
        """Ask for what the rows on screen (and half a page around them) still lack."""
        page = self.page
        state = page.state
        visible = state.visible()
        key = (id(page), visible, state.count, self.jobs.done, len(self.memory.summaries))
        if key == self._scheduled:
            return
        self._scheduled = key
        extra = math.ceil(state.rows * PREFETCH)
        around = range(max(0, visible.start - extra), min(state.count, visible.stop + extra))
        # Urgent jobs run newest first: ask for the rows around, then the visible ones
        # bottom-up, so the top row on screen is read first.
        order = [p for p in around if p not in visible] + list(reversed(visible))
        wanted: dict[str, set[Hashable]] = {lane: set() for lane in LANES}
        for position in order:
            sketch = self._ask_for(page, state.matches[position], wanted)
            if sketch is not None and position in visible:
                self._ask_verdict(sketch, wanted)
        for lane in LANES:
            self.jobs.keep_visible(lane, wanted[lane])

    def _ask_for(self, page: Page, item: int, wanted: dict[str, set[Hashable]]) -> Sketch | None:
        """Queue the read an item needs; its sketch when it has one to check."""
        if isinstance(page, CollectionPage):
            if page.opened is None:
                return None
            block = item // BLOCK
            rows = page.blocks.get(block)
            if rows is None:
                key: Hashable = ("block", page.entry.path, block)
                opened = page.opened
                start = block * BLOCK

                def read(_stop: Cancelled) -> tuple[PuzzleRow, ...]:
                    return read_rows(opened, start, start + BLOCK)

                self.jobs.submit(key, read, READ)
                wanted[READ].add(key)
                return None
            return rows[item - block * BLOCK].sketch
        entry = page.entries[item]
        if not entry.usable:
            return None
        if entry.kind is EntryKind.FOLDER:
            if entry.path not in page.counts:
                key = ("count", entry.path)
                path = entry.path
                self.jobs.submit(key, lambda _stop: count_items(path), READ)
                wanted[READ].add(key)
            return None
        if entry.kind is EntryKind.FILE:
            summary = self._summary(entry)
            if summary is None:
                wanted[READ].add(self._want_summary(entry, Priority.VISIBLE))
                return None
            return summary.first if summary.count == 1 else None
        return None

    def _ask_verdict(self, sketch: Sketch, wanted: dict[str, set[Hashable]]) -> None:
        verdict = self.memory.verdicts.get(sketch.ident)
        if verdict is None:
            key: Hashable = ("check", sketch.ident)
            self.jobs.submit(key, lambda _stop: check(sketch), CHECK)
            wanted[CHECK].add(key)
        elif verdict.playable and verdict.level is None and sketch.size <= RATE_UP_TO:
            key = ("rate", sketch.ident)
            self.jobs.submit(key, lambda _stop: rate_sketch(sketch), RATE)
            wanted[RATE].add(key)

    def _want_summary(self, entry: Entry, priority: Priority) -> Hashable:
        key = ("summary", *_summary_key(entry))
        path = entry.path
        self.jobs.submit(key, lambda stop: summarise(path, stop), READ, priority)
        return key

    def _summary(self, entry: Entry) -> Summary | None:
        return self.memory.summaries.get(_summary_key(entry))

    def _remember_place(self) -> None:
        entry = self.selected_entry()
        if entry is not None:
            self.memory.places[self.folder.path] = entry.name

    # -- opening ------------------------------------------------------------------------

    def _activate_file(self, entry: Entry, summary: Summary) -> Play | None:
        if not summary.usable:
            self.note = f"{entry.name} cannot be opened: {summary.problem}"
            return None
        self._remember_place()
        if not summary.collection:
            return Play(entry.path, 0)
        self.jobs.forget()
        page = CollectionPage(entry, summary)
        self.collection = page
        self._scheduled = None
        path = entry.path
        progress = page.progress
        progress.total = max(1, entry.size)

        def report(done: int, total: int) -> None:
            progress.done, progress.total = done, total

        self.jobs.submit(
            ("open", path), lambda stop: open_indexed(path, stop, report), READ, Priority.FIRST
        )
        return None

    def _activate_puzzle(self, page: CollectionPage) -> Play | None:
        item = page.state.item
        if item is None or page.opened is None:
            return None
        rows = page.blocks.get(item // BLOCK)
        if rows is None:  # not read yet: the board says if it is bad
            self.memory.puzzles[page.entry.path] = item
            return Play(page.entry.path, item)
        row = rows[item % BLOCK]
        if row.sketch is None:
            self.note = f"Puzzle {item + 1} cannot be played: {row.problem}"
            return None
        self.memory.puzzles[page.entry.path] = item
        return Play(page.entry.path, item)

    # -- describing rows ----------------------------------------------------------------

    def row(self, position: int) -> Row:
        """How the row at ``position`` of the (filtered) list reads."""
        page = self.page
        item = page.state.matches[position]
        if isinstance(page, CollectionPage):
            return self._puzzle_row(page, item)
        return self._entry_row(page, page.entries[item])

    def _entry_row(self, page: FolderPage, entry: Entry) -> Row:
        if entry.kind is EntryKind.PARENT:
            return Row("..", Icon.PARENT, f"Up to {_folder_name(entry.path)}")
        if entry.kind is EntryKind.FOLDER:
            if entry.problem:
                return Row(entry.name, Icon.BAD, problem=entry.problem)
            count = page.counts.get(entry.path)
            if isinstance(count, str):
                return Row(entry.name, Icon.BAD, problem=count)
            return Row(entry.name, Icon.FOLDER, _items(count))
        if entry.problem:
            return Row(entry.name, Icon.BAD, problem=entry.problem)
        summary = self._summary(entry)
        if summary is None:
            return Row(entry.name, Icon.WAITING, "Reading…")
        if not summary.usable:
            return Row(entry.name, Icon.BAD, problem=summary.problem)
        first = summary.first
        if summary.collection:
            kind = first.kind if first is not None else summary.kind
            return Row(
                entry.name, Icon.COLLECTION, f"{kind} · {summary.count:,} puzzles", sketch=first
            )
        assert first is not None
        badge, warning = self._badge(first)
        return Row(
            entry.name,
            Icon.PUZZLE,
            f"{first.kind} · {summary.kind}",
            sketch=first,
            badge=badge,
            warning=warning,
            status=self._status(first),
        )

    def _puzzle_row(self, page: CollectionPage, item: int) -> Row:
        name = f"Puzzle {item + 1:,}"
        rows = page.blocks.get(item // BLOCK)
        if rows is None:
            return Row(name, Icon.WAITING, "Reading…")
        row = rows[item % BLOCK]
        if row.sketch is None:
            return Row(name, Icon.BAD, problem=row.problem)
        badge, warning = self._badge(row.sketch)
        detail = f"{row.sketch.kind} · {row.sketch.clues} givens"
        if row.title:
            detail = f"{display_name(row.title)} · {detail}"
        return Row(
            name,
            Icon.PUZZLE,
            detail,
            sketch=row.sketch,
            badge=badge,
            warning=warning,
            status=self._status(row.sketch),
        )

    def _badge(self, sketch: Sketch) -> tuple[str, bool]:
        verdict = self.memory.verdicts.get(sketch.ident)
        if verdict is None:
            return "", False
        if verdict.solutions is Status.NONE:
            return "No solution", True
        if verdict.solutions is Status.MULTIPLE:
            return "Several solutions", True
        return (verdict.level.label if verdict.level is not None else ""), False

    def _status(self, sketch: Sketch) -> str:
        mark = self.marks(sketch.ident) if self.marks is not None else None
        if mark is None:
            return "New"
        if mark.status == "solved":
            return "Solved" + (f" · {clock(mark.best_time)}" if mark.best_time else "")
        return "In progress"

    def details(self) -> Details | None:
        """The selected row in full, or None when nothing is selected."""
        page = self.page
        position = page.state.selected
        if isinstance(page, CollectionPage) and page.opened is None:
            summary = page.summary  # while the collection is read: what is known of it
            lines = (f"{summary.count:,} puzzles", f"Format: {summary.kind}")
            return Details(page.entry.name, lines, summary.first, problem=page.problem)
        if page.state.item is None:
            return None
        row = self.row(position)
        if isinstance(page, CollectionPage):
            return self._puzzle_details(page, row)
        entry = page.entries[page.state.matches[position]]
        if entry.kind is EntryKind.PARENT:
            return Details(_folder_name(entry.path), ("Parent folder", entry.path), action="Go up")
        if row.problem:
            summary = self._summary(entry) if entry.kind is EntryKind.FILE else None
            detail = summary.detail if summary is not None and summary.detail else row.problem
            kind = "Folder" if entry.kind is EntryKind.FOLDER else f"File of {_bytes(entry.size)}"
            return Details(entry.name, (kind,), problem=detail)
        if entry.kind is EntryKind.FOLDER:
            count = page.counts.get(entry.path)
            items = _items(count if isinstance(count, int) else None)
            return Details(entry.name, (items,), action="Open folder")
        summary = self._summary(entry)
        if summary is None:
            return Details(entry.name, ("Reading…",))
        lines = [line for line in (display_name(summary.title),) if line]
        if summary.collection:
            lines.append(f"{summary.count:,} puzzles")
            lines.append(f"Format: {summary.kind}")
            lines.append(f"Size: {_bytes(entry.size)}")
            if summary.first is not None:
                lines.append(f"First puzzle: {summary.first.kind}")
            action = f"Show {summary.count:,} puzzles"
            return Details(entry.name, tuple(lines), summary.first, action=action)
        assert summary.first is not None
        lines += self._puzzle_lines(summary.first, row)
        lines.append(f"Format: {summary.kind}")
        return Details(
            entry.name, tuple(lines), summary.first, "Play", warning=self._warning(summary.first)
        )

    def _puzzle_details(self, page: CollectionPage, row: Row) -> Details:
        item = page.state.item
        assert item is not None
        where = f"One of {page.count:,} in {page.entry.name}"
        if row.problem:
            rows = page.blocks.get(item // BLOCK)
            detail = rows[item % BLOCK].detail if rows is not None else ""
            return Details(row.name, (where,), problem=detail or row.problem)
        if row.sketch is None:
            return Details(row.name, (where, "Reading…"))
        lines = [where, *self._puzzle_lines(row.sketch, row)]
        warning = self._warning(row.sketch)
        return Details(row.name, tuple(lines), row.sketch, "Play", warning=warning)

    def _puzzle_lines(self, sketch: Sketch, row: Row) -> list[str]:
        lines = [f"{sketch.kind}, {sketch.clues} givens"]
        verdict = self.memory.verdicts.get(sketch.ident)
        if verdict is None:
            lines.append("Checking the solution…")
        elif verdict.level is not None:
            lines.append(f"Level: {verdict.level.label} ({verdict.score:.1f})")
        elif verdict.playable:
            big = sketch.size > RATE_UP_TO
            lines.append("Level: not rated (too large)" if big else "Rating…")
        if row.status:
            lines.append(row.status)
        return lines

    def _warning(self, sketch: Sketch) -> str:
        verdict = self.memory.verdicts.get(sketch.ident)
        if verdict is None or verdict.playable:
            return ""
        if verdict.solutions is Status.NONE:
            return "This puzzle has no solution."
        return "This puzzle has more than one solution."

    # -- the status line ----------------------------------------------------------------

    def progress(self) -> tuple[str, float | None]:
        """What the background is doing, and how far (0..1), or ("", None) when idle."""
        page = self.page
        if isinstance(page, CollectionPage):
            if page.opened is None and not page.problem:
                done, total = page.progress.done, max(1, page.progress.total)
                return f"Indexing {page.summary.count:,} puzzles…", min(1.0, done / total)
            return "", None
        if page.listing is None:
            return "Reading the folder…", None
        if page.files > BACKGROUND_LIMIT or not page.unread:
            return "", None
        read = page.files - len(page.unread)
        return f"Reading {read:,} of {page.files:,} files…", read / page.files

    def empty_message(self) -> str:
        """What to say when the list is empty (or why the folder shows nothing)."""
        page = self.page
        if isinstance(page, CollectionPage):
            if page.problem:
                return f"This file cannot be read: {page.problem}"
            if page.opened is None:
                return f"Reading {page.summary.count:,} puzzles…"
            if page.filter:
                return f"No puzzle number starts with “{page.filter}”."
            return "There are no puzzles in this file."
        if page.listing is None:
            return "Reading the folder…"
        if page.listing.problem:
            return f"This folder cannot be shown: {page.listing.problem}."
        if page.filter:
            return f"Nothing here matches “{page.filter}”."
        if page.state.count <= 1:
            return "This folder is empty. Drop puzzle files here, or on the window."
        return ""


def _summary_key(entry: Entry) -> tuple[str, int, int]:
    """A file's summary is kept per path, size and time of change: an edited file is read again."""
    return (entry.path, entry.size, entry.mtime)


def _failed_summary(value: object) -> Summary:
    return Summary(problem=f"cannot be read ({value})")


def _folder_name(path: str) -> str:
    return display_name(os.path.basename(os.path.normpath(path))) or path


def _items(count: int | None) -> str:
    """``Folder · 3 items`` (the row) or ``Folder`` while it is counted."""
    if count is None:
        return "Folder"
    if count == 0:
        return "Folder · empty"
    return f"Folder · {count:,} item" + ("" if count == 1 else "s")


def _bytes(size: int) -> str:
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / (1024 * 1024):.1f} MB"


def clock(seconds: float) -> str:
    """``4:32`` or ``1:02:03``."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"
