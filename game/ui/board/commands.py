"""The board's key table: which action calls what on the session's :class:`Playing`.

One line per action, so what a key does on the board is read in one place, and
the scene (:mod:`.scene`) adds only the few actions that open a card or a
dialog.  A button does what its key does: the scene turns a click into the same
:class:`~.actions.Command`.
"""

from __future__ import annotations

from collections.abc import Callable

from ...session.board import Chore, Playing, Reply
from ..input import CANDIDATE_COLOURS, CELL_COLOURS, CHORES, Action, Command
from ..stage import Transition

Handler = Callable[[Command], "Transition | Reply | None"]


def play_commands(play: Playing) -> dict[Action, Handler]:
    """Every board action that is one call on ``play``."""
    table: dict[Action, Handler] = {
        Action.MOVE_UP: lambda c: play.move(-1, 0),
        Action.MOVE_DOWN: lambda c: play.move(1, 0),
        Action.MOVE_LEFT: lambda c: play.move(0, -1),
        Action.MOVE_RIGHT: lambda c: play.move(0, 1),
        Action.EXTEND_UP: lambda c: play.move(-1, 0, extend=True),
        Action.EXTEND_DOWN: lambda c: play.move(1, 0, extend=True),
        Action.EXTEND_LEFT: lambda c: play.move(0, -1, extend=True),
        Action.EXTEND_RIGHT: lambda c: play.move(0, 1, extend=True),
        Action.SELECT_EMPTY: lambda c: play.select_empty(),
        Action.CLEAR_COLOURS: lambda c: play.clear_colours(),
        Action.GUESS: lambda c: play.guess(),
        Action.COMMIT_GUESS: lambda c: play.commit_guess(),
        Action.ABANDON_GUESS: lambda c: play.abandon_guess(),
        Action.SAVEPOINT: lambda c: play.add_savepoint(),
        Action.GO_TO_SAVEPOINT: lambda c: play.go_to_savepoint(),
        Action.FIND_MISTAKE: lambda c: play.find_mistake(),
        Action.REVEAL: lambda c: play.reveal(),
        Action.DIGIT: lambda c: play.digit(c.digit),
        Action.NOTE: lambda c: play.note(c.digit),
        Action.CONFIRM: lambda c: play.confirm(),
        Action.ERASE: lambda c: play.erase(),
        Action.UNDO: lambda c: play.undo(),
        Action.REDO: lambda c: play.redo(),
        Action.HINT: lambda c: play.help.hint(),
        Action.STEPS: lambda c: play.help.toggle_steps(),
        Action.NEXT: lambda c: play.help.next_step(),
        Action.PREVIOUS: lambda c: play.help.previous_step(),
        Action.CHECK: lambda c: play.help.check(),
        Action.FILL_NOTES: lambda c: play.fill_notes(),
        Action.FILTER: lambda c: play.toggle_filter(),
        Action.FILTER_NEXT: lambda c: play.step_filter(1),
        Action.FILTER_PREVIOUS: lambda c: play.step_filter(-1),
        Action.BIVALUE: lambda c: play.toggle_bivalue(),
    }
    for action, chore in CHORES.items():
        table[action] = _everywhere(play, chore)
    for action, colour in CELL_COLOURS.items():
        table[action] = _paint(play, colour, candidate=False)
    for action, colour in CANDIDATE_COLOURS.items():
        table[action] = _paint(play, colour, candidate=True)
    return table


def _everywhere(play: Playing, chore: Chore) -> Handler:
    return lambda command: play.help.apply_everywhere(chore)


def _paint(play: Playing, colour: int, candidate: bool) -> Handler:
    return lambda command: play.paint(colour, candidate)
