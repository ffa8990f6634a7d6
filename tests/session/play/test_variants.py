"""Playing variants: the rule set decides conflicts, broken constraints, refusals, Check,
hints and the win, on every constraint type of the registry."""

from __future__ import annotations

import random

import pytest

from game.engine.puzzle import Puzzle
from game.engine.rules import RULE_TYPES, Cage, Diagonal, Thermometer
from game.engine.shape import Shape
from game.engine.solver import Status
from game.session.board.hints import HintQuery, ask
from game.session.play import (
    Broken,
    Game,
    Phase,
    PuzzleKind,
    Refusal,
    Settings,
    Variant,
    kind_name,
)
from game.session.play.rulebook import Rulebook

from ..variants import ONE_OF_EACH, SOLUTION, UNSOLVABLE, puzzle_of

TYPES = sorted(ONE_OF_EACH)


def test_every_registry_type_has_a_test_puzzle() -> None:
    assert set(ONE_OF_EACH) == set(RULE_TYPES)


@pytest.mark.parametrize("kind", TYPES)
def test_broken_agrees_with_each_constraint_on_random_grids(kind: str) -> None:
    """The rulebook reads pair rules from tables; it must mark exactly what each
    constraint's own ``broken`` marks, on full and half-full grids alike."""
    puzzle = puzzle_of(kind)
    book = Rulebook(puzzle)
    rng = random.Random(kind)
    for _ in range(60):
        grid = tuple(rng.choice((0, 1, 2, 3, 4)) for _ in range(16))
        told = {b.index: set(b.cells) for b in book.broken(grid)}
        for index, rule in enumerate(puzzle.constraints):
            assert told.get(index, set()) == set(rule.broken(grid, 4)), (rule, grid)
            assert all(b.constraint == puzzle.constraints[b.index] for b in book.broken(grid))
        assert all(b.rule == kind and b.words for b in book.broken(grid))


@pytest.mark.parametrize("kind", [k for k in TYPES if k not in UNSOLVABLE])
def test_the_solution_breaks_nothing_and_wins(kind: str) -> None:
    game = Game(puzzle_of(kind), solution=SOLUTION, solvability=Status.UNIQUE)
    for cell, digit in enumerate(SOLUTION[:-1]):
        game.place(cell, digit)
        assert not game.on_board.broken() and not game.on_board.conflicts()
    game.place(15, SOLUTION[15])
    assert game.phase is Phase.SOLVED


def test_a_grid_that_keeps_rows_columns_and_boxes_but_breaks_a_cage_is_no_win() -> None:
    # 1 and 2 swapped everywhere keeps every house, but the cage r1c1+r2c1 adds up to 5.
    swapped = tuple({1: 2, 2: 1}.get(d, d) for d in SOLUTION)
    puzzle = Puzzle(Shape.classic(4), (0,) * 16, (Cage((0, 4), 4),))
    game = Game(puzzle, solvability=Status.MULTIPLE)
    for cell, digit in enumerate(swapped):
        game.place(cell, digit)
    assert all(game.grid) and game.phase is Phase.PLAYING
    (broken,) = game.on_board.broken()
    assert broken == Broken("cage", (0, 4), broken.words, Cage((0, 4), 4), 0)
    assert game.on_board.broken_rules() == ((0, (0, 4)),)
    assert game.on_board.broken_cells() == {0, 4}
    assert game.on_board.sentences()[-1] == RULE_TYPES["cage"].sentence
    assert game.puzzle.rules.constraints == (Cage((0, 4), 4),)
    assert broken.title == "Killer cage"
    assert broken.words == "Killer cage at r1c1: the digits add up to 5, not 4."


def test_conflicts_are_repeats_in_every_house() -> None:
    puzzle = Puzzle(Shape.classic(4), (0,) * 16, (Diagonal.of(4), Cage((1, 2), 3)))
    game = Game(puzzle, solvability=Status.MULTIPLE)
    game.place(0, 1)
    game.place(10, 1)  # the main diagonal, not a row, column or box
    assert game.on_board.conflicts() == {0, 10}
    game.place(1, 2)
    game.place(2, 2)  # the same row, and the same cage
    assert {1, 2} <= game.on_board.conflicts()
    assert {b.rule for b in game.on_board.broken()} == {"diagonal", "cage"}


def test_refusing_rule_breaking_digits_covers_constraints() -> None:
    settings = Settings(block_rule_breaking=True)
    game = Game(puzzle_of("thermometer"), settings=settings, solvability=Status.MULTIPLE)
    assert game.place(1, 2).changed
    refused = game.place(0, 3)  # the bulb must be below 2
    assert refused.refusal is Refusal.BREAKS_RULE and not refused.changed
    assert "Thermometer" in refused.message and set(refused.flash) == {0, 1}
    assert game.grid[0] == 0
    refused = game.place(2, 4)  # the bulb end is fine; the tube's third cell can't hold 4
    assert refused.refusal is Refusal.BREAKS_RULE
    assert game.place(0, 1).changed
    diagonal = Game(puzzle_of("diagonal"), settings=settings, solvability=Status.MULTIPLE)
    diagonal.place(0, 1)
    assert diagonal.place(10, 1).refusal is Refusal.PEER_HOLDS  # a diagonal peer


