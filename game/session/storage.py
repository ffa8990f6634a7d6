"""Files that survive a crash: atomic writes, lenient reads, corrupt files set aside.

Writing (:func:`write_atomic`): the text goes to a temporary file in the target's
own folder (so the final rename stays on one file system), is flushed and
fsynced, then :func:`os.replace` puts it over the target in one step, and the
folder is fsynced where the platform allows it, so the rename itself survives a
power cut.  A reader therefore sees the old file or the new one, never a mix: a
process killed at any moment, even mid-save, loses at most the change it was
saving.  Writing in place, or a backup copy beside the file, would each leave a
window where neither copy is whole.

Reading (:meth:`Storage.load`): a missing file is normal (the first run) and
gives nothing without a message.  A file that cannot be decoded or parsed is
*set aside*: renamed to ``<name>.corrupt-<YYYYmmdd-HHMMSS>`` (a numbered suffix if
that exists), never deleted or overwritten, so a player or a bug report can still
recover it, and a sentence says so for the UI to show.

:class:`Storage` is the data folder as named files.  :class:`FileStorage` is the
real one; :class:`MemoryStorage` keeps files in memory for a run whose folder
cannot be written (see :mod:`.paths`), with the same behaviour, so the rest of
the game never asks which one it has.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

T = TypeVar("T")

MAX_BYTES = 16 * 1024 * 1024
"""Largest file read (the puzzle formats' cap for whole files); larger is corrupt."""

_STALE_AFTER = 600.0
"""Temporary files older than this (seconds) are left-overs of a killed save."""

_TEMP = re.compile(r"^\..+\.[A-Za-z0-9_]{6,}\.tmp$")
_REPLACE_TRIES = 5


class StorageError(Exception):
    """A file could not be written or removed; ``str()`` is a sentence for the player.

    Not a ValueError: nothing is wrong with the data, only with the disk.
    """


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What :meth:`Storage.load` found: the value (None if none) and a message.

    ``message`` is empty unless something went wrong that the player should know,
    such as a corrupt file that was set aside.
    """

    value: T | None
    message: str = ""


# -- single files -----------------------------------------------------------------------


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) in one step; OSError if it cannot be done."""
    data = text.encode("utf-8")
    folder = path.parent
    fd, temporary = _temporary(path)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        _keep_mode(path, temporary)
        _replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_folder(folder)


def _temporary(path: Path) -> tuple[int, str]:
    # The name is cut so a target near the 255-byte limit still has room for it.
    prefix = f".{path.name[:40]}."
    return tempfile.mkstemp(dir=path.parent, prefix=prefix, suffix=".tmp")


def _keep_mode(path: Path, temporary: str) -> None:
    """Give the new file the old one's permissions, or the usual ones for a new file.

    ``mkstemp`` makes files only the owner can read; a save the player chose to
    write somewhere should look like any other file they make.
    """
    if os.name != "posix":
        return
    try:
        mode = os.stat(path).st_mode & 0o777
    except OSError:
        mode = 0o666 & ~_UMASK
    os.chmod(temporary, mode)


def _current_umask() -> int:
    # Read once at import time, when no other thread can be creating files.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _current_umask()


def _replace(source: str, target: Path) -> None:
    # On Windows a reader (an antivirus, an editor) holding the target open makes
    # the rename fail for a moment; a few short retries ride that out.
    for attempt in range(_REPLACE_TRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if os.name != "nt" or attempt == _REPLACE_TRIES - 1:
                raise
            time.sleep(0.02 * (attempt + 1))


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable; not possible (nor needed) on Windows."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on folders; the rename is still atomic
    finally:
        os.close(fd)


def read_text(path: Path) -> str | None:
    """The UTF-8 text of ``path``, None if it does not exist.

    :raises OSError: when it exists but cannot be read (permission, a folder).
    :raises ValueError: when it is over :data:`MAX_BYTES` or not UTF-8 text.
    """
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return None
    if len(data) > MAX_BYTES:
        raise ValueError(f"the file is over {MAX_BYTES // (1024 * 1024)} MiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"the file is not UTF-8 text (bad byte at offset {error.start})") from None


def parse_json(text: str) -> object:
    """JSON text as data; ValueError with a short located reason when it is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(
            f"not JSON: {error.msg.lower()} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None


def aside_name(name: str, taken: Callable[[str], bool], now: float | None = None) -> str:
    """``<name>.corrupt-<timestamp>`` for ``name``, numbered so it is not ``taken``."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    candidate = f"{name}.corrupt-{stamp}"
    number = 2
    while taken(candidate):
        candidate = f"{name}.corrupt-{stamp}-{number}"
        number += 1
    return candidate


def set_aside(path: Path, now: float | None = None) -> Path:
    """Rename ``path`` out of the way, never over another file; the new path.

    :raises OSError: if the rename fails.
    """
    folder = path.parent
    target = folder / aside_name(path.name, lambda n: os.path.lexists(folder / n), now)
    # A hard link fails if the target exists, so nothing is overwritten even when
    # a second copy of the game sets the same file aside at the same moment.
    try:
        os.link(path, target)
    except FileExistsError:
        raise
    except OSError:
        os.rename(path, target)  # no hard links here (FAT, some network drives)
    else:
        os.unlink(path)
    return target


# -- the data folder ----------------------------------------------------------------------


class Storage(ABC):
    """The data folder as named files (``"settings.json"``, ``"autosave.sudoku"``).

    ``persistent`` says whether files outlive the run; ``message`` says why not.
    Safe to use from several threads for different names.
    """

    persistent: bool
    message: str

    @abstractmethod
    def read(self, name: str) -> str | None:
        """The text of ``name``, None if missing.

        :raises OSError: when it exists but cannot be read.
        :raises ValueError: when it is too large or not UTF-8.
        """

    @abstractmethod
    def write(self, name: str, text: str) -> None:
        """Replace ``name`` atomically; :class:`StorageError` if that fails."""

    @abstractmethod
    def remove(self, name: str) -> None:
        """Delete ``name`` if it exists; :class:`StorageError` if that fails."""

    @abstractmethod
    def set_aside(self, name: str) -> str:
        """Rename ``name`` to a ``.corrupt-`` name and return it; OSError on failure."""

    @abstractmethod
    def where(self, name: str) -> str:
        """Where ``name`` is, in words for a message."""

    def load(self, name: str, parse: Callable[[str], T], what: str) -> Loaded[T]:
        """Read and parse ``name``; a file that fails is set aside with a message.

        ``parse`` turns the text into a value and raises ValueError (or a subclass)
        when the text is bad.  ``what`` names the content for the message ("your
        game in progress").  Never raises.
        """
        try:
            text = self.read(name)
            if text is None:
                return Loaded(None)
            return Loaded(parse(text))
        except (OSError, ValueError, RecursionError) as error:
            reason = _reason(error)
        try:
            kept = self.set_aside(name)
        except OSError as error:
            return Loaded(
                None,
                f"Could not read {what} ({reason}), nor move the file out of the way "
                f"({_reason(error)}); it was left as it is in {self.where(name)}.",
            )
        return Loaded(
            None, f"Could not read {what} ({reason}). The file was kept as {self.where(kept)}."
        )


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError):
        return os_reason(error)
    if isinstance(error, RecursionError):
        return "it is nested too deeply"
    return str(error)


def os_reason(error: OSError) -> str:
    """An I/O error in a few words for a message: ``permission denied``, ``it is a folder``."""
    if isinstance(error, PermissionError):
        return "permission denied"
    if isinstance(error, IsADirectoryError):
        return "it is a folder"
    if isinstance(error, (FileExistsError, NotADirectoryError)):
        return "a file is in the way"
    return (error.strerror or str(error)).lower()


class FileStorage(Storage):
    """Files in a real folder, written atomically."""

    persistent = True
    message = ""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        remove_stale_temporaries(folder)

    def path(self, name: str) -> Path:
        return self.folder / name

    def read(self, name: str) -> str | None:
        return read_text(self.path(name))

    def write(self, name: str, text: str) -> None:
        try:
            write_atomic(self.path(name), text)
        except OSError as error:
            raise StorageError(f"Could not save {self.where(name)}: {_reason(error)}.") from error

    def remove(self, name: str) -> None:
        try:
            self.path(name).unlink(missing_ok=True)
        except OSError as error:
            raise StorageError(f"Could not remove {self.where(name)}: {_reason(error)}.") from error

    def set_aside(self, name: str) -> str:
        return set_aside(self.path(name)).name

    def where(self, name: str) -> str:
        return str(self.path(name))

    def __repr__(self) -> str:
        return f"FileStorage({self.folder!r})"


class MemoryStorage(Storage):
    """Files kept in memory for one run: the fallback when nothing can be written.

    With ``read_from`` (a folder that exists but is read-only), files not written
    in this run are read from there, so the player's settings and game still
    load; nothing there is ever changed.
    """

    persistent = False

    def __init__(
        self, message: str = "", files: dict[str, str] | None = None, read_from: Path | None = None
    ) -> None:
        self.message = message
        self.files: dict[str, str] = dict(files or {})
        self.read_from = read_from
        self._gone: set[str] = set()  # removed in this run: no longer read from the folder
        self._lock = threading.Lock()

    def read(self, name: str) -> str | None:
        with self._lock:
            if name in self.files or name in self._gone or self.read_from is None:
                return self.files.get(name)
        return read_text(self.read_from / name)

    def write(self, name: str, text: str) -> None:
        with self._lock:
            self.files[name] = text

    def remove(self, name: str) -> None:
        with self._lock:
            self.files.pop(name, None)
            self._gone.add(name)

    def set_aside(self, name: str) -> str:
        with self._lock:
            if name not in self.files:
                raise PermissionError(13, "the folder is read-only")
            kept = aside_name(name, self.files.__contains__)
            self.files[kept] = self.files.pop(name)
            return kept

    def where(self, name: str) -> str:
        if self.read_from is not None and name not in self.files:
            return str(self.read_from / name)
        return f"{name} (in memory only)"

    def __repr__(self) -> str:
        return f"MemoryStorage({self.message!r})"


def remove_stale_temporaries(folder: Path, now: float | None = None) -> int:
    """Delete temporary files that killed saves left behind; how many went.

    Only our own pattern (``.<name>.<random>.tmp``) and only old ones, so a save
    in progress in a second copy of the game is never touched.
    """
    now = time.time() if now is None else now
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not _TEMP.match(entry.name):
            continue
        try:
            if entry.is_file() and now - entry.stat().st_mtime > _STALE_AFTER:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed
