"""Reading every puzzle file format players have, and writing one canonical form per kind.

Pure Python, standard library only; never imports pygame.  The public API:

Reading
    ``open_puzzles(path) -> PuzzleFile``
        Sniff a file's encoding and format from its content (the extension is not
        consulted) and open it.  Raises :class:`~game.engine.errors.PuzzleError`
        (always a :class:`FormatError` or :class:`InvalidPuzzleError`, so one
        ``except PuzzleError`` suffices) when the file as a whole cannot be read:
        missing, a directory, no permission, binary, over a size cap, an unknown
        or broken format.
    ``PuzzleFile``
        ``path``, ``kind`` (e.g. ``"one-line collection"``, ``"SadMan .sdk"``,
        ``"COMP3258 jigsaw map"``), ``title``, ``count``, ``record(k) ->
        PuzzleRecord`` (raises the puzzle's located error), iteration yielding
        ``PuzzleRecord | PuzzleError`` for every puzzle in order (bad ones as
        errors with ``index`` set, so a caller can go on), and
        ``build_index(progress=None) -> bool`` (``progress(done, total)`` may
        return False to cancel; safe to run in a background thread), and
        ``titles() -> list[str]`` (every puzzle's title, without building the
        puzzles where the format allows: XML games, titled grids).
        One-puzzle-per-line files are read lazily: the only memory spent is an
        offset index of 8 bytes per puzzle.  Other files keep their text once and
        build each puzzle when it is read.  Pipes (``/dev/stdin``, ``<(...)``) are
        read once into memory, and only while something writes to them.
    ``open_bytes(data, name="") -> PuzzleFile``
        The same for the bytes of a whole file already read (standard input).
    ``file_problem(path) -> str | None``
        Why ``path`` is no puzzle file (a directory, a FIFO, a device, a socket, a
        link that loops, missing), judged by ``os.stat`` alone, so it never blocks;
        None for a regular file.  The picker says this on the file's row.
    ``parse_text(text, name="") -> list[PuzzleRecord | PuzzleError]`` and
    ``parse_bytes(data, name="")``
        Every puzzle of a text or bytes already in memory, as a list.

Writing
    ``format_puzzle(puzzle, grid=None) -> str``: classic grids as ``N`` lines of
    ``N`` symbols (``.`` empty); jigsaw grids as the COMP3258 map (``N`` lines of
    0-based region ids, then ``N`` lines of values).
    ``format_collection(puzzles) -> str``: one puzzle per line (``givens regions``
    for jigsaw).
    ``pretty(shape, grid) -> str``: a grid for the terminal with region walls.
    Variant puzzles (with constraints): ``format_puzzle`` writes f-puzzles JSON and
    ``format_line`` its ``?load=`` link; ``format_fpuzzles``/``fpuzzles_link`` (with
    title and author), ``format_solo`` (Solo game IDs) and ``format_killer`` (the
    killer cage map) write the other forms, raising :class:`NotWritable` (a
    ValueError) for a rule the form cannot hold.

Size caps (see :mod:`.source`; README "Puzzle files" lists them for players)
    :data:`COLLECTION_CAP` (64 MiB) for any file, and one-puzzle-per-line UTF-8
    files read lazily; :data:`WHOLE_CAP` (16 MiB) for everything read in one
    piece (OpenSudoku XML, saved games, UTF-16 or CR-only files);
    :data:`GRIDS_CAP` (1 MiB) for text taken apart as grids (multi-line grids,
    ``.sdk``, pencil-mark grids, jigsaw maps); :data:`MAX_LINE` (64 KiB) per
    line; :data:`MAX_PUZZLES` (1,000,000) puzzles per file, past which the file's
    last item is an error saying so; :data:`MAX_TITLE` (200) characters per title.

What each format accepts is stated in its module: :mod:`.source` (encodings, line
breaks, caps), :mod:`.cells` (digits and empty marks), :mod:`.lines` (one puzzle
per line), :mod:`.grids` (multi-line grids and jigsaw blocks), :mod:`.jigsaw`,
:mod:`.sdk`, :mod:`.hodoku`, :mod:`.opensudoku`, :mod:`.native` (the game's own
``.sudoku`` saves, read as their puzzle and current position); the variant formats
:mod:`.fpuzzles` (f-puzzles JSON and links), :mod:`.sudokupad`, :mod:`.solo`,
:mod:`.killer` (a cage map) and :mod:`.links` (links and IDs in text), with
:mod:`.lzstring`; :mod:`.detect` says how the format is chosen.
"""

from __future__ import annotations

from .collection import (
    LineCollection,
    LoadedFile,
    Progress,
    PuzzleFile,
    open_bytes,
    open_puzzles,
)
from .detect import parse_bytes, parse_text
from .fpuzzles import format_fpuzzles, fpuzzles_link
from .killer import format_killer
from .pretty import pretty
from .solo import format_solo
from .source import (
    COLLECTION_CAP,
    GRIDS_CAP,
    MAX_LINE,
    MAX_PUZZLES,
    MAX_TITLE,
    WHOLE_CAP,
    UnreadableFileError,
    file_problem,
)
from .variants import NotWritable
from .write import format_collection, format_line, format_puzzle

__all__ = [
    "COLLECTION_CAP",
    "GRIDS_CAP",
    "MAX_LINE",
    "MAX_PUZZLES",
    "MAX_TITLE",
    "WHOLE_CAP",
    "LineCollection",
    "LoadedFile",
    "NotWritable",
    "Progress",
    "PuzzleFile",
    "UnreadableFileError",
    "file_problem",
    "format_collection",
    "format_fpuzzles",
    "format_killer",
    "format_line",
    "format_puzzle",
    "format_solo",
    "fpuzzles_link",
    "open_bytes",
    "open_puzzles",
    "parse_bytes",
    "parse_text",
    "pretty",
]
