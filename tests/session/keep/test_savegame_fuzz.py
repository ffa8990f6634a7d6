"""Saved games under random play and random damage: exact round trips, one error class."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.errors import PuzzleError
from game.engine.formats import parse_text
from game.engine.puzzle import PuzzleRecord
from game.session.keep.savegame import SaveError, load_game, load_saved, save_game
from game.session.play import Settings
from game.session.play.puzzle_kind import Origin, PuzzleKind

from ..games import PUZZLES, Action, actions, play, same_game
from ..games import settings as any_settings

puzzles = st.sampled_from(sorted(PUZZLES))
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=20)
    | st.sampled_from(["place r1c1 1", "r1c1", "fill-notes", "9", "..1", "sudoku-game"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(puzzles, any_settings, actions)
def test_save_then_load_gives_the_same_game(
    puzzle: str, chosen: Settings, moves: list[Action]
) -> None:
    game = play(puzzle, chosen, moves)
    origin = Origin(PuzzleKind.of(game.shape, None), path="p.txt", index=3, title="t", seed=5)
    text = save_game(game, origin, created="2025-01-01T00:00:00Z")
    saved = load_saved(text, chosen)
    same_game(game, saved.game)
    assert saved.origin == origin
    again = json.loads(save_game(saved.game, saved.origin, saved.created))
    first = json.loads(text)
    first.pop("saved"), again.pop("saved")
    assert again == first  # canonical: saving the loaded game writes the same file


@settings(max_examples=150, deadline=None)
@given(puzzles, any_settings, actions)
def test_the_engine_reads_every_save_as_its_current_position(
    puzzle: str, chosen: Settings, moves: list[Action]
) -> None:
    game = play(puzzle, chosen, moves)
    [record] = parse_text(save_game(game))
    assert isinstance(record, PuzzleRecord)
    assert record.puzzle == game.puzzle
    assert (record.entries or (0,) * game.shape.cells) == game.state.entries
    assert (record.notes or (0,) * game.shape.cells) == game.state.notes


def load_or_save_error(source: str | bytes) -> None:
    with contextlib.suppress(SaveError):
        load_game(source)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_arbitrary_bytes_raise_only_save_error(data: bytes) -> None:
    load_or_save_error(data)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=600))
def test_arbitrary_text_raises_only_save_error(text: str) -> None:
    load_or_save_error(text)


def damage(data: dict[str, Any], path: list[str | int], value: object) -> None:
    """Put ``value`` somewhere along ``path`` inside ``data`` (as deep as the path leads)."""
    node: Any = data
    for step in path[:-1]:
        if isinstance(node, dict) and isinstance(step, str) and step in node:
            node = node[step]
        elif isinstance(node, list) and isinstance(step, int) and node:
            node = node[step % len(node)]
    last = path[-1]
    if isinstance(node, dict):
        node[last if isinstance(last, str) else str(last)] = value
    elif isinstance(node, list) and node and isinstance(last, int):
        node[last % len(node)] = value


KEYS = st.sampled_from(
    [
        "format",
        "version",
        "puzzle",
        "size",
        "givens",
        "regions",
        "start",
        "entries",
        "notes",
        "moves",
        "position",
        "current",
        "elapsed",
        "mistakes",
        "hints_used",
        "assisted",
        "gave_up",
        "checks",
        "reveals",
        "solution_seen",
        "phase",
        "selected",
        "origin",
        "level",
        "r1c1",
    ]
)


@settings(max_examples=250, deadline=None)
@given(
    puzzles,
    actions,
    st.lists(
        st.tuples(st.lists(KEYS | st.integers(0, 50), min_size=1, max_size=3), json_values),
        min_size=1,
        max_size=3,
    ),
)
def test_damaged_saves_raise_only_documented_errors(
    puzzle: str, moves: list[Action], edits: list[tuple[list[str | int], object]]
) -> None:
    game = play(puzzle, Settings(), moves)
    data = json.loads(save_game(game))
    for path, value in edits:
        damage(data, path, value)
    text = json.dumps(data)
    load_or_save_error(text)
    try:
        items = parse_text(text)
    except PuzzleError:
        return
    assert all(isinstance(item, (PuzzleRecord, PuzzleError)) for item in items)
