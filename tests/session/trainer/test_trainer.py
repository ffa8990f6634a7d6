"""The technique trainer's drills, played through the session API without a window."""

from __future__ import annotations

import random
import zlib
from collections import Counter

import pytest

from game.engine.logic import Step, steps_named
from game.engine.logic.path import find_step
from game.engine.logic.step import with_article
from game.engine.shape import Shape
from game.session.mid_end import Session
from game.session.trainer.drill import (
    Answer,
    Drill,
    Outcome,
    Pick,
    Round,
    Tally,
    drill_for,
    judge,
    positions,
    prepare,
)
from game.session.trainer.exemplars import Exemplar, examples, techniques_with_examples
from game.session.trainer.variations import Variation, random_variation


def a_round(technique: str = "X-Wing") -> Round:
    return prepare(technique, examples(technique)[0], seed=7)


def removable_elsewhere(round_: Round) -> Pick:
    """A candidate of the position that no instance removes (the solution digit if one is)."""
    every = set().union(*round_.answers)
    position = round_.position
    picks = [
        (cell, digit)
        for cell, mask in enumerate(position.cands)
        for digit in range(1, position.size + 1)
        if mask >> (digit - 1) & 1 and (cell, digit) not in every
    ]
    solution = round_.solution
    assert solution is not None
    truthful = [pick for pick in picks if solution[pick[0]] == pick[1]]
    return (truthful or picks)[0]


# -- whole drills --------------------------------------------------------------------


def test_a_drill_played_right_then_wrong_then_shown_keeps_the_tally() -> None:
    tally = Tally()
    drill = Drill("X-Wing", examples("X-Wing"), tally=tally, seed=1)
    drill.next()
    round_ = drill.round
    assert round_ is not None and round_.answer is Answer.REMOVE
    assert drill.submit().outcome is Outcome.EMPTY  # nothing marked: not counted
    for cell, digit in sorted(round_.answers[0]):
        assert drill.toggle(cell, digit)
    verdict = drill.submit()
    assert verdict.outcome is Outcome.RIGHT and drill.over
    assert drill.drawn is not None and set(drill.drawn.eliminations) == round_.answers[0]
    assert not drill.toggle(*next(iter(round_.answers[0])))  # frozen once over
    assert drill.submit() is verdict  # asking again counts nothing
    assert (tally.tried, tally.right, tally.streak) == (1, 1, 1)

    drill.next()
    round_ = drill.round
    assert round_ is not None and drill.marks == frozenset() and drill.verdict is None
    cell, digit = removable_elsewhere(round_)
    drill.toggle(cell, digit)
    verdict = drill.submit()
    assert verdict.outcome is Outcome.WRONG
    assert verdict.wrong == ((cell, digit),)
    assert f"r{cell // 9 + 1}c{cell % 9 + 1}" in verdict.message
    assert not drill.over and drill.drawn is None  # not given away: try again
    assert (tally.tried, tally.right) == (1, 1)  # counted when the round ends
    assert drill.toggle(cell, digit)  # the stray mark taken back
    for pick in sorted(round_.answers[0]):
        drill.toggle(*pick)
    assert drill.submit().outcome is Outcome.RIGHT and drill.over
    assert (tally.tried, tally.right, tally.streak, tally.best) == (2, 1, 0, 1)  # wrong once

    drill.next()
    drill.toggle(*removable_elsewhere(drill.round))
    assert drill.submit().outcome is Outcome.WRONG
    drill.next()  # left after a wrong answer: tried, not right
    assert (tally.tried, tally.right) == (3, 1)
    shown = drill.show()
    assert shown.outcome is Outcome.SHOWN and shown.instance is not None
    assert (tally.tried, tally.right) == (4, 1)
    assert tally.summary() == "1/4 right"


