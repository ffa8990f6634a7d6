"""The form kit: keyboard navigation, hit-testing, hover, the focus ring, scrolling.

Driven through a small form of every control kind (:class:`Toy`), with intents
passed straight to the scene as the gate would make them.
"""

from __future__ import annotations

import pygame
import pytest

from game.session.play import Settings
from game.session.tasks import TaskRunner
from game.ui.forms.layout import MIN_TEXT
from game.ui.forms.model import Button, Buttons, Choice, Control, FormSpec, Lines, Switch
from game.ui.forms.scene import FormScene
from game.ui.input.actions import Action, Command
from game.ui.input.gate import Pointer, PointerKind
from game.ui.stage.context import AppContext
from game.ui.stage.scene_stack import Pop, Transition

COLOURS = (("red", "Red"), ("green", "Green"), ("blue", "Blue"))


class Toy(FormScene):
    """A choice (Green unusable), a switch, three buttons (Y unusable) and a footer."""

    def __init__(self, ctx: AppContext, *, enter_default: bool = False, extra: int = 0) -> None:
        super().__init__(ctx)
        self.values: dict[str, object] = {"colour": "red", "loud": False}
        self.pressed: list[object] = []
        self.enter_default = enter_default
        self.extra = extra

    def spec(self) -> FormSpec:
        controls: tuple[Control, ...] = (
            Choice("colour", "Colour", COLOURS),
            Switch("loud", "Loud"),
            Buttons("act", "Act", (Button("x", "X"), Button("y", "Y"), Button("z", "Z"))),
            *(Switch(f"more{i}", f"More {i}") for i in range(self.extra)),
        )
        footer = Buttons("footer", "", (Button("cancel", "Cancel"), Button("ok", "OK", True)))
        lines = Lines(controls, scroll=bool(self.extra))
        return FormSpec("Toy", (lines,), footer, enter_default=self.enter_default)

    def value(self, key: str) -> object:
        return self.values.get(key, False)

    def enabled(self, key: str, value: object) -> bool:
        return value not in ("green", "y")

    def change(self, key: str, value: object) -> Transition | None:
        if key == "colour" or key == "loud":
            self.values[key] = value
        else:
            self.pressed.append(value)
        return Pop() if value == "ok" else None


def make(size: tuple[int, int] = (1280, 800), **options: object) -> Toy:
    ctx = AppContext(Settings(fullscreen=False), tasks=TaskRunner(wake=lambda: None), size=size)
    return Toy(ctx, **options)  # type: ignore[arg-type]


def key(scene: FormScene, action: Action) -> Transition | None:
    return scene.handle(Command(action))


def click(scene: FormScene, pos: tuple[int, int]) -> Transition | None:
    return scene.handle(Pointer(PointerKind.PRESS, pos, 1))


COLOUR, LOUD, ACT, FOOTER = range(4)


# -- the keyboard -------------------------------------------------------------------------------


def test_arrows_and_tab_move_through_the_controls_and_wrap() -> None:
    scene = make()
    assert scene.form.focus == (COLOUR, 0)
    for expected in (LOUD, ACT, FOOTER, COLOUR):
        key(scene, Action.MOVE_DOWN)
        assert scene.form.focus[0] == expected
    key(scene, Action.PREVIOUS)  # Shift+Tab
    assert scene.form.focus[0] == FOOTER
    key(scene, Action.NEXT)  # Tab
    assert scene.form.focus[0] == COLOUR
    key(scene, Action.MOVE_UP)
    assert scene.form.focus[0] == FOOTER


def test_home_and_end_go_to_the_first_and_last_control() -> None:
    scene = make()
    key(scene, Action.LAST)
    assert scene.form.focus[0] == FOOTER
    key(scene, Action.FIRST)
    assert scene.form.focus[0] == COLOUR


def test_left_and_right_change_a_choice_skipping_what_cannot_be_chosen() -> None:
    scene = make()
    key(scene, Action.MOVE_RIGHT)
    assert scene.values["colour"] == "blue"  # Green is skipped
    key(scene, Action.MOVE_RIGHT)
    assert scene.values["colour"] == "red"  # and it wraps
    key(scene, Action.MOVE_LEFT)
    assert scene.values["colour"] == "blue"
    assert scene.form.focus == (COLOUR, 2)  # the focus follows the choice


def test_left_and_right_move_along_buttons_and_flip_a_switch() -> None:
    scene = make()
    scene.focus_on("act", "x")
    key(scene, Action.MOVE_RIGHT)
    assert scene.form.focus == (ACT, 2)  # Y cannot be used
    assert scene.pressed == []  # moving presses nothing
    scene.focus_on("loud")
    key(scene, Action.MOVE_LEFT)
    assert scene.values["loud"] is True


