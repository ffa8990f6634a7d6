"""The game application: the only package that imports pygame.

How it fits together (front end in Simon Tatham's sense; the session is the mid end):

- :mod:`.app` owns the window and the one event loop.  Each iteration turns pygame
  events into intents at one gate (:mod:`.gate`, using the key map in
  :mod:`.keymap`), hands them to the scene on top of the :mod:`.scene_stack`,
  advances time by an explicit ``dt`` and redraws only when a scene says it changed.
- :mod:`.scenes` holds one module per screen (menu, new game, board, win, lose,
  pause, help, settings...).  Scenes translate intents into
  :class:`~game.session.Game` calls and draw what they read back.
- Drawing is split by job: :mod:`.layout` (every rectangle, from the window size),
  :mod:`.theme` (colours), :mod:`.text` (fonts and a text cache), :mod:`.looks`
  (what each cell should look like, as values), :mod:`.board_view` (looks to
  pixels, with caches), :mod:`.panel_view` and :mod:`.widgets`.
- Slow work (puzzle generation, hints, file reading) runs in :mod:`.tasks`, which
  wakes the loop with a user event when done, so no frame ever blocks.
"""

import os

# Before anything imports pygame: the game has its own title screen.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Everything is drawn in software, so SDL's plain window framebuffer is all we need.
# Its "accelerated" one streams the same pixels through an OpenGL texture and, on
# machines without a GPU driver, loads a software OpenGL stack: 243 MB resident for
# a 4K window instead of 57 MB, and no partial updates.  An environment setting wins.
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
