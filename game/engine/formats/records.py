"""Puzzles parsed when asked for, so a file of many puzzles costs its text, not its records.

A :class:`PuzzleRecord` weighs a few kilobytes (tuples of digits, a title, extra
fields); a 150,000-puzzle file read eagerly weighed gigabytes and took tens of
seconds before its first puzzle could be shown.  Readers that keep their text (a
list of lines, the ``data`` strings of XML games) hand out a :class:`Records`
instead: its length is known at once and puzzle ``k`` is built from its own
lines when ``records[k]`` is read.  Nothing is cached: a caller that wants a
puzzle twice keeps it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

from ..errors import PuzzleError
from ..puzzle import PuzzleRecord

Item = PuzzleRecord | PuzzleError
"""One puzzle of a file, or why it cannot be read (with ``index`` set)."""


class Records(Sequence[Item]):
    """``count`` puzzles, puzzle ``k`` built by ``build(k)`` on each access.

    ``build`` raises :class:`PuzzleError` for a bad puzzle; the error is returned
    as the item, with its ``index`` set, as the eager readers do.  ``title``, when
    the format can tell a puzzle's title without building it (XML games, titled
    grids), gives it as written (:meth:`PuzzleFile.titles` cleans it).
    """

    def __init__(
        self,
        count: int,
        build: Callable[[int], PuzzleRecord],
        title: Callable[[int], str] | None = None,
    ) -> None:
        self._count = count
        self._build = build
        self.title = title

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Item: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Item]: ...

    def __getitem__(self, index: int | slice) -> Item | Sequence[Item]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        try:
            return self._build(index)
        except PuzzleError as error:
            return error.as_item(index)

    def __iter__(self) -> Iterator[Item]:
        for index in range(self._count):
            yield self[index]

    def __repr__(self) -> str:
        return f"Records({self._count})"
