"""Puzzles as text: read from what the player pastes or types, and written out to share.

Reading (:func:`read_text`): the clipboard (Ctrl+V, *Paste a puzzle*), a puzzle
typed into the picker's path line, or one given on the command line.  The text
is read exactly as a file is (:func:`~game.engine.formats.open_bytes`: a line of
``N*N`` cells, any file format the engine reads, an f-puzzles or SudokuPad link,
a Solo game ID), and its first puzzle then takes the same way to the board as a
file's (:func:`.sources.prepare_opened`), so a pasted puzzle is refused or
accepted exactly as the same text in a file would be.  :func:`reads_as_puzzle`
says, cheaply enough for a path line's Enter, whether a text is a puzzle at all.

Writing (:func:`share_forms`): the forms a puzzle can be copied in, richest first
(an f-puzzles link, a SudokuPad link, a Solo game ID, a line), each only where it
holds the whole puzzle.  Only the givens are written: what is shared is the
puzzle, not the player's progress.
"""

from __future__ import annotations

import contextlib
import dataclasses
from dataclasses import dataclass

from ...engine.errors import FormatError, PuzzleError
from ...engine.puzzle import Puzzle
from ..tasks import Task
from .sources import Prepared, prepare_opened

CLIPBOARD = "the clipboard"
"""What the text is called in messages when it came from the clipboard."""

TEXT_CAP = 16 * 1024 * 1024
"""Characters of text read at most (the engine reads links up to 16 MiB)."""

_SNIPPET = 40
"""Characters of an unreadable text quoted back in its message."""


def read_text(
    text: str,
    task: Task[Prepared] | None = None,
    *,
    source: str = CLIPBOARD,
    title: str = "",
    prove: bool = True,
) -> Prepared:
    """The first puzzle in ``text``, ready to play (slow for a hard puzzle: a background job).

    ``source`` names where the text came from in messages ("the clipboard");
    ``title`` heads the game when the text names none (else "Pasted puzzle", or
    "Typed puzzle" for text from anywhere but the clipboard).  Without ``prove``
    the solutions are left for the board to count in the background (what Ctrl+V
    does: the board opens as soon as the puzzle is read and valid).

    :raises PuzzleError: with a sentence for the player when the text holds no
        puzzle, or its first puzzle cannot be read or played.
    """
    from ...engine.formats import open_bytes

    stripped = text.strip()
    if not stripped:
        raise FormatError(f"{_capital(source)} is empty: copy a puzzle first.")
    if len(stripped) > TEXT_CAP:
        raise FormatError(
            f"{_capital(source)} holds {len(stripped) / (1024 * 1024):.1f} MiB of text; "
            f"puzzles are read up to {TEXT_CAP // (1024 * 1024)} MiB."
        )
    data = stripped.encode("utf-8", "replace")
    try:
        opened = open_bytes(data, source)
    except PuzzleError as error:
        why = "" if error.reason == "no puzzle found" else f" ({error})"
        raise FormatError(
            f"{_capital(source)} holds no puzzle this game reads: “{_snippet(stripped)}”{why}"
        ) from None
    if opened.count == 0:
        raise FormatError(f"{_capital(source)} holds no puzzle: “{_snippet(stripped)}”")
    try:
        prepared = prepare_opened(opened, 0, "", task, prove=prove)
    except PuzzleError as error:
        error.path = None
        raise FormatError(f"{_capital(source)}: {error}") from None
    if prepared.origin.title:
        return prepared
    named = title or ("Pasted puzzle" if source == CLIPBOARD else "Typed puzzle")
    origin = dataclasses.replace(prepared.origin, title=named)
    return dataclasses.replace(prepared, origin=origin)


def reads_as_puzzle(text: str) -> bool:
    """Whether ``text`` is puzzle text (in a format the engine reads), not a path or a word.

    True also for a puzzle that then turns out unplayable (conflicting givens, a
    short link that only names a server's puzzle): opening it says why, which
    helps more than "no such file".
    """
    from ...engine.formats import open_bytes

    stripped = text.strip()
    if not stripped or len(stripped) > TEXT_CAP:
        return False
    try:
        return open_bytes(stripped.encode("utf-8", "replace"), CLIPBOARD).count > 0
    except PuzzleError:
        return False


@dataclass(frozen=True)
class Shared:
    """One form a puzzle can be copied in: its name for the player and its text."""

    form: str
    text: str

    @property
    def said(self) -> str:
        """``an f-puzzles link (1,024 characters)``: for "Copied the puzzle as …"."""
        article = "an" if self.form.startswith("f-") else "a"  # "an ef-puzzles link"
        return f"{article} {self.form} ({len(self.text):,} characters)"


FPUZZLES = "f-puzzles link"
SUDOKUPAD = "SudokuPad link"
SOLO = "Solo game ID"
LINE = "line"

_SUDOKUPAD_LINK = "https://sudokupad.app/fpuzzles"
"""SudokuPad's address for a puzzle carried as f-puzzles data (the same payload)."""


def share_forms(puzzle: Puzzle, title: str = "") -> tuple[Shared, ...]:
    """Every form that holds the whole of ``puzzle`` (givens, regions, rules), richest first.

    The links carry the title as well; a line and a Solo ID hold the grid only.
    """
    from ...engine.formats import NotWritable, format_line, format_solo, fpuzzles_link
    from ...engine.formats.fpuzzles import LINK

    forms = []
    try:
        link = fpuzzles_link(puzzle, title=title)
    except NotWritable:
        link = ""
    if link:
        forms.append(Shared(FPUZZLES, link))
        forms.append(Shared(SUDOKUPAD, _SUDOKUPAD_LINK + link.removeprefix(LINK)))
    with contextlib.suppress(NotWritable):
        forms.append(Shared(SOLO, format_solo(puzzle)))
    if not puzzle.constraints:
        forms.append(Shared(LINE, format_line(puzzle)))
    return tuple(forms)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _snippet(text: str) -> str:
    """The start of ``text`` on one line, cut with "…" (printable characters only)."""
    flat = " ".join(text.split())
    flat = "".join(c if c.isprintable() else "�" for c in flat)
    return flat if len(flat) <= _SNIPPET else flat[: _SNIPPET - 1] + "…"