def test_part_of_an_instance_is_almost_and_the_rest_makes_it_right() -> None:
    drill = Drill("Naked Pair", examples("Naked Pair"), seed=3)
    round_ = drill.next()
    big = max(round_.answers, key=len)
    if len(big) < 2:
        pytest.skip("this position's pairs remove one candidate each")
    first, *rest = sorted(big)
    drill.toggle(*first)
    verdict = drill.submit()
    smallest_gap = min(len(a - {first}) for a in round_.answers if first in a)
    assert verdict.outcome is Outcome.ALMOST and verdict.missing == smallest_gap
    assert f"{smallest_gap} more" in verdict.message
    assert not drill.over and drill.tally.tried == 0
    for pick in rest:
        drill.toggle(*pick)
    assert drill.submit().outcome is Outcome.RIGHT


def test_a_placing_technique_asks_for_the_digit_and_one_placement_per_cell() -> None:
    drill = Drill("Hidden Single", examples("Hidden Single"), seed=5)
    round_ = drill.next()
    assert round_.answer is Answer.PLACE
    (cell, digit), *_ = sorted(round_.answers[0])
    other = next(
        d for d in range(1, 10) if d != digit and round_.position.cands[cell] >> (d - 1) & 1
    )
    drill.toggle(cell, other)
    drill.toggle(cell, digit)  # replaces the other digit in that cell
    assert drill.marks == {(cell, digit)}
    assert drill.submit().outcome is Outcome.RIGHT


def test_a_wrong_placement_says_the_cell_is_not_that_digit() -> None:
    round_ = a_round("Hidden Single")
    (cell, digit), *_ = sorted(round_.answers[0])
    other = next(
        d for d in range(1, 10) if d != digit and round_.position.cands[cell] >> (d - 1) & 1
    )
    verdict = judge(round_, [(cell, other)])
    assert verdict.outcome is Outcome.WRONG
    assert f"is not {other}" in verdict.message


def test_marks_only_on_candidates_and_the_cursor_wraps() -> None:
    drill = Drill("X-Wing", examples("X-Wing"), seed=2)
    round_ = drill.next()
    filled = next(c for c, v in enumerate(round_.position.values) if v)
    assert not drill.toggle(filled, 1)
    empty = next(c for c, v in enumerate(round_.position.values) if not v)
    absent = next(d for d in range(1, 10) if not round_.position.cands[empty] >> (d - 1) & 1)
    assert not drill.toggle(empty, absent)
    drill.select(0)
    drill.move(-1, -1)
    assert drill.selected == 80


def test_the_drill_serves_every_position_before_repeating_and_never_twice_in_a_row() -> None:
    found = examples("X-Wing")
    drill = Drill("X-Wing", found, seed=11)
    first = [drill.upcoming()[0] for _ in found]
    assert Counter(id(e) for e in first) == Counter(id(e) for e in found)
    previous = first[-1]
    for _ in range(3 * len(found)):
        exemplar, _ = drill.upcoming()
        assert exemplar is not previous
        previous = exemplar


def test_a_drill_needs_positions() -> None:
    with pytest.raises(ValueError):
        Drill("X-Wing", ())
    with pytest.raises(ValueError):
        drill_for("Not A Technique")


def test_a_drill_keeps_to_its_kind_of_grid_unless_there_is_none() -> None:
    jigsaw = positions("X-Wing", "jigsaw")
    classic = positions("X-Wing", "classic")
    assert jigsaw and classic
    assert len(jigsaw) + len(classic) == len(positions("X-Wing")) == len(examples("X-Wing"))
    assert all(e.shape.is_jigsaw for e in jigsaw)
    assert set(drill_for("X-Wing", "jigsaw").exemplars) == set(jigsaw)
    assert not positions("Law of Leftovers", "classic")  # a jigsaw-only technique
    fallback = drill_for("Law of Leftovers", "classic")
    assert set(fallback.exemplars) == set(positions("Law of Leftovers"))


def test_unmarking_a_cell_takes_back_its_marks_only() -> None:
    drill = Drill("X-Wing", examples("X-Wing"), seed=4)
    round_ = drill.next()
    picks = sorted(round_.answers[0])
    for pick in picks:
        drill.toggle(*pick)
    cell = picks[0][0]
    assert drill.unmark(cell)
    assert drill.marks == {pick for pick in picks if pick[0] != cell}
    assert not drill.unmark(cell)  # nothing left there
    drill.clear()
    drill.toggle(*picks[-1])
    drill.show()
    assert not drill.unmark(picks[-1][0])  # frozen once over
    assert drill.marks == {picks[-1]}


