"""How Sudoku Explainer rates chains: length bonuses, and strong-link counts for one digit.

Ratings in this engine are on the Sudoku Explainer (SE) scale so that scores compare
with the ratings published for puzzle collections.  SE rates every chain-like step
as a base for its kind plus a bonus that grows with the chain's length, by 0.1 each
time the length passes the next threshold of 4, 6, 8, 12, 16, 24, 32, 48, 64, ...
(each threshold alternately 3/2 and 4/3 times the one before).

One-digit chains follow Sukaku Explainer, the SE descendant that rated the
published set we compare with (see :func:`strong_link_rating`).
"""

from __future__ import annotations

from collections.abc import Collection

from ..houses import HouseKind


def length_bonus(length: int) -> float:
    """SE's extra difficulty for a chain of ``length`` candidates (0.0 up to 4)."""
    added = 0
    ceiling = 4
    odd = False
    while length > ceiling:
        added += 1
        ceiling = ceiling * 4 // 3 if odd else ceiling * 3 // 2
        odd = not odd
    return added / 10


def rated(base: float, length: int) -> float:
    """``base`` plus the length bonus, rounded to SE's one decimal."""
    return round(base + length_bonus(length), 1)


FORCING_CHAINS_EXTRA = 1.0
"""Added to the rating of chains Sudoku Explainer can only prove with forcing chains.

SE has no almost locked sets and no grouped nodes in its chains: what an ALS-XZ or
a grouped AIC eliminates, it proves with multiple forcing chains, which it rates
from 8.2.  On the rated bank, the puzzles whose hardest step is an ALS step or a
grouped AIC sit at SE 8.2 or above (all 68 in the first 2,000), so these steps are
rated a point above the plain chain of their length.  The catalogue still places
them by the plain chain's rating, which is where hints offer them.
"""


STRONG_LINK_BASE = {2: 4.0, 3: 5.4, 4: 5.8, 5: 6.2, 6: 6.6, 7: 7.0, 8: 7.4}
"""Sukaku Explainer's rating of a one-digit chain by its number of strong links."""


def strong_link_rating(links: int, kinds: Collection[HouseKind]) -> float:
    """The rating of a one-digit chain of ``links`` strong links in houses of ``kinds``.

    Sukaku Explainer (the SE descendant that rated the published reference set)
    rates single-digit chains as "strong-link fishes": 4.0 for two links (the
    Skyscraper), 5.4 for three, 0.4 more per link up to eight, and 0.1 more per
    link beyond.  Mixing unit kinds costs more: 0.1 when the links use regions or
    both rows and columns, 0.2 when they use regions and both line kinds.
    """
    if links in STRONG_LINK_BASE:
        base = STRONG_LINK_BASE[links]
    else:
        base = STRONG_LINK_BASE[8] + 0.1 * (links - 8)
    both_lines = HouseKind.ROW in kinds and HouseKind.COLUMN in kinds
    regions = any(kind.is_region for kind in kinds)
    if regions and both_lines:
        base += 0.2
    elif regions or both_lines:
        base += 0.1
    return round(base, 1)
