"""Teaching: the technique trainer and the technique reference.

:mod:`.chooser` (pick a technique), :mod:`.scene` (the drill) with its
:mod:`.looks` and :mod:`.view`; :mod:`.technique_list` and
:mod:`.technique_page` (the reference).
"""

from .chooser import TrainerChooserScene
from .scene import TrainerScene
from .technique_list import TechniqueListScene
from .technique_page import Example, TechniquePageScene

__all__ = [
    "Example",
    "TechniqueListScene",
    "TechniquePageScene",
    "TrainerChooserScene",
    "TrainerScene",
]
