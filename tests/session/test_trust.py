"""The trust issue's findings, each replayed through the session API (no window).

Every test names the finding it guards; the same rules are exercised through
synthetic events in ``tests/ui`` where the finding was about the screen.
"""

from __future__ import annotations

from game.engine.puzzle import Puzzle
from game.session.board.hints import HintQuery, ask
from game.session.board.playing import Playing
from game.session.board.reply import Mode
from game.session.keep.keeper import Keeper
from game.session.mid_end import Session
from game.session.play import Game, Offer, Phase, Settings, Status
from game.session.play.puzzle_kind import Origin, PuzzleKind, Variant
from game.session.puzzles.sources import Prepared
from game.session.tasks import TaskRunner

from .games import CLASSIC

SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
NO_SOLUTION = "12345678." + "........9" + "." * 63  # r1c9 can only be 9, as r2c9 is
SEVERAL = "1" + "." * 15


def game_of(text: str = CLASSIC, **settings: object) -> Game:
    return Game(Puzzle.from_string(text), settings=Settings(**settings))  # type: ignore[arg-type]


def origin_of(game: Game) -> Origin:
    return Origin(PuzzleKind.of(game.shape, None), title="test")


def playing(game: Game) -> tuple[Playing, TaskRunner]:
    tasks = TaskRunner()
    return Playing(game, origin_of(game), tasks), tasks


def settle(tasks: TaskRunner) -> None:
    assert tasks.wait_idle()
    tasks.poll()


def harmless_mistake(game: Game) -> tuple[int, int]:
    """A wrong digit that breaks no rule (r1c3 holds 4; 1 and 2 are legal there)."""
    assert game.solution is not None and game.solution[2] == 4
    return 2, 1 if game.on_board.candidates()[2] & 1 else 2


# 1. Show solution, then Ctrl+Z: the solution stayed on the board and could be typed in.
def test_undo_after_show_solution_shows_the_history_and_never_counts_as_a_win() -> None:
    game = game_of()
    game.place(2, 4)
    game.assist.show_solution()
    assert game.phase is Phase.SHOWN and all(game.grid)
    game.undo()
    assert game.phase is Phase.PLAYING
    assert game.state.entries[2] == 4 and sum(1 for d in game.state.entries if d) == 1
    assert game.from_solution() == frozenset()  # nothing from the solution on the board
    for cell, char in enumerate(SOLUTION):
        if not game.is_given(cell) and not game.grid[cell]:
            game.place(cell, int(char))
    assert game.phase is Phase.SOLVED and not game.counts_as_win


# 2. Closing the window while a card is up deleted the autosave and counted a loss.
def test_quitting_with_a_finished_card_up_keeps_the_autosave_and_counts_nothing_more() -> None:
    keeper = Keeper.in_memory()
    session = Session(keeper)
    game = session.start(Prepared(game_of().puzzle, None, Status.UNIQUE, origin_of(game_of())))
    game.place(2, 4)
    game.assist.show_solution()
    session.quit()
    assert keeper.data.storage.read("autosave.sudoku")  # still there
    kind = PuzzleKind(Variant.CLASSIC, 9, None)
    assert keeper.stats.kind(kind).played == 0
    assert session.can_continue  # Undo can revive it


# 3. A lowered limit (or a save without one) ended a game past it at once, with wrong words.
def test_a_new_mistake_limit_waits_for_the_next_mistake_and_says_the_real_numbers() -> None:
    game = game_of()
    cell, digit = harmless_mistake(game)
    for _ in range(4):
        game.place(cell, digit)
        game.erase(cell)
    assert game.mistakes == 4 and game.phase is Phase.PLAYING
    game.use_settings(Settings(mistake_limit=3))
    assert game.phase is Phase.PLAYING
    game.place(cell, digit)
    assert game.phase is Phase.LOST
    assert game.ending == "You made 5 mistakes; the limit is 3."


# 4. In notes mode, the click that selected a cell also toggled the note under the pointer.
def test_the_click_that_selects_a_cell_never_toggles_a_note() -> None:
    play, _ = playing(game_of())
    play.toggle_notes_mode()
    play.click_cell(2, note=5)
    assert play.cursor == 2 and play.game.state.notes[2] == 0
    play.click_cell(2, note=5)
    assert play.game.state.notes[2] == 1 << 4


