"""The technique trainer's first page: pick a technique, by level, with its positions and tally.

Techniques come under their level's heading, Easy to Extreme, in the
catalogue's order (simplest first) within a level, each with how many positions
the trainer has for it and the run's tally.  A filter above the list keeps the positions of one kind
of grid (classic, jigsaw) or all; techniques with none of that kind leave the
list.  A click on a row trains that technique; the arrows move the choice, Enter
trains it, Left and Right change the filter, Esc goes back.

The list's words come from :func:`chooser_rows`, a pure function, so tests read
the list without drawing it.  The page is a form (:mod:`game.ui.forms.scene`):
the filter is its one control, the list its one area (which scrolls), the
chosen technique's details a note, Done the footer.

A hook for the technique pages: built with ``about`` (a function from a
technique's name to where its reference page is), each row gets an "About"
chip and F1 opens the chosen technique's page; without it neither shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...engine.logic.registry import Level, all_techniques
from ...session.play import Variant
from ...session.trainer import Tallies, examples, positions, techniques_with_examples
from ..forms import Area, Button, Buttons, Choice, FormScene, FormSpec, Lines, Note
from ..input import Action, Pointer, PointerKind
from ..kit import Style, draw_button, mix
from ..stage import AppContext, Destination, Go, Pop, Train, Transition

VARIANTS = (("any", "All grids"), *((grid.value, grid.label) for grid in Variant))
"""The trainer's grids: all, or one (the session's words: :data:`~.drill.VARIANTS`)."""
ROW = 0.55  # a row of the list, in units
LIST_WIDTH = 11.0  # units
EMPTY = (
    "The trainer's positions are missing (assets/trainer/positions.txt), so there is "
    "nothing to train on. Reinstalling the game brings them back."
)
FOOTER = Buttons("footer", "", (Button("done", "Done", primary=True),))

About = Callable[[str], Destination]


@dataclass(frozen=True)
class ChooserRow:
    """A line of the list: a level's heading (``technique`` empty) or a technique."""

    text: str
    technique: str = ""
    count: str = ""  # "12 positions"
    tally: str = ""  # "3/4 right"


def chooser_rows(variant: str, tallies: Tallies) -> list[ChooserRow]:
    """The list for the filter ``variant``: each level's heading, then its techniques."""
    rows: list[ChooserRow] = []
    have = set(techniques_with_examples())
    level: Level | None = None
    # By level first (the rating order puts an X-Wing before a Hidden Pair), then
    # simplest first within a level, as the catalogue orders them.
    ordered = sorted(enumerate(all_techniques()), key=lambda pair: (pair[1].level, pair[0]))
    for _, found in ordered:
        if found.name not in have:
            continue
        count = len(positions(found.name, variant))
        if not count:
            continue
        if found.level is not level:
            level = found.level
            rows.append(ChooserRow(level.label))
        noun = "position" if count == 1 else "positions"
        tally = tallies.by_technique.get(found.name)
        rows.append(
            ChooserRow(found.name, found.name, f"{count} {noun}", tally.summary() if tally else "")
        )
    return rows


