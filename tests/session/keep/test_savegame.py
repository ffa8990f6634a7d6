"""Saved games: the format, its errors, versions, odd paths, and the engine's reader of it."""

from __future__ import annotations

import contextlib
import json
import shutil
from pathlib import Path

import pytest

from game.engine.errors import PuzzleError
from game.engine.formats import open_puzzles, parse_text
from game.engine.formats.native import KIND
from game.engine.logic.registry import Level
from game.engine.puzzle import Puzzle
from game.session.keep.export import export_puzzle
from game.session.keep.savegame import (
    VERSION,
    SaveError,
    game_to_dict,
    load_game,
    load_saved,
    save_game,
    write_game,
)
from game.session.play import Game, Phase, Settings
from game.session.play.help_ledger import Deduction
from game.session.play.puzzle_kind import Difficulty, Origin, PuzzleKind

from ..games import CLASSIC, JIGSAW, JIGSAW_LAYOUT, same_game

DATA = Path(__file__).parent.parent / "data"


def classic() -> Game:
    return Game(Puzzle.from_string(CLASSIC))


def played() -> Game:
    game = classic()
    game.place(2, 4)
    game.marking.toggle_note(3, 2)
    game.place(3, 9)  # wrong: r1c4 is 6
    game.undo()
    game.charge_hint(Deduction("Naked Single", frozenset({(3, 6)}), frozenset()))
    game.tick(42.5)
    return game


def test_a_hand_written_version_1_file_loads_exactly() -> None:
    saved = load_saved(DATA / "v1-game.sudoku")
    game = saved.game
    assert saved.origin == Origin(
        PuzzleKind.of(game.shape, Level.EASY),
        path="puzzles/wikipedia.txt",
        index=2,
        title="Wikipedia",
    )
    assert (saved.created, saved.saved) == ("2025-01-31T20:15:02Z", "2025-01-31T20:16:37Z")
    assert game.history.initial.entries[2] == 1  # the file's own progress before move 1
    assert game.state.entries[2] == 4 and game.state.entries[5] == 8
    assert game.state.entries[3] == 0 and game.state.notes[3] == 0
    assert (game.history.position, len(game.history)) == (6, 7)
    assert (game.mistakes, game.hints_used, game.elapsed) == (1, 2, 95.25)
    assert saved.cursor == 3 and game.phase is Phase.PLAYING
    game.redo()  # the redo list survived: fill-notes
    assert game.state.notes[3] == 0b000100010  # 2 and 6
    game.undo()
    game.undo()  # back before the erase: the mistake is on the board, still counted once
    assert game.state.entries[3] == 9 and game.mistakes == 1


def test_round_trip_keeps_history_redo_counters_and_the_cursor() -> None:
    game = played()
    saved = load_saved(save_game(game, cursor=3))
    loaded = saved.game
    same_game(game, loaded)
    assert saved.cursor == 3  # the board's, kept beside the game
    assert load_saved(save_game(game)).cursor is None
    assert loaded.can_redo()
    loaded.redo()
    assert loaded.state.entries[3] == 9
    assert loaded.mistakes == 1  # redo replays no mistake


def test_jigsaw_and_file_progress_round_trip() -> None:
    puzzle = Puzzle.from_string(JIGSAW, regions=JIGSAW_LAYOUT)
    start = Game(puzzle).history.initial.replace(entries={0: 6}, notes={2: 0b101})
    game = Game(puzzle, initial=start)
    game.place(3, 5)
    data = game_to_dict(game)
    assert data["puzzle"]["regions"] == puzzle.shape.region_labels()
    assert "start" in data
    same_game(game, load_game(json.dumps(data)))


def test_origin_and_created_survive_and_bad_metadata_is_dropped() -> None:
    game = classic()
    origin = Origin(
        PuzzleKind.of(game.shape, Level.HARD),
        path="a b/ü.txt",
        index=7,
        title="Ünïcode",
        seed=9,
        difficulty=Difficulty(Level.EXPERT, 5.5),
    )
    text = save_game(game, origin, created="2024-05-01T10:00:00Z")
    saved = load_saved(text)
    assert saved.origin == origin and saved.created == "2024-05-01T10:00:00Z"
    data = json.loads(text)
    data["origin"] = {"path": 3, "index": -1, "level": "legendary", "score": "x", "seed": True}
    data["created"] = 12
    saved = load_saved(json.dumps(data))
    assert saved.origin == Origin(PuzzleKind.of(game.shape, None)) and saved.created == ""


