"""The generator's cheap checks agree with the rater they stand in for.

:func:`grade` must give the rater's verdict for every target level, and
:func:`fill_singles` must reach the position the rater reaches when singles run
out; the generator's speed rests on both.  Checked on unrated puzzles of every
kind (small grids reach every level quickly).
"""

from __future__ import annotations

import random

import pytest

from game.engine import generator, solver
from game.engine.generation import grading, killer
from game.engine.generation.digging import (
    KeepsLogic,
    KeepsUpTo,
    dig,
    keeps_logic,
    keeps_searched,
    keeps_unique,
    keeps_up_to,
    swap,
)
from game.engine.generation.grading import (
    ONE_DIGIT_TEMPLATES,
    Verdict,
    _plan,
    fill_singles,
    grade,
    logic_solves,
    singles_solve,
)
from game.engine.generation.grids import random_solution
from game.engine.generation.kinds import Kind
from game.engine.generation.symmetry import Symmetry, orbits
from game.engine.generator import generate, generate_unrated
from game.engine.logic.fish_search import variant_removable
from game.engine.logic.grid import CandidateGrid
from game.engine.logic.path import (
    Finding,
    PositionKey,
    Searches,
    _usable,
    find_step,
    next_step,
    position_key,
    solve_path,
    steps_of,
)
from game.engine.logic.rating import rate
from game.engine.logic.registry import Level, Technique, all_techniques, get
from game.engine.logic.step import Step
from game.engine.logic.variant_units import variant_units
from game.engine.puzzle import Puzzle
from game.engine.rules import Cage, RuleSet
from game.engine.shape import Shape

SINGLES = {"Full House", "Hidden Single", "Naked Single"}


def sample() -> list[Puzzle]:
    """Unrated puzzles of several kinds, from fixed seeds."""
    puzzles = []
    for seed in range(12):
        puzzles.append(generate_unrated("classic", 6, symmetry=Symmetry.NONE, seed=seed).puzzle)
        puzzles.append(generate_unrated("jigsaw", 6, seed=seed).puzzle)
    for seed in range(4):
        puzzles.append(generate_unrated("classic", 9, seed=seed).puzzle)
    return puzzles


PUZZLES = sample()


@pytest.mark.parametrize("puzzle", PUZZLES, ids=str)
def test_grade_agrees_with_the_rater(puzzle: Puzzle) -> None:
    level = rate(puzzle.shape, puzzle.givens).level
    for target in Level:
        expected = (
            Verdict.AT if level == target else Verdict.BELOW if level < target else Verdict.ABOVE
        )
        assert grade(puzzle.shape, puzzle.givens, target) is expected, target


def test_the_sample_covers_several_levels() -> None:
    levels = {rate(p.shape, p.givens).level for p in PUZZLES}
    assert {Level.EASY, Level.MEDIUM, Level.HARD} <= levels


@pytest.mark.parametrize("puzzle", PUZZLES, ids=str)
def test_singles_solve_exactly_the_easy_puzzles(puzzle: Puzzle) -> None:
    easy = rate(puzzle.shape, puzzle.givens).level is Level.EASY
    assert (singles_solve(puzzle.shape, puzzle.givens) is not None) == easy


@pytest.mark.parametrize("puzzle", PUZZLES[:10], ids=str)
def test_fill_singles_reaches_the_raters_position(puzzle: Puzzle) -> None:
    position = CandidateGrid.from_grid(puzzle.shape, puzzle.givens)
    while True:
        step = next_step(position)
        if step is None or step.technique not in SINGLES:
            break
        position = position.apply(step.placements, step.eliminations)
    filled = fill_singles(CandidateGrid.from_grid(puzzle.shape, puzzle.givens))
    assert filled.values == position.values
    assert filled.cands == position.cands