class TrainerChooserScene(FormScene):
    def __init__(self, ctx: AppContext, variant: str = "any", about: About | None = None) -> None:
        super().__init__(ctx)
        self.variant = variant
        self.about = about
        self.rows: list[ChooserRow] = []
        self.chosen = 0  # index in rows of the chosen technique
        self.hovered: int | None = None
        self._refresh()
        self.commands.update(
            {
                Action.MOVE_UP: lambda: self.choose_by(-1),
                Action.MOVE_DOWN: lambda: self.choose_by(1),
                Action.PREVIOUS: lambda: self.choose_by(-1),
                Action.NEXT: lambda: self.choose_by(1),
                Action.PAGE_UP: lambda: self.choose_by(-self.fits()),
                Action.PAGE_DOWN: lambda: self.choose_by(self.fits()),
                Action.FIRST: lambda: self.choose_by(-len(self.rows)),
                Action.LAST: lambda: self.choose_by(len(self.rows)),
                Action.MOVE_LEFT: lambda: self.filter_by(-1),
                Action.MOVE_RIGHT: lambda: self.filter_by(1),
                Action.CONFIRM: self.train,
                Action.HELP: self.open_about,
            }
        )

    # -- model ----------------------------------------------------------------------------

    def _refresh(self) -> None:
        """Rebuild the list (filter changed, or back from a drill with a new tally)."""
        before = self.technique
        self.rows = chooser_rows(self.variant, self.ctx.session.training)
        names = [row.technique for row in self.rows]
        if before and before in names:
            self.chosen = names.index(before)
        else:
            self.chosen = next((i for i, row in enumerate(self.rows) if row.technique), 0)
        self.dirty = True

    @property
    def technique(self) -> str:
        """The chosen technique ("" when the list is empty)."""
        if 0 <= self.chosen < len(self.rows):
            return self.rows[self.chosen].technique
        return ""

    def choose_by(self, delta: int) -> None:
        """Move the choice ``delta`` techniques on (headings skipped), kept in view."""
        techniques = [i for i, row in enumerate(self.rows) if row.technique]
        if not techniques:
            return
        here = techniques.index(self.chosen) if self.chosen in techniques else 0
        self.chosen = techniques[min(len(techniques) - 1, max(0, here + delta))]
        if self.chosen == techniques[0]:
            self.form.first = 0  # the first level's heading shows too
        self.form.reveal(self.chosen, self.fits())
        self.dirty = True

    def filter_by(self, delta: int) -> None:
        keys = [key for key, _ in VARIANTS]
        self.variant = keys[(keys.index(self.variant) + delta) % len(keys)]
        self.form.first = 0
        self._refresh()
        self.form.reveal(self.chosen, self.fits())

    def train(self) -> Transition | None:
        if not self.technique:
            return None
        return Go(Train(self.technique, self.variant))

    def open_about(self) -> Transition | None:
        if self.about is None or not self.technique:
            return None
        return Go(self.about(self.technique))

    # -- the form ---------------------------------------------------------------------------

    def uncover(self) -> None:
        super().uncover()
        self._refresh()  # the drill just closed has a new tally

    def spec(self) -> FormSpec:
        if not self.rows and self.variant == "any":
            return FormSpec("Technique trainer", (Note("empty", 3, 8.0, EMPTY),), FOOTER)
        filter_line = Lines((Choice("variant", "Positions from", VARIANTS),))
        listing = Area("list", LIST_WIDTH, 0.0, ROW, max(1, len(self.rows)))
        return FormSpec(
            "Technique trainer",
            (filter_line, listing, Note("detail", 2)),
            FOOTER,
        )

    def value(self, key: str) -> object:
        return self.variant if key == "variant" else None

    def change(self, key: str, value: object) -> Transition | None:
        if key == "variant" and isinstance(value, str):
            self.variant = value
            self.form.first = 0
            self._refresh()
            return None
        return Pop()

    def note(self, key: str) -> tuple[str, bool]:
        if key != "detail":
            return "", False
        if not self.technique:
            return "No technique has positions on these grids.", False
        row = self.rows[self.chosen]
        found = examples(row.technique)
        jigsaw = sum(1 for e in found if e.shape.is_jigsaw)
        detail = f"{row.technique}: {row.count}"
        if self.variant == "any" and jigsaw:
            detail += f" ({len(found) - jigsaw} classic, {jigsaw} jigsaw)"
        shown = [e for e in found if self.variant in ("any", e.shape.variant)]
        marked = sum(1 for e in shown if e.simpler)
        if marked:
            some = "all" if marked == len(shown) else str(marked)
            detail += f"; in {some} of them a hint gives a simpler step first"
        if row.tally:
            detail += f"; {row.tally} this session"
        keys = "Enter trains it"
        if self.about is not None:
            keys += ", F1 tells about it"
        return f"{detail}. {keys}; Left and Right change the grids.", False

    def fits(self) -> int:
        scroll = self.layout().scroll
        return scroll.shown if scroll is not None else len(self.rows)

    def wheel(self, notches: int) -> None:
        self.scroll(-3 * notches)

    # -- the list ----------------------------------------------------------------------------

    def row_rects(self) -> list[tuple[int, pygame.Rect]]:
        """(row index, its rectangle) for the rows on screen."""
        layout = self.layout()
        area = layout.areas.get("list")
        if area is None:
            return []
        row_h = max(1, round(ROW * layout.unit))
        first = self.form.first
        shown = self.rows[first : first + self.fits()]
        return [
            (first + k, pygame.Rect(area.x, area.y + k * row_h, area.w, row_h))
            for k in range(len(shown))
        ]

    def about_rect(self, row: pygame.Rect) -> pygame.Rect:
        """The "About" chip at a row's right end."""
        unit = self.layout().unit
        width = round(1.5 * unit)
        chip = pygame.Rect(0, 0, width, round(row.h * 0.74))
        chip.midright = (row.right - round(0.1 * unit), row.centery)
        return chip

    def click_area(self, key: str, pos: tuple[int, int]) -> Transition | None:
        for index, rect in self.row_rects():
            if rect.collidepoint(pos) and self.rows[index].technique:
                self.chosen = index
                if self.about is not None and self.about_rect(rect).collidepoint(pos):
                    return self.open_about()
                return self.train()
        return None

    def pointer(self, pointer: Pointer) -> Transition | None:
        if pointer.kind in (PointerKind.MOVE, PointerKind.LEAVE):
            at = pointer.pos if pointer.kind is PointerKind.MOVE else (-1, -1)
            over = next((i for i, r in self.row_rects() if r.collidepoint(at)), None)
            if over != self.hovered:
                self.hovered = over
                self.dirty = True
        return super().pointer(pointer)

    def draw_area(self, surface: pygame.Surface, key: str, rect: pygame.Rect) -> None:
        layout = self.layout()
        p, text = self.ctx.palette, self.ctx.text
        u = layout.unit
        count_x = rect.x + round(rect.w * 0.52)
        tally_x = rect.x + round(rect.w * 0.72)
        for index, place in self.row_rects():
            row = self.rows[index]
            middle = place.centery
            if not row.technique:
                image = text.render(row.text, layout.small, p.text_dim, True)
                surface.blit(image, image.get_rect(midleft=(place.x, middle + u // 12)))
                y = place.bottom - max(1, u // 30)
                pygame.draw.line(surface, p.line_thin, (place.x, y), (place.right, y))
                continue
            chosen = index == self.chosen
            shade = p.surface
            if chosen or index == self.hovered:
                band = place.inflate(0, -max(2, u // 16))
                shade = mix(p.surface, p.selected, 0.7 if chosen else 0.35)
                pygame.draw.rect(surface, shade, band, border_radius=max(3, u // 10))
                if chosen and self.form.keyboard:
                    pygame.draw.rect(
                        surface, p.accent, band, max(2, u // 30), border_radius=max(3, u // 10)
                    )
            indent = round(0.35 * u)
            name = text.render(row.text, layout.text, p.text, chosen)
            surface.blit(name, name.get_rect(midleft=(place.x + indent, middle)))
            count = text.render(row.count, layout.small, p.text_dim)
            surface.blit(count, count.get_rect(midleft=(count_x, middle)))
            if row.tally:
                tally = text.render(row.tally, layout.small, p.text)
                surface.blit(tally, tally.get_rect(midleft=(tally_x, middle)))
            if self.about is not None:
                draw_button(
                    surface,
                    text,
                    p,
                    self.about_rect(place),
                    "About",
                    style=Style.NORMAL,
                    size=layout.small,
                    backdrop=shade,
                )
