"""The system clipboard, as text: pygame-ce's ``pygame.scrap.get_text``/``put_text``.

Those are SDL's clipboard (pygame-ce 2.2 and later) and need only the display
initialised; ``scrap.init``/``get``/``put`` are the older API, deprecated since
pygame-ce 2.2.0, and are not used.  Where there is no clipboard (the dummy video
driver of a headless run, a display server that refuses) reading gives "" and
writing says it failed: never an exception.
"""

from __future__ import annotations

import contextlib

import pygame


def read_clipboard() -> str:
    """The clipboard's text, or "" when there is none or it cannot be read."""
    with contextlib.suppress(pygame.error, AttributeError, UnicodeError):
        if pygame.display.get_init():
            return pygame.scrap.get_text() or ""
    return ""


def write_clipboard(text: str) -> bool:
    """Put ``text`` on the clipboard; whether that worked."""
    with contextlib.suppress(pygame.error, AttributeError, UnicodeError):
        if pygame.display.get_init():
            pygame.scrap.put_text(text)
            return True
    return False