def variant_sample() -> list[Puzzle]:
    """Minimal unique puzzles under global rules, and givens-free killers on 6x6
    dominoes merged up to Medium, from fixed seeds: grading takes their cheap steps
    (extra house singles, cage combinations, pairs) together, the rater one by one."""
    puzzles = []
    for variant, size in (("x", 6), ("anti-king", 9), ("windoku", 9), ("disjoint", 6)):
        shape = Shape.classic(size)
        rules = RuleSet(shape, Kind.parse(variant).constraints(shape))
        for seed in range(3):
            rng = random.Random(seed)
            solution = random_solution(rules, rng)
            groups = orbits(size, Symmetry.NONE)
            rng.shuffle(groups)
            givens = dig(solution, groups, keeps_unique(rules))
            puzzles.append(Puzzle(shape, givens, rules.constraints))
    shape = Shape.classic(6)
    for seed in range(6):
        rng = random.Random(seed)
        solution = random_solution(shape, rng)
        cages = killer.cages(shape, (), solution, Level.MEDIUM, rng)
        if cages is not None:
            puzzles.append(Puzzle(shape, (0,) * shape.cells, cages))
    return puzzles


VARIANT_PUZZLES = variant_sample()


@pytest.mark.parametrize("puzzle", VARIANT_PUZZLES, ids=str)
def test_grade_agrees_with_the_rater_on_variants(puzzle: Puzzle) -> None:
    level = rate(puzzle.shape, puzzle.givens, rules=puzzle.rules).level
    for target in (Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT):
        expected = (
            Verdict.AT if level == target else Verdict.BELOW if level < target else Verdict.ABOVE
        )
        assert grade(puzzle.shape, puzzle.givens, target, rules=puzzle.rules) is expected, target


def test_the_variant_sample_covers_killers_and_several_levels() -> None:
    assert any(isinstance(rule, Cage) for p in VARIANT_PUZZLES for rule in p.constraints)
    levels = {rate(p.shape, p.givens, rules=p.rules).level for p in VARIANT_PUZZLES}
    assert {Level.EASY, Level.MEDIUM} <= levels and len(levels) >= 3


def test_grade_tries_techniques_in_the_raters_order() -> None:
    """The rater takes the lowest-rated step, not the catalogue's first (a Hard
    W-Wing is rated after Expert chains), and grade must walk the same path."""
    raters = [t.name for t in _usable(True, True, by_rating=True) if not t.variant_only]
    for target in Level:
        order = [t.name for t in _plan(target).order]
        assert order == raters[: len(order)], target
    assert raters.index("W-Wing") > raters.index("X-Chain")


def dug(seed: int, refusals: int | None) -> tuple[tuple[int, ...], KeepsUpTo]:
    """A 9x9 Hard candidate from ``seed``, dug as the generator digs it."""
    shape = Shape.classic(9)
    rng = random.Random(seed)
    solution = random_solution(shape, rng)
    groups = orbits(9, Symmetry.ROTATIONAL)
    rng.shuffle(groups)
    keeps = keeps_up_to(shape, Level.HARD, refusals=refusals)
    return dig(solution, groups, keeps), keeps


@pytest.mark.parametrize("seed", [1, 6])
def test_digging_stops_after_the_refusals_allowed_at_the_level(seed: int) -> None:
    shape = Shape.classic(9)
    minimal, _ = dug(seed, None)
    capped, keeps = dug(seed, 0)
    # The capped dig is the full one cut short: it keeps every clue the full one
    # keeps, and more (these seeds refuse a removal after reaching Hard).
    assert all(c for c, m in zip(capped, minimal, strict=True) if m)
    assert sum(map(bool, capped)) > sum(map(bool, minimal))
    assert solver.count_solutions(shape, capped, limit=2) == 1
    assert rate(shape, capped).level is Level.HARD
    # The last grade is remembered for the puzzle it accepted, and only for it.
    assert keeps.verdict(capped) is grade(shape, capped, Level.HARD) is Verdict.AT
    assert keeps.verdict(minimal) is None


@pytest.mark.parametrize("puzzle", PUZZLES[::3] + VARIANT_PUZZLES, ids=str)
def test_the_rater_walks_the_same_path_from_what_a_grade_learnt(puzzle: Puzzle) -> None:
    """What a grade learns along its path (findings) spares the rater its searches
    there, and the rating comes out the same, step for step."""
    rules = puzzle.rules if puzzle.constraints else None
    alone = rate(puzzle.shape, puzzle.givens, rules=rules)
    findings: dict[PositionKey, Finding] = {}
    verdict = grade(puzzle.shape, puzzle.givens, alone.level, rules=rules, findings=findings)
    assert verdict is Verdict.AT
    helped = rate(puzzle.shape, puzzle.givens, rules=rules, known=findings)
    assert helped == alone
    if alone.level >= Level.MEDIUM and alone.level is not Level.EXTREME:
        assert any(f.step is not None for f in findings.values())


