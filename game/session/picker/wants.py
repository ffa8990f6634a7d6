"""What the rows on screen still lack, asked of the background lanes in the right order.

Its own class because it is the picker's one policy about work, apart from where
the player is: the rows on screen (and half a page around them, :data:`PREFETCH`)
get their reads first, the top row on screen first; then, for the rows on screen,
a solution check and a rating, each in its own lane so a slow rating never holds
up the next check.  Jobs for rows scrolled away are dropped by
:meth:`~.jobs.Jobs.keep_visible`.  :class:`~.browser.Browser` calls
:meth:`Wants.schedule` on every tick; it costs nothing while nothing changed.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

from ..puzzles.library import (
    Cancelled,
    Entry,
    EntryKind,
    PuzzleRow,
    Sketch,
    check,
    count_items,
    rate_sketch,
    read_rows,
    summarise,
)
from .jobs import Jobs, Priority
from .pages import BLOCK, RATE_UP_TO, CollectionPage, Memory, Page, summary_key

READ, CHECK, RATE, LOOK = "read", "check", "rate", "look"
LANES = (READ, CHECK, RATE, LOOK)
"""Reading files, checking solutions, rating, the path line's look-ups: a thread each."""

PREFETCH = 0.5
"""Pages read ahead above and below the rows on screen."""


class Wants:
    """Asks ``jobs`` for what the rows of a page lack (see the module docstring)."""

    def __init__(self, jobs: Jobs, memory: Memory) -> None:
        self.jobs = jobs
        self.memory = memory
        self._scheduled: tuple[object, ...] | None = None

    def again(self) -> None:
        """The page, its filter or its contents changed: ask anew at the next schedule."""
        self._scheduled = None

    def schedule(self, page: Page) -> None:
        """Ask for what the rows on screen (and half a page around them) still lack."""
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

    def summary(self, entry: Entry, priority: Priority) -> Hashable:
        """Read ``entry``'s summary (format, count, first puzzle); the job's key."""
        key = ("summary", *summary_key(entry))
        path = entry.path
        self.jobs.submit(key, lambda stop: summarise(path, stop), READ, priority)
        return key

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
            summary = self.memory.summary(entry)
            if summary is None:
                wanted[READ].add(self.summary(entry, Priority.VISIBLE))
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
