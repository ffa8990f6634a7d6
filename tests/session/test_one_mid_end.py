"""Issue 18's findings from play, each replayed through the session API (no window).

Every test names the finding it guards; where the finding was about the screen,
the words and looks are checked on the models the board draws from.
"""

from __future__ import annotations

from pathlib import Path

from game.engine.puzzle import Puzzle
from game.session.board.playing import Playing
from game.session.keep.keeper import Keeper
from game.session.keep.userdata import open_user_data
from game.session.mid_end import Session
from game.session.play import Game, Offer, Settings, Status
from game.session.play.puzzle_kind import Origin, PuzzleKind
from game.session.puzzles.sources import Prepared
from game.session.tasks import TaskRunner

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
    play.help.hint()
    settle(tasks)
    shown = play.help.marks()
    assert shown is not None and first.game.hints_used == 1
    first.quit()
    for _ in range(3):  # three restarts, as in the report
        again = run_session(tmp_path)
        assert again.can_continue and again.game is not None
        game = again.game
        assert game.hints_used == 1
        play, tasks = playing(game)
        play.help.hint()
        settle(tasks)
        marks = play.help.marks()
        assert marks is not None and marks.step == shown.step  # the same step, free
        assert game.hints_used == 1
        again.quit()


# 2. On a puzzle with several solutions a move that left no solution got no word, and
# Hint led further in (a Hidden Single, charged); only Check told, without the undo key.
SEVERAL = ".........6...95....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
NO_WAY_ON = (0, 2)  # 2 in r1c1 breaks no rule and leaves no cell empty, yet no solution


def test_a_dead_end_on_a_puzzle_with_several_solutions_is_quiet_unless_mistakes_are_shown() -> None:
    quiet = game_of(SEVERAL)
    assert quiet.solvability is Status.MULTIPLE
    effect = quiet.place(*NO_WAY_ON)
    assert effect.changed and not effect.error and effect.offer is None
    assert "can't be finished" not in effect.message
    told = game_of(SEVERAL, show_mistakes=True)
    play, _ = playing(told)
    play.click_cell(NO_WAY_ON[0])
    reply = play.digit(NO_WAY_ON[1])
    assert "can't be finished" in reply.message and reply.error
    assert play.status.offer is Offer.UNDO
    assert told.mistakes == 0  # not a mistake: there is no single answer to differ from


def test_check_names_a_dead_end_with_the_undo_offer_on_a_puzzle_with_several_solutions() -> None:
    game = game_of(SEVERAL)
    game.place(*NO_WAY_ON)
    play, tasks = playing(game)
    play.help.check()
    settle(tasks)
    assert "can't be finished" in play.status.message
    assert play.status.offer is Offer.UNDO


def test_hint_never_leads_further_into_a_dead_end_and_charges_nothing_for_it() -> None:
    game = game_of(SEVERAL)
    game.place(*NO_WAY_ON)
    play, tasks = playing(game)
    play.help.hint()
    settle(tasks)
    assert play.help.marks() is None  # no Hidden Single drawn
    assert "can't be finished" in play.status.message
    assert play.status.offer is Offer.UNDO
    assert game.hints_used == 0 and game.counters.checks == 1
    play.help.toggle_steps()  # step-through does not walk in either
    settle(tasks)
    assert play.help.steps.job is not None and not play.help.steps.job.steps
    play.help.toggle_steps()
    play.undo()
    play.help.hint()
    settle(tasks)
    assert play.help.marks() is not None  # back out of it, hints teach again


# 4. Applying a hint, revealing a cell and colouring gave no status message.
def test_every_action_that_changes_the_board_says_what_it_did() -> None:
    game = game_of()
    play, tasks = playing(game)
    play.click_cell(2)
    assert play.digit(4).message == "4 in r1c3."
    assert play.note(5).message.startswith("Notes go in empty cells")
    assert play.paint(3).message == "Colour 3 on r1c3."
    assert play.paint(3).message == "Colour taken off r1c3."
    assert play.erase().message == "r1c3 erased."
    assert play.note(4).message == "Note 4 added in r1c3."
    play.click_cell(3)
    reply = play.reveal()
    assert reply.message == "Revealed r1c4: 6 (counted as a hint)."
    for _ in range(3):
        play.help.hint()
        settle(tasks)
    assert play.status.message.startswith("Applied ") and play.status.effect is not None


# 5. "Apply N steps" on a board without notes left notes in only some cells.
HARD = "2..7.4.9....52.....75..9.4.9.4....5.8.1...9.7.5....8.4.4.9..27.....62....2.1.7..8"


def test_applying_steps_on_a_board_without_notes_leaves_notes_in_every_empty_cell() -> None:
    game = game_of(HARD)
    play, tasks = playing(game)
    play.help.toggle_steps()
    settle(tasks)
    job = play.help.steps.job
    assert job is not None and job.finished
    first = next(i for i, step in enumerate(job.steps) if step.eliminations)
    for _ in range(first + 1):
        play.help.next_step()
    reply = play.help.apply_step()
    assert reply.message == f"Applied {first + 2} steps."
    grid, notes = game.grid, game.state.notes
    assert all(notes[cell] for cell in range(81) if not grid[cell])
    game.undo()  # each step is its own move; the notes came with the first that needed them
    assert any(notes for notes in game.state.notes)


# The puzzle's origin was held by both Session and Playing, kept in step by a callback.
def test_a_rating_that_arrives_after_the_board_opened_is_seen_by_the_board_and_the_save(
    tmp_path: Path,
) -> None:
    first = run_session(tmp_path)
    # Digits relabelled: a puzzle no other test rated (ratings are remembered per run).
    probe = game_of(CLASSIC.translate(str.maketrans("123456789", "912345678")))
    first.start(Prepared(probe.puzzle, probe.solution, probe.solvability, origin_of(probe)))
    tasks = TaskRunner()
    play = first.open_board(tasks)
    assert play.origin.difficulty is None  # a puzzle from a file: rated in the background
    settle(tasks)
    origin = first.origin
    assert origin is not None and origin.difficulty is not None
    assert play.origin is origin  # one owner: the board reads the session's, not a copy
    assert origin.difficulty.text() in play.origin.subtitle  # what the board panel shows
    first.quit()
    again = run_session(tmp_path)  # what the autosave kept: Continue shows the same
    assert again.origin is not None and again.origin.difficulty == origin.difficulty
    assert again.open_board(TaskRunner()).origin.difficulty == origin.difficulty
