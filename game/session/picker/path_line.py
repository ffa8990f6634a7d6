"""The path line: a folder or file path typed into the picker, completed and looked up.

Ctrl+L opens the line (as in file managers); the UI's text field edits its text
and this module says what the text means.  Pure Python.

- :func:`expand`: ``~`` and ``~user`` become home folders, a relative path starts
  at the folder shown, and what a paste tends to bring along is taken off
  (spaces around it, one pair of quotes, a ``file://`` URL's wrapping).
- :func:`complete` (Tab), as shells do: one name fits, it is written out (a
  folder with its separator, ready for the next name); several fit, the text
  grows to what they share and they are listed under the line; none fits, the
  line says so.  Names are matched case-sensitively first, then ignoring case.
  Hidden names are offered only for a name that starts with a dot, as ``ls``
  and shells do.  The whole line is completed wherever the caret is: paths
  are typed left to right, and completing in the middle is a shell nicety few
  players would look for.
- :func:`look_up` (Enter): where the path leads, or why it cannot go there (a
  sentence naming the first part of the path that is missing, the file that
  stands where a folder should, the folder that cannot be read...).  A file is
  read as far as the picker reads any file (:func:`~..library.summarise`), so a
  file that is no puzzle is refused here, under the line, and nothing else
  changes.

Both touch the disk, so the browser runs them in a lane of their own (a folder
on a sleeping network drive must not freeze the window, nor wait behind a big
collection being indexed); :class:`PathLine` keeps what they last said.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from ...engine.formats.source import file_problem
from ..puzzles import reads_as_puzzle
from ..puzzles.library import (
    Cancelled,
    Entry,
    EntryKind,
    Stopped,
    Summary,
    display_name,
    natural_key,
    summarise,
)

MAX_CHOICES = 8
"""Completions listed under the line at most (the rest are counted)."""

SEPARATORS = tuple(s for s in (os.sep, os.altsep) if s)
"""What ends a folder's name in a typed path (``/``; on Windows ``\\`` and ``/``)."""

_QUOTES = ("'", '"')


def _never() -> bool:
    return False


@dataclass
class PathLine:
    """The line's text and what the last Tab or Enter said about it.

    ``version`` goes up with every edit, so an answer to an older text (a look-up
    still running while the player typed on) is recognised and dropped.
    """

    text: str = ""
    problem: str = ""  # why the last Enter or Tab found nothing
    choices: tuple[str, ...] = ()  # names that fit after a Tab (folders end with a separator)
    more: int = 0  # further names that fit, beyond ``choices``
    waiting: str = ""  # what a look-up under way is doing, while it runs
    waited: float = 0.0  # seconds it has run (a quick answer shows no "Looking…")
    version: int = 0

    def edited(self, text: str) -> bool:
        """The player changed the text: old answers no longer apply; whether it changed."""
        if text == self.text:
            return False
        self.text = text
        self.version += 1
        self.problem, self.choices, self.more, self.waiting = "", (), 0, ""
        return True


@dataclass(frozen=True)
class Completion:
    """What Tab made of the line: its new text and the names that fit, or why none does."""

    text: str
    choices: tuple[str, ...] = ()
    more: int = 0
    problem: str = ""


@dataclass(frozen=True)
class Found:
    """Where a path leads: a folder to show, or a file with its summary (read, usable);
    or, where no path leads, the puzzle the text itself is (``text``: a line of
    digits, a link, a Solo ID typed or pasted into the line)."""

    path: str
    entry: Entry | None = None  # the file; None for a folder
    summary: Summary | None = None
    text: str = ""  # the line is a puzzle, not a path

    @property
    def folder(self) -> bool:
        return self.entry is None and not self.text


@dataclass(frozen=True)
class Refused:
    """Why a path cannot be opened, as a sentence for the line."""

    reason: str


# -- reading what was typed ------------------------------------------------------------


def starts_path(text: str) -> bool:
    """Whether typed ``text`` can only be a path (``/`` or ``~`` first), not a name to filter by."""
    return text[:1] in (*SEPARATORS, "~")


