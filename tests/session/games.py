"""Shared test material for the session tests: puzzles, random play, and game equality."""

from __future__ import annotations

from hypothesis import strategies as st

from game.engine.logic import Step
from game.engine.puzzle import Puzzle
from game.session.play import Game, Settings
from game.session.play.help_ledger import Deduction
from game.session.play.state import NoteKind

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
JIGSAW_LAYOUT = "001111222000011222003411122033445552333444555633344558667774588666778888666777788"
JIGSAW = ".8......11....63.........4....3.8.7.....8.....7.1.2....5.........79....43......1."
SMALL = "1...3.....1...2."  # 4x4, unique

PUZZLES = {
    "classic": lambda: Puzzle.from_string(CLASSIC),
    "jigsaw": lambda: Puzzle.from_string(JIGSAW, regions=JIGSAW_LAYOUT),
    "small": lambda: Puzzle.from_string(SMALL),
    "open": lambda: Puzzle.from_string("1" + "." * 15),  # many solutions: no mistakes counted
}

KINDS = (
    "place",
    "place",
    "place",
    "note",
    "note",
    "erase",
    "undo",
    "undo",
    "redo",
    "fill",
    "clear",
    "reveal",
    "restart",
    "tick",
    "hint",
    "step",
    "solve",
    "corner",
    "centre",
    "paint",
    "paint-candidate",
    "many",
    "guess",
    "commit",
    "abandon",
    "savepoint",
    "back",
    "rewind",
)
Action = tuple[str, int, int]

actions = st.lists(
    st.tuples(st.sampled_from(KINDS), st.integers(0, 1000), st.integers(0, 1000)), max_size=40
)
settings = st.builds(
    Settings,
    auto_remove_notes=st.booleans(),
    block_rule_breaking=st.booleans(),
    mistake_limit=st.sampled_from((0, 0, 3)),
)


def act(game: Game, action: Action) -> None:
    """Do one player action, with its numbers folded into the game's ranges."""
    kind, a, b = action
    cells, size = game.shape.cells, game.size
    cell, digit = a % cells, b % size + 1
    if kind == "place":
        # Mostly the right digit, so games get far and sometimes end.
        if game.solution is not None and b % 3:
            digit = game.solution[cell]
        game.place(cell, digit)
    elif kind == "note":
        game.marking.toggle_note(cell, digit)
    elif kind == "erase":
        game.erase(cell)
    elif kind == "undo":
        game.undo()
    elif kind == "redo":
        game.redo()
    elif kind == "fill":
        game.marking.fill_notes()
    elif kind == "clear":
        game.marking.clear_notes()
    elif kind == "reveal":
        game.assist.reveal(cell)
    elif kind == "restart":
        game.restart()
    elif kind == "tick":
        game.tick(b / 7)
    elif kind == "hint":
        game.charge_hint(Deduction("Test Hint", frozenset({(a % cells, 1)}), frozenset()))
    elif kind == "step":
        others = tuple((c, d) for c, d in [((cell + 1) % cells, digit)] if not game.givens[c])
        game.assist.apply_step(Step("Test Step", placements=(), eliminations=others))
    elif kind == "solve" and b % 4 == 0:
        game.assist.show_solution()
    elif kind == "corner":
        game.marking.toggle_note(cell, digit, NoteKind.CORNER)
    elif kind == "centre":
        game.marking.toggle_note(cell, digit, NoteKind.CENTRE)
    elif kind == "paint":
        game.marking.paint([cell, (cell + a) % cells], b % 9)
    elif kind == "paint-candidate":
        game.marking.paint([cell], b % 9, digit)
    elif kind == "many":
        chosen = [(cell + k * 7) % cells for k in range(1 + a % 5)]
        if b % 3 == 0:
            game.marking.note_many(
                chosen, digit, NoteKind(("candidate", "corner", "centre")[a % 3])
            )
        elif b % 3 == 1:
            game.marking.place_many(chosen, digit)
        else:
            game.marking.erase_many(chosen)
    elif kind == "guess":
        game.what_if.guess()
    elif kind == "commit":
        game.what_if.commit_guess()
    elif kind == "abandon":
        game.what_if.abandon_guess()
    elif kind == "savepoint":
        game.what_if.add_savepoint(f"point {a % 3}")
    elif kind == "back":
        game.what_if.go_to_savepoint(f"point {a % 3}")
    elif kind == "rewind":
        game.what_if.rewind_to_first_mistake()


def play(puzzle: str, chosen: Settings, moves: list[Action]) -> Game:
    game = Game(PUZZLES[puzzle](), settings=chosen)
    for action in moves:
        act(game, action)
    return game


def states(game: Game) -> list[object]:
    """Every state of the history, in order (the history is walked and put back)."""
    history = game.history
    position = history.position
    while history.undo() is not None:
        pass
    found: list[object] = [history.current]
    while history.redo() is not None:
        found.append(history.current)
    for _ in range(len(history) - position):
        history.undo()
    return found


def same_game(a: Game, b: Game) -> None:
    """Assert two games are the same in everything a player could notice or undo."""
    assert a.puzzle == b.puzzle
    assert a.history.moves == b.history.moves
    assert a.history.position == b.history.position
    assert states(a) == states(b)
    assert a.state == b.state
    assert (a.unique, a.solution) == (b.unique, b.solution)
    assert a.elapsed == b.elapsed
    assert a.counters == b.counters
    assert (a.solution_seen, a.clean) == (b.solution_seen, b.clean)
    assert a.help.shown == b.help.shown
    assert (a.phase, a.ending) == (b.phase, b.ending)
    assert {n: p.position for n, p in a.what_if.savepoints.items()} == {
        n: p.position for n, p in b.what_if.savepoints.items()
    }
    assert [round(t, 1) for t in a.history.times] == [round(t, 1) for t in b.history.times]
    assert (a.can_undo(), a.can_redo()) == (b.can_undo(), b.can_redo())
