"""A deduction's picture keeps what it teaches in sight: no line or label covers a
candidate the step names, and every label stays on the board."""

from __future__ import annotations

import math

import pygame
import pytest

from game.session.play import Theme
from game.session.trainer.exemplars import examples
from game.ui.board.deduction_view import draw_deduction, keep_out
from game.ui.board.layout import geometry_in
from game.ui.board.looks import step_looks
from game.ui.kit.text import Text
from game.ui.kit.theme import palette_for

TECHNIQUES = (
    "X-Wing",
    "Finned Swordfish",
    "Franken X-Wing",
    "Sue de Coq",
    "ALS-XY-Wing",
    "X-Chain",
)
BACKGROUND = (1, 2, 3)


@pytest.mark.parametrize("side", [400, 700], ids=lambda s: f"{s}px")
@pytest.mark.parametrize("technique", TECHNIQUES)
def test_no_line_or_label_covers_a_named_candidate(technique: str, side: int) -> None:
    found = [e for e in examples(technique) if e.step is not None][:3]
    assert found, f"the catalogue has a {technique}"
    text = Text()
    palette = palette_for(Theme.LIGHT)
    for example in found:
        step = example.step
        assert step is not None and (step.areas or step.links)
        surface = pygame.Surface((side + 40, side + 40))
        surface.fill(BACKGROUND)
        geometry = geometry_in(pygame.Rect(20, 20, side, side), example.position.size)
        labels = draw_deduction(
            surface, step, geometry, palette, text, step_looks(example.position, step)
        )
        board = geometry.rect
        assert all(board.contains(label) for label in labels), "labels stay on the board"
        assert not any(a.colliderect(b) for i, a in enumerate(labels) for b in labels[i + 1 :]), (
            "labels do not cover each other"
        )
        for x, y, r in keep_out(step, geometry):
            inner = r * 0.7  # the candidate's glyph and the inside of its ring
            for dx in range(-math.floor(inner), math.floor(inner) + 1):
                for dy in range(-math.floor(inner), math.floor(inner) + 1):
                    if dx * dx + dy * dy <= inner * inner:
                        pixel = surface.get_at((round(x) + dx, round(y) + dy))[:3]
                        assert pixel == BACKGROUND, (
                            f"{technique} ({example.source}): a line or label covers the "
                            f"candidate at {x, y}"
                        )
