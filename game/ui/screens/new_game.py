"""Choose a new game: grid, variant rules, size and difficulty, then Start.

Choices and two buttons, as data for the form kit (:mod:`game.ui.forms.model`):
arrows move between the choices and change them, Enter starts, the mouse works
on everything.  What the rows offer is the session's
(:mod:`game.session.puzzles.choices`): the grid, one rule from each group of the
registry's variants (extra houses, neighbours, clues drawn), the size and the
level.  An option the generator does not make with the rest (anti-knight on a
jigsaw, a 16x16 killer, a Hard 4x4) stays in its place, greyed and skipped, so
the rows never jump under the pointer.
"""

from __future__ import annotations

from dataclasses import replace

from ...engine.logic.registry import Level
from ...session.play import PuzzleKind, Variant
from ...session.puzzles import (
    NEW_GAME_SIZES,
    RULE_GROUPS,
    is_made,
    kind_with_grid,
    kind_with_rule,
    offered_kind,
    offered_levels,
    offered_sizes,
    picked_rule,
    rule_group,
)
from ..forms import Button, Buttons, Choice, FormScene, FormSpec, Labels, Lines
from ..stage import AppContext, Generate, Go, Pop, Transition

FOOTER = Buttons("footer", "", (Button("back", "Back"), Button("start", "Start", primary=True)))


class NewGameScene(FormScene):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.request = offered_kind(ctx.session.last_kind)
        self.focus_on("footer", "start")

    def sizes(self) -> tuple[int, ...]:
        """The sizes shown: every size some puzzle comes in (those not offered greyed)."""
        return NEW_GAME_SIZES

    def offered(self, level: Level) -> bool:
        """Whether the generator makes ``level`` for the chosen kind and size."""
        return level in offered_levels(self.request.variant, self.request.size)

    def spec(self) -> FormSpec:
        rows = (
            Choice("variant", "Grid", tuple((v, v.label) for v in Variant)),
            *(Choice(g.key, g.label, g.options()) for g in RULE_GROUPS),
            Choice("size", "Size", tuple((n, f"{n}×{n}") for n in self.sizes())),
            Choice("level", "Difficulty", tuple((level, level.label) for level in Level)),
        )
        lines = Lines(rows, labels=Labels.ABOVE, width=9.5)
        return FormSpec("New game", (lines,), FOOTER, enter_default=True)

    def value(self, key: str) -> object:
        if key == "variant":
            return self.request.board
        if key in {g.key for g in RULE_GROUPS}:
            return picked_rule(self.request, rule_group(key))
        return getattr(self.request, key)

    def enabled(self, key: str, value: object) -> bool:
        kind = self._with(key, value)
        if kind is None or key == "variant":  # another grid drops the rules it lacks
            return True
        if key == "level":
            return isinstance(value, Level) and self.offered(value)
        if key == "size":
            return isinstance(value, int) and value in offered_sizes(kind.variant)
        return is_made(kind)

    def change(self, key: str, value: object) -> Transition | None:
        if key == "footer":
            return Go(Generate(self.request)) if value == "start" else Pop()
        kind = self._with(key, value)
        if kind is not None and self.enabled(key, value):
            self.request = offered_kind(kind)
        return None

    def _with(self, key: str, value: object) -> PuzzleKind | None:
        """The request with ``value`` chosen for ``key`` (None: not a choice of kind)."""
        request = self.request
        if key == "variant" and isinstance(value, Variant):
            return kind_with_grid(request, value)
        if key in {g.key for g in RULE_GROUPS} and isinstance(value, str):
            return kind_with_rule(request, rule_group(key), value)
        if key == "size" and isinstance(value, int):
            return replace(request, size=value)
        if key == "level" and isinstance(value, Level):
            return replace(request, level=value)
        return None