def test_save_text_is_json_with_the_documented_fields() -> None:
    data = json.loads(save_game(played(), cursor=3))
    # A classic puzzle is written as version 1, which it is exactly (see VERSION).
    assert data["format"] == "sudoku-game" and data["version"] == 1 < VERSION
    assert data["moves"] == ["place r1c3 4", "note r1c4 2", "place r1c4 9"]
    assert data["position"] == 2
    assert data["current"]["notes"] == {"r1c4": "2"}
    assert data["selected"] == "r1c4" and data["status"] == data["phase"] == "playing"
    assert (data["hints_used"], data["checks"], data["reveals"]) == (1, 0, 0)
    assert data["saved"].endswith("Z")


def mutate(**changes: object) -> str:
    data = json.loads(save_game(played()))
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not a saved game: not valid JSON (Expecting value) at line 1, column 1"),
        ("[" * 100_000, "not a saved game: the JSON is nested too deeply"),
        ('{"format": ', "not valid JSON"),
        ("[1, 2]", "not a saved game: the JSON is a list, not an object"),
        ("{}", "has no 'format'"),
        ('{"format": "sudoku-stats"}', "has 'format' 'sudoku-stats', not 'sudoku-game'"),
        (mutate(version=3), "newer version of this game (save format 3)"),
        (mutate(version=0), "'version' is 0"),
        (mutate(version="1"), "'version' is '1'"),
        (mutate(moves=["place r1c3 4", "plce r1c4 2"]), "moves[1]: unknown move 'plce r1c4 2'"),
        (mutate(moves=["place r1c3 4", 5]), "moves[1]: 5 is not a move text"),
        (mutate(moves=["place r10c3 4"]), "moves[0]: r10c3 is outside a 9x9 grid"),
        (mutate(position=9), "'position' is 9; expected a whole number from 0 to 3"),
        (mutate(mistakes=-1), "'mistakes' is -1"),
        (mutate(elapsed=float("nan")), "'elapsed' is nan"),
        (mutate(assisted="no"), "'assisted' is 'no'; expected true or false"),
        (mutate(selected="r0c1"), "r0c1 is outside a 9x9 grid"),
        (mutate(puzzle={"size": 9, "givens": "55" + "." * 79}), "conflicting givens"),
        (mutate(puzzle={"size": 9, "givens": "5" * 3}), "puzzle.givens: 3 symbols"),
        (mutate(puzzle={"size": 3, "givens": ""}), "puzzle.size: 3 is not a grid size"),
        (mutate(puzzle={"size": 4, "givens": "." * 16, "regions": "0" * 16}), "puzzle.regions"),
        (mutate(puzzle=None), "puzzle: expected an object, found null"),
    ],
)
def test_bad_saves_say_exactly_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(SaveError) as caught:
        load_game(text)
    assert words in str(caught.value)


def test_errors_from_files_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such file"):
        load_game(tmp_path / "missing.sudoku")
    bad = tmp_path / "bad.sudoku"
    bad.write_bytes(b"\xff\xfe{}")
    with pytest.raises(SaveError) as caught:
        load_game(bad)
    assert str(caught.value).startswith(str(bad)) and "not UTF-8" in str(caught.value)


def test_a_byte_order_mark_is_tolerated() -> None:
    text = "\ufeff" + save_game(played())
    assert load_game(text.encode("utf-8")).mistakes == 1


def test_a_mistake_limit_never_ends_a_loaded_game_retroactively() -> None:
    text = mutate(mistakes=3)
    assert load_game(text).phase is Phase.PLAYING
    loaded = load_game(text, Settings(mistake_limit=3))
    assert loaded.phase is Phase.PLAYING  # already past the limit: it goes on...
    loaded.place(5, 1)  # ...until the next mistake (r1c6 is 8)
    assert loaded.phase is Phase.LOST and not loaded.can_undo()
    assert loaded.ending == "You made 4 mistakes; the limit is 3."


def test_saves_written_before_phases_read_as_what_they_meant() -> None:
    shown = played()
    shown.assist.show_solution()
    gave_up = json.loads(save_game(shown))
    del gave_up["phase"], gave_up["solution_seen"]
    gave_up["gave_up"] = True
    game = load_game(json.dumps(gave_up))
    assert game.phase is Phase.SHOWN and game.solution_seen
    claimed = json.loads(mutate(gave_up=True))  # the flag on a board without the solution
    del claimed["phase"], claimed["solution_seen"]
    game = load_game(json.dumps(claimed))
    assert game.phase is Phase.PLAYING and game.solution_seen  # seen, for good
    dead_end = json.loads(mutate(status="lost"))
    del dead_end["phase"]
    dead_end["mistakes"] = 0
    assert load_game(json.dumps(dead_end)).phase is Phase.PLAYING  # a dead end is no ending