# 5. A given stayed red after Show solution replaced the entry it clashed with.
def test_a_given_is_no_longer_in_conflict_once_the_solution_is_shown() -> None:
    game = game_of()
    game.place(2, 5)  # clashes with the given 5 in r1c1
    assert 0 in game.on_board.conflicts()
    game.assist.show_solution()
    assert game.on_board.conflicts() == frozenset()


# 8. An unsolvable puzzle was played without a word; hints walked into a dead end.
def test_an_unsolvable_puzzle_is_announced_and_hints_say_why() -> None:
    game = game_of(NO_SOLUTION)
    assert game.solvability is Status.NONE and game.solution is None
    play, tasks = playing(game)
    assert play.status.error and "no solution" in play.status.message
    play.help.hint()
    settle(tasks)
    assert "no solution" in play.status.message or "more than once" in play.status.message


def test_a_puzzle_with_several_solutions_is_announced_and_hints_skip_uniqueness() -> None:
    game = game_of(SEVERAL)
    assert game.solvability is Status.MULTIPLE and not game.unique
    play, _ = playing(game)
    assert "more than one solution" in play.status.message
    assert not HintQuery.of(game).unique


def test_a_grid_too_open_to_settle_is_announced_and_hinted_with_patterns_only() -> None:
    """The bounded solver's "undecided" reaches the player as words, never a hang."""
    empty = Puzzle.from_string("." * 81)
    game = Game(empty, solvability=Status.UNDECIDED)
    assert game.solution is None and not game.unique
    play, tasks = playing(game)
    assert "so open" in play.status.message
    answer = ask(HintQuery.of(game))
    assert answer.kind == "undecided" and answer.step is None
    play.help.hint()
    settle(tasks)
    assert "could not tell" in play.status.message


def test_the_solution_count_is_the_solvers_own_status() -> None:
    """One type from the engine to the screen (issue 18: Solvability mirrored Status)."""
    from game.engine import solver

    for text in (CLASSIC, SEVERAL, NO_SOLUTION):
        game = game_of(text)
        assert game.solvability is solver.settle(game.shape, game.givens).status


# 12. Browsing 56 steps cost 57 hints; the notes check cost a hint.
def test_a_deduction_is_charged_once_and_a_notes_problem_is_a_check() -> None:
    game = game_of()
    play, tasks = playing(game)
    play.help.toggle_steps()
    settle(tasks)
    for _ in range(5):
        play.help.next_step()
    for _ in range(5):
        play.help.previous_step()
    assert game.hints_used == 6  # steps 1..6, each once, however often browsed
    play.help.toggle_steps()
    play.help.hint()  # the first step again, asked through Hint: already seen, free
    settle(tasks)
    assert game.hints_used == 6
    noted = game_of()
    noted.marking.toggle_note(2, 1)  # r1c3's notes leave out its digit (4)
    answer = ask(HintQuery.of(noted))
    assert answer.kind == "notes"
    play2, tasks2 = playing(noted)
    play2.help.hint()
    settle(tasks2)
    assert noted.hints_used == 0 and noted.counters.checks == 1


# 13. The dead-end card opened the moment a legal digit left a cell without a candidate.
def test_a_dead_end_is_told_only_when_asked_or_when_mistakes_are_shown() -> None:
    moves = [(2, 1), (3, 2), (5, 4), (6, 6), (7, 8)]
    quiet = game_of()
    for cell, digit in moves:
        effect = quiet.place(cell, digit)
        assert "can't be finished" not in effect.message
    assert quiet.phase is Phase.PLAYING
    told = game_of(show_mistakes=True, show_conflicts=False)
    offers = [told.place(cell, digit).offer for cell, digit in moves]
    assert told.phase is Phase.PLAYING
    assert Offer.UNDO in offers or any(told.wrong_entries() for _ in (0,))


# The hint's "press again" offer names its action; the UI names the key.
def test_hint_nudges_offer_the_hint_key_instead_of_naming_one() -> None:
    play, tasks = playing(game_of())
    play.help.hint()
    settle(tasks)
    assert play.mode is Mode.NUDGE
    assert play.status.offer is Offer.HINT_AGAIN and "Press" not in play.status.message


# Refusals: keys, clicks and typed moves all hear why a move does nothing.
def test_moves_that_do_nothing_say_why() -> None:
    game = game_of()
    assert "given" in game.place(0, 3).message
    assert "not a digit" in game.place(2, 10).message
    play, _ = playing(game)
    assert "given" in play.typed("1 1 3").message
    game.assist.show_solution()
    assert "undo" in game.place(2, 4).message
