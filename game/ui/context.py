"""What every scene shares: settings, fonts, the key map, background jobs and seams.

Deliberately small.  The :class:`AppContext` holds services, not behaviour: the
scenes decide what to do, the context only lets them reach the shared pieces and
tell the app that settings changed.  :class:`Hooks` are the seams other parts of
the project fill in (the picker scene, saving, persistent settings and stats),
each with a default that keeps the game working without them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..session import Game, Settings
from ..session.current import Session
from ..session.keeper import Keeper
from ..session.sources import GameInfo
from ..session.supply import PuzzleSupply
from ..session.tasks import TaskRunner
from .gate import post_task_done
from .keymap import KeyMap
from .text import Text
from .theme import Palette, palette_for

if TYPE_CHECKING:
    from ..session.library import MarkSource
    from .scene_stack import Scene

PickerFactory = Callable[["AppContext", str | None], "Scene"]
"""Builds the puzzle picker scene for a folder (None: the last or default folder)."""


@dataclass
class Hooks:
    """Seams for the parts other engineers add; every one is optional."""

    picker: PickerFactory | None = None
    """The picker scene factory (``Open puzzle``, Ctrl+O, ``main.py DIR``)."""
    puzzle_mark: MarkSource | None = None
    """A puzzle id to its mark (in progress, solved, best time) for the picker;
    ``Statistics.mark`` fits.  Unset, every puzzle shows as new."""
    on_settings_changed: list[Callable[[Settings, Settings], None]] = field(default_factory=list)
    """Called with (old, new) after every settings change (persistence writes the file)."""
    on_game_over: list[Callable[[Game, GameInfo], None]] = field(default_factory=list)
    """Called once when a game is won or lost (persistent statistics go here)."""
    on_quit: list[Callable[[AppContext], None]] = field(default_factory=list)
    """Called as the game closes (autosave of the game in progress goes here)."""
    on_frame: list[Callable[[AppContext], None]] = field(default_factory=list)
    """Called once per frame after the scenes' update (autosave watches the game here)."""
    on_suspend: list[Callable[[AppContext], None]] = field(default_factory=list)
    """Called on pause, focus loss and minimise: the player may not come back soon."""


class AppContext:
    """Shared services for scenes (see the module docstring)."""

    def __init__(
        self,
        settings: Settings,
        *,
        text: Text | None = None,
        tasks: TaskRunner | None = None,
        hooks: Hooks | None = None,
        supply: PuzzleSupply | None = None,
        size: tuple[int, int] = (1280, 800),
    ) -> None:
        self._settings = settings
        self.text = text or Text()
        self.tasks = tasks or TaskRunner(wake=post_task_done)
        self.hooks = hooks or Hooks()
        self.session = Session()
        self.supply = supply or PuzzleSupply()
        """New puzzles made in the background, the next one made ahead (New game, Daily)."""
        self.keeper = Keeper.in_memory()
        """Settings, statistics and saves kept between runs (the seams install the real one)."""
        self.notices: list[tuple[str, str]] = []
        self.size = size
        self.keymap = KeyMap(settings.key_bindings)
        self._listeners: list[Callable[[Settings, Settings], None]] = []

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def palette(self) -> Palette:
        return palette_for(self._settings.theme)

    def listen(self, listener: Callable[[Settings, Settings], None]) -> None:
        """Call ``listener(old, new)`` after each settings change (the app restyles)."""
        self._listeners.append(listener)

    def tell(self, title: str, message: str) -> None:
        """Show the player a message on a card, once, as soon as a frame allows."""
        if (title, message) not in self.notices:
            self.notices.append((title, message))

    def adopt_settings(self, settings: Settings) -> None:
        """Start from ``settings`` (read from disk at start-up) without telling anyone."""
        self._settings = settings.normalised()
        self.keymap = KeyMap(self._settings.key_bindings)

    def settings_override(self, **changes: Any) -> None:
        """Change settings for this run without telling the seams (command-line flags)."""
        self._settings = dataclasses.replace(self._settings, **changes).normalised()

    def change_settings(self, **changes: Any) -> Settings:
        """Apply a settings change at once, everywhere, and tell the seams."""
        old = self._settings
        new = dataclasses.replace(old, **changes).normalised()
        if new == old:
            return old
        self._settings = new
        if new.key_bindings != old.key_bindings:
            self.keymap = KeyMap(new.key_bindings)
        if self.session.game is not None:
            self.session.game.settings = new
            # A mistake limit lowered below the mistakes made ends the game now (and
            # raised above them, brings it back); the board shows the card on return.
            self.session.game.recheck()
        for listener in self._listeners:
            listener(old, new)
        for hook in self.hooks.on_settings_changed:
            hook(old, new)
        return new
