"""Moving an earlier version's files into today's data folder, once, without losing any.

Versions before ``platformdirs`` named the data folder from a table of their own
(:func:`.paths.legacy_data_dir`).  Where that folder is not today's
(:func:`.paths.default_data_dir`), the first start that finds the player's files
(``settings.json``, ``stats.json``, ``autosave.sudoku``, ``saves/``) in the old
folder and none in the new one moves them across and tells the player once.
``SUDOKU_DATA_DIR`` overrides everything: with it set, nothing is looked at or
moved.  Anything else in the old folder (a file set aside as corrupt) stays there.

A crash (a kill, a power cut) at any moment loses nothing, because the old files
are not touched until the new folder holds a complete copy that is on the disk:

1. ``.migrating`` is written in the new folder and flushed.  While it is there,
   the files in the new folder are copies in the making, never the only ones,
   and the game does not use that folder.
2. Each file is copied under a temporary name in the new folder, flushed, and
   renamed into place; ``saves/`` is copied whole as ``.saves.migrating`` and
   renamed.  A run that finds ``.migrating`` (a move cut short) copies every
   file again, over the earlier copies: the game played from the old folder
   meanwhile, so those may be out of date.
3. ``.migrating`` is removed and the removal flushed: this is the commit, and
   from here the new folder is the game's.
4. The old files are removed, and the old folder if nothing else is left in it.
   A crash here leaves copies in the old folder, which is no longer read (the
   new folder holds files, so nothing is moved again), and the player untold:
   the game finds everything where it now looks, so nothing is lost.

Until step 3 the game plays from the old folder exactly as before, so a move
that fails (a new folder that cannot be created or written, a full disk) costs
nothing either: the player is told, and the next start tries again.  Copying
rather than renaming costs a little time once (the files are small) and buys
these guarantees across disks too, where a rename is not possible.

What happens, by what the folders hold at start:

- files only in the old folder, or a ``.migrating`` in the new one: moved, with
  one message;
- files only in the new folder, or in neither: nothing to do;
- files in both (no ``.migrating``): the new folder is the game's, and the old
  one is left as it is;
- one folder under two names (macOS and Windows match names regardless of case,
  so ``Sudoku`` and ``sudoku`` are one folder there): nothing to do.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .paths import (
    ENV_VAR,
    SAVES,
    DataFolder,
    data_dir,
    default_data_dir,
    legacy_data_dir,
    no_folder_message,
    open_data_folder,
)
from .storage import os_reason

MARKER = ".migrating"
"""In the new folder while a move is under way (see the module docstring)."""

FILES = ("settings.json", "stats.json", "autosave.sudoku")
"""The player's single files, moved as they are.  (``userdata`` and ``stats`` name
them too; they are spelled out here so this module stays a fixed record of what
earlier versions wrote.)"""

MESSAGE_START = "Your games, settings and statistics "
"""How every message about a move begins (the keeper gives them their own title)."""

_TEMPORARY = ".{name}.migrating"
"""The name a file or ``saves/`` is copied under before it is renamed into place."""


@dataclass(frozen=True)
class Moved:
    """The data folder to use, and what to tell the player about a move ("" if nothing)."""

    folder: DataFolder
    message: str = ""


def open_migrated_folder(environ: Mapping[str, str] | None = None) -> Moved:
    """The data folder when none is given: ``SUDOKU_DATA_DIR``, or today's after a move.

    Never raises, like :func:`.paths.open_data_folder`.
    """
    environ = os.environ if environ is None else environ
    if environ.get(ENV_VAR, ""):
        return Moved(open_data_folder(data_dir(environ)))
    try:
        old, new = legacy_data_dir(environ=environ), default_data_dir()
    except (RuntimeError, KeyError) as error:  # no home folder to be found (HOME unset)
        return Moved(DataFolder(None, no_home_message(error)))
    return migrate(old, new)


def migrate(old: Path, new: Path) -> Moved:
    """Move the player's files from ``old`` to ``new`` when the module docstring says to.

    The folder returned is ``new``, unless a move was needed and failed: then it
    is ``old``, still whole, and the message says why.  Never raises.
    """
    if _same_folder(old, new):
        return Moved(open_data_folder(new))
    pending = os.path.lexists(new / MARKER)
    if not _holds_files(old):
        if pending:  # nothing left to copy from: what the new folder holds is all there is
            with contextlib.suppress(OSError):
                _commit(new)
        return Moved(open_data_folder(new))
    if not pending and _holds_files(new):
        return Moved(open_data_folder(new))
    try:
        moved = _copy_across(old, new)
        _commit(new)
    except OSError as error:
        return Moved(open_data_folder(old), _failed(old, new, error))
    message = f"{MESSAGE_START}moved from {old} to {new}, where the game keeps them now."
    try:
        _remove(old, moved)
    except OSError as error:
        message += (
            f" The old folder could not be emptied ({os_reason(error)}); nothing in it "
            "is needed any more."
        )
    return Moved(open_data_folder(new), message)


no_home_message = no_folder_message
"""What the player reads when the platform names no data folder (kept under its old name)."""


def _failed(old: Path, new: Path, error: OSError) -> str:
    return (
        f"{MESSAGE_START}stay in {old} for now: they could not be moved to {new} "
        f"({os_reason(error)}). The game will try again next time."
    )


def _same_folder(old: Path, new: Path) -> bool:
    """Whether ``old`` and ``new`` name one folder (same path, a link, or case only)."""
    if old == new:
        return True
    try:
        return os.path.samefile(old, new)
    except OSError:  # one of them does not exist: two folders
        return False


def _holds_files(folder: Path) -> bool:
    """Whether ``folder`` holds any of the player's files (an empty ``saves/`` is none)."""
    if any(_is_file(folder / name) for name in FILES):
        return True
    saves = folder / SAVES
    try:
        with os.scandir(saves) as entries:
            return any(True for _ in entries)
    except OSError:
        return False


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a regular file (links followed): only those are read.

    A named pipe under a data file's name would block the start if opened; the
    storage layer reports such things, the move just leaves them.
    """
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _copy_across(old: Path, new: Path) -> list[str]:
    """Steps 1 and 2: the marker, then a flushed copy of each item; the names copied."""
    new.mkdir(parents=True, exist_ok=True)
    _write_marker(new, old)
    moved = []
    for name in FILES:
        if _is_file(old / name):
            temporary = new / _TEMPORARY.format(name=name)
            _copy_file(old / name, temporary)
            os.replace(temporary, new / name)
            moved.append(name)
    if (old / SAVES).is_dir():
        temporary = new / _TEMPORARY.format(name=SAVES)
        if os.path.lexists(temporary):
            _remove_path(temporary)  # a copy cut short by a crash
        _copy_tree(old / SAVES, temporary)
        if os.path.lexists(new / SAVES):
            _remove_path(new / SAVES)  # an earlier run's copy, out of date
        os.replace(temporary, new / SAVES)
        moved.append(SAVES)
    _fsync_folder(new)
    return moved


def _write_marker(new: Path, old: Path) -> None:
    fd = os.open(new / MARKER, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        # The old folder's name, for a person who finds the file.
        os.write(fd, os.fsencode(str(old)) + b"\n")
        os.fsync(fd)
    finally:
        os.close(fd)
    _fsync_folder(new)


def _commit(new: Path) -> None:
    """Step 3: from here the new folder holds the player's files."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(new / MARKER)
    _fsync_folder(new)


