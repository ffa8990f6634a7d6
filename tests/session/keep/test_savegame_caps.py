"""Every cap the save loader checks, the save writer keeps: the game never writes a save it
would refuse.  A game past the move or byte cap is saved with its oldest moves trimmed."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.puzzle import Puzzle
from game.session.keep import savegame, storage
from game.session.keep.autosave import AUTOSAVE, Autosaver, load_autosave
from game.session.keep.savegame import (
    MAX_MOVES,
    MAX_PATH,
    MAX_TITLE,
    load_game,
    load_saved,
    save_game,
)
from game.session.keep.storage import FileStorage
from game.session.keep.writer import Writer
from game.session.play import Counters, Game
from game.session.play.moves import Rewind
from game.session.play.puzzle_kind import Origin, PuzzleKind, Variant

from ..games import CLASSIC, PUZZLES, act, actions, states

EMPTY = [cell for cell, char in enumerate(CLASSIC) if char == "."]

KIND = PuzzleKind(Variant.CLASSIC, 9, None)


def noted(count: int) -> Game:
    """A classic game with ``count`` note moves, played through the game."""
    game = Game(Puzzle.from_string(CLASSIC))
    for k in range(count):
        game.marking.toggle_note(EMPTY[k % len(EMPTY)], 1 + k % 9)
    return game


def longest_save() -> str:
    """A save holding exactly :data:`MAX_MOVES` moves, as the loader's largest (made fast)."""
    data = json.loads(save_game(noted(1)))
    data["moves"] = [
        f"note r{1 + EMPTY[k % len(EMPTY)] // 9}c{1 + EMPTY[k % len(EMPTY)] % 9} {1 + k % 9}"
        for k in range(MAX_MOVES)
    ]
    data["position"] = MAX_MOVES
    return json.dumps(data)


def autosaved(tmp_path: Path, game: Game, origin: Origin | None = None) -> Game:
    """``game`` through the autosaver and back, checking nothing went wrong on the way."""
    autosaver = Autosaver(Writer(FileStorage(tmp_path), threaded=False))
    autosaver.update(game, origin)
    assert autosaver.take_message() == ""
    resumed = load_autosave(FileStorage(tmp_path))
    assert resumed.message == "" and resumed.saved is not None
    return resumed.saved.game


def test_a_game_past_the_move_cap_autosaves_a_file_that_loads(tmp_path: Path) -> None:
    game = load_game(longest_save())
    for k in range(5):  # the moves that took it past the cap, played as a player would
        game.marking.toggle_note(EMPTY[k], 9)
    game.help.counters, game.elapsed = Counters(mistakes=3), 600.0
    assert len(game.history) == MAX_MOVES + 5
    loaded = autosaved(tmp_path, game)
    # Trimmed from the oldest end: the board, the position and the counters are kept.
    assert loaded.state == game.state
    assert loaded.history.moves == game.history.moves[5:]
    assert loaded.history.position == MAX_MOVES
    assert (loaded.mistakes, loaded.elapsed) == (3, 600.0)


def test_undone_far_back_the_redo_list_is_cut_at_its_far_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(savegame, "MAX_MOVES", 40)
    game = noted(100)
    for _ in range(90):
        game.undo()
    loaded = load_game(save_game(game))
    assert loaded.state == game.state
    assert loaded.history.moves == game.history.moves[10:50]
    assert loaded.history.position == 0
    assert states(loaded) == states(game)[10:51]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(PUZZLES)), actions, st.integers(1, 6))
def test_any_game_over_a_small_cap_saves_within_it_and_loads(
    kind: str, played: list[tuple[str, int, int]], cap: int
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(savegame, "MAX_MOVES", cap)
        game = Game(PUZZLES[kind]())
        for action in played:
            act(game, action)
        loaded = load_game(save_game(game))
    moves, position = game.history.moves, game.history.position
    kept = loaded.history.moves
    first = position - loaded.history.position
    assert len(kept) == min(len(moves), cap)
    assert kept == moves[first : first + len(kept)]  # one window, holding the position
    reach = [k + first - move.back for k, move in enumerate(kept) if isinstance(move, Rewind)]
    if any(target < first for target in reach):
        return  # a rewind to a move trimmed away goes to the save's start (documented)
    assert loaded.state == game.state
    assert states(loaded) == states(game)[first : first + len(kept) + 1]


def test_a_game_past_the_byte_cap_is_trimmed_to_fit(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game = noted(400)
    whole = len(save_game(game).encode("utf-8"))
    cap = whole // 2
    monkeypatch.setattr(storage, "MAX_BYTES", cap)  # what the reader allows
    monkeypatch.setattr(savegame, "MAX_BYTES", cap)  # what the writer keeps to
    size = len(save_game(game).encode("utf-8"))
    assert cap * 0.7 < size <= cap  # trimmed to fit, not far below
    loaded = autosaved(tmp_path, game)
    assert loaded.state == game.state
    assert 0 < len(loaded.history) < 400
    assert loaded.history.moves == game.history.moves[-len(loaded.history) :]


def test_a_huge_title_is_cut_on_read_and_on_write(tmp_path: Path) -> None:
    game = noted(3)
    data = json.loads(save_game(game))
    data["origin"] = {"title": "t" * 15_000_000}  # 15 MB: under the file cap, not shown whole
    (tmp_path / AUTOSAVE).write_text(json.dumps(data), encoding="utf-8")
    resumed = load_autosave(FileStorage(tmp_path))
    assert resumed.saved is not None and resumed.message == ""
    title = resumed.saved.origin.title
    assert len(title) == MAX_TITLE and title.endswith("…")

    written = json.loads(save_game(game, Origin(KIND, title="w" * 60_000)))
    assert len(written["origin"]["title"]) == MAX_TITLE
    assert load_saved(save_game(game, Origin(KIND, title="short"))).origin.title == "short"


def test_paths_over_the_cap_and_odd_stamps_are_dropped_both_ways() -> None:
    game = noted(2)
    written = json.loads(save_game(game, Origin(KIND, path="/" + "p" * MAX_PATH, index=3)))
    assert "origin" not in written
    data = json.loads(save_game(game, created="c" * 100))
    assert data["created"] == ""
    data["origin"] = {"path": "/" + "p" * MAX_PATH, "index": 3}
    data["saved"] = "s" * 100
    saved = load_saved(json.dumps(data))
    assert saved.origin == Origin(KIND) and saved.saved == ""


def test_a_puzzle_from_an_undecodable_file_name_autosaves(tmp_path: Path) -> None:
    name = "/puzzles/caf\udce9 \udcff.txt"  # what Python makes of bytes that are not UTF-8
    origin = Origin(KIND, path=name, index=2, title="caf\udce9")
    game = noted(2)
    autosaver = Autosaver(Writer(FileStorage(tmp_path), threaded=False))
    autosaver.update(game, origin)
    assert autosaver.take_message() == ""
    resumed = load_autosave(FileStorage(tmp_path))
    assert resumed.saved is not None and resumed.saved.origin == origin


@pytest.mark.parametrize("elapsed", [math.nan, math.inf, -5.0])
def test_a_clock_that_is_not_a_time_is_saved_as_zero(elapsed: float) -> None:
    game = noted(2)
    game.elapsed = elapsed
    assert load_game(save_game(game)).elapsed == 0.0
