"""The screens around a game: menu, cards, help, keys and the form dialogs.

:mod:`.card` (a card with a title, lines and buttons) and the scenes built on
it (:mod:`.confirm`, :mod:`.notice`, :mod:`.busy`), :mod:`.menu`, :mod:`.help`,
:mod:`.keys`, :mod:`.rules` (a variant's rules as it opens), and the forms
:mod:`.new_game`, :mod:`.settings`, :mod:`.statistics` and :mod:`.save_dialog`.
"""

from .busy import BusyScene
from .card import CardScene
from .confirm import LEAVE_BODY, LEAVE_TITLE, SOLVE_BODY, SOLVE_TITLE, ConfirmScene
from .help import HelpScene
from .keys import KeysScene
from .menu import MenuScene
from .new_game import NewGameScene
from .notice import NoticeScene
from .rules import RulesCard
from .save_dialog import SaveDialogScene
from .settings import SettingsScene
from .statistics import StatisticsScene

__all__ = [
    "LEAVE_BODY",
    "LEAVE_TITLE",
    "SOLVE_BODY",
    "SOLVE_TITLE",
    "BusyScene",
    "CardScene",
    "ConfirmScene",
    "HelpScene",
    "KeysScene",
    "MenuScene",
    "NewGameScene",
    "NoticeScene",
    "RulesCard",
    "SaveDialogScene",
    "SettingsScene",
    "StatisticsScene",
]
