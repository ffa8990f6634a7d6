"""Choose a new game: grid, variant rules, size and difficulty, then Start.

Choices and two buttons, as data for the form kit (:mod:`game.ui.forms.model`):
arrows move between the choices and change them, Enter starts, the mouse works
on everything.  What the rows offer is the session's
(:mod:`game.session.puzzles.choices`): the grid, the registry's variants in groups
(extra houses and neighbour rules as toggles, any number of each, since the
generator combines them: X with Windoku, X with anti-king; one kind of clues
drawn), the size and the level.  A toggle is a line of buttons the scene tints
when on (Enter, Space or a click flips the focused one).  An option the generator
does not make with the rest (anti-knight on a jigsaw, Windoku on 6x6, a 16x16
killer, a Hard 4x4) stays in its place, greyed and skipped, so the rows never
jump under the pointer.
"""

from __future__ import annotations

from dataclasses import replace

from ...engine.logic.registry import Level
from ...session.play import PuzzleKind, Variant
from ...session.puzzles import (
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
from ..forms import Button, Buttons, Choice, Control, FormScene, FormSpec, Labels, Lines
from ..kit import Style
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
            *(self._rules_row(g) for g in RULE_GROUPS),
            Choice("size", "Size", tuple((n, f"{n}×{n}") for n in self.sizes())),
            Choice("level", "Difficulty", tuple((level, level.label) for level in Level)),
        )
        lines = Lines(rows, labels=Labels.ABOVE, width=9.5)
        return FormSpec("New game", (lines,), FOOTER, enter_default=True)

    def value(self, key: str) -> object:
        if key == "variant":
            return self.request.board
        if key in {g.key for g in RULE_GROUPS}:
            group = rule_group(key)
            if group.many:
                return picked_rules(self.request, group)
            return picked_rule(self.request, group)
        return getattr(self.request, key)

    def style(self, key: str, value: object) -> Style | None:
        """A toggle's look: tinted while its rule holds, greyed when it cannot."""
        if key not in {g.key for g in RULE_GROUPS if g.many}:
            return None
        if not self.enabled(key, value):
            return Style.DISABLED
        return Style.TOGGLED if value in self.request.rules else Style.NORMAL

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

    def _rules_row(self, group: RuleGroup) -> Control:
        """A group's row: toggles for rules that combine (bold while on, as a chosen
        option is), a choice for one of a kind."""
        if not group.many:
            return Choice(group.key, group.label, group.options())
        on = self.request.rules
        buttons = tuple(
            Button(name, title, bold=name in on) for name, title in group.options() if name
        )
        return Buttons(group.key, group.label, buttons)

    def _with(self, key: str, value: object) -> PuzzleKind | None:
        """The request with ``value`` chosen for ``key`` (None: not a choice of kind)."""
        request = self.request
        if key == "variant" and isinstance(value, Variant):
            return kind_with_grid(request, value)
        if key in {g.key for g in RULE_GROUPS} and isinstance(value, str):
            group = rule_group(key)
            if group.many:
                return kind_toggling(request, value)
            return kind_with_rule(request, group, value)
        if key == "size" and isinstance(value, int):
            return replace(request, size=value)
        if key == "level" and isinstance(value, Level):
            return replace(request, level=value)
        return None
