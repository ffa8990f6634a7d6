"""Steps that read a variant's constraints: a pair of cells a rule links, and a rule
over several cells (a cage sum, an arrow, a between line) narrowed as a whole.

These are the generic steps every constraint gets from the model (its weak links and
its :meth:`~game.engine.rules.Constraint.narrow`); each says which rule, which cells
and why, in ``r4c7`` terms.  Techniques special to one rule (innies and outies, cage
splitting) build on them.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...rules import Constraint, rule_type
from ...symbols import cell_name
from ..grid import CandidateGrid, digits_of
from ..registry import Level, technique
from ..step import Mark, Role, Step
from ..wording import digits_text


def _either(mask: int) -> str:
    """``3``, ``3 or 7``, ``1, 3 or 7``."""
    return digits_text(digits_of(mask), "or")


def _where(rule: Constraint, n: int) -> str:
    cells = rule.cells()
    if not cells:
        return ""
    if len(cells) <= 4:
        return " on " + ", ".join(cell_name(c, n) for c in cells)
    return f" from {cell_name(cells[0], n)} to {cell_name(cells[-1], n)}"


def _title(rule: Constraint) -> str:
    entry = rule_type(rule)
    total = getattr(rule, "total", None)
    suffix = f" ({total})" if isinstance(total, int) else ""
    return f"{entry.title}{suffix}"


def _holds(grid: CandidateGrid, cell: int) -> int:
    """The digits a cell can hold: its value, or its candidates."""
    value = grid.values[cell]
    return 1 << (value - 1) if value else grid.cands[cell]


@technique("Constraint Pair", level=Level.EASY, rating=1.3, variant_only=True)
def constraint_pair(grid: CandidateGrid) -> Iterator[Step]:
    """A candidate no digit of a linked cell can stand beside (a dot, a thermometer's
    next cell, a knight's move): every digit left there rules it out."""
    rules = grid.rules
    if rules is None:
        return
    n = grid.size
    for rule, a, b, forbids in rules.pair_rules:
        if grid.values[a] or not grid.cands[a]:
            continue
        there = _holds(grid, b)
        if not there:
            continue
        gone = 0
        for x, banned in forbids.items():
            if grid.cands[a] >> (x - 1) & 1 and not there & ~banned:
                gone |= 1 << (x - 1)
        if not gone:
            continue
        if grid.values[b]:
            what = f"{cell_name(b, n)} holds {_either(there)}"
        else:
            what = f"{cell_name(b, n)} can only be {_either(there)}"
        yield Step(
            "Constraint Pair",
            eliminations=tuple((a, d) for d in digits_of(gone)),
            explanation=(
                f"{_title(rule)}: {rule_type(rule).sentence} It links {cell_name(a, n)} "
                f"and {cell_name(b, n)}. {what[0].upper()}{what[1:]}, and no such digit "
                f"can stand beside {_either(gone)} there, so {cell_name(a, n)} cannot be "
                f"{_either(gone)}."
            ),
            marks=(Mark(b, None, Role.FOCUS),),
            rating=1.3,
        )


@technique("Constraint Sum", level=Level.MEDIUM, rating=1.8, variant_only=True)
def constraint_narrowing(grid: CandidateGrid) -> Iterator[Step]:
    """A rule over several cells (a cage or an arrow's sum, a between line, a
    quadruple) that some candidates of its cells can no longer take part in."""
    rules = grid.rules
    if rules is None:
        return
    n = grid.size
    for rule in rules.narrowing:
        cells = rule.cells()
        masks = [_holds(grid, c) for c in cells]
        kept = rule.narrow(masks, n)
        if kept is None:
            continue  # a dead end: the checks and the mistake finder say so
        removals = tuple(
            (cell, d)
            for cell, mask, keep in zip(cells, masks, kept, strict=True)
            if not grid.values[cell]
            for d in range(1, n + 1)
            if (mask & ~keep) >> (d - 1) & 1
        )
        if not removals:
            continue
        lost = "; ".join(
            f"{cell_name(cell, n)} cannot be {_either(mask & ~keep)}"
            for cell, mask, keep in zip(cells, masks, kept, strict=True)
            if not grid.values[cell] and mask & ~keep
        )
        yield Step(
            "Constraint Sum",
            eliminations=removals,
            explanation=(
                f"{_title(rule)}{_where(rule, n)}: {rule_type(rule).sentence} With the "
                f"digits its cells can still hold, no way of completing it uses these: "
                f"{lost}."
            ),
            marks=tuple(Mark(c, None, Role.PATTERN) for c in cells),
            rating=1.8,
        )
