"""What to generate: a grid (classic or jigsaw), the global rules on it, and the
constraints drawn from each solution (cages, thermometers, arrows, dots).

A *kind* is written as registry variant names joined by commas (``x``, ``jigsaw,x``,
``killer``, ``jigsaw,killer``, ``windoku,anti-king``), in any order and case; its
canonical name lists the grid first, then the rest in registry order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import DRAWN_RULES, VARIANTS, Constraint
from ..shape import Shape, box_dims

GLOBAL = ("x", "windoku", "disjoint", "anti-knight", "anti-king", "non-consecutive")
"""Variants whose rules are the same on every puzzle of a grid (the registry's ``rules``)."""

DRAWN = tuple(DRAWN_RULES)
"""Variants whose constraints are drawn from each puzzle's solution (the registry's)."""

GRIDS = ("classic", "jigsaw")

_NOT_ON_JIGSAW = ("non-consecutive",)
"""Global rules not offered on jigsaw grids: most random 9x9 layouts have solution
grids under non-consecutive (CP-SAT found one on 9 of 10), but our solver finds none
on an empty jigsaw grid, not even by probing (6 of 6 undecided at 300,000 work), so
a search would only screen layouts.  Cutting regions to fit a solution drawn on the
boxes does not help: same-digit swaps and growth both stay near the boxes (89-92%
of cells in their box's region, against 70% for a grown layout)."""

PROBED = ("anti-knight",)
"""Global rules under which an open jigsaw grid's solutions are found by probing
(:func:`~game.engine.solver.probed_solution`): the depth-first search wanders there
(20 of 20 random 9x9 layouts undecided at 100,000 work under anti-knight), while
probing found a solution on 9 of 20 in 0.2 s each, which is enough to screen them."""

CLUES_IN_HOUSES = ("windoku",)
"""Global rules whose extra houses a jigsaw Extreme puzzle keeps its clues in: the
digging clears their cells last (see :meth:`Kind.clues_last`).  Measured on 9x9
jigsaw Windoku, 8 candidates on each of 180 layouts: with the windows cleared last,
459 of 1,440 minimal puzzles were Extreme, against 375 in a random order (and 31 of
240 with the windows cleared first).  Not the diagonals: cleared last there, 161 of
320 jigsaw X candidates were Extreme, against 281."""

SCREENED_ON_JIGSAW = ("windoku",)
"""Global rules whose minimal jigsaw puzzles are screened for Extreme like those on
classic grids (:func:`~game.engine.generation.grading.logic_solves` before the
grade; see :meth:`Kind.screened`): most of them come out below Extreme, and the
screen rejects those for a sixth of a grade.  Measured on 9x9 jigsaw Windoku,
seeds 1000 to 1011 and 2000 to 2011: of 93 candidates, 50 were below Extreme
(graded in 0.104 s each, screened in 0.016 s, all rejected by the screen) and 19
above it (8 rejected by the screen); seeds 1000 to 1011, 2000 to 2011 and 3000 to
3011, taking turns with the unscreened generator: 0.70 of its time in all, median
0.61 s against 0.77 s, 33 of 36 puzzles the same.  Not the others: most of their
minimal jigsaw puzzles are Extreme, so the screen mostly adds its cost (seeds
1000 to 1011 and 2000 to 2011: jigsaw X, 4 of 32 candidates below, median 0.45 s
against 0.41 s; anti-king, 3 of 33 below, per-seed median ratio 1.05, though
0.92 of the time in all)."""

_NOT_ON_JIGSAW_TOGETHER = (frozenset({"anti-knight", "anti-king"}),)
"""Sets of global rules not offered together on jigsaw grids: no layout with a
solution turned up within the generator's layout tries (measured on 9x9)."""


_NO_GRID: tuple[tuple[frozenset[str], tuple[int, ...]], ...] = (
    (frozenset({"anti-king"}), (4,)),
    (frozenset({"non-consecutive"}), (4,)),
    (frozenset({"x", "anti-knight"}), (4, 6, 9)),
    (frozenset({"x", "anti-king"}), (4, 6)),
    (frozenset({"x", "non-consecutive"}), (4, 6, 9)),
    (frozenset({"windoku", "non-consecutive"}), (9,)),
    (frozenset({"windoku", "anti-knight"}), (9,)),
    (frozenset({"disjoint", "anti-knight"}), (4,)),
    (frozenset({"disjoint", "anti-king"}), (4,)),
    (frozenset({"disjoint", "non-consecutive"}), (4, 6)),
    (frozenset({"x", "disjoint"}), (6,)),
    (frozenset({"anti-knight", "anti-king"}), (6,)),
    (frozenset({"anti-knight", "non-consecutive"}), (6,)),
    (frozenset({"anti-king", "non-consecutive"}), (6,)),
)
"""Global rules that no classic grid of these sizes keeps (the exact solver on the
empty grid says none), or none the solver finds within its budget (9x9 X with
anti-knight or non-consecutive, Windoku with non-consecutive; Windoku with
anti-knight, whose first solution grid took over 20 s and whose Easy puzzle was not
made in 90 s): a kind holding one of these sets is not made at that size.
Measured over every pair of a house rule and a neighbour rule at 4x4, 6x6 and
9x9, then (once New game let rules combine) over every set of two or more global
rules this table did not already refuse, at the same sizes (``solver.settle`` on
the empty grid, limit 1: each answered in under 5 s)."""


@dataclass(frozen=True)
class Kind:
    """A kind of puzzle the generator makes: grid, global rules and drawn constraints."""

    jigsaw: bool = False
    rules: tuple[str, ...] = ()
    """Names from :data:`GLOBAL`, in registry order."""
    drawn: str | None = None
    """One of :data:`DRAWN`, or None."""

    @classmethod
    def parse(cls, text: str) -> Kind:
        """``"jigsaw,x"`` -> the kind.

        :raises ValueError: for an unknown name, two drawn kinds, or a name twice.
        """
        names = [word.strip().lower() for word in text.split(",") if word.strip()]
        if not names:
            raise ValueError("no variant named")
        known = GRIDS + GLOBAL + DRAWN
        for name in names:
            if name not in known:
                raise ValueError(f"unknown variant {name!r} (choose from {', '.join(known)})")
        if len(set(names)) != len(names):
            raise ValueError(f"a variant is named twice in {text!r}")
        drawn = [name for name in names if name in DRAWN]
        if len(drawn) > 1:
            raise ValueError(f"one of {', '.join(DRAWN)} at a time, not {' and '.join(drawn)}")
        if "jigsaw" in names and "disjoint" in names:
            raise ValueError("disjoint groups need classic boxes, so not with jigsaw")
        order = list(VARIANTS)
        rules = tuple(sorted((n for n in names if n in GLOBAL), key=order.index))
        return cls("jigsaw" in names, rules, drawn[0] if drawn else None)

    @property
    def name(self) -> str:
        """The canonical name: ``classic``, ``jigsaw``, ``x``, ``jigsaw,killer``, ..."""
        parts = (["jigsaw"] if self.jigsaw else []) + list(self.rules)
        if self.drawn is not None:
            parts.append(self.drawn)
        return ",".join(parts) or "classic"

    @property
    def plain(self) -> bool:
        """Whether this is a classic or jigsaw grid with no rules beyond houses."""
        return not self.rules and self.drawn is None

    @property
    def relabels(self) -> bool:
        """Whether the global rules allow permuting digits (all but non-consecutive)."""
        return "non-consecutive" not in self.rules

    def fits(self, size: int) -> str | None:
        """Why this kind makes no ``size`` grid, or None when it does."""
        dims = box_dims(size)
        if "windoku" in self.rules and (dims is None or dims[0] != dims[1]):
            return "Windoku needs square boxes (4x4, 9x9, 16x16)"
        if "disjoint" in self.rules and dims is None:
            return "disjoint groups need boxes"
        held = set(self.rules)
        for rules, sizes in _NO_GRID:
            if size in sizes and rules <= held:
                words = " with ".join(name for name in self.rules if name in rules)
                return f"no {size}x{size} grid keeps {words}"
        clash = [name for name in self.rules if name in _NOT_ON_JIGSAW]
        if self.jigsaw and clash:
            return (
                f"{clash[0]} jigsaw puzzles are not offered: our solver cannot yet find "
                "a solution grid for a random layout under that rule"
            )
        for together in _NOT_ON_JIGSAW_TOGETHER:
            if self.jigsaw and together <= held:
                words = " with ".join(name for name in self.rules if name in together)
                return f"{words} jigsaw puzzles are not offered: no layout keeps them"
        return None

    @property
    def probed(self) -> bool:
        """Whether a jigsaw grid under these rules is screened by probing (see :data:`PROBED`)."""
        return self.jigsaw and any(name in PROBED for name in self.rules)

    @property
    def screened(self) -> bool:
        """Whether minimal Extreme candidates are screened before their grade (on
        classic grids always; on jigsaw grids see :data:`SCREENED_ON_JIGSAW`)."""
        return not self.jigsaw or any(name in SCREENED_ON_JIGSAW for name in self.rules)

    def clues_last(self, shape: Shape) -> frozenset[int]:
        """The cells an Extreme jigsaw dig clears last (see :data:`CLUES_IN_HOUSES`)."""
        if not self.jigsaw:
            return frozenset()
        return frozenset(
            cell
            for name in self.rules
            if name in CLUES_IN_HOUSES
            for rule in VARIANTS[name].rules(shape)
            for house in rule.houses(shape.size)
            for cell in house.cells
        )

    def constraints(self, shape: Shape) -> tuple[Constraint, ...]:
        """The global rules' constraints on ``shape``."""
        return tuple(rule for name in self.rules for rule in VARIANTS[name].rules(shape))
