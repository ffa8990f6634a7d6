"""Everything kept between runs, opened in one call: settings, statistics, the game in progress.

The UI calls :func:`open_user_data` once at start-up and talks to the
:class:`UserData` it returns; it never touches files itself.  The data folder
comes from :mod:`.paths`, after :mod:`.migration` has moved an earlier version's
files into it; when it cannot be used, everything works the same in memory
(:class:`~.storage.MemoryStorage`) and a message says so.  All
writes but "Save as" go through one background :class:`~.writer.Writer`, so none
of them costs a frame.

Files in the data folder: ``settings.json`` (:meth:`Settings.to_dict
<.settings.Settings.to_dict>` plus ``"version"``; read leniently, see
:func:`parse_settings`), ``stats.json`` (:mod:`.stats`), ``autosave.sudoku``
(:mod:`.autosave`), ``recent.json`` (the picker's recent folders,
:mod:`.picker.recent`), ``saves/`` (games saved by name, :mod:`.savegame`), and any
``*.corrupt-<time>`` file set aside (:mod:`.storage`).  Opening the folder removes
the temporary files of saves killed in an earlier run, in the folder and in
``saves/`` (:func:`.storage.remove_stale_temporaries`).

Every problem found at start (a folder that cannot be written, a file set aside,
something that is not a file where a data file should be) becomes one sentence
in :meth:`UserData.take_messages`; those about a file that could not be read
begin with "Could not read".

Use from the UI::

    data = open_user_data()
    for message in data.take_messages(): show(message)      # once, at start
    settings = data.settings; stats = data.stats
    if data.resumed.saved: offer "Continue" (data.resumed.saved.game)
    data.save_settings(new_settings)                         # on every change
    data.autosaver.update(game, origin)                      # every frame
    data.record_game(game, kind)                             # once; the keeper says when
    data.save_as(game, validate_save_name(text, data.saves_folder()), origin)
    data.close()                                             # at quit
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

from ..play.game import Game
from ..play.puzzle_kind import Origin, PuzzleKind
from ..play.settings import Settings
from .autosave import Autosaver, Resumed, load_autosave
from .copies import Claim, alone, claim
from .filenames import SaveName
from .migration import open_migrated_folder
from .paths import SAVES, DataFolder, open_data_folder, saves_dir
from .recent_folders import RECENT, RecentFolders, load_recent
from .savegame import write_game
from .shared import (
    SETTINGS,
    SETTINGS_VERSION,
    SettingsBook,
    StatsBook,
    load_settings,
    parse_settings,
    settings_text,
)
from .stats import STATS, Statistics, load_stats
from .storage import (
    FileStorage,
    MemoryStorage,
    Storage,
    StorageError,
    remove_stale_temporaries,
)
from .writer import Writer

__all__ = [
    "SETTINGS",
    "SETTINGS_VERSION",
    "UserData",
    "load_settings",
    "open_user_data",
    "parse_settings",
    "settings_text",
]


class UserData:
    """The player's files, loaded; see the module docstring for the calls."""

    def __init__(
        self,
        *,
        folder: DataFolder,
        storage: Storage,
        writer: Writer,
        settings: Settings,
        stats: Statistics,
        resumed: Resumed,
        autosaver: Autosaver,
        recent: RecentFolders | None = None,
        claim: Claim | None = None,
        messages: list[str] | None = None,
        stats_signature: object = None,
    ) -> None:
        self.folder = folder
        self.storage = storage
        self.writer = writer
        self.settings = settings
        self.book = StatsBook(stats, stats_signature, writer)
        self.settings_book = SettingsBook(writer)
        self.resumed = resumed
        self.autosaver = autosaver
        self.recent = recent or RecentFolders()
        self.claim = claim or alone()
        """This copy's place on the data folder (:mod:`.copies`)."""
        self._messages = list(messages or [])

    @property
    def stats(self) -> Statistics:
        """The statistics as this copy sees them (the frame thread's; see :mod:`.shared`)."""
        return self.book.view

    @stats.setter
    def stats(self, stats: Statistics) -> None:
        self.book.view = stats

    def take_messages(self) -> list[str]:
        """Messages for the player not shown yet (each is returned once)."""
        messages = [m for m in self._messages if m]
        self._messages.clear()
        for writer in dict.fromkeys((self.writer, self.autosaver.writer)):
            failure = writer.take_message()
            if failure:
                messages.append(failure)
        return messages

    def save_settings(self, settings: Settings, changed: dict[str, object] | None = None) -> None:
        """Keep ``settings`` (written in the background, merged with the file).

        ``changed`` names the settings the player changed (name -> value), the
        only ones written; by default every one that differs from the settings
        in force until now.
        """
        if changed is None:
            old = self.settings
            changed = {
                item.name: getattr(settings, item.name)
                for item in dataclasses.fields(Settings)
                if getattr(old, item.name) != getattr(settings, item.name)
            }
        self.settings = settings
        self.settings_book.change(dict(changed))

    def used_folder(self, folder: str) -> None:
        """The player chose a puzzle in ``folder``: it heads the recent folders (written
        in the background when that changed the list)."""
        if self.recent.add(folder):
            text = self.recent.to_json()
            self.writer.put(RECENT, lambda: text)

    def start_game(
        self,
        game: Game,
        origin: Origin | None = None,
        created: str = "",
        cursor: int | None = None,
    ) -> None:
        """A game begins (new, opened or continued): mark its puzzle, autosave it."""
        self.book.started(game)
        self.autosaver.save(game, origin, created, cursor)

    def record_game(self, game: Game, kind: PuzzleKind) -> bool:
        """Count ``game`` in the statistics and write them; False if it was counted before."""
        return self.book.record(game, kind) is not None

    def frame(self) -> None:
        """Once per frame: show the statistics as the last merge left them."""
        self.book.adopt()

    def saves_folder(self) -> Path | None:
        """The folder for "Save as", created on demand; None when nothing can be kept."""
        if self.folder.path is None:
            return None
        try:
            return saves_dir(self.folder.path)
        except OSError:
            return None

    def save_as(
        self, game: Game, name: SaveName, origin: Origin | None = None, created: str = ""
    ) -> str:
        """Write ``game`` where ``name`` says (overwriting); the sentence for the status line.

        Ask before overwriting when ``name.exists``; that question is the UI's.
        """
        if not name.ok or name.path is None:
            return name.message or "Saving needs a folder; none can be written."
        try:
            write_game(name.path, game, origin, created)
        except StorageError as error:
            return str(error)
        return f"Saved as {name.name}."

    def close(self, timeout: float = 2.0) -> bool:
        """Write everything still queued (at quit), then let this copy's place go;
        whether it all made it in time."""
        done = self.writer.close(timeout)
        if self.autosaver.writer is not self.writer:
            done = self.autosaver.writer.close(timeout) and done
        self.claim.release()
        return done


