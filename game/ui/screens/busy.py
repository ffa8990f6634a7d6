"""Work in progress: a spinner, what is being done, and Cancel.

The job runs on the task runner; this scene only animates while it waits (the
spinner is feedback the player asked for, not idle motion), and on success hands
the result to a continuation that says where to go next.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from ...engine.errors import PuzzleError
from ...session import Task
from ...session.keep import SaveError
from ..input import Intent
from ..kit import Item, draw_spinner
from ..stage import AppContext, Pop, Replace, Transition
from .card import CardScene
from .notice import NoticeScene

FRAME = 1 / 30  # the spinner turns smoothly at 30 frames a second


class BusyScene(CardScene):
    reserve = 1.2

    def __init__(
        self,
        ctx: AppContext,
        message: str,
        job: Callable[[Task[Any]], Any],
        then: Callable[[Any], Transition],
    ) -> None:
        super().__init__(ctx, message, "", [Item("cancel", "Cancel")])
        self.job = job
        self.then = then
        self.task: Task[Any] | None = None
        self.phase = 0.0
        self.result: Transition | None = None

    def enter(self) -> None:
        self.task = self.ctx.tasks.run(self.job, self._done, self._failed, "busy")

    def exit(self) -> None:
        if self.task is not None:
            self.task.cancel()

    def _done(self, value: Any) -> None:
        self.task = None
        self.result = self.then(value)
        self.dirty = True

    def _failed(self, error: BaseException) -> None:
        self.task = None
        title = "This puzzle cannot be opened"
        if isinstance(error, SaveError):
            title = "This saved game cannot be opened"
            name = Path(error.path).name if error.path else ""
            message = f"{name}: {error.reason}" if name else error.reason
        elif isinstance(error, PuzzleError):
            name = Path(error.path).name if error.path else ""
            message = f"{name}, {error}" if name else str(error)
        elif isinstance(error, OSError):
            message = f"The file could not be read: {error.strerror or error}"
        else:
            title = "Something went wrong"
            message = f"{type(error).__name__}: {error}"
        self.result = Replace(NoticeScene(self.ctx, title, message))

    def choose(self, key: str) -> Transition | None:
        return Pop()

    def handle(self, intent: Intent) -> Transition | None:
        if self.result is not None:
            return None
        return super().handle(intent)

    def update(self, dt: float) -> Transition | None:
        if self.result is not None:
            result, self.result = self.result, None
            return result
        self.phase = (self.phase + dt * 1.1) % 1.0
        self.dirty = True
        return None

    def wake_in(self) -> float | None:
        return 0.0 if self.result is not None else FRAME

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        unit = self.card.unit
        radius = round(unit * 0.34)
        centre = self.reserved.center
        draw_spinner(surface, self.ctx.palette.accent, centre, radius, self.phase)
        task = self.task
        if task is not None and task.elapsed >= 2.0:  # a long wait says how long
            done = f" · {task.progress:.0%}" if task.progress > 0 else ""
            label = self.ctx.text.render(
                f"{task.elapsed:.0f} s{done}", round(unit * 0.24), self.ctx.palette.text_dim
            )
            surface.blit(label, label.get_rect(midleft=(centre[0] + radius + unit // 3, centre[1])))
