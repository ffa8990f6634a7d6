"""The rules of a grid: the plain checks of houses, and the model of variants.

- :mod:`.checks`: conflicts, legal candidates and complete solutions on a shape's
  rows, columns and regions (independent of the solver, which tests compare with);
- :mod:`.constraints`: one frozen value per rule beyond houses (cages, thermometers,
  dots, lines, diagonals, anti-knight, ...), each able to add houses, restrict digits,
  give weak links, narrow candidates and say where a grid breaks it;
- :mod:`.ruleset`: a shape with its constraints, built once into tables;
- :mod:`.registry`: every constraint type and named variant, with the sentences
  players read, the keys files use and how the board draws them.
"""

from .checks import (
    Conflict,
    candidates,
    conflicting_cells,
    conflicts,
    dead_end,
    has_conflict,
    is_complete,
    is_solution,
)
from .constraints import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    Between,
    Cage,
    Clone,
    Constraint,
    Diagonal,
    DisjointGroups,
    ExtraRegion,
    Extreme,
    Kropki,
    LittleKiller,
    Negative,
    NonConsecutive,
    Palindrome,
    Parity,
    Quadruple,
    Renban,
    Sandwich,
    Thermometer,
    Whisper,
)
from .registry import (
    DRAWN_RULES,
    RULE_TYPES,
    VARIANTS,
    RuleType,
    Variant,
    rule_type,
    variant_names,
)
from .ruleset import RuleSet

__all__ = [
    "DRAWN_RULES",
    "RULE_TYPES",
    "VARIANTS",
    "XV",
    "AntiKing",
    "AntiKnight",
    "Arrow",
    "Between",
    "Cage",
    "Clone",
    "Conflict",
    "Constraint",
    "Diagonal",
    "DisjointGroups",
    "ExtraRegion",
    "Extreme",
    "Kropki",
    "LittleKiller",
    "Negative",
    "NonConsecutive",
    "Palindrome",
    "Parity",
    "Quadruple",
    "Renban",
    "RuleSet",
    "RuleType",
    "Sandwich",
    "Thermometer",
    "Variant",
    "Whisper",
    "candidates",
    "conflicting_cells",
    "conflicts",
    "dead_end",
    "has_conflict",
    "is_complete",
    "is_solution",
    "rule_type",
    "variant_names",
]
