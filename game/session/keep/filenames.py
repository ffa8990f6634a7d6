"""Names typed in the "Save as" field, checked so they work on Windows, macOS and Linux.

A save made on one system should open on another, so the rules are the union of
all three: no ``< > : " / \\ | ? *`` and no control characters (Windows; ``/``
everywhere; ``:`` is also the old macOS separator), no Windows device name
(``CON``, ``PRN``, ``AUX``, ``NUL``, ``COM1``-``COM9``, ``LPT1``-``LPT9``, with
any extension and in any case: ``con.sudoku`` cannot be created there), no
trailing dot or space (Windows drops them silently), not ``.`` or ``..``, at most
:data:`MAX_CHARS` characters as typed and at most 255 bytes of UTF-8 with the
extension (the file name limit of ext4 and APFS).  The ``.sudoku`` extension is
added when missing.  Messages are sentences for the field's status line.

API: ``validate_save_name(text, folder=None) -> SaveName``: ``ok``, ``name``
(with extension), ``path`` and ``exists`` (when a folder is given, for the
overwrite question), or ``message`` saying what to change.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .savegame import EXTENSION

MAX_CHARS = 100
"""Longest name accepted, as typed (without the added extension)."""

MAX_BYTES = 255
"""Longest file name in UTF-8 bytes (ext4, APFS; NTFS counts 255 UTF-16 units)."""

ILLEGAL = frozenset('<>:"/\\|?*')
_RESERVED = frozenset(
    ["CON", "PRN", "AUX", "NUL"]
    + [f"{port}{n}" for port in ("COM", "LPT") for n in "123456789\u00b9\u00b2\u00b3"]
)
"""Windows device names (the superscript digits are reserved too, since Windows 10)."""


@dataclass(frozen=True)
class SaveName:
    """The outcome of :func:`validate_save_name`: a usable name, or why not."""

    name: str = ""
    message: str = ""
    path: Path | None = None
    exists: bool = False

    @property
    def ok(self) -> bool:
        return not self.message


def validate_save_name(text: str, folder: Path | None = None) -> SaveName:
    """Check a typed save name; with ``folder``, also where it goes and if it exists."""
    problem = _problem(text)
    if problem:
        return SaveName(message=problem)
    name = text if text.lower().endswith(EXTENSION) else text + EXTENSION
    if len(name.encode("utf-8")) > MAX_BYTES:
        return SaveName(message="The name is too long for a file name; make it shorter.")
    if folder is None:
        return SaveName(name)
    path = folder / name
    return SaveName(name, path=path, exists=path.exists())


def _problem(text: str) -> str:
    """What is wrong with ``text`` as a file name, or ""."""
    if not text or not text.strip():
        return "Type a name for the saved game."
    if len(text) > MAX_CHARS:
        return f"The name is {len(text)} characters long; use at most {MAX_CHARS}."
    if text in (".", ".."):
        return f"{text!r} is not a file name; type a name."
    if text.lower() == EXTENSION:
        return f"Type a name before {EXTENSION}."
    bad = sorted({char for char in text if char in ILLEGAL})
    if bad:
        return f"A file name cannot contain {' '.join(bad)} (none of {_ILLEGAL} is allowed)."
    if any(ord(char) < 32 or ord(char) == 127 for char in text):
        return "A file name cannot contain control characters (such as tabs or line breaks)."
    if text[-1] in ". ":
        return "A file name cannot end with a dot or a space."
    stem = text.split(".", 1)[0].rstrip(" ").upper()
    if stem in _RESERVED:
        return f"{stem} is a reserved device name on Windows; choose another name."
    return ""


_ILLEGAL = " ".join(sorted(ILLEGAL))