def test_the_session_keeps_a_tally_per_technique_for_the_run() -> None:
    session = Session()
    tally = session.training.of("X-Wing")
    tally.count(True)
    assert session.training.of("X-Wing").right == 1
    assert session.training.of("Swordfish").tried == 0


# -- the verdict rule on hand-made instances -------------------------------------------


def synthetic(*answers: tuple[Pick, ...]) -> Round:
    """A round of the first X-Wing exemplar whose instances remove ``answers``."""
    real = a_round()
    steps = tuple(Step("X-Wing", eliminations=answer) for answer in answers)
    solution = tuple(1 for _ in range(81))
    return Round("X-Wing", real.exemplar, real.position, steps[0], steps, solution, False)


A = ((10, 5), (11, 5))
B = ((40, 5), (41, 5), (42, 5))


def test_the_verdict_rule() -> None:
    round_ = synthetic(A, B)
    assert judge(round_, []).outcome is Outcome.EMPTY
    assert judge(round_, A).outcome is Outcome.RIGHT
    assert judge(round_, A + B).outcome is Outcome.RIGHT  # two instances at once
    assert judge(round_, A + B[:1]).outcome is Outcome.RIGHT  # one whole, part of another
    almost = judge(round_, B[:1])
    assert (almost.outcome, almost.missing) == (Outcome.ALMOST, 2)
    assert almost.instance is round_.instances[1]
    wrong = judge(round_, A + ((12, 5),))
    assert wrong.outcome is Outcome.WRONG and wrong.wrong == ((12, 5),)
    assert "no X-Wing here removes 5 from r2c4" in wrong.message
    truth = judge(round_, ((12, 1), (13, 1), (14, 1), (15, 1)))
    assert "r2c4 is 1 in the solution" in truth.message and "2 more" in truth.message
    assert truth.message.startswith("Wrong: r2c4")


# -- variations ------------------------------------------------------------------------


@pytest.mark.parametrize("shape_name", ["classic 9", "classic 6", "jigsaw 9"])
def test_a_variation_carries_units_onto_units(shape_name: str) -> None:
    shape = next(
        e.shape
        for name in techniques_with_examples()
        for e in examples(name)
        if f"{e.shape.variant} {e.shape.size}" == shape_name
    )
    rng = random.Random(4)
    for _ in range(20):
        variation = random_variation(shape, rng)
        varied = variation.shape(shape)
        units = {frozenset(unit) for unit in shape.units}
        for unit in varied.units:
            assert frozenset(variation.cells[cell] for cell in unit) in units
        assert sorted(variation.digits) == list(range(shape.size + 1))


def test_the_identity_changes_nothing() -> None:
    position = examples("X-Wing")[0].position
    same = Variation.identity(9).apply(position)
    assert (same.values, same.cands, same.givens) == (
        position.values,
        position.cands,
        position.givens,
    )


def sample() -> list[Exemplar]:
    """A few positions of each technique (the first three), for the slower checks."""
    return [e for name in techniques_with_examples() for e in examples(name)[:3]]


@pytest.mark.parametrize("exemplar", sample(), ids=lambda e: e.technique)
def test_a_varied_round_still_teaches_its_technique(exemplar: Exemplar) -> None:
    round_ = prepare(exemplar.technique, exemplar, seed=zlib.crc32(exemplar.source.encode()))
    hint = find_step(round_.position).step
    assert hint is not None
    shown = hint
    if exemplar.simpler:  # a hint gives a simpler step; the technique's own finder finds it
        assert round_.simpler is not None and round_.simpler.technique == hint.technique
        assert hint.technique != exemplar.technique
        shown = round_.hint
        assert shown.technique == exemplar.technique
    else:
        assert hint.technique == exemplar.technique and round_.simpler is None
    assert round_.instances and round_.answers
    assert any(
        set(step.eliminations) == set(shown.eliminations)
        and set(step.placements) == set(shown.placements)
        for step in round_.instances
    )
    assert round_.solution is not None
    assert not round_.position.is_broken()
    for cell, digit in set().union(*round_.answers):
        assert round_.solution[cell] != digit or round_.answer is Answer.PLACE


