"""Every form at every common window size: readable, whole, inside its card, nothing overlapping.

Each dialog (in each of its states) is drawn at 800x600, 1280x800, 1920x1080 and
3840x2160 through a :class:`~game.ui.kit.text.Text` that records every string it
renders, so the type-size rule is checked on what is really drawn, not on what
the layout intends.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.session.keep.stats import Statistics
from game.session.play import Settings
from game.session.tasks import TaskRunner
from game.ui.forms.layout import MIN_TEXT
from game.ui.forms.model import Buttons, Labels, Lines
from game.ui.forms.scene import FormScene
from game.ui.input.actions import Action
from game.ui.kit import widgets
from game.ui.kit.text import Text, Where
from game.ui.screens.keys import KeysScene
from game.ui.screens.new_game import NewGameScene
from game.ui.screens.save_dialog import Mode, SaveDialogScene, check_name
from game.ui.screens.settings import SettingsScene
from game.ui.screens.statistics import StatisticsScene
from game.ui.stage.context import AppContext

from ..conftest import prepared
from ..screens.test_statistics import filled

SIZES = [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)]


class Recording(Text):
    """Text that remembers every (string, size) it renders."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn: list[tuple[str, int]] = []

    def render(
        self,
        text: str,
        size: int,
        colour: tuple[int, int, int],
        bold: bool = False,
        width: int | None = None,
        where: Where = "end",
    ) -> pygame.Surface:
        self.drawn.append((text, size))
        return super().render(text, size, colour, bold, width, where)


def context(size: tuple[int, int]) -> AppContext:
    ctx = AppContext(Settings(fullscreen=False), tasks=TaskRunner(wake=lambda: None), size=size)
    ctx.text = Recording()
    return ctx


def keys_waiting(ctx: AppContext) -> FormScene:
    """The Keys page asking whether to move a taken key (a conflict band, a long message)."""
    scene = KeysScene(ctx)
    scene.start_waiting((scene.actions.index(Action.HINT), 1))
    scene.captured("c")
    return scene


def keys_unbound(ctx: AppContext) -> FormScene:
    """The Keys page with an action left without keys (its line says so)."""
    ctx.change_settings(
        key_bindings={
            "move-up": (),
            "erase": ("backspace", "delete", "0", "kp0", "f2", "ctrl+shift+e"),
        }
    )
    return KeysScene(ctx)


def statistics(count: int) -> Callable[[AppContext], FormScene]:
    def make(ctx: AppContext) -> FormScene:
        ctx.keeper.data.stats = filled(count) if count else Statistics()
        return StatisticsScene(ctx)

    return make


def save(replacing: bool) -> Callable[[AppContext], FormScene]:
    def make(ctx: AppContext) -> FormScene:
        game = ctx.session.start(prepared())
        origin = ctx.session.origin
        assert origin is not None
        scene = SaveDialogScene(ctx, game, origin, lambda _: None)
        if replacing:
            scene.replacing = check_name("My game", Path("/nowhere"), Mode.GAME)
        return scene

    return make


FORMS: dict[str, Callable[[AppContext], FormScene]] = {
    "settings": SettingsScene,
    "new game": NewGameScene,
    "keys": KeysScene,
    "keys waiting": keys_waiting,
    "keys unbound": keys_unbound,
    "statistics empty": statistics(0),
    "statistics": statistics(12),
    "statistics scrolled": statistics(40),
    "save": save(False),
    "save replace": save(True),
}


def drawn(name: str, size: tuple[int, int]) -> tuple[FormScene, Recording]:
    ctx = context(size)
    scene = FORMS[name](ctx)
    widgets._buttons.clear()  # cached buttons would hide their labels' sizes from the record
    scene.draw(pygame.Surface(size))
    text = ctx.text
    assert isinstance(text, Recording)
    return scene, text


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", FORMS)
def test_no_text_under_the_floor_and_every_label_whole(name: str, size: tuple[int, int]) -> None:
    scene, text = drawn(name, size)
    small = [(words, px) for words, px in text.drawn if px < MIN_TEXT]
    assert not small, small
    strings = {words for words, _ in text.drawn}
    layout = scene.layout()
    controls = scene.spec().controls()
    for line in layout.lines:
        label = controls[line.stop].label
        assert not label or label in strings, f"{label!r} is cut"
    assert scene.spec().title in strings


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", FORMS)
def test_everything_inside_the_card_and_nothing_overlapping(
    name: str, size: tuple[int, int]
) -> None:
    scene, _ = drawn(name, size)
    layout = scene.layout()
    card = layout.card
    assert pygame.Rect(0, 0, *size).contains(card)
    parts = list(scene.controls().values())
    assert parts
    regions = [*layout.notes.values(), *layout.areas.values()]
    for rect in parts + regions:
        assert card.contains(rect), (rect, card)
    for a, b in itertools.combinations(parts, 2):
        assert not a.colliderect(b), (a, b)
    for part, region in itertools.product(parts, regions):
        assert not part.colliderect(region), (part, region)
    # A label beside its control ends before the control (or its remark) begins.
    text = scene.ctx.text
    controls = scene.spec().controls()
    beside = not any(isinstance(b, Lines) and b.labels is Labels.ABOVE for b in scene.spec().blocks)
    for line in layout.lines:
        control = controls[line.stop]
        if not control.label or not beside:
            continue
        end = line.label.x + text.measure(control.label, layout.text)[0]
        start = line.parts[0].x
        if isinstance(control, Buttons) and line.remark is not None:
            start = line.remark.x
        assert end < start, (control.label, end, start)


@pytest.mark.parametrize("name", FORMS)
def test_cards_grow_with_the_window(name: str) -> None:
    """At 4K a dialog is about twice its size at 1920x1080, not an island in the background."""
    full_hd = drawn(name, (1920, 1080))[0].layout()
    four_k = drawn(name, (3840, 2160))[0].layout()
    assert four_k.card.w >= 1.8 * full_hd.card.w
    assert four_k.card.h >= 1.8 * full_hd.card.h
    assert four_k.text >= 1.8 * full_hd.text
