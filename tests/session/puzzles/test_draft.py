"""A puzzle typed in on an empty board: givens, clashes refused, the solver's verdict by version."""

from __future__ import annotations

import pytest

from game.engine.puzzle import Puzzle
from game.engine.solver import Status
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


def caged(draft: Draft, cells: tuple[int, ...], total: int) -> str:
    draft.let_go()
    draft.cursor = cells[0]
    for cell in cells[1:]:
        draft.choose(cell)
    for figure in str(total):
        assert draft.type_sum(int(figure)) == ""
    return draft.make_cage()


def test_a_cage_needs_touching_free_cells_and_a_sum_they_can_make() -> None:
    draft = Draft(9)
    draft.cursor = 0
    assert "two or more" in draft.make_cage()
    assert "touch" in caged(draft, (0, 2), 5)
    assert "add up to 3–17" in caged(draft, (0, 1), 18)
    assert caged(draft, (0, 1), 17) == ""
    assert draft.cages and draft.cages[0].total == 17 and not draft.chosen
    assert "in a cage already" in caged(draft, (1, 2), 5)
    draft.cursor = 0
    assert draft.place(8) == ""
    draft.cursor = 1
    assert draft.erase()  # no given there: the cage goes
    assert not draft.cages and draft.givens[0] == 8


def test_a_given_that_repeats_in_its_cage_is_refused() -> None:
    draft = Draft(9)
    assert caged(draft, (2, 3, 12), 15) == ""  # r1c3, r1c4, r2c4: an L over two boxes
    draft.cursor = 2
    assert draft.place(5) == ""
    draft.cursor = 12
    problem = draft.place(5)
    assert problem.startswith("5 cannot go there: ") and "cage" in problem
    assert draft.givens[12] == 0
    assert draft.place(6) == ""  # 5 + 6 leave 4 for r1c4: a puzzle still


def test_the_sum_is_typed_figure_by_figure() -> None:
    draft = Draft(9)
    draft.choose(1)
    assert draft.choosing
    for figure in (0, 1, 0):
        draft.type_sum(figure)
    assert draft.total == "10"  # a leading 0 is no figure
    assert draft.unsum() and draft.total == "1"
    assert draft.let_go() and not draft.choosing and draft.total == ""


def test_a_killer_typed_in_is_checked_under_its_cages_and_plays_as_a_link() -> None:
    # README's 4x4 killer: six cages, no givens, one solution.
    draft = Draft(4)
    for cells, total in (
        ((0, 4, 8), 6),
        ((1, 5, 6), 7),
        ((2, 3), 7),
        ((7, 11), 5),
        ((9, 12, 13), 8),
        ((10, 14, 15), 7),
    ):
        assert caged(draft, cells, total) == ""
    job = draft.check_job()
    assert job is not None
    assert verdict_of(job[1], job[2]) is Verdict.UNIQUE
    assert draft.line().startswith("https://f-puzzles.com/?load=")
    played = read_text(draft.line())
    assert played.puzzle.givens == draft.puzzle().givens
    assert set(played.puzzle.constraints) == set(draft.cages)
    assert played.solvability is Status.UNIQUE


# -- jigsaw regions ---------------------------------------------------------------------

JIGSAW_LAYOUT = "001111222000011222003411122033445552333444555633344558667774588666778888666777788"
JIGSAW = ".8......11....63.........4....3.8.7.....8.....7.1.2....5.........79....43......1."


def regioned(draft: Draft, cells: list[int]) -> str:
    """Choose ``cells`` one by one (the cursor on the first) and make them a region."""
    draft.let_go()
    draft.cursor = cells[0]
    for cell in cells[1:]:
        draft.choose(cell)
    return draft.make_region()


