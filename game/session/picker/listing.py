"""Selection, scrolling and filtering of a list too long to lay out whole.

The picker's folders hold a handful to thousands of entries and a collection up
to hundreds of thousands of puzzles; only the rows on screen are ever looked at.
A :class:`ListState` keeps the filtered items as a *sequence of item indices*
(``matches``), which for a collection is a ``range`` or a :class:`NumberPrefix`
computed from arithmetic, never a list of 49,000 numbers.  Pure Python.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import overload


class NumberPrefix(Sequence[int]):
    """Items ``0 .. count-1`` whose 1-based number starts with ``prefix`` (``"12"``: 12, 120...).

    Typing digits in a collection filters it this way, and the first match is the
    puzzle with exactly that number, so typing a number goes to that puzzle.
    """

    def __init__(self, prefix: str, count: int) -> None:
        self.prefix = prefix
        self._spans: list[range] = []
        if prefix.isdecimal() and prefix.isascii() and not prefix.startswith("0"):
            start, width = int(prefix), 1
            while start <= count:
                self._spans.append(range(start - 1, min(start + width, count + 1) - 1))
                start, width = start * 10, width * 10
        self._length = sum(len(span) for span in self._spans)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, position: int) -> int: ...

    @overload
    def __getitem__(self, position: slice) -> Sequence[int]: ...

    def __getitem__(self, position: int | slice) -> int | Sequence[int]:
        if isinstance(position, slice):
            return [self[k] for k in range(*position.indices(self._length))]
        if position < 0:
            position += self._length
        if not 0 <= position < self._length:
            raise IndexError(position)
        for span in self._spans:
            if position < len(span):
                return span[position]
            position -= len(span)
        raise IndexError(position)  # pragma: no cover - lengths add up

    def __iter__(self) -> Iterator[int]:
        for span in self._spans:
            yield from span

    def __contains__(self, item: object) -> bool:
        return any(item in span for span in self._spans)

    def index(self, item: int, start: int = 0, stop: int | None = None) -> int:
        offset = 0
        for span in self._spans:
            if item in span:
                found = offset + span.index(item)
                if found >= start and (stop is None or found < stop):
                    return found
                break
            offset += len(span)
        raise ValueError(f"{item} is not in the list")


def position_of(matches: Sequence[int], item: int) -> int | None:
    """Where ``item`` is in ``matches`` (fast for ranges and prefixes), or None."""
    try:
        return matches.index(item)
    except ValueError:
        return None


class ListState:
    """The selected position, the scroll offset and how many rows fit.

    ``selected`` and ``top`` are positions in ``matches``; ``top`` is fractional
    while the wheel scrolls, so the view can offset rows by part of a row.
    """

    def __init__(self, matches: Sequence[int] = range(0)) -> None:
        self.matches: Sequence[int] = matches
        self.selected = 0
        self.top = 0.0
        self.rows = 1.0  # rows that fit the view, fractional (set by the view)

    @property
    def count(self) -> int:
        return len(self.matches)

    @property
    def item(self) -> int | None:
        """The selected item (an index into the unfiltered list), or None when empty."""
        return self.matches[self.selected] if self.matches else None

    def set_matches(self, matches: Sequence[int], keep: int | None = None) -> None:
        """New filtered items; select ``keep`` if it is among them, else the first."""
        self.matches = matches
        found = position_of(matches, keep) if keep is not None else None
        self.selected = found if found is not None else 0
        self.top = 0.0
        self.reveal()

    def set_rows(self, rows: float) -> None:
        self.rows = max(1.0, rows)
        self.top = self._clamped(self.top)

    # -- moving the selection (keyboard) ------------------------------------------------

    def select(self, position: int) -> bool:
        """Select ``position`` (clamped) and scroll it into view; whether it changed."""
        if not self.matches:
            return False
        position = min(max(0, position), self.count - 1)
        changed = position != self.selected
        self.selected = position
        self.reveal()
        return changed

    def move(self, delta: int) -> bool:
        return self.select(self.selected + delta)

    def page(self, direction: int) -> bool:
        """Page Up / Page Down: a screenful less one row, so one row stays for context."""
        return self.move(direction * max(1, math.floor(self.rows) - 1))

    def home(self) -> bool:
        return self.select(0)

    def end(self) -> bool:
        return self.select(self.count - 1)

    def reveal(self) -> None:
        """Scroll the least needed to show the whole selected row."""
        whole = max(1, math.floor(self.rows))
        if self.selected < self.top:
            self.top = float(self.selected)
        elif self.selected + 1 > self.top + whole:
            self.top = float(self.selected + 1 - whole)
        self.top = self._clamped(self.top)

    # -- scrolling without moving the selection (wheel, scroll bar) ---------------------

    def scroll(self, rows: float) -> bool:
        """Scroll by ``rows`` (positive: down the list); whether the view moved."""
        before = self.top
        self.top = self._clamped(self.top + rows)
        return self.top != before

    def scroll_to(self, fraction: float) -> bool:
        """Scroll so that ``fraction`` (0 top, 1 bottom) of the list is at the top."""
        before = self.top
        self.top = self._clamped(fraction * max(0.0, self.count - self.rows))
        return self.top != before

    def visible(self) -> range:
        """Positions with at least a sliver on screen."""
        first = math.floor(self.top)
        last = min(self.count, math.ceil(self.top + self.rows))
        return range(first, max(first, last))

    def _clamped(self, top: float) -> float:
        return min(max(0.0, top), max(0.0, self.count - self.rows))
