"""Errors the engine reports at its boundary: unreadable text and invalid puzzles.

Every error subclasses :class:`ValueError` and knows where the problem is (file,
line, column), so the CLI can print ``FILE:LINE:COL: reason`` and the game can show
the same words on screen.  Inside the engine, data is trusted.
"""

from __future__ import annotations


class PuzzleError(ValueError):
    """Base class: something about a puzzle or a puzzle file is wrong.

    ``reason`` is a complete sentence fragment fit for a player ("line 3, column 7:
    unknown character 'x'" is rendered from ``reason="unknown character 'x'"``,
    ``line=3``, ``column=7``).  Lines and columns are 1-based.  ``index`` is the
    0-based position of the puzzle in its file when the error concerns one puzzle
    of a collection (None for problems with the whole file).
    """

    index: int | None = None

    def __init__(
        self,
        reason: str,
        *,
        line: int | None = None,
        column: int | None = None,
        path: str | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.column = column
        self.path = path

    def as_item(self, index: int) -> PuzzleError:
        """This error as the value standing for puzzle ``index`` of a collection.

        Its traceback and the exceptions it was raised from are dropped: they keep
        the reader's frames alive, and a caller holding thousands of bad puzzles
        at once (``solve`` waiting on worker processes) held tens of megabytes.
        """
        self.index = index
        self.__traceback__ = None
        self.__context__ = None
        self.__cause__ = None
        return self

    def located(self, path: str | None = None) -> str:
        """The ``FILE[:LINE[:COL]]: reason`` form used on stderr."""
        where = path if path is not None else self.path
        parts = [where] if where else []
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        prefix = ":".join(parts)
        return f"{prefix}: {self.reason}" if prefix else self.reason

    def __str__(self) -> str:
        where = []
        if self.line is not None:
            where.append(f"line {self.line}")
            if self.column is not None:
                where.append(f"column {self.column}")
        return f"{', '.join(where)}: {self.reason}" if where else self.reason

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}({self.reason!r}, line={self.line!r}, "
            f"column={self.column!r}, path={self.path!r})"
        )


class FormatError(PuzzleError):
    """The text cannot be read as a puzzle (unknown format, character or count)."""


class FileTooLargeError(FormatError):
    """The file is over the documented size cap and was not read."""


class InvalidPuzzleError(PuzzleError):
    """The puzzle was read but breaks the rules: bad regions or conflicting givens."""
