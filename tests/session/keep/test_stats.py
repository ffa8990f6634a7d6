"""Statistics: wins, streaks and times per kind; puzzle marks; loading that loses nothing."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.logic.registry import Level
from game.engine.puzzle import Puzzle
from game.session.keep.stats import (
    FORMAT_TAG,
    IN_PROGRESS,
    SOLVED,
    STATS,
    VERSION,
    KindStats,
    PuzzleMark,
    Statistics,
    load_stats,
    parse_stats,
    puzzle_id,
)
from game.session.keep.storage import MemoryStorage
from game.session.play import Game
from game.session.play.puzzle_kind import PuzzleKind, Variant

from ..games import CLASSIC, JIGSAW, JIGSAW_LAYOUT, SMALL

KEY = PuzzleKind(Variant.CLASSIC, 4, Level.EASY)


def finished(won: bool = True, seconds: float = 60.0, *, assisted: bool = False) -> Game:
    game = Game(Puzzle.from_string(SMALL))
    game.tick(seconds)
    if not won:
        game.assist.show_solution()
        return game
    assert game.solution is not None
    for cell, digit in enumerate(game.solution):
        if not game.is_given(cell):
            if assisted:
                game.assist.reveal(cell)
            else:
                game.place(cell, digit)
    return game


def test_wins_times_and_streaks() -> None:
    stats = Statistics()
    for won, seconds in [(True, 50.0), (True, 30.0), (False, 10.0), (True, 40.0)]:
        stats.record(finished(won, seconds), KEY)
    kind = stats.kind(KEY)
    assert (kind.played, kind.won) == (4, 3)
    assert kind.best_time == 30.0 and kind.average_time == 40.0
    assert (kind.streak, kind.best_streak) == (1, 2)
    assert kind.win_rate == 0.75


def test_an_assisted_finish_is_played_not_won() -> None:
    stats = Statistics()
    stats.record(finished(), KEY)
    game = finished(assisted=True)
    assert not game.clean
    stats.record(game, KEY)
    assert stats.kind(KEY) == KindStats(2, 1, 60.0, 60.0, 0, 1)


def test_a_game_counts_once() -> None:
    stats = Statistics()
    game = finished()
    assert stats.record(game, KEY)
    assert not stats.record(game, KEY)
    assert stats.kind(KEY).played == 1


def test_puzzle_marks_follow_the_games() -> None:
    stats = Statistics()
    game = finished(seconds=80.0)
    stats.started(game.puzzle)
    assert stats.mark(game.puzzle) == PuzzleMark(IN_PROGRESS)
    stats.record(game, KEY)
    assert stats.mark(puzzle_id(game.puzzle)) == PuzzleMark(SOLVED, 80.0)
    stats.started(game.puzzle)  # playing it again: still solved
    stats.record(finished(False), KEY)
    assert stats.mark(game.puzzle) == PuzzleMark(SOLVED, 80.0)
    stats.record(finished(seconds=70.0), KEY)
    assert stats.mark(game.puzzle) == PuzzleMark(SOLVED, 70.0)
    other = Game(Puzzle.from_string(CLASSIC))
    stats.started(other.puzzle)
    stats.record(other, PuzzleKind(Variant.CLASSIC, 9, None))  # abandoned
    assert stats.mark(other.puzzle) is None


def test_puzzle_ids_are_stable_and_tell_layouts_apart() -> None:
    classic = Puzzle.from_string(CLASSIC)
    assert puzzle_id(classic) == puzzle_id(Puzzle.from_string(CLASSIC))
    assert puzzle_id(classic) == "0e6aa2f328d25f877a75"  # fixed forever: marks are keyed by it
    relabelled = JIGSAW_LAYOUT.translate(str.maketrans("012345678", "ABCDEFGHI"))
    jigsaw = Puzzle.from_string(JIGSAW, regions=JIGSAW_LAYOUT)
    assert puzzle_id(jigsaw) == puzzle_id(Puzzle.from_string(JIGSAW, regions=relabelled))
    empty = "." * 81
    assert puzzle_id(Puzzle.from_string(empty)) != puzzle_id(
        Puzzle.from_string(empty, regions=JIGSAW_LAYOUT)
    )


def test_round_trip_through_the_file() -> None:
    stats = Statistics()
    stats.record(finished(seconds=12.5), KEY)
    stats.record(finished(False), PuzzleKind(Variant.JIGSAW, 9, Level.HARD))
    storage = MemoryStorage(files={STATS: stats.to_json()})
    loaded = load_stats(storage)
    assert loaded.message == "" and loaded.value == stats
    assert [key for key, _ in loaded.value] == [KEY, PuzzleKind(Variant.JIGSAW, 9, Level.HARD)]


def test_bad_entries_are_dropped_and_the_rest_kept() -> None:
    good = {
        "variant": "classic",
        "size": 9,
        "level": 2,
        "played": 3,
        "won": 1,
        "total_time": 90.0,
        "best_time": 90.0,
        "streak": 1,
        "best_streak": 1,
    }
    bad = [
        {**good, "won": 4},  # more wins than games
        {**good, "size": "9"},
        {**good, "best_time": -1},
        {**good, "best_time": None},  # a win without a time
        {**good, "streak": 2},  # a streak longer than the wins
        "not an entry",
    ]
    text = json.dumps(
        {
            "format": FORMAT_TAG,
            "version": VERSION,
            "kinds": [good, *bad],
            "puzzles": {"abc": {"status": "solved", "best_time": 5}, "def": {"status": "lost"}},
        }
    )
    stats = parse_stats(text)
    assert list(stats.kinds) == [PuzzleKind(Variant.CLASSIC, 9, Level.MEDIUM)]
    assert stats.puzzles == {"abc": PuzzleMark(SOLVED, 5.0)}
    # Loading keeps the same, and the whole file as it was, with a message.
    storage = MemoryStorage(files={STATS: text})
    loaded = load_stats(storage)
    assert loaded.value == stats and loaded.salvaged
    assert loaded.message.startswith("Could not read all of your statistics (7 entries make")
    [kept] = [name for name in storage.files if name.startswith(STATS + ".corrupt-")]
    assert storage.files[kept] == text


def test_a_statistics_file_that_is_not_json_is_set_aside() -> None:
    storage = MemoryStorage(files={STATS: "\x00garbage"})
    loaded = load_stats(storage)
    assert loaded.value == Statistics()
    assert "Could not read your statistics" in loaded.message
    assert storage.read(STATS) is None and len(storage.files) == 1


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ([1, 2, 3], "not statistics of this game"),
        ({"theme": "dark"}, "not statistics of this game"),
        ({"format": "sudoku-game", "version": 1}, "not statistics of this game"),
        ({"format": FORMAT_TAG, "version": "1"}, "not statistics of this game"),
        ({"format": FORMAT_TAG, "version": 1, "kinds": {}}, "not statistics of this game"),
        ({"format": FORMAT_TAG, "version": VERSION + 1}, "saved by a newer version"),
    ],
)
def test_statistics_of_another_shape_or_a_newer_game_are_set_aside(
    value: object, reason: str
) -> None:
    text = json.dumps(value)
    storage = MemoryStorage(files={STATS: text})
    loaded = load_stats(storage)
    assert loaded.value == Statistics() and not loaded.salvaged
    assert loaded.message.startswith(f"Could not read your statistics ({reason}")
    assert storage.read(STATS) is None  # never overwritten: it was moved aside
    [kept] = storage.files
    assert kept.startswith(STATS + ".corrupt-") and storage.files[kept] == text
    with pytest.raises(ValueError, match=reason):
        parse_stats(text)


def test_what_the_reader_would_drop_is_never_written() -> None:
    stats = Statistics()
    stats.record(finished(seconds=float("nan")), KEY)
    data = stats.to_dict()
    assert [entry["variant"] for entry in data["kinds"]] == ["classic"]
    assert data["kinds"][0]["best_time"] == 0.0
    loaded = load_stats(MemoryStorage(files={STATS: stats.to_json()}))
    assert loaded.message == "" and not loaded.salvaged


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "kinds",
                    "puzzles",
                    "variant",
                    "size",
                    "level",
                    "played",
                    "won",
                    "best_time",
                    "streak",
                    "status",
                    "solved",
                ]
            )
            | st.text(max_size=4),
            inner,
            max_size=6,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_loading_any_json_never_fails_nor_loses_anything(value: object) -> None:
    text = json.dumps(value)
    storage = MemoryStorage(files={STATS: text})
    loaded = load_stats(storage)
    assert loaded.value is not None
    if storage.read(STATS) is None:  # set aside, kept whole, with a message
        assert loaded.message and text in storage.files.values()
    else:
        assert not loaded.message and loaded.value == Statistics.from_dict(value)
    again = parse_stats(loaded.value.to_json())
    assert again == loaded.value  # whatever was kept is canonical


@given(json_values)
@settings(max_examples=100, deadline=None)
def test_read_statistics_inside_a_real_file(value: object) -> None:
    data = {"format": FORMAT_TAG, "version": VERSION, "kinds": [value], "puzzles": {"a": value}}
    loaded = load_stats(MemoryStorage(files={STATS: json.dumps(data)}))
    assert loaded.value is not None
    assert loaded.value == parse_stats(loaded.value.to_json())


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_loading_any_text_never_fails(text: str) -> None:
    assert isinstance(load_stats(MemoryStorage(files={STATS: text})).value, Statistics)
