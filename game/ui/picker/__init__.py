"""The puzzle picker's front end: its scene, geometry and drawing.

The scene (:mod:`.scene`) drives the model in :mod:`game.session.picker`;
:mod:`.layout`, :mod:`.view`, :mod:`.bars_view`, :mod:`.thumbs`, :mod:`.icons`: geometry, drawing,
grid thumbnails and line icons; :mod:`.places_view` and :mod:`.line_view`: the
shortcuts' column and the path line with its card; :mod:`.hits`: what is under
the pointer.
"""

from .scene import PickerScene

__all__ = [
    "PickerScene",
]
