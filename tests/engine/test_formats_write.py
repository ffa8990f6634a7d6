"""Canonical writing reads back to the same puzzle, for every size and layout; pretty grids."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.errors import InvalidPuzzleError
from game.engine.formats import format_collection, format_puzzle, parse_text, pretty
from game.engine.formats.detect import parse_document
from game.engine.puzzle import Puzzle, PuzzleRecord
from game.engine.rules import conflicts
from game.engine.shape import Shape

SIZES = (4, 6, 9, 12, 16)


def random_layout(size: int, rng: random.Random, swaps: int) -> Shape:
    """A jigsaw layout grown from the classic boxes by swapping border cells.

    Each accepted swap exchanges two neighbouring cells of different regions and
    keeps every region connected, so sizes stay ``size`` and the layout is valid.
    """
    regions = list(Shape.classic(size).regions)
    n = size
    for _ in range(swaps):
        a = rng.randrange(n * n)
        row, col = divmod(a, n)
        neighbours = [
            r * n + c
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            if 0 <= r < n and 0 <= c < n and regions[r * n + c] != regions[a]
        ]
        if not neighbours:
            continue
        b = rng.choice(neighbours)
        # Give a to b's region and take another border cell of b's region back.
        others = [
            cell
            for cell in range(n * n)
            if regions[cell] == regions[b] and cell != b and _touches(cell, regions[a], regions, n)
        ]
        if not others:
            continue
        c = rng.choice(others)
        trial = list(regions)
        trial[a], trial[c] = regions[b], regions[a]
        try:
            Shape.from_regions(trial)
        except InvalidPuzzleError:
            continue
        regions = trial
    return Shape.from_regions(regions)


def _touches(cell: int, region: int, regions: list[int], n: int) -> bool:
    row, col = divmod(cell, n)
    return any(
        0 <= r < n and 0 <= c < n and regions[r * n + c] == region
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    )


def random_puzzle(shape: Shape, rng: random.Random, fill: float) -> Puzzle:
    """Givens placed at random wherever they do not clash: a valid puzzle (maybe unsolvable)."""
    givens = [0] * shape.cells
    cells = list(range(shape.cells))
    rng.shuffle(cells)
    for cell in cells[: int(fill * shape.cells)]:
        digit = rng.randint(1, shape.size)
        givens[cell] = digit
        if conflicts(shape, givens):
            givens[cell] = 0
    return Puzzle(shape, tuple(givens))


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    size = draw(st.sampled_from(SIZES))
    rng = random.Random(draw(st.integers(0, 2**32)))
    jigsaw = draw(st.booleans())
    shape = random_layout(size, rng, swaps=3 * size) if jigsaw else Shape.classic(size)
    return random_puzzle(shape, rng, draw(st.floats(0.0, 0.6)))


def read_back(text: str) -> list[Puzzle]:
    found = []
    for item in parse_text(text):
        assert isinstance(item, PuzzleRecord), item
        found.append(item.puzzle)
    return found


@settings(max_examples=60, deadline=None)
@given(puzzles())
def test_format_puzzle_round_trip(puzzle: Puzzle) -> None:
    text = format_puzzle(puzzle)
    assert read_back(text) == [puzzle]
    assert read_back(text.replace("\n", "\r\n")) == [puzzle]


@settings(max_examples=40, deadline=None)
@given(st.lists(puzzles(), min_size=1, max_size=5))
def test_format_collection_round_trip(found: list[Puzzle]) -> None:
    assert read_back(format_collection(found)) == found


def test_random_layouts_are_really_jigsaw() -> None:
    rng = random.Random(7)
    shapes = [random_layout(size, rng, swaps=40) for size in SIZES]
    assert all(shape.is_jigsaw for shape in shapes)


def test_canonical_forms() -> None:
    p = Puzzle.from_string("1...........2...")
    assert format_puzzle(p) == "1...\n....\n....\n2...\n"
    assert format_collection([p, p]) == "1...........2...\n" * 2
    jigsaw = Puzzle.from_string(
        ".8......11....63.........4....3.8.7.....8.....7.1.2....5.........79....43......1.",
        regions="001111222000011222003411122033445552333444555633344558667774588666778888666777788",
    )
    text = format_puzzle(jigsaw)
    assert len(text.encode()) == 180  # exactly a COMP3258 map
    assert text.splitlines()[0] == "001111222"
    assert text.splitlines()[9] == ".8......1"
    assert parse_document(text).kind == "COMP3258 jigsaw map"
    solution = tuple(
        int(c)
        for c in "682543791149276358735691842524318976963487125478152639251769483817935264396824517"
    )
    assert format_puzzle(jigsaw, solution).splitlines()[9] == "682543791"


def test_sixteen_by_sixteen_symbols() -> None:
    p = Puzzle(Shape.classic(16), tuple([16, 10] + [0] * 254))
    assert format_puzzle(p).splitlines()[0] == "GA.............."


def test_pretty_classic() -> None:
    p = Puzzle.from_string("12..34..........")
    assert pretty(p.shape, p.givens) == "1 2 | . .\n3 4 | . .\n----+----\n. . | . .\n. . | . ."
    six = Puzzle.from_string("1" + "." * 35)
    lines = pretty(six.shape, six.givens).splitlines()
    assert lines[0] == "1 . . | . . ."
    assert lines[2] == "------+------"  # 2x3 boxes: a rule after every second row


def test_pretty_jigsaw_draws_walls_between_regions() -> None:
    # Regions by rows: 0001 / 0211 / 2231 / 2333.
    p = Puzzle.from_string("1...............", regions="0001021122312333")
    assert p.shape.is_jigsaw
    assert pretty(p.shape, p.givens) == "\n".join(
        [
            "+-----------+---+",
            "| 1   .   . | . |",
            "|   +---+---+   |",
            "| . | . | .   . |",
            "+---+   +---+   |",
            "| .   . | . | . |",
            "|   +---+   +---+",
            "| . | .   .   . |",
            "+---+-----------+",
        ]
    )


def test_pretty_jigsaw_walls_match_regions_everywhere() -> None:
    rng = random.Random(3)
    shape = random_layout(9, rng, swaps=30)
    lines = pretty(shape, [0] * 81).splitlines()
    assert len(lines) == 19
    for row in range(9):
        line = lines[2 * row + 1]
        for column in range(8):
            wall = line[4 * column + 4] == "|"
            assert wall == (shape.regions[row * 9 + column] != shape.regions[row * 9 + column + 1])
    for row in range(8):
        line = lines[2 * row + 2]
        for column in range(9):
            wall = line[4 * column + 1 : 4 * column + 4] == "---"
            assert wall == (shape.regions[row * 9 + column] != shape.regions[row * 9 + column + 9])
