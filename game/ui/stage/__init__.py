"""What every scene stands on: the shared context, the scene stack, where to go.

:mod:`.context` (the session, fonts, the key map, background jobs, sounds),
:mod:`.scene_stack` (scenes and their lifecycle, after Pygame Zero and Tuxemon),
:mod:`.destinations` (where a scene can send the player, as values),
:mod:`.display` and :mod:`.icon` (the window), :mod:`.sound`.
"""

from .context import AppContext
from .destinations import (
    ChooseNewGame,
    Daily,
    Destination,
    Generate,
    Help,
    KeysPage,
    Menu,
    Notice,
    OpenFile,
    OpenPuzzle,
    Picker,
    Play,
    PlayAgain,
    Resume,
    SaveAs,
    SettingsPage,
    Statistics,
    TechniquePage,
    Techniques,
    Train,
    TrainerChooser,
)
from .display import Display, fitted
from .icon import load_icon
from .scene_stack import Go, Pop, Push, Quit, Replace, Reset, Router, Scene, SceneStack, Transition
from .sound import Cue

__all__ = [
    "AppContext",
    "ChooseNewGame",
    "Cue",
    "Daily",
    "Destination",
    "Display",
    "Generate",
    "Go",
    "Help",
    "KeysPage",
    "Menu",
    "Notice",
    "OpenFile",
    "OpenPuzzle",
    "Picker",
    "Play",
    "PlayAgain",
    "Pop",
    "Push",
    "Quit",
    "Replace",
    "Reset",
    "Resume",
    "Router",
    "SaveAs",
    "Scene",
    "SceneStack",
    "SettingsPage",
    "Statistics",
    "TechniquePage",
    "Techniques",
    "Train",
    "TrainerChooser",
    "Transition",
    "fitted",
    "load_icon",
]