def test_a_finding_stands_in_for_the_search_at_its_position() -> None:
    """The rater trusts a finding: its step is taken, nothing is searched again."""
    puzzle = PUZZLES[0]
    position = CandidateGrid.from_grid(puzzle.shape, puzzle.givens)
    first = find_step(position, by_rating=True).step
    assert first is not None and first.technique in {"Full House", "Hidden Single"}
    order = _usable(True, True, by_rating=True)
    made_up = Step("Naked Single", placements=first.placements, explanation="remembered")
    before = frozenset(t.name for t in order[: [t.name for t in order].index("Naked Single")])
    known = {position_key(position): Finding(before, "Naked Single", made_up)}
    assert find_step(position, by_rating=True, known=known).step is made_up
    # A technique the finding did not try is still run: here, the first one.
    partial = {position_key(position): Finding(frozenset(), "Naked Single", made_up)}
    assert find_step(position, by_rating=True, known=partial).step == first


def variant_start(
    name: str, size: int, seed: int
) -> tuple[RuleSet, tuple[int, ...], list[tuple[int, ...]]]:
    """The rules of ``name`` on the classic grid of ``size``, a random solution under
    them and the single clues in random order, drawn as for a variant candidate."""
    shape = Shape.classic(size)
    rules = RuleSet(shape, Kind.parse(name).constraints(shape))
    rng = random.Random(seed)
    solution = random_solution(rules, rng)
    groups = orbits(size, Symmetry.NONE)
    rng.shuffle(groups)
    return rules, solution, groups


def dug_variant(refusals: int | None) -> tuple[tuple[int, ...], KeepsLogic, RuleSet]:
    """A 6x6 anti-king Hard candidate, dug as the generator digs variants."""
    rules, solution, groups = variant_start("anti-king", 6, 5)
    easy = dig(solution, groups, keeps_logic(rules, Level.EASY))
    rest = [group for group in groups if easy[group[0]]]
    keeps = keeps_logic(rules, Level.HARD, refusals=refusals)
    return dig(easy, rest, keeps), keeps, rules


def test_variant_digging_stops_at_the_level_when_no_refusal_is_allowed() -> None:
    minimal, _ = dug_variant(None)[:2]
    capped, keeps, rules = dug_variant(0)
    assert all(c for c, m in zip(capped, minimal, strict=True) if m)
    assert sum(map(bool, capped)) > sum(map(bool, minimal))
    # The last grade is the capped puzzle's, at the level, and the rater agrees
    # with and without what it learnt.
    graded = keeps.graded(capped)
    assert graded is not None and graded.verdict is Verdict.AT
    alone = rate(rules.shape, capped, rules=rules)
    assert alone.level is Level.HARD
    assert rate(rules.shape, capped, rules=rules, known=graded.findings) == alone
    assert keeps.graded(minimal) is None


def test_searched_digging_keeps_exactly_the_removals_the_solver_proves_unique() -> None:
    """The Extreme variant digging: every clue it keeps is needed (its removal
    leaves several solutions or one the plain search cannot prove in its nodes),
    and what it leaves is unique."""
    rules, solution, groups = variant_start("non-consecutive", 9, 3)
    shape = rules.shape
    keeps = keeps_searched(rules)
    givens = dig(solution, groups, keeps)
    assert solver.count_solutions(rules, givens, limit=2) == 1
    assert sum(map(bool, givens)) < 20
    for cell in (c for c, digit in enumerate(givens) if digit):
        fewer = list(givens)
        fewer[cell] = 0
        assert not keeps(fewer, [(cell, givens[cell])])
    # A removal that leaves two solutions is refused.
    two = list(solution)
    for cell in range(shape.cells):
        two[cell] = 0
    assert not keeps(two, [(cell, solution[cell]) for cell in range(shape.cells)])


