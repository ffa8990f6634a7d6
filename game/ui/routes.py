"""Navigation between scenes, in one place.

Scenes name where to go (``routes.menu(ctx)``) instead of importing each other,
which keeps the scene modules free of import cycles and makes the map of the game
readable here.  Imports are inside the functions for that reason.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from ..session import Game
from ..session.sources import GameInfo, Prepared, Request
from .context import AppContext
from .scene_stack import Push, Reset, Scene, Transition


def menu(ctx: AppContext) -> Scene:
    from .scenes.menu import MenuScene

    return MenuScene(ctx)


def board(ctx: AppContext, prepared: Prepared) -> Transition:
    """Start playing a prepared puzzle: the menu below, the board on top."""
    from .scenes.board import BoardScene

    game = prepared.new_game(ctx.settings)
    ctx.session.game = game
    ctx.session.info = prepared.info
    ctx.session.created = prepared.created
    return Reset((menu(ctx), BoardScene(ctx, game, prepared.info)))


def resume(ctx: AppContext) -> Transition | None:
    """Back to the game in progress (Continue), if there is one."""
    from .scenes.board import BoardScene

    game, info = ctx.session.game, ctx.session.info
    if game is None or info is None:
        return None
    return Reset((menu(ctx), BoardScene(ctx, game, info)))


def replay(ctx: AppContext, info: GameInfo) -> Transition | None:
    """The same puzzle again from the start, with fresh counters."""
    game = ctx.session.game
    if game is None:
        return None
    prepared = Prepared(game.puzzle, game.solution, game.unique, info)
    return board(ctx, prepared)


def choose_new_game(ctx: AppContext) -> Transition:
    from .scenes.new_game import NewGameScene

    return Push(NewGameScene(ctx))


def generate(ctx: AppContext, request: Request) -> Transition:
    """Make a puzzle in the background, with a spinner and Cancel."""
    from ..session import sources
    from .scenes.busy import BusyScene

    ctx.session.last_request = request
    return Push(
        BusyScene(
            ctx,
            f"Making a {request.describe()} puzzle…",
            lambda task: sources.generate(request, task, ctx.supply),
            lambda prepared: board(ctx, prepared),
        )
    )


def daily(ctx: AppContext, date: datetime.date | None = None) -> Transition:
    """Today's puzzle (the same for every player), made in the background."""
    from ..session import sources
    from .scenes.busy import BusyScene

    day = date or datetime.date.today()
    return Push(
        BusyScene(
            ctx,
            "Making today's puzzle…",
            lambda task: sources.daily(day, task, ctx.supply),
            lambda prepared: board(ctx, prepared),
        )
    )


def open_file(ctx: AppContext, path: str, index: int = 0) -> Transition:
    """Read a puzzle file in the background and play its puzzle ``index``."""
    from pathlib import Path

    from ..session import sources
    from .scenes.busy import BusyScene

    return Push(
        BusyScene(
            ctx,
            f"Opening {Path(path).name}…",
            lambda task: sources.load_file(path, index, task),
            lambda prepared: board(ctx, prepared),
        )
    )


def picker(ctx: AppContext, folder: str | None = None) -> Transition:
    """The puzzle picker (registered by its module), or a note saying how to open files."""
    from .scenes.notice import NoticeScene

    factory = ctx.hooks.picker
    if factory is not None:
        return Push(factory(ctx, folder))
    return Push(
        NoticeScene(
            ctx,
            "Open a puzzle",
            "Browsing folders of puzzles comes with the puzzle picker, which is not part "
            "of this build yet. To play a puzzle file, start the game with its path:\n"
            "python main.py path/to/puzzle.txt",
        )
    )


def dropped(ctx: AppContext, path: str, top: Scene) -> Transition | None:
    """A file or folder dropped on the window: play the file, browse the folder.

    A scene with a ``browse(path)`` method (the picker) shows the folder itself
    instead of stacking a second picker on top.
    """
    import os

    if not os.path.isdir(path):
        return open_file(ctx, path)
    browse = getattr(top, "browse", None)
    if callable(browse):
        browse(path)
        return None
    return picker(ctx, path)


def open_puzzle(ctx: AppContext, near: str | None = None) -> Transition:
    """Open (menu, Ctrl+O): the picker, in the saved games when they are what comes next.

    That is the first Open of a run and the first after a Save as, if the player
    has saves.  Otherwise ``near`` (the folder of the puzzle being played), else
    the picker's own choice: where the player was last, first the bundled puzzles.
    """
    session = ctx.session
    folder = ctx.keeper.saves_folder() if session.saves_first and ctx.keeper.has_saves() else None
    session.saves_first = False
    return picker(ctx, str(folder) if folder is not None else near)


def save_dialog(
    ctx: AppContext, game: Game, info: GameInfo, report: Callable[[str], None]
) -> Transition:
    """Ctrl+S: name the game (or its puzzle, for export) and save it; ``report`` says where."""
    from .scenes.save_dialog import SaveDialogScene

    return Push(SaveDialogScene(ctx, game, info, report))


def statistics(ctx: AppContext) -> Transition:
    from .scenes.statistics import StatisticsScene

    return Push(StatisticsScene(ctx))


def settings(ctx: AppContext) -> Transition:
    from .scenes.settings import SettingsScene

    return Push(SettingsScene(ctx))


def help_overlay(ctx: AppContext, size: int = 9) -> Transition:
    from .scenes.help import HelpScene

    return Push(HelpScene(ctx, size))


def notice(ctx: AppContext, title: str, message: str) -> Transition:
    from .scenes.notice import NoticeScene

    return Push(NoticeScene(ctx, title, message))
