"""The generator on variants: every puzzle unique under its rules, at the level asked
(by the rater), reproducible by seed, and its solution keeps every constraint."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from game.cli import main
from game.engine import generator, solver
from game.engine.generation import grading
from game.engine.generation.grids import POOL, STORED_POOLS, random_completion, random_solution
from game.engine.generation.kinds import Kind
from game.engine.generation.layouts import random_layout
from game.engine.generator import (
    RatedPuzzle,
    available_levels,
    check_request,
    generate,
    generate_unrated,
)
from game.engine.logic.rating import Rating, rate_puzzle
from game.engine.logic.registry import Level
from game.engine.puzzle import Puzzle
from game.engine.rules import VARIANTS, Cage, Negative, RuleSet, Sandwich, Whisper
from game.engine.rules.registry import DRAWN_RULES, rule_type
from game.engine.shape import Shape

LINE_KINDS = ("whisper", "renban", "palindrome", "between")
DRAWN_HERE = (*LINE_KINDS, "little-killer", "sandwich", "quadruple")

CASES = [
    ("x", 9, Level.MEDIUM, 1),
    ("windoku", 9, Level.EASY, 2),
    ("disjoint", 9, Level.MEDIUM, 3),
    ("anti-knight", 9, Level.EASY, 4),
    ("anti-king", 9, Level.EASY, 5),
    ("non-consecutive", 6, Level.EASY, 6),
    ("jigsaw,x", 9, Level.MEDIUM, 7),
    ("jigsaw,anti-knight", 9, Level.MEDIUM, 22),
    ("x", 6, Level.MEDIUM, 8),
    ("killer", 4, Level.EASY, 9),
    ("killer", 6, Level.MEDIUM, 10),
    ("thermo", 9, Level.EASY, 11),
    ("kropki", 9, Level.EASY, 12),
    ("xv", 9, Level.EASY, 13),
    ("arrow", 9, Level.MEDIUM, 14),
    ("whisper", 9, Level.MEDIUM, 15),
    ("renban", 9, Level.MEDIUM, 1),
    ("palindrome", 9, Level.MEDIUM, 17),
    ("between", 9, Level.MEDIUM, 18),
    ("little-killer", 9, Level.MEDIUM, 19),
    ("sandwich", 9, Level.MEDIUM, 20),
    ("quadruple", 9, Level.MEDIUM, 21),
]

SLOW_CASES = [
    ("killer", 9, Level.MEDIUM, 1),
    ("jigsaw,killer", 9, Level.MEDIUM, 2),
    ("x", 9, Level.HARD, 3),
    ("thermo", 9, Level.HARD, 4),
    ("xv", 9, Level.MEDIUM, 5),
    ("kropki", 9, Level.EXTREME, 6),
    ("non-consecutive", 9, Level.MEDIUM, 7),
    ("killer", 9, Level.EXTREME, 8),
    ("killer", 9, Level.HARD, 1000),
    ("classic", 12, Level.HARD, 9),
    ("whisper", 9, Level.HARD, 10),
    ("quadruple", 9, Level.EXTREME, 11),
    ("non-consecutive", 6, Level.HARD, 12),  # none in 2000 candidates before swaps
]


def check(made: RatedPuzzle, variant: str, level: Level) -> None:
    puzzle = made.puzzle
    rules = puzzle.rules
    assert made.variant == Kind.parse(variant).name
    assert solver.count_solutions(rules, puzzle.givens, limit=2) == 1
    assert rules.is_solution(made.solution, puzzle.givens)
    for rule in puzzle.constraints:
        assert not rule.broken(made.solution, puzzle.size), rule
    rating = rate_puzzle(puzzle)
    assert isinstance(rating, Rating) and rating.level is level is made.level
    kind = Kind.parse(variant)
    for rule in kind.constraints(puzzle.shape):
        assert rule in puzzle.constraints
    if kind.drawn == "killer":
        assert not any(puzzle.givens)
        cells = sorted(c for r in puzzle.constraints if isinstance(r, Cage) for c in r.members)
        assert cells == list(range(puzzle.shape.cells))  # the cages tile the grid
    if kind.drawn in DRAWN_RULES:
        # Only the kind's own constraints are drawn: a whisper puzzle has whispers.
        own = {rule_type(rule).name for rule in puzzle.constraints} - {
            rule_type(rule).name for rule in kind.constraints(puzzle.shape)
        }
        assert own <= {*DRAWN_RULES[kind.drawn], "negative"}, own


@pytest.mark.parametrize(("variant", "size", "level", "seed"), CASES)
def test_variant_puzzles_are_unique_at_their_level_and_keep_their_rules(
    variant: str, size: int, level: Level, seed: int
) -> None:
    made = generate(variant, size, level, seed=seed)
    check(made, variant, level)
    assert generate(variant, size, level, seed=seed) == made


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "size", "level", "seed"), SLOW_CASES)
def test_harder_and_bigger_variant_puzzles(
    variant: str, size: int, level: Level, seed: int
) -> None:
    check(generate(variant, size, level, seed=seed), variant, level)


def test_dots_and_xv_carry_the_negative_rule_up_to_medium() -> None:
    easy = generate("kropki", 9, Level.EASY, seed=3).puzzle
    assert any(isinstance(rule, Negative) for rule in easy.constraints)
    assert easy.clue_count <= 10


def test_kinds_parse_in_any_order_and_name_themselves_canonically() -> None:
    assert Kind.parse(" X , Jigsaw ").name == "jigsaw,x"
    assert Kind.parse("anti-king,windoku").name == "windoku,anti-king"
    assert Kind.parse("classic").plain and Kind.parse("jigsaw").plain
    for bad in ("foo", "killer,thermo", "x,x", "jigsaw,disjoint", ""):
        with pytest.raises(ValueError):
            Kind.parse(bad)


def test_requests_outside_the_offer_are_refused_with_what_is_offered() -> None:
    assert available_levels("killer", 9)[0] is Level.EASY  # Cage Combinations is Easy
    assert available_levels("killer", 4) == (Level.EASY,)
    assert available_levels("windoku", 6) == ()
    with pytest.raises(ValueError, match="square boxes"):
        check_request("windoku", 6, Level.EASY)
    with pytest.raises(ValueError, match="go up to"):
        check_request("killer", 4, Level.EXPERT)
    with pytest.raises(ValueError, match="classic or jigsaw"):
        generate_unrated("x")
    # Anti-knight jigsaws are screened by probing; non-consecutive ones are not found,
    # nor layouts keeping anti-knight with anti-king.
    assert available_levels("jigsaw,anti-knight", 9)[-1] is Level.EXTREME
    assert available_levels("jigsaw,non-consecutive", 9) == ()
    with pytest.raises(ValueError, match="anti-knight with anti-king jigsaw"):
        check_request("jigsaw,anti-knight,anti-king", 9, Level.EASY)


def test_cli_prints_variants_as_json_with_their_constraints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(
        ["generate", "--variant", "killer", "--size", "6", "--level", "medium"]
        + ["--seed", "4", "--json", "--count", "2"]
    )
    out, _ = capsys.readouterr()
    assert status == 0
    objects = [json.loads(line) for line in out.splitlines()]
    assert [o["seed"] for o in objects] == [4, 5]
    for found in objects:
        assert found["variant"] == "killer" and found["level"] == "Medium"
        assert set(found["givens"]) == {"."}
        cages = [c for c in found["constraints"] if c["type"] == "cage"]
        assert sum(len(c["members"]) for c in cages) == 36


def test_cli_writes_variants_through_the_formats_writers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.engine import formats

    written: list[Puzzle] = []

    def write(puzzle: Puzzle) -> str:
        written.append(puzzle)
        return f'{{"size": {puzzle.size}}}\n'

    monkeypatch.setattr(formats, "format_fpuzzles", write, raising=False)
    status = main(["generate", "--variant", "x", "--size", "6", "--seed", "1"])
    out, err = capsys.readouterr()
    assert status == 0 and out == '{"size": 6}\n' and "seed 1" in err
    assert len(written) == 1


def test_cli_refuses_what_a_format_cannot_hold(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.engine import formats

    assert main(["generate", "--variant", "thermo", "--format", "solo"]) == 2
    assert "Solo game IDs cannot hold thermo" in capsys.readouterr().err
    monkeypatch.delattr(formats, "format_fpuzzles", raising=False)
    assert main(["generate", "--variant", "x", "--format", "fpuzzles"]) == 2
    assert "use --json" in capsys.readouterr().err
    assert main(["generate", "--variant", "nope"]) == 2


def _steps(cells: tuple[int, ...]) -> set[frozenset[int]]:
    return {frozenset(pair) for pair in itertools.pairwise(cells)}


@pytest.mark.parametrize("variant", LINE_KINDS)
def test_drawn_lines_are_paths_that_share_no_cell_and_never_cross(variant: str) -> None:
    puzzle = generate(variant, 9, Level.EASY, seed=5).puzzle
    lines = [rule.cells() for rule in puzzle.constraints]
    assert len(lines) >= 4
    cells = [c for line in lines for c in line]
    assert len(cells) == len(set(cells)) >= 0.3 * puzzle.shape.cells
    drawn = set().union(*(_steps(line) for line in lines))
    for line in lines:
        assert 3 <= len(line) <= 9
        for a, b in itertools.pairwise(line):
            (ra, ca), (rb, cb) = divmod(a, 9), divmod(b, 9)
            assert max(abs(ra - rb), abs(ca - cb)) == 1  # touching cells
            if ra != rb and ca != cb:
                assert frozenset((ra * 9 + cb, rb * 9 + ca)) not in drawn  # no crossing
    if variant == "whisper":
        assert all(isinstance(r, Whisper) and r.gap == 5 for r in puzzle.constraints)


def test_sandwich_sums_sit_on_most_rows_and_columns() -> None:
    made = generate("sandwich", 9, Level.EASY, seed=3)
    sandwiches = [r for r in made.puzzle.constraints if isinstance(r, Sandwich)]
    assert 9 <= len(sandwiches) <= 18
    for rule in sandwiches:
        digits = [made.solution[c] for c in rule.members]
        i, j = sorted((digits.index(1), digits.index(9)))
        assert rule.total == sum(digits[i + 1 : j])


@pytest.mark.parametrize("variant", DRAWN_HERE)
def test_cli_prints_line_and_outside_clue_kinds_as_fpuzzles(
    variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.engine.formats import parse_text
    from game.engine.puzzle import PuzzleRecord

    status = main(["generate", "--variant", variant, "--level", "easy", "--seed", "2"])
    out, err = capsys.readouterr()
    assert status == 0, err
    (record,) = parse_text(out.strip())
    assert isinstance(record, PuzzleRecord)
    read = record.puzzle
    made = generate(variant, 9, Level.EASY, seed=2).puzzle
    assert read.givens == made.givens
    assert set(read.constraints) == set(made.constraints)
    assert solver.count_solutions(read.rules, read.givens, limit=2) == 1


def test_stored_solution_pools_keep_their_rules_and_are_drawn_from() -> None:
    for (name, size), stored in STORED_POOLS.items():
        shape = Shape.classic(size)
        rules = RuleSet(shape, tuple(VARIANTS[name].rules(shape)))
        assert len(stored) == POOL
        grids = [tuple(int(digit) for digit in text) for text in stored]
        assert len(set(grids)) == POOL
        for grid in grids:
            assert len(grid) == shape.cells
            assert rules.is_solution(grid)
        drawn = random_solution(rules, random.Random(size))
        assert rules.is_solution(drawn)


def test_random_solution_completes_the_empty_grid_within_a_budget_when_digits_fail(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When random digits find no completion, the empty grid is completed by the
    budgeted search (the unbounded one ran 88 s on one jigsaw X layout)."""

    def no_completion(*args: object, **kwargs: object) -> list[tuple[int, ...]]:
        raise solver.SearchLimitReached

    def unbounded(*args: object, **kwargs: object) -> None:
        raise AssertionError("the unbounded search ran")

    shape = Shape.classic(9)
    rules = RuleSet(shape, Kind.parse("x").constraints(shape))
    monkeypatch.setattr(solver, "solutions", no_completion)
    monkeypatch.setattr(solver, "solve", unbounded)
    solution = random_solution(rules, random.Random(1))
    assert all(solution) and rules.is_solution(solution)