def open_user_data(path: Path | None = None, *, threaded: bool = True) -> UserData:
    """Open the data folder and load everything.

    The default folder is :func:`.paths.data_dir`, where an earlier version's files
    are moved first (:func:`.migration.open_migrated_folder`, said in a message).
    This copy takes its place on the folder (:mod:`.copies`): a second copy of the
    game gets an autosave of its own and a message saying so.

    Never raises: an unusable folder gives an in-memory store and a message,
    a corrupt file is set aside with a message (see :meth:`UserData.take_messages`).
    """
    started = time.time()  # left-overs of killed saves are older than this
    if path is None:
        moved = open_migrated_folder()
        folder, moved_message = moved.folder, moved.message
    else:
        folder, moved_message = open_data_folder(path), ""
    storage: Storage
    if folder.path is not None:
        storage = FileStorage(folder.path, started)
        remove_stale_temporaries(folder.path / SAVES, started)
    else:
        storage = MemoryStorage(folder.message, read_from=folder.readable)
    place = claim(folder.path)
    writer = Writer(storage, threaded=threaded)
    settings, settings_message = load_settings(storage)
    signature = storage.signature(STATS)  # before reading: a change after it is read again
    stats = load_stats(storage)
    if place.autosave is None:
        autosaver = Autosaver(Writer(MemoryStorage(), threaded=threaded))
        resumed = Resumed(None)
    else:
        autosaver = Autosaver(writer, place.autosave)
        resumed = load_autosave(storage, settings, place.autosave)
    recent = load_recent(storage)  # quietly: see .picker.recent
    messages = [
        moved_message,
        folder.message,
        place.message,
        settings_message,
        stats.message,
        resumed.message,
    ]
    data = UserData(
        folder=folder,
        storage=storage,
        writer=writer,
        settings=settings,
        stats=stats.value or Statistics(),
        resumed=resumed,
        autosaver=autosaver,
        recent=recent,
        claim=place,
        messages=messages,
        stats_signature=signature if not stats.message else storage.signature(STATS),
    )
    if stats.salvaged:
        data.book.write_back()  # what was read, so the next run finds a whole file
    return data
