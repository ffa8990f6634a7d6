"""Where puzzles come from: the generator, the daily puzzle, files and folders.

:mod:`.sources` turns each origin into a :class:`Prepared` puzzle as a
background job (generating, the daily puzzle, a file, a saved game);
:mod:`.supply` keeps generated puzzles ready ahead of New game, :mod:`.choices`
says what New game offers; :mod:`.library`
reads puzzle folders and files for the picker; :mod:`.pasted` reads puzzles from
text (the clipboard, the path line, the command line) and writes the forms a puzzle
is copied in; :mod:`.draft` is a puzzle being typed in (*Enter a puzzle*).
"""

from .choices import (
    NEW_GAME_SIZES,
    RULE_GROUPS,
    RuleGroup,
    is_made,
    kind_toggling,
    kind_with_grid,
    kind_with_rule,
    offered_kind,
    offered_levels,
    offered_sizes,
    picked_rule,
    picked_rules,
    rule_group,
)
from .draft import Draft, Verdict, verdict_of
from .library import EntryKind, MarkSource, Sketch
from .pasted import CLIPBOARD, Shared, read_text, reads_as_puzzle, share_forms
from .sources import Prepared, PrepareJob, daily, generate, load_file
from .supply import PuzzleSupply, daily_level

__all__ = [
    "CLIPBOARD",
    "NEW_GAME_SIZES",
    "RULE_GROUPS",
    "Draft",
    "EntryKind",
    "MarkSource",
    "PrepareJob",
    "Prepared",
    "PuzzleSupply",
    "RuleGroup",
    "Shared",
    "Sketch",
    "Verdict",
    "daily",
    "daily_level",
    "generate",
    "is_made",
    "kind_toggling",
    "kind_with_grid",
    "kind_with_rule",
    "load_file",
    "offered_kind",
    "offered_levels",
    "offered_sizes",
    "picked_rule",
    "picked_rules",
    "read_text",
    "reads_as_puzzle",
    "rule_group",
    "share_forms",
    "verdict_of",
]
