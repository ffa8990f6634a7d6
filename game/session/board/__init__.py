"""The board's mid end: a game on the board with the help around it.

:class:`Playing` (:mod:`.playing`) is created by the session and is the only
owner of the board screen's state: the cursor and selection, notes mode, active
digit, checked cells, the status line and the help flows -- hints
(:mod:`.hint_flow` over :mod:`.hints`), step-through (:mod:`.steps_flow`),
"apply everywhere" (:mod:`.everywhere_flow`) and the rater
(:mod:`.difficulty`); :mod:`.typed_moves` reads moves typed as text.  The screen
sends it intents, reads back one :class:`Reply` per action, and draws from one
frozen :class:`PlayView` (:meth:`Playing.view`).
"""

from .difficulty import Rater
from .everywhere_flow import Chore
from .help_desk import HelpDesk
from .hint_flow import Stage
from .hints import HintMarks
from .playing import Playing
from .reply import Mode, PlayView, Reply
from .steps_flow import StepsView

__all__ = [
    "Chore",
    "HelpDesk",
    "HintMarks",
    "Mode",
    "PlayView",
    "Playing",
    "Rater",
    "Reply",
    "Stage",
    "StepsView",
]
