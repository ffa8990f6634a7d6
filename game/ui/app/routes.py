"""Navigation between scenes, in one place: destinations become scenes.

Scenes name where to go with :mod:`.destinations` values (``Go(Menu())``) and never
import this module, so the scene modules form no import cycle with it; the app
gives :func:`router` to its scene stack.  Reading :func:`resolve` is reading the
map of the game.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable
from pathlib import Path

from ...session import puzzles
from ...session import trainer as teaching
from ..board import BoardScene, ShareScene
from ..editor import EditorScene
from ..picker import PickerScene
from ..screens import (
    LEAVE_BODY,
    LEAVE_TITLE,
    BusyScene,
    ConfirmScene,
    HelpScene,
    KeysScene,
    MenuScene,
    NewGameScene,
    NoticeScene,
    RulesCard,
    SaveDialogScene,
    SettingsScene,
    StatisticsScene,
)
from ..stage import (
    AppContext,
    ChooseNewGame,
    Daily,
    Destination,
    EnterPuzzle,
    Generate,
    Help,
    KeysPage,
    Menu,
    Notice,
    OpenFile,
    OpenPuzzle,
    OpenText,
    Picker,
    Play,
    PlayAgain,
    Push,
    Reset,
    Resume,
    Router,
    SaveAs,
    Scene,
    SettingsPage,
    Share,
    Statistics,
    TechniquePage,
    Techniques,
    Train,
    TrainerChooser,
    Transition,
)
from ..trainer import (
    Example,
    TechniqueListScene,
    TechniquePageScene,
    TrainerChooserScene,
    TrainerScene,
)


def router(ctx: AppContext) -> Router:
    """The function a scene stack calls to go somewhere."""
    return lambda destination: resolve(ctx, destination)


def resolve(ctx: AppContext, destination: Destination) -> Transition | None:
    """The transition that takes the player to ``destination`` (None: nowhere to go)."""
    session = ctx.session
    match destination:
        case Menu(leave_game):
            if leave_game:
                session.leave()
            return Reset((menu(ctx),))
        case Resume():
            return resume(ctx)
        case Play(prepared):
            return leaving(ctx, lambda: board(ctx, prepared))
        case PlayAgain():
            game, origin = session.game, session.origin
            if game is None or origin is None:
                return None
            return board(ctx, puzzles.Prepared.again(game, origin))
        case ChooseNewGame():
            return Push(NewGameScene(ctx))
        case Generate(kind, seed):
            session.asked_for(kind)
            return leaving(
                ctx,
                lambda: _busy(
                    ctx,
                    f"Making {kind.described()} puzzle…",
                    lambda task: puzzles.generate(kind, task, ctx.supply, seed),
                ),
            )
        case Daily(date):
            day = date or datetime.date.today()
            return leaving(
                ctx,
                lambda: _busy(
                    ctx,
                    "Making today's puzzle…",
                    lambda task: puzzles.daily(day, task, ctx.supply),
                ),
            )
        case OpenFile(path, index):
            return leaving(
                ctx,
                lambda: _busy(
                    ctx,
                    f"Opening {Path(path).name}…",
                    lambda task: puzzles.load_file(path, index, task),
                ),
            )
        case OpenText(text, source, title):
            return leaving(
                ctx,
                lambda: _busy(
                    ctx,
                    f"Reading the puzzle from {source}…",
                    # The board opens once the text is read; it counts the
                    # solutions itself, in the background (a hard variant: seconds).
                    lambda task: puzzles.read_text(
                        text, task, source=source, title=title, prove=False
                    ),
                ),
            )
        case EnterPuzzle():
            return Push(EditorScene(ctx))
        case Share(game, origin, report):
            return Push(ShareScene(ctx, game, origin, report))
        case Picker(folder):
            return Push(PickerScene(ctx, folder))
        case OpenPuzzle(near):
            return open_puzzle(ctx, near)
        case SaveAs(report):
            game, origin = session.game, session.origin
            if game is None or origin is None:
                return None
            return Push(SaveDialogScene(ctx, game, origin, report))
        case Statistics():
            return Push(StatisticsScene(ctx))
        case SettingsPage():
            return Push(SettingsScene(ctx))
        case KeysPage():
            return Push(KeysScene(ctx))
        case Help(size, rules):
            return Push(HelpScene(ctx, size, rules))
        case Techniques(focus):
            return Push(TechniqueListScene(ctx, focus))
        case TechniquePage(name, seen):
            return Push(TechniquePageScene(ctx, name, first_example, seen))
        case Notice(title, message):
            return Push(NoticeScene(ctx, title, message))
        case TrainerChooser():
            return Push(TrainerChooserScene(ctx, about=technique_page()))
        case Train(technique, variant):
            return Push(TrainerScene(ctx, technique, variant, about=technique_page()))
    raise ValueError(f"nowhere to go for {destination!r}")


def technique_page() -> Callable[[str], Destination]:
    """Where a technique's reference page is, for the trainer's "About"."""
    return TechniquePage


def first_example(name: str) -> Example | None:
    """The example a technique's page shows: the trainer catalogue's first position
    where the technique is what a hint gives, else its first position."""
    found = teaching.examples(name)
    return next((e for e in found if not e.simpler), found[0] if found else None)


def leaving(ctx: AppContext, then: Callable[[], Transition]) -> Transition:
    """``then``, once the player agrees to leave the game in progress, if leaving costs.

    Asked where another game is about to replace it (New game, Daily, a puzzle
    chosen in Open or dropped on the window), not where the player only starts
    looking (Ctrl+O, the New game card): browsing and cancelling costs nothing.
    It costs when the session would count the game as played: one with moves
    that has not ended (:meth:`~game.session.mid_end.Session.start`'s rule).
    """
    game = ctx.session.game
    if game is None or game.phase.final or not len(game.history):
        return then()
    return Push(ConfirmScene(ctx, LEAVE_TITLE, LEAVE_BODY, then))


def menu(ctx: AppContext) -> Scene:
    return MenuScene(ctx)


def board(ctx: AppContext, prepared: puzzles.Prepared) -> Transition:
    """Start playing a prepared puzzle: the menu below, the board on top."""
    ctx.session.start(prepared)
    scene = BoardScene(ctx, ctx.session.open_board(ctx.tasks))
    game = scene.game
    if game.puzzle.constraints and prepared.game is None:
        # A variant's rules, in sentences, before the first move (Help keeps them).
        return Reset((menu(ctx), scene, RulesCard(ctx, game.on_board.sentences())))
    return Reset((menu(ctx), scene))


def resume(ctx: AppContext) -> Transition | None:
    """Back to the game in progress (Continue), if there is one."""
    session = ctx.session
    if not session.can_continue or session.origin is None:
        return None
    return Reset((menu(ctx), BoardScene(ctx, session.open_board(ctx.tasks))))


def open_puzzle(ctx: AppContext, near: str | None = None) -> Transition:
    """Open (menu, Ctrl+O): the picker, in the saved games when they are what comes next.

    That is the first Open of a run and the first after a Save as, if the player
    has saves.  Otherwise ``near`` (the folder of the puzzle being played), else
    the picker's own choice: where the player was last, first the bundled puzzles.
    """
    session = ctx.session
    keeper = session.keeper
    first = session.open_saves_first()
    folder = keeper.saves_folder() if first and keeper.has_saves() else None
    return Push(PickerScene(ctx, str(folder) if folder is not None else near))


def dropped(ctx: AppContext, path: str, top: Scene) -> Transition | None:
    """A file or folder dropped on the window: play the file, browse the folder.

    The picker on top shows a dropped folder itself instead of stacking a second
    picker on it.
    """
    if not os.path.isdir(path):
        return resolve(ctx, OpenFile(path))
    if isinstance(top, PickerScene):
        top.browse(path)
        return None
    return resolve(ctx, Picker(path))


def _busy(ctx: AppContext, title: str, job: puzzles.PrepareJob) -> Transition:
    """A background job that prepares a puzzle, with progress and Cancel, then the board."""
    return Push(BusyScene(ctx, title, job, lambda prepared: board(ctx, prepared)))
