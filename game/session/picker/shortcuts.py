"""The picker's shortcuts: the puzzles that come with the game, saved games, home, recent folders.

A list of values the view draws beside the folder list and the scene turns
clicks on into :meth:`~.browser.Browser.go_to`.  Saved games appear only when
there are some; a recent folder that is also one of the fixed places is not
listed twice.  Pure Python.
"""

from __future__ import annotations

import enum
import os
from collections.abc import Iterable
from dataclasses import dataclass

from ..puzzles.library import display_name
from .path_line import tilde


class PlaceKind(enum.Enum):
    PUZZLES = "puzzles"
    SAVES = "saves"
    HOME = "home"
    RECENT = "recent"


@dataclass(frozen=True)
class Place:
    """One shortcut: what it says, where it goes, and where that is (for a second line)."""

    kind: PlaceKind
    label: str
    path: str
    where: str = ""  # the folder holding it, with ~, to tell recent folders apart

    def leads_to(self, folder: str) -> bool:
        """Whether this shortcut goes to ``folder`` (the one shown: it is highlighted)."""
        return os.path.normcase(self.path) == os.path.normcase(os.path.abspath(folder))


def places(
    puzzles: str,
    saves: str | None,
    home: str | None,
    recent: Iterable[str],
) -> tuple[Place, ...]:
    """The shortcuts, fixed places first, then the recent folders newest first.

    ``saves`` is None when there are no saved games (the place is hidden);
    ``home`` None when the platform names none.
    """
    fixed = [Place(PlaceKind.PUZZLES, "Included puzzles", os.path.abspath(puzzles))]
    if saves is not None:
        fixed.append(Place(PlaceKind.SAVES, "Saved games", os.path.abspath(saves)))
    if home is not None:
        fixed.append(Place(PlaceKind.HOME, "Home", os.path.abspath(home)))
    taken = {os.path.normcase(place.path) for place in fixed}
    found = list(fixed)
    for folder in recent:
        path = os.path.abspath(folder)
        if os.path.normcase(path) in taken:
            continue
        taken.add(os.path.normcase(path))
        name = display_name(os.path.basename(path)) or path
        where = display_name(tilde(os.path.dirname(path)))
        found.append(Place(PlaceKind.RECENT, name, path, where))
    return tuple(found)


def home_folder() -> str | None:
    """The player's home folder, or None where there is none to speak of."""
    home = os.path.expanduser("~")
    return home if home not in ("", "~", os.sep) else None
