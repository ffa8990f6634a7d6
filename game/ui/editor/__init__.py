"""*Enter a puzzle*: an empty board to type a puzzle's givens on, checked as they are typed.

The scene (:mod:`.scene`) edits the session's :class:`~game.session.puzzles.Draft`,
runs the solver's uniqueness check in the background after every change, and
draws the draft with the board's own views.
"""

from .scene import EditorScene

__all__ = ["EditorScene"]