def test_logic_screen_finishes_what_the_grade_solves_and_not_what_it_calls_extreme() -> None:
    """The Extreme screen rejects only candidates our logic finishes: an Extreme
    puzzle (no technique path solves it) passes, a Hard one does not."""
    for level, solves in ((Level.EXTREME, False), (Level.HARD, True)):
        made = generate("anti-king", 9, level, seed=1001)
        rules = RuleSet(made.puzzle.shape, made.puzzle.constraints)
        assert grade(rules.shape, made.puzzle.givens, Level.EXTREME, rules=rules) is (
            Verdict.BELOW if solves else Verdict.AT
        )
        assert logic_solves(rules, made.puzzle.givens) is solves


def test_the_screen_reaches_the_same_position_searching_as_a_path_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Extreme screen shows a technique that found nothing only the digits or
    cells changed since (:class:`Searches`), as a solve path does: on the minimal
    9x9 jigsaw Windoku candidates the generator screens (seed 1006), it reaches the
    position it reaches when every technique is shown the whole position each time."""

    class Enough(Exception):
        pass

    screened: list[tuple[RuleSet, tuple[int, ...]]] = []

    def collect(rules: RuleSet, givens: tuple[int, ...]) -> bool:
        screened.append((rules, givens))
        if len(screened) == 2:
            raise Enough
        return True  # below Extreme: on to the next candidate

    monkeypatch.setattr(generator, "logic_solves", collect)
    with pytest.raises(Enough):
        generator.search("jigsaw,windoku", 9, Level.EXTREME, seed=1006)

    class Blind(Searches):
        def grid(self, technique: Technique, position: CandidateGrid) -> CandidateGrid:
            return position

    names, others = grading._everything()
    starts = [CandidateGrid.from_grid(r.shape, g, rules=r) for r, g in screened]
    reached = [grading._close(start, names, others) for start in starts]
    monkeypatch.setattr(grading, "Searches", Blind)
    for start, seen in zip(starts, reached, strict=True):
        blind = grading._close(start, names, others)
        assert (blind.values, blind.cands) == (seen.values, seen.cands)
        assert fill_singles(start).cands != seen.cands  # the techniques had work to do


def test_one_digit_templates_remove_whatever_a_one_digit_technique_does() -> None:
    """The Extreme screen runs the templates instead of the fish, kites, colouring and
    X-chains: at every position where the rater's path takes one of those, each of
    them removes only candidates the templates remove too (under extra houses and
    links: the minimal 9x9 Windoku and anti-king puzzles of the variant sample)."""
    one_digit = [t for t in all_techniques() if t.one_digit and t.level > Level.MEDIUM]
    checked = 0
    for puzzle in (p for p in VARIANT_PUZZLES if p.size == 9):
        position = CandidateGrid.from_grid(puzzle.shape, puzzle.givens, rules=puzzle.rules)
        path = solve_path(position, unique=False, include_last_resort=False, by_rating=True)
        for step in path.steps:
            if step.technique in {t.name for t in one_digit}:
                found = next(iter(ONE_DIGIT_TEMPLATES.find(position)), None)
                removable = set(found.eliminations) if found is not None else set()
                for technique in one_digit:
                    for other in steps_of(position, technique):
                        assert set(other.eliminations) <= removable, other.technique
                        checked += 1
            position = position.apply(step.placements, step.eliminations)
    assert checked >= 20


def test_a_one_digit_technique_reads_only_its_digits_places() -> None:
    """A solve path shows a one-digit technique only the digits whose places changed
    since it last found nothing (:class:`Searches`): sound only if its steps on a
    digit depend on that digit's places alone.  Along the rater's paths of 9x9
    classic, jigsaw, Windoku and anti-king puzzles, each one-digit technique finds,
    on the position with a few digits' candidates, exactly its steps on those digits;
    and one that found nothing finds, a step later, steps only on digits whose places
    the step changed (a Full House fails this: a placement elsewhere in its house
    makes one)."""
    one_digit = [t for t in all_techniques() if t.one_digit]
    puzzles = [p for p in PUZZLES if p.size == 9][:1]
    puzzles += [generate_unrated("jigsaw", 9, seed=seed).puzzle for seed in range(1)]
    puzzles += [p for p in VARIANT_PUZZLES if p.size == 9][::2]
    rng = random.Random(0)
    found = 0
    for puzzle in puzzles:
        position = CandidateGrid.from_grid(puzzle.shape, puzzle.givens, rules=puzzle.rules)
        path = solve_path(position, unique=False, include_last_resort=False, by_rating=True)
        before: dict[str, list[Step]] = {}
        for index, step in enumerate(path.steps):
            if index % 6 == 0:
                digits = rng.getrandbits(9) | 1 << rng.randrange(9)
                shown = position.only(digits)
                before = {t.name: steps_of(position, t) for t in one_digit}
                for technique in one_digit:
                    expected = [
                        s
                        for s in before[technique.name]
                        if all(digits >> (d - 1) & 1 for _, d in (*s.placements, *s.eliminations))
                    ]
                    assert steps_of(shown, technique) == expected, technique.name
                    found += bool(expected)
                last = position
            elif index % 6 == 1:
                changed = {
                    d for d in range(1, 10) if last.digit_cells(d) != position.digit_cells(d)
                }
                for technique in one_digit:
                    if before[technique.name]:
                        continue
                    for later in steps_of(position, technique):
                        moved = {d for _, d in (*later.placements, *later.eliminations)}
                        assert moved <= changed, technique.name
            position = position.apply(step.placements, step.eliminations)
    assert found >= 20


def test_searches_show_a_quiet_technique_only_what_changed_since() -> None:
    """Along a path, a technique that found nothing is shown nothing when nothing
    changed since; then a one-digit one only the digits whose places changed, and a
    local one the position focused on the cells changed.  One that found a step, and
    any other technique, are shown the whole position."""
    puzzle = next(p for p in PUZZLES if p.size == 9)
    position = CandidateGrid.from_grid(puzzle.shape, puzzle.givens)
    position = fill_singles(position)  # where the subsets and wings have little to say
    one_digit = next(t for t in all_techniques() if t.one_digit and not steps_of(position, t))
    local = next(t for t in all_techniques() if t.local and not steps_of(position, t))
    other = get("XY-Wing")
    assert not other.one_digit and not other.local
    searches = Searches()
    for quiet in (one_digit, local):
        assert searches.grid(quiet, position) is position
        assert searches.first(quiet, position) is None
        assert searches.grid(quiet, position) is None  # nothing changed since
    cell = next(c for c, mask in enumerate(position.cands) if mask.bit_count() > 2)
    digit = position.cands[cell].bit_length()
    after = position.apply((), [(cell, digit)])
    shown = searches.grid(one_digit, after)
    assert shown is not None and shown.values == after.values
    assert {d for mask in shown.cands for d in range(1, 10) if mask >> (d - 1) & 1} == {digit}
    assert shown.digit_cells(digit) == after.digit_cells(digit)
    focused = searches.grid(local, after)
    assert focused is not None and focused.focus == 1 << cell
    assert (focused.values, focused.cands) == (after.values, after.cands)
    assert after.focus == after.tables.all_cells
    assert searches.grid(other, after) is after
    for quiet in (one_digit, local):
        searches.searched(quiet, after, True)
        assert searches.grid(quiet, after) is after


def test_a_local_technique_finds_nothing_new_away_from_the_cells_changed() -> None:
    """A solve path shows a local technique that found nothing only the cells changed
    since (:class:`Searches`): sound only if every step it finds later has a pattern
    cell among them.  Along the rater's paths of a 9x9 classic and a jigsaw Windoku
    Expert puzzle, each local technique, once quiet, finds on the position focused on
    the cells changed since exactly the steps it finds on the whole position."""
    local = [t for t in all_techniques() if t.local]
    expected = {"Naked Pair", "Hidden Quad", "Sue de Coq", "VWXYZ-Wing", "Law of Leftovers"}
    assert expected <= {t.name for t in local}
    kinds = ("classic", "jigsaw,windoku")
    puzzles = [generate(kind, 9, Level.EXPERT, seed=0).puzzle for kind in kinds]
    told: set[str] = set()
    for puzzle in puzzles:
        position = CandidateGrid.from_grid(puzzle.shape, puzzle.givens, rules=puzzle.rules)
        unique = puzzle.rules is None
        path = solve_path(position, unique=unique, include_last_resort=False, by_rating=True)
        quiet = {t.name: position for t in local if not steps_of(position, t)}
        for step in path.steps:
            position = position.apply(step.placements, step.eliminations)
            for technique in local:
                steps = steps_of(position, technique)
                since = quiet.pop(technique.name, None)
                if since is not None:
                    pairs = zip(since.cands, position.cands, strict=True)
                    moved = sum(1 << cell for cell, (was, now) in enumerate(pairs) if was != now)
                    focused = position.focused(moved)
                    assert steps_of(focused, technique) == steps, technique.name
                    if steps:
                        told.add(technique.name)
                if not steps:
                    quiet[technique.name] = position
    assert told == {t.name for t in local}


def test_searches_skip_the_digits_whose_candidates_all_lie_on_templates() -> None:
    """Past the singles, a one-digit technique is not shown a digit whose template
    search (which the fish run first) found every candidate on some template: no
    one-digit step removes anything there, so its first step is the same.  Along
    the rater's paths of 9x9 Windoku and anti-king puzzles, at positions where
    some digits have such candidates and some do not."""
    chain, single = get("X-Chain"), get("Hidden Single")
    checked = 0
    for puzzle in (p for p in VARIANT_PUZZLES if p.size == 9):
        position = CandidateGrid.from_grid(puzzle.shape, puzzle.givens, rules=puzzle.rules)
        path = solve_path(position, unique=False, include_last_resort=False, by_rating=True)
        for step in path.steps:
            position = position.apply(step.placements, step.eliminations)
            units = variant_units(position)
            assert units is not None and units.extra
            open_digits = {d for d in range(1, 10) if position.digit_cells(d)}
            # Asked twice, as the fish would have before: a first asking may fill the
            # template cache to its limit and start it over, losing earlier digits.
            for _ in range(2):
                live = {
                    d
                    for d in open_digits
                    if variant_removable(units, d, position.digit_cells(d)) != 0
                }
            if not live or live == open_digits:
                continue
            shown = Searches().grid(chain, position)
            assert shown is not None
            assert {d for d in open_digits if shown.digit_cells(d)} == live
            assert steps_of(shown, chain)[:1] == steps_of(position, chain)[:1]
            assert Searches().grid(single, position) is position
            checked += 1
    assert checked >= 5


def test_a_swap_lands_a_candidate_dug_below_its_level_at_it() -> None:
    """9x9 non-consecutive Hard, dug as the generator digs it: the candidate ends
    below Hard (every removal past the Easy ones grades harder), and a swap, one
    clue pair out and another in, makes it a unique Hard puzzle."""
    shape = Shape.classic(9)
    rules = RuleSet(shape, Kind.parse("non-consecutive").constraints(shape))
    rng = random.Random(1003)
    solution = random_solution(rules, rng)
    every = orbits(9, Symmetry.ROTATIONAL)
    groups = list(every)
    rng.shuffle(groups)
    easy = dig(solution, groups, keeps_logic(rules, Level.EASY))
    rest = [group for group in groups if easy[group[0]]]
    dug = dig(easy, rest, keeps_logic(rules, Level.HARD, refusals=0))
    assert grade(shape, dug, Level.HARD, rules=rules) is Verdict.BELOW
    assert swap(rules, solution, dug, every, Level.HARD, random.Random(0), tries=0) is None
    swapped = swap(rules, solution, dug, every, Level.HARD, rng, tries=16)
    assert swapped is not None and swapped.verdict is Verdict.AT
    out = {c for c, (a, b) in enumerate(zip(dug, swapped.givens, strict=True)) if a and not b}
    into = {c for c, (a, b) in enumerate(zip(dug, swapped.givens, strict=True)) if b and not a}
    assert {frozenset(out), frozenset(into)} <= set(map(frozenset, every))
    assert all(swapped.givens[c] == solution[c] for c in into)
    assert solver.count_solutions(rules, swapped.givens, limit=2) == 1
    rated = rate(shape, swapped.givens, rules=rules, known=swapped.findings)
    assert rated.level is Level.HARD
