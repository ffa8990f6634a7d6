"""The plain-text killer cage map: reading, located refusals and writing back."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.errors import FormatError, InvalidPuzzleError, PuzzleError
from game.engine.formats.killer import format_killer, looks_like_killer, parse_killer
from game.engine.formats.solo import parse_solo
from game.engine.formats.variants import NotWritable
from game.engine.puzzle import Puzzle
from game.engine.rules import Cage, Thermometer
from game.engine.shape import Shape

from .formats_helpers import error_of, only
from .variant_helpers import solo_rows

EXAMPLE = """\
# killer
ABCC
ABBD
AEFD
EEFF
A=6 B=7 C=7 D=5
E=8 F=7
"""
SOLO = "2x2k:p,__aa___acaa_aa_,6_7_7d5a8_7e"


def test_the_readme_example_is_solos_killer() -> None:
    record = only(EXAMPLE)
    assert record.puzzle == parse_solo(SOLO).puzzle
    assert format_killer(record.puzzle) == EXAMPLE.split("\n", 1)[1]


def test_blanks_commas_givens_and_cages_without_sums() -> None:
    text = "A A B B\nA C C B\nD D E E\nF D E E\n\nA=7, B = 8,C=3\ngivens: 1...............\n"
    puzzle = only(text).puzzle
    assert puzzle.givens[0] == 1
    assert Cage((12,), None) in puzzle.constraints
    assert Cage((0, 1, 4), 7) in puzzle.constraints


def test_every_solo_killer_writes_and_reads_back(shared_data: Path) -> None:
    for row in solo_rows(shared_data):
        if "killer" in row["kind"] and "-x-" not in row["kind"]:
            puzzle = parse_solo(row["solo_id"]).puzzle
            assert parse_killer(format_killer(puzzle)).puzzle == puzzle


@pytest.mark.parametrize(
    ("text", "words", "line"),
    [
        ("AAB\nABB\nCCC\nA=1\n", "needs 4 to 25", 1),
        ("AABB\nAABB\nCCDD\nCCD\nA=10\n", "3 cage labels; the map needs 4", 4),
        ("AABB\nAABB\nCCDD\nCCDD\nA=10 A=11\n", "cage A has a second sum", 5),
        ("AABB\nAABB\nCCDD\nCCDD\nZ=10\n", "no cage is labelled Z", 5),
        ("AABB\nAABB\nCCDD\nCCDD\nA=40\n", "cannot add up to 40", 1),
        ("ABAB\nAABB\nCCDD\nCCDD\nA=10\n", "is not connected", 1),
        ("AABB\nAABB\nCCDD\nCCDD\nA=10\ngivens: 1\n", "the givens line has 1 cells", 6),
        ("AABB\nAABB\nCCDD\nCCDD\nA=10\ngivens: 9" + "." * 15 + "\n", "'9' is not a digit", 6),
        ("AABB\nAABB\nA=10\nCCDD\nCCDD\n", "a map row after the sums", 4),
        ("AABB\nAABB\nCCDD\nCCDD\nA=3\ngivens: 12..............\n", "cage", None),
    ],
)
def test_mistakes_are_located(text: str, words: str, line: int | None) -> None:
    if not looks_like_killer(text):
        # Too few rows to be taken for a cage map: no format reads it.
        assert isinstance(error_of(text), PuzzleError)
        return
    with pytest.raises(PuzzleError) as caught:
        parse_killer(text)
    assert words in caught.value.reason
    if line is not None:
        assert caught.value.line == line


def test_clashing_givens_are_invalid() -> None:
    error = error_of("AABB\nAABB\nCCDD\nCCDD\nA=10\ngivens: 11..............\n")
    assert isinstance(error, InvalidPuzzleError)


def test_writing_refuses_what_the_map_cannot_hold() -> None:
    jigsaw = Shape.from_regions(list("0001021122312333"))
    with pytest.raises(NotWritable, match="classic grids"):
        format_killer(Puzzle(jigsaw, (0,) * 16, (Cage((0, 1), 3),)))
    with pytest.raises(NotWritable, match="cages only"):
        format_killer(Puzzle(Shape.classic(4), (0,) * 16, (Thermometer((0, 1)),)))


def test_a_plain_grid_is_not_taken_for_a_cage_map() -> None:
    grid = "1234\n3412\n2143\n4321\n"
    assert not looks_like_killer(grid)
    assert only(grid).puzzle.constraints == ()
    # Labels without a single sum are no cage map either (a jigsaw block, say).
    assert not looks_like_killer("AABB\nAABB\nCCDD\nCCDD\n")
    assert isinstance(error_of("AABB\nAABB\nCCDD\nCCDD\n"), FormatError)