def test_random_restarts_find_a_grid_and_random_solution_relabels_it_without_a_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The layout screen's grid (random restarts) keeps the rules, and is what the
    layout's candidates relabel: no search, not even random digits, runs again."""
    shape = random_layout(9, random.Random(2))
    rules = RuleSet(shape, Kind.parse("x").constraints(shape))
    known = random_completion(rules, random.Random(3), tries=30, nodes=100, digits=8)
    assert known is not None and rules.is_solution(known)

    def searched(*args: object, **kwargs: object) -> None:
        raise AssertionError("a search ran")

    monkeypatch.setattr(solver, "solutions", searched)
    monkeypatch.setattr(solver, "settle", searched)
    monkeypatch.setattr(solver, "solve", searched)
    drawn = {random_solution(rules, random.Random(seed), known=known) for seed in range(4)}
    for solution in drawn:
        assert rules.is_solution(solution)
        # The known grid, relabelled: each of its digits maps to one digit.
        assert len(set(zip(known, solution, strict=True))) == 9
    assert len(drawn) > 1  # relabelled at random


def test_minimal_jigsaw_windoku_puzzles_are_screened_before_their_grade(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Most minimal jigsaw Windoku puzzles are below Extreme, and the logic screen
    rejects those for a fraction of a grade; nearly every minimal jigsaw X puzzle is
    Extreme, so there the screen would only add its cost."""
    screened: list[bool] = []
    real = grading.logic_solves

    def screen(rules: RuleSet, givens: tuple[int, ...]) -> bool:
        screened.append(real(rules, givens))
        return screened[-1]

    monkeypatch.setattr(generator, "logic_solves", screen)
    made = generate("jigsaw,windoku", 9, Level.EXTREME, seed=5)
    assert True in screened  # a candidate our logic finishes, rejected ungraded
    assert screened[-1] is False  # the puzzle delivered passed the screen
    rules = RuleSet(made.puzzle.shape, made.puzzle.constraints)
    assert not real(rules, made.puzzle.givens)
    screened.clear()
    generate("jigsaw,x", 9, Level.EXTREME, seed=2)
    assert not screened
    assert Kind.parse("windoku,jigsaw").screened and Kind.parse("windoku").screened
    assert Kind.parse("x").screened and not Kind.parse("jigsaw,x").screened


def test_extreme_jigsaw_windoku_keeps_its_clues_in_the_windows() -> None:
    """Minimal puzzles whose clues sit in the windows are Extreme more often, so the
    digging clears the windows last; on the diagonals it is the other way round."""
    kept = total = 0
    for seed in (1, 2):
        made = generate("jigsaw,windoku", 9, Level.EXTREME, seed=seed)
        windows = {cell for rule in made.puzzle.constraints for cell in rule.houses(9)[0].cells}
        assert len(windows) == 36
        clues = [cell for cell, digit in enumerate(made.puzzle.givens) if digit]
        kept += sum(cell in windows for cell in clues)
        total += len(clues)
    assert kept >= 0.75 * total  # 36 of 81 cells: about 35 % in a random order
    layout = random_layout(9, random.Random(3))
    assert len(Kind.parse("windoku,jigsaw").clues_last(layout)) == 36
    assert not Kind.parse("jigsaw,x").clues_last(layout)
    assert not Kind.parse("windoku").clues_last(Shape.classic(9))