@pytest.mark.parametrize(
    "name",
    [
        "my game.sudoku",
        "ünïcödé 数独 🧩.sudoku",
        "x" * 240 + ".sudoku",  # 247 bytes: near the 255-byte limit of ext4 and APFS
        " leading space.sudoku",
        "dots.in.name.sudoku",
    ],
)
def test_odd_file_names_save_and_load(tmp_path: Path, name: str) -> None:
    path = tmp_path / "sub folder ü" / name
    path.parent.mkdir()
    game = played()
    write_game(path, game, Origin(PuzzleKind.of(game.shape), title=name))
    assert [p.name for p in path.parent.iterdir()] == [name]  # no temporary file left
    saved = load_saved(path)
    same_game(game, saved.game)
    assert saved.origin.title == name


def test_the_engine_reads_a_save_as_a_puzzle_record(tmp_path: Path) -> None:
    game = played()
    path = tmp_path / "game.sudoku"
    write_game(path, game, Origin(PuzzleKind.of(game.shape, Level.MEDIUM), title="Evening"))
    opened = open_puzzles(path)
    assert opened.kind == KIND and opened.count == 1
    record = opened.record(0)
    assert record.puzzle == game.puzzle
    assert record.entries == game.state.entries and record.notes == game.state.notes
    assert record.title == "Evening" and record.extra["level"] == "medium"
    assert record.extra["elapsed"] == "42"
    [again] = parse_text(path.read_text(encoding="utf-8"))
    assert again == record


def test_the_engine_reads_the_hand_written_file() -> None:
    record = open_puzzles(DATA / "v1-game.sudoku").record(0)
    assert record.title == "Wikipedia" and record.entries is not None
    assert record.entries[2] == 4


def test_the_engine_reports_a_broken_save_as_a_puzzle_error() -> None:
    text = mutate(current={"entries": "5" + "." * 80})  # r1c1 is a given
    [item] = parse_text(text)
    assert isinstance(item, PuzzleError) and "r1c1 is a given" in str(item)


def test_a_save_is_never_taken_for_another_format(tmp_path: Path) -> None:
    """A save holds 81-symbol lines; without the hook it would read as a collection."""
    path = tmp_path / "g.sudoku"
    path.write_text(save_game(classic()), encoding="utf-8")
    assert open_puzzles(path).kind == KIND
    other = tmp_path / "other.json"
    shutil.copy(path, other)
    other.write_text(other.read_text().replace("sudoku-game", "something"), encoding="utf-8")
    with contextlib.suppress(PuzzleError):  # other readers may refuse it...
        assert open_puzzles(other).kind != KIND  # ...but never take it for a save


@pytest.mark.parametrize("jigsaw", [False, True])
def test_export_writes_the_canonical_forms(jigsaw: bool) -> None:
    puzzle = (
        Puzzle.from_string(JIGSAW, regions=JIGSAW_LAYOUT) if jigsaw else Puzzle.from_string(CLASSIC)
    )
    game = Game(puzzle)
    assert game.solution is not None
    cell = next(c for c in range(81) if not puzzle.givens[c])
    game.place(cell, game.solution[cell])
    text = export_puzzle(game)
    assert len(text.splitlines()) == (18 if jigsaw else 9)
    [record] = parse_text(text)
    assert not isinstance(record, PuzzleError) and record.puzzle == puzzle
    [with_entries] = parse_text(export_puzzle(game, with_entries=True))
    assert not isinstance(with_entries, PuzzleError)
    assert with_entries.puzzle.givens == game.grid


def test_the_readme_example_loads_as_described() -> None:
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Saving and statistics", 1)[1]
    example = section.split("```json", 1)[1].split("```", 1)[0]
    saved = load_saved(example)
    game = saved.game
    assert game.phase is Phase.PLAYING and game.can_redo() and game.mistakes == 1
    written = json.loads(example)["current"]
    assert json.loads(save_game(game))["current"] == written
    [record] = parse_text(example)
    assert not isinstance(record, PuzzleError) and record.title == "Wikipedia"