def test_placing_a_digit_that_breaks_a_constraint_says_so() -> None:
    game = Game(puzzle_of("thermometer"), solvability=Status.MULTIPLE)
    game.place(1, 2)
    effect = game.place(0, 3)
    assert effect.changed and effect.error and "Thermometer" in effect.message
    assert set(effect.flash) == {0, 1}


def test_placing_prunes_notes_along_every_house_and_fill_notes_reads_the_rules() -> None:
    game = Game(puzzle_of("diagonal"), solvability=Status.MULTIPLE)
    game.marking.fill_notes()
    assert game.state.notes[10] == 0b1111
    game.place(0, 1)
    assert not game.state.notes[10] & 1  # r3c3 shares only the diagonal with r1c1
    assert game.state.notes[11] & 1  # r3c4 shares nothing with it
    parity = Game(puzzle_of("parity"), solvability=Status.MULTIPLE)
    assert parity.on_board.candidates()[0] == 0b0101  # odd: 1 or 3


def test_check_without_a_solution_names_a_broken_constraint() -> None:
    puzzle = Puzzle(Shape.classic(4), (0,) * 16, (Thermometer((0, 1)),))
    game = Game(puzzle, solvability=Status.MULTIPLE)
    game.place(0, 3)
    game.place(1, 2)
    result = game.check()
    assert result.wrong == {0, 1} and "Thermometer" in result.message


def test_hints_work_on_the_rule_set() -> None:
    givens = (1, 2, 3, 0) + (0,) * 12
    game = Game(puzzle_of("cage", givens))
    hint = ask(HintQuery.of(game))
    assert hint.kind == "step" and hint.step is not None
    position = HintQuery.of(game).position()
    assert position.rules is not None and position.rules.constraints == game.puzzle.constraints


def test_broken_costs_little_per_move() -> None:
    """Asked again for the same position (every redraw), the answer is the one kept."""
    game = Game(puzzle_of("anti-knight"), solvability=Status.MULTIPLE)
    game.place(0, 1)
    first = game.on_board.broken()
    assert game.on_board.broken() is first
    game.place(6, 1)  # a knight's move from r1c1
    assert [b.cells for b in game.on_board.broken()] == [(0, 6)]


@pytest.mark.parametrize(
    "variant", ["x", "killer", "windoku", "anti-knight", "x,killer", "anti-knight,killer"]
)
def test_a_generated_puzzle_is_named_as_the_generator_names_its_kind(variant: str) -> None:
    from game.engine.generator import generate
    from game.engine.logic.registry import Level

    made = generate(variant, 4, Level.EASY, seed=7)
    kind = PuzzleKind.of(made.puzzle, Level.EASY)
    assert kind.variant == made.variant == variant


@pytest.mark.parametrize(
    ("kind", "variant", "grid"),
    [
        ("thermometer", "thermo", "Thermo 4×4"),
        ("cage", "killer", "Killer 4×4"),
        ("diagonal", "x", "X 4×4"),
        ("kropki", "kropki", "Kropki 4×4"),
        ("negative", "negative", "Negative rule 4×4"),
        ("little-killer", "little-killer", "Little killer 4×4"),
        ("disjoint-groups", "disjoint", "Disjoint groups 4×4"),
    ],
)
def test_a_puzzle_from_a_file_is_named_in_the_registry_s_words(
    kind: str, variant: str, grid: str
) -> None:
    named = PuzzleKind.of(puzzle_of(kind), None)
    assert (named.variant, named.grid) == (variant, grid)


def test_kind_names_are_canonical_and_old_words_still_read() -> None:
    assert kind_name("Killer, Jigsaw,x") == "jigsaw,x,killer"
    assert kind_name("classic,thermo") == "thermo"
    assert kind_name("killer,anti-knight,windoku") == "windoku,anti-knight,killer"
    assert PuzzleKind(Variant.JIGSAW).variant == "jigsaw"
    assert PuzzleKind("jigsaw,x", 9, None).described() == "a jigsaw X 9×9"
    with pytest.raises(ValueError, match="not a kind of puzzle"):
        kind_name("sudoku")


def test_without_a_solution_a_hint_points_at_a_digit_that_breaks_a_variant_rule() -> None:
    puzzle = Puzzle(Shape.classic(4), (0,) * 16, (Diagonal.of(4), Thermometer((2, 3))))
    game = Game(puzzle, solvability=Status.MULTIPLE)
    game.place(0, 1)
    game.place(10, 1)  # a repeat on the diagonal: no row, column or box sees it
    hint = ask(HintQuery.of(game))
    assert hint.kind == "mistake" and "diagonal 1" in hint.message
    game.undo()
    game.place(2, 4)
    game.place(3, 3)  # the thermometer runs down
    hint = ask(HintQuery.of(game))
    assert hint.kind == "mistake" and hint.message.startswith("Thermometer")
