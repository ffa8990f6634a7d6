"""The puzzle picker's model: pure Python, driven by the picker scene.

- :mod:`.browser`: navigation and filtering; :mod:`.wants`: what to read next;
- :mod:`.pages`: what a folder or collection page holds, and the memory kept
  between visits; :mod:`.rows`: rows, details and the status line as values;
- :mod:`.jobs`: worker lanes whose jobs follow the player's scrolling;
- :mod:`.listing`: selection and scrolling over long filtered lists;
- :mod:`.lru`: bounded caches;
- :mod:`.path_line`: the typed path (Ctrl+L), its completion and look-up, and
  :mod:`.line_desk` the line at work on the look-up lane;
  :mod:`.shortcuts`: the shortcuts beside the list.

Reading folders and files is :mod:`game.session.puzzles.library`; the recent
folders are kept by :mod:`game.session.keep.recent_folders`.
"""

from .browser import STAMP_EVERY, Browser, Play
from .jobs import Jobs
from .listing import ListState
from .lru import Lru
from .pages import Memory
from .path_line import SEPARATORS, PathLine, starts_path, with_choice
from .rows import Details, Icon, Row
from .shortcuts import Place, PlaceKind, home_folder, places
from .wants import LANES

__all__ = [
    "LANES",
    "SEPARATORS",
    "STAMP_EVERY",
    "Browser",
    "Details",
    "Icon",
    "Jobs",
    "ListState",
    "Lru",
    "Memory",
    "PathLine",
    "Place",
    "PlaceKind",
    "Play",
    "Row",
    "home_folder",
    "places",
    "starts_path",
    "with_choice",
]
