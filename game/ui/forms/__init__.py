"""The form kit: dialogs as data -- controls, focus, layout, drawing, one scene.

:mod:`.model` is the vocabulary and keyboard model, :mod:`.layout` places every
line from the window size, :mod:`.view` draws, :mod:`.scene` is the scene every
form dialog is.
"""

from .model import (
    Area,
    Button,
    Buttons,
    Choice,
    Control,
    Fit,
    FormSpec,
    Labels,
    Lines,
    Note,
    Switch,
    Target,
)
from .scene import FormScene, Handler

__all__ = [
    "Area",
    "Button",
    "Buttons",
    "Choice",
    "Control",
    "Fit",
    "FormScene",
    "FormSpec",
    "Handler",
    "Labels",
    "Lines",
    "Note",
    "Switch",
    "Target",
]