def clean(text: str) -> str:
    """``text`` without what a paste brings along: spaces, one pair of quotes, ``file://``."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in _QUOTES:
        text = text[1:-1]
    if text.lower().startswith("file://"):
        parts = urlsplit(text)
        if parts.netloc in ("", "localhost"):
            path = unquote(parts.path)
            # file:///C:/x on Windows: the path comes as /C:/x.
            if os.name == "nt" and len(path) > 2 and path[0] == "/" and path[2] == ":":
                path = path[1:]
            text = path
    return text


def expand(text: str, base: str) -> str:
    """The absolute path ``text`` names, relative paths starting at folder ``base``."""
    path = os.path.expanduser(clean(text))
    return os.path.abspath(os.path.join(base, path))


def tilde(path: str) -> str:
    """``path`` as a player reads it: the home folder written ``~``."""
    home = os.path.expanduser("~").rstrip(os.sep)
    if home and home != "~" and (path == home or path.startswith(home + os.sep)):
        return "~" + path[len(home) :]
    return path


def line_text(folder: str) -> str:
    """What the line first holds for ``folder``: its path with ``~``, ready for a name."""
    shown = tilde(folder)
    return shown if shown.endswith(SEPARATORS) else shown + os.sep


def with_choice(text: str, choice: str) -> str:
    """``text`` with the name being typed replaced by ``choice`` (one a Tab listed)."""
    text = clean(text)
    cut = max(text.rfind(s) for s in SEPARATORS) + 1
    return text[:cut] + choice


# -- Tab --------------------------------------------------------------------------------


def complete(text: str, base: str, cancelled: Cancelled = _never) -> Completion:
    """Tab on ``text`` (see the module docstring); folder ``base`` for a relative path.

    :raises Stopped: when ``cancelled`` says so while a big folder is listed.
    """
    text = clean(text)
    cut = max(text.rfind(s) for s in SEPARATORS) + 1
    head, partial = text[:cut], text[cut:]
    if not head and partial.startswith("~"):
        home = os.path.expanduser(partial)
        if home != partial and os.path.isdir(home):
            return Completion(partial + os.sep)  # "~" becomes "~/", as in shells
    folder = expand(head, base) if head else os.path.abspath(base)
    try:
        names = _names(folder, cancelled)
    except OSError as error:
        return Completion(text, problem=_why(folder, error, listing=True))
    hidden = partial.startswith(".")
    names = [(n, d) for n, d in names if hidden or not n.startswith(".")]
    fits = [(n, d) for n, d in names if n.startswith(partial)]
    if not fits:
        folded = partial.casefold()
        fits = [(n, d) for n, d in names if n.casefold().startswith(folded)]
    if not fits:
        where = tilde(folder)
        if not partial:
            return Completion(text, problem=f"{where} is empty.")
        return Completion(text, problem=f"Nothing in {where} starts with “{partial}”.")
    if len(fits) == 1:
        name, is_folder = fits[0]
        return Completion(head + name + (os.sep if is_folder else ""))
    fits.sort(key=lambda fit: (natural_key(fit[0]), fit[0]))
    shared = _shared_start([n for n, _ in fits])
    grown = head + shared if len(shared) >= len(partial) else text
    shown = tuple(n + (os.sep if d else "") for n, d in fits[:MAX_CHOICES])
    return Completion(grown, shown, len(fits) - len(shown))


def _shared_start(names: list[str]) -> str:
    """The characters every name starts with (names, not paths: character by character)."""
    first, last = min(names), max(names)
    size = next((k for k, (a, b) in enumerate(zip(first, last, strict=False)) if a != b), None)
    return first[: len(first) if size is None else size]


def _names(folder: str, cancelled: Cancelled) -> list[tuple[str, bool]]:
    """(name, is a folder) of what ``folder`` holds, names a screen can show only."""
    found = []
    with os.scandir(folder) as entries:
        for count, item in enumerate(entries):
            if count % 512 == 511 and cancelled():
                raise Stopped
            if display_name(item.name) != item.name:
                continue  # undecodable or control characters: cannot be shown, nor typed
            try:
                is_folder = item.is_dir()  # follows links, as a shell's completion does
            except OSError:
                is_folder = False
            found.append((item.name, is_folder))
    return found


# -- Enter ------------------------------------------------------------------------------


def look_up(text: str, base: str, cancelled: Cancelled = _never) -> Found | Refused:
    """Where ``text`` leads (folder ``base`` for a relative path), or why it cannot go there.

    A folder must be listable and a file must read as puzzles; either way the
    reason is a sentence for the line.

    :raises Stopped: when ``cancelled`` says so while a big file is read.
    """
    if not clean(text):
        return Refused("Type the path of a folder or a puzzle file.")
    try:
        path = expand(text, base)
        info = os.stat(path)
    except ValueError:  # a NUL character: no such path can exist
        return Refused("A path cannot hold a NUL character.")
    except OSError as error:
        if reads_as_puzzle(text):  # no such file, but a puzzle: 81 digits, a link
            return Found("", text=text.strip())
        return Refused(_why(expand(text, base), error))
    if stat.S_ISDIR(info.st_mode):
        try:
            with os.scandir(path):
                pass
        except OSError as error:
            return Refused(_why(path, error, listing=True))
        return Found(path)
    name = display_name(os.path.basename(path))
    if not stat.S_ISREG(info.st_mode):
        reason = file_problem(path) or "not a regular file"
        return Refused(f"{name}: {reason}.")
    try:
        with open(path, "rb"):
            pass
    except OSError as error:
        return Refused(_why(path, error))
    summary = summarise(path, cancelled)
    if not summary.usable:
        return Refused(f"{name} cannot be opened: {summary.problem}.")
    entry = Entry(name, path, EntryKind.FILE, size=info.st_size, mtime=info.st_mtime_ns)
    return Found(path, entry, summary)


def _why(path: str, error: OSError, listing: bool = False) -> str:
    """Why ``path`` cannot be reached (or, with ``listing``, listed), for the player."""
    if isinstance(error, FileNotFoundError):
        return f"{tilde(_first_missing(path))} does not exist."
    if isinstance(error, NotADirectoryError):
        blocking = _file_on_the_way(path)
        return f"{tilde(blocking)} is a file, not a folder."
    if isinstance(error, PermissionError):
        if listing:
            return f"You have no permission to read {tilde(path)}."
        return f"You have no permission to look in {tilde(os.path.dirname(path))}."
    if error.errno == errno.ELOOP:
        return f"{tilde(path)} is a link that loops back on itself."
    if error.errno == errno.ENAMETOOLONG:
        return "That path is too long."
    return f"{tilde(path)} cannot be read ({error.strerror or error})."


def _first_missing(path: str) -> str:
    """The first folder or file along ``path`` that does not exist (the typo, usually)."""
    current = path
    while True:
        parent = os.path.dirname(current)
        if parent == current or os.path.lexists(parent):
            return current
        current = parent


def _file_on_the_way(path: str) -> str:
    """The file along ``path`` that stands where a folder should be."""
    current = os.path.dirname(path)
    while True:
        if os.path.isfile(current):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return path
        current = parent
