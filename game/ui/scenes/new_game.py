"""Choose a new game: variant, size and difficulty, then Start.

Three rows of segmented choices and two buttons.  Arrows move between rows and
change the choice in a row, Enter starts; the mouse works on everything.  Jigsaw
grids come in 6x6 and 9x9.  A difficulty the generator does not offer for the
chosen grid (a 4x4 cannot be Hard) stays in its place, greyed and skipped, so the
row never jumps under the pointer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from ...engine.generator import available_levels
from ...engine.logic.registry import Level
from ...session.kinds import PuzzleKind, Variant
from ...session.sources import CLASSIC_SIZES, JIGSAW_SIZES
from ..actions import Action, Command
from ..context import AppContext
from ..destinations import Generate
from ..gate import Intent, Pointer, PointerKind
from ..layout import card_layout
from ..scene_stack import Go, Pop, Scene, Transition
from ..widgets import Style, draw_button, draw_card, segments

LEVELS = tuple(Level)
VARIANTS = tuple(Variant)


@dataclass(frozen=True)
class Row:
    label: str
    options: tuple[str, ...]


class NewGameScene(Scene):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.request = _offered(ctx.session.last_kind)
        self.focus = 3  # the Start button
        self.hover: tuple[int, int] | None = None
        self.keyboard = False  # the focus ring shows once the keyboard is used

    # -- model ----------------------------------------------------------------------

    def sizes(self) -> tuple[int, ...]:
        return JIGSAW_SIZES if self.request.variant is Variant.JIGSAW else CLASSIC_SIZES

    def offered(self, level: Level) -> bool:
        """Whether the generator makes ``level`` for the chosen variant and size."""
        return level in available_levels(self.request.variant, self.request.size)

    def rows(self) -> list[Row]:
        sizes = self.sizes()
        return [
            Row("Variant", tuple(v.label for v in VARIANTS)),
            Row("Size", tuple(f"{n}×{n}" for n in sizes)),
            Row("Difficulty", tuple(level.label for level in LEVELS)),
        ]

    def selected(self, row: int) -> int:
        r = self.request
        if row == 0:
            return VARIANTS.index(r.variant)
        if row == 1:
            return self.sizes().index(r.size)
        return LEVELS.index(r.level)

    def pick(self, row: int, index: int) -> None:
        r = self.request
        if row == 0:
            r = replace(r, variant=VARIANTS[index])
        elif row == 1:
            r = replace(r, size=self.sizes()[index])
        elif row == 2:
            if not self.offered(LEVELS[index]):
                return
            r = replace(r, level=LEVELS[index])
        self.request = _offered(r)
        self.dirty = True

    def start(self) -> Transition:
        return Go(Generate(self.request))

    # -- input ----------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Command):
            return self._command(intent)
        if isinstance(intent, Pointer):
            return self._pointer(intent)
        return None

    def _command(self, command: Command) -> Transition | None:
        action = command.action
        self.keyboard = True
        if action is Action.BACK:
            return Pop()
        if action in (Action.MOVE_UP, Action.PREVIOUS):
            self.focus = (self.focus - 1) % 5
        elif action in (Action.MOVE_DOWN, Action.NEXT):
            self.focus = (self.focus + 1) % 5
        elif action in (Action.MOVE_LEFT, Action.MOVE_RIGHT) and self.focus < 3:
            count = len(self.rows()[self.focus].options)
            delta = 1 if action is Action.MOVE_RIGHT else -1
            index = (self.selected(self.focus) + delta) % count
            while self.focus == 2 and not self.offered(LEVELS[index]):
                index = (index + delta) % count  # skip levels not offered for this grid
            self.pick(self.focus, index)
        elif action in (Action.MOVE_LEFT, Action.MOVE_RIGHT):
            self.focus = 4 if self.focus == 3 else 3
        elif action is Action.CONFIRM:
            return Pop() if self.focus == 4 else self.start()
        else:
            return None
        self.dirty = True
        return None

    def _pointer(self, pointer: Pointer) -> Transition | None:
        hit = next((k for k, r in self.hit_rects().items() if r.collidepoint(pointer.pos)), None)
        if pointer.kind in (PointerKind.MOVE, PointerKind.LEAVE):
            if hit != self.hover:
                self.hover = hit
                self.dirty = True
            return None
        if pointer.kind is not PointerKind.PRESS or pointer.button != 1 or hit is None:
            return None
        row, index = hit
        if row == 3:
            return self.start() if index == 0 else Pop()
        self.pick(row, index)
        return None

    # -- geometry and drawing -------------------------------------------------------

    def geometry(
        self,
    ) -> tuple[pygame.Rect, int, list[tuple[int, str]], dict[tuple[int, int], pygame.Rect]]:
        """The card, its unit, row labels (y, text) and every button: (row, option) -> rect."""
        card = card_layout(*self.ctx.size, 8.2, 10.0, margin=1.2)
        rect, u = card.rect, card.unit
        hits: dict[tuple[int, int], pygame.Rect] = {}
        labels: list[tuple[int, str]] = []
        y = rect.y + round(u * 1.7)
        inner = rect.inflate(-u, 0)
        for index, row in enumerate(self.rows()):
            labels.append((y, row.label))
            y += round(u * 0.48)
            bar = pygame.Rect(inner.x, y, inner.w, round(u * 0.78))
            for k, seg in enumerate(segments(bar, len(row.options), round(u * 0.12))):
                hits[(index, k)] = seg
            y += round(u * 1.12)
        y += round(u * 0.1)
        bar = pygame.Rect(inner.x, y, inner.w, round(u * 0.86))
        for k, seg in enumerate(segments(bar, 2, round(u * 0.3))):
            hits[(3, k)] = seg
        return rect, u, labels, hits

    def hit_rects(self) -> dict[tuple[int, int], pygame.Rect]:
        return self.geometry()[3]

    def draw(self, surface: pygame.Surface) -> None:
        p, text = self.ctx.palette, self.ctx.text
        surface.fill(p.background)
        rect, u, labels, hits = self.geometry()
        draw_card(surface, p, rect, max(8, u // 4))
        title = text.render("New game", round(u * 0.6), p.text, True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + round(u * 0.55))))
        for y, label in labels:
            image = text.render(label, round(u * 0.28), p.text_dim, False)
            surface.blit(image, (rect.x + u // 2, y))
        rows = self.rows()
        for (row, k), seg in hits.items():
            if row < 3:
                chosen = k == self.selected(row)
                style = Style.TOGGLED if chosen else Style.NORMAL
                if row == 2 and not self.offered(LEVELS[k]):
                    style = Style.DISABLED
                draw_button(
                    surface,
                    text,
                    p,
                    seg,
                    rows[row].options[k],
                    style=style,
                    hovered=self.hover == (row, k),
                    focused=self.keyboard and self.focus == row and chosen,
                    size=round(u * 0.28),
                    bold=chosen,
                    backdrop=p.surface,
                )
            else:
                draw_button(
                    surface,
                    text,
                    p,
                    seg,
                    ("Start", "Back")[k],
                    style=Style.PRIMARY if k == 0 else Style.NORMAL,
                    hovered=self.hover == (3, k),
                    focused=self.keyboard and self.focus == 3 + k,
                    size=round(u * 0.32),
                    backdrop=p.surface,
                )


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