def test_jigsaw_rounds_turn_the_layout_with_the_cells() -> None:
    exemplar = next(e for e in examples("X-Wing") if e.shape.is_jigsaw)
    shapes = {prepare("X-Wing", exemplar, seed=s).shape for s in range(12)}
    assert len(shapes) > 1
    assert all(isinstance(shape, Shape) and shape.is_jigsaw for shape in shapes)


@pytest.mark.parametrize("technique", ["Cage Combinations", "Innies and Outies", "Hidden Cage"])
def test_a_killer_drill_serves_its_cages_unturned_and_judges_by_them(technique: str) -> None:
    drill = Drill(technique, examples(technique), seed=5)
    round_ = drill.next()
    rules = round_.position.rules
    assert rules is not None and rules.constraints  # the cages travel with the position
    assert not round_.varied  # cages do not turn or relabel with the grid
    assert round_.solution is not None and rules.is_solution(round_.solution)
    assert round_.hint.technique == technique
    answer = round_.answers[0]
    for pick in sorted(answer):
        assert drill.toggle(*pick)
    assert drill.submit().outcome is Outcome.RIGHT


# -- marked positions: the technique applies, a hint gives a simpler step first --------------


def marked(technique: str) -> list[Exemplar]:
    return [e for e in examples(technique) if e.simpler]


def test_a_marked_skyscraper_drill_judges_by_the_skyscraper_finder_and_allows_a_retry() -> None:
    tally = Tally()
    drill = Drill("Skyscraper", marked("Skyscraper"), tally=tally, seed=11)
    round_ = drill.next()
    simpler = round_.simpler
    assert simpler is not None and simpler.technique != "Skyscraper"
    own = steps_named(round_.position, "Skyscraper")
    assert set(round_.answers) == {frozenset(step.eliminations) for step in own}
    assert all(step.technique == "Skyscraper" for step in round_.instances)
    asked = drill.submit()  # nothing marked: the words say a simpler step comes first
    assert asked.outcome is Outcome.EMPTY
    first = with_article(simpler.technique)
    assert (
        round_.note
        == f"{first[0].upper()}{first[1:]} also works here, and a hint would give it first."
    )
    assert asked.message.startswith(round_.note)
    assert "Find a Skyscraper" in asked.message

    stray = removable_elsewhere(round_)
    assert drill.toggle(*stray)
    wrong = drill.submit()
    assert wrong.outcome is Outcome.WRONG and wrong.wrong == (stray,)
    assert not drill.over and drill.drawn is None
    assert drill.clear()  # try again: the Skyscraper's removals this time
    for pick in sorted(round_.answers[0]):
        assert drill.toggle(*pick)
    right = drill.submit()
    assert right.outcome is Outcome.RIGHT and right.message == "Right: that is a Skyscraper."
    assert drill.drawn is not None and drill.drawn.technique == "Skyscraper"
    assert (tally.tried, tally.right) == (1, 0)  # wrong once: tried, not right

    round_ = drill.next()  # the next marked round is judged the same way, and can be right
    assert round_.simpler is not None
    for pick in sorted(round_.answers[0]):
        assert drill.toggle(*pick)
    assert drill.submit().outcome is Outcome.RIGHT
    assert (tally.tried, tally.right) == (2, 1)


def test_a_removal_only_the_simpler_step_makes_is_named_as_its() -> None:
    named = 0
    for exemplar in marked("Skyscraper"):
        round_ = prepare("Skyscraper", exemplar, seed=None, vary=False)
        assert round_.simpler is not None
        only = set(round_.simpler.eliminations) - set().union(*round_.answers)
        if not only:
            continue
        cell, digit = min(only)
        verdict = judge(round_, [(cell, digit)])
        assert verdict.outcome is Outcome.WRONG
        where = f"r{cell // 9 + 1}c{cell % 9 + 1}"
        assert (
            f"the {round_.simpler.technique} removes {digit} from {where}, "
            "but no Skyscraper here does"
        ) in verdict.message
        named += 1
    assert named  # the catalogue has such positions (Finned X-Wings removing elsewhere)
