"""Whatever the input, reading fails only with PuzzleError (and every item is a record or one)."""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.errors import PuzzleError
from game.engine.formats import open_puzzles, parse_bytes, parse_text
from game.engine.puzzle import PuzzleRecord

P = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
# Characters that mean something to some format, so random text hits real code paths.
MEANINGFUL = st.sampled_from(
    list("0123456789.*-_x|+:#,;[]()ABCDEFGabcdefg <>=\"'/!\t\r\n")
    + ["\n", "\r\n", P[:9], "[Puzzle]", "[State]", "<game data=", "version: 1\n", "Grid 01"]
)
SEEDS = [
    "\n".join(P[i * 9 : i * 9 + 9] for i in range(9)),
    P + " # comment\n" + P.replace(".", "0") + ",a,b\n",
    f":0000:x:{P}:113::\n",
    "[Puzzle]\n" + "\n".join(P[i * 9 : i * 9 + 9] for i in range(9)) + "\n[PencilMarks]\n1,2\n",
    f'<opensudoku><game data="{P.replace(".", "0")}"/></opensudoku>',
    "001111222\n000011222\n003411122\n033445552\n333444555\n633344558\n667774588\n666778888\n"
    "666777788\n" + "\n".join(P[i * 9 : i * 9 + 9] for i in range(9)),
]


def check(items: list[PuzzleRecord | PuzzleError]) -> None:
    for item in items:
        assert isinstance(item, (PuzzleRecord, PuzzleError))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000))
def test_arbitrary_bytes(data: bytes) -> None:
    with contextlib.suppress(PuzzleError):
        check(parse_bytes(data))


@settings(max_examples=300, deadline=None)
@given(st.lists(MEANINGFUL, max_size=300).map("".join))
def test_text_made_of_meaningful_pieces(text: str) -> None:
    with contextlib.suppress(PuzzleError):
        check(parse_text(text))


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SEEDS),
    st.lists(st.tuples(st.integers(0, 10_000), MEANINGFUL, st.booleans()), max_size=6),
)
def test_mutated_real_formats(seed: str, edits: list[tuple[int, str, bool]]) -> None:
    text = seed
    for position, piece, replace in edits:
        at = position % (len(text) + 1)
        text = text[:at] + piece + text[at + (1 if replace else 0) :]
    with contextlib.suppress(PuzzleError):
        check(parse_text(text))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        st.binary(max_size=3000),
        st.lists(MEANINGFUL, max_size=200).map(lambda parts: "".join(parts).encode()),
    )
)
def test_arbitrary_files(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.txt"
        path.write_bytes(data)
        try:
            pf = open_puzzles(path)
            check(list(pf))
            for index in range(min(pf.count, 3)):
                with contextlib.suppress(PuzzleError):
                    pf.record(index)
        except PuzzleError:
            pass
