"""A pasted puzzle opens before its solutions are counted; the board counts them after.

Driven through the task runner as the board drives it: results arrive only when
:meth:`TaskRunner.poll` runs, so what the game says before and after the count is
deterministic however fast the background thread is.
"""

from __future__ import annotations

from game.engine.puzzle import Puzzle
from game.session.board.playing import Playing
from game.session.board.proof import CHECKING, STILL_CHECKING, UNIQUE
from game.session.play import Settings, Status
from game.session.play.solvability import warning
from game.session.puzzles import read_text
from game.session.tasks import TaskRunner

LINE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
OPEN = "12" + "." * 79  # legal, and far from one solution


def opened(text: str) -> tuple[Playing, TaskRunner]:
    """``text`` read as Ctrl+V reads it, on a board whose count has not arrived."""
    prepared = read_text(text, prove=False)
    assert prepared.proving and prepared.solution is None
    game = prepared.new_game(Settings())
    tasks = TaskRunner()
    return Playing(game, prepared.origin, tasks), tasks


def test_the_board_opens_unproved_and_help_waits_for_the_count() -> None:
    play, tasks = opened(LINE)
    game = play.game
    assert game.proving and game.solution is None and play.status.message == CHECKING
    play.select(2)
    for ask in (
        play.help.hint,
        play.help.check,
        play.help.toggle_steps,
        play.reveal,
        play.show_solution,
        play.find_mistake,
    ):
        assert ask().message == STILL_CHECKING, ask
    assert not play.help.steps.open and game.state.entries[2] == 0
    assert play.digit(9).message  # playing goes on meanwhile (a wrong digit, uncounted)
    assert game.mistakes == 0
    assert tasks.wait_idle()
    tasks.poll()
    assert not game.proving and game.solvability is Status.UNIQUE
    assert game.solution == tuple(int(c) for c in SOLUTION)
    assert play.status.message == UNIQUE and not play.status.error
    assert play.help.check().message != STILL_CHECKING
    play.select(3)
    play.reveal()
    assert game.state.entries[3] == int(SOLUTION[3])  # the solution's digit, now known


def test_a_puzzle_with_several_solutions_is_told_when_the_count_arrives() -> None:
    play, tasks = opened(OPEN)
    assert tasks.wait_idle()
    tasks.poll()
    assert play.game.solvability is Status.MULTIPLE and play.game.solution is None
    assert play.status.message == warning(Status.MULTIPLE) and play.status.error
    assert play.help.hint().message != STILL_CHECKING


def test_a_board_left_before_the_count_drops_it() -> None:
    play, tasks = opened(LINE)
    play.forget()
    assert tasks.wait_idle()
    tasks.poll()
    assert play.game.proving and play.status.message == CHECKING


def test_reading_with_the_count_still_counts() -> None:
    prepared = read_text(LINE)
    assert not prepared.proving and prepared.solvability is Status.UNIQUE
    assert prepared.puzzle == Puzzle.from_string(LINE)


def test_playing_again_before_the_count_counts_again() -> None:
    from game.session.puzzles import Prepared

    play, _ = opened(LINE)
    again = Prepared.again(play.game, play.origin)
    assert again.proving and again.new_game(Settings()).proving
    play.forget()
