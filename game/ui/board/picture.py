"""A printable picture of a puzzle: its title, the grid with the givens, its rules in words.

Export (Ctrl+E, or the Share card) writes it as a PNG file.  The grid is drawn by
the board's own views (:class:`~.view.BoardView` from :class:`~.looks.CellLook`
values), always in the light theme, black on white, whatever the player's theme:
paper is white.  Only the givens are drawn: a printed puzzle is for solving.
Killer cages are drawn (:mod:`.cage_outlines`); the other constraints appear in
the picture's rules in words only, until the board draws them.

SVG or PDF would need a library beyond pygame (pygame writes PNG, BMP, TGA and
JPEG); a 2000-pixel PNG prints sharp on A4 at 240 dpi, so the picture is a PNG.
"""

from __future__ import annotations

import dataclasses
import datetime
import io

import pygame

from ...engine.puzzle import Puzzle
from ...engine.rules import Cage
from ...session.keep import Keeper
from ...session.play import Origin
from ..kit import Text, palette_for
from .cage_outlines import draw_cages
from .layout import geometry_in
from .looks import CellLook, region_tints
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
    geometry = geometry_in(pygame.Rect(margin, top, inner, board_side), puzzle.size)
    view = BoardView(text)
    view.configure(geometry, puzzle.shape, palette)
    view.draw(surface, givens_looks(puzzle))
    cages = [rule for rule in puzzle.constraints if isinstance(rule, Cage)]
    draw_cages(surface, geometry, cages, palette.text, PAPER, text)
    y = view.screen_rect.bottom + margin // 2
    heading = text.render("Rules", rule_size, palette.text, True)
    surface.blit(heading, (margin, y))
    y += line_step
    for line, indent in rule_lines:
        surface.blit(text.render(line, rule_size, palette.text), (margin + indent, y))
        y += line_step
    return surface


def givens_looks(puzzle: Puzzle) -> tuple[CellLook, ...]:
    """Every cell's look with the givens alone (jigsaw regions tinted, as on the board)."""
    shape = puzzle.shape
    tints = region_tints(shape) if shape.is_jigsaw else None
    return tuple(
        CellLook(digit=digit, given=bool(digit), tint=tints[cell] if tints else 0)
        for cell, digit in enumerate(puzzle.givens)
    )


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` as the bytes of a PNG file."""
    stream = io.BytesIO()
    pygame.image.save(surface, stream, "picture.png")
    return stream.getvalue()
