"""The session: the mid end between the engine and the screen.

Pure Python (never imports pygame or the UI; a test enforces it), so tests play
whole games without a window.  Grouped by feature, each package with one face
(its ``__init__``) that the UI imports, and nothing deeper (a test enforces that
too):

- :mod:`.play`: the game in progress -- :class:`~.play.Game` (position, history,
  referee, help ledger, bookmarks), moves, states, phase, settings in force;
- :mod:`.board`: the board's mid end -- :class:`~.board.Playing` and its help
  flows (hints, step-through, "apply everywhere", rating, typed moves);
- :mod:`.keep`: what is kept between runs -- autosave, saves, statistics,
  settings, files;
- :mod:`.puzzles`: where puzzles come from -- generator, daily puzzle, files,
  folders;
- :mod:`.trainer`: teaching -- drills on catalogue positions;
- :mod:`.picker`: the puzzle picker's model;
- here: :class:`Session` (:mod:`.mid_end`), the mid end of the whole run (the
  game in progress, where it came from, what is kept), and background work
  (:mod:`.tasks`).

The one test for where data lives (from Simon Tatham's puzzles): would a player
expect it to come back on undo?  Entries and notes do (``BoardState``, kept in
the ``History``); the clock, the counters and the phase do not (they live on
``Game``), nor do the cursor, the selection and the notes mode (``Playing``).
"""

from .mid_end import Session
from .tasks import Cancelled, Task, TaskRunner

__all__ = ["Cancelled", "Session", "Task", "TaskRunner"]
