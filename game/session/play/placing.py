"""What the player hears of digits just placed: a clash, a wrong digit, a dead end, or
what was done -- decided by the settings in force, in one place for one digit or many.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.shape import Shape
from ...engine.symbols import cell_name, symbol
from ...engine.types import Cell, Digit, Grid, Unit
from .dead_ends import cannot_finish, dead_end_words
from .effects import Effect, Offer
from .rulebook import Rulebook
from .settings import Settings


def placing_told(
    settings: Settings,
    rulebook: Rulebook,
    grid: Grid,
    cells: Sequence[Cell],
    digit: Digit,
    wrong: Sequence[Cell],
    unique: bool,
) -> Effect:
    """The flash and message for ``digit`` just placed in ``cells`` (``wrong`` of them
    against the solution) on ``grid``, by ``settings``: a repeat in a house first, then
    a constraint the digits break (its words said), then a wrong digit, a dead end."""
    size = rulebook.size
    peers = rulebook.peers
    clashes = [p for c in cells for p in peers[c] if grid[p] == digit]
    if clashes and settings.show_conflicts:
        flash = tuple(dict.fromkeys((*cells, *clashes)))
        return Effect(True, placed_words(cells, digit, size), flash=flash)
    if settings.show_conflicts and rulebook.has_constraints:
        chosen = set(cells)
        broken = next((b for b in rulebook.broken(grid) if chosen & set(b.cells)), None)
        if broken is not None:
            flash = tuple(dict.fromkeys((*cells, *broken.cells)))
            return Effect(True, broken.words, error=True, flash=flash)
    if wrong and settings.show_mistakes:
        words = (
            "That digit is not right." if len(cells) == 1 else "Some of those digits are not right."
        )
        return Effect(True, words, error=True, flash=tuple(wrong))
    if settings.show_mistakes:
        reason = cannot_finish(rulebook, grid, unique=unique)
        if reason is not None:
            return Effect(True, dead_end_words(reason), error=True, offer=Offer.UNDO)
    return Effect(True, placed_words(cells, digit, size))


def placed_words(cells: Sequence[Cell], digit: Digit, size: int) -> str:
    """``5 in r1c2.``, ``5 in 4 cells.``"""
    if len(cells) == 1:
        return f"{symbol(digit)} in {cell_name(cells[0], size)}."
    return f"{symbol(digit)} in {len(cells)} cells."


def completed_units(
    shape: Shape, before: Grid, grid: Grid, cells: Sequence[Cell]
) -> tuple[Unit, ...]:
    """Units through ``cells`` that the last action completed (from ``before`` to
    ``grid``) without breaking a rule."""
    done: list[Unit] = []
    for cell in cells:
        for unit in shape.cell_units[cell]:
            members = shape.units[unit]
            if unit in done or all(before[c] for c in members):
                continue
            digits = {grid[c] for c in members}
            if 0 not in digits and len(digits) == shape.size:
                done.append(unit)
    return tuple(done)
