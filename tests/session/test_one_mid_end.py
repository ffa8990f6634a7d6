"""Issue 18's findings from play, each replayed through the session API (no window).

Every test names the finding it guards; where the finding was about the screen,
the words and looks are checked on the models the board draws from.
"""

from __future__ import annotations

from pathlib import Path

from game.engine.puzzle import Puzzle
from game.session import Game, Settings
from game.session.current import Session
from game.session.keeper import Keeper
from game.session.kinds import Origin, PuzzleKind
from game.session.playing import Playing
from game.session.sources import Prepared
from game.session.tasks import TaskRunner
from game.session.userdata import open_user_data

from .games import CLASSIC


def game_of(text: str = CLASSIC, **settings: object) -> Game:
    return Game(Puzzle.from_string(text), settings=Settings(**settings))  # type: ignore[arg-type]


def origin_of(game: Game) -> Origin:
    return Origin(PuzzleKind.of(game.shape, None), title="test")


def playing(game: Game) -> tuple[Playing, TaskRunner]:
    tasks = TaskRunner()
    return Playing(game, origin_of(game), tasks), tasks


def settle(tasks: TaskRunner) -> None:
    assert tasks.wait_idle(20)
    tasks.poll()


def run_session(folder: Path) -> Session:
    """One run of the game over ``folder``: the autosave of the last run under Continue."""
    keeper = Keeper(open_user_data(folder, threaded=False))
    session = Session(keeper)
    saved = keeper.data.resumed.saved
    if saved is not None:
        session.resume_saved(saved)
    return session


# 1. The hint counter charged again after quitting and Continue for a step already seen.
def test_a_hint_paid_for_stays_paid_after_quitting_and_continue(tmp_path: Path) -> None:
    first = run_session(tmp_path)
    probe = game_of()
    origin = origin_of(probe)
    first.start(Prepared(probe.puzzle, probe.solution, probe.solvability, origin))
    assert first.game is not None
    play, tasks = playing(first.game)
    play.hint()
    settle(tasks)
    shown = play.marks()
    assert shown is not None and first.game.hints_used == 1
    first.quit()
    for _ in range(3):  # three restarts, as in the report
        again = run_session(tmp_path)
        assert again.can_continue and again.game is not None
        game = again.game
        assert game.hints_used == 1
        play, tasks = playing(game)
        play.hint()
        settle(tasks)
        marks = play.marks()
        assert marks is not None and marks.step == shown.step  # the same step, free
        assert game.hints_used == 1
        again.quit()
