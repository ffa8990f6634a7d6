"""The small input line opened by ``:`` for typing a move such as ``4 7 9``.

It only collects text; the board parses and plays it through the callback and
reports errors in its own status line, leaving this line open for a correction.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..input import Edit, EditKey, InputContext, Intent, Pointer, PointerKind, TextInput
from ..stage import AppContext, Pop, Scene, Transition

MAX_LENGTH = 24


class TypedMoveScene(Scene):
    opaque = False

    def __init__(
        self,
        ctx: AppContext,
        anchor: pygame.Rect,
        submit: Callable[[str], bool],
        tick: Callable[[float], None],
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.anchor = anchor  # the board: the line sits over its lower edge
        self.submit = submit  # plays the move; False keeps the line open
        self.tick = tick  # the game's clock keeps running while a move is typed
        self.text = ""

    def input_context(self) -> InputContext:
        return InputContext(text_entry=True)

    def enter(self) -> None:
        pygame.key.start_text_input()

    def exit(self) -> None:
        # Text input stays on in pygame 2 by default; leave it as we found it.
        pygame.key.start_text_input()

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, TextInput):
            if intent.text != ":" or self.text:
                self.text = (self.text + intent.text)[:MAX_LENGTH]
                self.dirty = True
        elif isinstance(intent, EditKey):
            if intent.edit is Edit.CANCEL:
                return Pop()
            if intent.edit is Edit.BACKSPACE:
                self.text = self.text[:-1]
                self.dirty = True
            elif intent.edit is Edit.ENTER:
                if self.submit(self.text):
                    return Pop()
                self.dirty = True
        elif isinstance(intent, Pointer) and intent.kind is PointerKind.PRESS:
            return Pop()
        return None

    def update(self, dt: float) -> Transition | None:
        self.tick(dt)
        return None

    def rect(self) -> pygame.Rect:
        board = self.anchor
        height = max(28, board.h // 11)
        box = pygame.Rect(0, 0, round(board.w * 0.8), height)
        box.midbottom = (board.centerx, board.bottom - height // 2)
        return box

    def draw(self, surface: pygame.Surface) -> None:
        p, text = self.ctx.palette, self.ctx.text
        box = self.rect()
        pygame.draw.rect(surface, p.surface, box, border_radius=box.h // 4)
        pygame.draw.rect(surface, p.accent, box, max(2, box.h // 16), border_radius=box.h // 4)
        size = round(box.h * 0.45)
        prompt = text.render("Move:", size, p.text_dim)
        x = box.x + box.h // 3
        surface.blit(prompt, prompt.get_rect(midleft=(x, box.centery)))
        x += prompt.get_width() + size // 2
        shown = self.text or "row col digit, e.g. 4 7 9"
        image = text.render(shown, size, p.text if self.text else p.disabled, bool(self.text))
        surface.blit(image, image.get_rect(midleft=(x, box.centery)))
        if self.text:
            caret_x = x + image.get_width() + 2
            pygame.draw.line(
                surface,
                p.accent,
                (caret_x, box.centery - size // 2),
                (caret_x, box.centery + size // 2),
                2,
            )
