"""The game application: the only package that imports pygame.

The front end in Simon Tatham's sense (the session is the mid end), grouped by
feature, each package's ``__init__`` its face; the packages depend on one another
without a cycle (a test enforces it), from the bottom up:

- :mod:`.input`: where pygame events become intents (actions, the one key map,
  the gate, rebinding);
- :mod:`.kit`: colours, text, widgets, text fields, card layout;
- :mod:`.stage`: the context every scene shares, the scene stack, destinations,
  the window, sound;
- :mod:`.forms`: the form kit (dialogs as data);
- :mod:`.screens`: menu, cards, help, keys, settings, new game, statistics, save;
- :mod:`.board`: the board screen, its drawing and the cards a game leads to;
- :mod:`.trainer`: the technique trainer and reference;
- :mod:`.picker`: the puzzle picker;
- :mod:`.app`: the event loop and the routes between screens.

The UI sees the session only through its package faces (``game.session.play``,
``.board``, ``.keep``, ``.puzzles``, ``.trainer``, ``.picker`` and the root).
Slow work (puzzle generation, hints, file reading) runs in
:mod:`game.session.tasks`, which wakes the loop with a user event when done, so
no frame ever blocks.
"""

import os

# Before anything imports pygame: the game has its own title screen.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Everything is drawn in software, so SDL's plain window framebuffer is all we need.
# Its "accelerated" one streams the same pixels through an OpenGL texture and, on
# machines without a GPU driver, loads a software OpenGL stack: 243 MB resident for
# a 4K window instead of 57 MB, and no partial updates.  An environment setting wins.
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
