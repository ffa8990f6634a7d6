"""Saves, autosaves, statistics and files keep a variant's rules: every constraint type
of the registry round-trips, a bad rules field says what is wrong and loses nothing."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from game.engine.formats import format_fpuzzles, open_puzzles
from game.engine.logic.registry import Level
from game.engine.puzzle import Puzzle
from game.engine.rules import Cage
from game.engine.shape import Shape
from game.engine.solver import Status
from game.session.keep.autosave import AUTOSAVE, load_autosave
from game.session.keep.savegame import VERSION, SaveError, load_saved, save_game
from game.session.keep.stats import Statistics, parse_stats, puzzle_id
from game.session.keep.storage import FileStorage
from game.session.play import Game, PuzzleKind, Settings
from game.session.puzzles import load_file

from ..games import same_game
from ..variants import ONE_OF_EACH, SOLUTION, puzzle_of

TYPES = sorted(ONE_OF_EACH)


def played(kind: str) -> Game:
    game = Game(puzzle_of(kind))  # no givens: several solutions, or none
    game.place(0, 1)
    game.marking.toggle_note(5, 4)
    game.place(3, 2)  # wrong
    game.undo()
    return game


@pytest.mark.parametrize("kind", TYPES)
def test_every_constraint_type_round_trips_through_a_save(kind: str) -> None:
    game = played(kind)
    text = save_game(game)
    data = json.loads(text)
    assert data["version"] == VERSION
    assert [rule["type"] for rule in data["puzzle"]["constraints"]] == [kind] * len(
        ONE_OF_EACH[kind]
    )
    loaded = load_saved(text).game
    assert loaded.puzzle == game.puzzle
    assert loaded.puzzle.constraints == ONE_OF_EACH[kind]
    same_game(loaded, game)
    assert load_saved(save_game(loaded)).game.puzzle == game.puzzle


@pytest.mark.parametrize("kind", TYPES)
def test_the_picker_reads_a_variant_save_with_its_rules(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "game.sudoku"
    path.write_text(save_game(played(kind)), encoding="utf-8")
    record = open_puzzles(str(path)).record(0)
    assert record.puzzle.constraints == ONE_OF_EACH[kind]
    assert record.entries is not None and record.entries[0] == 1


def test_a_classic_save_is_still_version_1_and_old_saves_load() -> None:
    data = json.loads(save_game(Game(Puzzle.from_string("1...3.....1...2."))))
    assert data["version"] == 1 and "constraints" not in data["puzzle"]
    assert load_saved(json.dumps(data)).game.puzzle.constraints == ()


def mutated(rules: object) -> str:
    data = json.loads(save_game(played("cage")))
    data["puzzle"]["constraints"] = rules
    return json.dumps(data)


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ("cage", "puzzle.constraints: expected a list of constraints, found a string"),
        ([{"type": "cake"}], "puzzle.constraints[0].type: 'cake' is not a constraint type"),
        ([{"type": "cage"}], "puzzle.constraints[0].members: missing"),
        ([{"type": "cage", "members": "r1c1 r3c3"}], "the cage at r1c1 is not connected"),
        ([{"type": "cage", "members": "r1c1 r1c9"}], "r1c9 is outside a 4x4 grid"),
        ([{"type": "cage", "members": 7}], "puzzle.constraints[0].members: expected cell names"),
        ([{"type": "cage", "members": "r1c1", "sum": 3}], "a cage has no field 'sum'"),
        ([{"type": "kropki", "first": "r1c1", "second": "r1c2", "black": 1}], "true or false"),
        ([{"type": "negative", "rule": "dots", "marked": []}], "'dots' is not one of kropki"),
        ([{"type": "quadruple", "members": "r1c1", "digits": [7]}], "digits run from 1 to 4"),
        ([{"type": "xv", "first": "r1c1", "second": "r1c2", "total": -1}], "a whole number"),
    ],
)
def test_a_bad_rules_field_says_what_is_wrong(rules: object, words: str) -> None:
    with pytest.raises(SaveError) as caught:
        load_saved(mutated(rules))
    assert words in str(caught.value)


def test_a_corrupt_rules_field_in_the_autosave_is_set_aside_not_overwritten(
    tmp_path: Path,
) -> None:
    damaged = mutated([{"type": "cake"}])
    (tmp_path / AUTOSAVE).write_text(damaged, encoding="utf-8")
    resumed = load_autosave(FileStorage(tmp_path))
    assert resumed.saved is None and "'cake' is not a constraint type" in resumed.message
    [kept] = tmp_path.glob(AUTOSAVE + ".corrupt-*")
    assert kept.read_text(encoding="utf-8") == damaged


def test_a_variant_file_opens_for_play(tmp_path: Path) -> None:
    givens = (1, 2, 0, 0) + (0,) * 12
    puzzle = Puzzle(Shape.classic(4), givens, (Cage((0, 4), 4), Cage((2, 3), 7)))
    path = tmp_path / "killer.json"
    path.write_text(format_fpuzzles(puzzle), encoding="utf-8")
    prepared = load_file(str(path))
    assert prepared.puzzle.constraints == puzzle.constraints
    assert prepared.origin.kind.variant == "killer"
    assert prepared.origin.kind.grid == "Killer 4×4"
    game = prepared.new_game(Settings())
    assert game.rulebook.has_constraints


def test_statistics_keep_variants_apart_and_old_files_still_load() -> None:
    old = {
        "format": "sudoku-stats",
        "version": 1,
        "kinds": [
            {"variant": "classic", "size": 9, "level": 2, "played": 1, "won": 0},
            {"variant": "jigsaw", "size": 9, "level": 0, "played": 2, "won": 0},
        ],
        "puzzles": {},
    }
    stats = parse_stats(json.dumps(old))
    assert stats.kind(PuzzleKind("classic", 9, Level.MEDIUM)).played == 1
    assert stats.kind(PuzzleKind("jigsaw", 9, None)).played == 2
    killer = PuzzleKind("killer", 9, Level.HARD)
    jigsaw_x = PuzzleKind("x,jigsaw", 6, None)
    game = Game(puzzle_of("cage"), solution=SOLUTION, solvability=Status.UNIQUE)
    stats.record(game, killer)
    stats.record(Game(puzzle_of("diagonal")), jigsaw_x)
    again = parse_stats(stats.to_json())
    assert again.kind(killer).played == 1 and again.kind(jigsaw_x).played == 1
    assert again.kind(PuzzleKind("classic", 9, Level.HARD)).played == 0
    assert {key.variant for key, _ in again} == {"classic", "jigsaw", "killer", "jigsaw,x"}
    assert isinstance(again, Statistics)


def test_puzzle_ids_tell_variants_apart_and_keep_classic_ids() -> None:
    empty = Puzzle(Shape.classic(4), (0,) * 16)
    one = Puzzle(Shape.classic(4), (0,) * 16, (Cage((0, 1), 3),))
    other = Puzzle(Shape.classic(4), (0,) * 16, (Cage((0, 1), 4),))
    assert len({puzzle_id(empty), puzzle_id(one), puzzle_id(other)}) == 3
    classic = Puzzle.from_string("1...3.....1...2.")
    before = hashlib.sha256(f"4:1...3.....1...2.:{'0011' * 2}{'2233' * 2}".encode()).hexdigest()
    assert puzzle_id(classic) == before[:20]  # as every release before variants wrote it


def test_every_shared_f_puzzles_puzzle_round_trips_through_the_save_fields(
    shared_data: Path,
) -> None:
    """Real puzzles of every constraint type, regions painted in pieces included: the
    save's puzzle field gives each back exactly (the solver is not asked here)."""
    from game.engine.formats.fpuzzles import parse_fpuzzles
    from game.engine.formats.native import puzzle_fields, read_puzzle
    from game.engine.rules import RULE_TYPES

    from ...engine.variant_helpers import fpuzzles_entries

    seen: set[str] = set()
    for entry in fpuzzles_entries(shared_data):
        puzzle = parse_fpuzzles(entry["fpuzzles"]).puzzle
        fields = json.loads(json.dumps(puzzle_fields(puzzle)))
        assert read_puzzle(fields) == puzzle, entry["title"]
        seen.update(puzzle.rules.kinds())
    assert seen == set(RULE_TYPES)


