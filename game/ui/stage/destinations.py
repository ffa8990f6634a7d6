"""Where a scene can send the player, as values; the app's :mod:`.routes` builds the scenes.

A scene returns ``Go(Menu())`` instead of building the menu itself, so no scene
imports another scene's module through navigation and the map of the game is
read in one place (:func:`.routes.resolve`).  Every destination is a small frozen
value: tests can assert where a button leads without building anything.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from ...session.play import Game, Origin, PuzzleKind
from ...session.puzzles import CLIPBOARD, Prepared


@dataclass(frozen=True)
class Destination:
    """Somewhere to go."""


@dataclass(frozen=True)
class Menu(Destination):
    """The main menu alone; ``leave_game`` when leaving a finished game's board."""

    leave_game: bool = False


@dataclass(frozen=True)
class Resume(Destination):
    """Back to the game in progress (Continue)."""


@dataclass(frozen=True)
class Play(Destination):
    """Start playing a prepared puzzle."""

    prepared: Prepared


@dataclass(frozen=True)
class PlayAgain(Destination):
    """The current puzzle again from the start, as a new game."""


@dataclass(frozen=True)
class ChooseNewGame(Destination):
    """The New game choices."""


@dataclass(frozen=True)
class Generate(Destination):
    """Make a puzzle of ``kind`` in the background, then play it."""

    kind: PuzzleKind
    seed: int | None = None


@dataclass(frozen=True)
class Daily(Destination):
    """The daily puzzle of ``date`` (today when None)."""

    date: datetime.date | None = None


@dataclass(frozen=True)
class OpenFile(Destination):
    """Read a puzzle file in the background and play its puzzle ``index``."""

    path: str
    index: int = 0


@dataclass(frozen=True)
class OpenText(Destination):
    """Read the puzzle in ``text`` in the background and play it (a paste, a typed line).

    ``source`` names where the text came from in messages ("the clipboard").
    """

    text: str
    source: str = CLIPBOARD
    title: str = ""


@dataclass(frozen=True)
class EnterPuzzle(Destination):
    """An empty board to type a puzzle's givens on (menu, *Enter a puzzle*)."""


@dataclass(frozen=True)
class Share(Destination):
    """The Share card for ``game``: copy the puzzle or export its picture;
    ``report`` hears what was done (the board's status line)."""

    game: Game
    origin: Origin
    report: Callable[[str], None]


@dataclass(frozen=True)
class Picker(Destination):
    """The puzzle picker in ``folder`` (None: where the player was last)."""

    folder: str | None = None


@dataclass(frozen=True)
class OpenPuzzle(Destination):
    """Open (menu, Ctrl+O): the picker, in the saved games when they come next."""

    near: str | None = None


@dataclass(frozen=True)
class SaveAs(Destination):
    """The Save dialog for the game in progress; ``report`` hears where it went."""

    report: Callable[[str], None]


@dataclass(frozen=True)
class Statistics(Destination):
    pass


@dataclass(frozen=True)
class SettingsPage(Destination):
    pass


@dataclass(frozen=True)
class KeysPage(Destination):
    """The Keys page of the settings: every action's keys, to change."""


@dataclass(frozen=True)
class Help(Destination):
    size: int = 9
    rules: tuple[str, ...] = ()
    """The puzzle's rules in sentences (a variant's; empty: the classic rule)."""


@dataclass(frozen=True)
class Techniques(Destination):
    """The technique reference's list, the focus on technique ``focus`` (None: the first)."""

    focus: str | None = None


@dataclass(frozen=True)
class TechniquePage(Destination):
    """The reference page of technique ``name``; ``seen`` hears every technique the
    page moves to (Previous, Next), so the list under it can follow."""

    name: str
    seen: Callable[[str], None] | None = None


@dataclass(frozen=True)
class Notice(Destination):
    title: str
    message: str


@dataclass(frozen=True)
class TrainerChooser(Destination):
    """The technique trainer's list of techniques (menu, help)."""


@dataclass(frozen=True)
class Train(Destination):
    """A drill of ``technique`` on positions of ``variant`` grids ("any", "classic", "jigsaw")."""

    technique: str
    variant: str = "any"
