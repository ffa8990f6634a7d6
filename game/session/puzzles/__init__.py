"""Where puzzles come from: the generator, the daily puzzle, files and folders.

:mod:`.sources` turns each origin into a :class:`Prepared` puzzle as a
background job (generating, the daily puzzle, a file, a saved game);
:mod:`.supply` keeps generated puzzles ready ahead of New game, :mod:`.choices`
says what New game offers; :mod:`.library`
reads puzzle folders and files for the picker.
"""

from .choices import (
    NEW_GAME_SIZES,
    RULE_GROUPS,
    RuleGroup,
    is_made,
    kind_with_grid,
    kind_with_rule,
    offered_kind,
    offered_levels,
    offered_sizes,
    picked_rule,
    rule_group,
)
from .library import EntryKind, MarkSource, Sketch
from .sources import Prepared, PrepareJob, daily, generate, load_file
from .supply import PuzzleSupply, daily_level

__all__ = [
    "NEW_GAME_SIZES",
    "RULE_GROUPS",
    "EntryKind",
    "MarkSource",
    "PrepareJob",
    "Prepared",
    "PuzzleSupply",
    "RuleGroup",
    "Sketch",
    "daily",
    "daily_level",
    "generate",
    "is_made",
    "kind_with_grid",
    "kind_with_rule",
    "load_file",
    "offered_kind",
    "offered_levels",
    "offered_sizes",
    "picked_rule",
    "rule_group",
]
