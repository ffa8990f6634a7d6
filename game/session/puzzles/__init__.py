"""Where puzzles come from: the generator, the daily puzzle, files and folders.

:mod:`.sources` turns each origin into a :class:`Prepared` puzzle as a
background job (generating, the daily puzzle, a file, a saved game);
:mod:`.supply` keeps generated puzzles ready ahead of New game; :mod:`.library`
reads puzzle folders and files for the picker.
"""

from .draft import Draft, Verdict, verdict_of
from .library import EntryKind, MarkSource, Sketch
from .pasted import CLIPBOARD, Shared, read_text, reads_as_puzzle, share_forms
from .sources import CLASSIC_SIZES, JIGSAW_SIZES, Prepared, PrepareJob, daily, generate, load_file
from .supply import PuzzleSupply, daily_level

__all__ = [
    "CLASSIC_SIZES",
    "CLIPBOARD",
    "JIGSAW_SIZES",
    "Draft",
    "EntryKind",
    "MarkSource",
    "PrepareJob",
    "Prepared",
    "PuzzleSupply",
    "Shared",
    "Sketch",
    "Verdict",
    "daily",
    "daily_level",
    "generate",
    "load_file",
    "read_text",
    "reads_as_puzzle",
    "share_forms",
    "verdict_of",
]
