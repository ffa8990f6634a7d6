"""Shapes: classic boxes of every size, jigsaw layouts as partitions, precise errors."""

from __future__ import annotations

import pytest

from game.engine.errors import InvalidPuzzleError
from game.engine.shape import Shape, box_dims

COURSE_LAYOUT = "001111222000011222003411122033445552333444555633344558667774588666778888666777788"


@pytest.mark.parametrize(
    ("size", "dims"),
    [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)), (12, (3, 4)), (16, (4, 4))],
)
def test_box_dimensions_follow_file_conventions(size: int, dims: tuple[int, int]) -> None:
    assert box_dims(size) == dims


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16])
def test_classic_units_and_peers(size: int) -> None:
    shape = Shape.classic(size)
    rows, cols = box_dims(size) or (0, 0)
    assert len(shape.units) == 3 * size
    assert all(len(unit) == size for unit in shape.units)
    # Every cell is in one row, one column, one region.
    for cell in range(size * size):
        assert sum(cell in unit for unit in shape.units) == 3
    expected_peers = 2 * (size - 1) + (size - rows - cols + 1)
    assert {len(p) for p in shape.peers} == {expected_peers}
    assert not shape.is_jigsaw


def test_six_by_six_boxes_are_two_rows_by_three_columns() -> None:
    shape = Shape.classic(6)
    assert shape.region_cells[0] == (0, 1, 2, 6, 7, 8)
    assert shape.region_cells[1] == (3, 4, 5, 9, 10, 11)


def test_shapes_are_interned_and_compared_as_partitions() -> None:
    assert Shape.classic(9) is Shape.classic(9)
    relabelled = COURSE_LAYOUT.translate(str.maketrans("012345678", "ABCDEFGHI"))
    assert Shape.from_regions(COURSE_LAYOUT) is Shape.from_regions(relabelled)
    assert Shape.from_regions(COURSE_LAYOUT).is_jigsaw


def test_a_layout_equal_to_the_boxes_is_classic() -> None:
    boxes = Shape.classic(9).region_labels()
    assert Shape.from_regions(boxes) is Shape.classic(9)


def test_region_of_the_wrong_size_is_named() -> None:
    bad = COURSE_LAYOUT[:9] + "1" + COURSE_LAYOUT[10:]  # r2c1 moves from region 0 to 1
    with pytest.raises(InvalidPuzzleError, match=r"region '0' has 8 cells; each region needs 9"):
        Shape.from_regions(bad)


def test_disconnected_region_is_named() -> None:
    rows = [
        "000000000",
        "111111111",
        "222222222",
        "333333333",
        "444444444",
        "555555555",
        "666666666",
        "777777778",
        "888888887",
    ]
    with pytest.raises(
        InvalidPuzzleError, match=r"region '7' is not connected \(it falls into 2 pieces\)"
    ):
        Shape.from_regions("".join(rows))


def test_wrong_number_of_regions() -> None:
    with pytest.raises(InvalidPuzzleError, match="has 8 regions; a 9x9 grid needs 9"):
        Shape.from_regions("0" * 9 + "".join(str(i // 9 % 8) for i in range(72)))


def test_unit_names_are_one_based() -> None:
    shape = Shape.classic(9)
    assert shape.unit_name(0) == "row 1"
    assert shape.unit_name(9 + 6) == "column 7"
    assert shape.unit_name(18 + 4) == "box 5"
    assert Shape.from_regions(COURSE_LAYOUT).unit_name(18) == "region 1"
