"""The game in progress, kept on disk after every change so it is never lost.

:class:`Autosaver` is built for the frame loop: :meth:`~Autosaver.update` costs a
comparison when nothing changed, and otherwise only a snapshot (a few tuple
copies); turning it into text and writing it happen on the background
:class:`~.writer.Writer`, latest version wins, so a slow disk delays the file,
never a frame, and a burst of moves costs one write.  Writes are atomic
(:mod:`.storage`), so killing the game at any moment leaves the previous or the
new autosave, whole.

Lifecycle, for the UI:

- each frame (or after each action): ``autosaver.update(game, origin)``; it
  saves when the game changed (:attr:`~.game.Game.version`), and also every
  :data:`CLOCK_STEP` seconds of play so the clock is kept.  A finished game is
  saved like any other: the :class:`~.keeper.Keeper` decides when the file goes
  (:meth:`~Autosaver.clear`, once the player leaves a finished game), so closing
  the window while a card is up loses nothing.
- on pause, focus loss and quit: ``autosaver.flush()`` waits (briefly) until the
  latest state is on disk.
- at start: :func:`load_autosave` gives the game to offer under *Continue*, or
  None, plus a message when the file was corrupt (it is then set aside, never
  deleted; see :meth:`.storage.Storage.load`) or is not a file at all (a named
  pipe, a folder: left alone, and this run's autosaves stay in memory).
- a game past the save caps (50,000 moves) is saved with its oldest moves
  trimmed, so the autosave always loads (see :mod:`.savegame`).
- :meth:`~Autosaver.take_message` returns a write failure once, for the status line.

Each copy of the game has its own autosave file (:mod:`.copies`), and every
autosave carries the token of the copy that wrote it (``written_by``): clearing
removes the file only while it still holds this copy's token, so a finished
game's clean-up can never delete another copy's game in progress, even where the
folder's locks do not work.
"""

from __future__ import annotations

import dataclasses
import secrets
from dataclasses import dataclass

from ..play.game import Game
from ..play.puzzle_kind import Origin
from ..play.settings import Settings
from .savegame import SavedGame, load_saved, now_text, snapshot
from .storage import Storage
from .writer import Action, Writer

AUTOSAVE = "autosave.sudoku"
"""The autosave's file name in the data folder."""

CLOCK_STEP = 10.0
"""Seconds of play between saves made only to keep the clock."""


@dataclass(frozen=True)
class Resumed:
    """What :func:`load_autosave` found: a game to continue (or None) and a message."""

    saved: SavedGame | None
    message: str = ""


def load_autosave(
    storage: Storage, settings: Settings | None = None, name: str = AUTOSAVE
) -> Resumed:
    """The unfinished game of the last run, if there is one; never raises.

    A corrupt autosave is set aside (renamed, kept) and the message says where.
    A game that cannot be played on (solved, lost, abandoned) is not offered, but
    its file is left alone; a game whose solution is shown is, since Undo revives it.
    """
    loaded = storage.load(name, lambda text: load_saved(text, settings), "your game in progress")
    saved = loaded.value
    if saved is not None and saved.game.phase.final:
        saved = None
    return Resumed(saved, loaded.message)


class Autosaver:
    """Writes the current game to :data:`AUTOSAVE` after every change; see the module.

    ``writer`` is shared with the other files of the data folder (one thread for
    all); without one, the autosaver makes its own.  ``token`` marks the files it
    writes as this copy's (a fresh random one by default).
    """

    def __init__(
        self, writer: Writer | Storage, name: str = AUTOSAVE, token: str | None = None
    ) -> None:
        self.writer = writer if isinstance(writer, Writer) else Writer(writer)
        self.name = name
        self.token = token or secrets.token_hex(8)
        self._last: tuple[object, ...] | None = None
        self._game: Game | None = None
        self._created = ""

    def update(
        self,
        game: Game,
        origin: Origin | None = None,
        created: str = "",
        cursor: int | None = None,
    ) -> bool:
        """Save ``game`` if it changed since the last save; whether it queued anything.

        ``created`` is the game's start time when it was loaded from a save (kept
        in the file); otherwise the first save of a game stamps it.  ``cursor`` is
        the board's cursor (kept in the save too).
        """
        if _same(self._last, _signature(game, origin, cursor)):
            return False
        self.save(game, origin, created, cursor)
        return True

    def save(
        self,
        game: Game,
        origin: Origin | None = None,
        created: str = "",
        cursor: int | None = None,
    ) -> None:
        """Queue ``game`` as it is now."""
        self._last = _signature(game, origin, cursor)
        if game is not self._game:
            self._game = game
            self._created = created or now_text()
        taken = snapshot(game, origin, self._created, cursor)
        taken = dataclasses.replace(taken, written_by=self.token)
        self.writer.put(self.name, taken.text)

    def clear(self) -> None:
        """Remove the autosave if this copy wrote it (the player left a finished game);
        replaces any save queued."""
        self._last = None
        self._game = None
        self.writer.put(self.name, RemoveOwn(self.name, self.token))

    def flush(self, timeout: float = 2.0) -> bool:
        """Wait until the latest save is on disk; False if ``timeout`` ran out."""
        return self.writer.flush(timeout)

    def take_message(self) -> str:
        """A write failure, once (see :meth:`.writer.Writer.take_message`)."""
        return self.writer.take_message()


class RemoveOwn(Action):
    """Remove an autosave only while it holds ``token``: another copy's game stays."""

    def __init__(self, name: str, token: str) -> None:
        self.name = name
        self.mark = f'"written_by": "{token}"'  # as savegame writes it (json_record)

    def run(self, storage: Storage) -> str:
        with storage.exclusive():
            try:
                text = storage.read(self.name)
            except (OSError, ValueError):
                return ""  # not ours to judge, so not ours to remove
            if text is not None and self.mark in text:
                storage.remove(self.name)
        return ""


def _signature(game: Game, origin: Origin | None, cursor: int | None) -> tuple[object, ...]:
    """What decides whether a game changed since its last save (cheap to build).

    The game's version changes with every move, undo, redo, counter and phase;
    the clock counts in steps of :data:`CLOCK_STEP`; the board's cursor is kept too.
    """
    return (game, game.version, int(game.elapsed // CLOCK_STEP), origin, cursor)


def _same(a: tuple[object, ...] | None, b: tuple[object, ...]) -> bool:
    """Whether two signatures match: the game by identity, the rest by value."""
    return a is not None and a[0] is b[0] and a[1:] == b[1:]
