"""A printable picture of a puzzle: its title, the grid with the givens, its rules in words.

Export (Ctrl+E, or the Share card) writes it as a PNG file.  The grid is drawn by
the board's own views (:class:`~.view.BoardView` from :class:`~.looks.CellLook`
values), always in the light theme, black on white, whatever the player's theme:
paper is white.  Only the givens are drawn: a printed puzzle is for solving.
Constraints are drawn by the board's own rule layer (:mod:`.rules`), clues outside
the grid given their room, and stated in words under it.

SVG or PDF would need a library beyond pygame (pygame writes PNG, BMP, TGA and
JPEG); a 2000-pixel PNG prints sharp on A4 at 240 dpi, so the picture is a PNG.
"""

from __future__ import annotations

import dataclasses
import datetime
import io

import pygame

from ...engine.puzzle import Puzzle
from ...session.keep import Keeper
from ...session.play import Origin
from ..kit import Text, palette_for
from .layout import BoardGeometry, geometry_in
from .looks import CellLook, region_tints
from .rules import RuleMarks, rule_marks
from .view import BoardView

WIDTH = 1800
"""The picture's width in pixels: about 15 cm at 300 dpi, sharp on paper."""

PAPER = (255, 255, 255)


def export_picture(keeper: Keeper, text: Text, puzzle: Puzzle, origin: Origin) -> str:
    """Write the picture of ``puzzle`` in the player's exports folder; the sentence saying
    where.  The file is named after the puzzle and the day: ``Hard 2025-01-31.png``."""
    try:
        data = png_bytes(puzzle_picture(text, puzzle, origin.heading, origin.subtitle))
    except pygame.error as error:
        return f"The picture could not be made: {error}."
    return keeper.export_image(f"{origin.heading} {datetime.date.today()}", data).message


def puzzle_picture(
    text: Text, puzzle: Puzzle, title: str, subtitle: str = "", width: int = WIDTH
) -> pygame.Surface:
    """The picture of ``puzzle`` (see the module docstring), ``width`` pixels wide,
    headed by ``title`` and ``subtitle`` (``Classic 9×9 · Hard · 3.4``)."""
    palette = dataclasses.replace(palette_for("light"), background=PAPER)
    margin = width // 12
    inner = width - 2 * margin
    title_size = max(12, width // 30)
    rule_size = max(12, width // 45)
    bullet = text.measure("• ", rule_size)[0]
    rule_lines: list[tuple[str, int]] = []  # a line and its indent (under the bullet's text)
    for sentence in puzzle.rules.sentences():
        lines = text.wrap(sentence, rule_size, inner - bullet)
        rule_lines += [("• " + lines[0], 0), *((line, bullet) for line in lines[1:])]
    line_step = round(rule_size * 1.45)
    top = margin + round(title_size * (2.6 if subtitle else 1.8))
    board_side = inner
    height = top + board_side + margin // 2 + line_step * (len(rule_lines) + 1) + margin
    surface = pygame.Surface((width, height))
    surface.fill(palette.background)
    heading = text.render(title or "Sudoku", title_size, palette.text, True)
    surface.blit(heading, heading.get_rect(midtop=(width // 2, margin)))
    if subtitle:
        under = text.render(subtitle, rule_size, palette.text_dim)
        surface.blit(under, under.get_rect(midtop=(width // 2, heading.get_rect().h + margin)))
    marks = rule_marks(puzzle.constraints, puzzle.size) if puzzle.constraints else None
    geometry = grid_in(pygame.Rect(margin, top, inner, board_side), puzzle.size, marks)
    view = BoardView(text)
    view.configure(geometry, puzzle.shape, palette)
    view.set_rules(marks)
    view.draw(surface, givens_looks(puzzle, marks))
    y = view.screen_rect.bottom + margin // 2
    heading = text.render("Rules", rule_size, palette.text, True)
    surface.blit(heading, (margin, y))
    y += line_step
    for line, indent in rule_lines:
        surface.blit(text.render(line, rule_size, palette.text), (margin + indent, y))
        y += line_step
    return surface


def givens_looks(puzzle: Puzzle, marks: RuleMarks | None = None) -> tuple[CellLook, ...]:
    """Every cell's look with the givens alone (jigsaw regions tinted, as on the board),
    with what ``marks`` (the puzzle's constraints) draw in it."""
    shape = puzzle.shape
    tints = region_tints(shape) if shape.is_jigsaw else None
    return tuple(
        CellLook(
            digit=digit,
            given=bool(digit),
            tint=tints[cell] if tints else 0,
            rules=marks.cells[cell] if marks is not None else None,
        )
        for cell, digit in enumerate(puzzle.givens)
    )


def grid_in(rect: pygame.Rect, size: int, marks: RuleMarks | None) -> BoardGeometry:
    """The grid in ``rect``, a cell's room left on each side where clues lie outside it,
    and the notes of cells with a label (a cage's sum) below it, as on the board."""
    if marks is None:
        return geometry_in(rect, size)
    labelled = frozenset(i for i, m in enumerate(marks.cells) if m is not None and m.labelled)
    if not any(marks.room):
        return dataclasses.replace(geometry_in(rect, size), labelled=labelled)
    top, right, bottom, left = (int(side) for side in marks.room)
    across, down = size + left + right, size + top + bottom
    probe = geometry_in(rect, max(across, down))
    cell = probe.cell
    x = rect.x + (rect.w - across * cell) // 2 + left * cell
    y = rect.y + (rect.h - down * cell) // 2 + top * cell
    return BoardGeometry(x - x % 2, y, cell, size, labelled)


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` as the bytes of a PNG file."""
    stream = io.BytesIO()
    pygame.image.save(surface, stream, "picture.png")
    return stream.getvalue()
