"""The picker's model: where the player is, what the filter lets through, what to read next.

The scene turns input into calls here (move, type, activate ...) and draws what
:meth:`Browser.row` and :meth:`Browser.details` describe (the words come from
:mod:`.words`, the state from :mod:`.pages`); everything slow runs in
:class:`~.jobs.Jobs` lanes and arrives through :meth:`Browser.tick`, which also
asks (:mod:`.wants`) for what the rows on screen still lack.  Pure Python: no pygame here.

What is read when, so a big folder never waits on itself:

1. the folder listing (one job; names only, so the first frame has rows);
2. the files on screen, newest wish first (a summary each: format, count, first
   puzzle), then the rest of the folder in order, for the progress line;
3. for rows on screen: a solution check, then a rating, each in its own lane,
   so a rating that takes seconds never holds up the next check.

A collection is opened in one job that builds its index (with progress), then
its puzzles are read in blocks of :data:`BLOCK` as they scroll into view.

The path line (:mod:`.path_line`: Ctrl+L, a typed path) completes and looks up
in a lane of its own, so a path typed while a big collection is indexed is
answered at once; an answer to a text since edited is dropped.
"""

from __future__ import annotations

import os
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ...engine.errors import PuzzleError
from ..puzzles.library import (
    Cancelled,
    Entry,
    EntryKind,
    Listing,
    MarkSource,
    Summary,
    Verdict,
    display_name,
    file_stamp,
    folder_stamp,
    parent_of,
    scan_folder,
)
from .jobs import Jobs, Priority
from .line_desk import LineDesk
from .listing import ListState, NumberPrefix
from .pages import (
    BACKGROUND_LIMIT,
    BLOCK,
    CollectionPage,
    Folder,
    FolderPage,
    Memory,
    Opened,
    Page,
    summary_key,
)
from .path_line import Found, PathLine
from .rows import Details, Row, Words
from .wants import LOOK, READ, Wants

STAMP_EVERY = 2.0
"""Seconds between checks that the folder still is as listed (files added, folder gone)."""


