"""Jigsaw layouts: valid (N connected regions of N cells), solvable, compact, reproducible."""

from __future__ import annotations

import random

import pytest

from game.engine import solver
from game.engine.generation.grids import random_completion, templates_rule_out
from game.engine.generation.kinds import Kind
from game.engine.generation.layouts import (
    MIN_MEAN_EXCESS,
    compactness,
    is_good_layout,
    max_excess,
    min_perimeter,
    perimeters,
    random_layout,
)
from game.engine.rules import RuleSet
from game.engine.shape import Shape


@pytest.mark.parametrize("size", [6, 8, 9])
def test_layouts_are_valid_solvable_and_compact(size: int) -> None:
    rng = random.Random(size)
    for _ in range(4):
        shape = random_layout(size, rng)
        # Rebuilding from the labels re-runs every check Shape makes: N regions of
        # N cells, each orthogonally connected.
        again = Shape.from_regions(shape.region_labels())
        assert again == shape and shape.is_jigsaw
        assert sorted(len(cells) for cells in shape.region_cells) == [size] * size
        assert solver.solve(shape, [0] * shape.cells) is not None
        assert is_good_layout(shape.regions, size)
        worst = max(perimeters(shape.regions, size)) - min_perimeter(size)
        assert worst <= max_excess(size)
        assert compactness(shape) >= MIN_MEAN_EXCESS


def test_a_layout_left_unsolved_is_as_good_and_asks_no_solver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A caller that screens layouts under stricter rules (Windoku, X ...) takes them
    unsolved: the same growing and tidying, no solver run."""

    def no_solver(*args: object, **kwargs: object) -> None:
        raise AssertionError("the solver was asked")

    monkeypatch.setattr(solver, "solutions", no_solver)
    rng = random.Random(4)
    for _ in range(4):
        shape = random_layout(9, rng, solvable=False)
        assert shape.is_jigsaw and is_good_layout(shape.regions, 9)
        assert compactness(shape) >= MIN_MEAN_EXCESS
    with pytest.raises(AssertionError, match="the solver was asked"):
        random_layout(9, random.Random(4))


def test_layouts_vary() -> None:
    rng = random.Random(1)
    assert len({random_layout(9, rng) for _ in range(5)}) == 5


def test_the_same_seed_gives_the_same_layout() -> None:
    assert random_layout(9, random.Random(3)) == random_layout(9, random.Random(3))


@pytest.mark.parametrize(("cells", "perimeter"), [(4, 8), (6, 10), (8, 12), (9, 12), (16, 16)])
def test_min_perimeter(cells: int, perimeter: int) -> None:
    assert min_perimeter(cells) == perimeter


def test_classic_boxes_are_as_compact_as_can_be() -> None:
    shape = Shape.classic(9)
    assert perimeters(shape.regions, 9) == [12] * 9
    assert compactness(shape) == 0


def test_rejected_layouts() -> None:
    boxes = Shape.classic(9).regions
    rows = tuple(cell // 9 for cell in range(81))
    assert not is_good_layout(boxes, 9)  # too close to the classic boxes
    assert not is_good_layout(rows, 9)  # regions that are lines
    # Region 0 is an S of six cells: perimeter 14, the limit for 6 cells is 12.
    snake = Shape.from_regions("000111220001223311223344553344555544")
    assert perimeters(snake.regions, 6)[0] == 14
    assert not is_good_layout(snake.regions, 6)


def test_layouts_the_templates_rule_out_have_no_solution_and_the_others_are_kept() -> None:
    # Under Windoku about two random 9x9 jigsaw layouts in five have a cell on no
    # template; the solver proves such a layout has no grid, and never finds one.
    windoku = Kind.parse("jigsaw,windoku")
    rng = random.Random(1)
    proved = kept = 0
    for _ in range(40):
        if proved >= 2 and kept >= 2:
            break
        shape = random_layout(9, rng, solvable=False)
        rules = RuleSet(shape, windoku.constraints(shape))
        ruled_out = templates_rule_out(rules)
        if random_completion(rules, rng, tries=30, nodes=100) is not None:
            assert not ruled_out
            kept += 1
        elif ruled_out:
            status = solver.settle(rules, [0] * 81, work=200_000).status
            assert status in (solver.Status.NONE, solver.Status.UNDECIDED)
            proved += status is solver.Status.NONE
    assert proved >= 2 and kept >= 2
