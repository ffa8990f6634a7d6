"""Scenes and the stack they live on (after Pygame Zero and Tuxemon).

Lifecycle of a :class:`Scene`:

- ``enter()``: it was put on the stack (pushed, or placed by replace/reset).
- ``cover()``: another scene was pushed on top of it; it stops receiving input and
  time (the board pauses its clock here).
- ``uncover()``: the scene above it left; it is on top again.
- ``exit()``: it left the stack for good.

While on top, a scene receives every intent through ``handle(intent)`` and the
time that passed through ``update(dt)``; both may return a :class:`Transition`
(push, pop, replace, reset, quit, or go to a destination, which the app's router
turns into one of the others) that the stack applies.  ``draw(surface)`` paints
and never changes state.  A scene sets ``dirty`` when its picture changed and says
through ``wake_in()`` when it next needs a frame (an animation, the timer's next
second), so an idle game sleeps in ``pygame.event.wait``.

Overlays (pause, help, a result card) are scenes with ``opaque = False``: the
scenes under them are drawn first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ..input import InputContext, Intent
from .destinations import Destination


class Scene:
    """Base class with do-nothing hooks; subclasses override what they need."""

    opaque = True
    """False for overlays: the scenes below are drawn first."""

    def __init__(self) -> None:
        self.dirty = True

    # -- lifecycle ------------------------------------------------------------------

    def enter(self) -> None:
        """Put on the stack."""

    def exit(self) -> None:
        """Taken off the stack for good."""

    def cover(self) -> None:
        """Another scene went on top."""

    def uncover(self) -> None:
        """On top again."""
        self.invalidate()

    # -- the loop -------------------------------------------------------------------

    def input_context(self) -> InputContext:
        """How the gate should read keys for this scene (grid size, text entry)."""
        return InputContext()

    def handle(self, intent: Intent) -> Transition | None:
        return None

    def update(self, dt: float) -> Transition | None:
        return None

    def wake_in(self) -> float | None:
        """Seconds until this scene needs ``update`` again; None to sleep until input."""
        return None

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout."""
        self.dirty = True

    def restyle(self) -> None:
        """The theme or another look setting changed: drop cached pictures."""
        self.dirty = True

    def invalidate(self) -> None:
        """The picture on screen is gone (something was drawn over it): redraw it all."""
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Paint the scene; the rectangles that changed, or None for the whole window.

        Must not change any state but caches of what was drawn.
        """
        return None


@dataclass(frozen=True)
class Transition:
    """A change of the stack a scene asks for."""


@dataclass(frozen=True)
class Push(Transition):
    scene: Scene


@dataclass(frozen=True)
class Pop(Transition):
    pass


@dataclass(frozen=True)
class Replace(Transition):
    """Swap the top scene for another."""

    scene: Scene


@dataclass(frozen=True)
class Reset(Transition):
    """Clear the stack and put these scenes on it, bottom first."""

    scenes: tuple[Scene, ...]


@dataclass(frozen=True)
class Quit(Transition):
    pass


@dataclass(frozen=True)
class Go(Transition):
    """Go to a :mod:`.destinations` value; the app's router builds what it needs."""

    to: Destination


Router = Callable[[Destination], "Transition | None"]
"""Turns a destination into the transition that gets there (see :mod:`.routes`)."""


class SceneStack:
    """The scenes, bottom first; only the top one gets input and time."""

    def __init__(self, router: Router | None = None) -> None:
        self.scenes: list[Scene] = []
        self.quit = False
        self.router = router

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def __len__(self) -> int:
        return len(self.scenes)

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.top.cover()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        if len(self.scenes) <= 1:  # the last scene leaving means the game ends
            self.quit = True
            return
        self.scenes.pop().exit()
        self.top.uncover()
        self._mark_visible()

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()
        self._mark_visible()

    def reset(self, scenes: Sequence[Scene]) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        for scene in scenes:
            self.push(scene)

    def apply(self, transition: Transition | None) -> None:
        """Carry out what a scene asked for (None: nothing)."""
        match transition:
            case None:
                pass
            case Push(scene):
                self.push(scene)
            case Pop():
                self.pop()
            case Replace(scene):
                self.replace(scene)
            case Reset(scenes):
                self.reset(scenes)
            case Quit():
                self.quit = True
            case Go(destination):
                if self.router is None:
                    raise RuntimeError(f"no router to go to {destination!r}")
                self.apply(self.router(destination))

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                start = index
                break
        return self.scenes[start:]

    def needs_draw(self) -> bool:
        return any(scene.dirty for scene in self.visible())

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the visible scenes bottom up; what changed (None: everything).

        A scene alone on screen may redraw only its changed parts; under an overlay
        every visible scene redraws in full, since the overlay's veil covers it all.
        """
        visible = self.visible()
        if len(visible) > 1:
            for scene in visible:
                scene.invalidate()
        rects: list[pygame.Rect] | None = []
        for scene in visible:
            drawn = scene.draw(surface)
            rects = None if drawn is None or rects is None else rects + drawn
            scene.dirty = False
        return rects

    def mark_all_dirty(self) -> None:
        for scene in self.scenes:
            scene.dirty = True

    def _mark_visible(self) -> None:
        for scene in self.visible():
            scene.invalidate()
