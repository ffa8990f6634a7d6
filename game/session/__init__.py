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

One typed digit, from the pygame event to the pixels and back (measured: the
modules whose functions run while ``App.step`` handles one KEYDOWN on the board
and draws, found with ``sys.setprofile``): 35 modules of the UI and the session
on every such key, 6 of the engine for small helpers (``symbols``, ``shape``,
``puzzle``, ``rules/checks``, ``logic/registry``, ``formats/native``), and 11
more for the autosave on that frame:

1. ``ui/app/loop`` takes the KEYDOWN from pygame; ``ui/input/gate`` translates it
   with ``ui/input/keymap`` (the only module naming keys) into a ``Command`` of
   ``ui/input/actions``; ``ui/stage/scene_stack`` hands it to the scene on top.
2. ``ui/board/scene`` looks the action up in ``ui/board/commands`` (a table) and
   calls :meth:`~.board.Playing.digit` (``session/board/playing``): the cursor,
   notes mode and the digit-first choice are Playing's, which the session made
   for this board (:meth:`Session.open_board`).
3. :meth:`~.play.Game.place` (``session/play/game``) referees it: a
   ``session/play/moves`` ``Place`` makes a new ``session/play/state`` value,
   pushed on the ``session/play/history`` (``session/play/bookmarks`` drops the
   savepoints it replaced); ``session/play/placing`` says what the player hears
   and ``session/play/phase`` whether the grid is complete or the limit reached
   (``session/play/dead_ends`` too when "mark wrong digits at once" asks whether
   play can go on); the answer is an ``Effect`` (``session/play/effects``).
4. Back in Playing, the hint and step flows (``session/board/help_desk``,
   ``session/board/hint_flow``, ``session/board/steps_flow``, asking
   ``session/tasks`` whether work is under way) follow the board, and one
   ``Reply`` says all the screen needs (``session/board/reply``: the message,
   whether that won, cells filled by the solution).
5. The scene only reads: ``ui/board/animation`` and ``ui/stage/sound`` (through
   ``ui/stage/context``) for the feedback, then ``ui/board/looks`` (each cell's
   look, a value), ``ui/board/view`` (looks to pixels; ``ui/board/tiles`` draws
   a changed look, with ``ui/board/layout``, ``ui/kit/theme`` and
   ``ui/kit/text``), ``ui/board/panel`` and ``ui/board/panel_view`` (the side
   panel, with ``ui/kit/widgets`` and ``session/play/puzzle_kind`` for its
   header), and ``ui/stage/display`` puts the changed rectangles on screen.
   Nothing on this way back assigns to a session object.
6. The same frame :meth:`Session.frame` (``session/mid_end``) sees the game's
   version change and ``session/keep/keeper`` autosaves it (``keep/userdata``,
   ``keep/shared``, ``keep/autosave``, ``keep/savegame`` with
   ``keep/state_fields``, ``play/what_if`` and ``play/help_ledger`` for the
   savepoints and the help shown, ``keep/storage``, and ``keep/writer`` off the
   frame thread).

The one test for where data lives (from Simon Tatham's puzzles): would a player
expect it to come back on undo?  Entries and notes do (``BoardState``, kept in
the ``History``); the clock, the counters and the phase do not (they live on
``Game``), nor do the cursor, the selection and the notes mode (``Playing``).
"""

from .mid_end import Session
from .tasks import Cancelled, Task, TaskRunner

__all__ = ["Cancelled", "Session", "Task", "TaskRunner"]