def test_the_picker_s_sketch_keeps_the_rules_and_checks_under_them() -> None:
    from game.session.puzzles.library import Sketch, check

    cages = (
        Cage((0, 4, 8), 6),
        Cage((1, 5, 6), 7),
        Cage((2, 3), 7),
        Cage((7, 11), 5),
        Cage((9, 12, 13), 8),
        Cage((10, 14, 15), 7),
    )  # README's 4x4 killer: no givens, one solution
    puzzle = Puzzle(Shape.classic(4), (0,) * 16, cages)
    sketch = Sketch.of(puzzle)
    assert sketch.constraints == cages and sketch.kind == "Killer 4×4"
    assert sketch.puzzle() == puzzle
    assert check(sketch).solutions is Status.UNIQUE
    assert check(Sketch.of(Puzzle(Shape.classic(4), (0,) * 16))).solutions is Status.MULTIPLE


def test_a_variant_save_keeps_the_solver_s_verdict_so_continue_is_quick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game(puzzle_of("cage"), solution=SOLUTION, solvability=Status.UNIQUE)
    game.place(1, 2)
    text = save_game(game)
    assert json.loads(text)["solver"] == {"status": "unique", "solution": "1234341243212143"}

    def no_solver(*args: object, **kwargs: object) -> None:
        raise AssertionError("the solver was asked again")

    monkeypatch.setattr("game.session.play.game.decide", no_solver)
    loaded = load_saved(text).game
    assert loaded.solution == SOLUTION and loaded.unique
    monkeypatch.undo()
    data = json.loads(text)
    data["solver"]["solution"] = "2134341243212143"  # not a solution: asked again
    again = load_saved(json.dumps(data)).game
    assert again.solvability is Status.MULTIPLE  # the solver's own verdict: no givens
    data["solver"] = "unique"
    assert load_saved(json.dumps(data)).game.puzzle == game.puzzle


def test_a_variant_game_goes_on_after_quitting_and_new_game_offers_its_kind(
    tmp_path: Path,
) -> None:
    from game.engine.generator import generate
    from game.session.keep.keeper import Keeper
    from game.session.keep.userdata import open_user_data
    from game.session.mid_end import Session
    from game.session.play import Difficulty, Origin
    from game.session.puzzles import Prepared

    def run() -> Session:
        keeper = Keeper(open_user_data(tmp_path, threaded=False))
        session = Session(keeper)
        saved = keeper.data.resumed.saved
        if saved is not None:
            session.resume_saved(saved)
        return session

    made = generate("x,killer", 4, Level.EASY, seed=5)
    kind = PuzzleKind("x,killer", 4, Level.EASY)
    origin = Origin(kind, seed=made.seed, difficulty=Difficulty(made.level, made.score))
    first = run()
    game = first.start(Prepared(made.puzzle, made.solution, Status.UNIQUE, origin))
    game.place(next(c for c, d in enumerate(made.puzzle.givens) if not d), 1)
    first.frame()
    first.quit()
    again = run()
    assert again.game is not None and again.game.puzzle == made.puzzle
    assert again.game.state == game.state and again.origin == origin
    assert again.last_kind == kind
