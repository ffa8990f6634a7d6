"""A puzzle typed in on an empty board: givens, clashes refused, the solver's verdict by version."""

from __future__ import annotations

import pytest

from game.engine.puzzle import Puzzle
from game.session.puzzles import Draft, Verdict, read_text, verdict_of

LINE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def typed(line: str) -> Draft:
    draft = Draft(9)
    for cell, char in enumerate(line):
        if char != ".":
            draft.cursor = cell
            assert draft.place(int(char)) == ""
    return draft


def test_a_clashing_given_is_refused_with_where_the_other_is() -> None:
    draft = Draft(9)
    assert draft.place(5) == ""
    draft.move(0, 1)
    assert draft.place(5) == "5 is already in row 1, at r1c1."
    draft.move(1, 0)
    assert draft.place(5) == "5 is already in box 1, at r1c1."
    assert draft.count == 1
    assert draft.place(10) != "" and draft.count == 1


def test_the_verdict_follows_the_solver() -> None:
    draft = typed(LINE)
    assert draft.verdict is Verdict.CHECKING
    assert verdict_of(draft.shape, tuple(draft.givens)) is Verdict.UNIQUE
    draft.cursor = 0
    draft.erase()
    assert verdict_of(draft.shape, tuple(draft.givens)) is Verdict.UNIQUE
    few = typed("12" + "." * 79)
    assert verdict_of(few.shape, tuple(few.givens)) is Verdict.SEVERAL
    # Legal givens that leave r1c9 without a digit: no solution.
    none = typed("12345678." + "........9" + "." * 63)
    assert verdict_of(none.shape, tuple(none.givens)) is Verdict.NONE


def test_an_old_answer_is_dropped() -> None:
    draft = typed("1")
    job = draft.check_job()
    assert job is not None
    version = job[0]
    draft.move(0, 1)
    draft.place(2)
    assert not draft.judged(version, Verdict.SEVERAL)
    assert draft.verdict is Verdict.CHECKING
    assert draft.judged(draft.version, Verdict.SEVERAL)
    assert draft.verdict.playable


def test_erasing_everything_needs_no_check() -> None:
    draft = typed("1")
    draft.cursor = 0
    assert draft.erase()
    assert draft.verdict is Verdict.EMPTY and draft.check_job() is None
    assert not draft.verdict.playable


def test_sizes_and_moves_wrap() -> None:
    draft = Draft(9)
    assert draft.next_size() == 16
    draft.resize(4)
    assert len(draft.givens) == 16 and draft.cursor == 0
    draft.move(-1, -1)
    assert draft.cursor == 15
    with pytest.raises(ValueError):
        Draft(7)


def test_the_draft_plays_as_its_line_reads() -> None:
    draft = typed(LINE)
    assert read_text(draft.line()).puzzle == Puzzle.from_string(LINE)
