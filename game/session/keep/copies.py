"""Two copies of the game on one data folder: each takes a numbered place, and says so.

A player may open a second window, or log in twice, and both copies use the
same data folder.  The policy (README, "Saving and statistics"):

- **Each copy holds a lock for its whole life**: the first free one of
  ``.copy-1.lock``, ``.copy-2.lock`` ... in the data folder (an OS advisory lock,
  :func:`.storage.lock_fd`, released by the operating system when the process
  ends, even by a crash or a kill, so a stale lock never stands in the way).
- **Each copy has its own game in progress**: the first keeps
  ``autosave.sudoku``, the second ``autosave-2.sudoku`` and so on, so a second
  window never continues, counts as abandoned, overwrites or deletes the game
  the first one is playing, and each window's game waits under *Continue* for
  the next copy that takes the same place.  Past :data:`MAX_COPIES` a copy keeps
  its game in memory only.
- **Statistics and settings are shared**: they are merged on every write
  (:mod:`.shared`), so whichever copy writes last, nothing the other kept is lost.
- A copy that is not the first is told at once, with a notice naming its file.

Where the file system has no locks (some network drives), every copy takes
place 1 as a copy alone would; statistics and settings are still merged, and a
finished game's autosave is removed only if this copy wrote it (a token in the
file, :mod:`.autosave`), so the other copy's game is never deleted.

Rejected: refusing to start a second copy (a player with two screens wants
two boards), and a read-only second copy (its wins would be lost).
"""

from __future__ import annotations

import contextlib
import os
import weakref
from dataclasses import dataclass, field
from pathlib import Path

from .storage import lock_fd

MAX_COPIES = 8
"""Copies with an autosave of their own; more than this many keep their game in memory."""

ANOTHER_COPY = "Another copy of the game is open"
"""The title of the notice a copy that is not the first shows at start."""

_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def autosave_name(place: int) -> str:
    """The autosave file of the copy in ``place`` (1 is the usual ``autosave.sudoku``)."""
    return "autosave.sudoku" if place == 1 else f"autosave-{place}.sudoku"


@dataclass
class Claim:
    """This copy's place on the data folder, held until :meth:`release` or the process ends.

    ``place`` is 1 for a copy alone (or where locks do not work), 2 and up for
    later copies, 0 when every place is taken (the game in progress is then
    kept in memory only); ``autosave`` is its file name, None for memory only.
    """

    place: int
    autosave: str | None
    locked: bool
    message: str = ""
    _fd: int | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        # Released when the claim is dropped unclosed too (a test, a crash path):
        # an open descriptor would hold the place for the rest of the process.
        self._release = weakref.finalize(self, _close, self._fd)

    def release(self) -> None:
        """Let the place go (closing the descriptor drops the lock)."""
        self._release()


def _close(fd: int | None) -> None:
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)


def alone() -> Claim:
    """The claim of a copy with no data folder to share (nothing is kept on disk)."""
    return Claim(1, "autosave.sudoku", locked=False)


def claim(folder: Path | None) -> Claim:
    """Take the first free place on ``folder``; never raises (see the module)."""
    if folder is None:
        return alone()
    for place in range(1, MAX_COPIES + 1):
        try:
            fd = os.open(folder / f".copy-{place}.lock", _FLAGS, 0o600)
        except OSError:
            return alone()  # no lock file can be made: as a copy alone
        try:
            lock_fd(fd)
        except BlockingIOError:
            os.close(fd)
            continue
        except OSError:
            os.close(fd)
            return alone()  # a file system without locks
        name = autosave_name(place)
        message = ""
        if place > 1:
            message = (
                f"Another copy of the game is using {folder}. This window keeps its own "
                f"game in progress ({name}), so neither window touches the other's game; "
                "statistics and settings from both are kept."
            )
        return Claim(place, name, locked=True, message=message, _fd=fd)
    return Claim(
        0,
        None,
        locked=False,
        message=(
            f"Other copies of the game ({MAX_COPIES}) are already using {folder}. This window's "
            "game in progress will not be kept when it closes; statistics and settings are."
        ),
    )
