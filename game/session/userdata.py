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
from dataclasses import dataclass, field
from pathlib import Path

from .autosave import Autosaver, Resumed, load_autosave
from .filenames import SaveName
from .game import Game
from .kinds import Origin, PuzzleKind
from .migration import open_migrated_folder
from .paths import SAVES, DataFolder, open_data_folder, saves_dir
from .picker.recent import RECENT, RecentFolders, load_recent
from .savegame import write_game
from .settings import Settings
from .stats import STATS, Statistics, load_stats
from .storage import (
    FileStorage,
    MemoryStorage,
    Storage,
    StorageError,
    json_text,
    parse_json,
    remove_stale_temporaries,
)
from .writer import Writer

SETTINGS = "settings.json"
"""The settings file's name in the data folder."""

SETTINGS_VERSION = 1
"""The settings file's format version: written, and the newest read."""

_SETTING_KEYS = frozenset(item.name for item in dataclasses.fields(Settings)) | {"version"}


def parse_settings(text: str) -> Settings:
    """Settings from a file's text: every valid value kept, the rest default.

    :raises ValueError: when it is not JSON, not a JSON object, an object in
        which no key is a setting (another file under this name), or the
        settings of a newer version of the game.
    """
    data = parse_json(text)
    if not isinstance(data, dict):
        raise ValueError("not settings of this game (the JSON is not an object)")
    version = data.get("version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError("not settings of this game ('version' is not a whole number from 1)")
    if version > SETTINGS_VERSION:
        raise ValueError(
            f"saved by a newer version of the game: format {version}, this one reads up "
            f"to {SETTINGS_VERSION}"
        )
    if data and not _SETTING_KEYS.intersection(data):
        raise ValueError("not settings of this game (none of its keys is a setting)")
    return Settings.from_dict(data)


def settings_text(settings: Settings) -> str:
    """The text of ``settings.json``."""
    return json_text({"version": SETTINGS_VERSION, **settings.to_dict()})


def load_settings(storage: Storage) -> tuple[Settings, str]:
    """The saved settings (defaults if none) and a message if the file was set aside."""
    loaded = storage.load(SETTINGS, parse_settings, "your settings")
    return loaded.value or Settings(), loaded.message


@dataclass
class UserData:
    """The player's files, loaded; see the module docstring for the calls."""

    folder: DataFolder
    storage: Storage
    writer: Writer
    settings: Settings
    stats: Statistics
    resumed: Resumed
    autosaver: Autosaver
    recent: RecentFolders = field(default_factory=RecentFolders)
    _messages: list[str] = field(default_factory=list)

    def take_messages(self) -> list[str]:
        """Messages for the player not shown yet (each is returned once)."""
        messages = [m for m in self._messages if m]
        self._messages.clear()
        failure = self.writer.take_message()
        if failure:
            messages.append(failure)
        return messages

    def save_settings(self, settings: Settings) -> None:
        """Keep ``settings`` (written in the background)."""
        self.settings = settings
        text = settings_text(settings)
        self.writer.put(SETTINGS, lambda: text)

    def used_folder(self, folder: str) -> None:
        """The player chose a puzzle in ``folder``: it heads the recent folders (written
        in the background when that changed the list)."""
        if self.recent.add(folder):
            text = self.recent.to_json()
            self.writer.put(RECENT, lambda: text)

    def start_game(self, game: Game, origin: Origin | None = None, created: str = "") -> None:
        """A game begins (new, opened or continued): mark its puzzle, autosave it."""
        self.stats.started(game.puzzle)
        self._write_stats()
        self.autosaver.save(game, origin, created)

    def record_game(self, game: Game, kind: PuzzleKind) -> bool:
        """Count ``game`` in the statistics and write them; False if it was counted before."""
        if not self.stats.record(game, kind):
            return False
        self._write_stats()
        return True

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
        """Write everything still queued (at quit); whether it all made it in time."""
        return self.writer.close(timeout)

    def _write_stats(self) -> None:
        text = self.stats.to_json()  # made here: the writer must not read live stats
        self.writer.put(STATS, lambda: text)


def open_user_data(path: Path | None = None, *, threaded: bool = True) -> UserData:
    """Open the data folder and load everything.

    The default folder is :func:`.paths.data_dir`, where an earlier version's files
    are moved first (:func:`.migration.open_migrated_folder`, said in a message).

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
    writer = Writer(storage, threaded=threaded)
    settings, settings_message = load_settings(storage)
    stats = load_stats(storage)
    if stats.salvaged and stats.value is not None:
        text = stats.value.to_json()  # what was read, so the next run finds a whole file
        writer.put(STATS, lambda: text)
    resumed = load_autosave(storage, settings)
    recent = load_recent(storage)  # quietly: see .picker.recent
    messages = [moved_message, folder.message, settings_message, stats.message, resumed.message]
    return UserData(
        folder=folder,
        storage=storage,
        writer=writer,
        settings=settings,
        stats=stats.value or Statistics(),
        resumed=resumed,
        autosaver=Autosaver(writer),
        recent=recent,
        _messages=messages,
    )