@dataclass(frozen=True)
class Play:
    """The player chose puzzle ``index`` of the file at ``path``, or the puzzle ``text``
    typed in the path line (``path`` then "")."""

    path: str
    index: int = 0
    text: str = ""


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
        self.words = Words(self.memory, marks)
        self.folder = FolderPage(start)
        self.collection: CollectionPage | None = None
        self.outcome: Play | None = None
        self.note = ""  # a short message for the status line
        self.lines = LineDesk(self.jobs, LOOK, lambda: self.folder.path, self._go)
        self._pending: Entry | None = None  # a file chosen before it was read
        self.wants = Wants(jobs, self.memory)  # what the rows on screen lack, asked for
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

    @property
    def line(self) -> PathLine | None:
        """The path line, while it is open (:attr:`lines` owns it)."""
        return self.lines.line

    # -- navigation ---------------------------------------------------------------------

    def open_folder(self, path: str, select: str | None = None) -> None:
        """Show the folder at ``path``, selecting the entry named ``select`` once read."""
        path = os.path.abspath(path)
        self.jobs.forget()
        self.lines.line = None  # going somewhere else answers whatever the line asked
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
        """Back to the folder; the folder's own reading, if unfinished, goes on."""
        if self.collection is not None:
            self.jobs.cancel(("open", self.collection.entry.path), READ)
            self.collection = None
            self.wants.again()

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
        summary = self.memory.summary(entry)
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
        summary = self.memory.summary(entry) if entry.kind is EntryKind.FILE else None
        if entry.kind is not EntryKind.FILE or (summary is not None and summary.collection):
            self.activate()

    def take_outcome(self) -> Play | None:
        outcome, self.outcome = self.outcome, None
        return outcome

    def selected_entry(self) -> Entry | None:
        item = self.folder.state.item
        return self.folder.entries[item] if item is not None else None

    def go_to(self, path: str) -> None:
        """A shortcut: show the folder at ``path`` (what it holds, or why it cannot be read)."""
        if os.path.abspath(path) != self.folder.path or self.collection is not None:
            self._remember_place()
            self.open_folder(path)

    # -- the path line ------------------------------------------------------------------

    def _go(self, found: Found) -> None:
        """The line led somewhere: show the folder, or play or open the file in its folder."""
        if found.text:
            self.lines.close_line()
            self.outcome = Play("", 0, found.text)
            return
        self._remember_place()
        entry, summary = found.entry, found.summary
        if entry is None or summary is None:
            self.open_folder(found.path)
            return
        self.open_folder(os.path.dirname(found.path), select=entry.name)
        self.memory.summaries.put(summary_key(entry), summary)
        self.outcome = self._activate_file(entry, summary)

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
        page.filter = text[:80]
        matches = matching(page)
        # A name filter keeps the selection while it still matches; a puzzle number
        # goes to that puzzle, the first match.
        keep = None if isinstance(matches, NumberPrefix) else page.state.item
        page.state.set_matches(matches, keep)
        self.wants.again()

    # -- the background -----------------------------------------------------------------

    def tick(self, dt: float) -> bool:
        """Take in finished jobs and ask for what the rows on screen lack; whether to redraw."""
        changed = False
        for key, value in self.jobs.results():
            changed |= self._absorb(key, value)
        self.lines.tick(dt)
        if self._pending is not None:
            summary = self.memory.summary(self._pending)
            if summary is not None:
                entry, self._pending = self._pending, None
                self.note = ""
                self.outcome = self._activate_file(entry, summary)
                changed = True
        self.wants.schedule(self.page)
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
        if kind == "line":
            return self.lines.absorb(key[1], key[2], value)
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
        page.state.set_matches(matching(page), value.chosen)
        page.unread = set()
        if page.files <= BACKGROUND_LIMIT:  # bounded work: a few thousand look-ups at most
            for entry in value.files:
                key = summary_key(entry)
                if key not in self.memory.summaries:
                    page.unread.add(key)
                    self.wants.summary(entry, Priority.BACKGROUND)
        self.wants.again()
        return True

    def _absorb_opened(self, path: str, value: object) -> bool:
        page = self.collection
        if page is None or page.entry.path != path:
            return False
        if isinstance(value, Opened):
            page.opened = value.file
            page.titles = value.titles
            page.stamp = value.stamp
            page.blocks.clear()  # read again, the file may have changed
            wanted = self.memory.puzzles.get(path)
            if wanted is not None and page.count:
                wanted = min(wanted, page.count - 1)  # past a shrunk end: its last puzzle
            page.state.set_matches(matching(page), wanted)
            if page.reopened is not None:
                item, page.reopened = page.reopened, None
                if item >= page.count:
                    self.note = (
                        f"Puzzle {item + 1} is no longer in {page.entry.name}: it changed "
                        f"and now holds {page.count} puzzle{'s' if page.count != 1 else ''}."
                    )
                else:
                    self.note = f"{page.entry.name} changed; the list is read again."
        elif isinstance(value, PuzzleError):
            page.problem = value.reason
        else:
            page.problem = f"cannot be read ({value})"
        self.wants.again()
        return True

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
        page = CollectionPage(entry, summary)
        self.collection = page
        self.wants.again()
        progress = page.progress
        progress.total = max(1, entry.size)

        self._open_collection(page)
        return None

    def _open_collection(self, page: CollectionPage) -> None:
        """Open (or open again) the collection of ``page`` in the background."""
        path = page.entry.path
        progress = page.progress

        def report(done: int, total: int) -> None:
            progress.done, progress.total = done, total

        opening = ("open", path)
        self.jobs.submit(opening, lambda stop: Opened.of(path, stop, report), READ, Priority.FIRST)

    def _activate_puzzle(self, page: CollectionPage) -> Play | None:
        item = page.state.item
        if item is None or page.opened is None:
            return None
        if file_stamp(page.entry.path) != page.stamp:
            # Rewritten since it was read (it may hold fewer puzzles now): read it
            # again rather than open a puzzle that may no longer be there.
            page.reopened = item
            self.memory.puzzles[page.entry.path] = item
            self.note = f"{page.entry.name} changed since it was read; reading it again…"
            self._open_collection(page)
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

    # -- words --------------------------------------------------------------------------

    def row(self, position: int) -> Row:
        """How the row at ``position`` of the (filtered) list reads."""
        return self.words.row(self.page, position)

    def details(self) -> Details | None:
        """The selected row in full, for the preview; None when nothing is selected."""
        return self.words.details(self.page)

    def progress(self) -> tuple[str, float | None]:
        """What the background is doing, and how far (0..1), or ("", None) when idle."""
        return self.words.progress(self.page)

    def empty_message(self) -> str:
        """What to say when the list is empty."""
        return self.words.empty_message(self.page)


def _failed_summary(value: object) -> Summary:
    return Summary(problem=f"cannot be read ({value})")


def matching(page: Page) -> Sequence[int]:
    """The positions of ``page``'s entries its filter lets through."""
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