def test_enter_presses_flips_and_moves_a_choice_on() -> None:
    scene = make()
    key(scene, Action.CONFIRM)
    assert scene.values["colour"] == "blue"
    scene.focus_on("loud")
    key(scene, Action.CONFIRM)
    assert scene.values["loud"] is True
    scene.focus_on("act", "z")
    key(scene, Action.CONFIRM)
    assert scene.pressed == ["z"]
    scene.focus_on("footer", "ok")
    assert key(scene, Action.CONFIRM) == Pop()


def test_enter_on_a_choice_presses_the_default_where_enter_means_go() -> None:
    scene = make(enter_default=True)
    assert key(scene, Action.CONFIRM) == Pop()
    assert scene.pressed == ["ok"] and scene.values["colour"] == "red"


def test_esc_goes_back_and_unknown_keys_do_nothing() -> None:
    assert key(make(), Action.BACK) == Pop()
    scene = make()
    scene.dirty = False
    assert key(scene, Action.HINT) is None
    assert not scene.dirty and not scene.form.keyboard


def test_the_keys_are_a_table_a_scene_can_extend() -> None:
    scene = make()

    def hint() -> None:
        scene.pressed.append("hint")

    scene.commands[Action.HINT] = hint
    key(scene, Action.HINT)
    assert scene.pressed == ["hint"]


# -- the pointer ----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (3840, 2160)])
def test_every_part_hit_tests_to_itself(size: tuple[int, int]) -> None:
    scene = make(size)
    layout = scene.layout()
    targets = layout.targets()
    assert set(targets) == {(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1)}
    for target, rect in targets.items():
        for point in (rect.center, rect.topleft, (rect.right - 1, rect.bottom - 1)):
            assert layout.target_at(point) == target
    assert layout.target_at((0, 0)) is None
    assert layout.target_at(layout.card.midtop) is None


def test_clicks_pick_what_they_hit_and_take_the_focus() -> None:
    scene = make()
    click(scene, scene.rect_of("colour", "blue").center)
    assert scene.values["colour"] == "blue" and scene.form.focus == (COLOUR, 2)
    click(scene, scene.rect_of("colour", "green").center)  # cannot be chosen
    assert scene.values["colour"] == "blue"
    click(scene, scene.rect_of("loud").center)
    assert scene.values["loud"] is True
    click(scene, scene.rect_of("act", "y").center)
    click(scene, scene.rect_of("act", "z").center)
    assert scene.pressed == ["z"] and scene.form.focus == (ACT, 2)
    assert not scene.form.keyboard  # the mouse shows no focus ring
    assert click(scene, (1, 1)) is None
    assert click(scene, scene.rect_of("footer", "ok").center) == Pop()


def test_hover_follows_the_pointer_and_redraws_only_on_change() -> None:
    scene = make()
    rect = scene.rect_of("act", "x")
    scene.dirty = False
    scene.handle(Pointer(PointerKind.MOVE, rect.center))
    assert scene.form.hover == (ACT, 0) and scene.dirty
    scene.dirty = False
    scene.handle(Pointer(PointerKind.MOVE, rect.move(2, 0).center))
    assert not scene.dirty
    scene.handle(Pointer(PointerKind.LEAVE, (-1, -1)))
    assert scene.form.hover is None and scene.dirty


# -- the focus ring -------------------------------------------------------------------------------


def ring_pixel(scene: FormScene, rect: pygame.Rect) -> tuple[int, int, int]:
    """The colour just above ``rect``'s top edge, where the focus ring is drawn."""
    surface = pygame.Surface(scene.ctx.size)
    scene.draw(surface)
    colour = surface.get_at((rect.centerx, rect.y - 3))
    return (colour.r, colour.g, colour.b)


@pytest.mark.parametrize(("control", "value"), [("act", "z"), ("loud", None), ("colour", "red")])
def test_the_focus_ring_shows_once_the_keyboard_is_used(control: str, value: object) -> None:
    scene = make()
    scene.focus_on(control, value)
    rect = scene.rect_of(control, value)
    accent = scene.ctx.palette.accent
    assert ring_pixel(scene, rect) != accent  # the mouse player sees no ring
    scene.form.keyboard = True
    assert ring_pixel(scene, rect) == accent
    scene.focus_on("footer", "ok")
    assert ring_pixel(scene, rect) != accent  # it moved on


# -- scrolling -----------------------------------------------------------------------------------


def test_lines_that_do_not_fit_scroll_and_the_focus_stays_in_view() -> None:
    scene = make((800, 600), extra=30)
    scroll = scene.layout().scroll
    assert scroll is not None and scroll.shown < scroll.total == 33
    assert scene.layout().text >= MIN_TEXT
    for _ in range(20):
        key(scene, Action.MOVE_DOWN)
    assert (20, 0) in scene.controls()  # revealed
    assert scene.form.first > 0
    key(scene, Action.FIRST)
    assert scene.form.first == 0
    scene.handle(Pointer(PointerKind.WHEEL, (400, 300), wheel=-100))
    scroll = scene.layout().scroll
    assert scroll is not None and scene.form.first == scroll.total - scroll.shown
    card = scene.layout().card
    assert all(card.contains(rect) for rect in scene.controls().values())
