"""The window: full screen or a resizable window, title, icon, presenting frames.

Full screen uses the desktop resolution (``set_mode((0, 0), FULLSCREEN)``), not a
video mode change, so switching is quick and never leaves the desktop at a wrong
resolution.  ``pygame.display.toggle_fullscreen`` was not used: it is unreliable
outside X11.
"""

from __future__ import annotations

import pygame

from .icon import load_icon

TITLE = "Sudoku"
MIN_SIZE = (640, 480)


def desktop_size() -> tuple[int, int]:
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0] if sizes else (1280, 800)


def fitted(size: tuple[int, int]) -> tuple[tuple[int, int], bool]:
    """``size`` made to fit the desktop (and at least the smallest window); whether it
    had to change.  A window larger than the screen cannot be seen whole, and a huge
    one would cost gigabytes of surface before any message could say so."""
    most = desktop_size()
    width = min(max(MIN_SIZE[0], size[0]), most[0])
    height = min(max(MIN_SIZE[1], size[1]), most[1])
    return (width, height), (width, height) != size


def default_window_size() -> tuple[int, int]:
    """A window that fits the desktop comfortably: 1280x800, or 85 % of a small screen."""
    width, height = desktop_size()
    return (min(1280, int(width * 0.85)), min(800, int(height * 0.85)))


class Display:
    """Owns the display surface; every mode change goes through here."""

    def __init__(self, fullscreen: bool, window_size: tuple[int, int] | None = None) -> None:
        pygame.display.set_caption(TITLE)
        pygame.display.set_icon(load_icon())
        self.window_size = window_size or default_window_size()
        self.fullscreen = fullscreen
        self.surface = self._open()

    def _open(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        width = max(MIN_SIZE[0], self.window_size[0])
        height = max(MIN_SIZE[1], self.window_size[1])
        return pygame.display.set_mode((width, height), pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def set_fullscreen(self, on: bool) -> bool:
        """Switch mode; whether the size changed (layouts then rebuild)."""
        if on == self.fullscreen:
            return False
        before = self.size
        if on:
            self.window_size = self.size  # come back to the same window later
        self.fullscreen = on
        self.surface = self._open()
        return self.size != before

    def resized(self, size: tuple[int, int]) -> bool:
        """The window manager resized the window; whether our surface changed."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.surface = surface
        if not self.fullscreen:
            self.window_size = self.size
        return True

    def present(self, rects: list[pygame.Rect] | None = None) -> None:
        """Show the frame: all of it, or only ``rects`` (cheaper on a real display)."""
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)
