"""The picker's words: rows, the preview's details and the status line, as values.

:class:`Words` reads the pages and the memory and says what each row shows
("Classic 9×9 · 49,151 puzzles", "No solution", "Solved · 4:32"), so tests
check the words without drawing and the view only lays them out.  Pure Python.
"""

from __future__ import annotations

import enum
import os
from dataclasses import dataclass

from ...engine.solver import Status
from ..puzzles.library import Entry, EntryKind, MarkSource, Sketch, display_name
from .pages import (
    BACKGROUND_LIMIT,
    BLOCK,
    RATE_UP_TO,
    CollectionPage,
    FolderPage,
    Memory,
    Page,
)


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


class Words:
    """Describes pages using what the memory knows and the statistics' marks."""

    def __init__(self, memory: Memory, marks: MarkSource | None = None) -> None:
        self.memory = memory
        self.marks = marks

    def row(self, page: Page, position: int) -> Row:
        """How the row at ``position`` of the page's (filtered) list reads."""
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
        summary = self.memory.summary(entry)
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
        if verdict.solutions is Status.UNDECIDED:
            return "Too open to check", True
        return (verdict.level.label if verdict.level is not None else ""), False

    def _status(self, sketch: Sketch) -> str:
        if sketch.progress:  # a saved game: its own progress, not the puzzle's mark
            return sketch.progress
        mark = self.marks(sketch.ident) if self.marks is not None else None
        if mark is None:
            return "New"
        if mark.status == "solved":
            return "Solved" + (f" · {clock(mark.best_time)}" if mark.best_time else "")
        return "In progress"

    def details(self, page: Page) -> Details | None:
        """The selected row in full, or None when nothing is selected."""
        position = page.state.selected
        if isinstance(page, CollectionPage) and page.opened is None:
            known = page.summary  # while the collection is read: what is known of it
            head = (f"{known.count:,} puzzles", f"Format: {known.kind}")
            return Details(page.entry.name, head, known.first, problem=page.problem)
        if page.state.item is None:
            return None
        row = self.row(page, position)
        if isinstance(page, CollectionPage):
            return self._puzzle_details(page, row)
        entry = page.entries[page.state.matches[position]]
        if entry.kind is EntryKind.PARENT:
            return Details(_folder_name(entry.path), ("Parent folder", entry.path), action="Go up")
        if row.problem:
            summary = self.memory.summary(entry) if entry.kind is EntryKind.FILE else None
            detail = summary.detail if summary is not None and summary.detail else row.problem
            kind = "Folder" if entry.kind is EntryKind.FOLDER else f"File of {_bytes(entry.size)}"
            return Details(entry.name, (kind,), problem=detail)
        if entry.kind is EntryKind.FOLDER:
            count = page.counts.get(entry.path)
            items = _items(count if isinstance(count, int) else None)
            return Details(entry.name, (items,), action="Open folder")
        summary = self.memory.summary(entry)
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
        if verdict.solutions is Status.UNDECIDED:
            return "This grid is too open for the solver to tell how many solutions it has."
        return "This puzzle has more than one solution."

    @staticmethod
    def progress(page: Page) -> tuple[str, float | None]:
        """What the background is doing, and how far (0..1), or ("", None) when idle."""
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

    @staticmethod
    def empty_message(page: Page) -> str:
        """What to say when the list is empty (or why the folder shows nothing)."""
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