def _copy_file(source: Path, target: Path) -> None:
    """Copy ``source``'s bytes and times to ``target``, flushed to the disk."""
    with open(source, "rb") as reader, open(target, "wb") as writer:
        shutil.copyfileobj(reader, writer)
        writer.flush()
        os.fsync(writer.fileno())
    # The times matter: the picker sorts and dates saved games by them.
    shutil.copystat(source, target)


def _copy_tree(source: Path, target: Path) -> None:
    """Copy the files and folders under ``source`` into a new folder ``target``, flushed.

    Links to folders and special files are left out: a link could loop, and a
    named pipe would block.  (``shutil.copytree`` copies them, or stops.)
    """
    target.mkdir()
    with os.scandir(source) as entries:
        for entry in entries:
            path = Path(entry.path)
            if entry.is_dir(follow_symlinks=False):
                _copy_tree(path, target / entry.name)
            elif _is_file(path):
                _copy_file(path, target / entry.name)
    _fsync_folder(target)


def _remove(old: Path, moved: list[str]) -> None:
    """Step 4: the old copies of what was moved, then the old folder if it is empty."""
    for name in moved:
        _remove_path(old / name)
    with contextlib.suppress(OSError):
        old.rmdir()  # fails when something else is still in it; that stays


def _remove_path(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()


def _fsync_folder(folder: Path) -> None:
    """Make renames and removals in ``folder`` durable (not possible, nor needed, on Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # the steps are still atomic; only their order on the disk is less sure
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on folders; the renames are still atomic
    finally:
        os.close(fd)
