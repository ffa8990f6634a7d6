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
recover it, and a sentence says so for the UI to show.  A file read only in part
(:class:`Partial`: statistics with entries that make no sense) is set aside the
same way, and the part that was read is used.  One UTF-8 byte order mark at the
start is accepted (editors on Windows add one).

Not a file (:class:`NotAFileError`): a folder, named pipe, device or socket
standing where a data file should be is never opened (a named pipe would block
the game until something wrote into it; a device could be anything) and never
replaced or moved: the game says so, starts with defaults, and keeps that file's
changes in memory for the run.

Left-overs (:func:`remove_stale_temporaries`): a save killed between creating
its temporary file and the rename leaves ``.<name>.<8 random>.tmp`` behind.
Opening the folder removes those that are older than the run and that no live
process holds: every temporary file is locked while it is written (``flock`` on
POSIX), so a second copy of the game saving at that moment keeps its file.

:class:`Storage` is the data folder as named files.  :class:`FileStorage` is the
real one; :class:`MemoryStorage` keeps files in memory for a run whose folder
cannot be written (see :mod:`.paths`), with the same behaviour, so the rest of
the game never asks which one it has.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import tempfile
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

try:  # POSIX only; on Windows an open file cannot be deleted, which does the same job
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

T = TypeVar("T")

MAX_BYTES = 16 * 1024 * 1024
"""Largest file read (the puzzle formats' cap for whole files); larger is corrupt."""

_TEMP = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")
"""Our temporary files: ``.`` + (the target's name, cut) + ``.`` + mkstemp's 8 characters."""

MISSING = "missing"
""":meth:`Storage.signature` of a file that is not there."""

WRITE_LOCK = ".write.lock"
"""Locked for the moment a copy of the game merges a shared file (:meth:`Storage.exclusive`)."""

_LOCK_WAIT = 5.0
"""Seconds a merge waits for another copy's; past that it goes ahead unlocked (a copy
stopped in a debugger must not stop every other copy from saving)."""

_REPLACE_TRIES = 5
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BOM = "\ufeff"


class StorageError(Exception):
    """A file could not be written or removed; ``str()`` is a sentence for the player.

    Not a ValueError: nothing is wrong with the data, only with the disk.
    ``reason`` is the disk's part alone (``no space left on device``), for a
    message that names several files that failed the same way.
    """

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message.rsplit(": ", 1)[-1].removesuffix(".")


class NotAFileError(OSError):
    """Something other than a regular file (a folder, a named pipe...) has a data file's name.

    ``kind`` says what, in words (``"a named pipe"``); ``str()`` of the error and
    :func:`os_reason` say ``it is a named pipe, not a file``.
    """

    def __init__(self, path: str | os.PathLike[str], kind: str) -> None:
        super().__init__(errno.EINVAL, f"it is {kind}, not a file", os.fspath(path))
        self.kind = kind


def file_kind(mode: int) -> str:
    """What a ``st_mode`` is, in words for a message: ``a folder``, ``a named pipe``..."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What :meth:`Storage.load` found: the value (None if none) and a message.

    ``message`` is empty unless something went wrong that the player should know,
    such as a corrupt file that was set aside.  ``salvaged`` says the value is
    only the readable part of a file that was set aside: the caller should write
    it back, so the next run finds a whole file again.
    """

    value: T | None
    message: str = ""
    salvaged: bool = False


@dataclass(frozen=True)
class Partial(Generic[T]):
    """What a parse function gives for a file it could read only in part.

    ``value`` is what it kept; ``reason`` says what it left out, for the message
    (``"3 entries make no sense"``).  :meth:`Storage.load` then sets the file
    aside, so nothing the game did not understand is ever overwritten.
    """

    value: T
    reason: str


# -- single files -----------------------------------------------------------------------


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) in one step; OSError if it cannot be done.

    :raises NotAFileError: when a folder, named pipe, device or socket has the
        name: it is never replaced.
    :raises OSError: when the disk refuses.
    """
    write_atomic_bytes(path, text.encode("utf-8"))


def write_atomic_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step (see :func:`write_atomic`)."""
    folder = path.parent
    _must_be_a_file(path)
    fd, temporary = _temporary(path)
    try:
        _lock(fd)
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
            _keep_mode(path, temporary)
            if os.name == "posix":
                # Renamed while still open, so still locked: a second copy of the
                # game starting now cannot take it for a left-over.
                _replace(temporary, path)
        if os.name != "posix":
            _replace(temporary, path)  # Windows renames no open file
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_folder(folder)


