"""What every scene shares: the session, fonts, the key map, background jobs, sounds.

Deliberately small.  The :class:`AppContext` holds services, not behaviour: the
game's rules and everything kept between runs are the
:class:`~game.session.mid_end.Session`'s; the context only lets scenes reach it
and the shared pieces of the screen, and tells the app when settings changed so
it can restyle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...session import Session, TaskRunner
from ...session.keep import Keeper
from ...session.play import Settings
from ...session.puzzles import PuzzleSupply
from ..input import KeyMap, post_task_done
from ..kit import Palette, Text, palette_for
from .sound import Sounds


class AppContext:
    """Shared services for scenes (see the module docstring)."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        session: Session | None = None,
        text: Text | None = None,
        tasks: TaskRunner | None = None,
        supply: PuzzleSupply | None = None,
        size: tuple[int, int] = (1280, 800),
    ) -> None:
        self.session = session or Session(Keeper.in_memory(settings), settings)
        self.text = text or Text()
        self.tasks = tasks or TaskRunner(wake=post_task_done)
        self.supply = supply or PuzzleSupply()
        """New puzzles made in the background, the next one made ahead (New game, Daily)."""
        self.notices: list[tuple[str, str]] = []
        self.size = size
        self.keymap = KeyMap(self.settings.key_bindings)
        self._listeners: list[Callable[[Settings, Settings], None]] = []
        self.sounds = Sounds(lambda: self.settings.sound_volume)
        """Short cues (placement, completed unit, win); silent at volume 0 or with no device."""
        self.listen(self.sounds.settings_changed)

    @property
    def settings(self) -> Settings:
        """The settings in force (the session's)."""
        return self.session.settings

    @property
    def keeper(self) -> Keeper:
        return self.session.keeper

    @property
    def palette(self) -> Palette:
        return palette_for(self.settings.theme)

    def listen(self, listener: Callable[[Settings, Settings], None]) -> None:
        """Call ``listener(old, new)`` after each settings change (the app restyles)."""
        self._listeners.append(listener)

    def tell(self, title: str, message: str) -> None:
        """Show the player a message on a card, once, as soon as a frame allows."""
        if (title, message) not in self.notices:
            self.notices.append((title, message))

    def use_session(self, session: Session) -> None:
        """Play with ``session`` (the one with the player's files, made at start-up)."""
        self.session = session
        self.keymap = KeyMap(self.settings.key_bindings)
        for title, message in session.keeper.take_notices():
            self.tell(title, message)

    def settings_override(self, **changes: Any) -> None:
        """Change settings for this run only (command-line flags); nothing is written."""
        self.session.override(**changes)

    def change_settings(self, **changes: Any) -> Settings:
        """Apply a settings change at once, everywhere: the session keeps it, scenes restyle."""
        old = self.settings
        new = self.session.change_settings(**changes)
        if new == old:
            return old
        if new.key_bindings != old.key_bindings:
            self.keymap = KeyMap(new.key_bindings)
        for listener in self._listeners:
            listener(old, new)
        return new
