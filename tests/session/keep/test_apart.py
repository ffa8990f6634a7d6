"""Big saves parsed in the helper process: the same game, the same reasons."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine.puzzle import Puzzle
from game.session.keep import big_files as apart
from game.session.keep.savegame import SaveError, compact_save, load_saved, save_game
from game.session.play.game import Game
from game.session.puzzles.library import summarise

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _padded(path: Path, **changes: object) -> None:
    """A real save, padded past the helper's size with a field the game never reads."""
    game = Game(Puzzle.from_string(PUZZLE))
    game.place(2, 4)
    game.marking.toggle_note(3, 6)
    data = json.loads(save_game(game))
    data.update(changes)
    data["padding"] = [0] * (apart.APART_BYTES // 2)  # a million tiny values
    path.write_text(json.dumps(data), encoding="utf-8")
    assert apart.is_big(path)


@pytest.mark.slow
def test_a_big_save_loads_through_the_helper_as_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "big.sudoku"
    _padded(path)
    loaded = load_saved(path).game
    assert loaded.state.entries[2] == 4 and loaded.state.notes[3] == 1 << 5
    assert loaded.history.position == 2
    assert summarise(str(path)).count == 1


def test_what_the_helper_returns_is_the_save_without_what_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "big.sudoku"
    _padded(path, origin={"title": "t", "junk": [1, 2]})
    readable, text = compact_save(str(path))
    assert readable
    kept = json.loads(text)
    assert "padding" not in kept and kept["origin"] == {"title": "t"}
    assert load_saved(text).game.state == load_saved(path.read_text()).game.state


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"moves": "place"}, "'moves' must be a list of move texts, not 'place'"),
        ({"moves": ["plce r1c1 5"]}, "moves[0]: unknown move 'plce r1c1 5'"),
        ({"position": [0] * 9}, "'position' is [0, 0, 0, 0, 0, 0, 0, 0, 0]; expected"),
        ({"mistakes": -1}, "'mistakes' is -1; expected a whole number, 0 or more"),
    ],
)
def test_a_corrupt_big_save_gives_the_readers_own_reason(
    tmp_path: Path, changes: dict[str, object], reason: str
) -> None:
    path = tmp_path / "bad.sudoku"
    _padded(path, **changes)
    readable, said = compact_save(str(path))
    assert not readable and said.startswith(reason)
    with pytest.raises(SaveError) as raised:
        load_saved(path.read_text())  # the reader in this process says the same
    assert raised.value.reason.startswith(reason)


def test_without_a_helper_the_work_is_done_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(apart, "_failed", True)
    path = tmp_path / "big.sudoku"
    _padded(path)
    assert load_saved(path).game.state.entries[2] == 4


@pytest.mark.slow
def test_opening_a_big_save_as_a_file_continues_it(tmp_path: Path) -> None:
    from game.session.puzzles.sources import load_file

    path = tmp_path / "big.sudoku"
    _padded(path)
    prepared = load_file(str(path))
    assert prepared.game is not None and prepared.game.history.position == 2
