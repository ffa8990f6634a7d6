"""The solver's verdict with the logic as a second witness (:func:`decide`).

The killer below is our own generator's (9x9 Hard, seed 1002 at ``10e13ca``): its
cages are the whole puzzle, the logic reads it in a few hundred steps, and the
exact search ran out of budget on it after 20 s, so ``solve`` called it undecided
and a game opened from the file showed it unrated.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import solver
from game.engine.formats.solo import format_solo, parse_solo
from game.engine.logic import decide
from game.engine.logic.proof import FIRST_TRY_SHARE, logic_solution
from game.engine.logic.rating import Rating, rate_puzzle
from game.engine.puzzle import Puzzle
from game.engine.rules import Cage, RuleSet
from game.engine.shape import Shape

ROOT = Path(__file__).resolve().parents[2]

HARD_KILLER = (
    "3x3k:zzzc,abaab_a____a_b_aa__aaa__a_baba___ab___cadb_a_aa_aa__a___a_a_a_aa_ba_"
    "cbba_a_bad_,16a20b26a17b22f35a13a14e30c22b8_15b9h19_26b20g18a31a29a15o"
)


def hard_killer() -> Puzzle:
    return parse_solo(HARD_KILLER).puzzle


def test_the_logic_proves_what_the_search_runs_out_on() -> None:
    puzzle = hard_killer()
    rules = puzzle.rules
    first = solver.settle(rules, puzzle.givens, work=solver.work_budget(rules) // FIRST_TRY_SHARE)
    assert first.status is solver.Status.UNDECIDED  # the search alone: no answer yet
    analysis = decide(rules, puzzle.givens)
    assert analysis.status is solver.Status.UNIQUE
    assert analysis.solution is not None
    assert rules.is_solution(analysis.solution, puzzle.givens)


def test_a_rating_for_the_killer_rather_than_unrated() -> None:
    rating = rate_puzzle(hard_killer())
    assert isinstance(rating, Rating)
    assert rating.solved_by_logic


def test_solve_on_the_command_line_says_unique(tmp_path: Path) -> None:
    path = tmp_path / "killer.txt"
    path.write_text(HARD_KILLER + "\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "solve", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "unique solution" in result.stdout.splitlines()


def test_several_solutions_stay_several() -> None:
    # Two cages that fix a 2x2 square's digits but not their places (swappable).
    shape = Shape.classic(4)
    rules = RuleSet(shape, (Cage((0, 1), 3), Cage((4, 5), 7)))
    assert decide(rules, (0,) * shape.cells).status is solver.Status.MULTIPLE
    assert logic_solution(rules, (0,) * shape.cells) is None


def test_no_solution_is_never_proved_unique() -> None:
    # A 4x4 cage of two cells in a row cannot add up to 8 with different digits 1-4
    # except 4+4; the logic must not fill a grid that breaks it.
    shape = Shape.classic(4)
    rules = RuleSet(shape, (Cage((0, 1), 8),))
    assert decide(rules, (0,) * shape.cells).status is solver.Status.NONE
    assert logic_solution(rules, (0,) * shape.cells) is None


def test_classic_grids_get_the_search_alone() -> None:
    shape = Shape.classic(9)
    givens = (0,) * shape.cells
    assert decide(shape, givens) == solver.settle(shape, givens)


def test_the_killer_round_trips() -> None:
    assert format_solo(hard_killer()) == HARD_KILLER


EXTREME_KILLER = (
    "3x3k:zzzc,_ac____aa_____a_aa___aaa_a_aabbbb_c____a_a_dabba__b__a__b_aa__a_____aaa__aa_c_aaa_"
    "ab_,22_17a24c16_7a20a18a14g13a17f14c15_18a8b22a19c25f19d28d26d11c11b10b11a"
)
"""Our generator's 9x9 Extreme killer (seed 1000 at ``315ccbe``): the logic gets stuck on
it, and the search from an empty grid takes about 6 s to prove it unique."""


def test_where_the_logic_is_stuck_the_search_starts_from_its_position() -> None:
    puzzle = parse_solo(EXTREME_KILLER).puzzle
    rules = puzzle.rules
    assert logic_solution(rules, puzzle.givens) is None
    first_try = solver.work_budget(rules) // FIRST_TRY_SHARE
    assert solver.settle(rules, puzzle.givens, work=first_try).status is solver.Status.UNDECIDED
    analysis = decide(rules, puzzle.givens)
    assert analysis.status is solver.Status.UNIQUE
    assert analysis.solution is not None and rules.is_solution(analysis.solution, puzzle.givens)
    # From the logic's position the proof takes less work than the first try had.
    assert analysis.work < first_try


class _Abandon(Exception):
    pass


def test_a_poll_that_raises_abandons_the_proof_at_every_stage() -> None:
    # The killer needs the first search, the logic and (for the Extreme one) the search
    # from where the logic stopped; a poll raising on its k-th call stops each of them.
    for puzzle in (hard_killer(), parse_solo(EXTREME_KILLER).puzzle):
        calls = 0

        def count() -> None:
            nonlocal calls
            calls += 1

        decide(puzzle.rules, puzzle.givens, poll=count)
        assert calls > 1
        for stop in (1, calls // 2, calls):
            seen = 0

            def abandon(stop: int = stop) -> None:
                nonlocal seen
                seen += 1
                if seen >= stop:
                    raise _Abandon

            with pytest.raises(_Abandon):
                decide(puzzle.rules, puzzle.givens, poll=abandon)
            assert seen == stop