def _must_be_a_file(path: Path) -> None:
    """NotAFileError if ``path`` exists (links followed) and is not a regular file."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return
    if not stat.S_ISREG(mode):
        raise NotAFileError(path, file_kind(mode))


def _lock(fd: int) -> None:
    """Hold an exclusive lock on our own new temporary file while it is in use."""
    if fcntl is None:  # pragma: no cover - Windows
        return
    with contextlib.suppress(OSError):  # some network file systems have no locks
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


@contextlib.contextmanager
def folder_lock(path: Path) -> Iterator[bool]:
    """Hold the advisory lock file ``path`` exclusively while the block runs.

    Yields whether the lock is held: False where the file system has no locks,
    the file cannot be made, or another process kept it past :data:`_LOCK_WAIT`;
    the caller then goes ahead, as a copy alone on its folder would.
    """
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _CLOEXEC, 0o600)
    except OSError:
        yield False
        return
    try:
        yield _wait_for_lock(fd)
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def _wait_for_lock(fd: int) -> bool:
    deadline = time.monotonic() + _LOCK_WAIT
    while True:
        try:
            lock_fd(fd)
            return True
        except BlockingIOError:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        except OSError:
            return False


def lock_fd(fd: int) -> None:
    """Take the exclusive advisory lock on ``fd`` without waiting.

    ``flock`` on POSIX (bound to the open file, so a second ``open`` of the same
    file in one process is refused as another process would be), ``msvcrt.locking``
    of the first byte on Windows.  The operating system releases it when the
    process ends, however it ends.

    :raises BlockingIOError: when another holder has it.
    :raises OSError: when the file system has no locks.
    """
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return
    import msvcrt  # pragma: no cover - Windows

    try:  # pragma: no cover - Windows
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except PermissionError as error:  # pragma: no cover - Windows: locked elsewhere
        raise BlockingIOError(error.errno, "locked") from error


def json_text(data: object, indent: int = 2) -> str:
    """``data`` as JSON text that can be written as UTF-8, ending with a newline.

    Non-ASCII stays readable, except when a string holds a lone surrogate (a file
    name that was not valid UTF-8, as Python reads it): then everything is
    written as ``\\u`` escapes, which read back to the very same string.
    """
    text = json.dumps(data, ensure_ascii=False, indent=indent) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, ensure_ascii=True, indent=indent) + "\n"
    return text


def json_record(data: dict[str, Any]) -> str:
    """``data`` as :func:`json_text` writes it, but each top-level key on one line
    with its value compact.

    For large files written often (saved games): the standard encoder indents only
    in pure Python, several times slower than its compact C path, and a thousand
    moves one per line read no better than on one line.
    """
    lines = [
        json.dumps(key) + ": " + json.dumps(value, ensure_ascii=False)
        for key, value in data.items()
    ]
    text = "{\n  " + ",\n  ".join(lines) + "\n}\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        lines = [json.dumps(key) + ": " + json.dumps(value) for key, value in data.items()]
        text = "{\n  " + ",\n  ".join(lines) + "\n}\n"
    return text


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
    """The UTF-8 text of ``path`` (a leading byte order mark dropped), None if it does not exist.

    Only a regular file is opened, and without blocking: a named pipe of that
    name would otherwise hang the game until something wrote into it.

    :raises NotAFileError: when it is a folder, named pipe, device or socket.
    :raises OSError: when it exists but cannot be read (permission).
    :raises ValueError: when it is over :data:`MAX_BYTES` or not UTF-8 text.
    """
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    if not stat.S_ISREG(mode):
        raise NotAFileError(path, file_kind(mode))
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _NOCTTY | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return None  # removed since the stat
    with os.fdopen(fd, "rb") as stream:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # replaced since the stat
            raise NotAFileError(path, file_kind(mode))
        data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"the file is over {MAX_BYTES // (1024 * 1024)} MiB")
    try:
        return data.decode("utf-8").removeprefix(_BOM)
    except UnicodeDecodeError as error:
        raise ValueError(f"the file is not UTF-8 text (bad byte at offset {error.start})") from None


def parse_json(text: str) -> object:
    """JSON text as data; ValueError with a short located reason when it is not JSON."""
    try:
        return json.loads(text.removeprefix(_BOM))
    except json.JSONDecodeError as error:
        raise ValueError(
            f"not JSON: {error.msg.lower()} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None
    except ValueError as error:  # an integer too long to convert
        raise ValueError(f"not JSON: {error}") from None


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

    def signature(self, name: str) -> object:
        """Something that changes whenever ``name`` is replaced (None: unknown, read it again).

        Lets a copy of the game merging its statistics skip reading a large file
        that nobody else wrote since it last read or wrote it.
        """
        return None

    def exclusive(self) -> contextlib.AbstractContextManager[object]:
        """Held while a shared file is read, merged and written: other copies of the
        game wait, so two merges never interleave (see :mod:`.shared`)."""
        return contextlib.nullcontext()

    def load(self, name: str, parse: Callable[[str], T | Partial[T]], what: str) -> Loaded[T]:
        """Read and parse ``name``; a file that fails is set aside with a message.

        ``parse`` turns the text into a value and raises ValueError (or a subclass)
        when the text is bad, or returns a :class:`Partial` when it kept only part
        of it.  ``what`` names the content for the message ("your game in
        progress").  Something that is not a file is left alone (see the module).
        Never raises.
        """
        salvaged: Partial[T] | None = None
        try:
            text = self.read(name)
            if text is None:
                return Loaded(None)
            parsed = parse(text)
            if not isinstance(parsed, Partial):
                return Loaded(parsed)
            salvaged = parsed
            reason = parsed.reason
        except NotAFileError as error:
            return Loaded(
                None,
                f"Could not read {what}: {self.where(name)} is {error.kind}, not a file. "
                f"It was left as it is, and {what} will not be kept until it is moved "
                "out of the way.",
            )
        except (OSError, ValueError, RecursionError) as error:
            reason = _reason(error)
        try:
            kept = self.set_aside(name)
        except OSError as error:
            return Loaded(
                None if salvaged is None else salvaged.value,
                f"Could not read {what} ({reason}), nor move the file out of the way "
                f"({_reason(error)}); it was left as it is in {self.where(name)}.",
            )
        if salvaged is not None:
            return Loaded(
                salvaged.value,
                f"Could not read all of {what} ({reason}); the rest was kept. "
                f"The whole file was kept as {self.where(kept)}.",
                salvaged=True,
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
    """Files in a real folder, written atomically.

    Opening it removes the left-overs of saves killed before this moment
    (``started``, default now; see :func:`remove_stale_temporaries`).  A name
    found taken by something that is not a file (:class:`NotAFileError`) is
    *held*: its writes stay in memory for the run, so that thing is never
    replaced and the player is told once, at start, not at every save.
    """

    persistent = True
    message = ""

    def __init__(self, folder: Path, started: float | None = None) -> None:
        self.folder = folder
        self.removed = remove_stale_temporaries(folder, started)
        """How many left-over temporary files opening the folder removed."""
        self._held: dict[str, str | None] = {}
        self._lock = threading.Lock()

    def path(self, name: str) -> Path:
        return self.folder / name

    def read(self, name: str) -> str | None:
        with self._lock:
            if name in self._held:
                return self._held[name]
        try:
            return read_text(self.path(name))
        except NotAFileError:
            with self._lock:
                self._held.setdefault(name, None)
            raise

    def write(self, name: str, text: str) -> None:
        with self._lock:
            if name in self._held:
                self._held[name] = text
                return
        try:
            write_atomic(self.path(name), text)
        except OSError as error:
            reason = _reason(error)
            raise StorageError(f"Could not save {self.where(name)}: {reason}.", reason) from error

    def remove(self, name: str) -> None:
        with self._lock:
            if name in self._held:
                self._held[name] = None
                return
        path = self.path(name)
        try:
            _must_be_a_file(path)  # a named pipe or a link to a device is not ours to delete
            path.unlink(missing_ok=True)
        except OSError as error:
            reason = _reason(error)
            raise StorageError(f"Could not remove {self.where(name)}: {reason}.", reason) from error

    def set_aside(self, name: str) -> str:
        return set_aside(self.path(name)).name

    def where(self, name: str) -> str:
        return str(self.path(name))

    def signature(self, name: str) -> object:
        with self._lock:
            if name in self._held:
                return None
        try:
            found = os.stat(self.path(name))
        except FileNotFoundError:
            return MISSING
        except OSError:
            return None
        # A new inode with every atomic write; size and time guard against reuse.
        return (found.st_ino, found.st_size, found.st_mtime_ns)

    def exclusive(self) -> contextlib.AbstractContextManager[object]:
        return folder_lock(self.folder / WRITE_LOCK)

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

    def signature(self, name: str) -> object:
        with self._lock:
            if name in self.files:
                return ("memory", id(self.files[name]))
            return MISSING if (name in self._gone or self.read_from is None) else None

    def __repr__(self) -> str:
        return f"MemoryStorage({self.message!r})"


def remove_stale_temporaries(folder: Path, before: float | None = None) -> int:
    """Delete temporary files that killed saves left behind in ``folder``; how many went.

    Only our own pattern (``.<name>.<8 random>.tmp``, regular files), only those
    last changed before ``before`` (default now: the start of this run), and only
    when no live process holds their lock, so a save in progress in a second copy
    of the game is never touched.  Never raises.
    """
    before = time.time() if before is None else before
    removed = 0
    try:
        with os.scandir(folder) as found:
            entries = [entry for entry in found if _TEMP.match(entry.name)]
    except OSError:
        return 0
    for entry in entries:
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if entry.stat(follow_symlinks=False).st_mtime >= before:
                continue
            if _abandoned(entry.path):
                removed += 1
        except OSError:
            continue
    return removed


def _abandoned(path: str) -> bool:
    """Remove ``path`` if no process holds its lock; whether it was removed."""
    if fcntl is None:  # pragma: no cover - Windows: a file being written cannot be deleted
        os.unlink(path)
        return True
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | _NOCTTY | getattr(os, "O_NOFOLLOW", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # a live save holds it
        except OSError:
            pass  # no locks on this file system: its age alone decides
        os.unlink(path)
        return True
    finally:
        os.close(fd)
