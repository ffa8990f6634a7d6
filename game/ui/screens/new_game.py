"""Choose a new game: variant, size and difficulty, then Start.

Three choices and two buttons, as data for the form kit (:mod:`game.ui.forms.model`):
arrows move between the choices and change them, Enter starts, the mouse works
on everything.  Jigsaw grids come in 6x6 and 9x9.  A difficulty the generator
does not offer for the chosen grid (a 4x4 cannot be Hard) stays in its place,
greyed and skipped, so the row never jumps under the pointer.
"""

from __future__ import annotations

from dataclasses import replace

from ...engine.generator import available_levels
from ...engine.logic.registry import Level
from ...session.play import PuzzleKind, Variant
from ...session.puzzles import CLASSIC_SIZES, JIGSAW_SIZES
from ..forms import Button, Buttons, Choice, FormScene, FormSpec, Labels, Lines
from ..stage import AppContext, Generate, Go, Pop, Transition

FOOTER = Buttons("footer", "", (Button("back", "Back"), Button("start", "Start", primary=True)))


class NewGameScene(FormScene):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.request = _offered(ctx.session.last_kind)
        self.focus_on("footer", "start")

    def sizes(self) -> tuple[int, ...]:
        return JIGSAW_SIZES if self.request.variant is Variant.JIGSAW else CLASSIC_SIZES

    def offered(self, level: Level) -> bool:
        """Whether the generator makes ``level`` for the chosen variant and size."""
        return level in available_levels(self.request.variant, self.request.size)

    def spec(self) -> FormSpec:
        choices = (
            Choice("variant", "Variant", tuple((v, v.label) for v in Variant)),
            Choice("size", "Size", tuple((n, f"{n}×{n}") for n in self.sizes())),
            Choice("level", "Difficulty", tuple((level, level.label) for level in Level)),
        )
        lines = Lines(choices, labels=Labels.ABOVE, width=9.5)
        return FormSpec("New game", (lines,), FOOTER, enter_default=True)

    def value(self, key: str) -> object:
        return getattr(self.request, key)

    def enabled(self, key: str, value: object) -> bool:
        return key != "level" or (isinstance(value, Level) and self.offered(value))

    def change(self, key: str, value: object) -> Transition | None:
        if key == "footer":
            return Go(Generate(self.request)) if value == "start" else Pop()
        request = self.request
        if isinstance(value, Variant):
            request = replace(request, variant=value)
        elif isinstance(value, Level):
            if self.offered(value):
                request = replace(request, level=value)
        elif isinstance(value, int):
            request = replace(request, size=value)
        self.request = _offered(request)
        return None


def _offered(request: PuzzleKind) -> PuzzleKind:
    """``request`` made possible: a size the variant has, a level the generator offers.

    A level that is not offered for the new grid becomes the nearest one that is,
    so switching 9x9 Hard to 4x4 lands on Easy rather than on nothing.
    """
    sizes = JIGSAW_SIZES if request.variant is Variant.JIGSAW else CLASSIC_SIZES
    size = request.size if request.size in sizes else 9
    levels = available_levels(request.variant, size)
    level = request.level or Level.MEDIUM
    if levels and level not in levels:
        level = min(levels, key=lambda offered: (abs(offered - level), -offered))
    return replace(request, size=size, level=level)
