"""Text from outside the game (titles, file names) made fit to draw on screen.

Titles come from puzzle files, saves edited by hand and file names, and any of them
may hold a terminal escape (ESC), a right-to-left override (U+202E) that turns the
rest of a line round, line breaks, or bytes that were never text.  Every path that
puts a puzzle's or a save's title on screen (the menu's Continue line, the picker,
the board's header, the cards) goes through :func:`shown`, so one rule decides what
a player sees.
"""

from __future__ import annotations

REPLACEMENT = "\N{REPLACEMENT CHARACTER}"


def shown(text: str) -> str:
    """``text`` as one printable line: every control character (ESC, line breaks),
    direction or invisible format character and undecodable byte becomes ``�``.

    A visible sign rather than nothing, so the player sees that something was
    there, as a file manager shows an odd file name.
    """
    if text.isprintable():
        return text  # the usual case, at no cost
    # Lone surrogates (undecodable bytes kept by ``surrogateescape``, or ``\\ud800``
    # written in JSON) are not printable either: one sign each.
    return "".join(ch if ch.isprintable() else REPLACEMENT for ch in text)
