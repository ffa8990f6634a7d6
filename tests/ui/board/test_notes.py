"""The three kinds of notes in one cell: every digit drawn, none over another, none
under 12 px on the boards LOOK.md names."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.shape import Shape
from game.ui.board.layout import board_layout
from game.ui.board.looks import CellLook
from game.ui.board.rules import CellMarks
from game.ui.board.view import BoardView
from game.ui.kit.text import Text
from game.ui.kit.theme import LIGHT

N = 9
ALL = 0b111111111


class _Spy:
    def __init__(self, font: pygame.font.Font, size: int, seen: list[tuple[int, str]]) -> None:
        self._font, self._size, self._seen = font, size, seen

    def render(self, words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        self._seen.append((self._size, words))
        return self._font.render(words, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)


class RecordingText(Text):
    """:class:`Text` whose fonts note each string they render, with its size."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[int, str]] = []

    def __bool__(self) -> bool:
        return True

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return _Spy(super().font(size, bold), int(size), self.seen)  # type: ignore[return-value]


def _drawn(look: CellLook, window: tuple[int, int]) -> tuple[list[tuple[int, str]], BoardView]:
    """The strings one tile of ``look`` renders (a fresh cache: every glyph is new)."""
    pygame.display.set_mode((64, 64))
    labelled = frozenset({0}) if look.rules is not None else frozenset()
    geometry = board_layout(*window, N, labelled=labelled).board
    text = RecordingText()
    view = BoardView(text)
    view.configure(geometry, Shape.classic(N), LIGHT)
    text.seen.clear()
    view.tile(look)
    return [(size, words) for size, words in text.seen if words.strip()], view


LOOKS = {
    "every kind": CellLook(notes=0b011010110, corner=0b100000001, centre=0b000101000),
    "every kind, all candidates": CellLook(notes=ALL, corner=0b110, centre=0b1001000),
    "under a cage sum": CellLook(
        notes=0b101010101, corner=0b10, centre=0b100000, rules=CellMarks(caged=True, cage_sum="17")
    ),
    "centre beside candidates": CellLook(notes=0b111000111, centre=0b000111000),
}


@pytest.mark.parametrize("window", [(800, 600), (1280, 800), (1920, 1080)], ids=str)
@pytest.mark.parametrize("name", LOOKS)
def test_a_cell_with_every_kind_of_note_draws_every_digit(
    name: str, window: tuple[int, int]
) -> None:
    look = LOOKS[name]
    seen, _ = _drawn(look, window)
    digits = {words for _, words in seen if words.isdigit() and len(words) == 1}
    every = look.notes | look.corner | look.centre
    wanted = {str(d) for d in range(1, 10) if every >> (d - 1) & 1}
    assert wanted <= digits, f"missing {sorted(wanted - digits)}"
    notes = [(size, words) for size, words in seen if words in wanted]
    assert all(size >= 12 for size, _ in notes), f"under 12 px: {notes}"


@pytest.mark.parametrize("window", [(800, 600), (1280, 800), (1920, 1080)], ids=str)
def test_no_note_covers_another(window: tuple[int, int]) -> None:
    """Each digit's ink has a place of its own: the candidates' grid places do not
    meet, the notes that joined it take their own digit's place, and a ring of corner
    notes stays outside the block the candidates then take."""
    look = LOOKS["every kind"]
    _, view = _drawn(look, window)
    notes = view.painter.notes
    spots, font = notes.spots(look)
    grid = [spots[d - 1] for d in range(1, 10) if notes.in_grid(look) >> (d - 1) & 1]
    assert not any(a.colliderect(b) for i, a in enumerate(grid) for b in grid[i + 1 :])
    centre, corner = notes.joined(look)
    assert centre == look.centre, "centre notes beside candidates join their grid"
    if notes.ring(look):
        block = notes.inner_block(look)
        assert block is not None and corner == 0
        assert all(block.contains(spot) for spot in grid)
    else:
        assert corner == look.corner
    glyph = view.painter.glyph("8", font, (0, 0, 0), True)
    assert all(glyph.get_width() < spot.w and glyph.get_height() < spot.h for spot in grid)


def test_a_joined_note_differs_from_a_candidate_by_shape() -> None:
    """A centre note in the candidates' grid is boxed and a corner note notched: ink
    beyond the digit's own, not only another colour."""
    _, view = _drawn(CellLook(notes=ALL), (1280, 800))
    notes = view.painter.notes
    spots, font = notes.spots(CellLook(notes=0b1, centre=0b1))
    spot = spots[0]
    digit = view.painter.glyph("1", font, (0, 0, 0), True).get_rect(center=spot.center)

    def beyond_the_digit(look: CellLook) -> int:
        tile = view.tile(look)
        return sum(
            1
            for x in range(spot.left, spot.right)
            for y in range(spot.top, spot.bottom)
            if not digit.collidepoint(x, y) and tile.get_at((x, y))[:3] != LIGHT.cell
        )

    assert beyond_the_digit(CellLook(notes=0b1)) == 0
    assert beyond_the_digit(CellLook(notes=0b1, centre=0b1)) > 0  # the box
    if notes.joined(CellLook(notes=0b1, corner=0b1))[1]:  # no room for the ring
        assert beyond_the_digit(CellLook(notes=0b1, corner=0b1)) > 0  # the notch
