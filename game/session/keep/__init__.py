"""What is kept between runs, and when: the game in progress, saves, statistics, settings.

:class:`Keeper` (:mod:`.keeper`) is the one object the session asks; below it
are the formats (:mod:`.savegame` with :mod:`.state_fields`, :mod:`.stats`,
:mod:`.shared` for the settings and statistics two copies share,
:mod:`.export`, :mod:`.recent_folders`), the files (:mod:`.storage`,
:mod:`.writer`, :mod:`.autosave`, :mod:`.copies`, :mod:`.paths`,
:mod:`.migration`, :mod:`.filenames`), big files parsed apart
(:mod:`.big_files`) and :func:`open_user_data` (:mod:`.userdata`), which opens
all of it at start-up.  Save files name no module paths: the puzzle and the move
list, as text.
"""

from .filenames import ILLEGAL, SaveName, validate_save_name
from .keeper import Keeper, Written, shown_path
from .savegame import EXTENSION, SaveError
from .stats import KindStats, Statistics
from .userdata import open_user_data

__all__ = [
    "EXTENSION",
    "ILLEGAL",
    "Keeper",
    "KindStats",
    "SaveError",
    "SaveName",
    "Statistics",
    "Written",
    "open_user_data",
    "shown_path",
    "validate_save_name",
]