def test_a_jigsaw_entered_cell_by_cell_plays_and_wins() -> None:
    from game.session.play import Game, Phase, Settings

    draft = Draft(9)
    assert draft.switch_mode() and draft.regions_mode
    labels = sorted(set(JIGSAW_LAYOUT))
    for label in labels[:-1]:  # the last region draws itself
        cells = [cell for cell, here in enumerate(JIGSAW_LAYOUT) if here == label]
        assert regioned(draft, cells) == ""
        assert draft.verdict is (Verdict.CHECKING if draft.jigsaw else Verdict.REGIONS)
    assert draft.jigsaw and len(draft.regions) == 9
    assert draft.shape.is_jigsaw
    for cell, char in enumerate(JIGSAW):
        if char != ".":
            draft.cursor = cell
            assert draft.place(int(char)) == ""
    job = draft.check_job()
    assert job is not None
    assert verdict_of(job[1], job[2]) is Verdict.UNIQUE
    prepared = read_text(draft.line())
    assert prepared.puzzle == Puzzle.from_string(JIGSAW, regions=JIGSAW_LAYOUT)
    solution = prepared.solution
    assert solution is not None
    game = Game(prepared.puzzle, settings=Settings(), solution=solution)
    for cell, digit in enumerate(solution):
        if not game.is_given(cell):
            game.place(cell, digit)
    assert game.phase is Phase.SOLVED and game.counts_as_win


def test_a_bad_region_is_refused_with_the_reason() -> None:
    draft = Draft(4)
    draft.switch_mode()
    assert "4 cells; 3 are chosen" in regioned(draft, [0, 1, 2])
    assert "touch" in regioned(draft, [0, 1, 2, 15])
    assert not draft.regions
    assert regioned(draft, [0, 1, 4, 5]) == ""
    assert "in a region already" in regioned(draft, [5, 6, 7, 3])
    assert draft.verdict is Verdict.REGIONS and not draft.verdict.playable
    draft.cursor = 2
    assert draft.place(3) == ""
    draft.cursor = 7
    assert draft.place(3) == ""  # other rows, columns and no region yet: allowed
    assert "given twice" in regioned(draft, [2, 3, 6, 7])
    draft.cursor = 8
    assert draft.place(1) == ""
    draft.cursor = 13
    assert draft.place(1) == ""
    assert "given twice" in regioned(draft, [8, 9, 12, 13])
    assert len(draft.regions) == 1


def test_a_given_repeated_in_a_drawn_region_is_refused() -> None:
    draft = Draft(4)
    draft.switch_mode()
    assert regioned(draft, [0, 1, 2, 4]) == ""
    draft.cursor = 0
    assert draft.place(2) == ""
    draft.cursor = 4
    assert draft.place(2) == "2 is already in column 1, at r1c1."
    draft.cursor = 2
    assert draft.place(2) == "2 is already in row 1, at r1c1."
    draft.cursor = 0
    draft.erase()  # region mode: the region goes before the given
    assert not draft.regions and draft.givens[0] == 2
    draft.cursor = 5
    assert draft.place(2) == "2 is already in box 1, at r1c1."  # boxes are back


def test_undo_and_redo_take_back_regions_givens_and_cages() -> None:
    draft = Draft(4)
    assert not draft.undo()
    draft.place(1)
    draft.switch_mode()
    assert regioned(draft, [0, 1, 4, 5]) == ""
    assert regioned(draft, [2, 3, 6, 7]) == ""
    assert regioned(draft, [8, 9, 12, 13]) == ""  # and the last one draws itself
    assert draft.jigsaw and draft.verdict is Verdict.CHECKING
    assert draft.undo()  # one change: both regions go
    assert len(draft.regions) == 2 and draft.verdict is Verdict.REGIONS
    assert draft.redo() and draft.jigsaw
    assert draft.undo() and draft.undo() and draft.undo()
    assert not draft.regions and draft.givens[0] == 1
    assert draft.undo() and draft.empty and not draft.undo()
    assert draft.redo() and draft.givens[0] == 1
    draft.cursor = 1
    draft.place(2)  # a new change forgets what could be redone
    assert not draft.redo()
